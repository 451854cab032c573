"""Project progress: finalize an answer, park a thread, flag dependants, move between items."""

from __future__ import annotations

from datetime import datetime

from wizard_core.answers.text import marked_to_do
from wizard_core.archive import keep_for_undo
from wizard_core.errors import InputError
from wizard_core.forms import FormQuestionService
from wizard_core.models import (
    ANSWERS_KEPT,
    QUESTIONS_KEPT,
    AnswerStep,
    ArchiveEntry,
    ClarifyingQA,
    FormAnswer,
    MovedOut,
    ProjectState,
)
from wizard_core.turn.dependants import revision_flags
from wizard_core.turn.responses import Change

MAX_UNDO_STEPS = 50
"""How many recent answers can be undone, one after another (older steps are dropped)."""


def finalize(state: ProjectState, answer: FormAnswer, forms: FormQuestionService) -> None:
    """Record ``answer``, archive the item's thread and move on to the next item.

    A replaced answer goes to the item's history and flags the answered items that depend on
    it; after a revision the wizard returns to the item it came from. What the answer changed
    is kept as a step, so the consultant can undo it.
    """
    section = answer.section
    answer = marked_to_do(forms.get_item(section), answer)
    step = AnswerStep(
        section=section,
        at=answer.timestamp,
        flag_before=state.flagged.get(section),
        skipped_before=section in state.skipped,
        current_before=state.current_form_section,
        return_to_before=state.return_to,
        item_started_before=state.item_started_at,
    )
    previous = state.answer_for(section)
    if previous is not None:
        step.replaced = True
        if previous.value != answer.value:
            step.flags_before = flag_dependants(state, previous, answer, forms)
        history = state.answer_history.setdefault(section, [])
        history.append(previous)
        keep_newest(state, section, history, ANSWERS_KEPT)
        state.finalized_answers.remove(previous)
    state.flagged.pop(section, None)
    if section in state.skipped:
        state.skipped.remove(section)
    order = forms.sections
    state.finalized_answers.append(answer)
    state.finalized_answers.sort(key=lambda a: order.index(a.section) if a.section in order else len(order))
    if state.current_form_section == section:
        # Its place among every question the item ever archived, those moved to the archive log included.
        step.parked_from = len(state.archived_clarifying_sessions.get(section, [])) + moved_questions(
            state, section
        )
        step.parked = len(state.active_clarifying_thread)
        park(state)
        state.current_form_section = next_item(state, section, forms)
        state.return_to = None
        state.item_started_at = answer.timestamp
        state.latest_user_answer = None
    step.current_after = state.current_form_section
    if answer.source != "edition":
        state.answer_steps = [*state.answer_steps, step][-MAX_UNDO_STEPS:]
    keep_for_undo(state, MAX_UNDO_STEPS)
    state.updated_at = answer.timestamp


def next_item(state: ProjectState, leaving: str, forms: FormQuestionService) -> str | None:
    """Where the wizard goes on leaving ``leaving``: back where a revision came from, else the
    next unanswered item in order, wrapping round; skipped items only once nothing else is left.
    """
    answered = state.answered_sections
    back = state.return_to
    if back and back != leaving and back not in answered:
        return back
    return forms.next_unanswered(leaving, answered | set(state.skipped)) or forms.next_unanswered(
        leaving, answered
    )


def skip(state: ProjectState, section: str, forms: FormQuestionService, now: datetime) -> str:
    """Set the current, unanswered ``section`` aside and move on; returns the new current item.

    Its clarifying thread is archived (parked), not lost; the wizard comes back to it once
    every other item is answered or skipped.
    """
    item = forms.get_item(section)
    if state.current_form_section != section:
        raise InputError(f"{section} {item.title} is not the current item, so it cannot be skipped.")
    if state.answer_for(section) is not None:
        raise InputError(f"{section} {item.title} is already answered; there is nothing to skip.")
    added = section not in state.skipped
    if added:
        state.skipped.append(section)
    target = next_item(state, section, forms)
    if target is None or target == section:
        if added:
            state.skipped.remove(section)
        raise InputError(
            f"{section} {item.title} is the only item left unanswered, so there is nothing to skip to: "
            "answer it to complete the matrix."
        )
    park(state)
    state.current_form_section = target
    state.return_to = None
    state.item_started_at = now
    state.latest_user_answer = None
    state.updated_at = now
    return target


def apply(state: ProjectState, change: Change, forms: FormQuestionService) -> None:
    """Apply a validated reply: finalize its answer, or add its question to the open thread."""
    if change.answer is not None:
        finalize(state, change.answer, forms)
    elif change.question is not None:
        ask(state, change.question)


def ask(state: ProjectState, question: ClarifyingQA) -> None:
    """Add a clarifying question to the current item's open thread."""
    state.active_clarifying_thread.append(question)
    state.updated_at = question.timestamp


def flag_dependants(
    state: ProjectState, previous: FormAnswer, answer: FormAnswer, forms: FormQuestionService
) -> dict[str, str | None]:
    """Flag the answered items the revision of ``previous`` to ``answer`` really changes, each with
    what changed (``dependants``); returns each one's earlier flag (None if it had none), so the
    revision can be undone."""
    earlier: dict[str, str | None] = {}
    for number, reason in revision_flags(state, previous, answer, forms).items():
        earlier[number] = state.flagged.get(number)
        state.flagged[number] = reason
    return earlier


def park(state: ProjectState, abandoned: bool = False) -> None:
    """Move the current item's clarifying thread to the archive (kept for later turns)."""
    section = state.current_form_section
    if section and state.active_clarifying_thread:
        thread = state.active_clarifying_thread
        if abandoned:
            thread = [qa if qa.abandoned else qa.model_copy(update={"abandoned": True}) for qa in thread]
        archived = state.archived_clarifying_sessions.setdefault(section, [])
        archived.extend(thread)
        state.active_clarifying_thread = []
        keep_newest(state, section, archived, QUESTIONS_KEPT)


def keep_newest(
    state: ProjectState, section: str, kept: list[ClarifyingQA] | list[FormAnswer], limit: int
) -> None:
    """Move all but the newest ``limit`` of an item's archived questions or earlier answers out of the
    record, in order, to the archive log (read when a person opens it), counting them in ``moved_out``."""
    extra = len(kept) - limit
    if extra <= 0:
        return
    moved = state.moved_out.setdefault(section, MovedOut())
    for entry in kept[:extra]:
        if isinstance(entry, ClarifyingQA):
            state.archive.append(ArchiveEntry(section=section, question=entry))
            moved.questions += 1
        else:
            state.archive.append(ArchiveEntry(section=section, answer=entry))
            moved.answers += 1
    del kept[:extra]


def moved_questions(state: ProjectState, section: str) -> int:
    """How many of the item's archived questions are in the archive log rather than the record."""
    moved = state.moved_out.get(section)
    return moved.questions if moved else 0


def start_over(state: ProjectState, now: datetime) -> None:
    """Archive the current item's thread as abandoned and ask the item afresh."""
    park(state, abandoned=True)
    state.item_started_at = now


def move_to(state: ProjectState, section: str, now: datetime) -> None:
    """Make ``section`` current, parking the open thread and remembering where to return."""
    if state.current_form_section == section:
        return
    park(state)
    if state.current_form_section and state.return_to is None:
        state.return_to = state.current_form_section
    state.current_form_section = section
    state.item_started_at = now
    state.latest_user_answer = None
