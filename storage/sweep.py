"""What killed processes left in a folder store, removed when it is opened, and older files made private.

Safe against live processes by the lock protocol (``files.lock_if_free``): a project's temp file is
only ever written by a writer holding ``<id>.lock``, so one whose lock nobody holds is a dead
writer's; a lock file nobody holds, with no project beside it, is a dead create's (a failed
``new``). The lock is taken without waiting, so a held one is simply left for the next opening. A
temp file written under no lock (the summary index's) goes only when it is older than any live
write (``STALE_TEMP_SECONDS``). Files and folders an earlier version wrote readable by others are
made 0600 and 0700.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Collection
from pathlib import Path

from storage.files import lock_if_free, make_private

# A temp or log file this old belongs to a writer that died; live writers finish within milliseconds.
STALE_TEMP_SECONDS = 3600
SETTINGS = "settings"  # the settings file's stem: its lock is ``settings.lock``


def sweep(
    directory: Path, settings_path: Path, project_path: Callable[[str], Path], settings_files: Collection[str]
) -> None:
    """Remove dead processes' temp and lock files from the projects ``directory`` and, of the data folder,
    from the store's own files (``settings_files`` and the settings file's temp files)."""
    now = time.time()
    make_private(directory)
    owners: tuple[tuple[Path, Callable[[str], Path] | None], ...] = (
        (directory, project_path),
        (settings_path.parent, None),
    )
    for folder, owner_of in owners:
        try:
            with os.scandir(folder) as scan:
                entries = list(scan)
        except OSError:
            continue
        for entry in entries:
            if owner_of is None and not (entry.name in settings_files or temp_owner(entry.name) == SETTINGS):
                continue  # the data folder holds more than the store's files
            path = Path(entry.path)
            with contextlib.suppress(OSError):  # an lstat, not an open, for each of 10 000 files
                if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mode & 0o077:
                    make_private(path)
            if entry.name.endswith(".tmp"):
                owner = temp_owner(entry.name)
                if owner is None:
                    remove_if_stale(entry, now)
                    continue
                lock = folder / f"{SETTINGS if owner_of is None else owner}.lock"
                with lock_if_free(lock) as free:
                    if free:
                        with contextlib.suppress(OSError):
                            path.unlink()
            elif entry.name.endswith(".lock"):
                stem = entry.name.removesuffix(".lock")
                record = owner_of(stem) if owner_of else settings_path if stem == SETTINGS else None
                with lock_if_free(path) as free:
                    if free and os.path.lexists(path) and not (record and os.path.lexists(record)):
                        with contextlib.suppress(OSError):
                            path.unlink()


def temp_owner(name: str) -> str | None:
    """The file a temp file of ``replace_atomically`` was to replace, without ``.json``
    (``.<id>.json.x1y2.tmp``: the project ``<id>``; ``settings``); None for any other temp file."""
    parts = name.split(".")
    if len(parts) == 5 and parts[0] == "" and parts[2] == "json" and parts[4] == "tmp" and parts[1]:
        return parts[1]
    return None


def remove_if_stale(entry: os.DirEntry[str], now: float) -> None:
    with contextlib.suppress(OSError):
        if now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP_SECONDS:
            os.unlink(entry.path)
