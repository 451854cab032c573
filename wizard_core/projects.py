"""A project's life outside the conversation: started with its edition answered, named uniquely,
renamed; the face saves and deletes through the store."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime

from wizard_core import typed
from wizard_core.errors import InputError
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, ProjectState
from wizard_core.store import MAX_NAME_CHARS, ProjectStore, free_name, name_key
from wizard_core.turn.progress import finalize


def start_project(
    storage: ProjectStore,
    forms: FormQuestionService,
    clock: Callable[[], datetime],
    name: str,
    code_edition: str = "2024",
    address: str = "",
) -> ProjectState:
    """Create a project; 3.00 is answered from the code edition, 3.01 is asked first."""
    edition = forms.edition(code_edition)
    name = unique_name(storage, name)
    address = typed.address(address)
    now = clock()
    state = ProjectState(
        project_id=uuid.uuid4().hex,
        name=name,
        address=address,
        form_id=forms.form_id,
        code_edition=edition.key,
        current_form_section=forms.first_question,
        created_at=now,
        updated_at=now,
    )
    version = forms.items[0]
    finalize(
        state,
        FormAnswer(
            section=version.number,
            question_number=version.number,
            title=version.title,
            question=version.question,
            answer=f"{edition.label}: {edition.regulation}, as amended to {edition.last_amendment}",
            value=f"{edition.regulation} (last amendment {edition.last_amendment})",
            confidence=1.0,
            obc_references=list(version.references),
            source="edition",
            timestamp=now,
        ),
        forms,
    )
    storage.save_project(state, unique_name=True)
    return state


def rename_project(
    storage: ProjectStore, state: ProjectState, name: str, address: str | None, clock: Callable[[], datetime]
) -> ProjectState:
    """A new name (unique), and the site address when given ("" clears it)."""
    renamed = name_key(state.name) != name_key(name)
    state.name = unique_name(storage, name, state.project_id)
    if address is not None:
        state.address = typed.address(address)
    state.updated_at = clock()
    storage.save_project(state, unique_name=renamed)
    return state


def unique_name(storage: ProjectStore, name: str, project_id: str | None = None) -> str:
    """The cleaned name; InputError (with a free alternative) if another project has it.

    Names compare ignoring case and runs of spaces, so "12 King St" and "12  king st" clash.
    """
    name = typed.clean_text(name, MAX_NAME_CHARS, "project name")
    free = untaken_name(storage, name, project_id)
    if free == name:
        return name  # the store checks again as it saves, under its names lock (sessions at once)
    raise InputError(
        f"Another project is already named “{name}”. Choose a different name, for example “{free}”."
    )


def untaken_name(storage: ProjectStore, name: str, project_id: str | None = None) -> str:
    """``name``, or the first of ``name (2)``, ``name (3)``… that no other project has."""
    taken = {
        name_key(s.name) for s in storage.list_projects() if s.project_id != project_id and s.error is None
    }
    return free_name(name, taken)
