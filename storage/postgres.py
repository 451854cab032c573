"""Projects in PostgreSQL, for a team: several replicas of the wizard on one database server.

A save is one statement (``pg_save.py``): the record is updated only ``WHERE revision =
expected`` (a new project: inserted only if the id is free), with the store's key check compared
in the same statement and the new log entries written from the row it returned, so they commit
together or not at all. The backend checks its writes (``checks_writes``): the store sends the
save straight away, one round trip, and reads the record back only when the statement wrote
nothing, to say why. ``lock`` holds one pooled connection; the first read under it opens a
transaction holding a transaction-level advisory lock on the project id (it also serialises the
creation of a project that has no row yet, which ``SELECT … FOR UPDATE`` cannot), and the
store's read-check-write then runs inside it. The key check as read under the lock is what that
write compares, and once such a write succeeded, what every later save compares.

The tables (``pg_schema.py``) are created on first use. With an encryption key, record, entries,
summary and settings hold sealed values and ``name`` is empty.

One connection pool per process and URL, its connections in autocommit, the hot statements
prepared: a load or a save is one round trip. A broken connection is dropped by the pool's check,
so the call after a failure reconnects. Every database failure is a StorageError naming the
host and database, never the password.
"""

from __future__ import annotations

import builtins
import contextlib
import functools
import json
import re
import threading
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import PoolTimeout

from storage import crypto, pg_load, pg_save, pg_schema
from storage.backend import Listing, is_valid_id
from storage.base import ProjectStore
from storage.encoding import Encoded
from storage.key_check import KEY_CHECK
from storage.logs import LogWrite
from storage.pg_pool import CONNECT_SECONDS, close_pool, failure, process_pool
from storage.pg_url import DatabaseURL, parse_database_url
from storage.records import Entries, Stored, Unchanged, aware
from storage.revision import Current, StaleWrite
from storage.settings import setting_where
from wizard_core.models import ProjectSummary
from wizard_core.store import name_key, name_taken

LIST = "SELECT id, revision, name, updated_at FROM wizard_projects"
_NAMES_LOCK = 0x5749_5A32  # advisory lock key: one create or rename of a name at a time
LOCK_TIMEOUT = "30s"
PUT_SETTING = """
INSERT INTO wizard_settings VALUES (%s, %s)
ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value
"""


# JSONB text cannot hold U+0000; like a lone surrogate (bounds.py) it is kept as U+FFFD, never refused.
_NUL_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u0000")


def _jsonb(value: Any) -> Jsonb:
    return Jsonb(value, dumps=lambda v: _NUL_ESCAPE.sub(r"\1\\ufffd", json.dumps(v, ensure_ascii=False)))


@dataclass
class _Held:
    """A project's lock as this thread holds it: the connection, and the transaction once begun."""

    project_id: str
    conn: psycopg.Connection
    transaction: contextlib.ExitStack
    begun: bool = False
    key: object = pg_save.UNCHECKED  # the key check as read under the lock (its JSONB as stored)


