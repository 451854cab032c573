"""A project's append-only logs on disk: JSON lines in ``<id>.<generation>.log``.

Each line is ``[log, seq, entry]``; a later line with the same log and seq replaces an earlier
one. The project file records the generation and how many bytes of it are committed: a save
appends past that length and then replaces the project file, which is the commit, so a save
killed in between leaves only uncommitted bytes that readers ignore and the next save cuts off.
A rewrite (compaction, or the first save of an old record) starts a new generation and removes
the old file once the project file points at the new one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from storage import bounds
from storage.files import NotAFile, open_regular, read_bounded

# A thousand-turn project's logs take about a megabyte; this allows tens of thousands of turns.
MAX_LOG_BYTES = 64 * 2**20
Entries = dict[str, dict[int, Any]]


class Position(NamedTuple):
    """How far a project's log file is committed."""

    generation: int
    bytes: int


class LogFileError(Exception):
    """The log file cannot be used; ``str()`` says why in a few words."""


def log_path(directory: Path, project_id: str, generation: int) -> Path:
    return directory / f"{project_id}.{generation}.log"


def encode_lines(entries: Mapping[str, Sequence[tuple[int, Any]]]) -> bytes:
    """The JSON lines for ``entries``; OutOfBounds if an entry would not read back."""
    return b"".join(
        bounds.dumps([log, seq, entry]) + b"\n" for log, items in entries.items() for seq, entry in items
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
        try:
            log, seq, entry = bounds.parse(line)
        except (bounds.OutOfBounds, ValueError, TypeError):
            raise LogFileError(f"line {number} is not a log entry") from None
        if not isinstance(log, str) or not isinstance(seq, int) or isinstance(seq, bool):
            raise LogFileError(f"line {number} is not a log entry")
        entries.setdefault(log, {})[seq] = entry
    return entries


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
