"""What a stored project record means: decoding through migrations, and summaries."""

from __future__ import annotations

from collections.abc import Hashable
from datetime import UTC, datetime
from typing import Any, NamedTuple

from pydantic import ValidationError

from storage.logs import LOGS
from storage.migrations import upgrade, version_of
from wizard_core.errors import CorruptStoreError, StorageError
from wizard_core.log_records import TranscriptFigures

# The list entry is the core's type; storage re-exports it for callers that import it from here.
from wizard_core.models import ProjectState, ProjectSummary
from wizard_core.store import listed_name

# Each log's entries by seq, as a backend keeps them.
Entries = dict[str, dict[int, Any]]


class Stored(NamedTuple):
    """A project as a backend read it: the record, its log entries if asked for, and where its log stands."""

    record: dict[str, Any]
    entries: Entries
    # The backend's own note of what it read (a log file's length, a row's revision), handed back to
    # ``write``, ``read_range`` and ``read_back``.
    position: object = None
    # What changes whenever the record does (a row's revision and transaction id), where the backend
    # read it with the record: a later load passes it as ``unless`` (``kept.py``).
    fingerprint: Hashable = None


class Unchanged:
    """A read asked to skip a record still at the fingerprint it gave (``unless``) found it so."""


UNCHANGED = Unchanged()


class NotAProject(CorruptStoreError):
    """A file beside the projects that holds none (someone's notes.json): an error read, left out listed."""


def corrupt(where: str, reason: str) -> CorruptStoreError:
    """The error for a stored project that cannot be read; ``where`` names it."""
    return CorruptStoreError(
        f"{where} cannot be read ({reason}). "
        "Other projects are unaffected; restore it from a backup or delete it."
    )


def decode(
    record: object,
    project_id: str,
    where: str,
    entries: Entries | None = None,
    tail: dict[str, int] | None = None,
) -> ProjectState:
    """Upgrade and validate a stored record; CorruptStoreError naming ``where`` if it is bad.

    ``entries`` are the record's log entries as the backend keeps them, ``tail`` how many of each
    log's newest the state is to hold (None: all); without entries the state's logs are empty
    (enough for the project list and the revision check).
    """
    if not isinstance(record, dict):
        raise corrupt(where, "it is not a wizard project")
    try:
        version_of(record, where)  # a newer wizard's record is refused before it is read
        assembled, before = assemble(record, entries, tail)
        current = upgrade(assembled, where)
        # The stored id is the project's identity: a copied file opens as the copy.
        current["project_id"] = project_id
        state = ProjectState.model_validate(current)
        state.log_before = before
        figures = (record.get("logs") or {}).get("figures")
        if figures is not None:
            state.transcript = TranscriptFigures.model_validate(figures)
        elif entries is not None and not state.turns_before:  # from before the figures: count them
            state.transcript = TranscriptFigures.of(state.turns)
        return state
    except StorageError:
        raise
    except (ValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise corrupt(where, "it is not a valid wizard project") from exc


def assemble(
    record: dict[str, Any], entries: Entries | None, tail: dict[str, int] | None = None
) -> tuple[dict[str, Any], dict[str, int]]:
    """The record with its live log entries in place of its ``logs`` description (each log's newest
    ``tail[log]`` with a tail), and how many older live entries of each log were left out.

    A record from before the logs were kept apart (schema version 1) holds them inline already.
    """
    meta = record.get("logs")
    if meta is None:
        return record, {}
    full = {key: value for key, value in record.items() if key != "logs"}
    if not _count(meta["written"]):
        raise ValueError("the logs description is not valid")
    before: dict[str, int] = {}
    for name in LOGS:
        start, count = _described(meta, name)
        if entries is None:
            full[name], before[name] = [], count
            continue
        shown = count if tail is None else min(count, tail.get(name, count))
        kept = entries.get(name, {})
        try:
            full[name] = [kept[seq] for seq in range(start + count - shown, start + count)]
        except KeyError:
            raise ValueError(f"entries of the {name} log are missing") from None
        before[name] = count - shown
    return full, {name: count for name, count in before.items() if count}


def _described(meta: dict[str, Any], name: str) -> tuple[int, int]:
    """Where log ``name``'s live entries start and how many there are; a log the record does not name
    (the archive log, in a record from before it) has none."""
    described = meta.get(name)
    if described is None:
        return 0, 0
    start, count = described["start"], described["count"]
    if not (_count(start) and _count(count)):
        raise ValueError(f"the {name} log description is not valid")
    return start, count


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def mark_saved(state: ProjectState, record: dict[str, Any], figures: TranscriptFigures | None = None) -> None:
    """After a successful write, make ``state`` match what is stored (``figures``: the stored figures as
    the save worked them out, a fresh object the state may keep)."""
    state.revision = record["revision"]
    state.transcript = (
        figures if figures is not None else TranscriptFigures.model_validate(record["logs"]["figures"])
    )


def summarize(state: ProjectState) -> ProjectSummary:
    """The list entry for a readable project."""
    return ProjectSummary(
        project_id=state.project_id,
        name=listed_name(state.name),
        complete=state.complete,
        answered=len(state.finalized_answers),
        current_section=state.current_form_section,
        updated_at=aware(state.updated_at),
    )


def unreadable(project_id: str, label: str, modified: datetime, error: str) -> ProjectSummary:
    """The list entry for a project that cannot be read, named by ``label`` as stored."""
    return ProjectSummary(project_id, label, False, 0, None, aware(modified), error)


def aware(moment: datetime) -> datetime:
    """Treat a naive time as UTC so old and new records sort together."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def newest_first(summaries: list[ProjectSummary]) -> list[ProjectSummary]:
    """Sort for the project list; ties broken by id so the order is stable."""
    by_id = sorted(summaries, key=lambda s: s.project_id)
    return sorted(by_id, key=lambda s: s.updated_at, reverse=True)
