"""A consultant's note of the rates they used, applied to the rows it names (3.18).

'I used 10 m² per person for the treatment and sleeping areas, 9.30 for the offices and the
kitchen, and 46 for the basement storage', 'I've used warehouse storage at 28 m² per person for the
locker floors': each rate (and the use it names) belongs to the rows whose words the note repeats,
when the rows give no rate (or use) of their own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wizard_core.answers.wording.load_line import LoadInput
from wizard_core.answers.wording.load_names import use_of
from wizard_core.engine.occupancy_uses import Use

# 'I used …', 'I've counted …', 'we took …': a note about the figures, not a row of its own
STATEMENT = re.compile(
    r"^\W*(?:i|we)(?:'ve|\s+have)?\s+(?:used|taken|took|counted|applied|assumed)\b.*?\bfor\s+(?:the\s+)?[a-z]",
    re.I,
)
_CLAUSE = re.compile(
    r"(?:(?P<use>[a-z][a-z /'&-]{2,60}?)\s+(?:at|@)\s+)?(?P<rate>\d+(?:\.\d+)?)\s*(?:m2|m²|sm)?"
    r"\s*(?:(?:/|per|a)\s*(?:person|occupant|p)\b)?\s+for\s+(?:the\s+)?"
    r"(?P<target>[a-z][a-z /&'-]*?)(?=\s*(?:[,;:.)]|$|\band\s+(?:[a-z]+\s+){0,3}(?:at|@)\s+\d|\band\s+\d))",
    re.I,
)
_GENERIC = {
    "the",
    "and",
    "floor",
    "floors",
    "level",
    "levels",
    "area",
    "areas",
    "room",
    "rooms",
    "space",
    "spaces",
}


@dataclass(frozen=True)
class Rate:
    rate: float
    use: Use | None
    target: frozenset[str]


def _stems(text: str) -> frozenset[str]:
    words = re.findall(r"[a-z]{3,}", text.casefold())
    return frozenset(w[:5] for w in words if w not in _GENERIC)


def rates_noted(text: str) -> list[Rate]:
    """The rates a note states, each with the use it names and the words of the rows it is for."""
    if not STATEMENT.match(text):
        return []
    found = []
    for clause in _CLAUSE.finditer(text):
        target = _stems(clause["target"])
        if target:
            use = use_of(clause["use"]) if clause["use"] else None
            found.append(Rate(float(clause["rate"]), use, target))
    return found


def apply_rates(rows: list[LoadInput], rates: list[Rate]) -> None:
    """Give each row without a rate the one rate whose words its own name or use repeats."""
    for row in rows:
        if row.rate is not None or row.seats or row.rooms or row.design:
            continue
        said = _stems(f"{row.name} {row.use_said}")
        fitting = [rate for rate in rates if rate.target & said]
        if len({(r.rate, r.use.key if r.use else "") for r in fitting}) != 1:
            continue
        row.rate = fitting[0].rate
        if row.use is None and fitting[0].use is not None:
            row.use = fitting[0].use
