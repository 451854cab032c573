"""The practice profile as the store keeps it: one per store, beside the projects, on every backend."""

from __future__ import annotations

import json
import os
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest
from tinydb import TinyDB

from storage import InMemoryStorage, Sealer, StorageAdapter, TinyDBStorage, new_key, open_storage
from storage.crypto import is_sealed
from tests.storage.test_storage import _full_state
from wizard_core.errors import CorruptStoreError, InputError, StorageError
from wizard_core.models import Practice

OFFICE = Practice(
    name="Hollis Ward Architects Inc.",
    address_1="401 Richmond St W, Suite 220",
    address_2="Toronto ON  M5V 3A8",
    contact="Dana Hollis, OAA · 416-555-0142",
)
MOVED = Practice(name="Hollis Ward Architects Inc.", address_1="88 Queen St E", contact="dana@hollisward.ca")


@pytest.fixture(params=["tinydb", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A store that outlives its opening (a folder or a database); pools are closed after the test."""
    if request.param == "tinydb":
        yield str(tmp_path / "data")
        return
    url = request.getfixturevalue("pg_url")
    yield url
    open_storage(url, sealer=None).close()  # type: ignore[attr-defined]


def _open(target: str, key: str | None = None) -> StorageAdapter:
    return open_storage(target, sealer=Sealer(key) if key else None)


def _stored_settings(target: str) -> bytes:
    """Everything the store holds for its settings, as bytes on disk or in the table."""
    if target.startswith("postgresql://"):
        with psycopg.connect(target) as conn:
            rows = conn.execute("SELECT s::text FROM wizard_settings s").fetchall()
        return "\n".join(r[0] for r in rows).encode()
    return (Path(target) / "settings.json").read_bytes()


# --- every backend ------------------------------------------------------------------------


def test_a_store_starts_with_an_empty_profile_that_saves_and_replaces(storage: StorageAdapter) -> None:
    assert storage.load_practice() == Practice()
    assert storage.load_practice().empty

    storage.save_practice(OFFICE)
    assert storage.load_practice() == OFFICE
    storage.save_practice(MOVED)
    assert storage.load_practice() == MOVED  # replaced whole: the old second address line is gone
    assert storage.load_practice().address_2 == ""
    assert storage.list_projects() == []  # the profile is no project


def test_the_profile_is_shared_by_every_session_and_survives_reopening(target: str) -> None:
    first = _open(target)
    first.save_project(_full_state())
    first.save_practice(OFFICE)

    again = _open(target)
    assert again.load_practice() == OFFICE
    assert [s.name for s in again.list_projects()] == ["Tower on King St"]
    again.save_practice(MOVED)
    assert first.load_practice() == MOVED  # never cached: another session's save is seen at once


def test_a_field_over_the_limit_is_refused_and_nothing_is_saved(storage: StorageAdapter) -> None:
    storage.save_practice(OFFICE)
    too_long = OFFICE.model_copy()
    too_long.contact = "x" * 201  # past the model's limit: only the store's own check stops it
    with pytest.raises(InputError) as caught:
        storage.save_practice(too_long)
    assert str(caught.value) == "The practice profile was not saved: contact: the limit is 200 characters."
    assert storage.load_practice() == OFFICE


def test_concurrent_saves_leave_one_whole_profile(target: str) -> None:
    profiles = [Practice(name=f"Practice {n}", address_1=f"{n} King St", contact=f"{n}") for n in range(6)]

    def save(practice: Practice) -> None:
        store = _open(target)
        for _ in range(5):
            store.save_practice(practice)

    threads = [threading.Thread(target=save, args=(p,)) for p in profiles]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert _open(target).load_practice() in profiles


# --- encrypted ------------------------------------------------------------------------------


def test_with_a_key_the_profile_is_sealed_and_opens_only_with_that_key(target: str) -> None:
    key = new_key()
    _open(target, key).save_practice(OFFICE)

    stored = _stored_settings(target)
    assert stored
    for secret in (OFFICE.name, OFFICE.address_1, "Dana Hollis", key):
        assert secret.encode() not in stored
    assert _open(target, key).load_practice() == OFFICE

    with pytest.raises(StorageError) as missing:
        _open(target).load_practice()
    assert "The practice profile is encrypted; set WIZARD_ENCRYPTION_KEY" in str(missing.value)
    with pytest.raises(StorageError) as wrong:
        _open(target, new_key()).load_practice()
    assert "The practice profile is encrypted with another key" in str(wrong.value)
    assert _stored_settings(target) == stored  # reading with the wrong key changed nothing


def test_a_memory_store_with_a_key_seals_the_profile_too() -> None:
    store = InMemoryStorage(sealer=Sealer(new_key()))
    store.save_practice(OFFICE)
    assert is_sealed(store.backend.inner.read_setting("practice"))  # type: ignore[attr-defined]
    assert store.load_practice() == OFFICE


def test_a_plain_profile_still_opens_after_a_key_is_set_and_is_sealed_on_its_next_save(target: str) -> None:
    _open(target).save_practice(OFFICE)
    key = new_key()
    sealed = _open(target, key)
    assert sealed.load_practice() == OFFICE
    sealed.save_practice(MOVED)
    assert MOVED.address_1.encode() not in _stored_settings(target)
    assert _open(target, key).load_practice() == MOVED


# --- the settings file --------------------------------------------------------------------


def test_the_profile_is_a_private_tinydb_file_beside_the_projects(tinydb_store: TinyDBStorage) -> None:
    tinydb_store.save_project(_full_state())
    tinydb_store.save_practice(OFFICE)

    settings = tinydb_store.data_dir / "settings.json"
    assert stat.S_IMODE(settings.stat().st_mode) == 0o600  # as the project files: mkstemp's mode
    assert stat.S_IMODE((tinydb_store.projects_dir / "tower-king-st.json").stat().st_mode) == 0o600
    with TinyDB(settings, access_mode="r") as db:
        assert db.table("practice").get(doc_id=1) == OFFICE.model_dump()
    assert not list(tinydb_store.data_dir.glob("*.tmp")) and not list(tinydb_store.data_dir.glob(".*.tmp"))
    assert [s.project_id for s in tinydb_store.list_projects()] == ["tower-king-st"]


def _write(content: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(content)


CORRUPTIONS: dict[str, tuple[Callable[[Path], None], str]] = {
    "not JSON": (_write(b'{"practice": {"1": {"name": "Hol'), "not valid JSON"),
    "empty": (_write(b""), "the file is empty"),
    "not a settings file": (_write(b'["practice"]'), "not a wizard settings file"),
    "nested too deeply": (_write(b"[" * 100_000 + b"]" * 100_000), "it is nested too deeply"),
    "a folder": (lambda path: path.mkdir(), "it is a folder, not a file"),
    "a pipe": (lambda path: os.mkfifo(path), "it is a pipe, not a file"),
}


@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_a_damaged_settings_file_is_a_clear_error_and_projects_still_list(
    tinydb_store: TinyDBStorage, corruption: str
) -> None:
    tinydb_store.save_project(_full_state())
    damage, reason = CORRUPTIONS[corruption]
    settings = tinydb_store.data_dir / "settings.json"
    damage(settings)

    with pytest.raises(CorruptStoreError) as caught:
        tinydb_store.load_practice()
    message = str(caught.value)
    assert message.startswith(f"The settings file settings.json in the data folder cannot be read ({reason})")
    assert "Projects are unaffected" in message and "Traceback" not in message

    fresh = TinyDBStorage(tinydb_store.data_dir, sealer=None)  # a new process lists as before
    assert [s.name for s in fresh.list_projects()] == ["Tower on King St"]
    assert fresh.load_project("tower-king-st").name == "Tower on King St"
    # Saving does not write over what it cannot read (there may be other settings in it).
    before = settings.read_bytes() if settings.is_file() else stat.S_IFMT(settings.lstat().st_mode)
    with pytest.raises(CorruptStoreError):
        fresh.save_practice(OFFICE)
    after = settings.read_bytes() if settings.is_file() else stat.S_IFMT(settings.lstat().st_mode)
    assert after == before


def test_a_profile_of_the_wrong_shape_is_named_and_a_new_save_replaces_it(storage: StorageAdapter) -> None:
    storage.backend.write_setting("practice", {"name": ["Hollis"], "fax": "416-555-0199"})
    with pytest.raises(CorruptStoreError) as caught:
        storage.load_practice()
    assert str(caught.value) == (
        "The saved practice profile is not valid, so it is not shown. Projects are unaffected; "
        "enter the practice again and save it as the profile to replace it."
    )
    storage.save_practice(OFFICE)
    assert storage.load_practice() == OFFICE


def test_other_settings_in_the_file_are_kept_when_the_profile_is_saved(tinydb_store: TinyDBStorage) -> None:
    settings = tinydb_store.data_dir / "settings.json"
    settings.write_text(json.dumps({"later": {"1": {"kept": True}}}), encoding="utf-8")
    tinydb_store.save_practice(OFFICE)
    tables = json.loads(settings.read_text(encoding="utf-8"))
    assert tables["later"] == {"1": {"kept": True}}
    assert tinydb_store.load_practice() == OFFICE


def test_a_lock_that_is_not_a_file_is_refused_and_nothing_is_saved(tinydb_store: TinyDBStorage) -> None:
    (tinydb_store.data_dir / "settings.lock").mkdir()
    with pytest.raises(StorageError) as caught:
        tinydb_store.save_practice(OFFICE)
    assert "The lock file settings.lock in the data folder cannot be used" in str(caught.value)
    assert not (tinydb_store.data_dir / "settings.json").exists()
    assert tinydb_store.load_practice() == Practice()


# --- the database ---------------------------------------------------------------------------


def test_the_profile_is_a_row_of_the_settings_table_created_with_the_others(pg_url: str) -> None:
    store = _open(pg_url)
    store.save_practice(OFFICE)
    with psycopg.connect(pg_url) as conn:
        columns = conn.execute(
            "SELECT column_name, data_type FROM information_schema.columns "
            "WHERE table_name = 'wizard_settings' ORDER BY ordinal_position"
        ).fetchall()
        rows = conn.execute("SELECT name, value FROM wizard_settings").fetchall()
        key = conn.execute(
            "SELECT a.attname FROM pg_index i JOIN pg_attribute a "
            "ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
            "WHERE i.indrelid = 'wizard_settings'::regclass AND i.indisprimary"
        ).fetchall()
    assert columns == [("name", "text"), ("value", "jsonb")]
    assert key == [("name",)]
    assert rows == [("practice", OFFICE.model_dump())]


def test_a_database_from_before_the_profile_gains_its_table_when_opened(pg_url: str) -> None:
    _open(pg_url).save_project(_full_state())
    with psycopg.connect(pg_url) as conn:
        conn.execute("DROP TABLE wizard_settings")
    open_storage(pg_url, sealer=None).close()  # type: ignore[attr-defined]  # the next replica to start
    store = _open(pg_url)
    assert store.load_practice() == Practice()
    store.save_practice(OFFICE)
    assert _open(pg_url).load_practice() == OFFICE
    assert store.load_project("tower-king-st").name == "Tower on King St"
