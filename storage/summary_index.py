"""The project list's summaries kept on disk, so a fresh process lists 10 000 projects without reading them.

Each entry is keyed by the record's version as the backend lists it (a file's inode, mtime and
size), so an entry is used only while its record is unchanged: the index can lag behind the
records, never mislead. A missing, torn or foreign index is treated as empty and rebuilt.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Hashable
from datetime import datetime
from pathlib import Path
from typing import Any

from storage.files import NotAFile, read_bounded
from wizard_core.models import ProjectSummary

FORMAT = 1
# Some 200 bytes a project: 10 000 projects make about 2 MB.
MAX_INDEX_BYTES = 64 * 2**20
log = logging.getLogger(__name__)

# A project's summary and the version of the record it was made from.
Cached = tuple[Hashable, ProjectSummary]


class SummaryIndexFile:
    """One JSON file of summaries by project id; reading never fails, writing is best effort."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> dict[str, Cached]:
        """Every well-formed entry; an unreadable file or entry is left out (its record is read instead)."""
        try:
            data = read_bounded(self.path, MAX_INDEX_BYTES)
            parsed = json.loads(data) if data is not None else None
        except (OSError, NotAFile, ValueError) as error:
            log.warning("The project summary index %s is not usable (%s); rebuilding it.", self.path, error)
            return {}
        if not isinstance(parsed, dict) or parsed.get("format") != FORMAT:
            return {}
        entries = parsed.get("projects")
        kept: dict[str, Cached] = {}
        for project_id, entry in entries.items() if isinstance(entries, dict) else ():
            with contextlib.suppress(KeyError, TypeError, ValueError):
                kept[project_id] = (_hashable(entry["version"]), _summary(project_id, entry))
        return kept

    def save(self, summaries: dict[str, Cached]) -> None:
        """Replace the file with ``summaries``; a failure only means the next cold start reads more."""
        projects = {
            project_id: {"version": version, **_fields(summary)}
            for project_id, (version, summary) in summaries.items()
            if _is_json(version)
        }
        payload = json.dumps({"format": FORMAT, "projects": projects}, separators=(",", ":")).encode()
        tmp = None
        try:
            # No fsync: a torn or lost index is caught on reading and costs only a rebuild.
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
            with os.fdopen(fd, "wb") as handle:
                handle.write(payload)
            os.replace(tmp, self.path)
            tmp = None
        except OSError as error:
            log.warning("The project summary index %s could not be written (%s).", self.path, error)
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    def remove(self) -> None:
        """Remove the file, if any (a store that seals keeps none: it would hold names in the clear)."""
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        except OSError as error:
            log.warning("The project summary index %s could not be removed (%s).", self.path, error)


def _fields(summary: ProjectSummary) -> dict[str, Any]:
    return {
        "name": summary.name,
        "complete": summary.complete,
        "answered": summary.answered,
        "current_section": summary.current_section,
        "updated_at": summary.updated_at.isoformat(),
        "error": summary.error,
    }


def _summary(project_id: str, entry: dict[str, Any]) -> ProjectSummary:
    name, complete, answered = entry["name"], entry["complete"], entry["answered"]
    section, error = entry["current_section"], entry["error"]
    updated = datetime.fromisoformat(entry["updated_at"])
    well_formed = (
        isinstance(name, str)
        and isinstance(complete, bool)
        and isinstance(answered, int)
        and isinstance(section, str | None)
        and isinstance(error, str | None)
        and updated.tzinfo is not None
    )
    if not well_formed:
        raise ValueError(project_id)
    return ProjectSummary(project_id, name, complete, answered, section, updated, error)


def _hashable(version: object) -> Hashable:
    """A version as read back from JSON: lists become tuples again."""
    if isinstance(version, list):
        return tuple(_hashable(part) for part in version)
    if isinstance(version, dict):
        raise TypeError("a version is never a mapping")
    return version  # type: ignore[return-value]


def _is_json(version: object) -> bool:
    """Whether ``version`` survives a JSON round trip as itself (a backend's own objects do not)."""
    if isinstance(version, tuple):
        return all(_is_json(part) for part in version)
    return isinstance(version, str | int | float | bool) or version is None
