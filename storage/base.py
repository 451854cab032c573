"""The one project store, and the few methods a backend gives it.

``ProjectStore`` owns the storage contract: id rules, the revision check on save, decoding and
upgrading records, the append-only logs (``logs.py``: a save writes only the turns and
decisions that are new), and the project list: searched and paged here, over summaries cached
by each record's version in memory and, given a ``SummaryIndexFile``, on disk for the next
process (``summary_index.py``), so listing reads only the records that changed. A backend only keeps
records and log entries (read, write, list, delete) and serialises writers (lock), the way
TinyDB's ``Storage`` only reads and writes; a database backend would keep the log entries in
their own table and write a record with its entries in one transaction. Beside the projects, a
backend keeps the store's few settings by name (``read_setting``, ``write_setting``): the
practice profile every project's sheet names unless the project has its own copy
(``settings.py``).

A save encodes the record once (``encoding.py``) and checks the revision without decoding the
stored record whenever the backend can vouch for it (``revision.py``): a file backend tells
whether the record is still the one it last wrote (``last_written``), a database checks the
revision in the statement that writes (``checks_writes``); otherwise the record is read back.
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
from collections.abc import Callable, Hashable, Iterable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, NamedTuple, Protocol, TypeVar

from storage import key_check, log_reads, logs
from storage.crypto import SealedError, Sealer
from storage.encoding import Encoded, to_write
from storage.records import (
    NotAProject,
    ProjectSummary,
    Stored,
    decode,
    mark_saved,
    newest_first,
    summarize,
    unreadable,
)
from storage.revision import CONFLICT_MESSAGE, Current, Known, StaleWrite, check_revision
from storage.settings import MODEL_SERVERS, PRACTICE, StoreSettings, setting_where
from storage.summary_index import SummaryIndexFile
from wizard_core.errors import (
    ConflictError,
    ProjectNotFound,
    StorageError,
    WizardError,
)
from wizard_core.models import ArchiveEntry, Practice, ProjectState
from wizard_core.store import ProjectPage, TurnPage, name_key, name_taken

__all__ = [
    "Backend",
    "Current",
    "Known",
    "Listing",
    "ProjectPage",
    "ProjectStore",
    "ProjectSummary",
    "StaleWrite",
    "StorageAdapter",
    "Stored",
    "check_revision",
    "setting_where",
]

# Ids become file names, so only characters that can never form a path are allowed.
PROJECT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

# The summary index is rewritten once this share (1/n) of the listed projects was read fresh.
PERSIST_SHARE = 128

log = logging.getLogger(__name__)
T = TypeVar("T")


class Listing(NamedTuple):
    """A stored project as the list sees it, before its record is read."""

    project_id: str
    # Changes whenever the record does (a file's inode, mtime and size); keys the summary cache.
    version: Hashable
    # What the project list shows, and when it was changed, if the record cannot be read.
    label: str
    modified: datetime


class Backend(log_reads.LogReader, Protocol):
    """Where records and log entries are kept. Ids reaching it are valid; I/O failures raise OSError.

    Beside ``read``, a backend reads a log in part: its newest entries for a load (``read_range``), what
    a person opens from the end back (``read_back``); see ``log_reads.LogReader``."""

    def where(self, project_id: str) -> str:
        """The stored project as a message names it, e.g. "The project file projects/x.json"."""
        ...

    def read(self, project_id: str, logs: bool = True) -> Stored | None:
        """The record, and with ``logs`` every kept entry of its logs by log and seq (a later write of a
        seq replacing an earlier one); None if absent; CorruptStoreError (``corrupt``) if unreadable."""
        ...

    def write(self, project_id: str, record: Encoded, log: logs.LogWrite, current: Current | None) -> None:
        """Store the record (its JSON as encoded, ``record.data``) and the log entries atomically: all or
        none. With ``log.restart`` the entries replace every earlier one. ``current`` is what the store
        checked is stored (None: nothing). Only called while holding ``lock(project_id)``, with values
        within bounds.

        Optional, to spare the store reading the record back: ``last_written(project_id) -> Known | None``
        (under the lock: the record this backend last wrote, if it can tell cheaply it is still what is
        stored), or ``checks_writes = True`` (``write`` itself refuses, raising StaleWrite, unless the
        stored revision is ``current``'s and the store's key check is as this store last verified it)."""
        ...

    def delete(self, project_id: str) -> bool:
        """Remove the record and its log, False if absent; only called while holding ``lock(project_id)``."""
        ...

    def lock(self, project_id: str) -> AbstractContextManager[object]:
        """Exclude every other writer of this project (threads, processes, sessions) while held."""
        ...

    def lock_names(self) -> AbstractContextManager[object]:
        """Exclude every other create, rename and change of key while held; taken before ``lock``."""
        ...

    def list(self) -> Iterable[Listing]:
        """Every stored project, cheaply: no record is read."""
        ...

    def read_setting(self, name: str) -> Any:
        """The store's setting ``name`` as written (a JSON object), None if never written;
        CorruptStoreError if what holds it cannot be read."""
        ...

    def write_setting(self, name: str, value: dict[str, Any]) -> None:
        """Replace the setting ``name`` atomically, keeping the others; safe against concurrent writers."""
        ...


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
            unopened=self._some_unopened,
            project_ids=self._stored_ids,
        )
        self._settings = StoreSettings(backend, self._keys)
        # Listed projects whose summary could not be read for want of the right key, and files
        # beside the projects that hold none (by version): the list leaves those out.
        self._key_problems: set[str] = set()
        self._foreign: dict[str, Hashable] = {}
        self._summaries: dict[str, tuple[Hashable, ProjectSummary]] = {}
        self._summaries_lock = threading.Lock()
        # The summaries kept on disk for the next process, loaded on the first listing.
        self._index = index
        self._index_loaded = index is None
        self._unsaved = 0  # summaries read fresh since the index was last written
        self._seen = logs.Baselines()

    def load_project(self, project_id: str, *, whole: bool = False) -> ProjectState:
        """Return the stored project with its logs' newest entries (``whole``: every entry); ProjectNotFound
        if absent, CorruptStoreError if unreadable."""
        state, seen = self._reading(project_id, lambda w: log_reads.load(self.backend, project_id, w, whole))
        if seen is not None:
            self._seen.remember(state, seen)
        return state

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
                    self._require_free_name(state)
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
        mark_saved(state, {"revision": record.revision, "logs": log.meta})
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
        if not deleted:
            raise not_found(project_id)

    def _require_free_name(self, state: ProjectState) -> None:
        """NameTaken unless ``state``'s name is free; a refusal if a project's name cannot be read for want
        of the key. Called under the names lock; a damaged project, whose name nobody can read, is passed."""
        summaries = [s for s in self._all_summaries() if s.project_id != state.project_id]
        sealed = [s.project_id for s in summaries if s.project_id in self._key_problems]
        if sealed:
            source = self._sealer.source if self._sealer else key_check.KEY_ENV
            raise StorageError(
                f"{len(sealed)} of the projects here are encrypted with a key this session does not have, so "
                f"the new name cannot be checked against theirs and nothing was saved. Set {source} to the "
                "store's key."
            )
        damaged = [s.project_id for s in summaries if s.error is not None]
        if damaged:
            log.warning("Name of %s not checked: unreadable projects %s", state.project_id, damaged)
        taken = [name_key(s.name) for s in summaries if s.error is None]
        if name_key(state.name) in taken:
            raise name_taken(state.name, taken)

    def _some_unopened(self) -> bool:
        """Whether a listed project did not open with this session's key (for the key check)."""
        self._all_summaries()
        return bool(self._key_problems)

    def _stored_ids(self) -> list[str]:
        return sorted(entry.project_id for entry in self.backend.list() if is_valid_id(entry.project_id))

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
        return self._all_summaries()

    def page_projects(self, query: str = "", offset: int = 0, limit: int | None = None) -> ProjectPage:
        """Projects whose name contains ``query`` (any case), newest first, ``limit`` from ``offset``.

        An offset past the end gives the last page, so a page that emptied (deletes) still shows some.
        """
        summaries = self._all_summaries()
        needle = query.strip().casefold()
        if needle:
            summaries = [s for s in summaries if needle in s.name.casefold()]
        total = len(summaries)
        offset = max(0, offset)
        if offset >= total:
            offset = ((total - 1) // limit) * limit if limit and total else 0
        shown = summaries[offset : offset + limit] if limit is not None else summaries[offset:]
        return ProjectPage(shown, total, offset, query.strip())

    def _all_summaries(self) -> list[ProjectSummary]:
        self._load_index()
        listed = [entry for entry in self.backend.list() if is_valid_id(entry.project_id)]
        with self._summaries_lock:
            cache = self._summaries
            found = [(entry, cache.get(entry.project_id)) for entry in listed]
        summaries = []
        for entry, cached in found:
            if self._foreign.get(entry.project_id, self) == entry.version:
                continue  # a file that holds no project, unchanged since it was read
            summary = cached[1] if cached is not None and cached[0] == entry.version else self._summary(entry)
            if summary is not None:
                summaries.append(summary)
        snapshot = None
        with self._summaries_lock:
            for gone in self._summaries.keys() - {entry.project_id for entry in listed}:
                del self._summaries[gone]
                self._key_problems.discard(gone)
            # Written when a noticeable share was read fresh: a cold start then reads at most that share.
            if self._index is not None and self._unsaved and self._unsaved * PERSIST_SHARE >= len(summaries):
                snapshot, self._unsaved = dict(self._summaries), 0
            sealed = bool(self._key_problems)
        if sealed and self._index is not None:
            # Opened without the key of a store that seals: no index (``TinyDBStorage``), and none kept.
            self._index.remove()
            self._index = None
        elif snapshot is not None and self._index is not None:
            self._index.save(snapshot)
        return newest_first(summaries)

    def _load_index(self) -> None:
        if self._index_loaded or self._index is None:
            return
        kept = self._index.load()
        with self._summaries_lock:
            for project_id, cached in kept.items():
                if cached[1].error is None:  # an unreadable one is read again: its reason may have changed
                    self._summaries.setdefault(project_id, cached)
            self._index_loaded = True

    def _summary(self, entry: Listing) -> ProjectSummary | None:
        """The summary read fresh from the record, and cached under its version; None if deleted."""
        project_id = entry.project_id
        where = self.backend.where(project_id)
        # The version was taken before this read, so a record changed in between is cached
        # under a version it no longer has and is read again next time, never kept stale.
        try:
            stored = self.backend.read(project_id, logs=False)
            if stored is None:
                return None  # deleted since it was listed
            summary = summarize(decode(stored.record, project_id, where))
        except OSError:
            # Not cached: a file that cannot be opened now may open next time.
            return unreadable(project_id, entry.label, entry.modified, str(unopenable(where)))
        except NotAProject:
            self._foreign[project_id] = entry.version
            return None
        except WizardError as exc:
            summary = unreadable(project_id, entry.label, entry.modified, str(exc))
            sealed = isinstance(exc, SealedError)
        else:
            sealed = False
        self._foreign.pop(project_id, None)
        with self._summaries_lock:
            if sealed:
                self._key_problems.add(project_id)
            else:
                self._key_problems.discard(project_id)
            self._summaries[project_id] = (entry.version, summary)
            self._unsaved += 1
        return summary

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


def is_valid_id(project_id: object) -> bool:
    """Whether ``project_id`` is safe to use as a file name."""
    return isinstance(project_id, str) and PROJECT_ID.fullmatch(project_id) is not None


def require_id(project_id: str) -> None:
    """Reject an unusable id on lookup the same way as a missing project."""
    if not is_valid_id(project_id):
        raise ProjectNotFound("That project does not exist; its id is not valid.")


def require_saveable_id(project_id: str) -> None:
    """Reject an unusable id before anything is written."""
    if not is_valid_id(project_id):
        raise StorageError("The project cannot be saved: its id must be 1 to 64 letters, digits, '-' or '_'.")


def not_found(project_id: str) -> ProjectNotFound:
    """The error for a valid id with no stored project."""
    return ProjectNotFound(f"Project {project_id} was not found; it may have been deleted.")


def unopenable(where: str) -> StorageError:
    """The error for a stored project the backend failed to reach."""
    return StorageError(f"{where} cannot be opened.")
