"""Encryption at rest: project records, log entries and settings sealed with a Fernet key, on every backend.

A sealed value is stored as ``{"sealed": "<Fernet token>"}`` in place of the JSON object it
seals; a record or log entry is never an object with only that key, so sealed and plain values
tell themselves apart. A plain value read while a key is set is still read (that is how a store
turns encryption on; the record is sealed on its next save, and ``migrate`` seals everything),
but a sealed value with no key, or with another key, is a StorageError and nothing is written.

The key comes from ``WIZARD_ENCRYPTION_KEY`` and is only ever held in a ``Sealer``, whose repr
hides it: it is never stored, logged, exported or put in a message.
"""

from __future__ import annotations

import base64
import binascii
import os
from collections.abc import Iterable, Mapping
from contextlib import AbstractContextManager
from typing import Any

from cryptography.fernet import Fernet, InvalidToken

from storage import bounds
from storage.base import Backend, Listing, Stored, setting_where
from storage.logs import LogWrite
from wizard_core.errors import StorageError

KEY_ENV = "WIZARD_ENCRYPTION_KEY"
SEALED = "sealed"


def new_key() -> str:
    """A fresh key to put in ``WIZARD_ENCRYPTION_KEY``."""
    return Fernet.generate_key().decode("ascii")


class Sealer:
    """Seals and opens stored JSON objects with one key; ``None`` as a sealer means "no key"."""

    def __init__(self, key: str, source: str = KEY_ENV) -> None:
        self._source = source  # what a message names: the variable, never its value
        try:
            raw = base64.urlsafe_b64decode(key.strip().encode("ascii"))
            if len(raw) != 32:
                raise ValueError
            self._fernet = Fernet(key.strip().encode("ascii"))
        except (ValueError, binascii.Error, UnicodeEncodeError):
            raise StorageError(
                f"{source} is not a valid encryption key; make one with `python -m wizard_core keygen`."
            ) from None

    def __repr__(self) -> str:
        return f"Sealer(key from {self._source}, hidden)"

    def seal(self, value: Mapping[str, Any]) -> dict[str, Any]:
        token = self._fernet.encrypt(bounds.dumps(dict(value)))
        return {SEALED: token.decode("ascii")}

    def open(self, value: Any, where: str) -> Any:
        """The plain object; a plain value passes through."""
        if not is_sealed(value):
            return value
        try:
            data = self._fernet.decrypt(value[SEALED].encode("ascii"))
        except (InvalidToken, UnicodeEncodeError):
            raise StorageError(
                f"{where} is encrypted with another key than the one in {self._source}; "
                "nothing was changed. Set the key it was saved with."
            ) from None
        return bounds.parse(data)


def is_sealed(value: object) -> bool:
    return isinstance(value, dict) and len(value) == 1 and isinstance(value.get(SEALED), str)


def open_value(sealer: Sealer | None, value: Any, where: str) -> Any:
    """``value`` opened with ``sealer``; a sealed value without a key is a clear error."""
    if sealer is not None:
        return sealer.open(value, where)
    if is_sealed(value):
        raise StorageError(
            f"{where} is encrypted; set {KEY_ENV} to the key it was saved with. Nothing was changed."
        )
    return value


def seal_value(sealer: Sealer | None, value: dict[str, Any]) -> dict[str, Any]:
    return value if sealer is None else sealer.seal(value)


class FromEnv:
    """The default of a store's ``sealer``: the key in ``WIZARD_ENCRYPTION_KEY``, read when opened."""

    def __repr__(self) -> str:
        return "FROM_ENV"


FROM_ENV = FromEnv()


def resolve(sealer: Sealer | FromEnv | None) -> Sealer | None:
    return from_environment() if isinstance(sealer, FromEnv) else sealer


def from_environment(env: Mapping[str, str] | None = None, name: str = KEY_ENV) -> Sealer | None:
    """The sealer for the key in the environment variable ``name``, or None if it is unset or empty."""
    key = (env if env is not None else os.environ).get(name, "").strip()
    return Sealer(key, source=name) if key else None


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

    def write(self, project_id: str, record: dict[str, Any], log: LogWrite, previous: Stored | None) -> None:
        if self.sealer is not None:
            sealer = self.sealer
            record = sealer.seal(record)
            entries = {name: [(seq, sealer.seal(e)) for seq, e in got] for name, got in log.entries.items()}
            log = LogWrite(entries, log.restart, log.meta)
        self.inner.write(project_id, record, log, previous)

    def delete(self, project_id: str) -> bool:
        return self.inner.delete(project_id)

    def lock(self, project_id: str) -> AbstractContextManager[object]:
        return self.inner.lock(project_id)

    def list(self) -> Iterable[Listing]:
        return self.inner.list()

    def read_setting(self, name: str) -> Any:
        value = self.inner.read_setting(name)
        return None if value is None else open_value(self.sealer, value, setting_where(name))

    def write_setting(self, name: str, value: dict[str, Any]) -> None:
        self.inner.write_setting(name, seal_value(self.sealer, value))
