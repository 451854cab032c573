"""Project-level actions of the wizard: start, direct entry, the sheet's other cells, go to an item,
review, rename, delete, and the practice the sheet names (the store's profile, or the project's own copy)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

from wizard_core import archive, checks, review
from wizard_core.answers import describe_value, validate_value, worked_out
from wizard_core.content import FormItem
from wizard_core.errors import ConflictError, InputError, InvalidReplyError
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, Practice, ProjectState, utc_now
from wizard_core.progress import finalize, move_to, skip
from wizard_core.sheet.values import entered, extra_cell
from wizard_core.store import MAX_NAME_CHARS, ProjectStore, free_name, name_key

MAX_MESSAGE_CHARS = 4000
MAX_ADDRESS_CHARS = 200
MAX_PRACTICE_CHARS = 200  # each heading row of the sheet (the limit of ``Practice``'s fields)
MAX_CELL_CHARS = 500  # each cell of the sheet the consultant fills in beside an answer
# The practice's fields as the sheet's heading rows name them, in order.
PRACTICE_FIELDS = {
    "name": "practice name",
    "address_1": "practice address (line 1)",
    "address_2": "practice address (line 2)",
    "contact": "practice contact",
}
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Half of a UTF-16 pair, or a byte that was not UTF-8 (Python keeps those as U+DC80-U+DCFF).
_BROKEN = re.compile("[\ud800-\udfff]")
_BREAKS = re.compile(r"[ ]*[\r\n\t]+[ ]*")


def _address(text: str) -> str:
    """The site address cleaned like any typed text; it may be left empty."""
    return clean_text(text, MAX_ADDRESS_CHARS, "site address") if text.strip() else ""


def _practice(name: str, address_1: str, address_2: str, contact: str) -> Practice:
    """The practice as typed, each field cleaned like any text and kept to one line; any may be empty.

    Every field is checked before anything is saved, so one bad field saves nothing.
    """
    typed = dict(zip(PRACTICE_FIELDS, (name, address_1, address_2, contact), strict=True))
    cleaned = {}
    for field, what in PRACTICE_FIELDS.items():
        text = typed[field]
        if isinstance(text, str) and not _CONTROL.sub("", text).strip():
            cleaned[field] = ""
            continue
        # A heading row is one line: a line break or tab becomes a space; spaces stay as typed
        # (an address may set its postal code off by two).
        cleaned[field] = _BREAKS.sub(" ", clean_text(text, MAX_PRACTICE_CHARS, what))
    return Practice(**cleaned)


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

    def start_project(self, name: str, code_edition: str = "2024", address: str = "") -> ProjectState:
        """Create a project; 3.00 is answered from the code edition, 3.01 is asked first."""
        edition = self.forms.edition(code_edition)
        name = self._unique_name(name)
        address = _address(address)
        now = self.clock()
        state = ProjectState(
            project_id=uuid.uuid4().hex,
            name=name,
            address=address,
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
        self.storage.save_project(state, unique_name=True)
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
            value = validate_value(item, worked_out(item, value, state))
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
        now = self.clock()
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
            timestamp=now,
            confirmed=True,  # the consultant typed it
            confirmed_at=now,
        )
        if errors:
            answer = checks.overridden(answer, errors, reason)
        finalize(state, answer, self.forms)
        self.storage.save_project(state)
        return answer

    def set_sheet_cells(self, project_id: str, section: str, typed: dict[str, str]) -> FormAnswer:
        """The consultant's entries in the sheet's cells beside ``section``'s answer ("" clears one).

        They are the consultant's own words beside the value: the answer keeps its value and status.
        """
        item = self.forms.get_item(section)
        state = self.storage.load_project(project_id)
        answer = state.answer_for(item.number)
        if answer is None:
            raise InputError(
                f"These cells sit beside the answer: answer {item.number} first. Nothing was saved."
            )
        kept = dict(answer.sheet_cells)
        for name, text in typed.items():
            cell = extra_cell(item.number, name)
            blank = isinstance(text, str) and not _CONTROL.sub("", text).strip()
            text = "" if blank else clean_text(text, MAX_CELL_CHARS, f"{item.number} {cell.label.lower()}")
            kept[name] = entered(item.number, cell, text)
        answer.sheet_cells = {name: text for name, text in kept.items() if text}
        state.updated_at = self.clock()
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

    def skip_item(self, project_id: str, section: str) -> ProjectState:
        """Leave the current item unanswered for now and move on; the wizard comes back to it."""
        state = self.storage.load_project(project_id)
        skip(state, section, self.forms, self.clock())
        self.storage.save_project(state)
        return state

    def confirm_answer(self, project_id: str, section: str) -> FormAnswer:
        state = self.storage.load_project(project_id)
        answer = review.confirm(state, section, self.clock())
        self.storage.save_project(state)
        return answer

    def confirm_all(self, project_id: str) -> review.ConfirmedAll:
        state = self.storage.load_project(project_id)
        confirmed = review.confirm_all(state, self.clock())
        self.storage.save_project(state)
        return confirmed

    def keep_all(self, project_id: str, sections: list[str]) -> list[FormAnswer]:
        """Several flagged answers still hold: all kept in one save, or none."""
        state = self.storage.load_project(project_id)
        kept = review.keep_all(state, sections, self.clock())
        self.storage.save_project(state)
        return kept

    def keep_answer(self, project_id: str, section: str) -> FormAnswer:
        """A flagged answer still holds after the revision that flagged it."""
        state = self.storage.load_project(project_id)
        answer = review.keep(state, section, self.clock())
        self.storage.save_project(state)
        return answer

    def undo_last_answer(self, project_id: str, expected_revision: int | None = None) -> review.Undo:
        """Take back the most recent answer; ``expected_revision`` is the revision the page showed
        (its button named the answer it would undo), so another tab's newer answer is not undone."""
        state = self.storage.load_project(project_id)
        if expected_revision is not None and state.revision != expected_revision:
            raise ConflictError(
                "This project was changed in another tab or session since this page was drawn, "
                "so nothing was undone."
            )
        archive.ready_for_undo(self.storage, state)
        undone = review.undo(state, self.forms, self.clock())
        self.storage.save_project(state)
        return undone

    def rename_project(self, project_id: str, name: str, address: str | None = None) -> ProjectState:
        """A new name (unique), and the site address when given ("" clears it)."""
        state = self.storage.load_project(project_id)
        renamed = name_key(state.name) != name_key(name)
        state.name = self._unique_name(name, project_id)
        if address is not None:
            state.address = _address(address)
        state.updated_at = self.clock()
        self.storage.save_project(state, unique_name=renamed)
        return state

    def delete_project(self, project_id: str) -> None:
        self.storage.delete_project(project_id)

    def practice_profile(self) -> Practice:
        """The practice profile: what every project's sheet names unless it has its own copy."""
        return self.storage.load_practice()

    def save_practice_profile(self, name: str, address_1: str, address_2: str, contact: str) -> Practice:
        """Replace the practice profile (fields may be empty); InputError, nothing saved, if one is bad."""
        practice = _practice(name, address_1, address_2, contact)
        self.storage.save_practice(practice)
        return practice

    def set_project_practice(
        self, project_id: str, name: str, address_1: str, address_2: str, contact: str
    ) -> ProjectState:
        """The practice as this project's sheet names it; all fields empty: the profile again."""
        practice = _practice(name, address_1, address_2, contact)
        state = self.storage.load_project(project_id)
        state.practice = None if practice.empty else practice
        state.updated_at = self.clock()
        self.storage.save_project(state)
        return state

    def practice_for(self, state: ProjectState) -> Practice:
        """The practice the project's sheet names: its own copy if it has one, else the profile."""
        return state.practice if state.practice is not None else self.storage.load_practice()

    def _unique_name(self, name: str, project_id: str | None = None) -> str:
        """The cleaned name; InputError (with a free alternative) if another project has it.

        Names compare ignoring case and runs of spaces, so "12 King St" and "12  king st" clash.
        """
        name = clean_text(name, MAX_NAME_CHARS, "project name")
        free = self.free_name(name, project_id)
        if free == name:
            return name  # the store checks again as it saves, under its names lock (sessions at once)
        raise InputError(
            f"Another project is already named “{name}”. Choose a different name, for example “{free}”."
        )

    def free_name(self, name: str, project_id: str | None = None) -> str:
        """``name``, or the first of ``name (2)``, ``name (3)``… that no other project has."""
        taken = {
            name_key(s.name)
            for s in self.storage.list_projects()
            if s.project_id != project_id and s.error is None
        }
        return free_name(name, taken)

    def _revisable_item(self, section: str) -> FormItem:
        item = self.forms.get_item(section)
        if item.answer_type == "code_version":
            raise InputError(f"{item.number} comes from the project's code edition and cannot be edited.")
        return item
