"""Wiring: the content services (loaded once per process), the advisor choice, and a wizard made of them."""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from wizard_core.advisors.base import Advisor
from wizard_core.advisors.offline.advisor import OfflineAdvisor
from wizard_core.config import code_text_cache_dir, load_settings
from wizard_core.context import Budget
from wizard_core.errors import InputError
from wizard_core.forms import FormQuestionService
from wizard_core.knowledge.code_import import folder_store
from wizard_core.knowledge.code_store import CodeTextStore, FolderCodeTexts
from wizard_core.knowledge.code_sync import CodeTextSync, mirror
from wizard_core.knowledge.service import KnowledgeBaseService
from wizard_core.models import utc_now
from wizard_core.store import ProjectStore
from wizard_core.turn.pipeline import ContextManager
from wizard_core.wizard import Wizard

ADVISORS = ("offline", "openai")


def content_services(data_dir: Path | None = None) -> tuple[FormQuestionService, KnowledgeBaseService]:
    """The matrix and the code notes, with the code text imported into ``data_dir`` if any."""
    forms, knowledge, _ = code_text_services(folder_store(data_dir) if data_dir is not None else None)
    return forms, knowledge


_SERVICES: dict[str, tuple[FormQuestionService, KnowledgeBaseService, CodeTextSync | None]] = {}
_SERVICES_LOCK = threading.Lock()
_MAX_SERVICES = 8


def code_text_services(
    store: CodeTextStore | None,
    mirror_dir: Path | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[FormQuestionService, KnowledgeBaseService, CodeTextSync | None]:
    """The matrix, the knowledge base and what keeps it at the store's version: one per process and store.

    All are read-only apart from the imported text, which the sync reloads in place when any
    replica imports or removes text, so one copy serves every session of the process.
    """
    folder = None if store is None else _indexed_folder(store, mirror_dir)
    key = str(folder.resolve()) if folder is not None else ""
    with _SERVICES_LOCK:
        found = _SERVICES.get(key)
        if found is None:
            found = _build_services(store, folder, clock)
            if len(_SERVICES) >= _MAX_SERVICES:
                _SERVICES.pop(next(iter(_SERVICES)))
            _SERVICES[key] = found
    return found


def _indexed_folder(store: CodeTextStore, mirror_dir: Path | None) -> Path:
    """The folder searched: a folder store's own, else a copy under the cache named for the store."""
    if isinstance(store, FolderCodeTexts):
        return store.folder
    if mirror_dir is not None:
        return mirror_dir
    digest = hashlib.sha256(store.label.encode()).hexdigest()[:16]
    return code_text_cache_dir() / "code-text" / digest


def _build_services(
    store: CodeTextStore | None, folder: Path | None, clock: Callable[[], float]
) -> tuple[FormQuestionService, KnowledgeBaseService, CodeTextSync | None]:
    if store is None or folder is None:
        return FormQuestionService(), KnowledgeBaseService(), None
    version = store.version()  # before the copy: an import meanwhile is caught at the next check
    problems = mirror(store, folder) if not isinstance(store, FolderCodeTexts) else []
    knowledge = KnowledgeBaseService(imported_dir=folder)
    sync = CodeTextSync(store, folder, knowledge.reload_imports, version, clock=clock)
    sync.problems = problems
    return FormQuestionService(), knowledge, sync


def forget_content() -> None:
    """Read the content and the code text afresh on the next call (tests; the page no longer needs it)."""
    with _SERVICES_LOCK:
        _SERVICES.clear()


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
    code_texts: CodeTextStore | None = None,
    *,
    mirror_dir: Path | None = None,
    refresh_clock: Callable[[], float] = time.monotonic,
) -> Wizard:
    """A wizard on ``storage``; code text in ``code_texts`` (else its data folder's) joins the notes.

    ``mirror_dir`` and ``refresh_clock`` place a database's copy of the code text and time its
    checks for new imports (a test's two replicas in one process).
    """
    folder = data_dir if data_dir is not None else getattr(storage, "data_dir", None)
    if code_texts is None and folder is not None:
        code_texts = folder_store(Path(folder))
    forms, knowledge, sync = code_text_services(code_texts, mirror_dir, refresh_clock)
    settings = load_settings()
    budget = Budget(window_tokens=settings.context_window, reply_tokens=settings.reply_tokens)
    advisor = advisor or make_advisor()
    remember = getattr(advisor, "remember_in", None)  # a model advisor keeps each server's reply format
    if remember is not None:
        remember(storage)
    manager = ContextManager(storage, forms, knowledge, advisor, clock=clock, budget=budget)
    return Wizard(storage, forms, knowledge, manager, clock, data_dir=folder, code_text=sync)
