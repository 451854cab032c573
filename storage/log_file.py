"""A project's append-only logs on disk: JSON lines in ``<id>.<generation>.log``.

Each line is ``[log, seq, entry]``; a later line with the same log and seq replaces an earlier
one. The project file records the generation and how many bytes of it are committed: a save
appends past that length and then replaces the project file, which is the commit, so a save
killed in between leaves only uncommitted bytes that readers ignore and the next save cuts off.
A rewrite (compaction, or the first save of an old record) starts a new generation and removes
the old file once the project file points at the new one.

A load reads only the newest entries and a person's page of older turns only what it shows:
``scan_back`` reads the committed lines from the last one back, a block at a time, and stops when
its reader has what it wants. Going back, the first line met for a log and seq is its latest (a
save writes the entries it changes, and every one after them, in order).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from storage import bounds
from storage.files import NotAFile, open_regular, read_bounded

# A thousand-turn project's logs take about a megabyte; this allows tens of thousands of turns.
MAX_LOG_BYTES = 64 * 2**20
Entries = dict[str, dict[int, Any]]
BLOCK = 64 * 1024  # read back a block at a time: the newest turns of a project are a few of them


class Position(NamedTuple):
    """How far a project's log file is committed."""

    generation: int
    bytes: int


class LogFileError(Exception):
    """The log file cannot be used; ``str()`` says why in a few words."""


def log_path(directory: Path, project_id: str, generation: int) -> Path:
    return directory / f"{project_id}.{generation}.log"


def encode_lines(
    entries: Mapping[str, Sequence[tuple[int, Any]]], last: Mapping[str, int] | None = None
) -> bytes:
    """The JSON lines for ``entries``; OutOfBounds if an entry would not read back.

    With ``last`` (a rewrite), each log's newest ``last[log]`` entries are written after every other
    log's older ones, so that a load, reading from the end back, meets the entries it takes first
    rather than scanning past the whole of the logs written after them; each log stays in seq order.
    """
    last = last or {}
    cut = {log: max(0, len(items) - last.get(log, 0)) for log, items in entries.items()}
    older = ((log, items[: cut[log]]) for log, items in entries.items())
    newest = ((log, items[cut[log] :]) for log, items in entries.items())
    return b"".join(
        bounds.dumps([log, seq, entry]) + b"\n"
        for part in (older, newest)
        for log, items in part
        for seq, entry in items
    )


def read(path: Path, position: Position) -> Entries:
    """The committed entries, the last line for each log and seq winning; LogFileError if unreadable."""
    try:
        data = read_bounded(path, MAX_LOG_BYTES, 0, position.bytes)
    except NotAFile as error:
        raise LogFileError(str(error)) from None
    if data is None:
        raise FileNotFoundError(path)
    entries: Entries = {}
    for number, line in enumerate(data.splitlines(), start=1):
        log, seq, entry = _entry(line, f"line {number}")
        entries.setdefault(log, {})[seq] = entry
    return entries


def scan_back(path: Path, position: Position, visit: Callable[[str, int, Any], bool]) -> None:
    """Give ``visit`` each committed line's log, seq and entry, the last line first, until it returns
    True; LogFileError if a line is not an entry, FileNotFoundError if the file is gone (rewritten)."""
    if position.bytes > MAX_LOG_BYTES:
        raise LogFileError(f"it is larger than {MAX_LOG_BYTES // 2**20} MB")
    try:
        fd = open_regular(path)
    except NotAFile as error:
        raise LogFileError(str(error)) from None
    try:
        if os.fstat(fd).st_size < position.bytes:
            raise LogFileError("it is shorter than the project file says")
        end, carry, number = position.bytes, b"", 0
        while end > 0:
            start = max(0, end - BLOCK)
            block = os.pread(fd, end - start, start)
            if len(block) != end - start:
                raise LogFileError("it is shorter than the project file says")
            lines = (block + carry).split(b"\n")
            carry = lines.pop(0) if start > 0 else b""  # the start of that line is in the block before
            for line in reversed(lines):
                if not line:
                    continue
                number += 1
                if visit(*_entry(line, f"line {number} from the end")):
                    return
            end = start
    finally:
        os.close(fd)


def _entry(line: bytes, where: str) -> tuple[str, int, Any]:
    try:
        log, seq, entry = bounds.parse(line)
    except (bounds.OutOfBounds, ValueError, TypeError):
        raise LogFileError(f"{where} is not a log entry") from None
    if not isinstance(log, str) or not isinstance(seq, int) or isinstance(seq, bool):
        raise LogFileError(f"{where} is not a log entry")
    return log, seq, entry


def append(path: Path, position: Position, payload: bytes) -> Position:
    """Write ``payload`` after the committed bytes (cutting off any uncommitted tail), durably."""
    _check_size(position.bytes + len(payload))
    try:
        fd = open_regular(path, os.O_WRONLY)
    except NotAFile as error:
        raise LogFileError(str(error)) from None
    try:
        if os.fstat(fd).st_size < position.bytes:
            raise LogFileError("it is shorter than the project file says")
        os.ftruncate(fd, position.bytes)
        _write_all(fd, payload, position.bytes)
        os.fsync(fd)
    finally:
        os.close(fd)
    return Position(position.generation, position.bytes + len(payload))


def create(path: Path, generation: int, payload: bytes) -> Position:
    """A new generation holding exactly ``payload``, durably (replacing any uncommitted leftover)."""
    _check_size(len(payload))
    try:
        fd = open_regular(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    except NotAFile as error:
        raise LogFileError(str(error)) from None
    try:
        _write_all(fd, payload, 0)
        os.fsync(fd)
    finally:
        os.close(fd)
    return Position(generation, len(payload))


def _check_size(size: int) -> None:
    if size > MAX_LOG_BYTES:
        raise LogFileError(f"its turn log would pass {MAX_LOG_BYTES // 2**20} MB")


def _write_all(fd: int, payload: bytes, offset: int) -> None:
    view = memoryview(payload)
    while view:
        written = os.pwrite(fd, view, offset)
        view, offset = view[written:], offset + written


def read_range(path: Path, position: Position, ranges: Mapping[str, tuple[int, int]]) -> Entries:
    """The committed entries of each log with seq in its ``[low, high)``, read from the end back."""
    wanted = {log: set(range(low, high)) for log, (low, high) in ranges.items() if high > low}
    entries: Entries = {log: {} for log in wanted}

    def visit(log: str, seq: int, entry: Any) -> bool:
        missing = wanted.get(log)
        if missing is not None and seq in missing:
            missing.discard(seq)
            entries[log][seq] = entry
            if not missing:
                del wanted[log]
        return not wanted

    if wanted:
        scan_back(path, position, visit)
    return entries


def read_back(
    path: Path, position: Position, log: str, before: int, limit: int | None, want: Callable[[Any], bool]
) -> list[tuple[int, Any]]:
    """Up to ``limit`` committed entries of ``log`` below seq ``before`` that ``want`` takes, newest first."""
    seen: set[int] = set()
    found: list[tuple[int, Any]] = []

    def visit(name: str, seq: int, entry: Any) -> bool:
        if name != log or seq >= before or seq in seen:
            return False
        seen.add(seq)
        if want(entry):
            found.append((seq, entry))
        return limit is not None and len(found) >= limit

    scan_back(path, position, visit)
    return found
