"""The floors one line stands for: a range ('L3-L6'), a list with per-floor figures, 'same as L2'."""

from __future__ import annotations

import re

from wizard_core.answers.wording.floors import FLOOR, canonical_floor

# 'same as L2', 'L3-L6 typical of L2', 'ditto', 'same as above'
SAME_AS = re.compile(
    # ('Level 3: as Level 2 = 132': 'as' opening what a row is said to be)
    r"(?:\b(?:the\s+)?same\s+as|\bidentical\s+to|\btyp(?:ical)?\.?\s+(?:of|as)|\brepeats?|\bcopy\s+of|(?<=:\s)as)\s+"
    r"(?:the\s+)?(?P<ref>[^,;()]+?)\s*(?:[,;(]|$)"
    # 'L4: same, 48', 'L4 same = 48': the row before
    # 'L4 the same 56', 'L3 is the identical stack at 56', '3rd floor: same stack → 22': the row before again,
    # the persons it comes to
    r"|\b(?P<ref2>)(?:ditto|do\.|(?:same|identical)(?:\s+(?:stack|floor|plate|layout|mix|units?|suites?|again))?)"
    r"(?=\W*$|\s*(?:[,;:=–-]|->|→)\s*\d|\s*(?:at\s+)?\d[\d,]*\s*(?:persons?|people|ppl|pax|occupants?)?\W*$)",
    re.I,
)
PREVIOUS = re.compile(
    r"^(?:above|previous|prior|last|(?:the\s+)?(?:one|floor|level|row|line)\s+(?:above|before|below))\b|^$",
    re.I,
)
# 'L3-L6', 'Levels 3 to 6', '3rd-6th floors', 'floors 2 through 5', 'étages 2 à 6'
_RANGE = re.compile(
    r"(?:\b|(?=[ée]))(?:levels?|lvls?|floors?|flrs?|storeys?|stor(?:ie|y)s?|[ée]tages?|l)\s*-?\s*(\d{1,2})\s*"
    r"(?:-|to|through|thru|à)\s*(?:levels?|lvls?|floors?|[ée]tages?|l)?\s*-?\s*(\d{1,2})\b(?![,.]\d|\s*-?\s*(?:m2|m²|sm|sf|sq|ft|m\b|%|persons?|people|"
    r"x\b|×|one|two|three|four|bed|bdrm|br\b|stud|bach|suite|unit|apart|flat|condo|room|seat|class|storey|stor(?:ie|y)|"
    r"sleeping|office|occupant|staff|employee|resident|patient|child|kid|student|wc|fixture)"
    r"|\s+[a-z]+\s+(?:units?|suites?|apart|flats?|condos?|rooms?|beds?|seats?)\b)"  # 'L2 - 12 upper units'
    r"|\b(\d{1,2})(?:st|nd|rd|th)?\s*(?:-|to|through|thru)\s*(\d{1,2})(?:st|nd|rd|th)\s*"
    r"(?:floors?|flrs?|levels?|storeys?)\b",
    re.I,
)

# 'P1 and P2 … each', 'levels 2, 3 and 4 … per floor', '2nd and 3rd floors … each'
_PER_FLOOR = re.compile(
    r"\beach\b|\bapiece\b|\bper\s+(?:floor|level|storey|flr)\b|\btypical\b|\bevery\b", re.I
)
_LIST_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+|&\s*)?|\band\b|&|\+|/)\s*(?:the\s+)?", re.I)
_NUMBERED = re.compile(
    r"\b(?:levels?|lvls?|floors?|flrs?|storeys?)\s+(\d{1,2})((?:\s*(?:,|and|&|\+)\s*\d{1,2}\b(?![,.]\d))+)"
    r"|\b(\d{1,2})(?:st|nd|rd|th)((?:\s*(?:,|and|&|\+)\s*\d{1,2}(?:st|nd|rd|th))+)\s*(?:floors?|flrs?|levels?|storeys?)\b",
    re.I,
)


_ORDINAL_LABEL = re.compile(
    r"^\W*(\d{1,2})(?:st|nd|rd|th)((?:\s*(?:,|and|&|\+)\s*\d{1,2}(?:st|nd|rd|th))+)\s*(?=[:\-–]|$)", re.I
)


def floor_list(text: str, per_floor: bool = False) -> list[str]:
    """The floors a list names when its figures are per floor ('P1 and P2 at 2,600 m2 each', or
    ``per_floor``: '3rd, 4th and 5th: same as 2nd'); [] otherwise."""
    if not (per_floor or _PER_FLOOR.search(text)):
        return []
    ordinals = _ORDINAL_LABEL.match(text)
    if ordinals:
        return [f"Level {int(n)}" for n in [ordinals[1], *re.findall(r"\d{1,2}", ordinals[2])]]
    numbered = _NUMBERED.search(text)
    if numbered:
        first, rest = (numbered[1], numbered[2]) if numbered[1] else (numbered[3], numbered[4])
        return [f"Level {int(n)}" for n in [first, *re.findall(r"\d{1,2}", rest)]]
    names: list[str] = []
    end = -1
    for match in FLOOR.finditer(text):
        if names and not _LIST_JOIN.fullmatch(text[end : match.start()]):
            break
        names.append(canonical_floor(match[0]))
        end = match.end()
    return names if len(names) > 1 and len(set(names)) == len(names) else []


def floor_range(text: str) -> list[str]:
    """Every floor a range names ('L3-L6' -> Level 3 … Level 6), or a list with per-floor figures ('P1
    and P2 … each'); [] when the words name neither."""
    found = _RANGE.search(text)
    if not found:
        return floor_list(text)
    low, high = int(found[1] or found[3]), int(found[2] or found[4])
    if not 0 < low < high <= low + 60:
        return []
    return [f"Level {n}" for n in range(low, high + 1)]


# floors counted times an area ('2 flrs x 1,690 m2'), not rooms ('4 classrooms x 55 m2' on each floor)
_FLOORS_TIMES = re.compile(r"\b\d+\s*(?:floors?|flrs?|storeys?|stor(?:ie|y)s?|levels?|lvls?)\s*(?:x|×)", re.I)


def floors_counted(
    text: str, floors: list[str], parts: tuple[int, float] | None
) -> tuple[list[str], float] | None:
    """The floors a row names and each one's area, when it counts as many floors times an area as it
    names ('L2 + L3: 2 flrs x 1,690 m2'); None otherwise."""
    if parts is None or len(floors) < 2 or parts[0] != len(floors) or not _FLOORS_TIMES.search(text):
        return None
    return floors, round(parts[1], 1)
