"""The consultant's second look at answers: confirm a proposal, keep a flagged answer, undo the last.

An advisor's answer is recorded at once (the wizard moves on) but stays *proposed* until the
consultant confirms it; undo takes an answer back using the step ``progress.finalize`` kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from wizard_core.errors import InputError
from wizard_core.forms import FormQuestionService
from wizard_core.models import AnswerStep, FormAnswer, ProjectState
from wizard_core.progress import move_to, park


@dataclass(frozen=True)
class Undo:
    """An answer that undo takes (or took) back, and the earlier answer it restores (None: unanswered)."""

    answer: FormAnswer
    restores: FormAnswer | None


def confirm(state: ProjectState, section: str, now: datetime) -> FormAnswer:
    """Mark the advisor's proposed answer to ``section`` as confirmed by the consultant."""
    answer = state.answer_for(section)
    if answer is None:
        raise InputError(f"{section} has no answer to confirm yet.")
    if not answer.proposed:
        raise InputError(f"{section} {answer.title} is already confirmed; nothing changed.")
    _confirm(answer, now)
    state.updated_at = now
    return answer


def confirm_all(state: ProjectState, now: datetime) -> list[FormAnswer]:
    """Confirm every proposed answer at once; InputError when there is none."""
    proposed = [a for a in state.finalized_answers if a.proposed]
    if not proposed:
        raise InputError("There are no proposed answers to confirm.")
    for answer in proposed:
        _confirm(answer, now)
    state.updated_at = now
    return proposed


def keep(state: ProjectState, section: str, now: datetime) -> FormAnswer:
    """The flagged answer still holds: clear the flag, note the review, and count it as confirmed."""
    reason = state.flagged.get(section)
    answer = state.answer_for(section)
    if reason is None or answer is None:
        raise InputError(f"{section} is not flagged for review, so there is nothing to keep.")
    del state.flagged[section]
    answer.reviewed_at = now
    answer.reviewed_for = reason
    if not answer.confirmed:
        _confirm(answer, now)
    state.updated_at = now
    return answer


def last_undo(state: ProjectState) -> Undo | None:
    """What "undo last answer" would take back now; None when there is nothing to undo."""
    if not state.answer_steps:
        return None
    step = state.answer_steps[-1]
    answer = state.answer_for(step.section)
    if answer is None or answer.timestamp != step.at:
        return None
    history = state.answer_history.get(step.section, [])
    return Undo(answer, history[-1] if step.replaced and history else None)


def undo(state: ProjectState, forms: FormQuestionService, now: datetime) -> Undo:
    """Take back the most recent answer: restore the one it replaced, or leave the item unanswered.

    The flags it set are put back as they were; a first answer's item becomes current again
    with the clarifying thread archived with it. Steps form a stack, so undo can repeat.
    """
    taken = last_undo(state)
    if taken is None:
        if state.answer_steps:
            raise InputError(
                "The last answer recorded has changed since, so it cannot be undone; "
                "revise the item instead (nothing changed)."
            )
        raise InputError("There is no answer to undo (nothing changed).")
    step = state.answer_steps.pop()
    section = step.section
    state.finalized_answers.remove(taken.answer)
    if taken.restores is not None:
        history = state.answer_history[section]
        history.pop()
        if not history:
            del state.answer_history[section]
        state.finalized_answers.append(taken.restores)
        order = forms.sections
        state.finalized_answers.sort(
            key=lambda a: order.index(a.section) if a.section in order else len(order)
        )
    for dependant, before in step.flags_before.items():
        if before is None:
            state.flagged.pop(dependant, None)
        else:
            state.flagged[dependant] = before
    if step.flag_before is not None:
        state.flagged[section] = step.flag_before
    if step.skipped_before and section not in state.skipped:
        state.skipped.append(section)
    if taken.restores is None:
        _back_to(state, step, now)
    state.updated_at = now
    return taken


def _back_to(state: ProjectState, step: AnswerStep, now: datetime) -> None:
    """Put the wizard back where it stood before the answer, with the item's thread active again."""
    if state.current_form_section == step.current_after:
        park(state)  # a thread begun on the next item stays in its archive
        state.current_form_section = step.current_before
        state.return_to = step.return_to_before
        state.item_started_at = step.item_started_before
    else:  # the consultant has moved on since: the unanswered item becomes current again
        move_to(state, step.section, now)
    if step.parked and state.current_form_section == step.section:
        archive = state.archived_clarifying_sessions.get(step.section, [])
        end = step.parked_from + step.parked
        thread = archive[step.parked_from : end]
        del archive[step.parked_from : end]
        if not archive:
            state.archived_clarifying_sessions.pop(step.section, None)
        state.active_clarifying_thread = thread + state.active_clarifying_thread


def _confirm(answer: FormAnswer, now: datetime) -> None:
    answer.confirmed = True
    answer.confirmed_at = now
