"""The records of a project's append-only logs, and what its turn log adds up to.

The turn log holds every message ever sent, the reasoning log every decision; neither is read
whole to draw a page or take a turn. What the page and the advisors need of the whole transcript
— each item's share of it, the tokens spent, the latest few messages said for each item — is kept
beside it as ``TranscriptFigures``, brought up to date by the store as it writes turns.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# An item's newest answering messages kept for the readers of later items (carried facts, "as I said"),
# each cut to this many characters.
SAID_KEPT = 4
SAID_CHARS = 1000
# The key of turns outside the matrix's items (a side question once every item is answered).
OUTSIDE = ""


class LogRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class TurnRecord(LogRecord):
    """One consultant message and what became of it; the project's full transcript."""

    message: str
    section: str | None
    received_at: datetime
    status: Literal["pending", "done", "failed", "cancelled"] = "pending"
    decision: Literal["continuing", "revision", "reset", "side_question"] = "continuing"
    stale: bool = False
    reply_type: Literal["form_answer", "clarifying_question", "side_answer", "notice"] | None = None
    content: str | None = None
    confidence: float | None = None
    obc_references: list[str] = Field(default_factory=list)
    error: str | None = None
    advisor: str = ""
    # The process a pending turn runs in ("host pid token", turns.RUNNER), so that a later load can
    # tell a turn still running from one whose process is gone (turns.mark_interrupted).
    runner: str | None = None
    query: str | None = None  # the standalone retrieval question
    excerpt_ids: list[str] = Field(default_factory=list)  # code excerpts in the package
    # What the turn's model calls cost (empty for advisors without a model).
    model: str | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    tokens_estimated: bool = False  # True when the server reported no usage
    latency_ms: int | None = None
    cached_tokens: int | None = None  # of input_tokens, read from the server's prompt cache
    reasoning_tokens: int | None = None  # of output_tokens, spent thinking before the reply

    @property
    def tokens_unknown(self) -> bool:
        """A turn that called a model whose count is unknown: a call that timed out or was cut off
        (saved as None; a record from before saved it as 0 in, which no answered call reports)."""
        return self.model is not None and not self.input_tokens

    @property
    def answers_an_item(self) -> bool:
        """A message the advisor read as said about its item: it states facts about the building
        (side questions, notices, failed and stale messages do not count)."""
        return (
            bool(self.section)
            and self.status == "done"
            and self.reply_type in ("form_answer", "clarifying_question")
        )


class DecisionRecord(LogRecord):
    """One entry of the project's reasoning log: how a message was classified and why."""

    at: datetime
    section: str | None
    decision: Literal["continuing", "revision", "reset", "side_question"]
    confidence: float = Field(ge=0.0, le=1.0)
    reason: str
    stale: bool = False
    message: str = ""


class ItemTalk(LogRecord):
    """One item's share of the transcript: how many turns, and where its first and its newest answer are."""

    turns: int = 0
    first: int = 0  # the place in the transcript of its first turn (0: the project's first message)
    answer: int | None = None  # the place of its newest turn answered with a form answer


class Said(LogRecord):
    """A message that answered an item, as kept for the readers of later items (cut to SAID_CHARS); never
    changed once made (``add`` and ``remove`` replace an item's list), so what is worked out from it is
    kept (``wizard_core.settled``)."""

    model_config = ConfigDict(frozen=True)

    message: str
    at: int  # its place in the transcript
    stale: bool = False  # sent after a break (the carried facts leave it out)


class Usage(LogRecord):
    """Tokens over every turn that called a model; ``unknown``: turns whose count the server never gave."""

    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    counted: int = 0
    unknown: int = 0
    estimated: int = 0  # counted turns whose count is an estimate


class TranscriptFigures(LogRecord):
    """What the stored turn log adds up to; the store keeps it as it writes turns (``add``, ``remove``)."""

    items: dict[str, ItemTalk] = Field(default_factory=dict)
    usage: Usage = Field(default_factory=Usage)
    said: dict[str, list[Said]] = Field(default_factory=dict)

    def to_update(self) -> TranscriptFigures:
        """A copy that ``add`` and ``remove`` change without changing this one (they replace an item's
        talk and said rather than change them)."""
        return TranscriptFigures.model_construct(
            items=dict(self.items), usage=self.usage.model_copy(), said=dict(self.said)
        )

    def add(self, turn: TurnRecord, at: int) -> None:
        """Count ``turn``, the transcript's turn at place ``at``."""
        self._count(turn, at, 1)
        if turn.answers_an_item and turn.section:
            kept = [s for s in self.said.get(turn.section, []) if s.at != at]
            kept.append(Said(message=turn.message[:SAID_CHARS], at=at, stale=turn.stale))
            self.said[turn.section] = sorted(kept, key=lambda s: s.at)[-SAID_KEPT:]

    def remove(self, turn: TurnRecord, at: int) -> None:
        """Take back what ``add`` counted for the turn at ``at`` (it is about to be written again)."""
        self._count(turn, at, -1)
        key = turn.section or OUTSIDE
        talk = self.items.get(key)
        if talk is not None and talk.answer == at:
            self.items[key] = talk.model_copy(update={"answer": None})
        if turn.section in self.said:
            self.said[turn.section] = [s for s in self.said[turn.section] if s.at != at]

    def _count(self, turn: TurnRecord, at: int, sign: int) -> None:
        key = turn.section or OUTSIDE
        talk = self.items.get(key)
        if sign > 0:
            talk = talk or ItemTalk(first=at)
            answer = talk.answer
            if turn.reply_type == "form_answer" and (answer is None or at > answer):
                answer = at
            self.items[key] = ItemTalk(turns=talk.turns + 1, first=min(talk.first, at), answer=answer)
        elif talk is not None:
            if talk.turns <= 1:
                del self.items[key]
            else:
                self.items[key] = talk.model_copy(update={"turns": talk.turns - 1})
        usage = self.usage
        if turn.input_tokens:
            usage.input_tokens += sign * turn.input_tokens
            usage.output_tokens += sign * (turn.output_tokens or 0)
            usage.cached_tokens += sign * (turn.cached_tokens or 0)
            usage.counted += sign
            usage.estimated += sign * turn.tokens_estimated
        elif turn.tokens_unknown:
            usage.unknown += sign

    @classmethod
    def of(cls, turns: list[TurnRecord], first: int = 0) -> TranscriptFigures:
        """The figures of a whole transcript (``first``: the place of its first turn)."""
        figures = cls()
        for at, turn in enumerate(turns, start=first):
            figures.add(turn, at)
        return figures
