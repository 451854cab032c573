"""Project-level actions of the wizard: start, direct entry, the sheet's other cells, go to an item,
review, rename, delete, and the practice the sheet names (the store's profile, or the project's own copy)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

from wizard_core import archive, checks, typed
from wizard_core.answers import describe_value, validate_value, worked_out
from wizard_core.content import FormItem
from wizard_core.errors import ConflictError, InputError, InvalidReplyError
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, Practice, ProjectState, utc_now
from wizard_core.sheet.values import entered, extra_cell
from wizard_core.store import MAX_NAME_CHARS, ProjectStore, free_name, name_key
from wizard_core.turn import review
from wizard_core.turn.progress import finalize, move_to, skip


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
        address = typed.address(address)
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

    def set_sheet_cells(self, project_id: str, section: str, cells: dict[str, str]) -> FormAnswer:
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
        for name, text in cells.items():
            cell = extra_cell(item.number, name)
            blank = typed.blank(text)
            text = (
                ""
                if blank
                else typed.clean_text(text, typed.MAX_CELL_CHARS, f"{item.number} {cell.label.lower()}")
            )
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
            state.address = typed.address(address)
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
        practice = typed.practice(name, address_1, address_2, contact)
        self.storage.save_practice(practice)
        return practice

    def set_project_practice(
        self, project_id: str, name: str, address_1: str, address_2: str, contact: str
    ) -> ProjectState:
        """The practice as this project's sheet names it; all fields empty: the profile again."""
        practice = typed.practice(name, address_1, address_2, contact)
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
        name = typed.clean_text(name, MAX_NAME_CHARS, "project name")
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
