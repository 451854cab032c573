"""Project-level actions of the wizard: start, direct entry, go to an item, rename, delete."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

from wizard_core import checks
from wizard_core.answers import describe_value, validate_value
from wizard_core.content import FormItem
from wizard_core.errors import InputError, InvalidReplyError
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, ProjectState, utc_now
from wizard_core.progress import finalize, move_to
from wizard_core.store import ProjectStore

MAX_MESSAGE_CHARS = 4000
MAX_NAME_CHARS = 120
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Half of a UTF-16 pair, or a byte that was not UTF-8 (Python keeps those as U+DC80-U+DCFF).
_BROKEN = re.compile("[\ud800-\udfff]")


def clean_text(text: str, limit: int, what: str) -> str:
    """Strip control characters; refuse empty, oversized or invalid text with a clear message."""
    if not isinstance(text, str):
        raise InputError(f"The {what} must be text.")
    if broken := _BROKEN.search(text):
        raise InputError(
            f"The {what} has a character that is not valid text at position {broken.start() + 1} "
            "(a damaged copy and paste, or a file that is not UTF-8); retype or remove it and try again "
            "(nothing was saved)."
        )
    cleaned = _CONTROL.sub("", text.replace("\r\n", "\n")).strip()
    if not cleaned:
        raise InputError(f"The {what} is empty.")
    if len(cleaned) > limit:
        raise InputError(
            f"The {what} is {len(cleaned):,} characters long; the limit is {limit:,}. "
            "Please shorten it (nothing was saved)."
        )
    return cleaned


class ProjectActions:
    """What a consultant does to a project outside the conversation."""

    def __init__(
        self, storage: ProjectStore, forms: FormQuestionService, clock: Callable[[], datetime] = utc_now
    ) -> None:
        self.storage = storage
        self.forms = forms
        self.clock = clock

    def start_project(self, name: str, code_edition: str = "2024") -> ProjectState:
        """Create a project; 3.00 is answered from the code edition, 3.01 is asked first."""
        edition = self.forms.edition(code_edition)
        now = self.clock()
        state = ProjectState(
            project_id=uuid.uuid4().hex,
            name=clean_text(name, MAX_NAME_CHARS, "project name"),
            form_id=self.forms.form_id,
            code_edition=edition.key,
            current_form_section=self.forms.first_question,
            created_at=now,
            updated_at=now,
        )
        version = self.forms.items[0]
        finalize(
            state,
            FormAnswer(
                section=version.number,
                question_number=version.number,
                title=version.title,
                question=version.question,
                answer=f"{edition.label}: {edition.regulation}, as amended to {edition.last_amendment}",
                value=f"{edition.regulation} (last amendment {edition.last_amendment})",
                confidence=1.0,
                obc_references=list(version.references),
                source="edition",
                timestamp=now,
            ),
            self.forms,
        )
        self.storage.save_project(state)
        return state

    def answer_directly(
        self, project_id: str, section: str, value: Any, override: str | None = None
    ) -> FormAnswer:
        """Finalize ``section`` with a value the consultant typed, checked by the same rules.

        A value the code checks contradict is refused with the reason, unless ``override``
        gives the consultant's reason to record it anyway (stored with the answer).
        """
        state = self.storage.load_project(project_id)
        item = self._revisable_item(section)
        try:
            value = validate_value(item, value)
        except InvalidReplyError as error:
            raise InputError(str(error)) from None
        errors = checks.blocking(state, item.number, value)
        reason = (override or "").strip()
        if errors and not reason:
            problems = " ".join(f.message for f in errors)
            raise InputError(
                f"Not saved: {problems} Correct the value, or give a reason to record it anyway "
                "(for example an alternative solution)."
            )
        answer = FormAnswer(
            section=item.number,
            question_number=item.number,
            title=item.title,
            question=item.question,
            answer=f"{item.number} {item.title}: {describe_value(item, value)} (entered directly).",
            value=value,
            not_applicable=value is None,
            confidence=1.0,
            obc_references=list(item.references),
            source="direct",
            timestamp=self.clock(),
        )
        if errors:
            answer = checks.overridden(answer, errors, reason)
        finalize(state, answer, self.forms)
        self.storage.save_project(state)
        return answer

    def go_to_item(self, project_id: str, section: str) -> ProjectState:
        """Make ``section`` the current item (to answer it now or revise it)."""
        state = self.storage.load_project(project_id)
        item = self._revisable_item(section)
        if state.current_form_section == item.number:
            return state
        move_to(state, item.number, self.clock())
        state.updated_at = self.clock()
        self.storage.save_project(state)
        return state

    def rename_project(self, project_id: str, name: str) -> ProjectState:
        state = self.storage.load_project(project_id)
        state.name = clean_text(name, MAX_NAME_CHARS, "project name")
        state.updated_at = self.clock()
        self.storage.save_project(state)
        return state

    def delete_project(self, project_id: str) -> None:
        self.storage.delete_project(project_id)

    def _revisable_item(self, section: str) -> FormItem:
        item = self.forms.get_item(section)
        if item.answer_type == "code_version":
            raise InputError(f"{item.number} comes from the project's code edition and cannot be edited.")
        return item
