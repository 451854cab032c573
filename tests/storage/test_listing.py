"""The project list as the sidebar uses it: searched, paged, and cheap for a fresh process."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import storage.listing
from storage import StorageAdapter, TinyDBStorage
from storage.tinydb_store import INDEX_NAME
from wizard_core.models import ProjectState

T0 = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)


def _save(store: StorageAdapter, project_id: str, name: str, hour: int) -> None:
    store.save_project(ProjectState(project_id=project_id, name=name, updated_at=T0 + timedelta(hours=hour)))


@pytest.fixture
def decoded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the records the store reads (decodes) from now on."""
    seen: list[str] = []
    real = storage.listing.decode

    def counting(
        record: object, project_id: str, where: str, entries: Any = None, tail: Any = None
    ) -> ProjectState:
        seen.append(project_id)
        return real(record, project_id, where, entries, tail)

    monkeypatch.setattr(storage.listing, "decode", counting)
    return seen


def test_pages_come_newest_first_with_the_total(storage: StorageAdapter) -> None:
    for n in range(7):
        _save(storage, f"p{n}", f"Project {n}", n)
    first = storage.page_projects(limit=3)
    assert [s.name for s in first.projects] == ["Project 6", "Project 5", "Project 4"]
    assert (first.total, first.offset) == (7, 0)
    last = storage.page_projects(offset=6, limit=3)
    assert [s.name for s in last.projects] == ["Project 0"] and last.offset == 6
    # A page past the end (projects deleted meanwhile) gives the last page, not an empty one.
    assert storage.page_projects(offset=30, limit=3).offset == 6
    assert [s.name for s in storage.page_projects().projects] == [f"Project {n}" for n in range(6, -1, -1)]
    assert storage.list_projects() == storage.page_projects().projects


def test_search_finds_names_containing_the_words_in_any_case(storage: StorageAdapter) -> None:
    for n, name in enumerate(["Tower on King", "KING st plaza", "Warehouse", "Kingston school"]):
        _save(storage, f"p{n}", name, n)
    page = storage.page_projects("  king ", limit=2)
    assert [s.name for s in page.projects] == ["Kingston school", "KING st plaza"]
    assert page.total == 3 and page.query == "king"
    assert storage.page_projects("depot").total == 0


def test_a_fresh_process_lists_from_the_index_without_reading_records(
    tinydb_store: TinyDBStorage, decoded: list[str]
) -> None:
    for n in range(5):
        _save(tinydb_store, f"p{n}", f"Project {n}", n)
    tinydb_store.list_projects()
    assert (tinydb_store.projects_dir / INDEX_NAME).is_file()
    decoded.clear()

    fresh = TinyDBStorage(tinydb_store.data_dir)
    assert [s.name for s in fresh.page_projects(limit=2).projects] == ["Project 4", "Project 3"]
    assert decoded == []


def test_a_project_changed_after_the_index_was_written_is_read_again(
    tinydb_store: TinyDBStorage, decoded: list[str]
) -> None:
    for n in range(3):
        _save(tinydb_store, f"p{n}", f"Project {n}", n)
    tinydb_store.list_projects()
    other = TinyDBStorage(tinydb_store.data_dir)  # another process renames one
    state = other.load_project("p1")
    state.name = "Renamed elsewhere"
    other.save_project(state)
    decoded.clear()

    fresh = TinyDBStorage(tinydb_store.data_dir)
    assert {s.project_id: s.name for s in fresh.list_projects()}["p1"] == "Renamed elsewhere"
    assert decoded == ["p1"]  # only the changed record is read


def test_a_corrupt_or_foreign_index_is_rebuilt_and_never_fatal(
    tinydb_store: TinyDBStorage, decoded: list[str]
) -> None:
    for n in range(3):
        _save(tinydb_store, f"p{n}", f"Project {n}", n)
    index = tinydb_store.projects_dir / INDEX_NAME
    for garbage in (b"\x00{not json", b"[1, 2]", b'{"format": 1, "projects": {"p0": {"version": 1}}}'):
        index.write_bytes(garbage)
        decoded.clear()
        listed = TinyDBStorage(tinydb_store.data_dir).list_projects()
        assert [s.name for s in listed] == ["Project 2", "Project 1", "Project 0"]
        assert all(s.error is None for s in listed)
        assert sorted(decoded) == ["p0", "p1", "p2"]
    decoded.clear()
    TinyDBStorage(tinydb_store.data_dir).list_projects()
    assert decoded == []  # the last listing wrote a good index again


def test_an_index_that_lies_about_a_record_is_not_believed(tinydb_store: TinyDBStorage) -> None:
    _save(tinydb_store, "p0", "The real name", 0)
    tinydb_store.list_projects()
    index = tinydb_store.projects_dir / INDEX_NAME
    text = index.read_text().replace("The real name", "Something else")
    # Same name length, wrong version: the entry no longer matches the file, so the file is read.
    index.write_text(text.replace('"version":[', '"version":[1,'))
    assert [s.name for s in TinyDBStorage(tinydb_store.data_dir).list_projects()] == ["The real name"]


def test_deleted_and_unreadable_projects_are_listed_as_they_are_now(tinydb_store: TinyDBStorage) -> None:
    for n in range(3):
        _save(tinydb_store, f"p{n}", f"Project {n}", n)
    tinydb_store.list_projects()
    other = TinyDBStorage(tinydb_store.data_dir)
    other.delete_project("p0")
    (tinydb_store.projects_dir / "p1.json").write_text("{broken")

    fresh = TinyDBStorage(tinydb_store.data_dir)
    listed = {s.project_id: s for s in fresh.list_projects()}
    assert set(listed) == {"p1", "p2"}
    assert listed["p1"].error is not None and "cannot be read" in listed["p1"].error
    assert fresh.page_projects("project").total == 1  # an unreadable one is named by its file


def test_an_index_that_cannot_be_read_or_written_only_costs_reading_the_records(
    tinydb_store: TinyDBStorage, decoded: list[str]
) -> None:
    _save(tinydb_store, "p0", "Only one", 0)
    (tinydb_store.projects_dir / INDEX_NAME).mkdir()  # not a file: neither readable nor replaceable
    for _ in range(2):
        decoded.clear()
        assert [s.name for s in TinyDBStorage(tinydb_store.data_dir).list_projects()] == ["Only one"]
        assert decoded == ["p0"]
