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
import time
from collections.abc import Iterable, Iterator, MutableMapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from storage.base import Listing, ProjectStore
from storage.records import corrupt
from wizard_core.errors import StorageError

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


class TinyDBBackend:
    """Records in ``<projects_dir>/<project_id>.json``, each file a TinyDB with one document."""

    def __init__(self, projects_dir: Path) -> None:
        self.directory = projects_dir
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(
                f"The project folder {self.directory} cannot be created ({exc.strerror})."
            ) from exc

    def _path(self, project_id: str) -> Path:
        return self.directory / f"{project_id}.json"

    def _lock_path(self, project_id: str) -> Path:
        return self.directory / f"{project_id}.lock"

    def where(self, project_id: str) -> str:
        return f"The project file projects/{project_id}.json"

    @contextlib.contextmanager
    def _db(self, project_id: str) -> Iterator[TinyDB]:
        db = TinyDB(self._path(project_id), self.where(project_id), storage=AtomicJSONStorage)
        try:
            yield db
        finally:
            db.close()

    def read(self, project_id: str) -> dict[str, Any] | None:
        with self._db(project_id) as db:
            document = db.table(TABLE).get(doc_id=DOC_ID)
            found = cast(AtomicJSONStorage, db.storage).found
        if document is None:
            if found:
                raise corrupt(self.where(project_id), "it holds no project")
            return None
        return dict(document)

    def write(self, project_id: str, record: dict[str, Any]) -> None:
        with self._db(project_id) as db:
            table = db.table(TABLE)
            # The store has just read the file under the lock, so if it exists it holds the
            # document; checking by stat saves TinyDB a third parse of the file.
            if self._path(project_id).exists():
                table.update(_replace_with(record), doc_ids=[DOC_ID])
            else:
                table.insert(Document(record, doc_id=DOC_ID))

    def delete(self, project_id: str) -> bool:
        path = self._path(project_id)
        if not path.exists():
            return False
        path.unlink()
        _fsync_dir(self.directory)
        # Held by our caller; waiters see it gone and start over on a fresh lock file.
        self._lock_path(project_id).unlink()
        return True

    @contextlib.contextmanager
    def lock(self, project_id: str) -> Iterator[None]:
        """Hold the project's flock; a fresh fd each time so threads exclude each other too."""
        path = self._lock_path(project_id)
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                # delete unlinks the lock file; if ours was unlinked while we waited,
                # a newcomer may hold a lock on a new file, so start over on that one.
                with contextlib.suppress(FileNotFoundError):
                    if os.fstat(fd).st_ino == os.stat(path).st_ino:
                        break
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)
        try:
            yield
        finally:
            os.close(fd)

    def list(self) -> Iterable[Listing]:
        listed = []
        now = time.time()
        with os.scandir(self.directory) as entries:
            for entry in entries:
                if entry.name.endswith(".tmp"):
                    _remove_if_stale(entry, now)
                elif entry.name.endswith(".json"):
                    with contextlib.suppress(FileNotFoundError):  # deleted since the scan
                        listed.append(_listing(entry))
        return listed


def _listing(entry: os.DirEntry[str]) -> Listing:
    """The file as the project list sees it; its inode, mtime and size change on every save."""
    st = entry.stat()
    modified = datetime.fromtimestamp(st.st_mtime, UTC)
    key = (st.st_ino, st.st_mtime_ns, st.st_size)
    return Listing(entry.name.removesuffix(".json"), key, entry.name, modified)


def _remove_if_stale(entry: os.DirEntry[str], now: float) -> None:
    with contextlib.suppress(OSError):
        if now - entry.stat().st_mtime > STALE_TEMP_SECONDS:
            os.unlink(entry.path)


class TinyDBStorage(ProjectStore):
    """The default store: ``<data_dir>/projects/<project_id>.json``, one TinyDB per project."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.projects_dir = self.data_dir / "projects"
        super().__init__(TinyDBBackend(self.projects_dir))
