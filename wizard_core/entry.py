"""The consultant's own entries beside the conversation: a value typed into an item (checked by the
same rules as the advisor's), and the sheet's cells beside an answer."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from wizard_core import checks, typed
from wizard_core.answers import describe_value, validate_value, worked_out
from wizard_core.content import FormItem
from wizard_core.errors import InputError, InvalidReplyError
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer
from wizard_core.sheet.values import entered, extra_cell
from wizard_core.store import ProjectStore
from wizard_core.turn.progress import finalize


def answer_directly(
    storage: ProjectStore,
    forms: FormQuestionService,
    project_id: str,
    section: str,
    value: Any,
    override: str | None,
    clock: Callable[[], datetime],
) -> FormAnswer:
    """Finalize ``section`` with a value the consultant typed, checked by the same rules.

    A value the code checks contradict is refused with the reason, unless ``override``
    gives the consultant's reason to record it anyway (stored with the answer).
    """
    state = storage.load_project(project_id)
    item = revisable_item(forms, section)
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
    now = clock()
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
    finalize(state, answer, forms)
    storage.save_project(state)
    return answer


def set_sheet_cells(
    storage: ProjectStore,
    forms: FormQuestionService,
    project_id: str,
    section: str,
    cells: dict[str, str],
    clock: Callable[[], datetime],
) -> FormAnswer:
    """The consultant's entries in the sheet's cells beside ``section``'s answer ("" clears one).

    They are the consultant's own words beside the value: the answer keeps its value and status.
    """
    item = forms.get_item(section)
    state = storage.load_project(project_id)
    answer = state.answer_for(item.number)
    if answer is None:
        raise InputError(f"These cells sit beside the answer: answer {item.number} first. Nothing was saved.")
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
    cells_kept = {name: text for name, text in kept.items() if text}
    answer = state.replace_answer(item.number, sheet_cells=cells_kept)
    state.updated_at = clock()
    storage.save_project(state)
    return answer


def revisable_item(forms: FormQuestionService, section: str) -> FormItem:
    """The item, unless it is 3.00 (the project's code edition, which is not edited)."""
    item = forms.get_item(section)
    if item.answer_type == "code_version":
        raise InputError(f"{item.number} comes from the project's code edition and cannot be edited.")
    return item
