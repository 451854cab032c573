"""Which figure in a sentence is which part of an area: existing, new or total.

A figure counts when it is an area: m² or ft² after it, or no unit and nothing else either
("1,150"). Figures of persons, storeys, hours, percentages or standards are left out, and a
figure in ft² that restates one in m² ("4,650 m² (50,050 sq ft)") is the same area once.

A role word binds to a figure next to it in the same clause, before ("existing 800") or after
("800 m² existing"). Sentences that can be read both ways ("1200 m2 existing 800 new 400") are
read the way whose figures add up; the figure after "=" or "so", or the one that is the sum of
the others, is the total.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from itertools import product

from wizard_core.answers import parsing as p
from wizard_core.answers.base import fmt_number
from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary

NEAR_WORDS = 3  # a role word binds to a figure at most this many words away
MAX_ROLE_WORDS = 7  # beyond this, each role word binds to its nearest figure
SAME_AREA = 0.015  # an m² figure and an ft² figure within 1.5 % are one area said twice
BREAK = re.compile(r"[,;.()\[\]]")


@dataclass(frozen=True)
class Figure:
    """An area figure as written: its value (m² when converted), unit and role."""

    value: float
    written: float
    unit: str  # "m2", "ft2" or "" (none given)
    approximate: bool
    result: bool
    role: str | None = None


class _Words:
    def __init__(self, words: Vocabulary) -> None:
        areas = words.areas
        self.roles = {role: phrase_pattern(phrases) for role, phrases in areas.roles.items()}
        self.role_negated = re.compile(rf"{alternation(areas.role_negations)}\s*$", re.I)


@cache
def _words() -> _Words:
    return _Words(vocabulary())


# Shown working: "2 storeys of 1,200", "4 floors @ 1,150", "3 x 900" before a figure, "x 4" after it.
_TIMES_BEFORE = re.compile(
    r"(\d+)\s*(?:(?:storeys?|stories|floors?|levels?)\s*(?:of|@|at|x|×|\*)|x|×|\*)\s*(?:about\s+)?$", re.I
)
_TIMES_AFTER = re.compile(r"^\s*(?:x|×|\*)\s*(\d+)\b(?!\s*(?:m\b|m2|m²|sf|ft|sq))", re.I)


def _working_dropped(lowered: str, found: list[p.Quantity]) -> list[p.Quantity]:
    """A figure multiplied out in the same message ("2 storeys of 1,200 = 2,400") is working, not an
    area: it is left out when its product is another figure given. Working that does not multiply
    out to any figure given ("3 storeys of 1,200 = 4,800") makes no figure a result, so the figures
    are asked about rather than recorded."""
    dropped: set[int] = set()
    wrong = False
    for index, q in enumerate(found):
        before = _TIMES_BEFORE.search(lowered[max(0, q.start - 30) : q.start])
        after = _TIMES_AFTER.match(lowered[q.end : q.end + 12])
        times = before or after
        if times is None:
            continue
        count = int(times[1])
        product = count * q.value
        if any(abs(o.value - product) <= 1 for k, o in enumerate(found) if k != index):
            dropped.add(index)
            dropped |= {k for k, o in enumerate(found) if k != index and o.bare and o.value == count}
        elif len(found) > 1:
            wrong = True
    kept = [q for k, q in enumerate(found) if k not in dropped]
    return [replace(q, result=False) for q in kept] if wrong else kept


def figures(text: str) -> list[Figure]:
    """The area figures of ``text`` in order, each with the role its words give it."""
    lowered = p.normalize(text).lower()
    quantities = _restatements_dropped([q for q in p.quantities(text) if q.unit in ("m2", "ft2") or q.bare])
    quantities = _working_dropped(lowered, quantities)
    roles = _bind(lowered, quantities)
    found = []
    for q, role in zip(quantities, roles, strict=True):
        value = round(q.value * p.FT2_TO_M2, 1) if q.unit == "ft2" else q.value
        found.append(Figure(value, q.value, q.unit, q.approximate, q.result, role))
    return _sums_resolved(found)


def _restatements_dropped(found: list[p.Quantity]) -> list[p.Quantity]:
    metric = [q.value for q in found if q.unit == "m2"]
    return [
        q
        for q in found
        if not (q.unit == "ft2" and any(abs(q.value * p.FT2_TO_M2 - m) <= SAME_AREA * m for m in metric))
    ]


def _role_words(lowered: str) -> list[tuple[int, int, str]]:
    words = _words()
    found = []
    for role, pattern in words.roles.items():
        for m in pattern.finditer(lowered):
            if not words.role_negated.search(lowered[max(0, m.start() - 12) : m.start()]):
                found.append((m.start(), m.end(), role))
    return sorted(found)


def _near(between: str) -> bool:
    """Whether a role word and a figure are close: few words apart and in the same clause."""
    return not BREAK.search(between) and len(re.findall(r"[a-z]+", between)) <= NEAR_WORDS


def _bind(lowered: str, found: list[p.Quantity]) -> list[str | None]:
    """The role of each figure: the binding of role words to figures whose figures add up best."""
    words = _role_words(lowered)
    if not found or not words:
        return [None] * len(found)
    options: list[list[int | None]] = []
    for start, end, _ in words:
        after = next((i for i, q in enumerate(found) if q.start >= end), None)
        before = next((i for i in reversed(range(len(found))) if found[i].end <= start), None)
        choices: list[int | None] = []
        if after is not None and _near(lowered[end : found[after].start]):
            choices.append(after)
        if before is not None and _near(lowered[found[before].end : start]):
            choices.append(before)
        options.append(choices or [None])
    if len(words) > MAX_ROLE_WORDS:
        options = [o[:1] for o in options]
    best: tuple[int, list[str | None]] | None = None
    for combo in product(*options):
        roles: list[str | None] = [None] * len(found)
        clash = False
        for (_, _, role), index in zip(words, combo, strict=True):
            if index is None:
                continue
            if roles[index] not in (None, role):
                clash = True
            roles[index] = role
        if clash:
            continue
        score = _score(found, roles) + sum(1 for index in combo if index is not None)
        if best is None or score > best[0]:
            best = (score, roles)
    return best[1] if best else [None] * len(found)


def _score(found: list[p.Quantity], roles: list[str | None]) -> int:
    """Higher when the figures given roles add up and no role has two different figures."""
    by_role: dict[str, set[float]] = {}
    for q, role in zip(found, roles, strict=True):
        if role:
            by_role.setdefault(role, set()).add(q.value)
    if any(len(values) > 1 for values in by_role.values()):
        return -10
    single = {role: next(iter(values)) for role, values in by_role.items()}
    loose = [q.value for q, role in zip(found, roles, strict=True) if role is None]
    if "total" not in single and len(loose) == 1:
        single["total"] = loose[0]
    if {"existing", "new", "total"} <= set(single):
        return 5 if abs(single["existing"] + single["new"] - single["total"]) <= 1 else -5
    return 0


def _sums_resolved(found: list[Figure]) -> list[Figure]:
    """Among figures without a role, a result ("= 4,800", "so 6,000") or a sum is the total."""
    loose = [f for f in found if f.role is None]
    if len(loose) < 2:
        return found
    results = [f for f in loose if f.result]
    total = results[-1] if results else None
    if total is None:
        total = next(
            (f for f in loose if abs(sum(o.value for o in loose if o is not f) - f.value) <= 1), None
        )
    if total is None:
        return found
    return [f for f in found if f.role is not None] + [
        Figure(total.value, total.written, total.unit, total.approximate, total.result, "total")
    ]


def shown(figure: Figure) -> str:
    """The figure as the consultant wrote it, with its unit."""
    unit = {"m2": " m²", "ft2": " ft²"}.get(figure.unit, "")
    return f"{fmt_number(figure.written)}{unit}"
