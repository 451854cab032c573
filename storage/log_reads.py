"""Reading a project's logs in part: the newest entries a load takes, and what a person opens.

A project is loaded with each log's newest entries (``logs.TAIL``), read by their seqs from the
end of the log (``Backend.read_range``; a database reads them with the record, in one statement),
never the whole log, so a load costs the same in month six as on day one. Older turns and the
archive are read when a person opens them — a page of an item's turns, newest first; an item's
archived questions and answers — from the end of the log back (``Backend.read_back``). A rewrite
of a state loaded in part reads the live entries before the ones it holds (``older``), so they
are written again with it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, NamedTuple, Protocol

from pydantic import ValidationError

from storage.logs import LOGS, TAIL, Baseline, seen
from storage.migrations import MIGRATIONS
from storage.records import Entries, Stored, Unchanged, corrupt, decode
from wizard_core.errors import InputError
from wizard_core.log_records import OUTSIDE, TurnRecord
from wizard_core.models import SCHEMA_VERSION, ArchiveEntry, ProjectState
from wizard_core.store import TurnPage

# A load whose project is saved between its two reads tries again this often, then reads it whole.
RETRIES = 5
MAX_PAGE = 100  # turns a page may ask for


class LogReader(Protocol):
    """How a backend (``base.Backend``) reads a log in part."""

    def read_range(
        self, project_id: str, stored: Stored, ranges: Mapping[str, tuple[int, int]]
    ) -> Entries | None:
        """The entries of each log with seq in its ``[low, high)`` (the newest, read from the log's end), as
        the save ``stored`` read committed them; None if the project was saved again since."""
        ...

    def read_back(
        self,
        project_id: str,
        stored: Stored,
        log: str,
        before: int,
        limit: int | None,
        want: Callable[[Any], bool],
    ) -> list[tuple[int, Any]] | None:
        """Up to ``limit`` (None: all) entries of ``log`` with seq below ``before`` that ``want`` takes,
        newest first, read from the log's end back; None if ``stored`` can no longer be read (rewritten)."""
        ...


class Reader(LogReader, Protocol):
    """What this module needs of a backend.

    Optional: ``read_newest(project_id, newest, unless=None) -> Stored | UNCHANGED | None``, the record
    with the entries of each log's ``newest[log]`` highest seqs read with it (a database: in the same
    statement), which spares a load its second read when they are the ones it takes; with ``unless``, a
    fingerprint it gave earlier (``Stored.fingerprint``), UNCHANGED and nothing read if it still holds.
    """

    def read(self, project_id: str, logs: bool = True) -> Stored | None: ...


class Loaded(NamedTuple):
    """A project as loaded: the state, what a save compares its logs with (None: an older record,
    upgraded on the way in, which is saved whole once), and the fingerprint the backend read it at."""

    state: ProjectState
    seen: Baseline | None
    fingerprint: Hashable = None


def load(
    backend: Reader, project_id: str, where: str, whole: bool = False, unless: Hashable = None
) -> Loaded | Unchanged | None:
    """The project with its logs' newest entries (``whole``: every one); None if not stored; UNCHANGED
    if the backend found it still at the fingerprint ``unless`` (a database asked in the same read)."""
    stored, tail = _read(backend, project_id, whole, unless)
    if stored is None or isinstance(stored, Unchanged):
        return stored
    state = decode(stored.record, project_id, where, stored.entries, tail)
    meta = stored.record.get("logs")
    # An older record was upgraded on the way in (its upgrade may add log entries): saved whole once.
    if meta is None or stored.record.get("schema_version") != SCHEMA_VERSION:
        return Loaded(state, None, stored.fingerprint)
    return Loaded(state, seen(state, meta), stored.fingerprint)


def _read(
    backend: Reader, project_id: str, whole: bool, unless: Hashable = None
) -> tuple[Stored | Unchanged | None, dict[str, int] | None]:
    """The record and the entries a load takes, and how many of each log's newest (None: all of them)."""
    read_newest = None if whole else getattr(backend, "read_newest", None)
    for attempt in range(RETRIES):
        if read_newest is None:
            stored: Stored | Unchanged | None = backend.read(project_id, logs=False)
        elif unless is not None and attempt == 0:
            stored = read_newest(project_id, TAIL, unless)
        else:
            stored = read_newest(project_id, TAIL)
        if stored is None or isinstance(stored, Unchanged):
            return stored, None
        ranges = None if whole else _tail_ranges(stored.record)
        if ranges is None:
            break
        entries = _within(stored.entries, ranges)
        if entries is None:
            entries = backend.read_range(project_id, stored, ranges)
        if entries is not None:
            return Stored(stored.record, entries, stored.position, stored.fingerprint), TAIL
    return backend.read(project_id), None


def _within(entries: Entries, ranges: Mapping[str, tuple[int, int]]) -> Entries | None:
    """The entries with seqs in ``ranges``, if ``entries`` holds every one of them; else None."""
    found: Entries = {}
    for name, (low, high) in ranges.items():
        kept = entries.get(name, {})
        if not all(seq in kept for seq in range(low, high)):
            return None
        found[name] = {seq: kept[seq] for seq in range(low, high)}
    return found


def _tail_ranges(record: dict[str, Any]) -> dict[str, tuple[int, int]] | None:
    """The seqs of each log's newest ``TAIL`` entries; None when the record is to be read with its whole
    logs: one from before version 4, whose migration and figures need every turn, or a damaged one."""
    meta = record.get("logs")
    if record.get("schema_version") != len(MIGRATIONS) or not isinstance(meta, dict) or "figures" not in meta:
        return None
    ranges = {}
    for name in LOGS:
        start, count = _live(meta, name)
        if start is None or count is None:
            return None  # read whole, and refused as damaged by ``decode``
        shown = min(count, TAIL[name])
        ranges[name] = (start + count - shown, start + count)
    return ranges


def _live(meta: dict[str, Any], name: str) -> tuple[int | None, int | None]:
    described = meta.get(name, {"start": 0, "count": 0})
    if not isinstance(described, dict):
        return None, None
    start, count = described.get("start"), described.get("count")
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (start, count)):
        return None, None
    return start, count


