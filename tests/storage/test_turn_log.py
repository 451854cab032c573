"""The append-only turn and reasoning logs: a save writes only what is new, and the round trip stays whole.

The logs live apart from the project record (a log file beside the TinyDB file; a table of
entries for a database). What a consultant would notice: every message and decision comes back
exactly, after any mix of saves, reloads, other sessions and killed processes; a long project
saves by appending, not by rewriting its history.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from storage import InMemoryStorage, StorageAdapter, TinyDBStorage, open_storage
from storage import log_file as log_module
from wizard_core.errors import ConflictError, CorruptStoreError, StorageError
from wizard_core.models import SCHEMA_VERSION, DecisionRecord, ProjectState, TurnRecord

from .test_storage import REPO, _full_state, _is_plain_sentence

T0 = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)


def _turn(n: int, status: str = "pending") -> TurnRecord:
    return TurnRecord(
        message=f"message {n}", section="3.04", received_at=T0 + timedelta(seconds=n), status=status
    )


def _decision(n: int) -> DecisionRecord:
    return DecisionRecord(
        at=T0 + timedelta(seconds=n),
        section="3.04",
        decision="continuing",
        confidence=0.7,
        reason=f"reason {n}",
    )


def _with_turns(project_id: str, turns: int) -> ProjectState:
    state = _full_state(project_id)
    state.turns = [_turn(n, "done") for n in range(turns)]
    state.decisions = [_decision(n) for n in range(turns)]
    return state


def _log_files(store: TinyDBStorage, project_id: str) -> list[Path]:
    return sorted(store.projects_dir.glob(f"{project_id}.*.log"))


# --- the round trip, on every backend ------------------------------------------------------

OPERATIONS = st.lists(
    st.sampled_from(["turn", "complete", "decision", "rebuild", "save", "reload", "other-store", "conflict"]),
    min_size=1,
    max_size=25,
)


def _stores(kind: str, folder: Path, url: str) -> tuple[StorageAdapter, Callable[[], StorageAdapter]]:
    if kind == "memory":
        store = InMemoryStorage()
        return store, lambda: store  # one process, one memory
    if kind == "postgresql":
        with psycopg.connect(url) as conn:
            conn.execute("TRUNCATE wizard_projects CASCADE")  # each example starts empty
        return open_storage(url), lambda: open_storage(url)  # another store: a replica's view
    return TinyDBStorage(folder), lambda: TinyDBStorage(folder)


@pytest.mark.parametrize("kind", ["memory", "tinydb", "postgresql"])
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(operations=OPERATIONS)
def test_any_mix_of_turns_saves_and_sessions_comes_back_exactly(
    kind: str, operations: list[str], request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue("pg_url") if kind == "postgresql" else ""
    if url:
        open_storage(url)  # makes the tables
    with tempfile.TemporaryDirectory() as folder:
        store, another = _stores(kind, Path(folder), url)
        state = _with_turns("p", 3)
        store.save_project(state)
        count = 3
        for operation in operations:
            if operation == "turn":
                count += 1
                state.turns.append(_turn(count))
            elif operation == "complete" and state.turns and state.turns[-1].status == "pending":
                state.turns[-1].status = "done"  # as the core does: only the turn in progress is written to
                state.turns[-1].content = f"reply to {state.turns[-1].message}"
            elif operation == "decision":
                count += 1
                state.decisions.append(_decision(count))
                del state.decisions[:-4]  # the core keeps the latest few hundred; four here
            elif operation == "rebuild":
                state.turns = [turn.model_copy() for turn in state.turns]
            elif operation == "save":
                store.save_project(state)
            elif operation == "reload":
                state = store.load_project("p")
            elif operation == "other-store":  # another process saves this same state
                another().save_project(state)
            elif operation == "conflict":
                stale = store.load_project("p")
                store.save_project(store.load_project("p"))
                with pytest.raises(ConflictError):
                    stale.turns.append(_turn(999))
                    store.save_project(stale)
                state = store.load_project("p")
            if operation in ("save", "other-store"):
                assert store.load_project("p") == state
        store.save_project(state)
        assert store.load_project("p") == state
        assert another().load_project("p") == state


def test_a_state_loaded_elsewhere_saves_whole(storage: StorageAdapter) -> None:
    storage.save_project(_with_turns("p", 5))
    copy = storage.load_project("p").model_copy(deep=True)  # not the object the store handed out
    copy.turns.append(_turn(6))
    storage.save_project(copy)
    assert storage.load_project("p").turns == copy.turns


# --- on disk -------------------------------------------------------------------------------


def test_a_save_of_a_long_project_appends_its_new_turn_only(tinydb_store: TinyDBStorage) -> None:
    tinydb_store.save_project(_with_turns("long", 1000))
    state = tinydb_store.load_project("long")
    [log] = _log_files(tinydb_store, "long")
    before = log.stat().st_size
    project_file = tinydb_store.projects_dir / "long.json"

    state.decisions.append(_decision(1001))
    state.turns.append(_turn(1001))
    tinydb_store.save_project(state)
    state.turns[-1].status = "done"  # the reply arrives; the same turn is saved again
    tinydb_store.save_project(state)

    grown = log.stat().st_size - before
    assert (
        0
        < grown
        < 3 * len(state.turns[-1].model_dump_json()) + len(state.decisions[-1].model_dump_json()) + 200
    )
    assert "message 5" not in project_file.read_text()  # the record holds no turns
    again = tinydb_store.load_project("long")
    assert (len(again.turns), again.turns_before, again.turn_count) == (20, 981, 1001)  # the newest only
    assert again.turns == state.turns[-20:] and again.turns[-1].status == "done"
    whole = tinydb_store.load_project("long", whole=True)
    assert whole.turns[:1000] == _with_turns("long", 1000).turns and whole.turns[-21:] == state.turns


def test_the_project_list_reads_no_log(tinydb_store: TinyDBStorage, monkeypatch: pytest.MonkeyPatch) -> None:
    for project_id in ("a", "b"):
        tinydb_store.save_project(_with_turns(project_id, 50))

    def refuse(*args: object) -> None:
        raise AssertionError("the list read a log")

    monkeypatch.setattr(log_module, "read", refuse)
    assert sorted(s.project_id for s in tinydb_store.list_projects()) == ["a", "b"]
    assert tinydb_store.exists("a")


def test_a_log_rewritten_past_its_slack_moves_to_a_new_file(tinydb_store: TinyDBStorage) -> None:
    tinydb_store.save_project(_with_turns("busy", 10))
    state = tinydb_store.load_project("busy")
    [first] = _log_files(tinydb_store, "busy")
    for n in range(100):  # a turn is written twice (pending, then done), old decisions drop: dead entries
        state.decisions.append(_decision(100 + n))
        del state.decisions[:-4]
        state.turns.append(_turn(100 + n))
        tinydb_store.save_project(state)
        state.turns[-1].status = "done"
        tinydb_store.save_project(state)
    [latest] = _log_files(tinydb_store, "busy")
    assert latest != first and not first.exists()
    lines = latest.read_text().count("\n")
    assert lines <= 3 * (len(state.turns) + len(state.decisions)) + 64
    assert tinydb_store.load_project("busy", whole=True) == state


def test_uncommitted_bytes_of_a_killed_save_are_ignored_then_cut_off(tinydb_store: TinyDBStorage) -> None:
    tinydb_store.save_project(_with_turns("p", 4))
    [log] = _log_files(tinydb_store, "p")
    with log.open("ab") as handle:  # what a save killed after appending, before committing, leaves
        handle.write(b'["turns", 4, {"message": "never committed"')
    state = tinydb_store.load_project("p")
    assert [t.message for t in state.turns] == [f"message {n}" for n in range(4)]
    state.turns.append(_turn(4))
    tinydb_store.save_project(state)
    assert b"never committed" not in log.read_bytes()
    assert tinydb_store.load_project("p") == state


def test_a_record_from_before_the_logs_were_apart_opens_and_moves_them_on_save(
    tinydb_store: TinyDBStorage,
) -> None:
    old = _with_turns("old", 7).model_dump(mode="json") | {"schema_version": 1, "revision": 3}
    path = tinydb_store.projects_dir / "old.json"
    path.write_text(json.dumps({"project": {"1": old}}))

    state = tinydb_store.load_project("old")
    assert [t.message for t in state.turns] == [f"message {n}" for n in range(7)]
    assert (state.schema_version, state.revision, len(state.decisions)) == (SCHEMA_VERSION, 3, 7)
    page = tinydb_store.load_turns("old", "3.04", before=6, limit=4)  # read from the record itself
    assert [t.message for t in page.turns] == [f"message {n}" for n in range(2, 6)] and page.older == 2
    state.turns.append(_turn(7))
    tinydb_store.save_project(state)

    stored = json.loads(path.read_text())["project"]["1"]
    assert "turns" not in stored and stored["schema_version"] == SCHEMA_VERSION
    assert stored["logs"]["turns"] == {"start": 0, "count": 8}
    # Its earlier answer moved to the archive log on the way in (no undo step restores it).
    assert tinydb_store.load_project("old", whole=True) == state


LOG_DAMAGE = {
    "a garbage line": lambda log: log.write_bytes(b"not json\n" + log.read_bytes()[9:]),
    "cut short": lambda log: log.write_bytes(log.read_bytes()[:-40]),
    "a pipe": lambda log: (log.unlink(), __import__("os").mkfifo(log)),
    "a link": lambda log: (log.unlink(), log.symlink_to("/dev/zero")),
    "gone": lambda log: log.unlink(),
}


@pytest.mark.parametrize("damage", LOG_DAMAGE)
def test_a_damaged_log_is_that_projects_own_error(tinydb_store: TinyDBStorage, damage: str) -> None:
    tinydb_store.save_project(_with_turns("bad", 5))
    tinydb_store.save_project(_with_turns("good", 5))
    [log] = _log_files(tinydb_store, "bad")
    LOG_DAMAGE[damage](log)

    with pytest.raises(CorruptStoreError) as caught:
        tinydb_store.load_project("bad")
    message = str(caught.value)
    assert "projects/bad." in message and _is_plain_sentence(message)
    assert [s.error for s in tinydb_store.list_projects()] == [None, None]  # the list reads records only
    assert tinydb_store.load_project("good") == _with_turns("good", 5).model_copy(update={"revision": 1})
    tinydb_store.delete_project("bad")
    assert _log_files(tinydb_store, "bad") == []


def test_a_log_past_its_size_limit_is_refused_and_nothing_changes(
    tinydb_store: TinyDBStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    tinydb_store.save_project(_with_turns("p", 3))
    state = tinydb_store.load_project("p")
    [log] = _log_files(tinydb_store, "p")
    monkeypatch.setattr(log_module, "MAX_LOG_BYTES", log.stat().st_size + 10)
    state.turns.append(_turn(3))
    with pytest.raises(StorageError) as caught:
        tinydb_store.save_project(state)
    assert "could not be saved" in str(caught.value) and "MB" in str(caught.value)
    assert len(tinydb_store.load_project("p").turns) == 3


def test_readers_never_fail_while_a_writer_rewrites_the_log(tinydb_store: TinyDBStorage) -> None:
    tinydb_store.save_project(_with_turns("p", 20))
    failures: list[BaseException] = []
    stop = threading.Event()

    def read() -> None:
        reader = TinyDBStorage(tinydb_store.data_dir)
        while not stop.is_set():
            try:
                assert len(reader.load_project("p").turns) >= 20
            except BaseException as error:
                failures.append(error)

    readers = [threading.Thread(target=read) for _ in range(2)]
    for thread in readers:
        thread.start()
    try:
        for n in range(30):  # a store that has not seen the state rewrites the log each time
            state = TinyDBStorage(tinydb_store.data_dir).load_project("p").model_copy(deep=True)
            state.turns.append(_turn(100 + n))
            TinyDBStorage(tinydb_store.data_dir).save_project(state)
    finally:
        stop.set()
        for thread in readers:
            thread.join(30)
    assert failures == []
    assert len(tinydb_store.load_project("p", whole=True).turns) == 50


# --- killed processes ----------------------------------------------------------------------

TURN_SAVER = """
import sys
from datetime import UTC, datetime
from pathlib import Path
from storage import TinyDBStorage
from wizard_core.errors import ProjectNotFound
from wizard_core.models import DecisionRecord, ProjectState, TurnRecord

