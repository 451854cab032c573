"""Project storage as a consultant would notice it: saved work comes back, whole and alone."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import storage.listing
from storage import StorageAdapter, TinyDBStorage, default_data_dir, open_storage
from storage.backend import Listing
from storage.base import ProjectStore
from storage.encoding import Encoded, encode
from storage.logs import LogWrite
from storage.migrations import MIGRATIONS, upgrade
from storage.records import Stored
from storage.revision import Current
from wizard_core.errors import ConflictError, CorruptStoreError, ProjectNotFound, StorageError
from wizard_core.models import (
    SCHEMA_VERSION,
    ClarifyingQA,
    FormAnswer,
    ProjectState,
    TurnRecord,
)
from wizard_core.settled import ChangedInPlace

REPO = Path(__file__).resolve().parents[2]
T0 = datetime(2025, 3, 1, 14, 30, 5, 123456, tzinfo=UTC)


def _answer(section: str, value: object = None, **extra: object) -> FormAnswer:
    fields: dict = {
        "section": section,
        "question_number": section,
        "title": f"Item {section}",
        "question": f"What is item {section}?",
        "answer": f"Answer for {section}",
        "value": value,
        "confidence": 0.8,
        "timestamp": T0,
    }
    return FormAnswer(**(fields | extra))


def _full_state(project_id: str = "tower-king-st") -> ProjectState:
    return ProjectState(
        project_id=project_id,
        name="Tower on King St",
        current_form_section="3.03",
        finalized_answers=[
            _answer("3.01", {"kind": "new", "floors": [1, 2], "sprinklered": True}),
            _answer("3.02", ["A-2", "D"], obc_references=["3.1.2.1"], source="direct"),
            _answer("3.05", None, not_applicable=True, advisor="openai"),
        ],
        answer_history={"3.01": [_answer("3.01", {"kind": "addition"}, confidence=0.4)]},
        active_clarifying_thread=[
            ClarifyingQA(question="How many storeys?", related_form_section="3.03", timestamp=T0)
        ],
        archived_clarifying_sessions={
            "3.01": [
                ClarifyingQA(question="Is it new?", related_form_section="3.01", answer="Yes", timestamp=T0)
            ]
        },
        latest_user_answer="Six storeys",
        turns=[
            TurnRecord(
                message="It is new",
                section="3.01",
                received_at=T0,
                status="done",
                reply_type="form_answer",
                content="New construction",
                confidence=0.9,
                obc_references=["1.1.2.2"],
                advisor="openai",
            ),
            TurnRecord(message="Six?", section="3.03", received_at=T0, status="failed", error="x"),
        ],
        created_at=T0,
        updated_at=T0,
    )


def _append_with_retry(store: StorageAdapter, project_id: str, label: str) -> None:
    """One session's load, modify, save; on a conflict it reloads and tries again."""
    for _ in range(2000):
        try:
            state = store.load_project(project_id)
        except ProjectNotFound:
            state = ProjectState(project_id=project_id)
        state.finalized_answers.append(_answer(label))
        try:
            store.save_project(state)
            return
        except ConflictError:
            continue
    raise AssertionError(f"{label} never got saved")


def _is_plain_sentence(message: str) -> bool:
    return message.endswith(".") and "\n" not in message and "Traceback" not in message


# --- every backend ------------------------------------------------------------------------


def test_full_project_round_trips_unchanged(storage: StorageAdapter) -> None:
    state = _full_state()
    storage.save_project(state)
    assert state.revision == 1
    loaded = storage.load_project(state.project_id)
    assert loaded == state
    assert loaded.finalized_answers[0].value == {"kind": "new", "floors": [1, 2], "sprinklered": True}


def test_changing_a_state_after_save_or_load_does_not_change_the_store(
    storage: StorageAdapter,
) -> None:
    state = _full_state()
    storage.save_project(state)
    first, second = (a.section for a in state.finalized_answers[:2])
    state.replace_answer(first, value={"kind": "new", "floors": [1, 2, 3], "sprinklered": True})
    state.turns.clear()
    loaded = storage.load_project(state.project_id)
    assert loaded.finalized_answers[0].value["floors"] == [1, 2] and loaded.turns
    loaded.replace_answer(second, value=["A-2", "D", "E"])
    loaded.finalized_answers.pop()
    again = storage.load_project(state.project_id)
    assert again.finalized_answers[1].value == ["A-2", "D"] and len(again.finalized_answers) == 3


