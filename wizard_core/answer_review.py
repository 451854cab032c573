"""The consultant's review of a stored project's answers from the page: confirm, still holds, undo,
skip, go to an item. Each loads the project, acts through ``turn/review`` or ``turn/progress`` (the
bookkeeping a typed command shares) and saves."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

from wizard_core import archive, entry
from wizard_core.errors import ConflictError
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, ProjectState
from wizard_core.store import ProjectStore
from wizard_core.turn import progress, review

Clock = Callable[[], datetime]
T = TypeVar("T")


def confirm(storage: ProjectStore, project_id: str, section: str, clock: Clock) -> FormAnswer:
    state = storage.load_project(project_id)
    return _saved(storage, state, review.confirm(state, section, clock()))


def confirm_all(storage: ProjectStore, project_id: str, clock: Clock) -> review.ConfirmedAll:
    state = storage.load_project(project_id)
    return _saved(storage, state, review.confirm_all(state, clock()))


def keep(storage: ProjectStore, project_id: str, section: str, clock: Clock) -> FormAnswer:
    state = storage.load_project(project_id)
    return _saved(storage, state, review.keep(state, section, clock()))


def keep_all(storage: ProjectStore, project_id: str, sections: list[str], clock: Clock) -> list[FormAnswer]:
    state = storage.load_project(project_id)
    return _saved(storage, state, review.keep_all(state, sections, clock()))


def undo(
    storage: ProjectStore,
    forms: FormQuestionService,
    project_id: str,
    expected_revision: int | None,
    clock: Clock,
) -> review.Undo:
    """Take back the most recent answer, unless the project changed since the page was drawn."""
    state = storage.load_project(project_id)
    if expected_revision is not None and state.revision != expected_revision:
        raise ConflictError(
            "This project was changed in another tab or session since this page was drawn, "
            "so nothing was undone."
        )
    archive.ready_for_undo(storage, state)
    return _saved(storage, state, review.undo(state, forms, clock()))


def skip(
    storage: ProjectStore, forms: FormQuestionService, project_id: str, section: str, clock: Clock
) -> ProjectState:
    state = storage.load_project(project_id)
    progress.skip(state, section, forms, clock())
    return _saved(storage, state, state)


def go_to(
    storage: ProjectStore, forms: FormQuestionService, project_id: str, section: str, clock: Clock
) -> ProjectState:
    """Make an item current to revise it (never 3.00, the edition); saved only if it moved."""
    state = storage.load_project(project_id)
    item = entry.revisable_item(forms, section)
    if state.current_form_section == item.number:
        return state
    progress.move_to(state, item.number, clock())
    state.updated_at = clock()
    return _saved(storage, state, state)


def _saved(storage: ProjectStore, state: ProjectState, done: T) -> T:
    storage.save_project(state)
    return done
