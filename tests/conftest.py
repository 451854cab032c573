"""Shared fixtures: no test reaches a real API, and storage runs on every backend."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# Every lookup of what was worked out from a settled record checks it again (``wizard_core.settled``).
os.environ["WIZARD_CHECK_SETTLED"] = "1"
# pyproject sets no pytest pythonpath yet, so make the repo's packages importable here.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import InMemoryStorage, StorageAdapter, TinyDBStorage, open_storage
from tests.pg_server import pg_server, pg_url
from wizard_core.config import KEYS

try:  # pytest 9.2's structured test ids (see pytest_collection_modifyitems)
    from _pytest.nodeid import NodeId
except ImportError:  # another pytest: pytest-xdist's own suffix is read as before
    NodeId = None

__all__ = ["pg_server", "pg_url"]  # the PostgreSQL test server's fixtures, for every test


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep each ``xdist_group`` on one worker under ``--dist loadgroup`` (as `make test` runs).

    pytest-xdist 3.8 sends a test's group to the scheduler as an ``@group`` suffix on its id, set
    through ``item._nodeid``, which pytest 9.2 no longer reads (pytest-xdist issue #1386): every
    group is silently split. Until a release fixes it, the suffix goes where pytest 9.2 reads it.
    """
    if NodeId is None or not config.getoption("loadgroup", default=False):  # loadgroup: in a worker
        return
    for item in items:
        marks = item.iter_markers("xdist_group")
        groups = {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in marks}
        if groups and "@" not in item.nodeid:
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(sorted(groups))}")


@pytest.fixture(autouse=True)
def isolated_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Clear model credentials and point the data and cache folders at this test's tmp_path."""
    for name in (*KEYS, "WIZARD_ENCRYPTION_KEY"):
        monkeypatch.delenv(name, raising=False)
    data_dir = tmp_path / "data"
    monkeypatch.setenv("WIZARD_DATA_DIR", str(data_dir))
    # Not ~/.cache, which every test process (and every parallel worker) would share.
    monkeypatch.setenv("WIZARD_CACHE_DIR", str(tmp_path / "cache"))
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
