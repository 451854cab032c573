"""Projects in TinyDB: one small database file per project, its logs appended to a file beside it.

TinyDB rewrites its whole file on every write and is neither thread- nor crash-safe, so each
project gets its own file (``tinydb_files.py``; a save costs the same with 1 or 1 000 projects
stored), writes go to a temp file that replaces the original, and an flock serialises
read-check-write. The turn and reasoning logs are appended to a log file beside it
(``log_file.py``), so a save's cost does not grow with the project's age; replacing the project
file commits the save. The backend remembers the bytes of each project file it wrote, so the next
save can tell, from the file's bytes and without decoding them, that the record is still the one
it wrote (``last_written``). The store's settings (the practice profile) are one more TinyDB
file, ``<data_dir>/settings.json``, outside ``projects/`` so never listed as a project.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar, cast

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware

from storage import crypto, key_check, log_file, tinydb_files
from storage.backend import Listing
from storage.base import ProjectStore
from storage.encoding import Encoded
from storage.files import NotAFile, exclusive_lock, fsync_dir, private_folder, read_bounded
from storage.log_file import Entries, LogFileError, Position
from storage.logs import TAIL, LogWrite
from storage.records import Stored, corrupt
from storage.revision import Current, Known
from storage.sealing import SealingBackend
from storage.summary_index import SummaryIndexFile
from storage.sweep import remove_if_stale, sweep
from storage.tinydb_files import (
    DOC_ID,
    LOG_TABLE,
    MAX_PROJECT_BYTES,
    SETTINGS_LOCK,
    SETTINGS_NAME,
    TABLE,
    ProjectFileStorage,
    foreign_error,
    log_position,
    project_document,
)
from storage.written import WrittenFiles
from wizard_core.errors import CorruptStoreError, StorageError

# The project list's summaries for the next process; not a project (no .json), never listed.
INDEX_NAME = ".summary-index"
# Held around a name's check and the project's creation, so two creates of one name cannot both pass.
NAMES_LOCK = "names.lock"
T = TypeVar("T")


class TinyDBBackend:
    """Records in ``<projects_dir>/<project_id>.json``, each file a TinyDB with one document;
    settings in ``settings_path`` (by default ``settings.json`` beside the projects folder)."""

    def __init__(self, projects_dir: Path, settings_path: Path | None = None) -> None:
        self.directory = projects_dir
        self.settings_path = settings_path or projects_dir.parent / SETTINGS_NAME
        self._written = WrittenFiles()  # each project file this backend last wrote (``last_written``)
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

    def fingerprint(self, project_id: str) -> bytes | None:
        """The project file's bytes (``kept.py`` compares them whole, cheaper than a digest): a save
        replaces the file, and its log's committed length with it; None if there is no file to read."""
        try:
            return read_bounded(self._path(project_id), MAX_PROJECT_BYTES)
        except NotAFile:
            return None

    def read(self, project_id: str, logs: bool = True) -> Stored | None:
        # A rewrite may replace the log file between reading the project file and the log: read again.
        for _ in range(5):
            foreign = foreign_error(self.directory, project_id, self.where(project_id))
            storage = ProjectFileStorage(self._path(project_id), self.where(project_id), foreign)
            db = TinyDB(storage=CachingMiddleware(lambda storage=storage: storage))  # one read, both tables
            document = db.table(TABLE).get(doc_id=DOC_ID)
            if document is None:
                if storage.found:
                    raise foreign("it holds no project")
                return None
            position = log_position(db.table(LOG_TABLE).get(doc_id=DOC_ID), self.where(project_id))
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

    def write(self, project_id: str, record: Encoded, log: LogWrite, current: Current | None) -> None:
        before = cast(Position | None, current.position if current is not None else None)
        self._written.forget(project_id)  # until this write is known to have happened
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
        document = project_document(record.data, position)
        new_generation = position is not None and (before is None or position.generation != before.generation)
        try:
            ProjectFileStorage(self._path(project_id), self.where(project_id)).write(document)
        except BaseException:
            if new_generation:  # never committed: nobody will read it
                with contextlib.suppress(OSError):
                    path.unlink()
            raise
        self._written.remember(project_id, document, Known(record.revision, log.meta, position))
        if before is not None and (position is None or position.generation != before.generation):
            self._remove_logs(project_id, keep=position)

    def last_written(self, project_id: str) -> Known | None:
        """The record this backend last wrote for the project, if the file still holds exactly those bytes."""
        if not self._written.holds(project_id):
            return None
        try:
            data = read_bounded(self._path(project_id), MAX_PROJECT_BYTES)
        except (NotAFile, OSError):
            data = None  # whatever it is, reading it the long way says what
        return self._written.known(project_id, data)

    def _remove_logs(self, project_id: str, keep: Position | None) -> None:
        """Remove the project's log files but ``keep``'s (old generations, uncommitted leftovers)."""
        kept = self._log_path(project_id, keep.generation).name if keep is not None else None
        for path in self.directory.glob(f"{project_id}.*.log"):
            if path.name != kept:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()

    def delete(self, project_id: str) -> bool:
        self._written.forget(project_id)
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
        return tinydb_files.read_setting(self.settings_path, name)

    def write_setting(self, name: str, value: dict[str, Any]) -> None:
        tinydb_files.write_setting(self.settings_path, name, value)


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
