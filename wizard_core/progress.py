"""Project progress: finalize an answer, park a thread, flag dependants, move between items."""

from __future__ import annotations

from datetime import datetime

from wizard_core.forms import FormQuestionService
from wizard_core.models import ClarifyingQA, FormAnswer, ProjectState
from wizard_core.responses import Change


def finalize(state: ProjectState, answer: FormAnswer, forms: FormQuestionService) -> None:
    """Record ``answer``, archive the item's thread and move on to the next item.

    A replaced answer goes to the item's history and flags the answered items that depend on
    it; after a revision the wizard returns to the item it came from.
    """
    section = answer.section
    previous = state.answer_for(section)
    if previous is not None:
        state.answer_history.setdefault(section, []).append(previous)
        state.finalized_answers.remove(previous)
        if previous.value != answer.value:
            flag_dependants(state, section, forms)
    state.flagged.pop(section, None)
    order = forms.sections
    state.finalized_answers.append(answer)
    state.finalized_answers.sort(key=lambda a: order.index(a.section) if a.section in order else len(order))
    if state.current_form_section == section:
        park(state)
        back = state.return_to
        state.return_to = None
        answered = state.answered_sections
        resume = back if back and back not in answered else forms.next_unanswered(section, answered)
        state.current_form_section = resume
        state.item_started_at = answer.timestamp
        state.latest_user_answer = None
    state.updated_at = answer.timestamp


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


def flag_dependants(state: ProjectState, section: str, forms: FormQuestionService) -> None:
    """Mark answered items whose answers depend on ``section`` for review."""
    title = forms.get_item(section).title
    for item in forms.items:
        if section in item.depends_on and item.number in state.answered_sections:
            state.flagged[item.number] = f"{section} {title} was revised; check this answer still holds."


def park(state: ProjectState, abandoned: bool = False) -> None:
    """Move the current item's clarifying thread to the archive (kept for later turns)."""
    section = state.current_form_section
    if section and state.active_clarifying_thread:
        for qa in state.active_clarifying_thread:
            qa.abandoned = qa.abandoned or abandoned
        state.archived_clarifying_sessions.setdefault(section, []).extend(state.active_clarifying_thread)
        state.active_clarifying_thread = []


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
