"""Projects in TinyDB: one small database file per project, written atomically under a lock.

TinyDB rewrites its whole file on every write and is neither thread- nor crash-safe, so each
project gets its own file (a save costs the same with 1 or 1 000 projects stored), writes go
to a temp file that replaces the original, and an flock serialises read-check-write.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import tempfile
import threading
import time
from collections.abc import Iterator, MutableMapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from storage.base import (
    ProjectSummary,
    StorageAdapter,
    check_revision,
    corrupt,
    decode,
    encode,
    is_valid_id,
    mark_saved,
    newest_first,
    not_found,
    require_id,
    require_saveable_id,
    summarize,
)
from wizard_core.errors import StorageError, WizardError
from wizard_core.models import ProjectState

TABLE = "project"
DOC_ID = 1
# A temp file this old belongs to a writer that died; live writers finish within milliseconds.
STALE_TEMP_SECONDS = 3600


def _fsync_dir(directory: Path) -> None:
    """Make a rename in ``directory`` durable, not only the renamed file's bytes."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _parse(data: bytes, where: str) -> dict[str, Any]:
    """The tables of a project file; CorruptStoreError naming ``where`` if it is not one."""
    if not data.strip():
        raise corrupt(where, "the file is empty")
    try:
        tables = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise corrupt(where, "not valid JSON") from None
    shaped = isinstance(tables, dict) and all(
        isinstance(t, dict) and all(isinstance(d, dict) for d in t.values()) for t in tables.values()
    )
    if not shaped:
        raise corrupt(where, "not a wizard project file")
    return tables


class AtomicJSONStorage(Storage):
    """TinyDB storage whose writes replace the file atomically and durably."""

    def __init__(self, path: Path, where: str) -> None:
        self.path = path
        self.where = where
        # Whether the last read found a file: TinyDB reports "no such document" the same way
        # for a missing file and for a file without the project, which is corrupt.
        self.found = False

    def read(self) -> dict[str, Any] | None:
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            self.found = False
            return None
        self.found = True
        return _parse(data, self.where)

    def write(self, data: dict[str, Any]) -> None:
        payload = json.dumps(data, ensure_ascii=False).encode("utf-8")
        # Same directory as the target so os.replace is a rename, never a copy.
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(payload)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _fsync_dir(self.path.parent)


def _replace_with(record: dict[str, Any]):
    """A TinyDB update that swaps the whole document, so no stale keys survive."""

    def replace(document: MutableMapping[str, Any]) -> None:
        document.clear()
        document.update(record)

    return replace


