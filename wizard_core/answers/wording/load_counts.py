"""Counts and sizes one line gives: fixed seats, sleeping rooms from units and bedrooms, rooms x a size."""

from __future__ import annotations

import re

from wizard_core.answers import parsing as p

SEATS = re.compile(
    r"(?<![\w.,])(\d[\d,]*)\s*(?:(?:fixed|bench|stadium|theatre|theater|tip-up|upholstered|permanent|individual)\s+){0,2}"
    r"seats?\b"
    # not a use: '@ 0.75 non-fixed seats = 267'
    r"|(?<!non-fixed )(?<!non fixed )(?<!nonfixed )(?<!loose )(?<!movable )"
    r"\bseat(?:ing|s)?\s*(?:for|:|=)\s*(\d[\d,]*)\b(?!\s*(?:m2|m²|sm|sf|sq|ft|%|m\b|rows?\b|[x×*]))",
    re.I,
)


def fixed_seats(text: str) -> int | None:
    """The seats a line gives: the result of working ('10 rows × 80 seats = 800 fixed seats'), else the
    first seat count."""
    found = list(SEATS.finditer(text))
    if not found:
        return None
    worked = [m for m in found if re.search(r"(?:=|→|->)\s*$", text[: m.start()])]
    m = worked[-1] if worked else found[0]
    seats = int((m[1] or m[2]).replace(",", ""))
    # '244 fixed seats + 4 wheelchair spaces': the wheelchair spaces are persons too (3.1.17.1.(1)(a))
    spaces = _WHEELCHAIR_AFTER.match(text, m.end())
    return seats + int(spaces[1]) if spaces else seats


_WHEELCHAIR_AFTER = re.compile(
    r"\s*(?:\+|plus|and|with)\s*(\d{1,3})\s*wheel\s*chair\s+(?:spaces?|positions?|locations?|places?)\b", re.I
)


_UNITS = re.compile(
    r"(\d+)\s*(?:x\s*)?(?:(\d|one|two|three|four)[\s-]*bed(?:room)?s?[\s-]*)?"
    r"(?:suites?|units?|apartments?|dwelling units?|condos?|flats?)\b"
    r"(?:[^;\d]{0,25}?(\d|one|two|three|four)\s*(?:bed(?:room)?s?|sleeping rooms?))?",
    re.I,
)
_ROOMS = re.compile(
    r"(?<![\w.,])(?<![a-z]-)(\d+)\s*"
    r"(?:bed(?:room)?s|bedroom|bdrms?|brs|sleeping\s+r(?:oo)?ms?|sleeping areas?)\b"
    r"(?!\s*areas?\b)",
    re.I,
)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


def _count(word: str | None) -> int | None:
    if word is None:
        return None
    return _WORDS.get(word.lower()) or int(word)


_BEDS = re.compile(
    r"(?<![\w.,])(\d+)(?:\s*x\s*|\s+)(one|two|three|four|[1-4])[\s-]*(?:bed(?:room)?s?|br|b|bdr?m?s?)\b"
    r"|(\d+)\s*(?:x\s*)?(?:studios?|bachelors?|bachelor\s+units?)\b",
    re.I,
)


# '12 lower units x 2 bedrooms', '20 suites @ 3 bdrms', '8 flats with 2 bedrooms each': units times rooms.
_UNITS_TIMES = re.compile(
    r"(?<![\w.,])(\d+)\s+(?:[a-z][a-z-]*\s+){0,3}?(?:dwelling\s+)?(?:units?|suites?|apartments?|apts?|condos?|"
    r"flats?|townhouses?|townhomes?|homes?)\s*(?:x|×|@|at|of|with|each\s+(?:with|having|of))\s*"
    r"(\d|one|two|three|four)\s*(?:-\s*)?(?:bed(?:room)?s?|bdrms?|br|sleeping\s+rooms?)\b(?!\s*areas?\b)",
    re.I,
)


# '12 upper units, 1 br each', 'same 12 units, 2 bdrms each on this level': units, then rooms each
_UNITS_EACH = re.compile(
    r"(?<![\w.,])(\d+)\s+(?:[a-z][a-z-]*\s+){0,2}?(?:dwelling\s+)?(?:units?|suites?|apartments?|apts?|condos?|"
    r"flats?|townhouses?|homes?)\s*,?\s*(\d|one|two|three|four)\s*(?:-\s*)?(?:bed(?:room)?s?|bdrms?|br)\s+each\b",
    re.I,
)