def turns(
    backend: Reader, project_id: str, where: str, section: str | None, before: int | None, limit: int
) -> TurnPage | None:
    """Up to ``limit`` turns before place ``before`` (about ``section`` only, if given), the newest such;
    None if the project is not stored."""
    if not 1 <= limit <= MAX_PAGE:
        raise InputError(f"A page holds 1 to {MAX_PAGE} turns, not {limit}.")
    if before is not None and before < 0:
        raise InputError("A page of turns starts before a place in the transcript, 0 or more.")

    def wanted(entry: Any) -> bool:
        return section is None or (isinstance(entry, dict) and (entry.get("section") or OUTSIDE) == section)

    read = _back(backend, project_id, where, "turns", before, limit + 1, wanted)
    if read is None:
        return None
    start, found = read
    try:
        shown = [(seq - start, TurnRecord.model_validate(entry)) for seq, entry in found[:limit]][::-1]
    except ValidationError:
        raise corrupt(where, "an entry of its turn log is not a turn") from None
    older = shown[0][0] if len(found) > limit else None
    return TurnPage([turn for _, turn in shown], [place for place, _ in shown], older)


def archive(
    backend: Reader, project_id: str, where: str, section: str, before: int | None = None
) -> list[ArchiveEntry] | None:
    """The archive log's entries of ``section`` (of its first ``before``, if given), oldest first; None if
    the project is not stored."""

    def wanted(entry: Any) -> bool:
        return isinstance(entry, dict) and entry.get("section") == section

    read = _back(backend, project_id, where, "archive", before, None, wanted)
    if read is None:
        return None
    try:
        return [ArchiveEntry.model_validate(entry) for _, entry in reversed(read[1])]
    except ValidationError:
        raise corrupt(where, "an entry of its archive log is not valid") from None


def _back(
    backend: Reader,
    project_id: str,
    where: str,
    log: str,
    before: int | None,
    limit: int | None,
    want: Callable[[Any], bool],
) -> tuple[int, list[tuple[int, Any]]] | None:
    """The log's first live seq, and its live entries before place ``before`` that ``want`` takes."""
    for attempt in range(RETRIES + 1):
        # Read from the end back; a log rewritten meanwhile again and again is at last read whole.
        stored = backend.read(project_id, logs=attempt == RETRIES)
        if stored is None:
            return None
        meta = stored.record.get("logs")
        if meta is None:  # a record from before the logs were kept apart holds them inline
            return 0, _newest(dict(enumerate(stored.record.get(log) or [])), 0, before, limit, want)
        start, count = _live(meta, log) if isinstance(meta, dict) else (None, None)
        if start is None or count is None:
            raise corrupt(where, "its logs description is not valid")
        end = start + count if before is None else start + min(before, count)
        if attempt == RETRIES:
            return start, _newest(stored.entries.get(log, {}), start, end - start, limit, want)
        found = backend.read_back(project_id, stored, log, end, limit, want)
        if found is not None:
            return start, [(seq, entry) for seq, entry in found if seq >= start]
    return None


def _newest(
    entries: dict[int, Any], start: int, before: int | None, limit: int | None, want: Callable[[Any], bool]
) -> list[tuple[int, Any]]:
    """The entries before place ``before`` that ``want`` takes, newest first, from entries held whole."""
    end = start + before if before is not None else None
    seqs = sorted((seq for seq in entries if seq >= start and (end is None or seq < end)), reverse=True)
    found = [(seq, entries[seq]) for seq in seqs if want(entries[seq])]
    return found if limit is None else found[:limit]


def older(backend: Reader, project_id: str, state: ProjectState) -> dict[str, list[dict[str, Any]]]:
    """The live entries of each log before those ``state`` holds, oldest first, as stored now."""
    stored = backend.read(project_id)
    meta = None if stored is None else stored.record.get("logs")
    if stored is None or not isinstance(meta, dict):
        return {}
    got: dict[str, list[dict[str, Any]]] = {}
    for name, count in state.log_before.items():
        start, _ = _live(meta, name)
        kept = stored.entries.get(name, {})
        if start is not None and all(seq in kept for seq in range(start, start + count)):
            got[name] = [kept[seq] for seq in range(start, start + count)]
    return got