def test_a_settled_answer_changed_in_place_fails_the_tests_rather_than_going_unsaved(
    storage: StorageAdapter,
) -> None:
    """The loads share settled records and a save reuses their JSON (``wizard_core.settled``): the code
    replaces an answer to change it. A change made inside one's value instead is caught while testing."""
    state = _full_state()
    storage.save_project(state)
    state.finalized_answers[0].value["floors"].append(3)
    with pytest.raises(ChangedInPlace, match="FormAnswer was changed in place"):
        storage.save_project(state)


def test_the_fields_kept_apart_carry_the_digest_of_what_they_hold() -> None:
    """A database keeps the answers and archived questions apart and compares a digest of them (``pg_save``):
    the digest worked out once while they hold is theirs, and moves when an answer is replaced."""
    state = _full_state()
    meta: dict[str, Any] = {"written": 0}
    first = encode(state, meta)
    assert first.parts is not None and first.apart_digest == hashlib.sha256(first.parts[1]).hexdigest()
    assert encode(state, meta).apart_digest == first.apart_digest
    state.replace_answer(state.finalized_answers[0].section, value=["A-2"])
    changed = encode(state, meta)
    assert changed.parts is not None and changed.apart_digest == hashlib.sha256(changed.parts[1]).hexdigest()
    assert changed.apart_digest != first.apart_digest


def test_list_shows_most_recently_updated_first_with_progress(storage: StorageAdapter) -> None:
    assert storage.list_projects() == []
    start = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    full = _full_state("full")
    full.updated_at = start
    storage.save_project(full)
    done = ProjectState(project_id="done", name="Finished", current_form_section=None, updated_at=start)
    storage.save_project(done)
    storage.save_project(ProjectState(project_id="empty", updated_at=start + timedelta(minutes=1)))
    full.updated_at = start + timedelta(minutes=2)  # the core stamps each change with its clock
    storage.save_project(full)

    summaries = storage.list_projects()
    assert [s.project_id for s in summaries] == ["full", "empty", "done"]
    first, _, last = summaries
    assert (first.name, first.answered, first.current_section, first.complete) == (
        "Tower on King St",
        3,
        "3.03",
        False,
    )
    assert (last.name, last.answered, last.complete, last.error) == ("Finished", 0, True, None)
    assert first.updated_at == storage.load_project("full").updated_at


def test_deleted_project_is_gone(storage: StorageAdapter) -> None:
    storage.save_project(_full_state("gone"))
    storage.save_project(_full_state("kept"))
    storage.delete_project("gone")
    assert not storage.exists("gone")
    assert [s.project_id for s in storage.list_projects()] == ["kept"]
    with pytest.raises(ProjectNotFound):
        storage.load_project("gone")
    with pytest.raises(ProjectNotFound):
        storage.delete_project("gone")
    assert storage.load_project("kept").name == "Tower on King St"


def test_missing_project_is_reported_plainly(storage: StorageAdapter) -> None:
    assert not storage.exists("nope")
    with pytest.raises(ProjectNotFound) as caught:
        storage.load_project("nope")
    assert _is_plain_sentence(str(caught.value))


def test_second_session_saving_a_stale_copy_gets_a_conflict(storage: StorageAdapter) -> None:
    storage.save_project(_full_state("shared"))
    first = storage.load_project("shared")
    second = storage.load_project("shared")
    first.name = "First session's name"
    storage.save_project(first)
    second.name = "Second session's name"
    with pytest.raises(ConflictError) as caught:
        storage.save_project(second)

    assert "changed in another session" in str(caught.value)
    assert _is_plain_sentence(str(caught.value))
    # The store's words fit the page and the command line alike: nothing to "reload" in a terminal.
    assert "reload" not in str(caught.value) and "not saved" in str(caught.value)
    assert second.revision == 1  # a refused save leaves the session's state as it was
    stored = storage.load_project("shared")
    assert (stored.name, stored.revision) == ("First session's name", 2)