class TinyDBStorage(StorageAdapter):
    """The default store: ``<data_dir>/projects/<project_id>.json``, one TinyDB per project."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.projects_dir = self.data_dir / "projects"
        try:
            self.projects_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(
                f"The project folder {self.projects_dir} cannot be created ({exc.strerror})."
            ) from exc
        self._summaries: dict[str, tuple[tuple[int, int, int], ProjectSummary]] = {}
        self._summaries_lock = threading.Lock()

    def _path(self, project_id: str) -> Path:
        return self.projects_dir / f"{project_id}.json"

    def _where(self, project_id: str) -> str:
        return f"The project file projects/{project_id}.json"

    @contextlib.contextmanager
    def _db(self, project_id: str) -> Iterator[TinyDB]:
        db = TinyDB(self._path(project_id), self._where(project_id), storage=AtomicJSONStorage)
        try:
            yield db
        finally:
            db.close()

    @contextlib.contextmanager
    def _locked(self, project_id: str) -> Iterator[Path]:
        """Hold the project's lock; a fresh fd each time so threads exclude each other too."""
        path = self.projects_dir / f"{project_id}.lock"
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                # delete_project unlinks the lock file; if ours was unlinked while we waited,
                # a newcomer may hold a lock on a new file, so start over on that one.
                with contextlib.suppress(FileNotFoundError):
                    if os.fstat(fd).st_ino == os.stat(path).st_ino:
                        break
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)
        try:
            yield path
        finally:
            os.close(fd)

    def _stored(self, db: TinyDB, project_id: str) -> ProjectState | None:
        """The project in ``db``, None if there is no file; a file without one is corrupt."""
        document = db.table(TABLE).get(doc_id=DOC_ID)
        where = self._where(project_id)
        if document is None:
            if cast(AtomicJSONStorage, db.storage).found:
                raise corrupt(where, "it holds no project")
            return None
        return decode(dict(document), project_id, where)

    def load_project(self, project_id: str) -> ProjectState:
        require_id(project_id)
        with self._db(project_id) as db:
            stored = self._stored(db, project_id)
        if stored is None:
            raise not_found(project_id)
        return stored

    def save_project(self, state: ProjectState) -> None:
        project_id = state.project_id
        require_saveable_id(project_id)
        record = encode(state)
        try:
            with self._locked(project_id), self._db(project_id) as db:
                # Decoding in full refuses to overwrite a file that cannot be read.
                stored = self._stored(db, project_id)
                check_revision(None if stored is None else stored.revision, state)
                table = db.table(TABLE)
                if stored is None:
                    table.insert(Document(record, doc_id=DOC_ID))
                else:
                    table.update(_replace_with(record), doc_ids=[DOC_ID])
        except OSError as exc:
            raise StorageError(f"The project could not be saved ({exc.strerror}).") from exc
        mark_saved(state, record)

    def delete_project(self, project_id: str) -> None:
        require_id(project_id)
        path = self._path(project_id)
        try:
            with self._locked(project_id) as lock_path:
                if not path.exists():
                    raise not_found(project_id)
                path.unlink()
                _fsync_dir(self.projects_dir)
                lock_path.unlink()
        except OSError as exc:
            raise StorageError(f"The project could not be deleted ({exc.strerror}).") from exc

    def exists(self, project_id: str) -> bool:
        return is_valid_id(project_id) and self._path(project_id).exists()

    def list_projects(self) -> list[ProjectSummary]:
        summaries: list[ProjectSummary] = []
        seen: set[str] = set()
        now = time.time()
        with os.scandir(self.projects_dir) as entries:
            for entry in entries:
                name = entry.name
                if name.endswith(".tmp"):
                    self._remove_if_stale(entry, now)
                    continue
                project_id = name.removesuffix(".json")
                if name.endswith(".json") and is_valid_id(project_id):
                    seen.add(project_id)
                    if (summary := self._summary(project_id)) is not None:
                        summaries.append(summary)
        with self._summaries_lock:
            for gone in self._summaries.keys() - seen:
                del self._summaries[gone]
        return newest_first(summaries)

    def _remove_if_stale(self, entry: os.DirEntry[str], now: float) -> None:
        with contextlib.suppress(OSError):
            if now - entry.stat().st_mtime > STALE_TEMP_SECONDS:
                os.unlink(entry.path)

    def _summary(self, project_id: str) -> ProjectSummary | None:
        """The cached summary if the file is unchanged, else one read fresh from it."""
        where = self._where(project_id)
        try:
            # stat and read the same open file, so the cache key matches the bytes read.
            with open(self._path(project_id), "rb") as handle:
                st = os.fstat(handle.fileno())
                key = (st.st_ino, st.st_mtime_ns, st.st_size)
                with self._summaries_lock:
                    cached = self._summaries.get(project_id)
                if cached is not None and cached[0] == key:
                    return cached[1]
                data = handle.read()
        except FileNotFoundError:
            return None  # deleted since the directory was scanned
        except OSError:
            return self._error_summary(project_id, time.time(), f"{where} cannot be opened.")
        try:
            record = _parse(data, where).get(TABLE, {}).get(str(DOC_ID))
            if record is None:
                raise corrupt(where, "it holds no project")
            summary = summarize(decode(record, project_id, where))
        except WizardError as exc:
            summary = self._error_summary(project_id, st.st_mtime, str(exc))
        with self._summaries_lock:
            self._summaries[project_id] = (key, summary)
        return summary

    def _error_summary(self, project_id: str, mtime: float, error: str) -> ProjectSummary:
        updated = datetime.fromtimestamp(mtime, UTC)
        return ProjectSummary(project_id, f"{project_id}.json", False, 0, None, updated, error)
