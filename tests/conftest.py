"""Shared fixtures: no test reaches a real API, and storage runs on every backend."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# pyproject sets no pytest pythonpath yet, so make the repo's packages importable here.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import InMemoryStorage, StorageAdapter, TinyDBStorage
from wizard_core.config import KEYS


@pytest.fixture(autouse=True)
def isolated_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Clear model credentials and point the data folder at this test's tmp_path."""
    for name in KEYS:
        monkeypatch.delenv(name, raising=False)
    data_dir = tmp_path / "data"
    monkeypatch.setenv("WIZARD_DATA_DIR", str(data_dir))
    return data_dir


@pytest.fixture(params=["memory", "tinydb"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> StorageAdapter:
    """Each storage test runs once per backend."""
    if request.param == "memory":
        return InMemoryStorage()
    return TinyDBStorage(tmp_path / "data")


@pytest.fixture
def tinydb_store(tmp_path: Path) -> TinyDBStorage:
    """The file backend alone, for tests about files on disk."""
    return TinyDBStorage(tmp_path / "data")
