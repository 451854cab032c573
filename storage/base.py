"""The one project store: ids, the revision check on save, decoding and upgrading records, the logs.

``ProjectStore`` owns the storage contract over a ``Backend`` (``backend.py``): id rules, the revision
check on save, decoding and upgrading records, the append-only logs (``logs.py``: a save writes only
the turns and decisions that are new), the project list (``listing.py``) and the store's settings.

A save encodes the record once (``encoding.py``) and checks the revision without decoding the
stored record whenever the backend can vouch for it (``revision.py``): a file backend tells
whether the record is still the one it last wrote (``last_written``), a database checks the
revision in the statement that writes (``checks_writes``); otherwise the record is read back.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

from storage import key_check, log_reads, logs
from storage.backend import (
    Backend,
    is_valid_id,
    not_found,
    require_id,
    require_saveable_id,
    unopenable,
)
from storage.crypto import Sealer
from storage.encoding import Encoded, to_write
from storage.kept import KeptStates
from storage.listing import ProjectList
from storage.records import ProjectSummary, Unchanged, decode, mark_saved
from storage.revision import CONFLICT_MESSAGE, Current, Known, StaleWrite, check_revision
from storage.settings import MODEL_SERVERS, PRACTICE, StoreSettings
from storage.summary_index import SummaryIndexFile
from wizard_core.errors import ConflictError, StorageError
from wizard_core.models import ArchiveEntry, Practice, ProjectState
from wizard_core.store import ProjectPage, TurnPage

__all__ = ["ProjectStore", "StorageAdapter"]

T = TypeVar("T")


class ProjectStore:
    """Where projects live; saves are guarded by the revision the state was loaded at."""

    def __init__(
        self,
        backend: Backend,
        index: SummaryIndexFile | None = None,
        sealer: Sealer | None = None,
        *,
        sealing: bool = False,
    ) -> None:
        self.backend = backend
        self._sealer = sealer  # the key records are sealed with, for the key check (``key_check.py``)
        # Only a store that may seal (``sealer``, or ``sealing``: with or without a key) keeps the check.
        self._keys = key_check.KeyGuard(
            backend,
            sealer,
            checks=sealing or sealer is not None,
            settings=(PRACTICE, MODEL_SERVERS),
            unopened=lambda: self.listing.some_unopened(),
            project_ids=lambda: self.listing.stored_ids(),
        )
        self._settings = StoreSettings(backend, self._keys)
        self.listing = ProjectList(backend, index)
        self._seen = logs.Baselines()
        self._kept = KeptStates()  # states as last decoded, for the next load of an unchanged project

    def load_project(self, project_id: str, *, whole: bool = False) -> ProjectState:
        """Return the stored project with its logs' newest entries (``whole``: every entry); ProjectNotFound
        if absent, CorruptStoreError if unreadable."""
        fingerprint = None if whole else self._fingerprint(project_id)  # a file's: read before the file
        kept = None if fingerprint is None else self._kept.get(project_id, fingerprint)
        if kept is None:
            # A database reads the fingerprint with the record, and skips both while it is the kept one.
            unless = None if whole or fingerprint is not None else self._kept.fingerprint(project_id)
            loaded = self._load(project_id, whole, unless)
            if isinstance(loaded, Unchanged):
                kept = self._kept.get(project_id, unless)
                loaded = self._load(project_id, whole) if kept is None else loaded  # dropped meanwhile
        seen: logs.Baseline | None
        if kept is not None:
            state, seen = kept
        else:
            assert isinstance(loaded, log_reads.Loaded)
            state, seen, read_at = loaded
            at = fingerprint if fingerprint is not None else read_at
            if at is not None and seen is not None and not whole:
                self._kept.keep(project_id, at, state, seen.meta)
        if seen is not None:
            self._seen.remember(state, seen)
        return state

    def _load(self, project_id: str, whole: bool, unless: Hashable = None) -> log_reads.Loaded | Unchanged:
        found = self._reading(
            project_id, lambda where: log_reads.load(self.backend, project_id, where, whole, unless)
        )
        return cast(log_reads.Loaded | Unchanged, found)  # mypy joins the two to object

    def _fingerprint(self, project_id: str) -> Hashable | None:
        """The backend's fingerprint of what it stores of the project (``kept.py``), if it offers one."""
        require_id(project_id)
        fingerprint = getattr(self.backend, "fingerprint", None)
        if fingerprint is None:
            return None
        try:
            return fingerprint(project_id)  # type: ignore[no-any-return]
        except OSError:
            return None  # the load reads it and names the failure

    def save_project(self, state: ProjectState, *, unique_name: bool = False) -> None:
        """Store ``state`` if nobody saved since it was loaded; bumps ``state.revision``.

        With ``unique_name``, NameTaken (nothing saved) if another project has the name: checked and
        written under the store's names lock, so of concurrent creates of one name only one is kept.
        """
        require_saveable_id(state.project_id)
        seen = self._seen.of(state)
        log = logs.plan(state, seen, seen.meta if seen else None, self._older(state))
        record = to_write(state, log)
        if unique_name or self._sealer is not None:
            # Without a key the check only refuses, as it does again under the project's lock; a
            # create asks first, so a missing key is named before any name is compared.
            self._keys.prepare()
        try:
            with self.backend.lock_names() if unique_name else contextlib.nullcontext():
                if unique_name:
                    source = self._sealer.source if self._sealer else key_check.KEY_ENV
                    self.listing.require_free_name(state, source)
                self._write(state, seen, log, record)
        except OSError as exc:
            raise StorageError(f"The project could not be saved ({exc.strerror or exc}).") from exc

    def _write(
        self, state: ProjectState, seen: logs.Baseline | None, log: logs.LogWrite, record: Encoded
    ) -> None:
        project_id = state.project_id
        with self.backend.lock(project_id):
            if not self._written_at_once(state, log, record):
                self._keys.verify()
                current, stored_meta = self._current(state)
                if seen is not None and stored_meta != seen.meta:  # e.g. the record is from before logs
                    log = logs.plan(state, seen, stored_meta, self._older(state))
                    record = to_write(state, log)
                try:
                    self.backend.write(project_id, record, log, current)
                except StaleWrite:
                    self._keys.verify()  # the store's key changed meanwhile: that is the refusal
                    raise ConflictError(CONFLICT_MESSAGE) from None
        mark_saved(state, {"revision": record.revision, "logs": log.meta}, log.figures)
        self._seen.remember(state, log.baseline(state, state.revision))

    def _written_at_once(self, state: ProjectState, log: logs.LogWrite, record: Encoded) -> bool:
        """Whether a backend that checks its writes (``checks_writes``) stored ``record`` straight away."""
        if not getattr(self.backend, "checks_writes", False):
            return False
        current = Current(state.revision) if state.revision else None
        try:
            self.backend.write(state.project_id, record, log, current)
        except StaleWrite as stale:
            if stale.conflict:
                raise ConflictError(CONFLICT_MESSAGE) from None
            return False  # not known why: read what is stored
        return True

    def _current(self, state: ProjectState) -> tuple[Current | None, logs.Meta | None]:
        """What is stored, and its logs' description; ConflictError if ``state`` is not at its revision."""
        project_id = state.project_id
        last_written = getattr(self.backend, "last_written", None)
        known: Known | None = last_written(project_id) if last_written is not None else None
        if known is not None:
            check_revision(known.revision, state)
            return Current(known.revision, known.position), known.meta
        stored = self.backend.read(project_id, logs=False)
        if stored is None:
            check_revision(None, state)
            return None, None
        # Decoding refuses to write over a record that cannot be read.
        revision = decode(stored.record, project_id, self.backend.where(project_id)).revision
        check_revision(revision, state)
        return Current(revision, stored.position), stored.record.get("logs")

    def put_copy(self, state: ProjectState) -> None:
        """Store a copy of ``state`` from another store, its revision kept; ConflictError if the id is taken.

        Only for moving stores (``transfer.py``): a later session's save is then checked against
        the same revision it had in the old store.
        """
        project_id = state.project_id
        require_saveable_id(project_id)
        log = logs.rewrite(state)
        record = to_write(state, log, revision=state.revision)
        taken = ConflictError(f"A project {project_id} is already stored here; it was not replaced.")
        self._keys.prepare()
        try:
            with self.backend.lock(project_id):
                self._keys.verify()
                if self.backend.read(project_id, logs=False) is not None:
                    raise taken
                self.backend.write(project_id, record, log, None)
        except StaleWrite:
            raise taken from None
        except OSError as exc:
            raise StorageError(f"The project could not be saved ({exc.strerror or exc}).") from exc

    def load_turns(
        self, project_id: str, section: str | None = None, before: int | None = None, limit: int = 20
    ) -> TurnPage:
        """A page of the transcript, read on demand (``wizard_core.store.ProjectStore.load_turns``)."""
        return self._reading(
            project_id, lambda w: log_reads.turns(self.backend, project_id, w, section, before, limit)
        )

    def load_archive(self, project_id: str, section: str, before: int | None = None) -> list[ArchiveEntry]:
        """An item's archive log entries, read on demand (``wizard_core.store.ProjectStore.load_archive``)."""
        return self._reading(
            project_id, lambda w: log_reads.archive(self.backend, project_id, w, section, before)
        )

    def _reading(self, project_id: str, read: Callable[[str], T | None]) -> T:
        """What ``read`` finds of the project at ``where``; ProjectNotFound if it is not stored."""
        require_id(project_id)
        where = self.backend.where(project_id)
        try:
            found = read(where)
        except OSError as exc:
            raise unopenable(where) from exc
        if found is None:
            raise not_found(project_id)
        return found

    def _older(self, state: ProjectState) -> logs.Older:
        return lambda: log_reads.older(self.backend, state.project_id, state)

    def delete_project(self, project_id: str) -> None:
        """Remove the project; ProjectNotFound if absent."""
        require_id(project_id)
        self._keys.prepare()
        try:
            with self.backend.lock(project_id):
                self._keys.verify()
                deleted = self.backend.delete(project_id)
        except OSError as exc:
            raise StorageError(f"The project could not be deleted ({exc.strerror or exc}).") from exc
        self._kept.forget(project_id)
        if not deleted:
            raise not_found(project_id)

    def exists(self, project_id: str) -> bool:
        """Whether a project with this id is stored, readable or not."""
        if not is_valid_id(project_id):
            return False
        try:
            return self.backend.read(project_id, logs=False) is not None
        except StorageError:
            return True  # there is a record; it only cannot be read
        except OSError as exc:
            raise unopenable(self.backend.where(project_id)) from exc

    def list_projects(self) -> list[ProjectSummary]:
        """Summaries, most recently updated first; unreadable projects carry ``error``."""
        return self.listing.summaries()

    def page_projects(self, query: str = "", offset: int = 0, limit: int | None = None) -> ProjectPage:
        """Projects whose name contains ``query`` (any case), newest first, ``limit`` from ``offset``."""
        return self.listing.page(query, offset, limit)

    def load_practice(self) -> Practice:
        """The practice profile every project shares; an empty one if none was saved."""
        return self._settings.load_practice()

    def save_practice(self, practice: Practice) -> None:
        """Replace the practice profile; InputError (nothing saved) if a field does not fit."""
        self._settings.save_practice(practice)

    def load_model_servers(self) -> dict[str, Any]:
        """What the advisor learned of each model server and model (its reply format), by their key."""
        return self._settings.load_model_servers()

    def save_model_server(self, key: str, entry: dict[str, Any]) -> None:
        """Keep ``entry`` for the server and model ``key``, beside what is kept for the others."""
        self._settings.save_model_server(key, entry)


# The name the rest of the wizard uses for a store, whatever its backend.
StorageAdapter = ProjectStore
