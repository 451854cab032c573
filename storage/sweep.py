"""What killed processes left in the folder store, removed when it is opened; older files made private."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

from storage.files import lock_if_free, make_private

# A temp or log file this old belongs to a writer that died; live writers finish within milliseconds.
STALE_TEMP_SECONDS = 3600


def sweep(
    directory: Path,
    record_of: Callable[[str], Path],
    settings_path: Path,
    settings_lock: str,
    names_lock: str,
) -> None:
    """Remove what killed processes left (temp files, lock files), and make old files private.

    ``record_of`` names a project's file by its id; the store's settings file and its two locks lie
    beside the projects folder.

    Safe against live processes by the lock protocol (``files.lock_if_free``): a project's temp
    file is only ever written by a writer holding ``<id>.lock``, so one whose lock nobody holds
    is a dead writer's; a lock file nobody holds, with no project beside it, is a dead create's
    (a failed ``new``). The lock is taken without waiting, so a held one is simply left for the
    next opening. A temp file written under no lock (the summary index's) goes only when it is
    older than any live write (``STALE_TEMP_SECONDS``). Files and folders an earlier version
    wrote readable by others are made 0600 and 0700.
    """
    now = time.time()
    make_private(directory)
    for folder, owner_of in ((directory, record_of), (settings_path.parent, None)):
        try:
            with os.scandir(folder) as scan:
                entries = list(scan)
        except OSError:
            continue
        for entry in entries:
            if owner_of is None and not _is_settings_file(
                entry.name, settings_path.name, settings_lock, names_lock
            ):
                continue  # the data folder holds more than the store's files
            path = Path(entry.path)
            with contextlib.suppress(OSError):  # an lstat, not an open, for each of 10 000 files
                if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mode & 0o077:
                    make_private(path)
            if entry.name.endswith(".tmp"):
                owner = _temp_owner(entry.name)
                if owner is None:
                    remove_if_stale(entry, now)
                    continue
                lock = folder / (settings_lock if owner_of is None else f"{owner}.lock")
                with lock_if_free(lock) as free:
                    if free:
                        with contextlib.suppress(OSError):
                            path.unlink()
            elif entry.name.endswith(".lock"):
                stem = entry.name.removesuffix(".lock")
                record = owner_of(stem) if owner_of else settings_path if stem == "settings" else None
                with lock_if_free(path) as free:
                    if free and os.path.lexists(path) and not (record and os.path.lexists(record)):
                        with contextlib.suppress(OSError):
                            path.unlink()


def _temp_owner(name: str) -> str | None:
    """The file a temp file of ``replace_atomically`` was to replace, without ``.json``
    (``.<id>.json.x1y2.tmp``: the project ``<id>``; ``settings``); None for any other temp file."""
    parts = name.split(".")
    if len(parts) == 5 and parts[0] == "" and parts[2] == "json" and parts[4] == "tmp" and parts[1]:
        return parts[1]
    return None


def _is_settings_file(name: str, *store_files: str) -> bool:
    """Whether ``name`` in the data folder is the store's: the settings file, its temp files, the locks."""
    return name in store_files or _temp_owner(name) == "settings"


def remove_if_stale(entry: os.DirEntry[str], now: float) -> None:
    with contextlib.suppress(OSError):
        if now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP_SECONDS:
            os.unlink(entry.path)
