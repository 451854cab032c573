"""Projects in PostgreSQL, for a team: several replicas of the wizard on one database server.

The file-shaped ``Backend`` fits a database as it is: ``lock`` opens a transaction holding a
transaction-level advisory lock on the project id (it also serialises the creation of a project
that has no row yet, which ``SELECT … FOR UPDATE`` cannot), and the store's read-check-write
runs inside it on the same connection. ``write`` is then still guarded on its own: an ``UPDATE …
WHERE revision = expected`` that changes no row, or an INSERT whose id is taken, is a conflict,
never an overwrite. The record and its new log entries commit together, or not at all.

Tables (created on first use): ``wizard_projects`` (id, name, record JSONB, revision,
schema_version, updated_at, summary JSONB: what the project list shows, so listing is one
query), ``wizard_project_log`` (project_id, log, seq, entry JSONB) and ``wizard_settings``
(name, value JSONB: the practice profile every project shares). With an encryption key,
record, entries, summary and settings hold sealed values and ``name`` is empty; id, revision,
schema_version, updated_at and a setting's name stay plain.

One connection pool per process and URL; a broken connection is dropped by the pool's check,
so the call after a failure reconnects. Every database failure is a StorageError naming the
host and database, never the password.
"""

from __future__ import annotations

import builtins
import contextlib
import json
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import PoolTimeout

from storage import crypto
from storage.base import Listing, ProjectStore, Stored, is_valid_id, setting_where
from storage.logs import LogWrite
from storage.pg_pool import CONNECT_SECONDS, close_pool, failure, process_pool
from storage.pg_url import DatabaseURL, parse_database_url
from storage.records import Entries, aware, decode, newest_first, summarize, unreadable
from wizard_core.errors import ConflictError, StorageError
from wizard_core.models import ProjectSummary
from wizard_core.store import name_key, name_taken

SCHEMA = """
CREATE TABLE IF NOT EXISTS wizard_projects (
    id text PRIMARY KEY,
    name text NOT NULL,
    record jsonb NOT NULL,
    revision integer NOT NULL,
    schema_version integer NOT NULL,
    updated_at timestamptz NOT NULL,
    summary jsonb NOT NULL,
    name_key text
);
CREATE TABLE IF NOT EXISTS wizard_project_log (
    project_id text NOT NULL REFERENCES wizard_projects (id) ON DELETE CASCADE,
    log text NOT NULL,
    seq integer NOT NULL,
    entry jsonb NOT NULL,
    PRIMARY KEY (project_id, log, seq)
);
CREATE TABLE IF NOT EXISTS wizard_settings (
    name text PRIMARY KEY,
    value jsonb NOT NULL
);
ALTER TABLE wizard_projects ADD COLUMN IF NOT EXISTS name_key text;
CREATE UNIQUE INDEX IF NOT EXISTS wizard_projects_name_key ON wizard_projects (name_key);
"""
# Rows from before ``name_key`` get it where their name is nobody else's; old duplicates keep NULL
# (NULLs never clash), so the index is built whatever is stored, and a rename gives them a key.
UNKEYED = "SELECT id, name FROM wizard_projects WHERE name_key IS NULL AND name <> ''"
KEYED = "SELECT name_key FROM wizard_projects WHERE name_key IS NOT NULL"
SET_KEY = "UPDATE wizard_projects SET name_key = %s WHERE id = %s AND name_key IS NULL"
# One statement, so the record and its entries come from one snapshot even while a save commits.
READ = """
SELECT p.record, p.revision,
       CASE WHEN %(logs)s THEN (SELECT coalesce(jsonb_agg(jsonb_build_array(l.log, l.seq, l.entry)), '[]')
                               FROM wizard_project_log l WHERE l.project_id = p.id) END
FROM wizard_projects p WHERE p.id = %(id)s
"""
# A load's newest entries of each log, by seq, in one statement: only while the record is still at the
# revision read (a save commits the record and its entries together), so both are of one save.
READ_RANGE = """
SELECT (SELECT coalesce(jsonb_agg(jsonb_build_array(l.log, l.seq, l.entry)), '[]')
        FROM wizard_project_log l
        JOIN unnest(%(logs)s::text[], %(low)s::int[], %(high)s::int[]) AS r(log, low, high)
          ON l.log = r.log AND l.seq >= r.low AND l.seq < r.high
        WHERE l.project_id = p.id)
FROM wizard_projects p WHERE p.id = %(id)s AND p.revision = %(revision)s
"""
# What a person opens of a log, read back from ``before`` a batch at a time.
READ_BACK = """
SELECT seq, entry FROM wizard_project_log WHERE project_id = %s AND log = %s AND seq < %s
ORDER BY seq DESC LIMIT %s
"""
BACK_BATCH = 200
_SCHEMA_LOCK = 0x5749_5A31  # advisory lock key: replicas starting together create the tables once
_NAMES_LOCK = 0x5749_5A32  # advisory lock key: one create or rename of a name at a time
LOCK_TIMEOUT = "30s"
INSERT = """
INSERT INTO wizard_projects (id, name, record, revision, schema_version, updated_at, summary, name_key)
VALUES (%(id)s, %(name)s, %(record)s, %(revision)s, %(schema_version)s, %(updated_at)s, %(summary)s,
        %(name_key)s)
ON CONFLICT (id) DO NOTHING
"""
# Guarded by the revision even under the lock: a row someone else saved is never overwritten.
UPDATE = """
UPDATE wizard_projects
SET name = %(name)s, record = %(record)s, revision = %(revision)s, schema_version = %(schema_version)s,
    updated_at = %(updated_at)s, summary = %(summary)s,
    name_key = CASE WHEN %(name_key)s::text IS NOT NULL THEN %(name_key)s
                    WHEN name = %(name)s THEN name_key END
WHERE id = %(id)s AND revision = %(expected)s
"""
PUT_ENTRY = """
INSERT INTO wizard_project_log VALUES (%s, %s, %s, %s)
ON CONFLICT (project_id, log, seq) DO UPDATE SET entry = EXCLUDED.entry
"""
PUT_SETTING = """
INSERT INTO wizard_settings VALUES (%s, %s)
ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value
"""


