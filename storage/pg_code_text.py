"""Imported code text in PostgreSQL, so every replica of a team's wizard quotes the same code.

Each import is a row of ``wizard_code_text`` (name, body). ``code_text_version`` holds one row
whose counter is bumped in the same transaction as every write and removal: a replica asks for
that row every few seconds (one indexed read) and, when it moved, copies the texts into its
own folder and searches them there (``wizard_core/knowledge/code_store.py``). The token beside
the counter is chosen when the table is made, so a recreated database never repeats a version.

Connections come from the project store's pool for the same URL. Every database failure is a
StorageError naming the host and database, never the password.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

import psycopg
from psycopg_pool import PoolTimeout

from storage.pg_pool import CONNECT_SECONDS, process_pool
from storage.pg_url import DatabaseURL, parse_database_url
from wizard_core.errors import InputError, StorageError

SCHEMA = """
CREATE TABLE IF NOT EXISTS wizard_code_text (
    name text PRIMARY KEY,
    body text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS code_text_version (
    id integer PRIMARY KEY CHECK (id = 1),
    counter bigint NOT NULL,
    token text NOT NULL
);
INSERT INTO code_text_version VALUES (1, 0, md5(random()::text || clock_timestamp()::text))
ON CONFLICT (id) DO NOTHING;
"""
_SCHEMA_LOCK = 0x5749_5A32  # advisory lock key: replicas starting together create the tables once
_BUMP = "UPDATE code_text_version SET counter = counter + 1 WHERE id = 1"
# The same names the folder store uses: lower-case words joined by dashes, at most 60 characters.
_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_NAME = 60
MAX_TEXT_CHARS = 64 * 2**20  # an import is rendered from at most 20 MB of text


class PgCodeTexts:
    """The code-text store (``wizard_core.knowledge.code_store.CodeTextStore``) in a database."""

    def __init__(self, url: str) -> None:
        self.url: DatabaseURL = parse_database_url(url)
        self.pool = process_pool(self.url)
        with self._connection("opened") as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            conn.execute(SCHEMA)

    def __repr__(self) -> str:
        return f"PgCodeTexts({self.url.label!r})"

    @property
    def label(self) -> str:
        return f"postgresql://{self.url.label}"

    def names(self) -> list[str]:
        with self._connection("read") as conn:
            rows = conn.execute("SELECT name FROM wizard_code_text ORDER BY name").fetchall()
        return [name for (name,) in rows]

    def read(self, name: str) -> str | None:
        if not _usable(name):
            return None
        with self._connection("read") as conn:
            row = conn.execute("SELECT body FROM wizard_code_text WHERE name = %s", (name,)).fetchone()
        return None if row is None else str(row[0])

    def write(self, name: str, text: str) -> None:
        """Store one import (replacing one of that name) and move the version, in one transaction."""
        if not _usable(name):
            raise InputError(f"{name[:80]!r} is not a usable import name; use letters, digits and dashes.")
        if len(text) > MAX_TEXT_CHARS or "\x00" in text:
            raise InputError(f"The code text {name} is too large or not text; nothing was imported.")
        with self._connection("saved") as conn, conn.transaction():
            conn.execute(
                "INSERT INTO wizard_code_text (name, body) VALUES (%s, %s) ON CONFLICT (name) "
                "DO UPDATE SET body = EXCLUDED.body, updated_at = now()",
                (name, text),
            )
            conn.execute(_BUMP)

    def remove(self, name: str) -> bool:
        if not _usable(name):
            return False
        with self._connection("changed") as conn, conn.transaction():
            removed = conn.execute("DELETE FROM wizard_code_text WHERE name = %s", (name,)).rowcount == 1
            if removed:
                conn.execute(_BUMP)
        return removed

    def version(self) -> str:
        with self._connection("read") as conn:
            row = conn.execute("SELECT token, counter FROM code_text_version WHERE id = 1").fetchone()
        return "" if row is None else f"{row[0]}:{row[1]}"

    @contextlib.contextmanager
    def _connection(self, doing: str) -> Iterator[psycopg.Connection]:
        try:
            with self.pool.connection(timeout=CONNECT_SECONDS) as conn:
                yield conn
        except (psycopg.Error, PoolTimeout) as error:
            if isinstance(error, PoolTimeout):
                reason = "no connection could be made in time"
            else:
                text = str(error).strip()
                reason = self.url.scrub(text.splitlines()[0]) if text else type(error).__name__
            nothing = " Nothing was saved." if doing == "saved" else ""
            raise StorageError(
                f"The code text in the database {self.url.label} could not be {doing} ({reason}).{nothing} "
                "Check that the server is running and the store URL is right, then try again."
            ) from None


def _usable(name: str) -> bool:
    return isinstance(name, str) and len(name) <= MAX_NAME and _NAME.fullmatch(name) is not None