store = TinyDBStorage(Path(sys.argv[1]))
try:
    state = store.load_project("talk")
except ProjectNotFound:
    state = ProjectState(project_id="talk")
if state.turns and state.turns[-1].status == "pending":  # killed while "with the model": finish it
    state.turns[-1].status = "done"
    state.latest_user_answer = state.turns[-1].message.split(" x")[0]
store.save_project(state)
now = datetime.now(UTC)
while True:
    n = state.turn_count
    decision = DecisionRecord(at=now, section="3.04", decision="continuing", confidence=0.5, reason=str(n))
    state.decisions.append(decision)
    del state.decisions[:-5]
    state.turns.append(TurnRecord(message=f"turn {n} " + "x" * 20_000, section="3.04", received_at=now))
    store.save_project(state)  # the message kept before a slow model call
    state.turns[-1].status = "done"
    state.latest_user_answer = f"turn {n}"
    store.save_project(state)
    if n % 7 == 6:  # now and then a rewrite: a session that has not seen the state saves it
        state = state.model_copy(deep=True)
        TinyDBStorage(Path(sys.argv[1])).save_project(state)
    print("saved", flush=True)
"""


def test_killing_a_process_mid_turn_never_loses_a_committed_turn(tinydb_store: TinyDBStorage) -> None:
    rng = random.Random(14)
    last = 0
    for _ in range(12):
        saver = subprocess.Popen(
            [sys.executable, "-c", TURN_SAVER, str(tinydb_store.data_dir)], cwd=REPO, stdout=subprocess.PIPE
        )
        assert saver.stdout is not None and saver.stdout.readline() == b"saved\n"
        time.sleep(rng.uniform(0, 0.08))
        saver.send_signal(signal.SIGKILL)
        saver.wait()
        saver.stdout.close()

        state = tinydb_store.load_project("talk", whole=True)
        turns = state.turns
        assert len(turns) >= last + 1
        assert [t.message.split()[1] for t in turns] == [str(n) for n in range(len(turns))]
        assert all(t.status == "done" for t in turns[:-1])
        assert state.decisions[-1].reason == str(len(turns) - 1)
        if turns[-1].status == "done":
            assert state.latest_user_answer == f"turn {len(turns) - 1}"
        assert all(s.error is None for s in tinydb_store.list_projects())
        last = len(turns)
    assert len(_log_files(tinydb_store, "talk")) <= 2  # at most a leftover of the last kill