def sleeping_rooms(text: str) -> int | None:
    """Sleeping rooms: '4 one-bed, 4 two-bed and 2 three-bed units', '40 suites, 2 bedrooms each',
    '12 units x 2 bedrooms (x 2 persons)'."""
    times = list(_UNITS_TIMES.finditer(text)) or list(_UNITS_EACH.finditer(text))
    if times:
        return sum(int(t[1]) * (_count(t[2]) or 0) for t in times)
    mixes = list(_BEDS.finditer(text))
    if mixes:
        total = 0
        for mix in mixes:
            if mix[1]:
                total += int(mix[1]) * (_count(mix[2]) or 0)
            else:
                total += int(mix[3])  # a studio's sleeping area counts as one (3.1.17.1.(1)(b))
        return total
    units = _UNITS.search(text)
    if units:
        per = _count(units[2]) or _count(units[3])
        if per:
            return int(units[1]) * per
    rooms = _ROOMS.search(text)
    return int(rooms[1]) if rooms else None


# '14 rooms x 1 bedroom x 2 = 28', '9 rooms = 18', '12 suites x 2 = 24': rooms counted at 2 persons each
_DOUBLED = re.compile(
    r"(?<![\w.,])(\d+)\s+(?:(?:guest|hotel|motel|sleeping|hostel|dorm(?:itory)?)\s+)?"
    r"(?:rooms?|units?|suites?|bedrooms?|apartments?)\b"
    r"(?:\s*(?:x|×|@|of|with)\s*(\d|one|two|three|four)\s*(?:bed(?:room)?s?|bdrms?|sleeping\s+rooms?)\b)?"
    r"(?:\s*(?:x|×)\s*(\d+)(?:\s*(?:persons?|people|ppl|pax))?)?"
    r"\s*(?:=|→|->)\s*(\d+)(?![\d.,])",
    re.I,
)


def doubled_rooms(text: str) -> int | None:
    """Sleeping rooms whose persons the line works out at 2 a room ('14 rooms x 1 bedroom x 2 = 28',
    '9 rooms = 18'): the rooms, when the result is twice them (3.1.17.1.(1)(b)); else None."""
    for match in _DOUBLED.finditer(text):
        rooms = int(match[1]) * (_count(match[2]) or 1)
        factor = int(match[3]) if match[3] else 2
        if factor == 2 and int(match[4]) == 2 * rooms:
            return rooms
    return None


_AREA_UNIT = r"(m2|m²|sm|sq\.?\s*m|sf|sq\.?\s*ft|ft2|ft²)"
TIMES = re.compile(
    rf"(?<![\w.,-])(\d+)\s*(?:[a-z][a-z -]{{0,30}}?\s*)?(?:x|×)\s*(\d[\d,]*(?:\.\d+)?)\s*{_AREA_UNIT}"
    rf"|(?<![\w.,-])(\d+)\s+[a-z][a-z -]{{0,30}}?\s(?:at|of|@)\s*(\d[\d,]*(?:\.\d+)?)\s*{_AREA_UNIT}\s*each",
    re.I,
)


_FLOOR_BEFORE = re.compile(r"(?:\bto|\bthrough|\bthru|-|\blevels?|\bfloors?|\bstoreys?|\blvls?)\s*$", re.I)


def times_area(text: str) -> float | None:
    """'8 classrooms x 55.5 m2', '8 classrooms of 55.5 m2 each': the rooms' total area in m²."""
    parts = times_parts(text)
    return round(parts[0] * parts[1], 1) if parts else None


def times_parts(text: str) -> tuple[int, float] | None:
    """'2 flrs x 1,690 m2': how many, and the area of each in m²."""
    match = next((m for m in TIMES.finditer(text) if not _FLOOR_BEFORE.search(text, 0, m.start())), None)
    if not match:
        return None
    count, size, unit = (match[1], match[2], match[3]) if match[1] else (match[4], match[5], match[6])
    factor = p.FT2_TO_M2 if re.search(r"f", unit, re.I) else 1.0
    return int(count), float(size.replace(",", "")) * factor
