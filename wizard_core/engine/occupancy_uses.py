"""The uses of Table 3.1.17.1 (occupant load, matrix item 3.18) and the use a consultant's phrase names."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .occupancy_data import UseRow, load_occupancy
from .phrases import position, words


@dataclass(frozen=True)
class Use:
    """A use of Table 3.1.17.1."""

    key: str
    label: str
    group: str  # family: "A", "B", "C", "D", "E", "F" or "any"
    m2_per_person: float | None
    basis: str  # "table" | "fixed seats" | "2 per sleeping room"
    edition: str
    to_verify: bool
    named_only: bool = False  # taken only where the words name it, not from a rate alone
    other_m2_per_person: float | None = None  # the figure the 2024 text may give instead (uncertain)


def _use(row: UseRow) -> Use:
    figures = (row.m2_per_person, row.basis, row.edition, row.to_verify)
    return Use(row.key, row.label, row.group, *figures, row.named_only, row.other_m2_per_person)


@lru_cache(maxsize=1)
def uses() -> tuple[Use, ...]:
    """Every use of Table 3.1.17.1, in the table's order."""
    return tuple(_use(row) for row in load_occupancy().occupant_load.uses)


def names_of(use: Use) -> tuple[str, ...]:
    """The use's label and the words consultants use for it."""
    row = row_of(use.key)
    return (row.label, *row.synonyms)


def row_of(key: str) -> UseRow:
    """The table's row for a use's key."""
    return next(row for row in load_occupancy().occupant_load.uses if row.key == key)


@lru_cache(maxsize=1)
def _phrases() -> tuple[tuple[int, UseRow, tuple[str, ...]], ...]:
    """Every use's label and synonyms as words, once: find_use runs on every turn of 3.18."""
    return tuple(
        (index, row, words(phrase))
        for index, row in enumerate(load_occupancy().occupant_load.uses)
        for phrase in (row.label, *row.synonyms)
    )


@lru_cache(maxsize=1024)
def find_use(text: str) -> Use | None:
    """The Table 3.1.17.1 use a phrase names ('Classrooms', 'sales floor'…); None if none fits."""
    said = words(text)
    if not said:
        return None
    best: tuple[int, int, int, int] | None = None
    found: UseRow | None = None
    for index, row, name in _phrases():
        at = position(said, name)
        if at >= 0:  # the whole phrase, the longest, then the one named first ('storage and back of house')
            score = (int(name == said), len(name), -at, -index)
            if best is None or score > best:
                best, found = score, row
    return _use(found) if found is not None else None
