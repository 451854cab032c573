"""The transcript: each consultant message, the decision about it, and what became of it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from wizard_core.decisions import Decision, Temporal
from wizard_core.errors import TurnCancelled, WizardError
from wizard_core.models import DecisionRecord, FormAnswer, ProjectState, TurnRecord

MAX_DECISIONS_KEPT = 500


@dataclass(frozen=True)
class TurnResult:
    """What one turn produced, for the UI and the CLI to render."""

    type: str
    section: str
    content: str
    confidence: float
    obc_references: list[str]
    answer: FormAnswer | None
    next_section: str | None
    complete: bool
    decision: str = "continuing"
    stale: bool = False


@dataclass(frozen=True)
class Turn:
    """One message on its way through the wizard: what it says, how it was classified, when."""

    text: str
    decision: Decision
    health: Temporal
    at: datetime


def log_decision(state: ProjectState, turn: Turn) -> None:
    """Add the decision to the project's reasoning log (seed 002), with why it was made."""
    if turn.health.stale or state.session_started_at is None:
        state.session_started_at = turn.at
    state.decisions.append(
        DecisionRecord(
            at=turn.at,
            section=state.current_form_section,
            decision=turn.decision.kind,
            confidence=turn.decision.confidence,
            reason=turn.decision.reason,
            stale=turn.health.stale,
            message=turn.text[:120],
        )
    )
    del state.decisions[:-MAX_DECISIONS_KEPT]


def record_message(state: ProjectState, turn: Turn, advisor: str, answer: str | None) -> None:
    """Keep the message: as the latest answer and the open question's answer, and as a turn record.

    ``answer`` is the part of the message that answers the current item (None when the
    message only steers the wizard, as a bare revision or a side question does).
    """
    thread = state.active_clarifying_thread
    retrying = bool(state.turns) and state.turns[-1].status in ("failed", "cancelled")
    if answer is not None:
        state.latest_user_answer = answer
        if thread and (thread[-1].answer is None or retrying):
            thread[-1].answer = turn.text  # a retry replaces the failed attempt's answer
    state.turns.append(
        TurnRecord(
            message=turn.text,
            section=state.current_form_section,
            received_at=turn.at,
            advisor=advisor,
            decision=turn.decision.kind,
            stale=turn.health.stale,
        )
    )
    state.updated_at = turn.at


def fail(state: ProjectState, error: WizardError) -> None:
    """Mark the turn failed (or cancelled) with a message safe to show; the message itself is kept."""
    state.turns[-1].status = "cancelled" if isinstance(error, TurnCancelled) else "failed"
    state.turns[-1].error = str(error)


def complete(state: ProjectState, result: TurnResult) -> TurnResult:
    """Write the reply onto the turn record."""
    record = state.turns[-1]
    record.status = "done"
    record.section = result.section
    record.reply_type = result.type  # type: ignore[assignment]
    record.content = result.content
    record.confidence = result.confidence
    record.obc_references = result.obc_references
    return result


def wizard_reply(
    state: ProjectState, turn: Turn, kind: str, content: str, references: list[str], section: str
) -> TurnResult:
    """A reply the wizard gives itself (no advisor call): nothing is finalized."""
    return TurnResult(
        type=kind,
        section=section,
        content=content,
        confidence=1.0,
        obc_references=list(references),
        answer=None,
        next_section=state.current_form_section,
        complete=state.complete,
        decision=turn.decision.kind,
        stale=turn.health.stale,
    )