# JSONB text cannot hold U+0000; like a lone surrogate (bounds.py) it is kept as U+FFFD, never refused.
_NUL_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u0000")


def _jsonb(value: Any) -> Jsonb:
    return Jsonb(value, dumps=lambda v: _NUL_ESCAPE.sub(r"\1\\ufffd", json.dumps(v, ensure_ascii=False)))


def _key_names(conn: psycopg.Connection) -> None:
    """Give rows stored before ``name_key`` their key, but where two share a name (left NULL, as they are)."""
    taken = {key for (key,) in conn.execute(KEYED).fetchall()}
    by_key: dict[str, list[str]] = {}
    for project_id, name in conn.execute(UNKEYED).fetchall():
        by_key.setdefault(name_key(name), []).append(project_id)
    for key, ids in by_key.items():
        if len(ids) == 1 and key not in taken:
            conn.execute(SET_KEY, (key, ids[0]))


class PostgresBackend:
    """Records and log entries in two tables; see the module docstring."""

    def __init__(self, url: DatabaseURL, sealer: crypto.Sealer | None) -> None:
        self.url = url
        self.sealer = sealer
        self._held = threading.local()  # the transaction's connection while ``lock`` is held
        self.pool = process_pool(url)
        with self._connection("opened") as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            conn.execute(SCHEMA)
            if sealer is None:
                _key_names(conn)

    def __repr__(self) -> str:
        return f"PostgresBackend({self.url.label!r})"

    def where(self, project_id: str) -> str:
        return f"The project {project_id} in the database {self.url.label}"

    @contextlib.contextmanager
    def _connection(self, doing: str, project_id: str | None = None) -> Iterator[psycopg.Connection]:
        """The lock's connection if held, else a pooled one in its own transaction; errors as StorageError."""
        held = getattr(self._held, "conns", {}).get(project_id) if project_id else None
        if held is not None:
            yield held
            return
        try:
            with self.pool.connection(timeout=CONNECT_SECONDS) as conn:
                yield conn
        except (psycopg.Error, PoolTimeout) as error:
            raise failure(self.url, doing, error) from None

    def read(self, project_id: str, logs: bool = True) -> Stored | None:
        with self._connection("read", project_id) as conn:
            row = conn.execute(READ, {"id": project_id, "logs": logs}).fetchone()
        if row is None:
            return None
        where = self.where(project_id)
        record = crypto.open_value(self.sealer, row[0], where)
        entries: dict[str, dict[int, Any]] = {}
        for log, seq, entry in row[2] or []:
            entries.setdefault(log, {})[seq] = crypto.open_value(self.sealer, entry, where)
        return Stored(record, entries, row[1])

    def read_range(
        self, project_id: str, stored: Stored, ranges: Mapping[str, tuple[int, int]]
    ) -> Entries | None:
        values = {
            "id": project_id,
            "revision": stored.position,
            "logs": list(ranges),
            "low": [low for low, _ in ranges.values()],
            "high": [high for _, high in ranges.values()],
        }
        with self._connection("read", project_id) as conn:
            row = conn.execute(READ_RANGE, values).fetchone()
        if row is None:
            return None  # saved again since ``stored`` was read
        where = self.where(project_id)
        entries: Entries = {}
        for log, seq, entry in row[0] or []:
            entries.setdefault(log, {})[seq] = crypto.open_value(self.sealer, entry, where)
        return entries

    def read_back(
        self,
        project_id: str,
        stored: Stored,
        log: str,
        before: int,
        limit: int | None,
        want: Callable[[Any], bool],
    ) -> builtins.list[tuple[int, Any]] | None:
        where = self.where(project_id)
        found: builtins.list[tuple[int, Any]] = []
        while limit is None or len(found) < limit:
            with self._connection("read", project_id) as conn:
                rows = conn.execute(READ_BACK, (project_id, log, before, BACK_BATCH)).fetchall()
            for seq, sealed in rows:
                entry = crypto.open_value(self.sealer, sealed, where)
                if want(entry):
                    found.append((seq, entry))
                    if limit is not None and len(found) >= limit:
                        break
            if len(rows) < BACK_BATCH:
                break
            before = rows[-1][0]
        return found

    def write(self, project_id: str, record: dict[str, Any], log: LogWrite, previous: Stored | None) -> None:
        where = self.where(project_id)
        state = decode(record, project_id, where)
        summary = summarize(state)
        shown = {
            "name": summary.name,
            "complete": summary.complete,
            "answered": summary.answered,
            "current_section": summary.current_section,
        }
        values = {
            "id": project_id,
            "name": "" if self.sealer else summary.name,
            # The name as names compare, for the unique index: set by a create or rename, which checked
            # it under the names lock; none when sealed (it would show the name).
            "name_key": None if self.sealer or not self._held.__dict__.get("names") else name_key(state.name),
            "record": _jsonb(crypto.seal_value(self.sealer, record)),
            "revision": record["revision"],
            "schema_version": record.get("schema_version", 0),
            "updated_at": summary.updated_at,
            "summary": _jsonb(crypto.seal_value(self.sealer, shown)),
            "expected": previous.position if previous is not None else None,
        }
        rows = [
            (project_id, name, seq, _jsonb(crypto.seal_value(self.sealer, entry)))
            for name, got in log.entries.items()
            for seq, entry in got
        ]
        with self._connection("saved", project_id) as conn, conn.transaction():
            try:
                cur = conn.execute(INSERT if previous is None else UPDATE, values)
            except psycopg.errors.UniqueViolation as error:
                if error.diag.constraint_name != "wizard_projects_name_key":
                    raise
                raise name_taken(state.name, [values["name_key"]]) from None
            if cur.rowcount != 1:
                raise ConflictError(
                    "This project was changed in another session since it was opened here, "
                    "so this change was not saved."
                )
            if log.restart:
                conn.execute("DELETE FROM wizard_project_log WHERE project_id = %s", (project_id,))
            if rows:
                with conn.cursor() as cur:
                    cur.executemany(PUT_ENTRY, rows)

    def delete(self, project_id: str) -> bool:
        with self._connection("changed", project_id) as conn:
            cur = conn.execute("DELETE FROM wizard_projects WHERE id = %s", (project_id,))
        return cur.rowcount == 1

    @contextlib.contextmanager
    def lock(self, project_id: str) -> Iterator[None]:
        """One transaction holding the project's advisory lock; committed when released."""
        conns: dict[str, psycopg.Connection] = self._held.__dict__.setdefault("conns", {})
        try:
            with self.pool.connection(timeout=CONNECT_SECONDS) as conn:
                conn.execute(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'")
                conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (project_id,))
                conns[project_id] = conn
                try:
                    yield
                finally:
                    del conns[project_id]
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
            rows = conn.execute("SELECT id, revision, name, updated_at FROM wizard_projects").fetchall()
        return [Listing(pid, revision, name or pid, aware(updated)) for pid, revision, name, updated in rows]

    def summaries(self) -> tuple[builtins.list[ProjectSummary], set[str]]:
        """Every project's list entry in one query; one whose summary cannot be opened carries ``error``.

        With them, the ids of those that could not be opened for want of the key.
        """
        sealed = set()
        with self._connection("read") as conn:
            rows = conn.execute("SELECT id, summary, updated_at FROM wizard_projects").fetchall()
        listed = []
        for project_id, summary, updated in rows:
            try:
                shown = crypto.open_value(self.sealer, summary, self.where(project_id))
                listed.append(
                    ProjectSummary(
                        project_id,
                        str(shown["name"]),
                        bool(shown["complete"]),
                        int(shown["answered"]),
                        shown["current_section"],
                        aware(updated),
                    )
                )
            except (KeyError, TypeError, ValueError):
                reason = "its list entry is not valid; saving it again repairs it"
                listed.append(unreadable(project_id, project_id, aware(updated), reason))
            except StorageError as error:
                listed.append(unreadable(project_id, project_id, aware(updated), str(error)))
                if isinstance(error, crypto.SealedError):
                    sealed.add(project_id)
        return listed, sealed

    def exists(self, project_id: str) -> bool:
        with self._connection("read") as conn:
            return (
                conn.execute("SELECT 1 FROM wizard_projects WHERE id = %s", (project_id,)).fetchone()
                is not None
            )

    def read_setting(self, name: str) -> Any:
        # Under a project's lock, on its connection: a second one from the pool could wait for ever.
        held = next(iter(getattr(self._held, "conns", {})), None)
        with self._connection("read", held) as conn:
            row = conn.execute("SELECT value FROM wizard_settings WHERE name = %s", (name,)).fetchone()
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

    def _all_summaries(self) -> list[ProjectSummary]:
        """One query: the summaries kept beside the records, newest first (the list and its pages)."""
        summaries, self._key_problems = self.backend.summaries()
        return newest_first(summaries)

    def exists(self, project_id: str) -> bool:
        """Whether the id has a row; a database that cannot be reached is an error, never "no"."""
        return is_valid_id(project_id) and self.backend.exists(project_id)

    def close(self) -> None:
        """Close this process's connections to the database (the next store on the URL reconnects)."""
        close_pool(self.url)
