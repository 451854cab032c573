"""Which 3.18 row a plumbing line (3.23) names by its words: the floor it names and, on that floor, the
row whose own name shares most of the line's words ('L1 res wing' for 'Level 1 (res wing (sleeping rm
areas))'), or every row a plural stands for ('auditoria')."""

from __future__ import annotations

import re

from wizard_core.answers.wording.floors import FLOOR, floor_key, floor_name


def floor_for(said: str, floors: dict[str, str]) -> str | None:
    key = floor_key(said)
    if key in floors:
        return key
    named = floor_name(said)
    if named and floor_key(named) in floors:
        return floor_key(named)
    if re.search(r"\b(?:each|every|all|typical)\b", said, re.I) and len(floors) == 1:
        return next(iter(floors))
    return None


_FLOOR_WORDS = frozenset({"level", "lvl", "floor", "flr", "storey", "ground", "main", "upper", "lower"})
# small words no row is named by ('washrooms off the dining rm': 'off' is no 'office')
_SMALL_WORDS = frozenset(
    {"the", "off", "and", "for", "with", "from", "near", "next", "beside", "each", "all"}
    # the fixtures and the working's words name no row ('the lobby washrooms, which serve …': no 'servery')
    | {"which", "that", "serve", "serves", "serving", "served", "provided", "provide", "provides", "plus"}
    | {"washroom", "washrooms", "water", "closet", "closets", "universal", "lavatories", "urinals", "stalls"}
    | {"men", "women", "male", "female", "sex", "table", "required", "one", "two", "three", "four", "both"}
)


def _words(name: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{3,}", name.lower()) if w not in _FLOOR_WORDS | _SMALL_WORDS}


def by_words(said: str, floors: dict[str, str]) -> str | None:
    """The one 3.18 row whose name shares the most words with the row said ("L1 res wing" for
    "Level 1 (res wing (sleeping rm areas))"), on the floor the row names if it names one; a floor
    alone ("L2") for 3.18's one row on that floor ("Level 2 (res)")."""
    floor, keys, said_words = said_against(said, floors)
    if not said_words:
        return keys[0] if floor and len(keys) == 1 else None
    tied = best_rows(said_words, keys, floors)
    return tied[0] if len(tied) == 1 else None


def rows_named(said: str, floors: dict[str, str]) -> str | list[str] | None:
    """``by_words``, or every row a plural name stands for ('auditoria: none of their own' for 'Ground
    floor (auditorium 1)', '… (auditorium 2)', …) when they share its words equally."""
    one = by_words(said, floors)
    if one is not None or not re.search(r"(?:s|ia)\W*$", said.strip(), re.I):
        return one
    _, keys, said_words = said_against(said, floors)
    tied = best_rows(said_words, keys, floors, stems=True)
    return tied if len(tied) > 1 else None


def said_against(said: str, floors: dict[str, str]) -> tuple[str, list[str], set[str]]:
    """The floor a row's name names, the 3.18 rows on it (all rows when it names none), and the words
    that name the room: not a relative clause on the rooms served ('the lobby washrooms, which serve both
    screens'), nor the floor's own words ('bsmt', 'grnd')."""
    said = _SERVING.sub("", said)
    floor = floor_name(said)
    keys = [k for k, name in floors.items() if not floor or same_floor(name, floor)]
    return floor, keys, _words(FLOOR.sub(" ", said))


_SERVING = re.compile(
    r",?\s*\b(?:which|that)\s+(?:also\s+)?(?:serves?|are\s+shared\s+by|take)\b.*$", re.I | re.S
)


STEM = 7  # letters two long words share to be one word ('auditoria', 'auditorium')


def best_rows(
    said_words: set[str], keys: list[str], floors: dict[str, str], stems: bool = False
) -> list[str]:
    """The rows whose names share the most of ``said_words`` (a word or its start; with ``stems``, the
    stem of a long word too: 'auditoria' for 'auditorium'); [] when none shares any."""

    def alike(row_word: str, word: str) -> bool:
        stem = stems and min(len(row_word), len(word)) >= STEM and row_word[:STEM] == word[:STEM]
        return row_word.startswith(word) or word.startswith(row_word) or stem

    scored = [(sum(any(alike(w, said) for w in _words(floors[k])) for said in said_words), k) for k in keys]
    best = max((n for n, _ in scored), default=0)
    return [k for n, k in scored if n == best] if best else []


def same_floor(name: str, floor: str) -> bool:
    return floor_key(floor_name(name) or name) == floor_key(floor)
