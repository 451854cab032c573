"""The advisor interface: given a turn's context, answer with the JSON reply format."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from wizard_core.content import FormItem
from wizard_core.context import ContextPackage
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
    # Called with the reply's visible text so far as it streams (it restarts if the advisor asks again).
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
