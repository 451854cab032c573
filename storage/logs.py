"""What a save writes of a project's logs (turns, decisions, archive): only what is new since it was loaded.

The logs are kept apart from the project record, as entries numbered by ``seq``; the record says
which are live and what the turn log adds up to (``{"turns": {"start": s, "count": n}, ...,
"written": w, "figures": {...}}``, ``TranscriptFigures``). A state holds only each log's newest
entries (``TAIL`` of them when loaded; ``state.log_before`` counts the older ones), so a load costs
the same at any age. A store remembers, for each state it loaded or saved, the entries it saw
then (``Seen``), so a save writes the entries added since and the last one seen if it changed in
place (a pending turn completing), and brings the figures up to date from them alone — its cost
does not grow with the project's age. Entries before the last one seen are final: the core
appends turns and decisions (dropping old decisions from the front only of a log it holds whole),
and changes only the latest turn. A list changed any other way, or a state the store has not
seen, is written whole (``restart``), as is a log whose dead entries outgrow its live ones; the
older entries a state does not hold are then read from the store (``older``) and written with it.
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from wizard_core.errors import StorageError
from wizard_core.log_records import TranscriptFigures, TurnRecord
from wizard_core.models import ProjectState

LOGS = ("turns", "decisions", "archive")
# How many of each log's newest entries a project is loaded with: the turns the chat shows of the
# current item (its newest 20, the latest turn among them) and the recent decisions the page lists.
# The rest are read when a person opens them (``log_reads.py``); the archive log only then.
TAIL = {"turns": 20, "decisions": 10, "archive": 0}
# A log is rewritten when the entries written since the last rewrite pass twice the live ones plus this.
COMPACT_SLACK = 64
Meta = dict[str, Any]
# Each log's live entries older than a state holds (``state.log_before``), oldest first, as stored.
Older = Callable[[], dict[str, list[dict[str, Any]]]]


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
    # What ``meta["figures"]`` describes, as the state was given it (never changed in place), if known.
    figures: TranscriptFigures | None = None


@dataclass(frozen=True)
class LogWrite:
    """The log entries one save writes, and the record's new ``logs`` description."""

    entries: dict[str, list[tuple[int, dict[str, Any]]]]
    restart: bool  # the entries are the whole logs: every other stored entry is dead
    meta: Meta
    # What ``meta["figures"]`` describes, as the state holds it once the write succeeded (None: read it
    # from the description).
    figures: TranscriptFigures | None = None

    def baseline(self, state: ProjectState, revision: int) -> Baseline:
        """What the store knows after this write succeeded."""
        seen: dict[str, Seen] = {}
        for name in LOGS:
            items = getattr(state, name)
            written = self.entries[name]
            tail: dict[str, Any] | None
            last = self.meta[name]["start"] + self.meta[name]["count"] - 1
            if items and written and written[-1][0] == last:
                tail = written[-1][1]  # already dumped for the write
            else:
                tail = items[-1].model_dump(mode="json") if items else None
            seen[name] = Seen(tuple(items), tail)
        return Baseline(revision, self.meta, seen, self.figures)


class Baselines:
    """What each live state's logs looked like when loaded or last saved, by the state (while it lives)."""

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[weakref.ref[ProjectState], Baseline]] = {}

    def remember(self, state: ProjectState, baseline: Baseline) -> None:
        key, kept = id(state), self._by_id

        def forget(ref: weakref.ref[ProjectState]) -> None:
            # Runs when the state is collected, possibly inside another call: no lock, only atomic dict ops.
            if (entry := kept.get(key)) is not None and entry[0] is ref:
                kept.pop(key, None)

        kept[key] = (weakref.ref(state, forget), baseline)

    def of(self, state: ProjectState) -> Baseline | None:
        entry = self._by_id.get(id(state))
        return entry[1] if entry is not None and entry[0]() is state else None


def seen(state: ProjectState, meta: Meta) -> Baseline:
    """The baseline of a state just loaded with ``meta``."""
    logs = {
        name: Seen(tuple(items), items[-1].model_dump(mode="json") if items else None)
        for name in LOGS
        for items in [getattr(state, name)]
    }
    return Baseline(state.revision, meta, logs, state.transcript)


