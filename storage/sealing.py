"""A backend wrapped so that records, log entries and settings are sealed on the way in (``crypto.py``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Mapping
from contextlib import AbstractContextManager
from typing import Any

from storage import bounds
from storage.backend import Backend, Listing
from storage.crypto import Sealer, open_value, seal_value
from storage.encoding import Encoded
from storage.logs import LogWrite
from storage.records import Entries, Stored
from storage.revision import Current, Known
from storage.settings import setting_where


class SealingBackend:
    """A backend whose records, log entries and settings are sealed on the way in and opened on the way out.

    Ids and what the list shows before a record is read (a file's name and time) stay plain.
    """

    def __init__(self, inner: Backend, sealer: Sealer | None) -> None:
        self.inner = inner
        self.sealer = sealer

    def __repr__(self) -> str:
        return f"SealingBackend({self.inner!r}, {self.sealer!r})"

    def where(self, project_id: str) -> str:
        return self.inner.where(project_id)

    def read(self, project_id: str, logs: bool = True) -> Stored | None:
        stored = self.inner.read(project_id, logs)
        if stored is None:
            return None
        where = self.inner.where(project_id)
        record = open_value(self.sealer, stored.record, where)
        entries = {
            name: {seq: open_value(self.sealer, entry, where) for seq, entry in kept.items()}
            for name, kept in stored.entries.items()
        }
        return Stored(record, entries, stored.position)

    def read_range(
        self, project_id: str, stored: Stored, ranges: Mapping[str, tuple[int, int]]
    ) -> Entries | None:
        entries = self.inner.read_range(project_id, stored, ranges)
        if entries is None:
            return None
        where = self.inner.where(project_id)
        return {
            name: {seq: open_value(self.sealer, entry, where) for seq, entry in kept.items()}
            for name, kept in entries.items()
        }

    def read_back(
        self,
        project_id: str,
        stored: Stored,
        log: str,
        before: int,
        limit: int | None,
        want: Callable[[Any], bool],
    ) -> list[tuple[int, Any]] | None:
        where = self.inner.where(project_id)
        found = self.inner.read_back(
            project_id, stored, log, before, limit, lambda entry: want(open_value(self.sealer, entry, where))
        )
        return (
            None if found is None else [(seq, open_value(self.sealer, entry, where)) for seq, entry in found]
        )

    def write(self, project_id: str, record: Encoded, log: LogWrite, current: Current | None) -> None:
        if self.sealer is not None:
            sealer = self.sealer
            record = dataclasses.replace(record, data=bounds.dumps(sealer.seal_json(record.data)))
            entries = {name: [(seq, sealer.seal(e)) for seq, e in got] for name, got in log.entries.items()}
            log = LogWrite(entries, log.restart, log.meta)
        self.inner.write(project_id, record, log, current)

    def fingerprint(self, project_id: str) -> Hashable | None:
        """The inner backend's fingerprint of the sealed bytes, if it offers one (``kept.py``)."""
        fingerprint = getattr(self.inner, "fingerprint", None)
        return None if fingerprint is None else fingerprint(project_id)  # type: ignore[no-any-return]

    def last_written(self, project_id: str) -> Known | None:
        last_written = getattr(self.inner, "last_written", None)
        return None if last_written is None else last_written(project_id)  # type: ignore[no-any-return]

    def delete(self, project_id: str) -> bool:
        return self.inner.delete(project_id)

    def lock(self, project_id: str) -> AbstractContextManager[object]:
        return self.inner.lock(project_id)

    def lock_names(self) -> AbstractContextManager[object]:
        return self.inner.lock_names()

    def list(self) -> Iterable[Listing]:
        return self.inner.list()

    def read_setting(self, name: str) -> Any:
        value = self.inner.read_setting(name)
        return None if value is None else open_value(self.sealer, value, setting_where(name))

    def write_setting(self, name: str, value: dict[str, Any]) -> None:
        self.inner.write_setting(name, seal_value(self.sealer, value))
