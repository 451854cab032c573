"""Token accounting: what a turn's model calls cost, and a project's totals.

Counts come from the server's usage report. When a server sends none, the count is an
estimate, labelled so. tiktoken is deliberately not used: it downloads its encoding files on
first use (and again if a cached file fails its hash), which hangs a turn without network,
and its counts are only estimates for models other than OpenAI's anyway.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from dataclasses import dataclass

from wizard_core.models import ProjectState, TurnRecord


@dataclass
class TurnUsage:
    """Filled in by a remote advisor during a turn; the manager copies it onto the turn record.

    One is made per turn and handed to every model call of the turn (the query rewrite and
    the answer), so it also carries the turn's clock: the first call starts it, and every
    call of the turn shares the one deadline.
    """

    model: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    estimated: bool = False
    latency_ms: int | None = None
    calls: int = 0
    unknown: int = 0  # calls that ended (a timeout, a dropped connection) without the server's count
    cached_tokens: int = 0
    reasoning_tokens: int = 0
    started: float | None = None  # time.monotonic() when the turn's first model call began
    deadline: float | None = None  # time.monotonic() by which every call of the turn must end

    def start(self, seconds: float) -> float:
        """The turn's deadline, set by the first call of the turn to ``seconds`` from now."""
        if self.deadline is None:
            self.started = time.monotonic()
            self.deadline = self.started + seconds
        return self.deadline

    def add(
        self,
        model: str | None,
        input_tokens: int,
        output_tokens: int,
        estimated: bool,
        cached_tokens: int = 0,
        reasoning_tokens: int = 0,
    ) -> None:
        self.model = model or self.model
        self.input_tokens += input_tokens
        self.output_tokens += output_tokens
        self.cached_tokens += cached_tokens
        self.reasoning_tokens += reasoning_tokens
        self.estimated = self.estimated or estimated
        self.calls += 1

    def lost(self) -> None:
        """A call ended without a count: what it cost is unknown, and so is the turn's total."""
        self.unknown += 1

    def stop_clock(self) -> None:
        """Latency: from the turn's first model call until now."""
        if self.started is not None:
            self.latency_ms = round((time.monotonic() - self.started) * 1000)

    def record(self, turn: TurnRecord) -> None:
        """Copy onto ``turn`` when a model was called (an offline turn keeps its fields empty)."""
        if self.calls == 0 and self.unknown == 0 and self.latency_ms is None:
            return
        turn.model = self.model
        turn.latency_ms = self.latency_ms
        if self.unknown or self.calls == 0:  # a call the server never counted: unknown, never 0
            turn.input_tokens = turn.output_tokens = turn.cached_tokens = turn.reasoning_tokens = None
            turn.tokens_estimated = False
            return
        turn.input_tokens = self.input_tokens
        turn.output_tokens = self.output_tokens
        turn.tokens_estimated = self.estimated
        turn.cached_tokens = self.cached_tokens or None
        turn.reasoning_tokens = self.reasoning_tokens or None


@dataclass(frozen=True)
class UsageTotals:
    """A project's tokens over every turn that called a model (``unknown``: turns whose count the
    server never gave, left out of the sums and said so)."""

    input_tokens: int
    output_tokens: int
    estimated: bool
    turns: int
    cached_tokens: int = 0
    unknown: int = 0

    def describe(self) -> str:
        label = " (estimated)" if self.estimated else ""
        text = f"{self.input_tokens:,} in / {self.output_tokens:,} out{label} over {_turns(self.turns)}"
        if self.cached_tokens:
            text += f", {self.cached_tokens:,} of them from the prompt cache"
        if not self.unknown:
            return text
        unknown = f"tokens unknown for {_turns(self.unknown)} (the call did not finish)"
        return f"{text}; {unknown}" if self.turns else unknown[:1].upper() + unknown[1:]


def _turns(count: int) -> str:
    return f"{count} turn{'' if count == 1 else 's'}"


def project_usage(state: ProjectState) -> UsageTotals:
    """The project's tokens over every stored turn, from the figures the store keeps beside its turn log."""
    usage = state.transcript.usage
    return UsageTotals(
        input_tokens=usage.input_tokens,
        output_tokens=usage.output_tokens,
        estimated=usage.estimated > 0,
        turns=usage.counted,
        cached_tokens=usage.cached_tokens,
        unknown=usage.unknown,
    )


def tokens_unknown(turn: TurnRecord) -> bool:
    """A turn that called a model whose count is unknown (``TurnRecord.tokens_unknown``)."""
    return turn.tokens_unknown


def totals(turns: Iterable[TurnRecord]) -> UsageTotals:
    turns = list(turns)
    counted = [t for t in turns if t.input_tokens]
    return UsageTotals(
        input_tokens=sum(t.input_tokens or 0 for t in counted),
        output_tokens=sum(t.output_tokens or 0 for t in counted),
        estimated=any(t.tokens_estimated for t in counted),
        turns=len(counted),
        cached_tokens=sum(t.cached_tokens or 0 for t in counted),
        unknown=sum(1 for t in turns if tokens_unknown(t)),
    )


def describe_turn(turn: TurnRecord) -> str | None:
    """'1,200 in / 85 out tokens · 1,024 cached · gpt-4o-mini · 2.3 s', or None without a model."""
    if tokens_unknown(turn):
        parts = ["tokens unknown (the call did not finish)"]
    elif turn.input_tokens is None:
        return None
    else:
        parts = [f"{turn.input_tokens:,} in / {turn.output_tokens or 0:,} out tokens"]
    if turn.tokens_estimated and turn.input_tokens:
        parts[0] += " (estimated)"
    if turn.cached_tokens and turn.input_tokens:
        share = turn.cached_tokens / turn.input_tokens
        parts.append(f"{turn.cached_tokens:,} cached ({share:.0%} of the input)")
    if turn.reasoning_tokens:
        parts.append(f"{turn.reasoning_tokens:,} thinking")
    if turn.model:
        parts.append(turn.model)
    if turn.latency_ms is not None:
        parts.append(f"{turn.latency_ms / 1000:.1f} s")
    return " · ".join(parts)


def estimate_tokens(text: str) -> int:
    """About four characters per token: an estimate, labelled as one wherever it is shown."""
    return math.ceil(len(text) / 4)
