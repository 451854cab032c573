"""What a stored project record means: decoding through migrations, and summaries."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from storage.logs import LOGS
from storage.migrations import upgrade, version_of
from wizard_core.errors import CorruptStoreError, StorageError

# The list entry is the core's type; storage re-exports it for callers that import it from here.
from wizard_core.models import ProjectState, ProjectSummary
from wizard_core.store import listed_name

# Each log's entries by seq, as a backend keeps them.
Entries = dict[str, dict[int, Any]]


class NotAProject(CorruptStoreError):
    """A file beside the projects that holds none (someone's notes.json): an error read, left out listed."""


def corrupt(where: str, reason: str) -> CorruptStoreError:
    """The error for a stored project that cannot be read; ``where`` names it."""
    return CorruptStoreError(
        f"{where} cannot be read ({reason}). "
        "Other projects are unaffected; restore it from a backup or delete it."
    )


def decode(record: object, project_id: str, where: str, entries: Entries | None = None) -> ProjectState:
    """Upgrade and validate a stored record; CorruptStoreError naming ``where`` if it is bad.

    ``entries`` are the record's log entries as the backend keeps them; without them the
    state's logs are empty (enough for the project list and the revision check).
    """
    if not isinstance(record, dict):
        raise corrupt(where, "it is not a wizard project")
    try:
        version_of(record, where)  # a newer wizard's record is refused before it is read
        current = upgrade(assemble(record, entries), where)
        # The stored id is the project's identity: a copied file opens as the copy.
        current["project_id"] = project_id
        return ProjectState.model_validate(current)
    except StorageError:
        raise
    except (ValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise corrupt(where, "it is not a valid wizard project") from exc


def assemble(record: dict[str, Any], entries: Entries | None) -> dict[str, Any]:
    """The record with its live log entries in place of its ``logs`` description.

    A record from before the logs were kept apart (schema version 1) holds them inline already.
    """
    meta = record.get("logs")
    if meta is None:
        return record
    full = {key: value for key, value in record.items() if key != "logs"}
    if not _count(meta["written"]):
        raise ValueError("the logs description is not valid")
    for name in LOGS:
        start, count = meta[name]["start"], meta[name]["count"]
        if not (_count(start) and _count(count)):
            raise ValueError(f"the {name} log description is not valid")
        if entries is None:
            full[name] = []
            continue
        kept = entries.get(name, {})
        try:
            full[name] = [kept[seq] for seq in range(start, start + count)]
        except KeyError:
            raise ValueError(f"entries of the {name} log are missing") from None
    return full


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def mark_saved(state: ProjectState, record: dict[str, Any]) -> None:
    """After a successful write, make ``state`` match what is stored."""
    state.revision = record["revision"]


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
