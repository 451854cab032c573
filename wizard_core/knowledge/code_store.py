"""Where the consultant's imported code text is kept: a folder of Markdown files, or a database.

Each import is one Markdown text in the knowledge format under a safe name. Search and
expansion read files, so a store that is not a folder is copied into a local folder
(``code_sync.py``) whenever its ``version()`` changes. The version changes with every import
and removal, so a replica can tell cheaply that another replica has imported or removed text.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Protocol

from wizard_core.content import load_knowledge
from wizard_core.errors import ContentError, InputError
from wizard_core.knowledge import imported_index
from wizard_core.knowledge.code_files import FileProblem, read_regular_file

MAX_NAME = 60
# An import is rendered from at most 20 MB of text; a stored text beyond this is not ours.
MAX_TEXT_BYTES = imported_index.MAX_FILE_BYTES
# An import writes its temp file within seconds of its extraction's time budget; older is a crash's.
STALE_TEMP_SECONDS = 600
_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
log = logging.getLogger(__name__)


class CodeTextStore(Protocol):
    """Imported code texts by name; ``version()`` changes whenever any of them is written or removed."""

    @property
    def label(self) -> str:
        """Where the text is kept, safe to show (never a password)."""
        ...

    def names(self) -> list[str]: ...

    def read(self, name: str) -> str | None: ...

    def write(self, name: str, text: str) -> None: ...

    def remove(self, name: str) -> bool: ...

    def version(self) -> str: ...


def safe_name(name: str) -> str:
    """A file-safe import name: 'OBC Compendium (2024)' -> 'obc-compendium-2024'."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:MAX_NAME].strip("-") or "code-text"


def is_safe_name(name: str) -> bool:
    """Whether ``name`` is already a stored name (so it can never reach outside a folder)."""
    return len(name) <= MAX_NAME and _NAME.fullmatch(name) is not None


class FolderCodeTexts:
    """The imports as ``<folder>/<name>.md`` files, each written atomically and checked first."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    @property
    def label(self) -> str:
        return str(self.folder)

    def names(self) -> list[str]:
        remove_stale_temps(self.folder)
        return sorted(p.stem for p in self.folder.glob("*.md") if is_safe_name(p.stem))

    def read(self, name: str) -> str | None:
        if not is_safe_name(name):
            return None
        try:
            return read_regular_file(self.folder / f"{name}.md", MAX_TEXT_BYTES).decode("utf-8")
        except FileProblem as problem:
            if not (self.folder / f"{name}.md").exists():
                return None
            raise InputError(f"The imported code text {name} cannot be read: {problem}.") from None
        except UnicodeDecodeError:
            raise InputError(f"The imported code text {name} is not UTF-8 text.") from None

    def write(self, name: str, text: str) -> None:
        target = self.folder / f"{_checked(name)}.md"
        remove_stale_temps(self.folder)
        write_atomically(target, text)
        reindex(self.folder)

    def remove(self, name: str) -> bool:
        """Delete one import; False if there was none by that name. The search index follows at once."""
        if not is_safe_name(name):
            return False
        path = self.folder / f"{name}.md"
        try:
            path.unlink()
        except FileNotFoundError:
            return False
        except OSError as error:
            raise InputError(f"The import {name} could not be removed ({error.strerror}).") from error
        reindex(self.folder)
        return True

    def version(self) -> str:
        """A digest of the imports' names, sizes and modification times: one listing, no reading."""
        files = []
        for path in sorted(self.folder.glob("*.md")):
            with contextlib.suppress(OSError):
                status = path.stat()
                files.append([path.name, status.st_size, status.st_mtime_ns])
        return hashlib.sha256(json.dumps(files).encode()).hexdigest()[:16]


def _checked(name: str) -> str:
    if not is_safe_name(name):
        raise InputError(f"{name[:80]!r} is not a usable import name; use letters, digits and dashes.")
    return name


def remove_stale_temps(folder: Path, now: float | None = None) -> None:
    """Remove temp files an import or index build left when its process was killed."""
    now = time.time() if now is None else now
    for path in folder.glob(".*.tmp"):
        with contextlib.suppress(OSError):
            if now - path.lstat().st_mtime > STALE_TEMP_SECONDS:
                path.unlink()


def reindex(folder: Path) -> None:
    """Build the search index of the imports now, so the next command only opens it."""
    try:
        if any(folder.glob("*.md")):
            imported_index.build(folder).close()
        else:
            (folder / imported_index.INDEX_NAME).unlink(missing_ok=True)
    except Exception as error:  # the index is rebuilt when next opened; the import itself stands
        log.warning("Could not index the imports in %s: %r", folder, error)


def check_text(text: str) -> None:
    """InputError unless ``text`` reads back as code text (for a store that is not a folder)."""
    with tempfile.TemporaryDirectory(prefix="wizard-check-") as folder:
        write_atomically(Path(folder) / "check.md", text)


def write_atomically(target: Path, text: str) -> None:
    """Write via a temporary file that is checked, then renamed over the target."""
    temporary: Path | None = None
    try:
        private_folder(target.parent)
        # mkstemp makes the file 0600, and the rename keeps it so: the code text is the consultant's.
        descriptor, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}-", suffix=".tmp")
        temporary = Path(name)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        load_knowledge(temporary)  # the file must read back as knowledge before it replaces anything
        os.replace(temporary, target)
    except (OSError, ContentError) as error:
        log.warning("Import into %s failed: %r", target, error)
        raise InputError(f"The import could not be saved in {target.parent}: {error}") from error
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)


def private_folder(folder: Path) -> None:
    """Make ``folder`` and any missing parents readable by this user alone (0700), and tighten ``folder``
    itself if it was there already; parents that were there are left as they are."""
    missing = []
    path = folder
    while not path.is_dir() and path != path.parent:
        missing.append(path)
        path = path.parent
    for path in reversed(missing):
        try:
            path.mkdir(mode=0o700)
        except FileExistsError:
            continue  # made meanwhile by another process
        os.chmod(path, 0o700)  # whatever the umask
    with contextlib.suppress(OSError):  # a folder of another user's: the files are still 0600
        if folder.stat().st_mode & 0o077:
            os.chmod(folder, 0o700)


def copy_texts(source: CodeTextStore, destination: CodeTextStore) -> str:
    """Copy every import whose name is free in ``destination``; what was done, in counts.

    As with projects, an import already there and equal is counted, and one that differs is
    reported and left as it is, so running the copy twice copies nothing the second time.
    """
    copied, there, differing, unreadable = 0, 0, [], []
    for name in source.names():
        try:
            text = source.read(name)
            if text is None:
                continue
            existing = destination.read(name)
            if existing == text:
                there += 1
            elif existing is not None:
                differing.append(name)
            else:
                destination.write(name, text)
                copied += 1
        except InputError as error:
            log.warning("Not copying imported code text %s: %s", name[:80], error)
            unreadable.append(name[:80])
    lines = [
        f"Code text: {copied} copied, {there} already there, {len(differing)} differing, "
        f"{len(unreadable)} unreadable."
    ]
    lines += [f"  differing (left as it is in the destination): {name}" for name in differing]
    lines += [f"  unreadable: {name}" for name in unreadable]
    return "\n".join(lines)
