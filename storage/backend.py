"""What a backend gives the store: records and log entries kept by project id, and the rules on ids.

A backend only keeps records and log entries (read, write, list, delete) and serialises writers
(lock), the way TinyDB's ``Storage`` only reads and writes; a database backend keeps the log entries
in their own table and writes a record with its entries in one transaction. Beside the projects, a
backend keeps the store's few settings by name (``read_setting``, ``write_setting``): the practice
profile every project's sheet names unless the project has its own copy (``settings.py``).
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, NamedTuple, Protocol

from storage import log_reads, logs
from storage.encoding import Encoded
from storage.records import Stored
from storage.revision import Current
from wizard_core.errors import ProjectNotFound, StorageError

# Ids become file names, so only characters that can never form a path are allowed.
PROJECT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


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
        """Every stored project, cheaply: no record is read.

        Optional, for a backend that keeps each project's summary beside its record: ``summaries() ->
        (list[ProjectSummary], set of ids not opened for want of the key)``, the list in one read."""
        ...

    def read_setting(self, name: str) -> Any:
        """The store's setting ``name`` as written (a JSON object), None if never written;
        CorruptStoreError if what holds it cannot be read."""
        ...

    def write_setting(self, name: str, value: dict[str, Any]) -> None:
        """Replace the setting ``name`` atomically, keeping the others; safe against concurrent writers."""
        ...


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
