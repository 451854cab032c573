"""The trade's words as meant when typed in a hurry: 'sprinklerd', 'noncombustable', 'basment', 'hieght',
'mezanine', 'occupent', 'srreets', 'washroms'.

A word a letter or two from one of the trade's words the readers know (a letter dropped, doubled, swapped
or mistyped, with rapidfuzz's optimal string alignment distance) is read as that word, so no reader misses
an answer for a typing slip. Only words of five letters or more, starting with the trade word's first
letter, and never a word of its own that sits that near one ('exiting', 'stories', 'heights').
"""

from __future__ import annotations

import re
from functools import cache

from rapidfuzz.distance import OSA, Indel

TRADE_WORDS = (
    "sprinklered", "unsprinklered", "sprinklers", "sprinkler", "noncombustible", "combustible",
    "occupant", "occupancy", "occupancies", "basement", "mezzanine", "height", "storeys", "storey",
    "streets", "street", "hazardous", "substances", "washrooms", "washroom", "restaurant", "building",
    "existing", "entrances", "entrance", "barrier", "residential", "mercantile", "industrial",
    "separation", "limiting", "distance", "exposing", "unprotected", "openings", "perimeter",
    "permitted", "required", "construction", "classification", "compartment", "amendment",
    "amendments", "universal", "standpipe", "superimposed", "apartments", "offices", "office",
)  # fmt: skip
# words of their own a slip's distance from a trade word: left as typed
_OWN_WORDS = frozenset(
    {
        "exiting", "stories", "heights", "storage", "sprinkle", "sprinkles",
        "permitting", "requires", "requiring", "distant", "barriers", "streetscape", "entranced",
        "buildings", "occupants", "basements", "mezzanines", "streetside", "construct",
        "perimeters", "opening", "washed", "restaurants", "separations", "entrancing", "store", "stores",
        "stored", "storing", "stormy", "stager", "existed", "exists", "spanish", "sprinkled",
        "lighting", "separating", "separator", "clarification", "officer", "barrie", "stoney", "story",
    }
)  # fmt: skip
_WORD = re.compile(r"(?<![\w'])[A-Za-z]{5,}(?![\w'])")


# endings that make a word of its own from a trade word ('required' / 'require', 'apartments' / 'apartment',
# 'offices' / 'officer'): never a slip
_ENDINGS = ("s", "es", "d", "ed", "r", "er", "ing", "ly", "al", "ment", "ted")


@cache
def _meant(word: str) -> str | None:
    """The trade word a typed word slips from, or None when it is one, or none is that near."""
    lowered = word.lower()
    if lowered in TRADE_WORDS or lowered in _OWN_WORDS:
        return None
    found = []
    for trade in TRADE_WORDS:
        if trade[0] != lowered[0] or abs(len(trade) - len(lowered)) > 2:
            continue
        longer, shorter = (lowered, trade) if len(lowered) > len(trade) else (trade, lowered)
        if longer.startswith(shorter) and longer[len(shorter) :] in _ENDINGS:
            continue  # an inflection, a word of its own
        slip = OSA.distance(lowered, trade)
        letters = Indel.distance(lowered, trade)
        # one slip; or, in a long word, letters left out only ('basmnt', 'washrms', 'existng')
        left_out = len(trade) - len(lowered) == letters <= 2 and len(lowered) >= 6
        if slip <= 1 or left_out or (slip == 2 and len(lowered) >= 8 and letters <= 2):
            # the nearest by its slips, then by letters added or left out, then by the ending it keeps
            found.append((min(slip, letters), letters, -len(_common_ending(lowered, trade)), trade))
    if not found:
        return None
    found.sort()
    if len(found) > 1 and found[0][:3] == found[1][:3]:
        return None  # as near one trade word as another: left as typed
    return found[0][3]


def _common_ending(one: str, other: str) -> str:
    n = 0
    while n < min(len(one), len(other)) and one[-1 - n] == other[-1 - n]:
        n += 1
    return one[len(one) - n :]


def _typed(m: re.Match[str]) -> str | None:
    """The trade word a word of ``m`` slips from; never a name ('Barrie', 'Stoney Creek'): a word with
    its capital inside a sentence, unless the whole text is in capitals."""
    word = m[0]
    named = word[0].isupper() and not word.isupper()
    opening = re.search(r"(?:^|[.!?:\n]\s*|[-*•]\s+)$", m.string[: m.start()]) is not None
    if named and not opening:
        return None
    return _meant(word)


def slips(text: str) -> list[tuple[str, str]]:
    """The words of ``text`` typed with a slip, each with the trade word meant."""
    return [(m[0], meant) for m in _WORD.finditer(text) if (meant := _typed(m)) is not None]


def as_spelled(text: str) -> str:
    """``text`` with each slip of the trade's words written as the word ('sprinklerd' -> 'sprinklered')."""

    def fixed(m: re.Match[str]) -> str:
        meant = _typed(m)
        if meant is None:
            return m[0]
        return meant.upper() if m[0].isupper() else meant

    return _WORD.sub(fixed, text)
