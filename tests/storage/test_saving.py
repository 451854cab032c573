"""A save as a consultant's session sees it: stale copies refused without the record read back, one
document written, one round trip to the database, and nothing written that would not read back."""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg.pq import Trace

import storage.base
from storage import Sealer, StorageAdapter, TinyDBStorage, new_key, open_storage
from storage.logs import LOGS
from storage.pg_pool import pool_size
from storage.postgres import PostgresStorage
from tests.storage.test_storage import _full_state
from wizard_core.errors import ConflictError, CorruptStoreError, StorageError
from wizard_core.models import FormAnswer, ProjectState


@pytest.fixture
def decoded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the stored records the store decodes (reads back whole) from now on."""
    seen: list[str] = []
    real = storage.base.decode

    def counting(record: object, project_id: str, where: str, entries: Any = None) -> ProjectState:
        seen.append(project_id)
        return real(record, project_id, where, entries)

    monkeypatch.setattr(storage.base, "decode", counting)
    return seen


def _nested(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels - 1):
        value = [value]
    return value


# --- every backend ------------------------------------------------------------------------


def test_a_stale_copy_is_refused_without_the_record_read_back(
    storage: StorageAdapter, decoded: list[str]
) -> None:
    storage.save_project(_full_state("shared"))
    first, second = storage.load_project("shared"), storage.load_project("shared")
    decoded.clear()

    first.name = "First session's name"
    storage.save_project(first)
    second.name = "Second session's name"
    with pytest.raises(ConflictError, match="changed in another session"):
        storage.save_project(second)

    assert decoded == []  # neither save decoded what was stored
    assert second.revision == 1
    stored = storage.load_project("shared")
    assert (stored.name, stored.revision) == ("First session's name", 2)


def test_a_session_saving_again_and_again_never_reads_its_record_back(
    storage: StorageAdapter, decoded: list[str]
) -> None:
    state = _full_state("busy")
    storage.save_project(state)
    decoded.clear()
    for n in range(5):
        state.latest_user_answer = f"Storey {n}"
        storage.save_project(state)
    assert decoded == []
    assert storage.load_project("busy").latest_user_answer == "Storey 4"
    assert storage.load_project("busy").revision == 6


def test_a_value_nested_as_deep_as_a_file_allows_is_kept_and_one_deeper_is_refused(
    storage: StorageAdapter,
) -> None:
    state = _full_state("deep")
    # The answer's value sits six levels into its file (tables, table, record, answers, answer).
    state.replace_answer(state.finalized_answers[0].section, value=_nested(59))
    storage.save_project(state)
    assert storage.load_project("deep").finalized_answers[0].value == _nested(59)

    state.replace_answer(state.finalized_answers[0].section, value=_nested(60))
    with pytest.raises(StorageError, match="nested too deeply"):
        storage.save_project(state)
    assert storage.load_project("deep").finalized_answers[0].value == _nested(59)


def _changed(answers: list[FormAnswer], index: int, **changes: object) -> None:
    answers[index] = answers[index].model_copy(update=changes)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda s: _changed(s.finalized_answers, 0, confidence=float("inf")), "not finite"),
        (lambda s: _changed(s.finalized_answers, 1, value={"area": [1, 10**31]}), "longer than 30 digits"),
        (lambda s: _changed(s.answer_history["3.01"], 0, value=_nested(70)), "nested too deeply"),
        (lambda s: setattr(s.turns[-1], "input_tokens", 10**40), "longer than 30 digits"),
    ],
    ids=["an infinite confidence", "a 32-digit figure", "a deep earlier answer", "a server's token count"],
)
def test_a_value_that_would_not_read_back_is_refused_wherever_it_is(
    storage: StorageAdapter, change: Callable[[ProjectState], None], reason: str
) -> None:
    state = _full_state("p")
    storage.save_project(state)
    change(state)
    with pytest.raises(StorageError, match=reason) as caught:
        storage.save_project(state)
    assert str(caught.value).startswith("The project could not be saved: it ")
    assert state.revision == 1 and storage.load_project("p") == _full_state("p").model_copy(
        update={"revision": 1}
    )


# --- the folder store ---------------------------------------------------------------------


def test_a_file_changed_behind_the_store_is_read_before_it_is_written_over(
    tinydb_store: TinyDBStorage, decoded: list[str]
) -> None:
    state = _full_state("p")
    tinydb_store.save_project(state)
    path = tinydb_store.projects_dir / "p.json"
    tables = json.loads(path.read_bytes())

    tables["project"]["1"]["name"] = "Edited by hand"  # same revision, other bytes
    path.write_text(json.dumps(tables))
    state.latest_user_answer = "Seven storeys"
    tinydb_store.save_project(state)  # the revision still matches: saved, after reading it
    assert decoded == ["p"]

    path.write_bytes(b'{"project": {"1": {"revision": 2, "name": ')  # damaged
    with pytest.raises(CorruptStoreError):
        tinydb_store.save_project(state)
    assert path.read_bytes() == b'{"project": {"1": {"revision": 2, "name": '  # never silently overwritten


def test_a_save_writes_one_document_and_reads_no_record_back(
    tinydb_store: TinyDBStorage, decoded: list[str]
) -> None:
    state = _full_state("p")
    tinydb_store.save_project(state)
    state.turns.append(state.turns[0].model_copy(update={"message": "A third message"}))
    recorded: list[tuple[str, tuple[Any, ...]]] = []
    listening = [True]

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if listening[0] and event in ("open", "os.rename"):  # os.replace is audited as os.rename
            recorded.append((event, args))

    sys.addaudithook(hook)  # a hook stays for the process: it records only during this save
    try:
        tinydb_store.save_project(state)
    finally:
        listening[0] = False

    projects = str(tinydb_store.projects_dir)
    renames = [args for event, args in recorded if event == "os.rename"]
    assert [Path(str(args[1])).name for args in renames] == ["p.json"]  # one document replaced
    written = [
        Path(str(args[0])).name
        for event, args in recorded
        if event == "open" and str(args[0]).startswith(projects) and isinstance(args[2], int) and args[2] & 3
    ]
    assert sorted(n for n in written if not n.endswith(".lock")) == sorted(
        [Path(str(renames[0][0])).name, "p.1.log"]
    )  # the document's temp file, and the log appended to
    assert decoded == []

    tables = json.loads((tinydb_store.projects_dir / "p.json").read_bytes())
    record = tables["project"]["1"]
    assert record == state.model_dump(mode="json", exclude=set(LOGS)) | {
        "revision": 2,
        "logs": record["logs"],
    }
    assert tinydb_store.load_project("p") == state


# --- the key check, on a session that saves again and again ----------------------------------


@pytest.fixture(params=["tinydb", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "tinydb":
        yield str(tmp_path / "data")
        return
    url = request.getfixturevalue("pg_url")
    yield url
    open_storage(url, sealer=None).close()  # type: ignore[attr-defined]


def test_a_session_that_has_saved_is_still_refused_once_the_store_changes_keys(target: str) -> None:
    old, new = new_key(), new_key()
    session = open_storage(target, sealer=Sealer(old))
    state = _full_state("tower")
    session.save_project(state)
    session.save_project(state)  # the session's saves now go straight through

    open_storage(target, sealer=Sealer(f"{new},{old}")).save_project(_full_state("other"))  # keys changed
    state.latest_user_answer = "Written under the old key"
    with pytest.raises(StorageError, match="is not the key this store's projects are encrypted with"):
        session.save_project(state)
    assert open_storage(target, sealer=Sealer(new)).load_project("tower").latest_user_answer == "Six storeys"


def test_a_plain_session_that_has_saved_is_refused_once_the_store_is_encrypted(target: str) -> None:
    session = open_storage(target, sealer=None)
    state = _full_state("plain")
    session.save_project(state)
    session.save_project(state)

    key = new_key()
    open_storage(target, sealer=Sealer(key)).save_project(_full_state("sealed"))  # encryption turned on
    state.latest_user_answer = "Would be stored in the clear"
    with pytest.raises(StorageError, match="WIZARD_ENCRYPTION_KEY is not set"):
        session.save_project(state)
    assert open_storage(target, sealer=Sealer(key)).load_project("plain").latest_user_answer == "Six storeys"


# --- the database -------------------------------------------------------------------------


def _round_trips(store: PostgresStorage, action: Callable[[], object]) -> tuple[int, object]:
    """How many times ``action`` waited for the server (the pool's one connection traced), and its result."""
    with tempfile.TemporaryFile("w+") as trace:
        with store.backend.pool.connection() as conn:
            conn.pgconn.trace(trace.fileno())
            conn.pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS | Trace.REGRESS_MODE)
        try:
            result: object = action()
        except Exception as error:  # the error is what the caller looks at
            result = error
        with store.backend.pool.connection() as conn:
            conn.pgconn.untrace()
        trace.seek(0)
        sent = [line.split("\t") for line in trace.read().splitlines()]
    # Each message that asks the server to answer (Sync after a statement's parts, or a simple Query).
    return sum(1 for parts in sent if parts[0] == "F" and parts[2].split(" ")[0] in ("Sync", "Query")), result


