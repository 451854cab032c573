"""Encryption at rest: project records, log entries and settings sealed with a Fernet key, on every backend.

A sealed value is stored as ``{"sealed": "<Fernet token>"}`` in place of the JSON object it
seals; a record or log entry is never an object with only that key, so sealed and plain values
tell themselves apart. A plain value read while a key is set is still read (that is how a store
turns encryption on; the record is sealed on its next save, and ``migrate`` seals everything),
but a sealed value with no key, or with another key, is a StorageError and nothing is written.

The key comes from ``WIZARD_ENCRYPTION_KEY`` and is only ever held in a ``Sealer``, whose repr
hides it: it is never stored, logged, exported or put in a message. The variable may hold the new
key followed by the old ones, comma-separated, to change keys: values are sealed with the first
and opened with any (``MultiFernet``); ``key_check.py`` then re-seals the store under the first.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
from collections.abc import Mapping
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from storage import bounds
from wizard_core.errors import StorageError

KEY_ENV = "WIZARD_ENCRYPTION_KEY"
SEALED = "sealed"
# What a key's fingerprint is the HMAC of: names a key without revealing anything of it.
_FINGERPRINT_OF = b"obc-matrix-wizard key check 1"


class SealedError(StorageError):
    """A sealed value that this session cannot open: no key, or not the key it was sealed with."""


def new_key() -> str:
    """A fresh key to put in ``WIZARD_ENCRYPTION_KEY``."""
    return Fernet.generate_key().decode("ascii")


class Sealer:
    """Seals and opens stored JSON objects with one key; ``None`` as a sealer means "no key"."""

    def __init__(self, key: str, source: str = KEY_ENV) -> None:
        self._source = source  # what a message names: the variable, never its value
        keys = [part.strip() for part in key.split(",")]
        try:
            raws = [base64.urlsafe_b64decode(part.encode("ascii")) for part in keys]
            if any(len(raw) != 32 for raw in raws):
                raise ValueError
            fernets = [Fernet(part.encode("ascii")) for part in keys]
        except (ValueError, binascii.Error, UnicodeEncodeError):
            raise StorageError(
                f"{source} is not a valid encryption key (or comma-separated list of keys, the new one "
                "first); make one with `python -m wizard_core keygen`."
            ) from None
        self._fernet = MultiFernet(fernets)
        self._first = fernets[0]
        # Each key's fingerprint, the sealing key's first (``key_check.py``); never the key itself.
        self.fingerprints = tuple(
            hmac.new(raw, _FINGERPRINT_OF, hashlib.sha256).hexdigest()[:32] for raw in raws
        )

    def __repr__(self) -> str:
        return f"Sealer(key from {self._source}, hidden)"

    @property
    def source(self) -> str:
        """The variable the key came from, as a message names it."""
        return self._source

    def seal(self, value: Mapping[str, Any]) -> dict[str, Any]:
        return self.seal_json(bounds.dumps(dict(value)))

    def seal_json(self, data: bytes) -> dict[str, Any]:
        """The JSON object ``data`` (UTF-8, within bounds), sealed."""
        return {SEALED: self._first.encrypt(data).decode("ascii")}

    def open(self, value: Any, where: str) -> Any:
        """The plain object; a plain value passes through."""
        if not is_sealed(value):
            return value
        try:
            data = self._fernet.decrypt(value[SEALED].encode("ascii"))
        except (InvalidToken, UnicodeEncodeError):
            raise SealedError(
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
        raise SealedError(
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
