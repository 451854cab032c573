"""Projects in TinyDB: one small database file per project, its logs appended to a file beside it.

TinyDB rewrites its whole file on every write and is neither thread- nor crash-safe, so each
project gets its own file (a save costs the same with 1 or 1 000 projects stored), writes go
to a temp file that replaces the original, and an flock serialises read-check-write. The
project file holds two tables: ``project`` (the record) and ``log`` (the generation and the
committed length of the project's log file, ``log_file.py``). The turn and reasoning logs are
appended to that file, so a save's cost does not grow with the project's age; replacing the
project file commits the save. Every file is read within bounds and only if it is a regular
file (``files.py``), so one hostile file is that project's own error. The backend remembers a
digest of each project file it wrote, so the next save can tell, from the file's bytes and
without decoding them, that the record is still the one it wrote (``last_written``).

The store's settings (the practice profile) are one more TinyDB file, ``<data_dir>/settings.json``
(outside ``projects/``, so never listed as a project): a table per setting holding its one
document, replaced atomically under the flock of ``settings.lock`` like a project file.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar, cast

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.storages import Storage

from storage import bounds, crypto, key_check, log_file
from storage.base import Current, Known, Listing, ProjectStore, Stored
from storage.encoding import Encoded
from storage.files import (
    NotAFile,
    exclusive_lock,
    fsync_dir,
    private_folder,
    read_bounded,
    replace_atomically,
)
from storage.log_file import Entries, LogFileError, Position
from storage.logs import TAIL, LogWrite
from storage.records import NotAProject, corrupt
from storage.sealing import SealingBackend
from storage.summary_index import SummaryIndexFile
from storage.sweep import remove_if_stale, sweep
from wizard_core.errors import CorruptStoreError, StorageError

TABLE = "project"
LOG_TABLE = "log"
DOC_ID = 1
# The project list's summaries for the next process; not a project (no .json), never listed.
INDEX_NAME = ".summary-index"
# The ids the wizard gives new projects (``uuid4().hex``).
WIZARD_ID = re.compile(r"[0-9a-f]{32}")
# A finished project's record is about 40 KB; its logs live in the log file.
MAX_PROJECT_BYTES = 16 * 2**20
# The store's settings, beside the projects folder; a practice profile is well under 1 KB.
SETTINGS_NAME = "settings.json"
SETTINGS_LOCK = "settings.lock"
MAX_SETTINGS_BYTES = 2**20
# Held around a name's check and the project's creation, so two creates of one name cannot both pass.
NAMES_LOCK = "names.lock"
# Project files whose last write this backend remembers (a digest each); the oldest are forgotten.
MAX_REMEMBERED = 4096
T = TypeVar("T")


class ProjectFileStorage(Storage):
    """TinyDB storage that reads a project file within bounds and replaces it atomically."""

    def __init__(
        self, path: Path, where: str, foreign: Callable[[str], CorruptStoreError] | None = None
    ) -> None:
        self.path = path
        self.where = where
        # The error for JSON that is no project file at all (``NotAProject`` for a file no project left).
        self.foreign = foreign or (lambda reason: corrupt(where, reason))
        # Whether the last read found a file: TinyDB reports "no such document" the same way
        # for a missing file and for a file without the project, which is corrupt.
        self.found = False

    def read(self) -> dict[str, Any] | None:
        try:
            data = read_bounded(self.path, MAX_PROJECT_BYTES)
        except NotAFile as error:
            raise corrupt(self.where, str(error)) from None
        self.found = data is not None
        if data is None:
            return None
        return _tables(data, lambda reason: corrupt(self.where, reason), foreign=self.foreign)

    def write(self, data: dict[str, Any] | bytes) -> None:
        replace_atomically(self.path, data if isinstance(data, bytes) else bounds.dumps(data))


class SettingsFileStorage(Storage):
    """TinyDB storage of the settings file: read within bounds, replaced atomically, like a project file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> dict[str, Any] | None:
        try:
            data = read_bounded(self.path, MAX_SETTINGS_BYTES)
        except NotAFile as error:
            raise _bad_settings(str(error)) from None
        return None if data is None else _tables(data, _bad_settings, "settings")

    def write(self, data: dict[str, Any]) -> None:
        replace_atomically(self.path, bounds.dumps(data))


def _bad_settings(reason: str) -> CorruptStoreError:
    return CorruptStoreError(
        f"The settings file {SETTINGS_NAME} in the data folder cannot be read ({reason}), so the practice "
        "profile cannot be shown or saved. Projects are unaffected; restore the file from a backup or "
        "delete it, then save the practice profile again."
    )


