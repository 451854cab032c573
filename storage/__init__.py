"""Project storage: one store over small backends (TinyDB files by default, or memory)."""

from __future__ import annotations

import os
from pathlib import Path

from storage.base import ProjectSummary, StorageAdapter
from storage.memory import InMemoryStorage
from storage.tinydb_store import TinyDBStorage

__all__ = [
    "InMemoryStorage",
    "ProjectSummary",
    "StorageAdapter",
    "TinyDBStorage",
    "default_data_dir",
    "open_storage",
]


def default_data_dir() -> Path:
    """The data folder: ``$WIZARD_DATA_DIR``, else ``./data``."""
    return Path(os.environ.get("WIZARD_DATA_DIR") or "./data")


def open_storage(data_dir: Path | None = None) -> StorageAdapter:
    """The default store, in ``data_dir`` or the configured data folder."""
    return TinyDBStorage(data_dir if data_dir is not None else default_data_dir())
