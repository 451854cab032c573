"""The practice on the sheet: the store's profile, which every project uses, or a project's own copy."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from wizard_core import typed
from wizard_core.models import Practice, ProjectState
from wizard_core.store import ProjectStore


def save_profile(storage: ProjectStore, name: str, address_1: str, address_2: str, contact: str) -> Practice:
    """The store's practice profile, as typed (every field checked before anything is saved)."""
    practice = typed.practice(name, address_1, address_2, contact)
    storage.save_practice(practice)
    return practice


def set_own(
    storage: ProjectStore,
    project_id: str,
    name: str,
    address_1: str,
    address_2: str,
    contact: str,
    clock: Callable[[], datetime],
) -> ProjectState:
    """The project's own practice details, saved; all fields empty: the profile again."""
    practice = typed.practice(name, address_1, address_2, contact)
    state = storage.load_project(project_id)
    state.practice = None if practice.empty else practice
    state.updated_at = clock()
    storage.save_project(state)
    return state


def on_sheet(storage: ProjectStore, state: ProjectState) -> Practice:
    """The practice ``state``'s sheet names: its own copy if set, else the profile as it stands."""
    return state.practice if state.practice is not None else storage.load_practice()
