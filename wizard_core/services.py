"""Wiring: the content services (loaded once per process) and the advisor choice."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache

from storage import StorageAdapter
from wizard_core.advisors.base import Advisor
from wizard_core.advisors.offline import OfflineAdvisor
from wizard_core.errors import InputError
from wizard_core.forms import FormQuestionService
from wizard_core.knowledge import KnowledgeBaseService
from wizard_core.manager import ContextManager
from wizard_core.models import utc_now

ADVISORS = ("offline",)


@lru_cache(maxsize=1)
def content_services() -> tuple[FormQuestionService, KnowledgeBaseService]:
    """The matrix and the code notes; immutable, so one copy serves every session."""
    return FormQuestionService(), KnowledgeBaseService()


def default_advisor_name() -> str:
    """The advisor chosen by configuration: offline unless a model is configured."""
    return os.environ.get("WIZARD_ADVISOR", "offline")


def make_advisor(name: str | None = None) -> Advisor:
    name = name or default_advisor_name()
    if name == "offline":
        return OfflineAdvisor()
    raise InputError(f"Unknown advisor {name!r}; choose one of: {', '.join(ADVISORS)}.")


def create_manager(
    storage: StorageAdapter,
    advisor: Advisor | None = None,
    clock: Callable[[], datetime] = utc_now,
) -> ContextManager:
    forms, knowledge = content_services()
    return ContextManager(storage, forms, knowledge, advisor or make_advisor(), clock=clock)
