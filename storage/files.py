"""File primitives of the file backend: bounded reads of regular files only, atomic replaces, locks.

Nothing here follows a link or waits on a pipe: a project folder may hold anything (a FIFO named
``x.json`` would hang a plain ``open``, a link to ``/dev/zero`` would fill memory), so every file
is opened without following links and without blocking, and refused unless it is a regular file.
What the store writes is the consultant's alone: files are created 0600 and folders 0700.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

FILE_MODE = 0o600
FOLDER_MODE = 0o700


class NotAFile(Exception):
    """A path that exists but is not a regular file of an allowed size; ``str()`` says what it is."""


def kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if stat.S_ISLNK(mode):
        return "it is a link, not a file"
    if stat.S_ISFIFO(mode):
        return "it is a pipe, not a file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a file"
    return "it is a device, not a file"


def open_regular(path: Path, flags: int = os.O_RDONLY, mode: int = FILE_MODE) -> int:
    """A descriptor of the regular file at ``path``; NotAFile for a link, pipe, folder or device.

    Opened without following a link and without blocking (a pipe would wait for a writer).
    """
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, mode)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise NotAFile("it is a link, not a file") from None
        if error.errno == errno.EISDIR:
            raise NotAFile("it is a folder, not a file") from None
        if error.errno in (errno.ENXIO, errno.ENODEV):  # a socket, or a device opened for writing
            raise NotAFile("it is not a regular file") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotAFile(kind(st.st_mode))
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_bounded(path: Path, limit: int, start: int = 0, length: int | None = None) -> bytes | None:
    """Up to ``limit`` bytes of the regular file at ``path`` (None if absent); NotAFile if larger.

    With ``length``, exactly that many bytes from ``start`` (NotAFile if the file is shorter).
    """
    try:
        fd = open_regular(path)
    except FileNotFoundError:
        return None
    try:
        size = os.fstat(fd).st_size
        wanted = size - start if length is None else length
        if wanted > limit:
            raise NotAFile(f"it is larger than {limit // 2**20} MB")
        if start + wanted > size:
            raise NotAFile("it is shorter than the project file says")
        chunks = []
        remaining = wanted
        while remaining > 0:
            chunk = os.pread(fd, min(remaining, 1 << 20), start + wanted - remaining)
            if not chunk:
                raise NotAFile("it is shorter than the project file says")
            chunks.append(chunk)
            remaining -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def private_folder(folder: Path) -> None:
    """Create ``folder`` and any missing parent 0700 (``mkdir(parents=True)`` would make the parents 0755)."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for path in reversed(missing):
        with contextlib.suppress(FileExistsError):  # made meanwhile by another process
            path.mkdir(mode=FOLDER_MODE)


def make_private(path: Path) -> None:
    """Take group and other access off the file or folder at ``path``; a link, pipe or device is left."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return  # a link (ELOOP), gone, or not ours to open
    try:
        st = os.fstat(fd)
        if (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)) and stat.S_IMODE(st.st_mode) & 0o077:
            with contextlib.suppress(OSError):  # not ours: left as it is
                os.fchmod(fd, stat.S_IMODE(st.st_mode) & 0o700)
    finally:
        os.close(fd)


def fsync_dir(directory: Path) -> None:
    """Make a rename or unlink in ``directory`` durable, not only the file's bytes."""
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def replace_atomically(path: Path, payload: bytes) -> None:
    """Write ``payload`` to a temp file in the same folder, fsync it, and rename it over ``path``."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


@contextlib.contextmanager
def exclusive_lock(path: Path, keep: Callable[[], bool]) -> Iterator[None]:
    """Hold an flock on ``path`` (never through a link); on release, remove it unless ``keep()``.

    A fresh descriptor each time, so threads exclude each other too. A lock file removed while
    we waited belongs to nobody any more: start over on the new one.
    """
    while True:
        fd = open_regular(path, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            with contextlib.suppress(FileNotFoundError):
                if os.fstat(fd).st_ino == os.lstat(path).st_ino:
                    break
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    try:
        yield
    finally:
        try:
            if not keep():
                # Still held: waiters see it gone and start over on a fresh lock file.
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
        finally:
            os.close(fd)


@contextlib.contextmanager
def lock_if_free(path: Path) -> Iterator[bool]:
    """Hold the flock on ``path`` if nobody does, without waiting; yields whether nobody holds it.

    An absent lock file is free too (it is never created here). While this holds the lock, no
    writer following ``exclusive_lock`` is inside its critical section, so what such a writer
    leaves behind (a temp file, the lock file itself) belongs to nobody alive.
    """
    try:
        fd = open_regular(path, os.O_RDWR)
    except FileNotFoundError:
        yield True
        return
    except (NotAFile, OSError):
        yield False  # not ours to judge: left alone
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            free = False  # a live process holds it
        else:
            try:
                free = os.fstat(fd).st_ino == os.lstat(path).st_ino
            except FileNotFoundError:
                free = True  # released and removed meanwhile
        yield free
    finally:
        os.close(fd)
