"""Wiring: the content services (loaded once per process), the advisor choice, and a wizard made of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from wizard_core.advisors.base import Advisor
from wizard_core.advisors.offline.advisor import OfflineAdvisor
from wizard_core.config import load_settings
from wizard_core.context import Budget
from wizard_core.errors import InputError
from wizard_core.forms import FormQuestionService
from wizard_core.knowledge.code_import import imported_dir
from wizard_core.knowledge.service import KnowledgeBaseService
from wizard_core.manager import ContextManager
from wizard_core.models import utc_now
from wizard_core.store import ProjectStore
from wizard_core.wizard import Wizard

ADVISORS = ("offline", "openai")


def content_services(data_dir: Path | None = None) -> tuple[FormQuestionService, KnowledgeBaseService]:
    """The matrix and the code notes, with the code text imported into ``data_dir`` if any.

    Both are read-only, so one copy per data folder serves every session; call
    ``forget_content()`` after an import so the next call reads it.
    """
    return _content_services(str(Path(data_dir).resolve()) if data_dir is not None else None)


@lru_cache(maxsize=8)
def _content_services(data_dir: str | None) -> tuple[FormQuestionService, KnowledgeBaseService]:
    imported = imported_dir(Path(data_dir)) if data_dir is not None else None
    return FormQuestionService(), KnowledgeBaseService(imported_dir=imported)


def forget_content() -> None:
    _content_services.cache_clear()


def default_advisor_name(secrets: Mapping[str, Any] | None = None) -> str:
    """WIZARD_ADVISOR if set; otherwise openai when a key or base URL is configured, else offline."""
    settings = load_settings(secrets)
    return settings.advisor or ("openai" if settings.configured else "offline")


def advisor_notice(secrets: Mapping[str, Any] | None = None) -> str | None:
    """What the app should say when no model is configured and the offline advisor stands in."""
    settings = load_settings(secrets)
    if settings.advisor or settings.configured:
        return None
    return (
        "No AI model is configured (set OPENAI_API_KEY, or OPENAI_BASE_URL for a local server), "
        "so the built-in offline advisor is answering."
    )


def make_advisor(name: str | None = None, secrets: Mapping[str, Any] | None = None) -> Advisor:
    name = name or default_advisor_name(secrets)
    if name == "offline":
        return OfflineAdvisor()
    if name == "openai":
        settings = load_settings(secrets)
        if not settings.configured:
            raise InputError(
                "The openai advisor needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)."
            )
        # Imported here: langchain takes over a second to import, which offline runs skip.
        from wizard_core.advisors.llm.advisor import LLMAdvisor

        return LLMAdvisor(settings)
    raise InputError(f"Unknown advisor {name!r}; choose one of: {', '.join(ADVISORS)}.")


def open_wizard(
    storage: ProjectStore,
    advisor: Advisor | None = None,
    clock: Callable[[], datetime] = utc_now,
    data_dir: Path | None = None,
) -> Wizard:
    """A wizard on ``storage``; code text imported into its data folder joins the notes."""
    folder = data_dir if data_dir is not None else getattr(storage, "data_dir", None)
    forms, knowledge = content_services(folder)
    settings = load_settings()
    budget = Budget(window_tokens=settings.context_window, reply_tokens=settings.reply_tokens)
    manager = ContextManager(storage, forms, knowledge, advisor or make_advisor(), clock=clock, budget=budget)
    return Wizard(storage, forms, knowledge, manager, clock, data_dir=folder)