def test_a_database_load_and_save_are_one_round_trip_each(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WIZARD_DB_CONNECTIONS", "1")  # one connection, so the traced one is the one used
    store = open_storage(pg_url)
    assert isinstance(store, PostgresStorage) and store.backend.pool.max_size == 1
    state = _full_state("p")
    store.save_project(state)
    store.save_project(state)  # the statements are prepared once per connection
    store.load_project("p")

    trips, loaded = _round_trips(store, lambda: store.load_project("p"))
    assert trips == 1 and isinstance(loaded, ProjectState) and loaded.revision == 2
    loaded.latest_user_answer = "Seven storeys"
    loaded.turns.append(loaded.turns[0].model_copy(update={"message": "A third message"}))
    trips, _ = _round_trips(store, lambda: store.save_project(loaded))
    assert trips == 1 and loaded.revision == 3

    stale = state  # still at revision 2
    stale.name = "A stale copy"
    trips, refused = _round_trips(store, lambda: store.save_project(stale))
    assert trips == 1 and isinstance(refused, ConflictError)
    stored = store.load_project("p")
    assert (stored.name, stored.latest_user_answer, len(stored.turns)) == (
        "Tower on King St",
        "Seven storeys",
        3,
    )


def test_a_long_database_project_loads_its_newest_turns_in_one_round_trip(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WIZARD_DB_CONNECTIONS", "1")
    store = open_storage(pg_url)
    assert isinstance(store, PostgresStorage)
    state = _full_state("p")
    state.turns = [state.turns[0].model_copy(update={"message": f"message {n}"}) for n in range(30)]
    store.save_project(state)
    store.load_project("p")

    trips, loaded = _round_trips(store, lambda: store.load_project("p"))
    assert trips == 1 and isinstance(loaded, ProjectState)
    assert [t.message for t in loaded.turns] == [f"message {n}" for n in range(10, 30)]
    assert loaded.turn_count == 30

    # The newest turn taken back: its row stays, dead, above the live ones until the log is rewritten.
    # Another replica had the project open (kept decoded) before each save: its next load reads anew.
    fresh = open_storage(pg_url)
    assert isinstance(fresh, PostgresStorage)
    for _ in range(2):  # the first time round prepares the statement that reads by seq
        fresh.load_project("p")
        loaded.turns.pop()
        store.save_project(loaded)
        trips, again = _round_trips(fresh, lambda: fresh.load_project("p"))
    assert trips == 2 and isinstance(again, ProjectState)  # the live ones are then read by seq
    assert [t.message for t in again.turns] == [f"message {n}" for n in range(8, 28)]
    assert again.turn_count == 28
    fresh.close()


def _received(store: PostgresStorage, action: Callable[[], object]) -> int:
    """The bytes of rows the server sent while ``action`` ran (the pool's one connection traced)."""
    with tempfile.TemporaryFile("w+") as trace:
        with store.backend.pool.connection() as conn:
            conn.pgconn.trace(trace.fileno())
            conn.pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS | Trace.REGRESS_MODE)
        action()
        with store.backend.pool.connection() as conn:
            conn.pgconn.untrace()
        trace.seek(0)
        sent = [line.split("\t") for line in trace.read().splitlines()]
    return sum(int(parts[1]) for parts in sent if parts[0] == "B" and parts[2].startswith("DataRow"))


def test_a_database_project_loaded_again_unchanged_is_not_read_again(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page opens a project, then the turn loads it: the second load's one statement finds the row
    as the first left it and brings back neither record nor log rows, and the state equals one read
    afresh; a save by another replica shows at the next load."""
    monkeypatch.setenv("WIZARD_DB_CONNECTIONS", "1")
    mine, theirs = open_storage(pg_url), open_storage(pg_url)
    assert isinstance(mine, PostgresStorage) and isinstance(theirs, PostgresStorage)
    mine.save_project(_full_state("p"))
    read_whole = _received(mine, lambda: mine.load_project("p"))
    first = mine.load_project("p")
    assert _received(mine, lambda: mine.load_project("p")) < read_whole / 10
    trips, second = _round_trips(mine, lambda: mine.load_project("p"))
    assert trips == 1
    assert second == first and second is not first
    assert second.turns and second.turns is not first.turns  # the ended turns in it are shared
    assert second == theirs.load_project("p") and second.log_before == theirs.load_project("p").log_before
    changed = theirs.load_project("p")
    changed.name = "Renamed by the other replica"
    theirs.save_project(changed)
    assert mine.load_project("p").name == "Renamed by the other replica"
    mine.close()
    theirs.close()


def test_a_stale_copy_from_another_replica_is_refused_by_the_database(
    pg_url: str, decoded: list[str]
) -> None:
    one, two = open_storage(pg_url), open_storage(pg_url)
    one.save_project(_full_state("p"))
    theirs, ours = two.load_project("p"), one.load_project("p")
    two.save_project(theirs)
    one.save_project(_full_state("q"))  # a save of its own: this replica now writes at once
    decoded.clear()
    with pytest.raises(ConflictError):
        one.save_project(ours)
    assert decoded == []
    assert one.load_project("p").revision == 2


def test_a_row_from_a_newer_wizard_is_never_written_over(pg_url: str) -> None:
    store = open_storage(pg_url)
    state = _full_state("p")
    store.save_project(state)
    store.save_project(state)
    with psycopg.connect(pg_url) as conn:
        conn.execute(
            "UPDATE wizard_projects SET schema_version = 99, record = record || '{\"schema_version\": 99}'"
        )
    with pytest.raises(StorageError, match="newer version of the wizard"):
        store.save_project(state)
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT schema_version FROM wizard_projects").fetchone() == (99,)


def test_the_connections_a_replica_keeps_are_configurable(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert pool_size({}) == 8
    assert pool_size({"WIZARD_DB_CONNECTIONS": " 3 "}) == 3
    for bad in ("0", "many", "-2", "1000"):
        with pytest.raises(StorageError, match="WIZARD_DB_CONNECTIONS must be a whole number"):
            pool_size({"WIZARD_DB_CONNECTIONS": bad})
    monkeypatch.setenv("WIZARD_DB_CONNECTIONS", "3")
    store = open_storage(pg_url)
    assert isinstance(store, PostgresStorage) and store.backend.pool.max_size == 3
