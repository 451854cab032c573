"""Projects kept in process memory, for tests and throwaway sessions."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from storage import bounds, crypto
from storage.backend import Listing
from storage.base import ProjectStore
from storage.encoding import Encoded
from storage.logs import LogWrite
from storage.records import Entries, Stored
from storage.revision import Current, Known
from storage.sealing import SealingBackend

# Unreadable records sort last; memory records carry no file time to show instead.
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass
class _Row:
    version: int
    record: bytes
    entries: dict[str, dict[int, bytes]] = field(default_factory=dict)
    known: Known | None = None  # the record's revision and logs as written


class MemoryBackend:
    """Stores each record and log entry as JSON, so callers can never share objects with the store."""

    def __init__(self) -> None:
        # JSON rather than dicts: parsing is a deep copy that is faster than copy.deepcopy.
        self._rows: dict[str, _Row] = {}
        self._settings: dict[str, bytes] = {}
        self._versions = itertools.count(1)
        # Reentrant: the store reads and writes while holding it as the project lock.
        self._lock = threading.RLock()

    def where(self, project_id: str) -> str:
        return f"The stored project {project_id}"

    def read(self, project_id: str, logs: bool = True) -> Stored | None:
        with self._lock:
            row = self._rows.get(project_id)
            if row is None:
                return None
            record, kept = row.record, ({n: dict(e) for n, e in row.entries.items()} if logs else {})
        entries = {name: {seq: bounds.parse(text) for seq, text in got.items()} for name, got in kept.items()}
        return Stored(bounds.parse(record), entries, row.version)

    def read_range(
        self, project_id: str, stored: Stored, ranges: Mapping[str, tuple[int, int]]
    ) -> Entries | None:
        with self._lock:
            row = self._rows.get(project_id)
            if row is None or row.version != stored.position:
                return None  # changed since ``stored`` was read
            kept = {
                name: {seq: text for seq in range(low, high) if (text := row.entries.get(name, {}).get(seq))}
                for name, (low, high) in ranges.items()
            }
        return {name: {seq: bounds.parse(text) for seq, text in got.items()} for name, got in kept.items()}

    def read_back(
        self,
        project_id: str,
        stored: Stored,
        log: str,
        before: int,
        limit: int | None,
        want: Callable[[Any], bool],
    ) -> list[tuple[int, Any]] | None:
        with self._lock:
            row = self._rows.get(project_id)
            if row is None:
                return None
            texts = dict(row.entries.get(log, {}))
        found = []
        for seq in sorted((seq for seq in texts if seq < before), reverse=True):
            entry = bounds.parse(texts[seq])
            if want(entry):
                found.append((seq, entry))
                if limit is not None and len(found) >= limit:
                    break
        return found

    def write(self, project_id: str, record: Encoded, log: LogWrite, current: Current | None) -> None:
        written = {
            name: [(seq, bounds.dumps(entry)) for seq, entry in got] for name, got in log.entries.items()
        }
        with self._lock:
            row = self._rows.get(project_id)
            entries = {} if row is None or log.restart else row.entries
            for name, got in written.items():
                entries.setdefault(name, {}).update(got)
            known = Known(record.revision, log.meta)
            self._rows[project_id] = _Row(next(self._versions), record.data, entries, known)

    def last_written(self, project_id: str) -> Known | None:
        """Every record here was written by this backend: what it was, without parsing it."""
        with self._lock:
            row = self._rows.get(project_id)
            return None if row is None else row.known

    def delete(self, project_id: str) -> bool:
        with self._lock:
            return self._rows.pop(project_id, None) is not None

    def lock(self, project_id: str) -> AbstractContextManager[object]:
        # One lock for all projects: memory writes take microseconds, so it never queues long.
        return self._lock

    def lock_names(self) -> AbstractContextManager[object]:
        return self._lock

    def list(self) -> Iterable[Listing]:
        with self._lock:
            versions = [(project_id, row.version) for project_id, row in self._rows.items()]
        return [Listing(project_id, version, project_id, _EPOCH) for project_id, version in versions]

    def read_setting(self, name: str) -> Any:
        with self._lock:
            text = self._settings.get(name)
        return None if text is None else bounds.parse(text)

    def write_setting(self, name: str, value: dict[str, Any]) -> None:
        text = bounds.dumps(value)
        with self._lock:
            self._settings[name] = text


class InMemoryStorage(ProjectStore):
    """A store whose records live only as long as the process."""

    def __init__(self, sealer: crypto.Sealer | crypto.FromEnv | None = None) -> None:
        # No key unless one is given: memory outlives nothing, so only tests seal it.
        key = crypto.resolve(sealer)
        super().__init__(SealingBackend(MemoryBackend(), key), sealer=key, sealing=True)
