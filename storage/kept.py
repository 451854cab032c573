"""Projects kept decoded between loads: the page opens a project, then the consultant's turn loads it again.

A load reads the stored record and its logs' newest entries, checks them against the bounds, runs
the migrations and validates the whole state: its cost follows what the project holds. When the
store still holds exactly what was last decoded — the backend's fingerprint of the project, the
file's bytes, is unchanged — the next load builds the state from what was kept then instead.
The kept JSON is the decoded state itself, so a state built from it equals one decoded afresh.

Every load gets objects of its own, but for the settled records (answers, clarifying questions:
``models.Settled``, never changed once made), which every load of the project shares: only the lists
holding them are its own. A load that decodes afresh (after a save) takes, for each settled record
equal to one the project was kept with, the kept one. So a load from memory costs what the
project's turn in progress holds, not every answer the project has, and what is worked out from a
settled record (its JSON, its lines in the context package: ``wizard_core.settled``) is worked out
once, on the turn that made it, and looked up on every turn after.

A file backend offers ``fingerprint(project_id) -> Hashable | None`` (None: nothing to compare; the
load reads as before), read before the file, so a write in between can only make a later load miss,
never hit on an older state. A database reads the fingerprint with the record in the load's one
statement, which is told the kept one and then returns neither record nor log rows
(``read_newest(…, unless)``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, NamedTuple

from storage.logs import Baseline, Meta, seen
from wizard_core.log_records import TranscriptFigures
from wizard_core.models import SETTLED_FIELDS, ProjectState, Settled

# Projects kept at once; the least recently loaded are dropped.
MAX_KEPT = 32

Holding = dict[str, Any]  # by field: a list of settled records, or lists of them by item


class _Kept(NamedTuple):
    fingerprint: Hashable
    state_json: bytes  # but the settled fields
    settled: Holding
    log_before: dict[str, int]
    transcript_json: bytes
    meta: Meta  # the logs' description as stored, for the baseline a save compares with (never changed)


class KeptStates:
    """The newest decoded state of each recently loaded project, by id (thread-safe, bounded)."""

    def __init__(self, size: int = MAX_KEPT) -> None:
        self._kept: OrderedDict[str, _Kept] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def fingerprint(self, project_id: str) -> Hashable | None:
        """The fingerprint the project was kept at, if it is kept."""
        with self._lock:
            kept = self._kept.get(project_id)
        return None if kept is None else kept.fingerprint

    def get(self, project_id: str, fingerprint: Hashable) -> tuple[ProjectState, Baseline] | None:
        """A fresh state of the project and its logs' baseline, if it was kept at ``fingerprint``."""
        with self._lock:
            kept = self._kept.get(project_id)
            if kept is None or kept.fingerprint != fingerprint:
                return None
            self._kept.move_to_end(project_id)
        state = ProjectState.model_validate_json(kept.state_json)
        for name, value in _lists_of(kept.settled).items():
            setattr(state, name, value)
        state.log_before = dict(kept.log_before)
        state.transcript = TranscriptFigures.model_validate_json(kept.transcript_json)
        return state, seen(state, kept.meta)

    def keep(self, project_id: str, fingerprint: Hashable, state: ProjectState, meta: Meta) -> None:
        """Keep ``state`` as just decoded (before anyone changed it) from the stored ``fingerprint``; each
        of its settled records equal to one kept before becomes that one (in ``state`` too)."""
        with self._lock:
            before = self._kept.get(project_id)
        if before is not None:
            for name in SETTLED_FIELDS:
                setattr(state, name, _shared(getattr(state, name), before.settled[name]))
        settled = _lists_of({name: getattr(state, name) for name in SETTLED_FIELDS})
        kept = _Kept(
            fingerprint,
            state.model_dump_json(exclude=set(SETTLED_FIELDS)).encode(),
            settled,
            dict(state.log_before),
            state.transcript.model_dump_json().encode(),
            meta,
        )
        with self._lock:
            self._kept[project_id] = kept
            self._kept.move_to_end(project_id)
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)

    def forget(self, project_id: str) -> None:
        with self._lock:
            self._kept.pop(project_id, None)


def _lists_of(settled: Holding) -> Holding:
    """The same records in lists (and dicts) of their own."""
    return {
        name: {key: list(items) for key, items in value.items()} if isinstance(value, dict) else list(value)
        for name, value in settled.items()
    }


def _shared(value: Any, kept: Any) -> Any:
    """``value`` (settled records in a list, or in lists by item) with each record equal to one ``kept``
    holds (made at the same moment, and the same in every field) replaced by that one."""
    made = {_made(record): record for record in _records(kept)}

    def one(record: Settled) -> Settled:
        old = made.get(_made(record))
        return old if old is not None and old == record else record

    if isinstance(value, dict):
        return {key: [one(record) for record in records] for key, records in value.items()}
    return [one(record) for record in value]


def _made(record: Settled) -> tuple[type, object]:
    return type(record), getattr(record, "timestamp", None)


def _records(value: Any) -> list[Any]:
    return [r for records in value.values() for r in records] if isinstance(value, dict) else list(value)