def test_creating_a_project_whose_id_is_taken_conflicts(storage: StorageAdapter) -> None:
    storage.save_project(_full_state("taken"))
    with pytest.raises(ConflictError):
        storage.save_project(ProjectState(project_id="taken"))
    assert storage.load_project("taken").name == "Tower on King St"


@pytest.mark.parametrize("bad_id", ["../x", "a/b", "", "..", "/etc/passwd", "a\x00b", "x" * 65])
def test_hostile_ids_are_rejected_and_write_nothing(
    storage: StorageAdapter, tmp_path: Path, bad_id: str
) -> None:
    with pytest.raises(StorageError) as caught:
        storage.save_project(ProjectState(project_id=bad_id))
    assert _is_plain_sentence(str(caught.value))
    with pytest.raises(ProjectNotFound):
        storage.load_project(bad_id)
    with pytest.raises(ProjectNotFound):
        storage.delete_project(bad_id)
    assert not storage.exists(bad_id)
    assert storage.list_projects() == []
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_concurrent_sessions_lose_no_update(storage: StorageAdapter) -> None:
    def session(n: int) -> None:
        for i in range(20):
            _append_with_retry(storage, "busy", f"t{n}-{i}")

    threads = [threading.Thread(target=session, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    final = storage.load_project("busy")
    assert final.revision == 160
    labels = [a.section for a in final.finalized_answers]
    assert sorted(labels) == sorted(f"t{n}-{i}" for n in range(8) for i in range(20))


# --- a new backend ------------------------------------------------------------------------


class DictBackend:
    """The least a backend does: keep records and log entries by id, lock writers; the store does the rest.

    As a database would: a row per project and a row per log entry, written in one transaction.
    """

    def __init__(self) -> None:
        self.rows: dict[str, tuple[int, str]] = {}  # JSON text, so nothing is shared with callers
        self.log_rows: dict[tuple[str, str, int], str] = {}  # (project, log, seq) -> JSON text
        self.reads: list[str] = []
        self._lock = threading.Lock()
        self._version = 0

    def where(self, project_id: str) -> str:
        return f"Row {project_id}"

    def read(self, project_id: str, logs: bool = True) -> Stored | None:
        self.reads.append(project_id)
        row = self.rows.get(project_id)
        if row is None:
            return None
        entries: dict[str, dict[int, Any]] = {}
        if logs:
            for (pid, log, seq), text in list(self.log_rows.items()):
                if pid == project_id:
                    entries.setdefault(log, {})[seq] = json.loads(text)
        return Stored(json.loads(row[1]), entries, row[0])

    def read_range(self, project_id: str, stored: Stored, ranges: dict[str, tuple[int, int]]) -> Any:
        row = self.rows.get(project_id)
        if row is None or row[0] != stored.position:
            return None  # saved again since
        found: dict[str, dict[int, Any]] = {}
        for log, (low, high) in ranges.items():
            for seq in range(low, high):
                if (text := self.log_rows.get((project_id, log, seq))) is not None:
                    found.setdefault(log, {})[seq] = json.loads(text)
        return found

    def read_back(
        self, project_id: str, stored: Stored, log: str, before: int, limit: int | None, want: Any
    ) -> list[tuple[int, Any]]:
        seqs = sorted(
            (k[2] for k in self.log_rows if k[:2] == (project_id, log) and k[2] < before), reverse=True
        )
        found = [
            (seq, entry) for seq in seqs if want(entry := json.loads(self.log_rows[(project_id, log, seq)]))
        ]
        return found[:limit] if limit is not None else found

    def write(self, project_id: str, record: Encoded, log: LogWrite, current: Current | None) -> None:
        self._version += 1  # only ever called under the lock
        if log.restart:
            for key in [k for k in self.log_rows if k[0] == project_id]:
                del self.log_rows[key]
        for name, entries in log.entries.items():
            for seq, entry in entries:
                self.log_rows[(project_id, name, seq)] = json.dumps(entry)
        self.rows[project_id] = (self._version, record.data.decode())  # the record's JSON, as encoded

    def delete(self, project_id: str) -> bool:
        return self.rows.pop(project_id, None) is not None

    def lock(self, project_id: str) -> threading.Lock:
        return self._lock

    def list(self) -> Iterable[Listing]:
        return [Listing(pid, version, f"row {pid}", T0) for pid, (version, _) in list(self.rows.items())]


def test_a_new_backend_gets_revisions_and_the_project_list_from_the_shared_store() -> None:
    backend = DictBackend()
    store = ProjectStore(backend)
    store.save_project(_full_state("shared"))
    first, second = store.load_project("shared"), store.load_project("shared")
    first.name = "First session's name"
    store.save_project(first)
    with pytest.raises(ConflictError) as caught:
        store.save_project(second)
    assert "changed in another session" in str(caught.value)
    with pytest.raises(ConflictError):
        store.save_project(ProjectState(project_id="shared"))
    stored = store.load_project("shared")
    assert (stored.name, stored.revision) == ("First session's name", 2)

    def session(n: int) -> None:
        for i in range(10):
            _append_with_retry(store, "busy", f"t{n}-{i}")

    threads = [threading.Thread(target=session, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert store.load_project("busy").revision == 40
    store.delete_project("busy")

    with pytest.raises(StorageError):
        store.save_project(ProjectState(project_id="../escape"))
    store.save_project(ProjectState(project_id="later", updated_at=T0 + timedelta(days=1)))
    backend.rows["broken"] = (0, json.dumps({"finalized_answers": "none"}))
    backend.rows["bad id!"] = (0, "{}")  # ids the store would never write are not listed
    store.save_project(ProjectState(project_id="old", updated_at=T0 - timedelta(days=1)))

    summaries = store.list_projects()
    assert [s.project_id for s in summaries] == ["later", "broken", "shared", "old"]
    broken = summaries[1]
    assert (broken.name, broken.updated_at) == ("row broken", T0)
    assert broken.error is not None and broken.error.startswith("Row broken cannot be read")
    assert [s.error for s in summaries if s.project_id != "broken"] == [None] * 3

    backend.reads.clear()
    store.list_projects()
    assert backend.reads == []  # unchanged rows are not read again
    store.delete_project("broken")
    with pytest.raises(ProjectNotFound):
        store.delete_project("broken")
    assert "broken" not in {s.project_id for s in store.list_projects()}


# --- migrations ---------------------------------------------------------------------------

SEED_RECORD = {
    "project_id": "0b7f5c3e-2f7d-4c55-9a49-0c3f3f1e2d11",
    "current_form_section": "3.1",
    "finalized_answers": [
        {
            "section": "1.1",
            "question": "Project name?",
            "answer": "Mill St",
            "timestamp": "2024-05-01T10:00:00",
        }
    ],
    "active_clarifying_thread": [
        {"question": "Sprinklered?", "answer": None, "timestamp": "2024-05-01T10:05:00"}
    ],
    "archived_clarifying_sessions": {
        "1.1": [{"question": "Official name?", "answer": "Mill St", "timestamp": "2024-05-01T09:59:00"}]
    },
    "latest_user_answer": None,
    "created_at": "2024-05-01T09:58:00",
    "updated_at": "2024-05-01T10:05:00",
}


def test_migrations_are_counted_by_schema_version() -> None:
    assert len(MIGRATIONS) == SCHEMA_VERSION
    assert MIGRATIONS[0][0] == "m001_seed_json_project"
    current = _full_state().model_dump(mode="json")
    assert upgrade(current) == current
    seed = json.loads(json.dumps(SEED_RECORD))
    upgrade(seed)
    assert seed == SEED_RECORD  # the stored record is not altered by reading it


def test_seed_project_file_opens_as_an_imported_project(tinydb_store: TinyDBStorage) -> None:
    project_id = SEED_RECORD["project_id"]
    path = tinydb_store.projects_dir / f"{project_id}.json"
    path.write_text(json.dumps({"project": {"1": SEED_RECORD}}))

    state = tinydb_store.load_project(project_id)
    assert (state.name, state.revision, state.schema_version) == ("Imported project", 0, SCHEMA_VERSION)
    assert state.current_form_section == "3.1"
    (answer,) = state.finalized_answers
    assert (answer.section, answer.question_number, answer.title, answer.answer) == (
        "1.1",
        "1.1",
        "Project name?",
        "Mill St",
    )
    assert (answer.confidence, answer.source, answer.advisor) == (0.5, "advisor", "imported")
    assert answer.timestamp == datetime(2024, 5, 1, 10, 0, tzinfo=UTC)
    assert state.active_clarifying_thread[0].related_form_section == "3.1"
    assert state.archived_clarifying_sessions["1.1"][0].answer == "Mill St"
    assert [s.name for s in tinydb_store.list_projects()] == ["Imported project"]

    tinydb_store.save_project(state)  # the first save writes the current schema
    stored = json.loads(path.read_text())["project"]["1"]
    assert (stored["schema_version"], stored["revision"]) == (SCHEMA_VERSION, 1)


def test_project_from_a_newer_wizard_is_refused_clearly(tinydb_store: TinyDBStorage) -> None:
    record = _full_state("future").model_dump(mode="json") | {"schema_version": 99}
    (tinydb_store.projects_dir / "future.json").write_text(json.dumps({"project": {"1": record}}))
    tinydb_store.save_project(_full_state("fine"))

    with pytest.raises(StorageError) as caught:
        tinydb_store.load_project("future")
    message = str(caught.value)
    assert "newer version of the wizard" in message and "projects/future.json" in message
    with pytest.raises(StorageError):
        tinydb_store.save_project(ProjectState(project_id="future"))
    errors = {s.project_id: s.error for s in tinydb_store.list_projects()}
    assert errors == {"fine": None, "future": message}


# --- files on disk ------------------------------------------------------------------------

CORRUPTIONS = {
    "garbage bytes": lambda good: b"\x00\x9c\xff not json at all",
    "truncated JSON": lambda good: good[: len(good) // 2],
    "empty file": lambda good: b"",
    "JSON list": lambda good: b"[1, 2, 3]",
    "no project in it": lambda good: b'{"_default": {}}',
    "wrong record shape": lambda good: b'{"project": {"1": {"finalized_answers": "none"}}}',
}


@pytest.mark.parametrize("corruption", CORRUPTIONS)
def test_corrupt_file_is_named_and_others_still_work(tinydb_store: TinyDBStorage, corruption: str) -> None:
    for project_id in ("good-1", "bad", "good-2"):
        tinydb_store.save_project(_full_state(project_id))
    bad_path = tinydb_store.projects_dir / "bad.json"
    bad_bytes = CORRUPTIONS[corruption](bad_path.read_bytes())
    bad_path.write_bytes(bad_bytes)

    with pytest.raises(CorruptStoreError) as caught:
        tinydb_store.load_project("bad")
    message = str(caught.value)
    assert "projects/bad.json" in message and _is_plain_sentence(message)

    listed = {s.project_id: s for s in tinydb_store.list_projects()}
    assert set(listed) == {"good-1", "bad", "good-2"}
    assert (listed["bad"].name, listed["bad"].error) == ("bad.json", message)
    assert listed["good-1"].error is None and listed["good-2"].error is None
    assert tinydb_store.load_project("good-2").name == "Tower on King St"

    with pytest.raises(CorruptStoreError):
        tinydb_store.save_project(ProjectState(project_id="bad"))
    assert bad_path.read_bytes() == bad_bytes  # never silently overwritten
    tinydb_store.delete_project("bad")
    assert [s.error for s in tinydb_store.list_projects()] == [None, None]


def test_project_files_are_tinydb_databases(tinydb_store: TinyDBStorage) -> None:
    state = _full_state()
    tinydb_store.save_project(state)
    tables = json.loads((tinydb_store.projects_dir / f"{state.project_id}.json").read_text())
    assert tables["project"]["1"]["revision"] == 1


def test_temp_files_are_ignored_and_stale_ones_removed(tinydb_store: TinyDBStorage) -> None:
    tinydb_store.save_project(_full_state("real"))
    stale = tinydb_store.projects_dir / ".real.json.abc123.tmp"
    fresh = tinydb_store.projects_dir / ".real.json.def456.tmp"
    stale.write_text('{"project": {')
    fresh.write_text('{"project": {')
    os.utime(stale, (time.time() - 7200, time.time() - 7200))

    assert [s.project_id for s in tinydb_store.list_projects()] == ["real"]
    assert not stale.exists() and fresh.exists()  # a fresh one may be a save in progress


def test_listing_rereads_only_changed_files(
    tinydb_store: TinyDBStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    for project_id in ("a", "b", "c"):
        tinydb_store.save_project(_full_state(project_id))
    decoded: list[str] = []
    real_decode = storage.listing.decode

    def counting_decode(
        record: object, project_id: str, where: str, entries: Any = None, tail: Any = None
    ) -> ProjectState:
        decoded.append(project_id)
        return real_decode(record, project_id, where, entries, tail)

    monkeypatch.setattr(storage.listing, "decode", counting_decode)
    tinydb_store.list_projects()
    tinydb_store.list_projects()
    assert sorted(decoded) == ["a", "b", "c"]

    state = tinydb_store.load_project("b")
    state.name = "Renamed"
    tinydb_store.save_project(state)
    decoded.clear()
    assert {p.project_id: p.name for p in tinydb_store.list_projects()}["b"] == "Renamed"
    assert decoded == ["b"]


def test_default_store_lives_in_the_configured_data_dir(isolated_environment: Path) -> None:
    assert default_data_dir() == isolated_environment
    store = open_storage()
    store.save_project(_full_state("here"))
    assert (isolated_environment / "projects" / "here.json").is_file()


# --- several processes --------------------------------------------------------------------


def _process_worker(data_dir: str, worker: int, rounds: int) -> None:
    store = TinyDBStorage(Path(data_dir))
    for i in range(rounds):
        store.save_project(_full_state(f"w{worker}-{i}"))
        _append_with_retry(store, "shared", f"w{worker}-{i}")


def test_processes_sharing_a_data_dir_lose_nothing(tinydb_store: TinyDBStorage) -> None:
    context = multiprocessing.get_context("spawn")
    workers = [
        context.Process(target=_process_worker, args=(str(tinydb_store.data_dir), n, 10)) for n in range(4)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    assert [w.exitcode for w in workers] == [0, 0, 0, 0]

    expected = {f"w{n}-{i}" for n in range(4) for i in range(10)}
    shared = tinydb_store.load_project("shared")
    assert shared.revision == 40
    assert sorted(a.section for a in shared.finalized_answers) == sorted(expected)
    listed = tinydb_store.list_projects()
    assert {s.project_id for s in listed} == expected | {"shared"}
    assert all(s.error is None for s in listed)
    for path in tinydb_store.projects_dir.glob("*.json"):
        json.loads(path.read_bytes())


CRASHING_SAVER = """
import sys
from pathlib import Path
from storage import TinyDBStorage
from wizard_core.errors import ProjectNotFound
from wizard_core.models import ProjectState

store = TinyDBStorage(Path(sys.argv[1]))
if store.exists("fresh"):  # an earlier saver was killed between saving and deleting it
    store.delete_project("fresh")
while True:
    try:
        state = store.load_project("crash")
    except ProjectNotFound:
        state = ProjectState(project_id="crash")
    state.name = f"save {state.revision + 1}"
    state.latest_user_answer = "x" * 300_000  # a big file keeps the kill likely mid-write
    store.save_project(state)
    store.save_project(ProjectState(project_id="fresh"))
    store.delete_project("fresh")
    print("saved", flush=True)
"""


def test_killing_a_saving_process_never_leaves_an_unreadable_project(
    tinydb_store: TinyDBStorage,
) -> None:
    rng = random.Random(4)
    last_revision = 0
    for _ in range(10):
        saver = subprocess.Popen(
            [sys.executable, "-c", CRASHING_SAVER, str(tinydb_store.data_dir)],
            cwd=REPO,
            stdout=subprocess.PIPE,
        )
        assert saver.stdout is not None and saver.stdout.readline() == b"saved\n"
        time.sleep(rng.uniform(0, 0.05))
        saver.send_signal(signal.SIGKILL)
        saver.wait()
        saver.stdout.close()

        for path in tinydb_store.projects_dir.glob("*.json"):
            json.loads(path.read_bytes())
        assert all(s.error is None for s in tinydb_store.list_projects())
        state = tinydb_store.load_project("crash")
        assert state.name == f"save {state.revision}"
        assert state.revision >= last_revision + 1
        last_revision = state.revision
