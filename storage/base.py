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
practice profile every project's sheet names unless the project has its own copy.
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
import weakref
from collections.abc import Callable, Hashable, Iterable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, NamedTuple, Protocol, TypeVar

from pydantic import ValidationError

from storage import bounds, key_check, log_reads, logs
from storage.crypto import SealedError, Sealer
from storage.records import (
    NotAProject,
    ProjectSummary,
    Stored,
    decode,
    encode,
    mark_saved,
    newest_first,
    summarize,
    unreadable,
)
from storage.summary_index import SummaryIndexFile
from wizard_core.errors import (
    ConflictError,
    CorruptStoreError,
    InputError,
    ProjectNotFound,
    StorageError,
    WizardError,
)
from wizard_core.models import SCHEMA_VERSION, ArchiveEntry, Practice, ProjectState
from wizard_core.store import ProjectPage, TurnPage, name_key, name_taken

__all__ = ["Backend", "Listing", "ProjectPage", "ProjectStore", "ProjectSummary", "StorageAdapter", "Stored"]

# Ids become file names, so only characters that can never form a path are allowed.
PROJECT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

# The summary index is rewritten once this share (1/n) of the listed projects was read fresh.
PERSIST_SHARE = 128

CONFLICT_MESSAGE = (
    "This project was changed in another session since it was opened here, so this change was not saved."
)

