"""Projects kept decoded between loads: the page opens a project, then the consultant's turn loads it again.

A load reads the stored record and its logs' newest entries, checks them against the bounds, runs
the migrations and validates the whole state: its cost follows what the project holds. When the
store still holds exactly what was last decoded — the backend's fingerprint of the project, a digest
of the file's bytes, is unchanged — the next load builds the state from the JSON kept at that load
instead. The kept JSON is the decoded state itself, so a state built from it equals one decoded
afresh, and every load gets objects of its own.

A file backend offers ``fingerprint(project_id) -> Hashable | None`` (None: nothing to compare; the
load reads as before), read before the file, so a write in between can only make a later load miss,
never hit on an older state. A database reads the fingerprint with the record in the load's one
statement, which is told the kept one and then returns neither record nor log rows
(``read_newest(…, unless)``).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import NamedTuple

from storage.logs import Baseline, Meta, seen
from wizard_core.log_records import TranscriptFigures
from wizard_core.models import ProjectState

# Projects kept at once; the least recently loaded are dropped.
MAX_KEPT = 32


class _Kept(NamedTuple):
    fingerprint: Hashable
    state_json: bytes
    log_before: dict[str, int]
    transcript_json: bytes
    meta_json: bytes  # the logs' description as stored, for the baseline a save compares with


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
        state.log_before = dict(kept.log_before)
        state.transcript = TranscriptFigures.model_validate_json(kept.transcript_json)
        return state, seen(state, json.loads(kept.meta_json))

    def keep(self, project_id: str, fingerprint: Hashable, state: ProjectState, meta: Meta) -> None:
        """Keep ``state`` as just decoded (before anyone changed it) from the stored ``fingerprint``."""
        kept = _Kept(
            fingerprint,
            state.model_dump_json().encode(),
            dict(state.log_before),
            state.transcript.model_dump_json().encode(),
            json.dumps(meta).encode(),
        )
        with self._lock:
            self._kept[project_id] = kept
            self._kept.move_to_end(project_id)
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)

    def forget(self, project_id: str) -> None:
        with self._lock:
            self._kept.pop(project_id, None)
