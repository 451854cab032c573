"""A project's save as one PostgreSQL statement: the record, its new log entries and every check at once.

The statement writes the row only if the stored revision is the one expected (for a new project:
only if the id is free), the stored record is of a schema this wizard reads, and the store's key
check is still stored as the session last verified it (``key``: the check's JSONB as stored,
None for none; or not looked at). The log entries are written by the same statement, from the row
the write returned, so they commit with the record or not at all. When it writes nothing it says
what it saw, so a stale copy is refused without the record being read back.

The revision stands for the record: every save moves it on and re-sealing under a new key is
caught by the key check, so the record itself is not looked at. (A row edited by hand in the
database without its revision moving would be written over; the folder store, whose files a
person may edit, reads a file that changed behind it before writing.)

Every value arrives encoded: the record is the JSON the store encoded once (``encoding.py``),
sealed here if the store seals; JSONB cannot hold U+0000, which is kept as U+FFFD.

An unsealed record is written in two columns: ``record``, and ``settled`` with ``settled_digest`` (the
answers, earlier answers and archived questions, ``models.STORED_APART``, which change only when an
item is answered). The same digest as stored keeps the stored value without rewriting it; a save
expecting the revision this session wrote with that digest does not send them (``SentApart``), and
if the row says otherwise the statement writes nothing and the retry, after the row is read, does.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from typing import Any, NamedTuple

import psycopg
from psycopg.types.json import Jsonb

from storage import bounds, crypto
from storage.encoding import Encoded
from storage.logs import LogWrite
from storage.revision import Current

# The entries to write as rows, and whether the store's key check is as expected.
_WITH = """
WITH entry AS (
    SELECT e ->> 0 AS log, (e ->> 1)::integer AS seq, e -> 2 AS entry
    FROM jsonb_array_elements(%(entries)s::jsonb) AS e
), checked AS (
    SELECT %(any_key)s::boolean OR (SELECT value FROM wizard_settings WHERE name = 'key_check')
           IS NOT DISTINCT FROM %(key)s::jsonb AS ok
), saved AS ("""
# What is new of the logs, beside the row that was written (a restart drops every other entry);
# then what was saved, and what was stored before (the statement's snapshot).
_THEN = """
), dropped AS (
    DELETE FROM wizard_project_log l USING saved
    WHERE %(restart)s::boolean AND l.project_id = saved.id
      AND NOT EXISTS (SELECT 1 FROM entry WHERE entry.log = l.log AND entry.seq = l.seq)
), logged AS (
    INSERT INTO wizard_project_log (project_id, log, seq, entry)
    SELECT saved.id, entry.log, entry.seq, entry.entry FROM saved, entry
    ON CONFLICT (project_id, log, seq) DO UPDATE SET entry = EXCLUDED.entry
)
SELECT (SELECT count(*) FROM saved),
       (SELECT revision FROM wizard_projects WHERE id = %(id)s),
       (SELECT ok FROM checked)
