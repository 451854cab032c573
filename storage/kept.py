"""Projects kept decoded between loads: the page opens a project, then the consultant's turn loads it again.

A load reads the stored record and its logs' newest entries, checks them against the bounds, runs
the migrations and validates the whole state: its cost follows what the project holds. When the
store still holds exactly what was last decoded — the backend's fingerprint of the project, the
file's bytes, is unchanged — the next load builds the state from what was kept then instead.
The kept JSON is the decoded state itself, so a state built from it equals one decoded afresh.

Every load gets objects of its own, but for the settled records (answers, clarifying questions:
``models.Settled``, never changed once made), the turns that have ended (only a pending turn, the one
in progress, is ever written to) and the turn log's figures (a save brings a copy up to date), which
every load of the project shares: only the lists holding them are its own. With
``WIZARD_CHECK_SETTLED=1`` (the test suite) a load compares the shared turns and figures with their
JSON when kept, so a change made in place cannot pass unseen. A load that decodes afresh (after a
save) takes, for each settled record equal to one the project was kept with, the kept one, and
likewise each item's messages in the figures (``wizard_core.carried`` reads them). So a
load from memory costs what the project's turn in progress holds, not every answer the project has,
and what is worked out from a settled record (its JSON, its lines in the context package:
``wizard_core.settled``) is worked out once, on the turn that made it, and looked up on every turn
after.

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
from wizard_core.log_records import TranscriptFigures, TurnRecord
from wizard_core.models import SETTLED_FIELDS, ProjectState, Settled
from wizard_core.settled import CHECKING, ChangedInPlace

# Projects kept at once; the least recently loaded are dropped.
MAX_KEPT = 32

Holding = dict[str, Any]  # by field: a list of settled records, or lists of them by item


class _Kept(NamedTuple):
    fingerprint: Hashable
    state_json: bytes  # but the settled fields and the turns
    settled: Holding
    turns: tuple[TurnRecord | bytes, ...]  # an ended turn shared, a pending one as JSON
    log_before: dict[str, int]
    transcript: TranscriptFigures
    meta: Meta  # the logs' description as stored, for the baseline a save compares with (never changed)
    checked: tuple[bytes, ...] = ()  # with CHECKING: the turns and figures as kept, to compare


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
        if CHECKING and _checked(kept.turns, kept.transcript) != kept.checked:
            raise ChangedInPlace(f"An ended turn or the figures of project {project_id} changed in place")
        state = ProjectState.model_validate_json(kept.state_json)
        for name, value in _lists_of(kept.settled).items():
            setattr(state, name, value)
        state.turns = [_turn(t) for t in kept.turns]
        state.log_before = dict(kept.log_before)
        state.transcript = kept.transcript
        return state, seen(state, kept.meta)

    def keep(self, project_id: str, fingerprint: Hashable, state: ProjectState, meta: Meta) -> None:
        """Keep ``state`` as just decoded (before anyone changed it) from the stored ``fingerprint``; each
        of its settled records equal to one kept before becomes that one (in ``state`` too)."""
        with self._lock:
            before = self._kept.get(project_id)
        if before is not None:
            for name in SETTLED_FIELDS:
                setattr(state, name, _shared(getattr(state, name), before.settled[name]))
            # An item's messages as the figures keep them, if the same as before: the list kept then
            # (a save replaces an item's list, never changes one).
            said = state.transcript.said
            said.update((item, old) for item, old in before.transcript.said.items() if said.get(item) == old)
        settled = _lists_of({name: getattr(state, name) for name in SETTLED_FIELDS})
        turns = tuple(t if t.status != "pending" else t.model_dump_json().encode() for t in state.turns)
        kept = _Kept(
            fingerprint,
            state.model_dump_json(exclude={*SETTLED_FIELDS, "turns"}).encode(),
            settled,
            turns,
            dict(state.log_before),
            state.transcript,
            meta,
            _checked(turns, state.transcript) if CHECKING else (),
        )
        with self._lock:
            self._kept[project_id] = kept
            self._kept.move_to_end(project_id)
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)

    def forget(self, project_id: str) -> None:
        with self._lock:
            self._kept.pop(project_id, None)


def _checked(turns: tuple[TurnRecord | bytes, ...], transcript: TranscriptFigures) -> tuple[bytes, ...]:
    """The shared turns and figures as JSON, to tell a change made in place (``WIZARD_CHECK_SETTLED``)."""
    shared = [t for t in turns if isinstance(t, TurnRecord)]
    return tuple(x.model_dump_json().encode() for x in (*shared, transcript))


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


def _turn(kept: TurnRecord | bytes) -> TurnRecord:
    """A kept turn: the shared one if it has ended, a fresh one from its JSON if it is in progress."""
    return kept if isinstance(kept, TurnRecord) else TurnRecord.model_validate_json(kept)
