"""The team store on a real PostgreSQL server: how it is named, and what survives faults.

The contract itself (round trips, conflicts, the list) runs on every backend in
``test_storage.py`` and ``test_turn_log.py``; here is what only a database server can do wrong.
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest
from cryptography.fernet import Fernet
from psycopg.types.json import Jsonb

from storage import TinyDBStorage, open_storage
from storage.crypto import Sealer
from storage.migrations import upgrade
from storage.postgres import PostgresStorage
from tests.pg_server import PgServer
from tests.storage.test_storage import _full_state
from wizard_core.errors import ConflictError, CorruptStoreError, ProjectNotFound, StorageError
from wizard_core.models import ProjectState
from wizard_core.wiring import make_advisor, open_wizard

REPO = Path(__file__).resolve().parents[2]


def _open(url: str) -> PostgresStorage:
    store = open_storage(url)
    assert isinstance(store, PostgresStorage)
    return store


# --- naming the store -----------------------------------------------------------------------


@pytest.mark.parametrize("target", ["mysql://db.example/wizard", "postgresql:/wizard", "postgres:wizard"])
def test_a_url_of_another_kind_is_refused_and_never_made_a_folder(
    target: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(StorageError) as caught:
        open_storage(target)
    assert "postgresql://" in str(caught.value)
    assert list(tmp_path.iterdir()) == []


def test_an_unreachable_server_is_named_without_its_password(pg_server: PgServer) -> None:
    closed_port = pg_server.port + 1 if pg_server.port < 65535 else 1
    with pytest.raises(StorageError) as caught:
        open_storage(f"postgresql://ana:s3cr3t-pw@127.0.0.1:{closed_port}/team")
    message = str(caught.value)
    assert f"127.0.0.1:{closed_port}/team" in message
    assert "s3cr3t-pw" not in message and "cannot be reached" in message


def test_a_missing_database_and_a_url_that_does_not_parse_are_clear(pg_server: PgServer) -> None:
    with pytest.raises(StorageError) as missing:
        open_storage(f"postgresql://postgres@127.0.0.1:{pg_server.port}/no_such_db")
    assert "no_such_db" in str(missing.value) and "does not exist" in str(missing.value)
    with pytest.raises(StorageError) as bad_port:
        open_storage("postgresql://ana:s3cr3t-pw@127.0.0.1:99999/team")
    assert "cannot be read" in str(bad_port.value) and "s3cr3t-pw" not in str(bad_port.value)


def test_the_data_dir_variable_may_name_the_database(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WIZARD_DATA_DIR", pg_url)
    store = open_storage()
    assert isinstance(store, PostgresStorage)
    store.save_project(_full_state("via-env"))
    assert [s.name for s in _open(pg_url).list_projects()] == ["Tower on King St"]
    store.close()


def test_projects_are_jsonb_rows_with_revision_and_schema_version(pg_url: str) -> None:
    store = _open(pg_url)
    state = _full_state()
    store.save_project(state)
    store.save_project(state)
    with psycopg.connect(pg_url) as conn:
        row = conn.execute(
            "SELECT name, revision, schema_version, jsonb_typeof(record) FROM wizard_projects"
        ).fetchone()
        logged = conn.execute("SELECT count(*) FROM wizard_project_log").fetchone()
    assert row == ("Tower on King St", 2, state.schema_version, "object")
    assert logged == (len(state.turns) + len(state.decisions),)
    store.close()


def test_an_old_record_in_the_database_is_upgraded_by_the_same_migrations(pg_url: str) -> None:
    store = _open(pg_url)
    store.save_project(ProjectState(project_id="old", name="Old one"))
    legacy = {"project_id": "old", "name": "Old one", "revision": 1, "schema_version": 1, "turns": []}
    with psycopg.connect(pg_url) as conn:
        conn.execute("UPDATE wizard_projects SET record = %s", (psycopg.types.json.Jsonb(legacy),))
    loaded = store.load_project("old")
    assert loaded.name == "Old one" and loaded.schema_version == upgrade(dict(legacy), "x")["schema_version"]
    store.save_project(loaded)  # saved in the current shape
    assert store.load_project("old").revision == 2
    store.close()


@pytest.mark.parametrize(
    "apart", [[1, 2], {"figures_said": ["3.01"]}, {"figures_said": {"3.01": []}, "logs": {"figures": None}}]
)
def test_a_row_whose_column_kept_apart_is_damaged_reads_as_damaged_and_stays(pg_url: str, apart: Any) -> None:
    store = open_storage(pg_url, sealer=None)
    wizard = open_wizard(store, make_advisor("offline"))
    pid = wizard.start_project("Damaged apart").project_id
    with psycopg.connect(pg_url) as conn:
        conn.execute("UPDATE wizard_projects SET settled = %s WHERE id = %s", [Jsonb(apart), pid])
    with pytest.raises(CorruptStoreError, match=r"cannot be read \(it is not a wizard project"):
        open_storage(pg_url, sealer=None).load_project(pid)
    with psycopg.connect(pg_url) as conn:
        kept = conn.execute("SELECT settled FROM wizard_projects WHERE id = %s", [pid]).fetchone()
    assert kept == (apart,)
    store.close()  # type: ignore[attr-defined]


def test_the_settled_records_are_kept_apart_and_read_back_with_the_record(pg_url: str) -> None:
    """Answers and archived questions sit in their own column, whose stored value a save keeps when they
    did not change (same digest); a sealed store seals the record whole and keeps nothing apart."""
    store = open_storage(pg_url, sealer=None)
    wizard = open_wizard(store, make_advisor("offline"))
    pid = wizard.start_project("Kept apart").project_id
    wizard.process_user_response(pid, "New construction, a two storey office building.")

    def row() -> tuple[Any, ...]:
        with psycopg.connect(pg_url) as conn:
            got = conn.execute(
                "SELECT record ? 'finalized_answers', settled -> 'finalized_answers' -> 0 ->> 'section', "
                "settled_digest, revision FROM wizard_projects WHERE id = %s",
                (pid,),
            ).fetchone()
        assert got is not None
        return got

    in_record, first_section, digest, revision = row()
    assert (in_record, first_section) == (False, "3.00")  # the code edition, answered at start
    with psycopg.connect(pg_url) as conn:
        said = "SELECT record -> 'logs' -> 'figures' -> 'said' ? '3.01', settled -> 'figures_said' ? '3.01' "
        split = conn.execute(said + "FROM wizard_projects WHERE id = %s", (pid,)).fetchone()
    assert split == (False, True)  # what was said at an earlier item is kept apart with the answers
    wizard.process_user_response(pid, "what counts as a storey?")  # answers nothing
    assert row()[2:] == (digest, revision + 1)
    wizard.process_user_response(pid, "Correction to 3.01: an addition to an office building.")
    assert row()[2] != digest
    loaded = store.load_project(pid)
    assert loaded == open_storage(pg_url, sealer=None).load_project(pid)
    assert loaded.answer_for("3.01").value == "Addition"  # type: ignore[union-attr]
    # Not what this store stored at the revision it wrote: its save, expecting its own, writes nothing,
    # reads the row and saves again, sending them.
    with psycopg.connect(pg_url) as conn:
        conn.execute("UPDATE wizard_projects SET settled_digest = 'other' WHERE id = %s", [pid])
    wizard.process_user_response(pid, "what is a firewall?")
    assert row()[2] not in (None, "other")
    again = open_storage(pg_url, sealer=None).load_project(pid)
    assert again.answer_for("3.01") == loaded.answer_for("3.01")
    store.close()  # type: ignore[attr-defined]

    key = Fernet.generate_key().decode()
    sealed = open_storage(pg_url, sealer=Sealer(key))
    other = open_wizard(sealed, make_advisor("offline")).start_project("Sealed").project_id
    with psycopg.connect(pg_url) as conn:
        stored = "SELECT settled, record ? 'project_id' FROM wizard_projects WHERE id = %s"
        assert conn.execute(stored, [other]).fetchone() == (None, False)  # all of it sealed in the record
    sealed.close()  # type: ignore[attr-defined]


# --- faults ---------------------------------------------------------------------------------


def _racer(url: str, worker: int, rounds: int, results: multiprocessing.Queue, start: Any) -> None:
    """Load, change, save; a conflict is counted and retried from a fresh load."""
    store = _open(url)
    start.wait(timeout=120)  # all connected: the saves overlap rather than follow process start-up
    conflicts = 0
    for i in range(rounds):
        while True:
            state = store.load_project("shared")
            state.latest_user_answer = f"w{worker}-{i}"
            answer = _full_state().finalized_answers[0].model_copy(update={"answer": f"w{worker}-{i}"})
            state.answer_history.setdefault("log", []).append(answer)
            try:
                store.save_project(state)
                break
            except ConflictError:
                conflicts += 1
    results.put((worker, conflicts))


def test_processes_saving_one_project_get_conflicts_and_lose_nothing(pg_url: str) -> None:
    store = _open(pg_url)
    store.save_project(ProjectState(project_id="shared", name="Shared"))
    context = multiprocessing.get_context("spawn")
    results, start = context.Queue(), context.Barrier(4)
    workers = [context.Process(target=_racer, args=(pg_url, n, 8, results, start)) for n in range(4)]
    for worker in workers:
        worker.start()
    outcomes = [results.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
    assert [w.exitcode for w in workers] == [0, 0, 0, 0]
    shared = store.load_project("shared")
    assert shared.revision == 1 + 4 * 8  # one winner per revision
    saved = sorted(a.answer for a in shared.answer_history["log"])
    assert saved == sorted(f"w{n}-{i}" for n in range(4) for i in range(8))  # every save kept, once
    assert sum(conflicts for _, conflicts in outcomes) > 0  # the race was real, and refused
    store.close()


KILLED_SAVER = """
import sys
from storage import open_storage
from wizard_core.errors import ProjectNotFound
from wizard_core.models import ProjectState, TurnRecord

