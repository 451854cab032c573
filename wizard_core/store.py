"""What the core needs of a project store; ``storage/`` provides the backends."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from wizard_core.errors import InputError
from wizard_core.log_records import TurnRecord
from wizard_core.models import ArchiveEntry, Practice, ProjectState, ProjectSummary

MAX_NAME_CHARS = 120
# A name longer than any the wizard accepts (a file edited by hand) is cut to this in the list.
LISTED_NAME_CHARS = 80


class NameTaken(InputError):
    """Another project already has the name (ignoring case and runs of spaces); nothing was saved."""


def name_key(name: str) -> str:
    """A name as names are compared: case and runs of spaces ignored, so "12 King St" = "12  king st"."""
    return " ".join(name.split()).casefold()


def free_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or the first of ``name (2)``, ``name (3)``… whose key is not among the ``taken`` keys."""
    keys = set(taken)
    candidate, number = name, 2
    while name_key(candidate) in keys:
        suffix = f" ({number})"  # the base is shortened so the numbered name is still a valid one
        candidate, number = f"{name[: MAX_NAME_CHARS - len(suffix)].rstrip()}{suffix}", number + 1
    return candidate


def name_taken(name: str, taken: Iterable[str]) -> NameTaken:
    """The error for a name another project has, offering a free one."""
    free = free_name(name, taken)
    return NameTaken(
        f"Another project is already named “{name}”. Choose a different name, for example “{free}”."
    )


def listed_name(name: str) -> str:
    """A name as the project list shows it: one longer than the wizard accepts is cut, with an ellipsis."""
    return name if len(name) <= MAX_NAME_CHARS else name[:LISTED_NAME_CHARS].rstrip() + "…"


@dataclass(frozen=True)
class ProjectPage:
    """One page of the project list: the projects shown, and how many match in all."""

    projects: list[ProjectSummary]
    total: int
    offset: int
    query: str = ""


@dataclass(frozen=True)
class TurnPage:
    """Turns of a project's transcript in the order sent, each with its place in it (0: the first message)."""

    turns: list[TurnRecord]
    places: list[int]
    older: int | None  # ``before`` for the page before this one; None when no earlier turn matches


class ProjectStore(Protocol):
    """Projects by id; a save is refused (ConflictError) if someone saved since the state was loaded.

    Beside them, the practice profile: one per store, what a project's sheet names unless it has its own.
    """

    def load_project(self, project_id: str) -> ProjectState:
        """The project with its newest turns and decisions (``turns_before`` counts the older turns)."""
        ...

    def load_turns(
        self, project_id: str, section: str | None = None, before: int | None = None, limit: int = 20
    ) -> TurnPage:
        """Up to ``limit`` turns before place ``before`` (None: the end), about ``section`` only if given
        (``log_records.OUTSIDE``: outside the matrix's items), the newest such, in the order sent."""
        ...

    def load_archive(self, project_id: str, section: str, before: int | None = None) -> list[ArchiveEntry]:
        """The item's clarifying questions and earlier answers moved out of the record to the archive log
        (of its first ``before`` entries, if given), oldest first."""
        ...

    def save_project(self, state: ProjectState, *, unique_name: bool = False) -> None:
        """Store ``state``; with ``unique_name``, NameTaken (nothing saved) if another project has its name,
        checked and written under the store's names lock so concurrent creates cannot both pass."""
        ...

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

    def load_model_servers(self) -> dict[str, Any]:
        """What a model advisor learned of each server and model (the reply format it takes)."""
        ...

    def save_model_server(self, key: str, entry: dict[str, Any]) -> None:
        """Keep what was learned of one server and model beside the others."""
        ...
