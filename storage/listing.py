"""The project list: every stored project's summary, searched and paged, reading only changed records.

Summaries are cached by each record's version in memory and, given a ``SummaryIndexFile``, on disk for
the next process (``summary_index.py``), so listing reads only the records that changed. A backend that
keeps each summary beside its record (a database: ``summaries()``) is listed in one query instead.
The list also answers what a create needs of it: whether a name is free.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Hashable

from storage.backend import Backend, Listing, is_valid_id, unopenable
from storage.crypto import SealedError
from storage.records import NotAProject, ProjectSummary, decode, newest_first, summarize, unreadable
from storage.summary_index import SummaryIndexFile
from wizard_core.errors import StorageError, WizardError
from wizard_core.models import ProjectState
from wizard_core.store import ProjectPage, name_key, name_taken

# The summary index is rewritten once this share (1/n) of the listed projects was read fresh.
PERSIST_SHARE = 128

log = logging.getLogger(__name__)


class ProjectList:
    """The summaries of a backend's projects, cached by record version."""

    def __init__(self, backend: Backend, index: SummaryIndexFile | None = None) -> None:
        self.backend = backend
        # Listed projects whose summary could not be read for want of the right key, and files
        # beside the projects that hold none (by version): the list leaves those out.
        self.key_problems: set[str] = set()
        self._foreign: dict[str, Hashable] = {}
        self._summaries: dict[str, tuple[Hashable, ProjectSummary]] = {}
        self._summaries_lock = threading.Lock()
        # The summaries kept on disk for the next process, loaded on the first listing.
        self._index = index
        self._index_loaded = index is None
        self._unsaved = 0  # summaries read fresh since the index was last written

    def page(self, query: str = "", offset: int = 0, limit: int | None = None) -> ProjectPage:
        """Projects whose name contains ``query`` (any case), newest first, ``limit`` from ``offset``.

        An offset past the end gives the last page, so a page that emptied (deletes) still shows some.
        """
        summaries = self.summaries()
        needle = query.strip().casefold()
        if needle:
            summaries = [s for s in summaries if needle in s.name.casefold()]
        total = len(summaries)
        offset = max(0, offset)
        if offset >= total:
            offset = ((total - 1) // limit) * limit if limit and total else 0
        shown = summaries[offset : offset + limit] if limit is not None else summaries[offset:]
        return ProjectPage(shown, total, offset, query.strip())

    def require_free_name(self, state: ProjectState, key_source: str) -> None:
        """NameTaken unless ``state``'s name is free; a refusal if a project's name cannot be read for want
        of the key (``key_source`` says where it is set). Called under the names lock; a damaged project,
        whose name nobody can read, is passed."""
        summaries = [s for s in self.summaries() if s.project_id != state.project_id]
        sealed = [s.project_id for s in summaries if s.project_id in self.key_problems]
        if sealed:
            raise StorageError(
                f"{len(sealed)} of the projects here are encrypted with a key this session does not have, so "
                f"the new name cannot be checked against theirs and nothing was saved. Set {key_source} to "
                "the store's key."
            )
        damaged = [s.project_id for s in summaries if s.error is not None]
        if damaged:
            log.warning("Name of %s not checked: unreadable projects %s", state.project_id, damaged)
        taken = [name_key(s.name) for s in summaries if s.error is None]
        if name_key(state.name) in taken:
            raise name_taken(state.name, taken)

    def some_unopened(self) -> bool:
        """Whether a listed project did not open with this session's key (for the key check)."""
        self.summaries()
        return bool(self.key_problems)

    def stored_ids(self) -> list[str]:
        return sorted(entry.project_id for entry in self.backend.list() if is_valid_id(entry.project_id))

    def summaries(self) -> list[ProjectSummary]:
        """Every project's summary, most recently updated first; unreadable projects carry ``error``."""
        kept = getattr(self.backend, "summaries", None)
        if kept is not None:
            summaries, self.key_problems = kept()
            return newest_first(summaries)
        self._load_index()
        listed = [entry for entry in self.backend.list() if is_valid_id(entry.project_id)]
        with self._summaries_lock:
            cache = self._summaries
            found = [(entry, cache.get(entry.project_id)) for entry in listed]
        summaries = []
        for entry, cached in found:
            if self._foreign.get(entry.project_id, self) == entry.version:
                continue  # a file that holds no project, unchanged since it was read
            summary = cached[1] if cached is not None and cached[0] == entry.version else self._summary(entry)
            if summary is not None:
                summaries.append(summary)
        snapshot = None
        with self._summaries_lock:
            for gone in self._summaries.keys() - {entry.project_id for entry in listed}:
                del self._summaries[gone]
                self.key_problems.discard(gone)
            # Written when a noticeable share was read fresh: a cold start then reads at most that share.
            if self._index is not None and self._unsaved and self._unsaved * PERSIST_SHARE >= len(summaries):
                snapshot, self._unsaved = dict(self._summaries), 0
            sealed = bool(self.key_problems)
        if sealed and self._index is not None:
            # Opened without the key of a store that seals: no index (``TinyDBStorage``), and none kept.
            self._index.remove()
            self._index = None
        elif snapshot is not None and self._index is not None:
            self._index.save(snapshot)
        return newest_first(summaries)

    def _load_index(self) -> None:
        if self._index_loaded or self._index is None:
            return
        kept = self._index.load()
        with self._summaries_lock:
            for project_id, cached in kept.items():
                if cached[1].error is None:  # an unreadable one is read again: its reason may have changed
                    self._summaries.setdefault(project_id, cached)
            self._index_loaded = True

    def _summary(self, entry: Listing) -> ProjectSummary | None:
        """The summary read fresh from the record, and cached under its version; None if deleted."""
        project_id = entry.project_id
        where = self.backend.where(project_id)
        # The version was taken before this read, so a record changed in between is cached
        # under a version it no longer has and is read again next time, never kept stale.
        try:
            stored = self.backend.read(project_id, logs=False)
            if stored is None:
                return None  # deleted since it was listed
            summary = summarize(decode(stored.record, project_id, where))
        except OSError:
            # Not cached: a file that cannot be opened now may open next time.
            return unreadable(project_id, entry.label, entry.modified, str(unopenable(where)))
        except NotAProject:
            self._foreign[project_id] = entry.version
            return None
        except WizardError as exc:
            summary = unreadable(project_id, entry.label, entry.modified, str(exc))
            sealed = isinstance(exc, SealedError)
        else:
            sealed = False
        self._foreign.pop(project_id, None)
        with self._summaries_lock:
            if sealed:
                self.key_problems.add(project_id)
            else:
                self.key_problems.discard(project_id)
            self._summaries[project_id] = (entry.version, summary)
            self._unsaved += 1
        return summary
