"""Projects kept in process memory, for tests and throwaway sessions."""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Iterable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

from storage.base import Listing, ProjectStore

# Unreadable records sort last; memory records carry no file time to show instead.
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class MemoryBackend:
    """Stores each record as JSON text, so callers can never share objects with the store."""

    def __init__(self) -> None:
        # Text rather than dicts: parsing is a deep copy that is faster than copy.deepcopy.
        self._records: dict[str, tuple[int, str]] = {}
        self._versions = itertools.count(1)
        # Reentrant: the store reads and writes while holding it as the project lock.
        self._lock = threading.RLock()

    def where(self, project_id: str) -> str:
        return f"The stored project {project_id}"

    def read(self, project_id: str) -> dict[str, Any] | None:
        with self._lock:
            stored = self._records.get(project_id)
        return None if stored is None else json.loads(stored[1])

    def write(self, project_id: str, record: dict[str, Any]) -> None:
        text = json.dumps(record)
        with self._lock:
            self._records[project_id] = (next(self._versions), text)

    def delete(self, project_id: str) -> bool:
        with self._lock:
            return self._records.pop(project_id, None) is not None

    def lock(self, project_id: str) -> AbstractContextManager[object]:
        # One lock for all projects: memory writes take microseconds, so it never queues long.
        return self._lock

    def list(self) -> Iterable[Listing]:
        with self._lock:
            versions = [(project_id, version) for project_id, (version, _) in self._records.items()]
        return [Listing(project_id, version, project_id, _EPOCH) for project_id, version in versions]


class InMemoryStorage(ProjectStore):
    """A store whose records live only as long as the process."""

    def __init__(self) -> None:
        super().__init__(MemoryBackend())
