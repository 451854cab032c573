"""The TinyDB files of the default store: a project file and the settings file.

A project file holds two tables: ``project`` (the record) and ``log`` (the generation and the
committed length of the project's log file, ``log_file.py``). The settings file holds a table per
setting, each with its one document. Both are read within bounds and only if they are regular
files (``files.py``), so one hostile file is that file's own error, and replaced atomically.
"""

from __future__ import annotations

import glob
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from tinydb import TinyDB
from tinydb.storages import Storage

from storage import bounds
from storage.files import NotAFile, exclusive_lock, read_bounded, replace_atomically
from storage.log_file import Position
from storage.records import NotAProject, corrupt
from wizard_core.errors import CorruptStoreError, StorageError

TABLE = "project"
LOG_TABLE = "log"
DOC_ID = 1
# A finished project's record is about 40 KB; its logs live in the log file.
MAX_PROJECT_BYTES = 16 * 2**20
# The store's settings, beside the projects folder; a practice profile is well under 1 KB.
SETTINGS_NAME = "settings.json"
SETTINGS_LOCK = "settings.lock"
MAX_SETTINGS_BYTES = 2**20
# The ids the wizard gives new projects (``uuid4().hex``).
WIZARD_ID = re.compile(r"[0-9a-f]{32}")


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


def project_document(record: bytes, position: Position | None) -> bytes:
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


def foreign_error(directory: Path, project_id: str, where: str) -> Callable[[str], CorruptStoreError]:
    """The error for a file of JSON that holds no project: a damaged project's, or ``NotAProject``.

    A file is named like a project record if its name is an id the wizard makes (a uuid's
    hex) or the store left its lock or log beside it; any other JSON without a project
    (someone's ``notes.json``) is no project, and the list leaves it out.
    """

    def error(reason: str) -> CorruptStoreError:
        named_like_a_record = (
            WIZARD_ID.fullmatch(project_id) is not None
            or os.path.lexists(directory / f"{project_id}.lock")
            or any(directory.glob(f"{glob.escape(project_id)}.*.log"))
        )
        return corrupt(where, reason) if named_like_a_record else NotAProject(corrupt(where, reason).args[0])

    return error


def log_position(document: object, where: str) -> Position | None:
    """How far the project's log file is committed, from the project file's ``log`` table (None: no log)."""
    if document is None:
        return None
    generation = cast(dict, document).get("generation")
    length = cast(dict, document).get("bytes")
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (generation, length)):
        raise corrupt(where, "its log table is not valid")
    return Position(cast(int, generation), cast(int, length))


def read_setting(path: Path, name: str) -> Any:
    """The setting ``name`` in the settings file at ``path``, None if it holds none."""
    db = TinyDB(storage=lambda: SettingsFileStorage(path))
    document = db.table(name).get(doc_id=DOC_ID)
    return None if document is None else dict(cast(dict, document))


def write_setting(path: Path, name: str, value: dict[str, Any]) -> None:
    """Replace the setting ``name`` in the settings file at ``path``, under the flock of ``settings.lock``."""
    settings = SettingsFileStorage(path)
    lock_path = path.with_name(SETTINGS_LOCK)
    try:
        with exclusive_lock(lock_path, keep=lambda: os.path.lexists(path)):
            tables = settings.read() or {}  # refused if unreadable: the other settings are kept
            tables[name] = {str(DOC_ID): value}
            settings.write(tables)
    except NotAFile as error:
        raise StorageError(
            f"The lock file {lock_path.name} in the data folder cannot be used ({error}); "
            "remove it and try again. Nothing was saved."
        ) from None
