"""The storage contract every backend meets, and the record rules they share."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from storage.migrations import upgrade
from wizard_core.errors import ConflictError, CorruptStoreError, ProjectNotFound, StorageError
from wizard_core.models import ProjectState

# Ids become file names, so only characters that can never form a path are allowed.
PROJECT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

CONFLICT_MESSAGE = (
    "This project was changed in another session since you opened it; reload it to see the latest answers."
)


@dataclass(frozen=True)
class ProjectSummary:
    """One line of the project list; ``error`` is set when the project cannot be read."""

    project_id: str
    name: str
    complete: bool
    answered: int
    current_section: str | None
    updated_at: datetime
    error: str | None = None


class StorageAdapter(ABC):
    """Where projects live; saves are guarded by the revision the state was loaded at."""

    @abstractmethod
    def load_project(self, project_id: str) -> ProjectState:
        """Return the stored project; ProjectNotFound if absent, CorruptStoreError if unreadable."""

    @abstractmethod
    def save_project(self, state: ProjectState) -> None:
        """Store ``state`` if nobody saved since it was loaded; bumps ``state.revision``."""

    @abstractmethod
    def list_projects(self) -> list[ProjectSummary]:
        """Summaries, most recently updated first; unreadable projects carry ``error``."""

    @abstractmethod
    def delete_project(self, project_id: str) -> None:
        """Remove the project; ProjectNotFound if absent."""

    @abstractmethod
    def exists(self, project_id: str) -> bool:
        """Whether a project with this id is stored."""


def is_valid_id(project_id: object) -> bool:
    """Whether ``project_id`` is safe to use as a file name."""
    return isinstance(project_id, str) and PROJECT_ID.fullmatch(project_id) is not None


def require_id(project_id: str) -> None:
    """Reject an unusable id on lookup the same way as a missing project."""
    if not is_valid_id(project_id):
        raise ProjectNotFound("That project does not exist; its id is not valid.")


def require_saveable_id(project_id: str) -> None:
    """Reject an unusable id before anything is written."""
    if not is_valid_id(project_id):
        raise StorageError("The project cannot be saved: its id must be 1 to 64 letters, digits, '-' or '_'.")


def not_found(project_id: str) -> ProjectNotFound:
    """The error for a valid id with no stored project."""
    return ProjectNotFound(f"Project {project_id} was not found; it may have been deleted.")


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
        # The file name is the project's identity: a copied file opens as the copy.
        current["project_id"] = project_id
        return ProjectState.model_validate(current)
    except StorageError:
        raise
    except (ValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise corrupt(where, "it is not a valid wizard project") from exc


def check_revision(stored_revision: int | None, state: ProjectState) -> None:
    """Raise ConflictError unless ``state`` was loaded at the stored revision."""
    # A never-saved state (revision 0) may only create; an imported record also sits at 0.
    if stored_revision is None and state.revision == 0:
        return
    if stored_revision != state.revision:
        raise ConflictError(CONFLICT_MESSAGE)


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


def aware(moment: datetime) -> datetime:
    """Treat a naive time as UTC so old and new records sort together."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def newest_first(summaries: list[ProjectSummary]) -> list[ProjectSummary]:
    """Sort for the project list; ties broken by id so the order is stable."""
    by_id = sorted(summaries, key=lambda s: s.project_id)
    return sorted(by_id, key=lambda s: s.updated_at, reverse=True)
