"""A project kept decoded between loads reads back exactly as the file holds it, and never stale.

The page opens a project and the consultant's turn loads it again; the second load builds the state
from what the first decoded when the file is unchanged (``storage/kept.py``). Every load must still
equal a load by a store that never kept anything, and a change made anywhere else must show.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from storage import TinyDBStorage
from tests.support import make_manager
from wizard_core.errors import CorruptStoreError, ProjectNotFound
from wizard_core.log_records import TranscriptFigures
from wizard_core.models import ProjectState
from wizard_core.settled import ChangedInPlace

MESSAGES = [
    "New construction, a two storey office building.",
    "Group D offices only.",
    "what do you need here?",
    "No superimposed occupancies.",
    "Building area 1,150 m2, all new.",
    "Correction to 3.04: new building area 1,240 m2.",
    "undo that",
    "what counts as a storey?",
    "Gross area 2,300 m2.",
]


def _same(kept: ProjectState, fresh: ProjectState) -> None:
    assert kept == fresh
    assert kept.revision == fresh.revision
    assert kept.log_before == fresh.log_before
    assert kept.transcript == fresh.transcript


def test_every_load_equals_a_load_by_a_store_that_kept_nothing(tmp_path: Path) -> None:
    store = TinyDBStorage(tmp_path / "data")
    wizard = make_manager(store)
    project = wizard.start_project("Kept office").project_id
    for message in MESSAGES:
        opened = store.load_project(project)  # the page, before the consultant types
        _same(store.load_project(project), opened)  # kept: the same project again
        wizard.process_user_response(project, message)
        _same(store.load_project(project), TinyDBStorage(tmp_path / "data").load_project(project))
    assert len(store.load_project(project).finalized_answers) >= 4


def test_each_load_gets_its_own_objects(tinydb_store: TinyDBStorage) -> None:
    wizard = make_manager(tinydb_store)
    project = wizard.start_project("Own objects").project_id
    wizard.process_user_response(project, "New construction, a bank branch.")
    first = tinydb_store.load_project(project)
    answer = first.answer_for("3.01")
    assert answer is not None
    with pytest.raises(ValidationError):  # settled: the loads share it, so nobody changes it in place
        answer.value = "Changed in memory only"
    first.replace_answer("3.01", value="Changed in memory only")
    first.turns.clear()
    first.transcript = TranscriptFigures()
    second = tinydb_store.load_project(project)
    assert second.answer_for("3.01") == tinydb_store.load_project(project).answer_for("3.01")
    assert second.answer_for("3.01").value == "New construction"  # type: ignore[union-attr]
    assert second.turns and second.transcript.said


@pytest.mark.parametrize("change", ["an ended turn", "the figures"])
def test_a_change_in_place_to_what_loads_share_fails_loudly(tinydb_store: TinyDBStorage, change: str) -> None:
    """Ended turns and the turn log's figures are shared by the loads (only a pending turn is ever
    written to, and a save replaces the figures); a change made inside one would show in every later
    load without being saved, so the test suite's check refuses it."""
    wizard = make_manager(tinydb_store)
    project = wizard.start_project("Shared turns").project_id
    wizard.process_user_response(project, "New construction, a bank branch.")
    first = tinydb_store.load_project(project)
    if change == "an ended turn":
        first.turns[0].message = "Changed in memory only"
    else:
        first.transcript.said.clear()
    with pytest.raises(ChangedInPlace, match="changed in place"):
        tinydb_store.load_project(project)


def test_a_load_after_a_save_shares_the_answers_that_did_not_change(tinydb_store: TinyDBStorage) -> None:
    """The page's load after a turn decodes the saved file afresh and equals a store's that kept nothing,
    but takes the answers the turn left as they were from the load before (the revised one is new)."""
    wizard = make_manager(tinydb_store)
    project = wizard.start_project("Kept after saving").project_id
    for message in MESSAGES[:5]:
        wizard.process_user_response(project, message)
        _same(tinydb_store.load_project(project), TinyDBStorage(tinydb_store.data_dir).load_project(project))
    before = tinydb_store.load_project(project)
    wizard.process_user_response(project, MESSAGES[5])
    after = tinydb_store.load_project(project)
    assert after.answer_for("3.01") is before.answer_for("3.01")  # unchanged: shared
    assert after.answer_for("3.04") is not before.answer_for("3.04")  # revised
    assert after.answer_for("3.04") == TinyDBStorage(tinydb_store.data_dir).load_project(project).answer_for(
        "3.04"
    )


def test_a_save_by_another_store_shows_at_the_next_load(tmp_path: Path) -> None:
    mine = TinyDBStorage(tmp_path / "data")
    project = make_manager(mine).start_project("Two tabs").project_id
    mine.load_project(project)  # kept
    theirs = make_manager(TinyDBStorage(tmp_path / "data"))
    theirs.process_user_response(project, "Alteration of a retail unit.")
    loaded = mine.load_project(project)
    assert loaded.answer_for("3.01") is not None
    assert loaded.revision == TinyDBStorage(tmp_path / "data").load_project(project).revision


def test_a_file_damaged_or_removed_after_it_was_kept_is_not_read_from_memory(
    tinydb_store: TinyDBStorage,
) -> None:
    project = make_manager(tinydb_store).start_project("Damaged").project_id
    tinydb_store.load_project(project)  # kept
    path = tinydb_store.projects_dir / f"{project}.json"
    path.write_text(path.read_text()[:-40])
    with pytest.raises(CorruptStoreError):
        tinydb_store.load_project(project)
    path.unlink()
    with pytest.raises(ProjectNotFound):
        tinydb_store.load_project(project)


def test_a_deleted_project_is_gone_though_it_was_kept(tinydb_store: TinyDBStorage) -> None:
    project = make_manager(tinydb_store).start_project("Deleted").project_id
    tinydb_store.load_project(project)
    tinydb_store.delete_project(project)
    with pytest.raises(ProjectNotFound):
        tinydb_store.load_project(project)
