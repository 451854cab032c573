"""What the core needs of a project store; ``storage/`` provides the backends."""

from __future__ import annotations

from typing import Protocol

from wizard_core.models import ProjectState, ProjectSummary


class ProjectStore(Protocol):
    """Projects by id; a save is refused (ConflictError) if someone saved since the state was loaded."""

    def load_project(self, project_id: str) -> ProjectState: ...

    def save_project(self, state: ProjectState) -> None: ...

    def list_projects(self) -> list[ProjectSummary]: ...

    def delete_project(self, project_id: str) -> None: ...

    def exists(self, project_id: str) -> bool: ...
