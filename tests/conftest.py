"""Shared fixtures: no test reaches a real API, and storage runs on every backend."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# pyproject sets no pytest pythonpath yet, so make the repo's packages importable here.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import InMemoryStorage, StorageAdapter, TinyDBStorage, open_storage
from tests.pg_server import pg_server, pg_url
from wizard_core.config import KEYS

__all__ = ["pg_server", "pg_url"]  # the PostgreSQL test server's fixtures, for every test


@pytest.fixture(autouse=True)
def isolated_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Clear model credentials and point the data folder at this test's tmp_path."""
    for name in (*KEYS, "WIZARD_ENCRYPTION_KEY"):
        monkeypatch.delenv(name, raising=False)
    data_dir = tmp_path / "data"
    monkeypatch.setenv("WIZARD_DATA_DIR", str(data_dir))
    return data_dir


@pytest.fixture(params=["memory", "tinydb", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StorageAdapter]:
    """Each storage test runs once per backend (PostgreSQL: a fresh database on the session's server)."""
    if request.param == "memory":
        yield InMemoryStorage()
    elif request.param == "tinydb":
        yield TinyDBStorage(tmp_path / "data")
    else:
        store = open_storage(request.getfixturevalue("pg_url"))
        yield store
        store.close()  # type: ignore[attr-defined]


@pytest.fixture
def tinydb_store(tmp_path: Path) -> TinyDBStorage:
    """The file backend alone, for tests about files on disk."""
    return TinyDBStorage(tmp_path / "data")