def plan(
    state: ProjectState, base: Baseline | None, stored: Meta | None, older: Older | None = None
) -> LogWrite:
    """The entries to write for ``state``, given what was seen and what the store now holds.

    ``older`` reads the live entries before those the state holds, for a rewrite (a state loaded in part).
    """
    if base is None or stored is None or base.revision != state.revision or base.meta != stored:
        return rewrite(state, older)
    entries: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    meta: Meta = {}
    written = int(stored["written"])
    steps: dict[str, tuple[int, int]] = {}
    for name in LOGS:
        items: list[BaseModel] = getattr(state, name)
        before = state.log_before.get(name, 0)
        step = _changes(items, base.logs[name])
        if step is None or (step[0] and before):
            return rewrite(state, older)  # changed otherwise than at the end, or dropped amid the log
        dropped, first_changed = step
        start = _live(stored, name)[0] + dropped
        entries[name] = [
            (start + before + i, items[i].model_dump(mode="json")) for i in range(first_changed, len(items))
        ]
        meta[name] = {"start": start, "count": before + len(items)}
        written += len(entries[name])
        steps[name] = step
    live = sum(meta[name]["count"] for name in LOGS)
    if written > 2 * live + COMPACT_SLACK:
        return rewrite(state, older)
    meta["written"] = written
    figures = _figures(state, base, stored, steps["turns"], older)
    meta["figures"] = figures.model_dump(mode="json")
    return LogWrite(entries, False, meta, figures)


def rewrite(state: ProjectState, older: Older | None = None) -> LogWrite:
    """Every live entry, numbered from 0: the older ones ``older`` reads, then the state's."""
    earlier = _earlier(state, older)
    entries = {
        name: list(
            enumerate(earlier.get(name, []) + [item.model_dump(mode="json") for item in getattr(state, name)])
        )
        for name in LOGS
    }
    meta: Meta = {name: {"start": 0, "count": len(entries[name])} for name in LOGS}
    meta["written"] = sum(len(e) for e in entries.values())
    turns = [TurnRecord.model_validate(turn) for turn in earlier.get("turns", [])] + state.turns
    figures = TranscriptFigures.of(turns)
    meta["figures"] = figures.model_dump(mode="json")
    return LogWrite(entries, True, meta, figures)


def _live(meta: Meta, name: str) -> tuple[int, int]:
    """The first live seq of log ``name`` and how many are live (a log the record does not name: none)."""
    described = meta.get(name)
    return (int(described["start"]), int(described["count"])) if described else (0, 0)


def _earlier(state: ProjectState, older: Older | None) -> dict[str, list[dict[str, Any]]]:
    """The live entries before those ``state`` holds, by log; StorageError if they cannot be had."""
    wanted = {name: count for name, count in state.log_before.items() if count and name in LOGS}
    if not wanted:
        return {}
    got = older() if older is not None else {}
    if any(len(got.get(name, [])) != count for name, count in wanted.items()):
        raise StorageError(
            "The project could not be saved: this copy holds only its newest turns, and the turns before "
            "them could not be read to go with it. Nothing was saved; open the project again and retry."
        )
    return got


def _figures(
    state: ProjectState, base: Baseline, stored: Meta, step: tuple[int, int], older: Older | None
) -> TranscriptFigures:
    """What the turn log adds up to after this save: the stored figures brought up to date with the turns
    written (the last one seen, if written again, taken out first), or counted afresh when that cannot be."""
    dropped, changed = step
    seen = base.logs["turns"]
    first = state.log_before.get("turns", 0)  # the place in the transcript of state.turns[0]
    kept = stored.get("figures")
    if kept is None or dropped or changed < len(seen.entries) - 1:
        earlier = _earlier(state, older).get("turns", [])
        return TranscriptFigures.of([TurnRecord.model_validate(t) for t in earlier] + state.turns)
    if base.figures is not None and state.transcript is base.figures:
        figures = base.figures.to_update()  # what the description holds, already read
    else:
        figures = TranscriptFigures.model_validate(kept)
    if changed == len(seen.entries) - 1 and seen.tail is not None:
        figures.remove(TurnRecord.model_validate(seen.tail), first + changed)
    for index in range(changed, len(state.turns)):
        figures.add(state.turns[index], first + index)
    return figures


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