"""
UPDATE = f"""{_WITH}
    UPDATE wizard_projects p
    SET name = %(name)s, record = %(record)s, revision = %(revision)s, schema_version = %(schema_version)s,
        settled = CASE WHEN p.settled_digest = %(settled_digest)s::text THEN p.settled
                       ELSE %(settled)s::text::jsonb END,
        settled_digest = %(settled_digest)s::text,
        updated_at = %(updated_at)s, summary = %(summary)s,
        name_key = CASE WHEN %(name_key)s::text IS NOT NULL THEN %(name_key)s::text
                        WHEN p.name = %(name)s THEN p.name_key END
    FROM checked
    WHERE p.id = %(id)s AND p.revision = %(expected)s AND checked.ok
      AND p.schema_version <= %(schema_version)s
      AND (%(settled)s::text IS NOT NULL OR %(settled_digest)s::text IS NULL
           OR p.settled_digest = %(settled_digest)s::text)
    RETURNING p.id{_THEN}"""
INSERT = f"""{_WITH}
    INSERT INTO wizard_projects (id, name, record, revision, schema_version, updated_at, summary, name_key,
                                 settled, settled_digest)
    SELECT %(id)s, %(name)s, %(record)s, %(revision)s, %(schema_version)s, %(updated_at)s, %(summary)s,
           %(name_key)s::text, %(settled)s::text::jsonb, %(settled_digest)s::text
    FROM checked WHERE checked.ok
    ON CONFLICT (id) DO NOTHING
    RETURNING id{_THEN}"""

# JSONB text cannot hold U+0000; like a lone surrogate (bounds.py) it is kept as U+FFFD, never refused.
_NUL_ESCAPE = re.compile(rb"(?<!\\)((?:\\\\)*)\\u0000")
UNCHECKED = object()  # as ``key``: the key check is not looked at


class Outcome(NamedTuple):
    """What the statement did: whether it saved, the revision stored before it, whether the key check held."""

    saved: bool
    stored_revision: int | None
    key_held: bool


class SentApart:
    """What each project's last save from here stored apart (its digest), at the revision it wrote: a save
    expecting that revision, with the same digest, does not send those fields again (thread-safe)."""

    def __init__(self, size: int = 4096) -> None:
        self._sent: OrderedDict[str, tuple[int, str]] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def stored(self, project_id: str, revision: int) -> str | None:
        with self._lock:
            sent = self._sent.get(project_id)
        return sent[1] if sent is not None and sent[0] == revision else None

    def saved(self, project_id: str, revision: int, digest: str | None) -> None:
        with self._lock:
            self._sent.pop(project_id, None)
            if digest is not None:
                self._sent[project_id] = (revision, digest)
                while len(self._sent) > self._size:
                    self._sent.popitem(last=False)

    def forget(self, project_id: str) -> None:
        with self._lock:
            self._sent.pop(project_id, None)


def jsonb(data: bytes) -> Jsonb:
    """JSON already encoded, as a JSONB parameter."""
    return Jsonb(_without_nul(data), dumps=_as_is)


def _without_nul(data: bytes) -> bytes:
    if b"\\u0000" in data:  # rare, and the pattern is slow to run over a whole record
        data = _NUL_ESCAPE.sub(rb"\1\\ufffd", data)
    return data


def _as_is(data: bytes) -> bytes:
    return data


def save(
    conn: psycopg.Connection,
    project_id: str,
    record: Encoded,
    log: LogWrite,
    current: Current | None,
    *,
    sealer: crypto.Sealer | None,
    key: object,
    name_key: str | None,
    sent: SentApart,
) -> Outcome:
    """Run the save; ``current`` None creates. UniqueViolation if ``name_key`` is another project's."""
    data = record.data if sealer is None else bounds.dumps(sealer.seal_json(record.data))
    settled = digest = None
    if sealer is None and record.parts is not None:
        data, settled = record.parts
        digest = record.apart_digest  # worked out with the parts, once while they hold
        if current is not None and sent.stored(project_id, current.revision) == digest:
            settled = None  # stored as they are: the statement keeps them (or, if not, writes nothing)
    summary = record.summary
    shown = {
        "name": summary.name,
        "complete": summary.complete,
        "answered": summary.answered,
        "current_section": summary.current_section,
    }
    rows = [
        bounds.dumps([name, seq, crypto.seal_value(sealer, entry)])
        for name, got in log.entries.items()
        for seq, entry in got
    ]
    values: dict[str, Any] = {
        "id": project_id,
        "name": "" if sealer else summary.name,
        "name_key": name_key,
        "record": jsonb(data),
        # Sent as text and read as JSONB only if it changed: the same digest keeps the stored value.
        "settled": None if settled is None else _without_nul(settled).decode(),
        "settled_digest": digest,
        "revision": record.revision,
        "schema_version": record.schema_version,
        "updated_at": summary.updated_at,
        "summary": jsonb(bounds.dumps(crypto.seal_value(sealer, shown))),
        "entries": jsonb(b"[" + b",".join(rows) + b"]"),
        "restart": log.restart,
        "any_key": key is UNCHECKED,
        "key": None if key is UNCHECKED or key is None else Jsonb(key),
    }
    if current is not None:
        values["expected"] = current.revision
    row = conn.execute(UPDATE if current is not None else INSERT, values, prepare=True).fetchone()
    assert row is not None  # the statement always returns its one row
    if row[0] == 1:
        sent.saved(project_id, record.revision, digest)
    else:
        sent.forget(project_id)  # the retry, after the store is read, sends them
    return Outcome(row[0] == 1, row[1], bool(row[2]))
