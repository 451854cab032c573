"""Project storage: one store over small backends (TinyDB files by default, PostgreSQL, or memory).

A store is named by a target: a folder (TinyDB files), or a ``postgresql://`` URL (a database
shared by a team's replicas). ``$WIZARD_DATA_DIR`` holds either.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from storage.base import StorageAdapter
from storage.crypto import FROM_ENV, KEY_ENV, FromEnv, Sealer, from_environment, new_key, resolve
from storage.memory import InMemoryStorage
from storage.pg_url import is_database_url, looks_like_url
from storage.records import ProjectSummary
from storage.tinydb_store import TinyDBStorage
from wizard_core.errors import StorageError

if TYPE_CHECKING:
    from storage.pg_code_text import PgCodeTexts

__all__ = [
    "FROM_ENV",
    "KEY_ENV",
    "InMemoryStorage",
    "ProjectSummary",
    "Sealer",
    "StorageAdapter",
    "TinyDBStorage",
    "default_data_dir",
    "default_store_target",
    "describe_target",
    "from_environment",
    "is_database_url",
    "new_key",
    "open_code_texts",
    "open_storage",
]


def default_store_target() -> str:
    """Where projects live: ``$WIZARD_DATA_DIR`` (a folder or a ``postgresql://`` URL), else ``./data``."""
    return os.environ.get("WIZARD_DATA_DIR") or "./data"


def default_data_dir() -> Path:
    """The data folder: ``$WIZARD_DATA_DIR``, else ``./data`` (a URL there is no folder: ``open_storage``)."""
    return Path(default_store_target())


def describe_target(target: str | Path | None = None) -> str:
    """The store as a stable string (a folder's absolute path, a URL as given), e.g. for a cache key."""
    target = default_store_target() if target is None else target
    if isinstance(target, str) and (is_database_url(target) or looks_like_url(target)):
        return target
    return str(Path(target).resolve())


def open_storage(
    target: str | Path | None = None, sealer: Sealer | FromEnv | None = FROM_ENV
) -> StorageAdapter:
    """The store at ``target`` (a folder or a ``postgresql://`` URL; default ``$WIZARD_DATA_DIR``).

    By default the key is read from ``$WIZARD_ENCRYPTION_KEY``; ``sealer=None`` opens without one.
    A URL that does not parse or cannot be reached is a StorageError, never a folder name.
    """
    target = default_store_target() if target is None else target
    key = resolve(sealer)
    if isinstance(target, str) and is_database_url(target):
        # Imported here: psycopg is only loaded by those who use a database.
        from storage.postgres import PostgresStorage

        return PostgresStorage(target, key)
    if isinstance(target, str) and looks_like_url(target):
        scheme = target.split(":", 1)[0]
        raise StorageError(
            f"The store {scheme}:… is neither a folder nor a postgresql:// URL "
            "(write postgresql://user@host:port/database); nothing was opened."
        )
    return TinyDBStorage(Path(target), key)


def open_code_texts(target: str | Path | None = None) -> PgCodeTexts | None:
    """Where a database target keeps imported code text; None for a folder (the core keeps it there)."""
    target = default_store_target() if target is None else target
    if isinstance(target, str) and is_database_url(target):
        from storage.pg_code_text import PgCodeTexts

        return PgCodeTexts(target)
    return None
