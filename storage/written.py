"""What a file backend last wrote of each project: the file's bytes, and what they hold.

The next save of a project checks the revision it was loaded at against the stored one. When the
project file still holds exactly the bytes this backend wrote (compared whole: cheaper than a digest
of them), the record it holds is known without decoding it: its revision, its logs' description and
the log's position then.
"""

from __future__ import annotations

import threading

from storage.revision import Known

# Project files whose last write is remembered (its bytes, a record's size each); the oldest are forgotten
# (their next save reads the file the long way).
MAX_REMEMBERED = 256


class WrittenFiles:
    """The bytes and ``Known`` of each project file last written, by project id (thread-safe)."""

    def __init__(self) -> None:
        self._written: dict[str, tuple[bytes, Known]] = {}
        self._lock = threading.Lock()

    def holds(self, project_id: str) -> bool:
        """Whether a write of the project is remembered (else there is nothing to compare a file with)."""
        with self._lock:
            return project_id in self._written

    def known(self, project_id: str, data: bytes | None) -> Known | None:
        """What the file holds if ``data`` (its bytes now, None if unreadable) is what was last written;
        else None, and the write is forgotten."""
        with self._lock:
            entry = self._written.get(project_id)
        if entry is None:
            return None
        if data is None or data != entry[0]:
            self.forget(project_id)
            return None
        return entry[1]

    def remember(self, project_id: str, document: bytes, known: Known) -> None:
        with self._lock:
            self._written.pop(project_id, None)
            self._written[project_id] = (document, known)
            while len(self._written) > MAX_REMEMBERED:
                del self._written[next(iter(self._written))]

    def forget(self, project_id: str) -> None:
        with self._lock:
            self._written.pop(project_id, None)
