"""The key check value: which key a store's records are sealed under, so nothing is written under another.

A store that seals keeps the setting ``key_check``: a Fernet token (sealed like any setting) of its
key's fingerprint, an HMAC of a fixed text under the key (``Sealer.fingerprints``), never the key.
It is written on the first write that seals (a plain store turning encryption on), or learnt by a
store sealed before the check existed on its first write with the right key (when every record
the list reads opens with it). From then on a write (create, save, delete, the practice profile)
is refused without a key (a project saved now would be stored in the clear) and with a key the
check does not name (one store under two keys could never be read whole). A change of keys names
the new key first and the old one after it, comma-separated: the check opens with the old one, so
the store is sealed again under the new one (each project under its lock, then the settings) and
the check then names the new key. Reading is unchanged: a record opens if the session has its key.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from storage.crypto import KEY_ENV, SealedError, Sealer
from storage.encoding import Encoded, from_record
from storage.logs import LogWrite
from storage.records import decode
from storage.revision import Current
from wizard_core.errors import CorruptStoreError, StorageError


class Backend(Protocol):
    """What of a store's backend (``base.Backend``) the check and a change of keys use."""

    def where(self, project_id: str) -> str: ...

    def read_setting(self, name: str) -> Any: ...

    def write_setting(self, name: str, value: dict[str, Any]) -> None: ...

    def lock(self, project_id: str) -> AbstractContextManager[object]: ...

    def lock_names(self) -> AbstractContextManager[object]: ...

    def read(self, project_id: str, logs: bool = True) -> Any: ...

    def write(self, project_id: str, record: Encoded, log: LogWrite, current: Any) -> Any: ...


KEY_CHECK = "key_check"
# What the check says of a session's key.
ABSENT, CURRENT, OLDER = "absent", "current", "older"
log = logging.getLogger(__name__)


def read(backend: Backend, sealer: Sealer | None) -> Any:
    """The check value as stored (opened); None if none was written or the settings cannot be read."""
    try:
        return backend.read_setting(KEY_CHECK)
    except SealedError:
        raise (missing_key() if sealer is None else wrong_key(sealer)) from None
    except CorruptStoreError as error:  # the settings' own error: the check cannot be kept, writes go on
        log.warning("The key check cannot be read: %s", error)
        return None


def judge(sealer: Sealer | None, value: Any) -> str:
    """What the stored check ``value`` says of ``sealer``: ABSENT, CURRENT or OLDER; a refusal otherwise."""
    if value is None:
        return ABSENT
    fingerprint = value.get("fingerprint") if isinstance(value, dict) else None
    if sealer is None:
        raise missing_key()  # only a check stored in the clear gets here: no store writes one
    if fingerprint == sealer.fingerprints[0]:
        return CURRENT
    if fingerprint in sealer.fingerprints[1:]:
        return OLDER
    raise wrong_key(sealer)


def write(backend: Backend, sealer: Sealer) -> None:
    """Record ``sealer``'s first key as the store's."""
    try:
        backend.write_setting(KEY_CHECK, {"fingerprint": sealer.fingerprints[0]})
    except CorruptStoreError as error:
        log.warning("The key check cannot be written: %s", error)


def reseal(backend: Backend, project_ids: Iterable[str], settings: Iterable[str]) -> list[str]:
    """Write every project and setting back as it reads, so each is sealed under the first key.

    Each project keeps its revision and its log entries; one that cannot be read is left as it is
    and its id returned.
    """
    left = []
    for project_id in project_ids:
        try:
            with backend.lock(project_id):
                stored = backend.read(project_id)
                if stored is None:
                    continue
                state = decode(stored.record, project_id, backend.where(project_id))
                entries = {name: sorted(kept.items()) for name, kept in stored.entries.items()}
                log_write = LogWrite(entries, True, stored.record.get("logs") or {})
                record = from_record(stored.record, state)
                backend.write(project_id, record, log_write, Current(state.revision, stored.position))
        except (StorageError, OSError, ValueError) as error:  # ValueError: bounds.OutOfBounds
            log.warning("Project %s was not sealed again: %s", project_id, error)
            left.append(project_id)
    for name in settings:
        value = backend.read_setting(name)
        if value is not None:
            backend.write_setting(name, value)
    return left


class KeyGuard:
    """A store's side of the check: learnt, or the store sealed again, before a write; verified under a lock.

    Only a store that may seal (``checks``: it seals, or opens a store that may) keeps the check;
    ``unopened()`` lists the store's projects and says whether one did not open with this key,
    ``project_ids()`` gives every stored project's id, and ``settings`` names the settings to seal again.
    """

    def __init__(
        self,
        backend: Backend,
        sealer: Sealer | None,
        *,
        checks: bool,
        settings: Sequence[str],
        unopened: Callable[[], bool],
        project_ids: Callable[[], list[str]],
    ) -> None:
        self.backend = backend
        self.sealer = sealer
        self.checks = checks
        self.ready = False  # the check named this session's key at its last write
        self._settings = settings
        self._unopened = unopened
        self._project_ids = project_ids

    def prepare(self) -> None:
        """Before a write: learn the store's key check, or seal it again under a new key."""
        if self.ready or not self.checks:
            return
        verdict = judge(self.sealer, read(self.backend, self.sealer))
        if verdict == CURRENT:
            self.ready = True
        if verdict == CURRENT or self.sealer is None:
            return  # a plain store is asked again next time: another session may seal it
        sealer = self.sealer
        with self.backend.lock_names():
            verdict = judge(sealer, read(self.backend, sealer))
            if verdict == ABSENT and self._unopened():
                # Learnt only when every project the list reads opens with this key (a new store: none).
                raise wrong_key(sealer)
            if verdict == OLDER or (verdict == ABSENT and len(sealer.fingerprints) > 1):
                # The check goes first: from now on a session with the old key alone writes nothing.
                write(self.backend, sealer)
                reseal(self.backend, self._project_ids(), self._settings)
            elif verdict == ABSENT:
                write(self.backend, sealer)
        self.ready = True

    def verify(self) -> None:
        """Under the project's lock: refuse unless the check names this session's key (or there is none)."""
        if not self.checks:
            return
        verdict = judge(self.sealer, read(self.backend, self.sealer))
        if verdict == OLDER:
            raise wrong_key(self.sealer)  # type: ignore[arg-type]  # OLDER needs a sealer


def missing_key() -> StorageError:
    return StorageError(
        f"This store's projects are encrypted and {KEY_ENV} is not set, so nothing was saved (it would "
        f"have been stored in the clear). Set {KEY_ENV} to the store's key and try again."
    )


def wrong_key(sealer: Sealer) -> StorageError:
    return StorageError(
        f"The key in {sealer.source} is not the key this store's projects are encrypted with, so nothing "
        f"was saved (one store under two keys could not be read whole). Set {sealer.source} to the store's "
        "key; to change keys, give the new key, a comma, then the old one."
    )