class PostgresBackend:
    """Records and log entries in two tables; see the module docstring."""

    checks_writes = True

    def __init__(self, url: DatabaseURL, sealer: crypto.Sealer | None) -> None:
        self.url = url
        self.sealer = sealer
        self._held = threading.local()  # the project locks this thread holds (``_Held``), by id
        # The key check as stored when a save that compared it last succeeded: what the next save
        # without a lock's read compares (UNCHECKED: none has, so the first save reads it).
        self._key: object = pg_save.UNCHECKED
        # One statement per save (``pg_save``), remembering what it stored apart of each project.
        self._save = functools.partial(pg_save.save, sealer=sealer, sent=pg_save.SentApart())
        self.pool = process_pool(url)
        with self._connection("opened") as conn:
            pg_schema.create(conn, keyed=sealer is None)

    def __repr__(self) -> str:
        return f"PostgresBackend({self.url.label!r})"

    def where(self, project_id: str) -> str:
        return f"The project {project_id} in the database {self.url.label}"

    @contextlib.contextmanager
    def _connection(self, doing: str, project_id: str | None = None) -> Iterator[psycopg.Connection]:
        """The lock's connection if held (its transaction begun), else a pooled one; errors: StorageError."""
        held = self._holding(project_id)
        if held is not None:
            self._begin(held)
            yield held.conn
            return
        try:
            with self.pool.connection(timeout=CONNECT_SECONDS) as conn:
                yield conn
        except (psycopg.Error, PoolTimeout) as error:
            raise failure(self.url, doing, error) from None

    def _holding(self, project_id: str | None) -> _Held | None:
        return getattr(self._held, "locks", {}).get(project_id) if project_id else None

    def _begin(self, held: _Held) -> None:
        """Open the lock's transaction and take the project's advisory lock, once."""
        if held.begun:
            return
        held.transaction.enter_context(held.conn.transaction())
        held.conn.execute(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'")
        held.conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (held.project_id,))
        held.begun = True

    def read(self, project_id: str, logs: bool = True) -> Stored | None:
        return pg_load.read(self._reading(project_id), project_id, logs, self.sealer, self.where(project_id))

    def read_newest(
        self, project_id: str, newest: Mapping[str, int], unless: Hashable = None
    ) -> Stored | Unchanged | None:
        """The record and its logs' newest entries in one statement (``pg_load.py``); None if absent;
        UNCHANGED if the row's fingerprint is still ``unless``."""
        where = self.where(project_id)
        fingerprint = unless if isinstance(unless, str) else None
        return pg_load.read_newest(
            self._reading(project_id), project_id, newest, self.sealer, where, fingerprint
        )

    def read_range(
        self, project_id: str, stored: Stored, ranges: Mapping[str, tuple[int, int]]
    ) -> Entries | None:
        where = self.where(project_id)
        return pg_load.read_range(
            self._reading(project_id), project_id, stored.position, ranges, self.sealer, where
        )

    def read_back(
        self,
        project_id: str,
        stored: Stored,
        log: str,
        before: int,
        limit: int | None,
        want: Callable[[Any], bool],
    ) -> builtins.list[tuple[int, Any]] | None:
        connect, where = self._reading(project_id), self.where(project_id)
        return pg_load.read_back(connect, project_id, log, before, limit, want, self.sealer, where)

    def _reading(self, project_id: str) -> pg_load.Connect:
        return lambda: self._connection("read", project_id)

    def write(self, project_id: str, record: Encoded, log: LogWrite, current: Current | None) -> None:
        """One statement (``pg_save``); StaleWrite if it wrote nothing, or no key check was verified yet."""
        held = self._holding(project_id)
        key = held.key if held is not None and held.begun else self._key
        if key is pg_save.UNCHECKED and (held is None or not held.begun):
            raise StaleWrite  # no save compared the key check yet: read it under the lock first
        # The name as names compare, for the unique index: set by a create or rename, which checked it
        # under the names lock; none when sealed (it would show the name).
        naming = not self.sealer and self._held.__dict__.get("names")
        keyed = name_key(record.name) if naming else None
        with self._statement(held) as conn:
            try:
                outcome = self._save(conn, project_id, record, log, current, key=key, name_key=keyed)
            except psycopg.errors.UniqueViolation as error:
                if error.diag.constraint_name != "wizard_projects_name_key":
                    raise
                raise name_taken(record.name, [name_key(record.name)]) from None
        if outcome.saved:
            if key is not pg_save.UNCHECKED:
                self._key = key
            return
        expected = current.revision if current is not None else None
        # Certainly another session's save: a later revision (or none) is stored where this one was
        # expected; a project stored at 0 (imported) is updated once it is read.
        stale = outcome.stored_revision != expected and not (current is None and outcome.stored_revision == 0)
        raise StaleWrite(conflict=outcome.key_held and stale)

    @contextlib.contextmanager
    def _statement(self, held: _Held | None) -> Iterator[psycopg.Connection]:
        """The lock's connection as it is (a save needs no transaction of its own), else a pooled one."""
        if held is not None:
            yield held.conn
            return
        with self._connection("saved") as conn:
            yield conn

    def delete(self, project_id: str) -> bool:
        with self._connection("changed", project_id) as conn:
            cur = conn.execute("DELETE FROM wizard_projects WHERE id = %s", (project_id,))
        return cur.rowcount == 1

    @contextlib.contextmanager
    def lock(self, project_id: str) -> Iterator[None]:
        """A pooled connection for the project; its transaction and advisory lock begin with the first read
        under it (``_begin``) and commit when released. A save alone needs neither: it checks itself."""
        locks: dict[str, _Held] = self._held.__dict__.setdefault("locks", {})
        try:
            with self.pool.connection(timeout=CONNECT_SECONDS) as conn, contextlib.ExitStack() as transaction:
                locks[project_id] = _Held(project_id, conn, transaction)
                try:
                    yield
                finally:
                    del locks[project_id]
        except (psycopg.Error, PoolTimeout) as error:
            raise failure(self.url, "saved", error) from None

    @contextlib.contextmanager
    def lock_names(self) -> Iterator[None]:
        """A transaction of its own holding the names lock (not the pool's: waiters would drain it)."""
        try:
            conn = psycopg.connect(self.url.conninfo, connect_timeout=CONNECT_SECONDS)
        except psycopg.Error as error:
            raise failure(self.url, "saved", error) from None
        with conn:
            try:
                conn.execute(f"SET lock_timeout = '{LOCK_TIMEOUT}'")
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (_NAMES_LOCK,))
            except psycopg.Error as error:
                raise failure(self.url, "saved", error) from None
            self._held.names = True
            try:
                yield
            finally:
                self._held.names = False

    def list(self) -> Iterable[Listing]:
        with self._connection("read") as conn:
            rows = conn.execute(LIST, prepare=True).fetchall()
        return [Listing(pid, revision, name or pid, aware(updated)) for pid, revision, name, updated in rows]

    def summaries(self) -> tuple[builtins.list[ProjectSummary], set[str]]:
        """Every project's list entry in one query (``pg_load.summaries``), and the ids not opened for
        want of the key."""
        with self._connection("read") as conn:
            rows = conn.execute(pg_load.SUMMARIES, prepare=True).fetchall()
        return pg_load.summaries(rows, self.sealer, self.where)

    def exists(self, project_id: str) -> bool:
        with self._connection("read") as conn:
            return (
                conn.execute("SELECT 1 FROM wizard_projects WHERE id = %s", (project_id,)).fetchone()
                is not None
            )

    def read_setting(self, name: str) -> Any:
        # Under a project's lock, on its connection: a second one from the pool could wait for ever.
        held = next(iter(getattr(self._held, "locks", {}).values()), None)
        with self._connection("read", held.project_id if held else None) as conn:
            row = conn.execute("SELECT value FROM wizard_settings WHERE name = %s", (name,)).fetchone()
        if held is not None and name == KEY_CHECK:
            held.key = None if row is None else row[0]  # what this lock's write compares
        return None if row is None else crypto.open_value(self.sealer, row[0], setting_where(name))

    def write_setting(self, name: str, value: dict[str, Any]) -> None:
        # One statement: the row is replaced whole, the last of two concurrent saves wins.
        with self._connection("saved") as conn:
            conn.execute(PUT_SETTING, (name, _jsonb(crypto.seal_value(self.sealer, value))))


class PostgresStorage(ProjectStore):
    """The team store: projects in a PostgreSQL database named by a ``postgresql://`` URL."""

    backend: PostgresBackend

    def __init__(self, url: str, sealer: crypto.Sealer | crypto.FromEnv | None = crypto.FROM_ENV) -> None:
        self.url = parse_database_url(url)
        self.data_dir = None  # nothing of it lives in a folder
        key = crypto.resolve(sealer)
        super().__init__(PostgresBackend(self.url, key), sealer=key, sealing=True)

    def __repr__(self) -> str:
        return f"PostgresStorage({self.url.label!r})"

    def exists(self, project_id: str) -> bool:
        """Whether the id has a row; a database that cannot be reached is an error, never "no"."""
        return is_valid_id(project_id) and self.backend.exists(project_id)

    def close(self) -> None:
        """Close this process's connections to the database (the next store on the URL reconnects)."""
        close_pool(self.url)
