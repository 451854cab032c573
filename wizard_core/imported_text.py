"""The consultant's imported code text as the face offers it: plain functions over the store that
keeps it and the version in use (``CodeTextSync``; None for a wizard without a data folder)."""

from __future__ import annotations

from pathlib import Path

from wizard_core.content import KnowledgeEntry
from wizard_core.errors import InputError
from wizard_core.knowledge import code_catalog, code_import
from wizard_core.knowledge.code_sync import CodeTextSync
from wizard_core.knowledge.service import KnowledgeBaseService


def excerpt(knowledge: KnowledgeBaseService, entry_id: str) -> tuple[KnowledgeEntry, bool] | None:
    """A code excerpt by id, and whether it is the consultant's imported text."""
    entry = knowledge.get(entry_id)
    return None if entry is None else (entry, knowledge.origin(entry) == "imported")


def names(sync: CodeTextSync | None) -> list[str]:
    """Names of the code text imported into the store (a data folder or a database)."""
    return sync.store.names() if sync is not None else []


def catalog(sync: CodeTextSync | None) -> list[code_catalog.ImportInfo]:
    """Each imported code text with its edition, source file, article count and date imported."""
    return code_catalog.catalog(sync.store) if sync is not None else []


def problems(knowledge: KnowledgeBaseService, sync: CodeTextSync | None) -> list[str]:
    """What went wrong reading imported text: the knowledge base's, then the store's."""
    extra = sync.problems if sync is not None else []
    return [*knowledge.import_problems, *extra]


def is_imported(sync: CodeTextSync | None, name: str) -> bool:
    return code_import.safe_name(name) in names(sync)


def import_code(
    sync: CodeTextSync | None, path: Path, edition: str, name: str | None
) -> code_import.ImportResult:
    """Import the file into the store; this replica uses it at once, the others within seconds."""
    result = code_import.import_code_text(path, _required(sync).store, edition=edition, name=name)
    _required(sync).check(force=True)
    return result


def remove(sync: CodeTextSync | None, name: str) -> bool:
    """Remove an import by name; whether there was one."""
    removed = _required(sync).store.remove(code_import.safe_name(name))
    _required(sync).check(force=True)
    return removed


def refresh(sync: CodeTextSync | None) -> bool:
    """Reload the imported code text if any replica changed it (asks the store every few seconds)."""
    return sync.check() if sync is not None else False


def _required(sync: CodeTextSync | None) -> CodeTextSync:
    if sync is None:
        raise InputError("This wizard has no data folder to import code text into.")
    return sync
