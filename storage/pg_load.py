"""Reading from PostgreSQL: a project's record with its newest log entries in one statement, a log read
in part, and the project list in one query over the summaries kept beside the records.

A load is one round trip: ``NEWEST`` reads the record and each log's rows of the highest seqs
(``logs.TAIL`` of them), from the table's primary key backwards, in one statement and so from one
snapshot. Those are the entries a load takes (``log_reads.load`` checks they cover the seqs the
record names); only a log cut short at its end keeps dead rows above its live ones until it is
next rewritten, and then the load asks again by seq (``RANGE``), at the revision it read. What a
person opens of a log (``BACK``) is read from the end back, a batch at a time.

Values come back as stored: with a key, sealed, and opened here after the connection is returned.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import Any

import psycopg

from storage import crypto
from storage.encoding import join_apart
from storage.records import UNCHANGED, Entries, Stored, Unchanged, aware, unreadable
from wizard_core.errors import StorageError
from wizard_core.models import ProjectSummary

Connect = Callable[[], AbstractContextManager[psycopg.Connection]]

# Every project's list entry, as its last save kept it.
SUMMARIES = "SELECT id, summary, updated_at FROM wizard_projects"

# The record, and with ``logs`` every kept entry of its logs.
READ = """
SELECT p.record, p.revision,
       CASE WHEN %(logs)s THEN (SELECT coalesce(jsonb_agg(jsonb_build_array(l.log, l.seq, l.entry)), '[]')
                               FROM wizard_project_log l WHERE l.project_id = p.id) END,
       NULL, p.settled
FROM wizard_projects p WHERE p.id = %(id)s
"""
# The record and, of each log named, the rows of its ``newest`` highest seqs, with the row's fingerprint
# (its revision and the transaction that wrote it); neither record nor rows when the fingerprint is
# still ``unless`` (a load that kept the project decoded: ``kept.py``).
NEWEST = """
SELECT CASE WHEN f.fingerprint IS DISTINCT FROM %(unless)s THEN p.record END, p.revision,
       CASE WHEN f.fingerprint IS DISTINCT FROM %(unless)s THEN
       (SELECT coalesce(jsonb_agg(jsonb_build_array(t.log, l.seq, l.entry)), '[]')
        FROM unnest(%(logs)s::text[], %(newest)s::int[]) AS t(log, newest)
        CROSS JOIN LATERAL (
            SELECT seq, entry FROM wizard_project_log
            WHERE project_id = p.id AND log = t.log ORDER BY seq DESC LIMIT t.newest
        ) l) END,
       f.fingerprint, CASE WHEN f.fingerprint IS DISTINCT FROM %(unless)s THEN p.settled END
FROM wizard_projects p CROSS JOIN LATERAL (SELECT p.revision::text || ':' || p.xmin::text) AS f(fingerprint)
WHERE p.id = %(id)s
"""
# Each log's entries with seq in ``[low, high)``, only while the record is still at the revision read
# (a save commits the record and its entries together), so both are of one save.
RANGE = """
SELECT (SELECT coalesce(jsonb_agg(jsonb_build_array(l.log, l.seq, l.entry)), '[]')
        FROM wizard_project_log l
        JOIN unnest(%(logs)s::text[], %(low)s::int[], %(high)s::int[]) AS r(log, low, high)
          ON l.log = r.log AND l.seq >= r.low AND l.seq < r.high
        WHERE l.project_id = p.id)
FROM wizard_projects p WHERE p.id = %(id)s AND p.revision = %(revision)s
"""
# What a person opens of a log, read back from ``before`` a batch at a time.
BACK = """
SELECT seq, entry FROM wizard_project_log WHERE project_id = %s AND log = %s AND seq < %s
ORDER BY seq DESC LIMIT %s
"""
BACK_BATCH = 200


def read(
    connect: Connect, project_id: str, logs: bool, sealer: crypto.Sealer | None, where: str
) -> Stored | None:
    """The record, and with ``logs`` every kept entry; None if absent."""
    with connect() as conn:
        row = conn.execute(READ, {"id": project_id, "logs": logs}, prepare=True).fetchone()
    return None if row is None else _stored(row, sealer, where)


def read_newest(
    connect: Connect,
    project_id: str,
    newest: Mapping[str, int],
    sealer: crypto.Sealer | None,
    where: str,
    unless: str | None = None,
) -> Stored | Unchanged | None:
    """The record with the entries of each log's ``newest[log]`` highest seqs and its fingerprint; None if
    absent; UNCHANGED if its fingerprint is still ``unless``."""
    values = {"id": project_id, "logs": list(newest), "newest": list(newest.values()), "unless": unless}
    with connect() as conn:
        row = conn.execute(NEWEST, values, prepare=True).fetchone()
    if row is None:
        return None
    if row[0] is None and unless is not None and row[3] == unless:
        return UNCHANGED
    return _stored(row, sealer, where)


def read_range(
    connect: Connect,
    project_id: str,
    revision: object,
    ranges: Mapping[str, tuple[int, int]],
    sealer: crypto.Sealer | None,
    where: str,
) -> Entries | None:
    """The entries of each log with seq in its ``[low, high)``; None if the record left ``revision``."""
    values = {
        "id": project_id,
        "revision": revision,
        "logs": list(ranges),
        "low": [low for low, _ in ranges.values()],
        "high": [high for _, high in ranges.values()],
    }
    with connect() as conn:
        row = conn.execute(RANGE, values, prepare=True).fetchone()
    return None if row is None else _entries(row[0], sealer, where)


def read_back(
    connect: Connect,
    project_id: str,
    log: str,
    before: int,
    limit: int | None,
    want: Callable[[Any], bool],
    sealer: crypto.Sealer | None,
    where: str,
) -> list[tuple[int, Any]]:
    """Up to ``limit`` (None: all) entries of ``log`` below seq ``before`` that ``want`` takes, newest
    first."""
    found: list[tuple[int, Any]] = []
    while limit is None or len(found) < limit:
        with connect() as conn:
            rows = conn.execute(BACK, (project_id, log, before, BACK_BATCH)).fetchall()
        for seq, sealed in rows:
            entry = crypto.open_value(sealer, sealed, where)
            if want(entry):
                found.append((seq, entry))
                if limit is not None and len(found) >= limit:
                    break
        if len(rows) < BACK_BATCH:
            break
        before = rows[-1][0]
    return found


def _stored(row: tuple[Any, ...], sealer: crypto.Sealer | None, where: str) -> Stored:
    """A row of READ or NEWEST: record, revision, entries, fingerprint, and the fields kept apart."""
    record = crypto.open_value(sealer, join_apart(row[0], row[4], where), where)
    return Stored(record, _entries(row[2], sealer, where), row[1], row[3])


def _entries(rows: list[Any] | None, sealer: crypto.Sealer | None, where: str) -> Entries:
    entries: Entries = {}
    for log, seq, entry in rows or []:
        entries.setdefault(log, {})[seq] = crypto.open_value(sealer, entry, where)
    return entries


def summaries(
    rows: list[tuple[Any, ...]], sealer: crypto.Sealer | None, where: Callable[[str], str]
) -> tuple[list[ProjectSummary], set[str]]:
    """The list entries of ``SUMMARIES``' rows, one whose summary cannot be opened carrying ``error``; with
    them, the ids of those that could not be opened for want of the key."""
    sealed = set()
    listed = []
    for project_id, summary, updated in rows:
        try:
            shown = crypto.open_value(sealer, summary, where(project_id))
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
