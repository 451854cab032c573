"""One store, one key: a missing or wrong key writes nothing; a change of keys names the old one too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from storage import Sealer, StorageAdapter, new_key, open_storage
from tests.storage.test_storage import _full_state
from wizard_core.errors import StorageError
from wizard_core.models import Practice as PracticeModel


@pytest.fixture(params=["tinydb", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "tinydb":
        yield str(tmp_path / "data")
        return
    url = request.getfixturevalue("pg_url")
    yield url
    open_storage(url, sealer=None).close()  # type: ignore[attr-defined]


def _open(target: str, key: str | None) -> StorageAdapter:
    return open_storage(target, sealer=Sealer(key) if key else None)


def _sealed_rows(target: str) -> bytes:
    if target.startswith("postgresql://"):
        with psycopg.connect(target) as conn:
            rows = conn.execute("SELECT p::text FROM wizard_projects p").fetchall()
        return "\n".join(r[0] for r in rows).encode()
    return b"\n".join(p.read_bytes() for p in sorted((Path(target) / "projects").glob("*.json")))


@pytest.mark.parametrize("other", ["missing", "wrong"])
def test_a_sealed_store_refuses_every_write_without_its_key(target: str, other: str) -> None:
    key = new_key()
    _open(target, key).save_project(_full_state("first"))
    intruder = _open(target, None if other == "missing" else new_key())
    before = _sealed_rows(target)

    attempts = {
        "create": lambda: intruder.save_project(_full_state("second"), unique_name=True),
        "save": lambda: intruder.save_project(_full_state("third")),
        "delete": lambda: intruder.delete_project("first"),
        "practice": lambda: intruder.save_practice(PracticeModel(name="Studio")),
    }
    for action, attempt in attempts.items():
        with pytest.raises(StorageError) as caught:
            attempt()
        message = str(caught.value)
        assert "WIZARD_ENCRYPTION_KEY" in message and "nothing was saved" in message, (action, message)
        assert key not in message
        expected = (
            "is not set" if other == "missing" else "is not the key this store's projects are encrypted"
        )
        assert expected in message, (action, message)
    assert _sealed_rows(target) == before
    assert [s.project_id for s in _open(target, key).list_projects()] == ["first"]


def test_reading_without_the_key_is_as_before(target: str) -> None:
    key = new_key()
    _open(target, key).save_project(_full_state("first"))
    keyless = _open(target, None)
    with pytest.raises(StorageError, match="is encrypted; set WIZARD_ENCRYPTION_KEY"):
        keyless.load_project("first")
    listed = keyless.list_projects()
    assert [s.project_id for s in listed] == ["first"] and listed[0].error


def test_a_plain_store_stays_writable_without_a_key_and_seals_once_a_key_is_set(target: str) -> None:
    _open(target, None).save_project(_full_state("plain"))
    _open(target, None).save_project(_full_state("plain-2"))  # no key, no check: as before
    key = new_key()
    _open(target, key).save_project(_full_state("sealed"))  # encryption turned on: the check is written
    with pytest.raises(StorageError, match="is not set"):
        _open(target, None).save_project(_full_state("in-the-clear"))
    with pytest.raises(StorageError, match="is not the key"):
        _open(target, new_key()).save_project(_full_state("second-key"))
    assert sorted(s.project_id for s in _open(target, key).list_projects()) == ["plain", "plain-2", "sealed"]


def test_a_store_sealed_before_the_check_learns_its_key_on_the_first_write(target: str) -> None:
    key = new_key()
    _open(target, key).save_project(_full_state("old"))
    _drop_key_check(target)
    with pytest.raises(StorageError, match="is not the key"):  # a sealed record does not open with it
        _open(target, new_key()).save_project(_full_state("other-key"), unique_name=False)
    _open(target, key).save_project(_full_state("new"))  # the right key: learnt
    with pytest.raises(StorageError, match="is not set"):
        _open(target, None).save_project(_full_state("plain"))
    with pytest.raises(StorageError, match="is not the key"):
        _open(target, new_key()).save_project(_full_state("other-key"))


def test_naming_the_old_key_after_the_new_one_changes_the_stores_key(target: str) -> None:
    old, new = new_key(), new_key()
    store = _open(target, old)
    state = _full_state("tower")
    store.save_project(state)
    state.latest_user_answer = "Seven storeys"
    store.save_project(state)
    store.save_practice(PracticeModel(name="Studio North"))

    with pytest.raises(StorageError, match="is not the key"):  # the new key alone is a mistake
        _open(target, new).save_project(_full_state("early"))
    rotating = _open(target, f"{new},{old}")
    rotating.save_project(_full_state("after"))  # re-seals everything under the new key

    fresh = _open(target, new)
    assert fresh.load_project("tower") == _open(target, f"{new},{old}").load_project("tower")
    assert fresh.load_project("tower").latest_user_answer == "Seven storeys"
    assert fresh.load_practice().name == "Studio North"
    assert sorted(s.project_id for s in fresh.list_projects()) == ["after", "tower"]
    fresh.save_project(_full_state("later"))
    with pytest.raises(StorageError, match="is not the key"):  # the old key writes nothing now
        _open(target, old).save_project(_full_state("stale"))
    with pytest.raises(StorageError, match="another key"):
        _open(target, old).load_project("tower")


def _drop_key_check(target: str) -> None:
    if target.startswith("postgresql://"):
        with psycopg.connect(target) as conn:
            conn.execute("DELETE FROM wizard_settings WHERE name = 'key_check'")
    else:
        (Path(target) / "settings.json").unlink()
