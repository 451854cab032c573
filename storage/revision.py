"""The revision check: a save from a stale copy is a conflict, and what a write is checked against.

Every record carries ``revision``, bumped by each save. A save is allowed only if the stored
revision is the one the state was loaded (or last saved) at; the store learns it the cheapest
way the backend allows: what the backend last wrote, if provably still stored (``Known``), read
back otherwise, or checked by the backend in the statement that writes (``StaleWrite``).
"""

from __future__ import annotations

from typing import NamedTuple

from storage.logs import Meta
from wizard_core.errors import ConflictError
from wizard_core.models import ProjectState

CONFLICT_MESSAGE = (
    "This project was changed in another session since it was opened here, so this change was not saved."
)


class Current(NamedTuple):
    """What is stored before a write, as the store checked it: its revision, and where its log stands."""

    revision: int
    # The backend's own note of where the log stands (``Stored.position``), handed back to ``write``.
    position: object = None


class Known(NamedTuple):
    """A record as its backend last wrote it, still stored unchanged: no need to read it back."""

    revision: int
    meta: Meta  # its logs' description
    position: object = None


class StaleWrite(Exception):
    """A backend that checks its writes found the stored record not as expected; nothing was written.

    ``conflict``: certainly another session's save (a later revision is stored); otherwise the store
    reads what is stored to say why.
    """

    def __init__(self, conflict: bool = False) -> None:
        super().__init__("the stored record is not the one expected")
        self.conflict = conflict


def check_revision(stored_revision: int | None, state: ProjectState) -> None:
    """Raise ConflictError unless ``state`` was loaded at the stored revision."""
    # A never-saved state (revision 0) may only create; an imported record also sits at 0.
    if stored_revision is None and state.revision == 0:
        return
    if stored_revision != state.revision:
        raise ConflictError(CONFLICT_MESSAGE)
