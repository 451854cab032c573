"""Hostile files in the project folder: each is that project's own clear error; the rest keep working.

Every file here is made by the test in ``tmp_path``: deep nesting, huge numbers, lone surrogates,
pipes, links, folders and oversized files where a project file, its log or its lock should be.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from storage import TinyDBStorage
from storage import tinydb_store as tinydb_module
from wizard_core.errors import CorruptStoreError, StorageError
from wizard_core.models import ProjectState

from .test_storage import _full_state, _is_plain_sentence


def _record_file(project_id: str, **changes: object) -> bytes:
    record = _full_state(project_id).model_dump(mode="json") | changes
    return json.dumps({"project": {"1": record}}).encode()


def _deep(depth: int) -> bytes:
    return b'{"project": {"1": {"name": ' + b"[" * depth + b"]" * depth + b"}}}"


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _link_to_dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _dangling_link(path: Path) -> None:
    path.symlink_to(path.parent / "nowhere.json")


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("x")


def _oversized(path: Path) -> None:
    with path.open("wb") as handle:  # sparse: no disk used
        handle.truncate(tinydb_module.MAX_PROJECT_BYTES + 1)


def _write(content: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(content)


HOSTILE: dict[str, tuple[Callable[[Path], None], str]] = {
    "nested 200 000 deep": (_write(_deep(200_000)), "nested too deeply"),
    "nested just past the limit": (_write(_deep(70)), "nested too deeply"),
    "a revision of 5 000 digits": (
        _write(_record_file("bad").replace(b'"revision": 0', b'"revision": ' + b"7" * 5000)),
        "longer than 30 digits",
    ),
    "an answer of 31 digits": (
        _write(_record_file("bad", latest_user_answer=10**30)),
        "longer than 30 digits",
    ),
    "NaN where a number goes": (_write(b'{"project": {"1": {"revision": NaN}}}'), "not a number"),
    "a pipe": (_fifo, "pipe, not a file"),
    "a link to /dev/zero": (_link_to_dev_zero, "link, not a file"),
    "a dangling link": (_dangling_link, "link, not a file"),
    "a folder": (_folder, "folder, not a file"),
    "larger than the limit": (_oversized, "larger than 16 MB"),
    "invalid UTF-8": (_write(b'{"project": {"1": {"name": "\xff\xfe"}}}'), "not UTF-8 text"),
}


def _listing_within(store: TinyDBStorage, seconds: float) -> dict:
    """The project list, from a thread that must finish in time (a pipe would hang it)."""
    result: dict = {}
    worker = threading.Thread(target=lambda: result.update({s.project_id: s for s in store.list_projects()}))
    worker.daemon = True
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "listing the projects hung"
    return result


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_project_file_is_its_own_clear_error(tinydb_store: TinyDBStorage, kind: str) -> None:
    make, reason = HOSTILE[kind]
    for project_id in ("good-1", "good-2"):
        tinydb_store.save_project(_full_state(project_id))
    make(tinydb_store.projects_dir / "bad.json")

    listed = _listing_within(tinydb_store, 10)
    assert set(listed) == {"good-1", "good-2", "bad"}
    error = listed["bad"].error
    assert (
        error is not None and reason in error and "projects/bad.json" in error and _is_plain_sentence(error)
    )
    assert [listed[p].error for p in ("good-1", "good-2")] == [None, None]
    assert listed["bad"].name == "bad.json"

    with pytest.raises(CorruptStoreError) as caught:
        tinydb_store.load_project("bad")
    assert str(caught.value) == error
    assert tinydb_store.exists("bad")
    with pytest.raises(StorageError):  # never written over, never created through a link
        tinydb_store.save_project(ProjectState(project_id="bad"))
    assert tinydb_store.load_project("good-2").name == "Tower on King St"
    assert not (Path("/dev/zero").is_file())


@pytest.mark.parametrize("kind", ["a pipe", "a link to /dev/zero", "a dangling link", "nested 200 000 deep"])
def test_a_hostile_project_file_can_be_deleted_from_the_list(tinydb_store: TinyDBStorage, kind: str) -> None:
    tinydb_store.save_project(_full_state("kept"))
    HOSTILE[kind][0](tinydb_store.projects_dir / "bad.json")
    tinydb_store.delete_project("bad")
    assert [s.project_id for s in tinydb_store.list_projects()] == ["kept"]
    assert not os.path.lexists(tinydb_store.projects_dir / "bad.json")


def test_a_folder_named_like_a_project_is_not_deleted_and_says_why(tinydb_store: TinyDBStorage) -> None:
    _folder(tinydb_store.projects_dir / "bad.json")
    with pytest.raises(StorageError) as caught:
        tinydb_store.delete_project("bad")
    assert "is a folder, not a project file" in str(caught.value)
    assert (tinydb_store.projects_dir / "bad.json" / "inside.txt").read_text() == "x"


def test_a_lone_surrogate_in_a_stored_name_opens_with_a_replacement_character(
    tinydb_store: TinyDBStorage,
) -> None:
    raw = _record_file("odd", name="Tower \udc80 on King").decode("utf-8", "surrogatepass")
    (tinydb_store.projects_dir / "odd.json").write_text(json.dumps(json.loads(raw)), encoding="ascii")
    assert "\\udc80" in (tinydb_store.projects_dir / "odd.json").read_text()

    state = tinydb_store.load_project("odd")
    assert state.name == "Tower \ufffd on King"
    assert [s.name for s in tinydb_store.list_projects()] == ["Tower \ufffd on King"]
    state.name.encode("utf-8")  # printable and storable
    tinydb_store.save_project(state)
    assert tinydb_store.load_project("odd").name == "Tower \ufffd on King"


def test_a_lone_surrogate_from_a_model_is_saved_with_a_replacement_character(
    tinydb_store: TinyDBStorage,
) -> None:
    state = _full_state("model")
    state.replace_answer(state.finalized_answers[0].section, answer="New construction \ud800 (sic)")
    tinydb_store.save_project(state)
    stored = tinydb_store.load_project("model")
    assert stored.finalized_answers[0].answer == "New construction \ufffd (sic)"
    assert stored.finalized_answers[1:] == state.finalized_answers[1:]


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (10**40, "longer than 30 digits"),
        (
            [
                [
                    [
                        [
                            [
                                [
                                    [
                                        [
                                            [
                                                [
                                                    [
                                                        [
                                                            [
                                                                [
                                                                    [
                                                                        [
                                                                            [
                                                                                [
                                                                                    [
                                                                                        [
                                                                                            [
                                                                                                [
                                                                                                    [
                                                                                                        [
                                                                                                            [
                                                                                                                [
                                                                                                                    [
                                                                                                                        [
                                                                                                                            [
                                                                                                                                [
                                                                                                                                    [
                                                                                                                                        [
                                                                                                                                            [
                                                                                                                                                [
                                                                                                                                                    [
                                                                                                                                                        [
                                                                                                                                                            [
                                                                                                                                                                [
                                                                                                                                                                    [
                                                                                                                                                                        [
                                                                                                                                                                            [
                                                                                                                                                                                [
                                                                                                                                                                                    [
                                                                                                                                                                                        [
                                                                                                                                                                                            [
                                                                                                                                                                                                [
                                                                                                                                                                                                    [
                                                                                                                                                                                                        [
                                                                                                                                                                                                            [
                                                                                                                                                                                                                [
                                                                                                                                                                                                                    [
                                                                                                                                                                                                                        [
                                                                                                                                                                                                                            [
                                                                                                                                                                                                                                [
                                                                                                                                                                                                                                    [
                                                                                                                                                                                                                                        [
                                                                                                                                                                                                                                            [
                                                                                                                                                                                                                                                [
                                                                                                                                                                                                                                                    [
                                                                                                                                                                                                                                                        [
                                                                                                                                                                                                                                                            [
                                                                                                                                                                                                                                                                [
                                                                                                                                                                                                                                                                    [
                                                                                                                                                                                                                                                                        [
                                                                                                                                                                                                                                                                            [
                                                                                                                                                                                                                                                                                [
                                                                                                                                                                                                                                                                                    []
                                                                                                                                                                                                                                                                                ]
                                                                                                                                                                                                                                                                            ]
                                                                                                                                                                                                                                                                        ]
                                                                                                                                                                                                                                                                    ]
                                                                                                                                                                                                                                                                ]
                                                                                                                                                                                                                                                            ]
                                                                                                                                                                                                                                                        ]
                                                                                                                                                                                                                                                    ]
                                                                                                                                                                                                                                                ]
                                                                                                                                                                                                                                            ]
                                                                                                                                                                                                                                        ]
                                                                                                                                                                                                                                    ]
                                                                                                                                                                                                                                ]
                                                                                                                                                                                                                            ]
                                                                                                                                                                                                                        ]
                                                                                                                                                                                                                    ]
                                                                                                                                                                                                                ]
                                                                                                                                                                                                            ]
                                                                                                                                                                                                        ]
                                                                                                                                                                                                    ]
                                                                                                                                                                                                ]
                                                                                                                                                                                            ]
                                                                                                                                                                                        ]
                                                                                                                                                                                    ]
                                                                                                                                                                                ]
                                                                                                                                                                            ]
                                                                                                                                                                        ]
                                                                                                                                                                    ]
                                                                                                                                                                ]
                                                                                                                                                            ]
                                                                                                                                                        ]
                                                                                                                                                    ]
                                                                                                                                                ]
                                                                                                                                            ]
                                                                                                                                        ]
                                                                                                                                    ]
                                                                                                                                ]
                                                                                                                            ]
                                                                                                                        ]
                                                                                                                    ]
                                                                                                                ]
                                                                                                            ]
                                                                                                        ]
                                                                                                    ]
                                                                                                ]
                                                                                            ]
                                                                                        ]
                                                                                    ]
                                                                                ]
                                                                            ]
                                                                        ]
                                                                    ]
                                                                ]
                                                            ]
                                                        ]
                                                    ]
                                                ]
                                            ]
                                        ]
                                    ]
                                ]
                            ]
                        ]
                    ]
                ]
            ],
            "nested too deeply",
        ),
    ],
    ids=["a 41-digit number", "nested 68 deep"],
)
def test_a_value_that_would_not_read_back_is_refused_and_nothing_is_written(
    tinydb_store: TinyDBStorage, value: object, reason: str
) -> None:
    tinydb_store.save_project(_full_state("p"))
    before = {p.name: p.read_bytes() for p in tinydb_store.projects_dir.iterdir()}
    state = tinydb_store.load_project("p")
    state.replace_answer(state.finalized_answers[0].section, value=value)
    with pytest.raises(StorageError) as caught:
        tinydb_store.save_project(state)
    assert reason in str(caught.value) and _is_plain_sentence(str(caught.value))
    assert state.revision == 1
    assert {p.name: p.read_bytes() for p in tinydb_store.projects_dir.iterdir()} == before


# --- the lock file ------------------------------------------------------------------------


def test_a_lock_linked_outside_the_folder_is_refused_and_creates_nothing_there(
    tinydb_store: TinyDBStorage, tmp_path: Path
) -> None:
    outside = tmp_path / "outside" / "planted.txt"
    outside.parent.mkdir()
    (tinydb_store.projects_dir / "p.lock").symlink_to(outside)
    with pytest.raises(StorageError) as caught:
        tinydb_store.save_project(_full_state("p"))
    message = str(caught.value)
    assert "projects/p.lock" in message and "link" in message and _is_plain_sentence(message)
    assert not outside.exists()
    assert not (tinydb_store.projects_dir / "p.json").exists()


@pytest.mark.parametrize("make", [_fifo, _folder], ids=["a pipe", "a folder"])
def test_a_lock_that_is_not_a_file_is_refused_without_hanging(tinydb_store: TinyDBStorage, make) -> None:
    make(tinydb_store.projects_dir / "p.lock")
    with pytest.raises(StorageError) as caught:
        tinydb_store.save_project(_full_state("p"))
    assert "projects/p.lock" in str(caught.value)


def test_a_failed_first_save_leaves_no_stray_lock(tinydb_store: TinyDBStorage, monkeypatch) -> None:
    def full_disk(self, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tinydb_module.ProjectFileStorage, "write", full_disk)
    with pytest.raises(StorageError, match="No space left on device"):
        tinydb_store.save_project(_full_state("new-one"))
    assert sorted(p.name for p in tinydb_store.projects_dir.iterdir()) == []


def test_a_refused_first_save_leaves_no_stray_lock(tinydb_store: TinyDBStorage) -> None:
    state = _full_state("new-one")
    state.replace_answer(state.finalized_answers[0].section, value=10**40)
    with pytest.raises(StorageError):
        tinydb_store.save_project(state)
    tinydb_store.save_project(_full_state("other"))
    assert not (tinydb_store.projects_dir / "new-one.lock").exists()
    assert not list(tinydb_store.projects_dir.glob("new-one.*"))


def test_locks_of_existing_projects_stay_and_deleted_ones_go(tinydb_store: TinyDBStorage) -> None:
    tinydb_store.save_project(_full_state("kept"))
    tinydb_store.save_project(_full_state("gone"))
    tinydb_store.delete_project("gone")
    names = sorted(p.name for p in tinydb_store.projects_dir.iterdir())
    assert "gone.lock" not in names and not any(n.startswith("gone.") for n in names)
    assert "kept.json" in names