def _tables(
    data: bytes,
    fail: Callable[[str], CorruptStoreError],
    kind: str = "project",
    foreign: Callable[[str], CorruptStoreError] | None = None,
) -> dict[str, Any]:
    """The tables of a TinyDB file of the wizard's; ``fail(reason)`` is raised if it is not one
    (``foreign(reason)`` if it is JSON of another shape)."""
    if not data.strip():
        raise fail("the file is empty")
    try:
        tables = bounds.parse(data)
    except bounds.OutOfBounds as error:
        raise fail(str(error)) from None
    shaped = isinstance(tables, dict) and all(
        isinstance(t, dict) and all(isinstance(d, dict) for d in t.values()) for t in tables.values()
    )
    if not shaped:
        raise (foreign or fail)(f"not a wizard {kind} file")
    return tables


class TinyDBBackend:
    """Records in ``<projects_dir>/<project_id>.json``, each file a TinyDB with one document;
    settings in ``settings_path`` (by default ``settings.json`` beside the projects folder)."""

    def __init__(self, projects_dir: Path, settings_path: Path | None = None) -> None:
        self.directory = projects_dir
        self.settings_path = settings_path or projects_dir.parent / SETTINGS_NAME
        # Each project file this backend last wrote: the digest of its bytes, and the record's revision,
        # logs' description and log position then (``last_written``).
        self._written: dict[str, tuple[bytes, Known]] = {}
        self._written_lock = threading.Lock()
        try:
            private_folder(self.directory)
        except OSError as exc:
            raise StorageError(
                f"The project folder {self.directory} cannot be created ({exc.strerror})."
            ) from exc
        sweep(self.directory, self._path, self.settings_path, SETTINGS_LOCK, NAMES_LOCK)

    def _path(self, project_id: str) -> Path:
        return self.directory / f"{project_id}.json"

    def _log_path(self, project_id: str, generation: int) -> Path:
        return log_file.log_path(self.directory, project_id, generation)

    def where(self, project_id: str) -> str:
        return f"The project file projects/{project_id}.json"

    def read(self, project_id: str, logs: bool = True) -> Stored | None:
        # A rewrite may replace the log file between reading the project file and the log: read again.
        for _ in range(5):
            foreign = self._foreign(project_id)
            storage = ProjectFileStorage(self._path(project_id), self.where(project_id), foreign)
            db = TinyDB(storage=CachingMiddleware(lambda storage=storage: storage))  # one read, both tables
            document = db.table(TABLE).get(doc_id=DOC_ID)
            if document is None:
                if storage.found:
                    raise foreign("it holds no project")
                return None
            position = self._position(project_id, db.table(LOG_TABLE).get(doc_id=DOC_ID))
            if not logs or position is None:
                return Stored(dict(cast(dict, document)), {}, position)
            path = self._log_path(project_id, position.generation)
            try:
                entries = log_file.read(path, position)
            except FileNotFoundError:
                continue
            except LogFileError as error:
                raise corrupt(f"The log file projects/{path.name}", str(error)) from None
            return Stored(dict(cast(dict, document)), entries, position)
        raise corrupt(self.where(project_id), "its log file is missing")

    def read_range(
        self, project_id: str, stored: Stored, ranges: Mapping[str, tuple[int, int]]
    ) -> Entries | None:
        nothing: Entries = {}
        return self._in_log(
            project_id, stored, lambda path, at: log_file.read_range(path, at, ranges), nothing
        )

    def read_back(
        self,
        project_id: str,
        stored: Stored,
        log: str,
        before: int,
        limit: int | None,
        want: Callable[[Any], bool],
    ) -> list[tuple[int, Any]] | None:
        nothing: list[tuple[int, Any]] = []
        return self._in_log(
            project_id,
            stored,
            lambda path, at: log_file.read_back(path, at, log, before, limit, want),
            nothing,
        )

    def _in_log(
        self, project_id: str, stored: Stored, read: Callable[[Path, Position], T], empty: T
    ) -> T | None:
        """What ``read`` finds in the log file as ``stored`` committed it; None if it was rewritten since."""
        position = cast(Position | None, stored.position)
        if position is None:
            return empty  # no entries were ever written
        path = self._log_path(project_id, position.generation)
        try:
            return read(path, position)
        except FileNotFoundError:
            return None
        except LogFileError as error:
            raise corrupt(f"The log file projects/{path.name}", str(error)) from None

    def _foreign(self, project_id: str) -> Callable[[str], CorruptStoreError]:
        """The error for a file of JSON that holds no project: a damaged project's, or ``NotAProject``.

        A file is named like a project record if its name is an id the wizard makes (a uuid's
        hex) or the store left its lock or log beside it; any other JSON without a project
        (someone's ``notes.json``) is no project, and the list leaves it out.
        """
        where = self.where(project_id)

        def error(reason: str) -> CorruptStoreError:
            named_like_a_record = (
                WIZARD_ID.fullmatch(project_id) is not None
                or os.path.lexists(self.directory / f"{project_id}.lock")
                or any(self.directory.glob(f"{glob.escape(project_id)}.*.log"))
            )
            return (
                corrupt(where, reason) if named_like_a_record else NotAProject(corrupt(where, reason).args[0])
            )

        return error

    def _position(self, project_id: str, document: object) -> Position | None:
        if document is None:
            return None
        generation = cast(dict, document).get("generation")
        length = cast(dict, document).get("bytes")
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (generation, length)):
            raise corrupt(self.where(project_id), "its log table is not valid")
        return Position(cast(int, generation), cast(int, length))

    def write(self, project_id: str, record: Encoded, log: LogWrite, current: Current | None) -> None:
        before = cast(Position | None, current.position if current is not None else None)
        self._forget(project_id)  # until this write is known to have happened
        payload = log_file.encode_lines(log.entries, TAIL if log.restart or before is None else None)
        try:
            if log.restart or before is None:
                generation = before.generation + 1 if before is not None else 1
                path = self._log_path(project_id, generation)
                position = log_file.create(path, generation, payload) if payload else None
            else:
                path = self._log_path(project_id, before.generation)
                position = log_file.append(path, before, payload) if payload else before
        except LogFileError as error:
            raise StorageError(f"The project could not be saved: {error}.") from None
        document = _document(record.data, position)
        new_generation = position is not None and (before is None or position.generation != before.generation)
        try:
            ProjectFileStorage(self._path(project_id), self.where(project_id)).write(document)
        except BaseException:
            if new_generation:  # never committed: nobody will read it
                with contextlib.suppress(OSError):
                    path.unlink()
            raise
        self._remember(project_id, document, Known(record.revision, log.meta, position))
        if before is not None and (position is None or position.generation != before.generation):
            self._remove_logs(project_id, keep=position)

    def last_written(self, project_id: str) -> Known | None:
        """The record this backend last wrote for the project, if the file still holds exactly those bytes."""
        with self._written_lock:
            entry = self._written.get(project_id)
        if entry is None:
            return None
        try:
            data = read_bounded(self._path(project_id), MAX_PROJECT_BYTES)
        except (NotAFile, OSError):
            data = None  # whatever it is, reading it the long way says what
        if data is None or hashlib.sha256(data).digest() != entry[0]:
            self._forget(project_id)
            return None
        return entry[1]

    def _remember(self, project_id: str, document: bytes, known: Known) -> None:
        digest = hashlib.sha256(document).digest()
        with self._written_lock:
            self._written.pop(project_id, None)
            self._written[project_id] = (digest, known)
            while len(self._written) > MAX_REMEMBERED:
                del self._written[next(iter(self._written))]

    def _forget(self, project_id: str) -> None:
        with self._written_lock:
            self._written.pop(project_id, None)

    def _remove_logs(self, project_id: str, keep: Position | None) -> None:
        """Remove the project's log files but ``keep``'s (old generations, uncommitted leftovers)."""
        kept = self._log_path(project_id, keep.generation).name if keep is not None else None
        for path in self.directory.glob(f"{project_id}.*.log"):
            if path.name != kept:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()

    def delete(self, project_id: str) -> bool:
        self._forget(project_id)
        try:
            os.unlink(self._path(project_id))  # a link or pipe goes, never what a link points at
        except FileNotFoundError:
            return False
        except IsADirectoryError:
            raise StorageError(
                f"{self.where(project_id)} is a folder, not a project file; it was not deleted."
            ) from None
        self._remove_logs(project_id, keep=None)
        fsync_dir(self.directory)
        return True

    @contextlib.contextmanager
    def lock(self, project_id: str) -> Iterator[None]:
        """Hold the project's lock file; it is removed on release if the project does not exist."""
        lock_path = self.directory / f"{project_id}.lock"
        try:
            with exclusive_lock(lock_path, keep=lambda: os.path.lexists(self._path(project_id))):
                yield
        except NotAFile as error:
            raise StorageError(
                f"The lock file projects/{lock_path.name} cannot be used ({error}); "
                "remove it and try again. Nothing was saved."
            ) from None

    @contextlib.contextmanager
    def lock_names(self) -> Iterator[None]:
        """Hold the store's names lock (``names.lock`` beside ``settings.json``): one create at a time."""
        lock_path = self.settings_path.with_name(NAMES_LOCK)
        try:
            with exclusive_lock(lock_path, keep=lambda: False):
                yield
        except NotAFile as error:
            raise StorageError(
                f"The lock file {lock_path.name} in the data folder cannot be used ({error}); "
                "remove it and try again. Nothing was saved."
            ) from None

    def list(self) -> Iterable[Listing]:
        listed, logs = [], []
        now = time.time()
        with os.scandir(self.directory) as entries:
            for entry in entries:
                if entry.name.endswith(".tmp"):
                    remove_if_stale(entry, now)
                elif entry.name.endswith(".log"):
                    logs.append(entry)
                elif entry.name.endswith(".json"):
                    with contextlib.suppress(FileNotFoundError):  # deleted since the scan
                        listed.append(_listing(entry))
        projects = {listing.project_id for listing in listed}
        for entry in logs:
            if entry.name.split(".", 1)[0] not in projects:  # left by a save or delete that died
                remove_if_stale(entry, now)
        return listed

    def read_setting(self, name: str) -> Any:
        db = TinyDB(storage=lambda: SettingsFileStorage(self.settings_path))
        document = db.table(name).get(doc_id=DOC_ID)
        return None if document is None else dict(cast(dict, document))

    def write_setting(self, name: str, value: dict[str, Any]) -> None:
        settings = SettingsFileStorage(self.settings_path)
        lock_path = self.settings_path.with_name(SETTINGS_LOCK)
        try:
            with exclusive_lock(lock_path, keep=lambda: os.path.lexists(self.settings_path)):
                tables = settings.read() or {}  # refused if unreadable: the other settings are kept
                tables[name] = {str(DOC_ID): value}
                settings.write(tables)
        except NotAFile as error:
            raise StorageError(
                f"The lock file {lock_path.name} in the data folder cannot be used ({error}); "
                "remove it and try again. Nothing was saved."
            ) from None


