"""What a stored project record means: encoding, decoding through migrations, and summaries."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from storage.migrations import upgrade
from wizard_core.errors import CorruptStoreError, StorageError

# The list entry is the core's type; storage re-exports it for callers that import it from here.
from wizard_core.models import ProjectState, ProjectSummary


def corrupt(where: str, reason: str) -> CorruptStoreError:
    """The error for a stored project that cannot be read; ``where`` names it."""
    return CorruptStoreError(
        f"{where} cannot be read ({reason}). "
        "Other projects are unaffected; restore it from a backup or delete it."
    )


def decode(record: object, project_id: str, where: str) -> ProjectState:
    """Upgrade and validate a stored record; CorruptStoreError naming ``where`` if it is bad."""
    if not isinstance(record, dict):
        raise corrupt(where, "it is not a wizard project")
    try:
        current = upgrade(record, where)
        # The stored id is the project's identity: a copied file opens as the copy.
        current["project_id"] = project_id
        return ProjectState.model_validate(current)
    except StorageError:
        raise
    except (ValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise corrupt(where, "it is not a valid wizard project") from exc


def encode(state: ProjectState) -> dict[str, Any]:
    """The JSON record to store for ``state`` at the next revision.

    ``updated_at`` is the core's to set (it runs on an injectable clock), so it is kept.
    """
    record = state.model_dump(mode="json")
    record["revision"] = state.revision + 1
    return record


def mark_saved(state: ProjectState, record: dict[str, Any]) -> None:
    """After a successful write, make ``state`` match what is stored."""
    state.revision = record["revision"]


def summarize(state: ProjectState) -> ProjectSummary:
    """The list entry for a readable project."""
    return ProjectSummary(
        project_id=state.project_id,
        name=state.name,
        complete=state.complete,
        answered=len(state.finalized_answers),
        current_section=state.current_form_section,
        updated_at=aware(state.updated_at),
    )


def unreadable(project_id: str, label: str, modified: datetime, error: str) -> ProjectSummary:
    """The list entry for a project that cannot be read, named by ``label`` as stored."""
    return ProjectSummary(project_id, label, False, 0, None, aware(modified), error)


def aware(moment: datetime) -> datetime:
    """Treat a naive time as UTC so old and new records sort together."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def newest_first(summaries: list[ProjectSummary]) -> list[ProjectSummary]:
    """Sort for the project list; ties broken by id so the order is stable."""
    by_id = sorted(summaries, key=lambda s: s.project_id)
    return sorted(by_id, key=lambda s: s.updated_at, reverse=True)