# The store's settings, by the name a backend keeps them under, as a message names them.
PRACTICE = "practice"
MODEL_SERVERS = "model_servers"  # the reply format each model server takes, learned by the advisor
SETTINGS = {
    PRACTICE: "The practice profile",
    MODEL_SERVERS: "What the wizard learned of model servers",
    key_check.KEY_CHECK: "The store's key check",
}
MAX_MODEL_SERVERS = 50  # servers remembered; the oldest are forgotten past this
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

    def write(
        self, project_id: str, record: dict[str, Any], log: logs.LogWrite, previous: Stored | None
    ) -> None:
        """Store the record and the log entries atomically: all or none. With ``log.restart`` the entries
        replace every earlier one. ``previous`` is what ``read`` gave under the same lock.
        Only called while holding ``lock(project_id)``, with values ``bounds.check`` accepted."""
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
        self._checks_key = sealing or sealer is not None
        self._key_ready = False  # the check named this session's key at its last write
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
        # What each live state's logs looked like when loaded or last saved (by id, while it lives).
        self._seen: dict[int, tuple[weakref.ref[ProjectState], logs.Baseline]] = {}

    def load_project(self, project_id: str, *, whole: bool = False) -> ProjectState:
        """Return the stored project with its logs' newest entries (``whole``: every entry); ProjectNotFound
        if absent, CorruptStoreError if unreadable."""
        require_id(project_id)
        where = self.backend.where(project_id)
        try:
            stored, tail = log_reads.load(self.backend, project_id, whole)
        except OSError as exc:
            raise unopenable(where) from exc
        if stored is None:
            raise not_found(project_id)
        state = decode(stored.record, project_id, where, stored.entries, tail)
        meta = stored.record.get("logs")
        # An older record was upgraded on the way in (its upgrade may add log entries): saved whole once.
        if meta is not None and stored.record.get("schema_version") == SCHEMA_VERSION:
            self._remember(state, logs.seen(state, meta))
        return state

    def save_project(self, state: ProjectState, *, unique_name: bool = False) -> None:
        """Store ``state`` if nobody saved since it was loaded; bumps ``state.revision``.

        With ``unique_name``, NameTaken (nothing saved) if another project has the name: checked and
        written under the store's names lock, so of concurrent creates of one name only one is kept.
        """
        project_id = state.project_id
        require_saveable_id(project_id)
        seen = self._baseline(state)
        log = logs.plan(state, seen, seen.meta if seen else None, self._older(state))
        record = _checked(encode(state, log.meta), log)
        where = self.backend.where(project_id)
        self._prepare_key()
        try:
            with self.backend.lock_names() if unique_name else contextlib.nullcontext():
                if unique_name:
                    self._require_free_name(state)
                self._write(state, seen, log, record, where)
        except OSError as exc:
            raise StorageError(f"The project could not be saved ({exc.strerror or exc}).") from exc

    def _write(
        self,
        state: ProjectState,
        seen: logs.Baseline | None,
        log: logs.LogWrite,
        record: dict[str, Any],
        where: str,
    ) -> None:
        project_id = state.project_id
        try:
            with self.backend.lock(project_id):
                self._verify_key()
                stored = self.backend.read(project_id, logs=False)
                # Decoding refuses to write over a record that cannot be read.
                current = None if stored is None else decode(stored.record, project_id, where).revision
                check_revision(current, state)
                stored_meta = None if stored is None else stored.record.get("logs")
                if seen is not None and stored_meta != seen.meta:  # e.g. the record is from before logs
                    log = logs.plan(state, seen, stored_meta, self._older(state))
                    record = _checked(encode(state, log.meta), log)
                self.backend.write(project_id, record, log, stored)
        except OSError as exc:
            raise StorageError(f"The project could not be saved ({exc.strerror or exc}).") from exc
        mark_saved(state, record)
        self._remember(state, log.baseline(state, state.revision))

    def put_copy(self, state: ProjectState) -> None:
        """Store a copy of ``state`` from another store, its revision kept; ConflictError if the id is taken.

        Only for moving stores (``transfer.py``): a later session's save is then checked against
        the same revision it had in the old store.
        """
        project_id = state.project_id
        require_saveable_id(project_id)
        log = logs.rewrite(state)
        record = encode(state, log.meta)
        record["revision"] = state.revision
        record = _checked(record, log)
        self._prepare_key()
        try:
            with self.backend.lock(project_id):
                self._verify_key()
                if self.backend.read(project_id, logs=False) is not None:
                    raise ConflictError(
                        f"A project {project_id} is already stored here; it was not replaced."
                    )
                self.backend.write(project_id, record, log, None)
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
        return lambda: log_reads.older(
            self.backend, state.project_id, state
        )  # for a rewrite of a part-loaded state

    def delete_project(self, project_id: str) -> None:
        """Remove the project; ProjectNotFound if absent."""
        require_id(project_id)
        self._prepare_key()
        try:
            with self.backend.lock(project_id):
                self._verify_key()
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

    def _prepare_key(self) -> None:
        """Before a write: learn the store's key check, or seal it again under a new key (``key_check``)."""
        if self._key_ready or not self._checks_key:
            return
        verdict = key_check.judge(self._sealer, key_check.read(self.backend, self._sealer))
        if verdict == key_check.CURRENT:
            self._key_ready = True
        if verdict == key_check.CURRENT or self._sealer is None:
            return  # a plain store is asked again next time: another session may seal it
        sealer = self._sealer
        with self.backend.lock_names():
            verdict = key_check.judge(sealer, key_check.read(self.backend, sealer))
            if verdict == key_check.ABSENT:
                # Learnt only when every project the list reads opens with this key (a new store: none).
                self._all_summaries()
                if self._key_problems:
                    raise key_check.wrong_key(sealer)
            if verdict == key_check.OLDER or (verdict == key_check.ABSENT and len(sealer.fingerprints) > 1):
                # The check goes first: from now on a session with the old key alone writes nothing.
                key_check.write(self.backend, sealer)
                ids = sorted(
                    entry.project_id for entry in self.backend.list() if is_valid_id(entry.project_id)
                )
                key_check.reseal(self.backend, ids, [PRACTICE, MODEL_SERVERS])
            elif verdict == key_check.ABSENT:
                key_check.write(self.backend, sealer)
        self._key_ready = True

    def _verify_key(self) -> None:
        """Under the project's lock: refuse unless the check names this session's key (or there is none)."""
        if not self._checks_key:
            return
        verdict = key_check.judge(self._sealer, key_check.read(self.backend, self._sealer))
        if verdict == key_check.OLDER:
            raise key_check.wrong_key(self._sealer)  # type: ignore[arg-type]  # OLDER needs a sealer

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
        try:
            value = self.backend.read_setting(PRACTICE)
        except OSError as exc:
            raise StorageError(
                f"The practice profile could not be read ({exc.strerror or exc}). Projects are unaffected."
            ) from exc
        if value is None:
            return Practice()
        try:
            return Practice.model_validate(value)
        except ValidationError:
            raise CorruptStoreError(
                "The saved practice profile is not valid, so it is not shown. Projects are unaffected; "
                "enter the practice again and save it as the profile to replace it."
            ) from None

    def save_practice(self, practice: Practice) -> None:
        """Replace the practice profile; InputError (nothing saved) if a field does not fit."""
        try:
            checked = Practice.model_validate(practice.model_dump())
        except ValidationError as error:
            raise InputError(f"The practice profile was not saved: {_problems(error)}.") from None
        # A lone surrogate is kept as U+FFFD, as in a record (``bounds``), never refused here.
        value = {field: bounds.valid_text(text) for field, text in checked.model_dump(mode="json").items()}
        self._prepare_key()
        try:
            self._verify_key()
            self.backend.write_setting(PRACTICE, value)
        except OSError as exc:
            raise StorageError(
                f"The practice profile could not be saved ({exc.strerror or exc}); nothing was saved."
            ) from exc

    def load_model_servers(self) -> dict[str, Any]:
        """What the advisor learned of each model server and model (its reply format), by their key."""
        try:
            value = self.backend.read_setting(MODEL_SERVERS)
        except OSError as exc:
            raise StorageError(
                f"What the wizard learned of model servers could not be read ({exc})."
            ) from exc
        servers = value.get("servers") if isinstance(value, dict) else None
        return dict(servers) if isinstance(servers, dict) else {}

    def save_model_server(self, key: str, entry: dict[str, Any]) -> None:
        """Keep ``entry`` for the server and model ``key``, beside what is kept for the others."""
        key, entry = bounds.valid_text(key[:500]), _plain(entry)
        self._prepare_key()
        try:
            self._verify_key()
            servers = self.load_model_servers()
            servers.pop(key, None)
            servers[key] = entry
            kept = dict(list(servers.items())[-MAX_MODEL_SERVERS:])
            self.backend.write_setting(MODEL_SERVERS, {"servers": kept})
        except OSError as exc:
            raise StorageError(
                f"What the wizard learned of model servers could not be saved ({exc})."
            ) from exc

    def _remember(self, state: ProjectState, baseline: logs.Baseline) -> None:
        key, seen = id(state), self._seen

        def forget(ref: weakref.ref[ProjectState]) -> None:
            # Runs when the state is collected, possibly inside another call: no lock, only atomic dict ops.
            if (entry := seen.get(key)) is not None and entry[0] is ref:
                seen.pop(key, None)

        seen[key] = (weakref.ref(state, forget), baseline)

    def _baseline(self, state: ProjectState) -> logs.Baseline | None:
        entry = self._seen.get(id(state))
        return entry[1] if entry is not None and entry[0]() is state else None