store = open_storage(sys.argv[1])
while True:
    try:
        state = store.load_project("crash")
    except ProjectNotFound:
        state = ProjectState(project_id="crash")
    n = state.revision + 1
    state.name = f"save {n}"
    state.latest_user_answer = "x" * 200_000  # a big row keeps the kill likely mid-save
    turn = TurnRecord(message=f"turn {n}", section="3.01", status="done", received_at=state.created_at)
    state.turns.append(turn)
    store.save_project(state)
    print("saved", flush=True)
"""


def test_killing_a_saving_process_leaves_a_saved_state(pg_url: str) -> None:
    store = _open(pg_url)
    rng = random.Random(9)
    last = 0
    for _ in range(4):
        saver = subprocess.Popen(
            [sys.executable, "-c", KILLED_SAVER, pg_url], cwd=REPO, stdout=subprocess.PIPE
        )
        assert saver.stdout is not None and saver.stdout.readline() == b"saved\n"
        time.sleep(rng.uniform(0, 0.1))
        saver.send_signal(signal.SIGKILL)
        saver.wait()
        saver.stdout.close()
        state = store.load_project("crash")  # the killed save rolled back whole, or committed whole
        assert state.name == f"save {state.revision}"
        # Every save added one turn; the load holds the newest of them.
        assert state.turn_count == state.revision
        assert [t.message for t in state.turns] == [
            f"turn {n}" for n in range(state.turns_before + 1, state.revision + 1)
        ]
        assert state.revision > last
        last = state.revision
        assert [s.error for s in store.list_projects()] == [None]
    store.close()


def test_a_connection_dropped_during_a_save_is_a_clear_error_and_the_next_save_reconnects(
    pg_url: str, pg_server: PgServer
) -> None:
    store = _open(pg_url)
    state = _full_state()
    store.save_project(state)
    original_write = store.backend.write

    def write_after_the_server_drops_us(*args: object) -> None:
        pg_server.terminate_connections(pg_url)  # as a restart or a network cut would, mid-save
        original_write(*args)  # type: ignore[arg-type]

    store.backend.write = write_after_the_server_drops_us  # type: ignore[method-assign]
    state.latest_user_answer = "Seven storeys, not six"
    with pytest.raises(StorageError) as caught:
        store.save_project(state)
    message = str(caught.value)
    assert pg_url.rsplit("@", 1)[1] in message and "Nothing was saved" in message
    assert state.revision == 1  # the state still holds the change, at the revision it was loaded at
    del store.backend.write

    assert store.load_project(state.project_id).latest_user_answer == "Six storeys"  # nothing half-saved
    store.save_project(state)  # the same change, saved on a fresh connection
    assert store.load_project(state.project_id).latest_user_answer == "Seven storeys, not six"
    store.close()


def test_a_project_copied_between_backends_compares_equal(pg_url: str, tmp_path: Path) -> None:
    folder, database = TinyDBStorage(tmp_path / "data"), _open(pg_url)
    for store in (folder, database):
        store.save_project(_full_state())
    assert folder.load_project("tower-king-st") == database.load_project("tower-king-st")
    with pytest.raises(ProjectNotFound):
        database.load_project("absent")
    database.close()


def test_text_the_database_cannot_hold_is_kept_as_a_replacement_character(pg_url: str) -> None:
    store = _open(pg_url)
    state = _full_state()
    state.latest_user_answer = "a\x00b and a literal \\u0000 typed as text"
    store.save_project(state)
    assert (
        store.load_project(state.project_id).latest_user_answer
        == "a\ufffdb and a literal \\u0000 typed as text"
    )
    store.close()
