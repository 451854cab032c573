"""What a save writes of a project's turn and reasoning logs: only what is new since it was loaded.

The logs are kept apart from the project record, as entries numbered by ``seq``; the record says
which are live (``{"turns": {"start": s, "count": n}, ..., "written": w}``). A store remembers,
for each state it loaded or saved, the entries it saw then (``Seen``), so a save writes the
entries added since and the last one seen if it changed in place (a pending turn completing) —
its cost does not grow with the project's age. Entries before the last one seen are final: the
core appends turns and decisions and drops old decisions from the front, and changes only the
latest turn. A list changed any other way, or a state the store has not seen, is written whole
(``restart``), as is a log whose dead entries outgrow its live ones.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from wizard_core.models import ProjectState

LOGS = ("turns", "decisions")
# A log is rewritten when the entries written since the last rewrite pass twice the live ones plus this.
COMPACT_SLACK = 64
Meta = dict[str, Any]


@dataclass(frozen=True)
class Seen:
    """One log as a state held it when last loaded or saved: its entries and the last one's JSON."""

    entries: tuple[BaseModel, ...]
    tail: dict[str, Any] | None


@dataclass(frozen=True)
class Baseline:
    """What a store knows a state's logs looked like, at the revision it was loaded or saved at."""

    revision: int
    meta: Meta
    logs: dict[str, Seen]


@dataclass(frozen=True)
class LogWrite:
    """The log entries one save writes, and the record's new ``logs`` description."""

    entries: dict[str, list[tuple[int, dict[str, Any]]]]
    restart: bool  # the entries are the whole logs: every other stored entry is dead
    meta: Meta

    def baseline(self, state: ProjectState, revision: int) -> Baseline:
        """What the store knows after this write succeeded."""
        seen: dict[str, Seen] = {}
        for name in LOGS:
            items = getattr(state, name)
            written = self.entries[name]
            tail: dict[str, Any] | None
            if items and written and written[-1][0] == self.meta[name]["start"] + len(items) - 1:
                tail = written[-1][1]  # already dumped for the write
            else:
                tail = items[-1].model_dump(mode="json") if items else None
            seen[name] = Seen(tuple(items), tail)
        return Baseline(revision, self.meta, seen)


def seen(state: ProjectState, meta: Meta) -> Baseline:
    """The baseline of a state just loaded with ``meta``."""
    logs = {
        name: Seen(tuple(items), items[-1].model_dump(mode="json") if items else None)
        for name in LOGS
        for items in [getattr(state, name)]
    }
    return Baseline(state.revision, meta, logs)


def plan(state: ProjectState, base: Baseline | None, stored: Meta | None) -> LogWrite:
    """The entries to write for ``state``, given what was seen and what the store now holds."""
    if base is None or stored is None or base.revision != state.revision or base.meta != stored:
        return rewrite(state)
    entries: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    meta: Meta = {}
    written = int(stored["written"])
    for name in LOGS:
        items: list[BaseModel] = getattr(state, name)
        step = _changes(items, base.logs[name])
        if step is None:
            return rewrite(state)
        dropped, first_changed = step
        start = int(stored[name]["start"]) + dropped
        entries[name] = [
            (start + i, items[i].model_dump(mode="json")) for i in range(first_changed, len(items))
        ]
        meta[name] = {"start": start, "count": len(items)}
        written += len(entries[name])
    live = sum(len(getattr(state, name)) for name in LOGS)
    if written > 2 * live + COMPACT_SLACK:
        return rewrite(state)
    meta["written"] = written
    return LogWrite(entries, False, meta)


def rewrite(state: ProjectState) -> LogWrite:
    """Every live entry, numbered from 0."""
    entries = {
        name: [(i, item.model_dump(mode="json")) for i, item in enumerate(getattr(state, name))]
        for name in LOGS
    }
    meta: Meta = {name: {"start": 0, "count": len(entries[name])} for name in LOGS}
    meta["written"] = sum(len(e) for e in entries.values())
    return LogWrite(entries, True, meta)


def _changes(items: Sequence[BaseModel], seen: Seen) -> tuple[int, int] | None:
    """How many seen entries were dropped from the front, and the first index to write; None: rewrite."""
    old = seen.entries
    if not old:
        return 0, 0
    if not items:
        return len(old), 0
    dropped = next((k for k, entry in enumerate(old) if entry is items[0]), None)
    if dropped is None:
        return None  # not the seen list with entries dropped from the front
    overlap = min(len(old) - dropped, len(items))
    kept = old[dropped : dropped + overlap]
    if not all(map(operator.is_, items[:overlap], kept)):
        return dropped, next(i for i in range(overlap) if items[i] is not kept[i])
    if overlap == len(old) - dropped and items[overlap - 1].model_dump(mode="json") != seen.tail:
        return dropped, overlap - 1  # the last entry seen changed in place
    return dropped, overlap
