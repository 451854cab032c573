"""Version 6: the record keeps the newest undo steps and the earlier answers they restore, nothing lost.

A project a version-5 wizard stored (every one of its undo steps in the record) opens, on every
backend, with the newest two steps in the record and the rest in the archive log, and every answer
can still be undone, one after another, back to the first.
"""

from __future__ import annotations

import json

from storage import InMemoryStorage, StorageAdapter, TinyDBStorage
from tests.support import make_manager
from wizard_core import archive
from wizard_core.models import STEPS_KEPT, ArchiveEntry, MovedOut, ProjectState

NOTES = [f"Note {n}." for n in range(1, 7)]


def _as_version_5(state: ProjectState) -> ProjectState:
    """``state`` (loaded whole) as a version-5 wizard kept it: every undo step in the record, the item's
    newest earlier answer beside them, the older ones in the archive log."""
    steps = [entry.step for entry in state.archive if entry.step is not None] + state.answer_steps
    earlier = [entry.answer for entry in state.archive if entry.answer is not None]
    earlier += state.answer_history.get("3.26", [])
    return state.model_copy(
        update={
            "schema_version": 5,
            "answer_steps": steps,
            "steps_moved": 0,
            "answer_history": {"3.26": earlier[-1:]},
            "moved_out": {"3.26": MovedOut(answers=len(earlier) - 1)},
            "archive": [ArchiveEntry(section="3.26", answer=answer) for answer in earlier[:-1]],
        }
    )


def test_a_version_5_project_keeps_two_undo_steps_and_undoes_every_answer(storage: StorageAdapter) -> None:
    made = make_manager(InMemoryStorage())
    project = made.start_project("Noted six times").project_id
    for note in NOTES:
        made.answer_directly(project, "3.26", note)
    old = _as_version_5(made.storage.load_project(project, whole=True))
    assert len(old.answer_steps) == 6  # the code edition's answer (3.00) is never a step
    storage.put_copy(old)

    wizard = make_manager(storage)
    state = wizard.load_project(project)  # upgraded on the way in
    assert len(state.answer_steps) == STEPS_KEPT and state.steps_moved == 6 - STEPS_KEPT
    # Every earlier answer, the log's and the record's, in order.
    assert [answer.value for answer in archive.answers(storage, state, "3.26")] == NOTES[:-1]
    wizard.storage.save_project(state)

    for back_to in reversed(NOTES[:-1]):
        undo = wizard.last_undo(wizard.load_project(project))  # what the page's button names
        assert undo is not None and undo.restores is not None and undo.restores.value == back_to
        wizard.undo_last_answer(project)
        state = wizard.load_project(project)
        assert state.answer_for("3.26").value == back_to  # type: ignore[union-attr]
        assert len(state.answer_steps) <= STEPS_KEPT + 1
    wizard.undo_last_answer(project)  # the first answer: the item is unanswered again
    state = wizard.load_project(project)
    assert state.answer_for("3.26") is None and state.steps_moved == 0


def test_a_long_project_keeps_two_undo_steps_in_its_record(tinydb_store: TinyDBStorage) -> None:
    wizard = make_manager(tinydb_store)
    project = wizard.start_project("Noted sixty times").project_id
    for n in range(60):
        wizard.answer_directly(project, "3.26", f"Note {n}.")
    state = wizard.load_project(project)
    assert len(state.answer_steps) == STEPS_KEPT and state.steps_moved == 50 - STEPS_KEPT
    record = json.loads((tinydb_store.projects_dir / f"{project}.json").read_text())["project"]["1"]
    assert len(record["answer_steps"]) == STEPS_KEPT and len(record["answer_history"]["3.26"]) == 1
    for n in range(59, 10, -1):  # the 50 newest answers can be undone, as before
        assert wizard.undo_last_answer(project).answer.value == f"Note {n}."
    assert wizard.load_project(project).answer_for("3.26").value == "Note 10."  # type: ignore[union-attr]
