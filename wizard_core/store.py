"""What the core needs of a project store; ``storage/`` provides the backends."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from wizard_core.models import Practice, ProjectState, ProjectSummary


@dataclass(frozen=True)
class ProjectPage:
    """One page of the project list: the projects shown, and how many match in all."""

    projects: list[ProjectSummary]
    total: int
    offset: int
    query: str = ""


class ProjectStore(Protocol):
    """Projects by id; a save is refused (ConflictError) if someone saved since the state was loaded.

    Beside them, the practice profile: one per store, what a project's sheet names unless it has its own.
    """

    def load_project(self, project_id: str) -> ProjectState: ...

    def save_project(self, state: ProjectState) -> None: ...

    def list_projects(self) -> list[ProjectSummary]: ...

    def page_projects(self, query: str = "", offset: int = 0, limit: int | None = None) -> ProjectPage:
        """Projects whose name contains ``query`` (any case), newest first, ``limit`` from ``offset``."""
        ...

    def delete_project(self, project_id: str) -> None: ...

    def exists(self, project_id: str) -> bool: ...

    def load_practice(self) -> Practice:
        """The practice profile every project in the store shares; an empty one if none was saved."""
        ...

    def save_practice(self, practice: Practice) -> None:
        """Replace the practice profile; InputError (nothing saved) if a field does not fit."""
        ...
