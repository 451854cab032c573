"""The consultant's second look at answers: confirm a proposal, keep a flagged answer, undo the last.

An advisor's answer is recorded at once (the wizard moves on) but stays *proposed* until the
consultant confirms it; undo takes an answer back using the step ``progress.finalize`` kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

from wizard_core.checks import findings
from wizard_core.engine.text import plural
from wizard_core.errors import InputError
from wizard_core.export.rows import STATUSES, answer_status
from wizard_core.forms import FormQuestionService
from wizard_core.models import AnswerStep, FormAnswer, ProjectState
from wizard_core.turn.progress import move_to, moved_questions, park


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
    answer = _confirm(state, answer, now)
    state.updated_at = now
    return answer


@dataclass(frozen=True)
class ConfirmedAll:
    """What "confirm all proposed" did: the answers confirmed, and the proposed ones it left for the
    consultant (item -> why: its review flag, or the check it fails). Iterates as the answers
    confirmed."""

    confirmed: list[FormAnswer]
    left: dict[str, str] = field(default_factory=dict)

    def __iter__(self) -> Iterator[FormAnswer]:
        return iter(self.confirmed)

    def __len__(self) -> int:
        return len(self.confirmed)

    @property
    def text(self) -> str:
        """'Confirmed 12 answers; 3 flagged items were left for you to review: 3.05, 3.10, 3.12.'"""
        text = f"Confirmed {plural(len(self.confirmed), 'answer')}"
        if self.left:
            were = "was" if len(self.left) == 1 else "were"
            text += (
                f"; {plural(len(self.left), 'flagged item')} {were} left for you to review: "
                f"{', '.join(self.left)}"
            )
        return text + "."


def confirm_all(state: ProjectState, now: datetime) -> ConfirmedAll:
    """Confirm every proposed answer at once, except those flagged for review or failing a check
    (an error finding open), which are left for the consultant; InputError when none can be."""
    proposed = [a for a in state.finalized_answers if a.proposed]
    if not proposed:
        raise InputError("There are no proposed answers to confirm.")
    errors = {f.item: f.message for f in findings(state) if f.severity == "error"}
    left = {
        a.section: state.flagged.get(a.section) or errors[a.section]
        for a in proposed
        if a.section in state.flagged or a.section in errors
    }
    confirmed = [a for a in proposed if a.section not in left]
    if not confirmed:
        raise InputError(
            f"Nothing was confirmed: the proposed {'answer is' if len(left) == 1 else 'answers are'} "
            f"flagged for review ({', '.join(left)}). Review each one, then confirm it or say it still holds."
        )
    confirmed = [_confirm(state, answer, now) for answer in confirmed]
    state.updated_at = now
    return ConfirmedAll(confirmed, left)


def keep_all(state: ProjectState, sections: list[str], now: datetime) -> list[FormAnswer]:
    """Several flagged answers still hold at once; InputError (nothing changed) when one is not flagged."""
    not_flagged = [s for s in sections if s not in state.flagged or state.answer_for(s) is None]
    if not sections or not_flagged:
        named = ", ".join(not_flagged) or "none given"
        raise InputError(f"Not flagged for review, so nothing was kept: {named}.")
    return [keep(state, section, now) for section in dict.fromkeys(sections)]


def statuses(state: ProjectState, forms: FormQuestionService) -> dict[str, str]:
    """Each item's one status, as every export gives it (confirmed, proposed, overridden, flagged,
    skipped, to do)."""
    found = findings(state)
    return {item.number: answer_status(state, item.number, found) for item in forms.items}


def status_counts(state: ProjectState, forms: FormQuestionService) -> dict[str, int]:
    """How many items stand at each status, in the exports' order: confirmed, proposed,
    overridden, flagged, skipped, to do."""
    tally = Counter(statuses(state, forms).values())
    return {status: tally[status] for status in STATUSES}


def keep(state: ProjectState, section: str, now: datetime) -> FormAnswer:
    """The flagged answer still holds: clear the flag, note the review, and count it as confirmed."""
    reason = state.flagged.get(section)
    answer = state.answer_for(section)
    if reason is None or answer is None:
        raise InputError(f"{section} is not flagged for review, so there is nothing to keep.")
    del state.flagged[section]
    answer = state.replace_answer(section, reviewed_at=now, reviewed_for=reason)
    if not answer.confirmed:
        answer = _confirm(state, answer, now)
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
        # The record keeps the item's newest questions: those of the thread moved out since stay archived.
        moved = moved_questions(state, step.section)
        start, end = max(0, step.parked_from - moved), max(0, step.parked_from + step.parked - moved)
        thread = archive[start:end]
        del archive[start:end]
        if not archive:
            state.archived_clarifying_sessions.pop(step.section, None)
        state.active_clarifying_thread = thread + state.active_clarifying_thread


def _confirm(state: ProjectState, answer: FormAnswer, now: datetime) -> FormAnswer:
    return state.replace_answer(answer.section, confirmed=True, confirmed_at=now)