def _checked(record: dict[str, Any], log: logs.LogWrite) -> dict[str, Any]:
    """``record`` if it and the log entries would read back; StorageError (nothing written) if not."""
    try:
        bounds.check(record)
        for entries in log.entries.values():
            for _, entry in entries:
                bounds.check(entry)
    except bounds.OutOfBounds as error:
        raise StorageError(f"The project could not be saved: {error}.") from None
    return record


def _problems(error: ValidationError) -> str:
    """A validation error's problems in a few words, e.g. "name: the limit is 200 characters"."""
    problems = []
    for problem in error.errors():
        field = ".".join(str(part) for part in problem["loc"]) or "the profile"
        limit = (problem.get("ctx") or {}).get("max_length")
        problems.append(
            f"{field}: the limit is {limit} characters" if limit else f"{field}: {problem['msg']}"
        )
    return "; ".join(problems)


def _plain(entry: dict[str, Any]) -> dict[str, Any]:
    """A learned server's entry as stored: its method and refused methods, short words only."""
    method, refused = entry.get("method"), entry.get("refused")
    refused = refused if isinstance(refused, list) else []
    return {
        "method": method[:20] if isinstance(method, str) else None,
        "refused": [m[:20] for m in refused[:5] if isinstance(m, str)],
    }


def setting_where(name: str) -> str:
    """A setting as a message names it, e.g. "The practice profile"."""
    return SETTINGS.get(name, f"The setting {name}")


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


def check_revision(stored_revision: int | None, state: ProjectState) -> None:
    """Raise ConflictError unless ``state`` was loaded at the stored revision."""
    # A never-saved state (revision 0) may only create; an imported record also sits at 0.
    if stored_revision is None and state.revision == 0:
        return
    if stored_revision != state.revision:
        raise ConflictError(CONFLICT_MESSAGE)
