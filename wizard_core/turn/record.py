"""The transcript: each consultant message, the decision about it, and what became of it."""

from __future__ import annotations

import os
import socket
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from wizard_core.errors import TurnCancelled, WizardError
from wizard_core.models import DecisionRecord, FormAnswer, ProjectState, TurnRecord
from wizard_core.turn.decisions import Decision
from wizard_core.turn.freshness import Temporal

# A project is loaded with its newest decisions only (the store's reasoning log keeps them all); a
# state held whole in memory (never saved, or loaded whole) keeps at most this many.
MAX_DECISIONS_KEPT = 500
# This process, as a pending turn names the process running it: the host, the pid, and a token
# made once per process (a pid is reused, and a forked child keeps the token but not the pid).
_HOST, _TOKEN = socket.gethostname(), uuid.uuid4().hex
PENDING_GRACE = 5.0  # seconds past the advisor's turn limit by which a running turn has been saved
UNKNOWN_LIMIT = 900.0  # the turn limit assumed when the advisor has none (it was remote when saved)
INTERRUPTED = (
    "This message was interrupted: the wizard stopped before the advisor replied, so nothing was "
    "changed. Your message is kept; send it again."
)


def runner() -> str:
    """This process, as a pending turn records it."""
    return f"{_HOST} {os.getpid()} {_TOKEN}"


def mark_interrupted(state: ProjectState, now: datetime, turn_seconds: float) -> bool:
    """Mark failed, as interrupted, the pending turns no process is still running; True if any.

    A remote advisor's turn is saved pending before its slow call, and its outcome saved when the
    call ends, by the turn's deadline (``turn_seconds``). A turn still pending is running when its
    process is alive: a worker thread of this very process (ui/worker.py runs turns outside the page's
    script run, so a pending turn is normal while it lasts), or another process. So a pending turn is
    interrupted only when (1) it is older than the turn limit and the grace for its save, whoever
    runs it — no turn outlives its deadline — or (2) it names a process on this host that no longer
    exists (a killed or restarted server), which needs no waiting. A turn of this process, of a live
    process on this host (a pid may be reused, so alive is not proof: the age still decides), of
    another host (nothing to ask) or from before turns named their process waits for the limit.
    Marked in the loaded copy; the next save keeps it.
    """
    limit = timedelta(seconds=(turn_seconds or UNKNOWN_LIMIT) + PENDING_GRACE)
    marked = False
    for turn in state.turns:
        if turn.status != "pending":
            continue
        if now - turn.received_at > limit or _gone(turn.runner):
            turn.status, turn.error = "failed", INTERRUPTED
            marked = True
    return marked


def _gone(name: str | None) -> bool:
    """Whether the process a turn names is known to have ended (one on this host only)."""
    parts = (name or "").split(" ")
    if len(parts) != 3 or parts[0] != _HOST or not parts[1].isdigit():
        return False
    pid, token = int(parts[1]), parts[2]
    if pid == os.getpid():
        # This process (a worker thread runs it), or one before it under the same pid (a container's
        # server restarted as the same pid), which is gone.
        return token != _TOKEN
    try:
        os.kill(pid, 0)  # signal 0 only asks whether the process exists
    except ProcessLookupError:
        return True
    except OSError:
        return False  # it exists (another user's), or this system cannot be asked
    return False


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
            # A retry replaces the failed attempt's answer.
            thread[-1] = thread[-1].model_copy(update={"answer": turn.text})
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