def _document(record: bytes, position: Position | None) -> bytes:
    """The project file: the record (already JSON) in table ``project``, the log's position in ``log``."""
    document = b'{"%s":{"%d":%s}' % (TABLE.encode(), DOC_ID, record)
    if position is not None:
        document += b',"%s":{"%d":{"generation":%d,"bytes":%d}}' % (
            LOG_TABLE.encode(),
            DOC_ID,
            position.generation,
            position.bytes,
        )
    return document + b"}"


def _listing(entry: os.DirEntry[str]) -> Listing:
    """The file as the project list sees it; its inode, mtime and size change on every save."""
    st = entry.stat(follow_symlinks=False)  # a link is listed as itself, and refused when read
    modified = datetime.fromtimestamp(st.st_mtime, UTC)
    key = (st.st_ino, st.st_mtime_ns, st.st_size)
    return Listing(entry.name.removesuffix(".json"), key, entry.name, modified)


class TinyDBStorage(ProjectStore):
    """The default store: ``<data_dir>/projects/<project_id>.json``, one TinyDB per project."""

    def __init__(
        self, data_dir: Path, sealer: crypto.Sealer | crypto.FromEnv | None = crypto.FROM_ENV
    ) -> None:
        self.data_dir = Path(data_dir)
        self.projects_dir = self.data_dir / "projects"
        key = crypto.resolve(sealer)
        # With a key, records and log entries are sealed (file names, the ids, stay plain), and no
        # summary index is kept: it would hold the project names in the clear. Nor is one kept for a
        # sealed store opened without its key (its key check, or a record, says it seals), and one
        # left from before the store sealed is removed.
        backend = SealingBackend(TinyDBBackend(self.projects_dir), key)
        index = SummaryIndexFile(self.projects_dir / INDEX_NAME)
        if key is not None or _seals(backend):
            index.remove()
            super().__init__(backend, None, key, sealing=True)
        else:
            super().__init__(backend, index, key, sealing=True)


def _seals(backend: SealingBackend) -> bool:
    """Whether the store keeps a key check, so its records are sealed (read without a key)."""
    try:
        return backend.read_setting(key_check.KEY_CHECK) is not None
    except crypto.SealedError:
        return True
    except CorruptStoreError:
        return False
