"""Keeping a replica's knowledge at the version of the store that holds the imported code text.

A store that is not the searched folder itself (a database) is copied into that folder when its
version moves; the knowledge base then re-reads the folder in place.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path

from wizard_core.errors import InputError, WizardError
from wizard_core.knowledge.code_files import FileProblem, read_regular_file
from wizard_core.knowledge.code_store import (
    MAX_TEXT_BYTES,
    CodeTextStore,
    FolderCodeTexts,
    is_safe_name,
    private_folder,
    remove_stale_temps,
    write_atomically,
)

# How stale a replica's knowledge may be after another replica imports: one cheap query per period.
REFRESH_SECONDS = 5.0
log = logging.getLogger(__name__)


class CodeTextSync:
    """Keeps a knowledge base at the store's version, asking the store at most once per ``interval``.

    When the version differs, a store that is not the indexed folder itself is copied into it
    (``mirror``) and ``reload`` re-reads the folder. A store that cannot be reached keeps the
    text already in use, and is asked again next time.
    """

    def __init__(
        self,
        store: CodeTextStore,
        folder: Path,
        reload: Callable[[], None],
        version: str,
        *,
        interval: float = REFRESH_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store, self.folder, self.reload = store, Path(folder), reload
        self.version, self.interval, self.clock = version, interval, clock
        self.problems: list[str] = []
        self._checked = clock()
        self._lock = threading.Lock()

    @property
    def copies(self) -> bool:
        """Whether the store is kept elsewhere and copied into the indexed folder."""
        return not (isinstance(self.store, FolderCodeTexts) and self.store.folder == self.folder)

    def check(self, force: bool = False) -> bool:
        """Reload if the text changed since the last look; True if it did."""
        if not force and self.clock() - self._checked < self.interval:
            return False
        with self._lock:
            self._checked = self.clock()
            try:
                version = self.store.version()
                if version == self.version:
                    return False
                if self.copies:
                    self.problems = mirror(self.store, self.folder)
            except WizardError as error:
                log.warning("Could not look for new code text in %s: %s", self.store.label, error)
                return False
            self.reload()
            self.version = version
            return True


def mirror(store: CodeTextStore, folder: Path) -> list[str]:
    """Make ``folder`` hold exactly the store's texts; a message for each that could not be copied.

    Only texts that differ are rewritten, so an unchanged import keeps its file (and the search
    index its stamp). A name that is not a safe name, or a text that does not read as code
    text, is left out and named, never written.
    """
    private_folder(folder)
    wanted, problems = set(), []
    for name in store.names():
        if not is_safe_name(name):
            log.warning("Not copying imported code text with an unusable name %r", name[:80])
            problems.append(f"The imported code text {name[:80]!r} has an unusable name; it is not used.")
            continue
        target = folder / f"{name}.md"
        try:
            text = store.read(name)
            if text is None:
                continue  # removed while we copied; the next version says so
            wanted.add(target.name)
            if _same(target, text):
                continue
            write_atomically(target, text)
        except InputError as error:
            log.warning("Not copying imported code text %s: %s", name, error)
            wanted.discard(target.name)
            problems.append(f"The imported code text {name} could not be copied here: {error}")
    for path in folder.glob("*.md"):
        if path.name not in wanted:
            with contextlib.suppress(OSError):
                path.unlink()
    remove_stale_temps(folder)
    return problems


def _same(target: Path, text: str) -> bool:
    try:
        return read_regular_file(target, MAX_TEXT_BYTES) == text.encode("utf-8")
    except FileProblem:
        return False
