"""The advisor interface: given a turn's context, answer with the JSON reply format."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from wizard_core.content import FormItem
from wizard_core.context import ContextPackage
from wizard_core.errors import ConflictError
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState
from wizard_core.tokens import TurnUsage


@dataclass(frozen=True)
class AdvisorRequest:
    """Everything an advisor may use: the context package and the structures behind it."""

    package: ContextPackage
    state: ProjectState
    item: FormItem
    forms: FormQuestionService
    # Called with the reply's visible text so far as it streams (it restarts if the advisor asks
    # again). If it also has a ``thinking(seconds)`` method, that is called every half second or
    # so while a reasoning model thinks before its reply, with the seconds since the call began.
    on_text: Callable[[str], None] | None = None
    usage: TurnUsage = field(default_factory=TurnUsage)  # filled in by advisors that call a model

    @property
    def message(self) -> str:
        return self.state.latest_user_answer or ""


class Advisor(Protocol):
    """Answers a turn with a dict (or JSON text) in the context package's response format."""

    name: str
    description: str
    remote: bool  # True when advise() may be slow or fail on the network

    def advise(self, request: AdvisorRequest) -> Any: ...


class QueryRewriter(Protocol):
    """An advisor that can rewrite a follow-up into a standalone question (one model call)."""

    def rewrite_query(self, prompt: str, usage: TurnUsage) -> str | None: ...


def refuse_overlap(state: ProjectState, now: datetime, advisor: Advisor) -> None:
    """ConflictError if the project's last message is still with a remote advisor.

    A remote advisor's turn is saved as pending before its slow call; a second message on the
    same project meanwhile would be saved over it, and the first reply would then be thrown
    away at its save. A pending turn older than the advisor's ``turn_seconds`` (its deadline)
    has been given up on (the process that sent it is gone), so it does not block.
    """
    seconds = getattr(advisor, "turn_seconds", 0.0)
    last = state.turns[-1] if state.turns else None
    if not seconds or last is None or last.status != "pending":
        return
    if now - last.received_at <= timedelta(seconds=seconds + 5):
        raise ConflictError(
            "The advisor is still answering your previous message on this project, so this one was "
            "not sent. Wait for that reply, then send it again."
        )
