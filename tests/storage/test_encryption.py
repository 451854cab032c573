"""Encryption at rest, on the folder store and the database: what a stolen disk or dump would show."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from storage import Sealer, StorageAdapter, new_key, open_storage
from tests.storage.test_storage import _full_state
from wizard_core.errors import StorageError

REPO = Path(__file__).resolve().parents[2]
SECRET_NAME = "Tower on King St"
SECRET_ANSWER = "Answer for 3.01"
SECRET_TURN = "It is new"


@pytest.fixture(params=["tinydb", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A store target (a folder or a database URL); PostgreSQL pools are closed after the test."""
    if request.param == "tinydb":
        yield str(tmp_path / "data")
        return
    url = request.getfixturevalue("pg_url")
    yield url
    store = open_storage(url, sealer=None)
    store.close()  # type: ignore[attr-defined]


def _stored_bytes(target: str) -> bytes:
    """Everything the store holds for its projects, as bytes on disk or in the tables."""
    if target.startswith("postgresql://"):
        with psycopg.connect(target) as conn:
            rows = conn.execute("SELECT p::text FROM wizard_projects p").fetchall()
            rows += conn.execute("SELECT l::text FROM wizard_project_log l").fetchall()
        return "\n".join(r[0] for r in rows).encode()
    # The project files and their logs (the list's summary cache holds no record, and is not compared).
    files = sorted((Path(target) / "projects").iterdir())
    return b"\n".join(p.read_bytes() for p in files if p.suffix in (".json", ".log"))


def _open(target: str, key: str | None) -> StorageAdapter:
    return open_storage(target, sealer=Sealer(key) if key else None)


def test_with_a_key_nothing_a_consultant_typed_is_stored_in_the_clear(target: str) -> None:
    key = new_key()
    store = _open(target, key)
    state = _full_state()
    store.save_project(state)
    state.latest_user_answer = "Seven storeys"
    store.save_project(state)  # a second save appends to the log: also sealed

    data = _stored_bytes(target)
    assert data  # something was stored
    for secret in (SECRET_NAME, SECRET_ANSWER, SECRET_TURN, "Seven storeys"):
        assert secret.encode() not in data
    assert key.encode() not in data
    back = _open(target, key)
    assert back.load_project("tower-king-st") == state
    assert [(s.name, s.error) for s in back.list_projects()] == [(SECRET_NAME, None)]


@pytest.mark.parametrize("other", ["wrong", "missing"])
def test_a_wrong_or_missing_key_is_a_clear_error_and_changes_nothing(target: str, other: str) -> None:
    key = new_key()
    _open(target, key).save_project(_full_state())
    before = _stored_bytes(target)
    intruder = _open(target, new_key() if other == "wrong" else None)

    with pytest.raises(StorageError) as loading:
        intruder.load_project("tower-king-st")
    expected = "another key" if other == "wrong" else "is encrypted; set WIZARD_ENCRYPTION_KEY"
    assert expected in str(loading.value)
    stale = _full_state()
    stale.revision = 1
    with pytest.raises(StorageError):
        intruder.save_project(stale)  # it cannot check the revision, so it writes nothing
    listed = intruder.list_projects()
    assert [s.project_id for s in listed] == ["tower-king-st"] and listed[0].error
    assert SECRET_NAME not in listed[0].name
    assert _stored_bytes(target) == before
    assert _open(target, key).load_project("tower-king-st").name == SECRET_NAME


def test_a_plain_store_opened_with_a_key_still_reads_and_seals_on_the_next_save(target: str) -> None:
    _open(target, None).save_project(_full_state())
    key = new_key()
    store = _open(target, key)
    state = store.load_project("tower-king-st")
    assert state.name == SECRET_NAME
    store.save_project(state)
    with_key = _stored_bytes(target)
    assert (
        f'"name": "{SECRET_NAME}"'.encode() not in with_key
        and b'"name":"' + SECRET_NAME.encode() not in with_key
    )
    assert _open(target, key).load_project("tower-king-st").name == SECRET_NAME


def test_the_key_is_never_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key = new_key()
    monkeypatch.setenv("WIZARD_ENCRYPTION_KEY", key)
    store = open_storage(tmp_path / "data")
    store.save_project(_full_state())
    assert key not in repr(store.backend) and "hidden" in repr(store.backend)
    monkeypatch.setenv("WIZARD_ENCRYPTION_KEY", new_key())
    with pytest.raises(StorageError) as wrong:
        open_storage(tmp_path / "data").load_project("tower-king-st")
    assert key not in str(wrong.value) and "WIZARD_ENCRYPTION_KEY" in str(wrong.value)
    with pytest.raises(StorageError) as bad:
        Sealer("not-a-key-" + key[:20])
    assert key[:20] not in str(bad.value) and "keygen" in str(bad.value)


def test_keygen_prints_a_key_that_opens_a_store(tmp_path: Path) -> None:
    printed = subprocess.run(
        [sys.executable, "-m", "wizard_core", "keygen"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.strip()
    store = open_storage(tmp_path / "data", sealer=Sealer(printed))
    store.save_project(_full_state())
    assert store.load_project("tower-king-st").name == SECRET_NAME
    again = subprocess.run(
        [sys.executable, "-m", "wizard_core", "keygen"], cwd=REPO, capture_output=True, text=True
    )
    assert again.stdout.strip() != printed
