"""The occupant load rows of a thread, kept by floor or area.

A row given again replaces what the new words give and keeps the rest; two rows of one floor in one
message, each with its own figures and words, are two rows; words without figures may name the use
of a row given before ('Level 2 is offices').
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from wizard_core.answers.wording.floors import floor_key, floor_name
from wizard_core.answers.wording.load_line import LoadInput


@dataclass
class Book:
    """The rows of the thread so far, by key, with where each came from."""

    rows: dict[str, LoadInput] = field(default_factory=dict)
    origin: dict[str, int] = field(default_factory=dict)  # key -> index of the text it was last given in
    totals: list[tuple[int, int]] = field(default_factory=list)  # (text index, total)
    notes: list[str] = field(default_factory=list)
    problems: dict[str, list[str]] = field(default_factory=dict)  # key -> what its cells or words lack


def _merge(old: LoadInput, new: LoadInput) -> LoadInput:
    """A row given again: what the new words give replaces, the rest is kept."""
    merged = LoadInput(name=old.name, key=old.key, floor=old.floor or new.floor)
    for attr in ("use", "area", "seats", "rooms", "design", "stated", "rate"):
        value = getattr(new, attr)
        setattr(merged, attr, value if value is not None else getattr(old, attr))
    merged.use_said = new.use_said if new.use is not None or new.use_said else old.use_said
    if new.use is None and not new.use_said:
        merged.use_said = old.use_said
    if new.area is not None and new.stated is None and new.design is None:
        merged.stated = None  # a new area: the persons are worked out again
    only_persons = new.stated is not None and all(
        getattr(new, attr) is None for attr in ("area", "seats", "rooms", "design")
    )
    if only_persons and old.design is not None:  # '2nd floor = 15 (12 + 3 staff)' for a design number
        merged.design, merged.stated = new.stated, None
    merged.estimate = new.estimate
    merged.group = new.group or old.group
    merged.principal_entrance = new.principal_entrance or old.principal_entrance
    merged.posted = new.posted or old.posted
    merged.problems = list(new.problems)
    return merged


def add_row(book: Book, row: LoadInput, index: int, previous: LoadInput | None) -> LoadInput:
    """Put a row in the book: a continuation, a revision of a row, or a row of its own."""
    if not row.name and previous is not None and book.origin.get(previous.key) == index:
        merged = _merge(previous, row)
        book.rows[previous.key] = merged
        return merged
    needing = [v for v in book.rows.values() if v.use is None and v.has_figures()]
    if not row.has_figures() and not row.problems and floor_key(row.name or "-") not in book.rows and needing:
        row.name = needing[0].name  # the use asked for ('It is a public corridor')
    if not row.name:
        row.name = f"Area {len(book.rows) + 1}"
    key = floor_key(row.name)
    existing = book.rows.get(key)
    if (
        existing is not None
        and book.origin.get(key) == index
        and (_different_use(existing, row) or _beside(existing, row))
    ):
        said = row.use_said if row.use_said.casefold() != existing.use_said.casefold() else _own_words(row)
        label = said or (row.use.label if row.use else "")
        row.name = f"{row.name} ({label})" if label else f"{row.name} ({len(book.rows) + 1})"
        key = floor_key(row.name)
        existing = book.rows.get(key)
    if existing is None and not row.floor:
        # a row named by its use may revise a recorded floor whose use it is
        same_use = [k for k, v in book.rows.items() if row.use and v.use and v.use.key == row.use.key]
        if len(same_use) == 1 and book.origin.get(same_use[0]) != index and not row.name.startswith("Area"):
            key = same_use[0]
            existing = book.rows[key]
    row.key = key
    merged = row if existing is None else _merge(existing, row)
    merged.key = key
    book.rows[key] = merged
    book.origin[key] = index
    return merged


def revises(book: Book, row: LoadInput) -> bool:
    """Words without figures that name a use for a row already given ('Level 2 is offices')."""
    if row.use is None:
        return False
    if row.name and floor_key(row.name) in book.rows:
        return True
    needing = [v for v in book.rows.values() if v.use is None and v.has_figures()]
    return not row.floor and len(needing) == 1


def name_by_own_words(book: Book, index: int) -> None:
    """A floor given several rows in one message: the row named by the floor alone takes its own words
    too ('Ground floor (aud 1)' beside 'Ground floor (aud 2)'), so each row can be told apart later."""
    rows = [(k, r) for k, r in book.rows.items() if book.origin.get(k) == index]
    for key, row in rows:
        if not row.floor or row.name != row.floor or row.same_as:
            continue
        siblings = [r for k, r in rows if k != key and r.floor == row.floor]
        words = _own_words(row)
        if not siblings or not words or floor_name(words) or words == row.name.casefold():
            continue
        row.name = f"{row.floor} ({words})"
        new_key = floor_key(row.name)
        if new_key not in book.rows:
            book.rows = {new_key if k == key else k: v for k, v in book.rows.items()}
            book.origin[new_key] = book.origin.pop(key)
            book.problems[new_key] = book.problems.pop(key, [])
            row.key = new_key


def _beside(a: LoadInput, b: LoadInput) -> bool:
    """Two rows of one floor in one message, each with its own figures, said in other words: two rows
    ('the bank 420 m2 … and the management office 85 m2', 'aud 1, 120 seats' and 'aud 2, 90 seats'),
    not one said again."""
    return a.has_figures() and b.has_figures() and bool(_own_words(b)) and _own_words(a) != _own_words(b)


def _own_words(row: LoadInput) -> str:
    """The words a row names itself by after its floor ('aud 2' of 'ground: aud 2, 90 fixed seats')."""
    body = row.line.split(":", 1)[1] if ":" in row.line[:40] else row.line
    first = re.split(
        r",|\(|\s\d[\d,.]*\s*(?:m2|m²|sm|sf|sq|ft|fixed|seats?|@)", body.strip(" -"), maxsplit=1
    )[0]
    first = re.sub(
        r"^(?:the|our|a|an)\s+|\s+(?:is|are|at|of|has|with)$", "", re.sub(r"\s+", " ", first).strip(" -")
    )
    return first.casefold() or row.use_said.casefold()


def _different_use(a: LoadInput, b: LoadInput) -> bool:
    if a.use is not None and b.use is not None:
        return a.use.key != b.use.key
    return bool(a.use_said and b.use_said and a.use_said.casefold() != b.use_said.casefold())
