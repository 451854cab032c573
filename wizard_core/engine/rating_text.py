"""3.21's free text read as ratings per element ("Floors 1 h, roof 1 h, mezzanine 1 h, loadbearing
walls 1 h"): each element's rating is read loosely, and an element that cannot be read is left out."""

from __future__ import annotations

import re

_SEGMENT = re.compile(r"[;,\n]+")
_VALUE = re.compile(r"(\d+(?:\.\d+)?)\s*-?\s*(h(?:rs?|ours?)?|min(?:s|utes?)?)\b")
_ZERO = re.compile(r"\b(?:n/?a|none|nil|not required|not rated|no rating|unrated|waived)\b")
_OVER_BASEMENT = re.compile(
    r"\b(?:floors?|assembl\w*)\s+(?:over|above)\s+(?:the\s+)?(?:(?:single|one|only|existing|old|new)\s+)?basements?\b"
)
_ELEMENTS = (
    ("below", re.compile(r"below[\s-]+grade|below[\s-]+ground|underground|basement")),
    ("mezzanines", re.compile(r"\bmezz(?:anine)?")),
    ("roof", re.compile(r"roof")),
    ("loadbearing", re.compile(r"load[\s-]*bearing|\blb\b|columns?\b|arches|supporting|structur")),
    ("floors", re.compile(r"floor")),
)
NAMES = {
    "floors": "floors",
    "mezzanines": "mezzanines",
    "roof": "the roof",
    "loadbearing": "loadbearing walls, columns and arches",
    "over_basement": "the floor over the basement",
    "below": "floors below grade",
}


def parse_ratings(text: str) -> dict[str, int]:
    """Minutes per element read from 3.21 text (the highest where an element appears twice)."""
    found: dict[str, int] = {}
    for segment in _SEGMENT.split(text.casefold()):
        elements: list[tuple[int, str]] = []
        over = _OVER_BASEMENT.search(segment)
        if over:
            elements.append((over.start(), "over_basement"))
            segment = segment[: over.start()] + " " * len(over.group()) + segment[over.end() :]
        for name, pattern in _ELEMENTS:
            match = pattern.search(segment)
            if match and not (name == "floors" and any(n == "below" for _, n in elements)):
                elements.append((match.start(), name))
        if not elements:
            continue
        elements.sort()
        values = [(m.start(), _minutes(m)) for m in _VALUE.finditer(segment)]
        if not values and _ZERO.search(segment):
            values = [(0, 0)]
        if len(values) == 1:
            pairs = [(name, values[0][1]) for _, name in elements]
        elif values and len(values) == len(elements):
            pairs = [(name, minutes) for (_, name), (_, minutes) in zip(elements, values, strict=True)]
        else:
            continue
        for name, minutes in pairs:
            found[name] = max(found.get(name, 0), minutes)
    return found


def _minutes(match: re.Match[str]) -> int:
    number = float(match.group(1))
    return round(number * 60) if match.group(2).startswith("h") else round(number)
