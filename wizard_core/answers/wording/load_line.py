"""One line of a consultant's words on occupant load (3.18) read into a row's inputs.

A floor or area's name, its use as said and as a use of Table 3.1.17.1, its area (in m², ft² or
as rooms times a size), fixed seats, sleeping rooms, a design number, and the persons and rate the
consultant wrote after their own working; or a building total.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from wizard_core.answers import parsing as p
from wizard_core.answers.rows import figure_text
from wizard_core.answers.wording.floors import FLOOR, floor_name
from wizard_core.answers.wording.messages import ESTIMATE
from wizard_core.engine.occupancy import Use, find_use

_SEATS = re.compile(
    r"(?<![\w.,])(\d[\d,]*)\s*(?:fixed\s+)?seats?\b"
    r"|\bseat(?:ing|s)?\s*(?:for|:|=)\s*(\d[\d,]*)\b(?!\s*(?:m2|m²|sm|sf|sq|ft|%|m\b))",
    re.I,
)
_UNITS = re.compile(
    r"(\d+)\s*(?:x\s*)?(?:(\d|one|two|three|four)[\s-]*bed(?:room)?s?[\s-]*)?"
    r"(?:suites?|units?|apartments?|dwelling units?|condos?|flats?)\b"
    r"(?:[^;\d]{0,25}?(\d|one|two|three|four)\s*(?:bed(?:room)?s?|sleeping rooms?))?",
    re.I,
)
_ROOMS = re.compile(r"(?<![\w.,])(\d+)\s*(?:bed(?:room)?s|sleeping rooms?|sleeping areas?)\b", re.I)
_DESIGN = re.compile(
    r"\bdesign(?:ed)?\s*(?:for|load|number|occupant\s+load|capacity)?\s*(?:of|at|is|=|:)?\s*(\d[\d,]*)"
    r"|(?<![\w.,])(\d[\d,]*)\s*(?:persons?|people|occupants?|pax)?\s*\(?\s*(?:by\s+)?design(?:ed)?\b",
    re.I,
)
_PERSONS_BASED_ON = re.compile(
    r"(?<![\w.,])(\d[\d,]*)\s*(?:persons?|people|occupants?)\s*[(\[,-]?\s*(?:from\s+|by\s+|in\s+|on\s+)?"
    r"(fixed\s+seat(?:s|ing)?|seats|sleeping\s+rooms?|bedrooms)\b",
    re.I,
)
_PERSONS = re.compile(
    r"(?<![\w.,])(\d[\d,]*)\s*(?:persons?|people|occupants?|pax|ppl)\b(?!\s*(?:per|/|each))", re.I
)
_RESULT = re.compile(
    r"(?:=|→|->|gives|giving|makes)\s*(\d[\d,]*)(?!\d|[,.]\d)(?!\s*(?:m2|m²|sm|sf|sq|ft))", re.I
)
_RATE = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:m2|m²|sm|sq\.?\s*m)?\s*(?:/|per)\s*(?:person|pers|p|occupant|occ|pp)\b"
    r"|(?:÷|@|divided\s+by)\s*(\d+(?:\.\d+)?)"
    r"|/\s*(\d+(?:\.\d+)?)\s*(?:m2|m²)?\s*(?==|→|->|,|;|$)",
    re.I,
)
_TOTAL_LEAD = re.compile(
    r"^\W*(?:(?:the\s+)?(?:building\s+)?total(?:\s+occupant\s+load)?|in\s+total|overall|grand\s+total|"
    r"(?:total\s+)?occupant\s+load|o\.?l\.?|occupancy\s+load)\b\s*(?:is|of|=|:)?",
    re.I,
)
_TOTAL = re.compile(
    r"\b(?:total|overall)\b(?:\s+occupant\s+load)?\s*(?:is|of|=|:)?\s*(\d[\d,]*)(?!\d|[,.]\d)(?!\s*(?:m2|m²|sm|sf|sq|ft|%))"
    r"|(\d[\d,]*)\s*(?:persons?|people|occupants?)?\s*(?:in\s+)?total\b",
    re.I,
)
_TRAILING_TOTAL = re.compile(r"\W*(\d[\d,]*)\s*(?:persons?|people|occupants?)?\s*(?:in\s+)?total\W*", re.I)
_PRINCIPAL_ENTRANCE = re.compile(
    r"principal\s+entrance|entrance\s+from\s+(?:a\s+)?(?:street|parking|pedestrian)", re.I
)
_FILLER = re.compile(
    r"\b(?:at|is|are|of|on|the|for|with|and|area|floor area|gross|net|used as|use|approx\w*)\b", re.I
)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


@dataclass
class LoadInput:
    """What one row of the consultant's words gives: names and inputs, and their own results."""

    name: str
    key: str
    floor: str = ""
    use: Use | None = None
    use_said: str = ""
    area: float | None = None
    seats: int | None = None
    rooms: int | None = None
    design: int | None = None
    stated: int | None = None
    rate: float | None = None
    estimate: str = ""
    group: str = ""
    principal_entrance: bool = False
    problems: list[str] = field(default_factory=list)
    line: str = ""  # the words the row was read from

    def has_figures(self) -> bool:
        return any(
            v is not None for v in (self.area, self.seats, self.rooms, self.design, self.stated, self.rate)
        )


def _count(word: str | None) -> int | None:
    if word is None:
        return None
    return _WORDS.get(word.lower()) or int(word)


def _int(text: str) -> int:
    return int(text.replace(",", ""))


_BEDS = re.compile(
    r"(?<![\w.,])(\d+)(?:\s*x\s*|\s+)(one|two|three|four|[1-4])[\s-]*(?:bed(?:room)?s?|br|bdr?m?s?)\b"
    r"|(\d+)\s*(?:x\s*)?(?:studios?|bachelors?|bachelor\s+units?)\b",
    re.I,
)


def _sleeping_rooms(text: str) -> int | None:
    """Sleeping rooms: '4 one-bed, 4 two-bed and 2 three-bed units', '40 suites, 2 bedrooms each'."""
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


_AREA_UNIT = r"(m2|m²|sm|sq\.?\s*m|sf|sq\.?\s*ft|ft2|ft²)"
_TIMES = re.compile(
    rf"(\d+)\s*(?:[a-z][a-z -]{{0,30}}?\s*)?(?:x|×)\s*(\d[\d,]*(?:\.\d+)?)\s*{_AREA_UNIT}"
    rf"|(\d+)\s+[a-z][a-z -]{{0,30}}?\s(?:at|of|@)\s*(\d[\d,]*(?:\.\d+)?)\s*{_AREA_UNIT}\s*each",
    re.I,
)


def _times_area(text: str) -> float | None:
    """'8 classrooms x 55.5 m2', '8 classrooms of 55.5 m2 each': the rooms' total area in m²."""
    match = _TIMES.search(text)
    if not match:
        return None
    count, size, unit = (match[1], match[2], match[3]) if match[1] else (match[4], match[5], match[6])
    factor = p.FT2_TO_M2 if re.search(r"f", unit, re.I) else 1.0
    return round(int(count) * float(size.replace(",", "")) * factor, 1)


def use_words(text: str) -> str:
    """The words naming a row's use, without figures, floors and filler ('Lobby')."""
    words = ESTIMATE.sub(" ", text)
    words = re.sub(r"[~≈±]|\+/-|\d[\d,.]*\s*(?:m2|m²|sm|sq\.?\s*(?:ft|m)|sf|ft2|ft|m|%|x)?", " ", words)
    words = FLOOR.sub(" ", words)
    words = re.sub(
        r"\b(?:persons?|people|occupants?|per|design\w*|seats?|total|each|x)\b|[×=@/]", " ", words, flags=re.I
    )
    words = _FILLER.sub(" ", words)
    words = re.sub(r"[^\w\s'-]", " ", words)
    return re.sub(r"\s+", " ", words).strip(" -")


def _label(text: str) -> str:
    if ":" in text[:50]:
        head = text.split(":", 1)[0].strip()
        if not re.search(r"\d\s*(?:m2|m²|sm|sf|%)", head):
            return head
    return ""


_REVISING = re.compile(
    r"^\W*(?:(?:correction|update|updated|revised|revision|change|edit|amendment|sorry|oops|actually|also|"
    r"ps|p\.s\.|instead|make that|should be|i meant)\b\W*)+",
    re.I,
)


def parse_segment(segment: str) -> LoadInput | int | None:
    """A row's inputs from one line, a building total (int), or None when it gives neither."""
    text = _REVISING.sub("", p.normalize(segment).strip())
    trailing = _TRAILING_TOTAL.fullmatch(text)
    if trailing:
        return _int(trailing[1])
    label = _label(text)
    total_lead = _TOTAL_LEAD.match(label or text)
    floor = floor_name(label or text)
    use = find_use(use_words(label)) if label else None
    body = text.split(":", 1)[1] if label else text
    use = use or find_use(use_words(text))
    said = use_words(label) if label and not floor else use_words(body if label else text)
    if total_lead and not floor and use is None:
        rest = text[total_lead.end() :] if not label else body
        figures = [q for q in p.quantities(rest) if q.unit == ""]
        if figures and not any(q.unit in ("m2", "ft2") for q in p.quantities(rest)):
            return int(figures[0].value)
        return None
    row = LoadInput(name="", key="", floor=floor, use=use, use_said=said, line=segment.strip())
    row.estimate = m[0] if (m := ESTIMATE.search(text)) else ""
    row.principal_entrance = bool(_PRINCIPAL_ENTRANCE.search(text))
    rate = _RATE.search(text)
    if rate:
        row.rate = float(rate[1] or rate[2] or rate[3])
    rate_span = rate.span() if row.rate is not None and rate else (0, 0)
    areas = [
        q
        for q in p.quantities(text)
        if q.unit in ("m2", "ft2") and not rate_span[0] <= q.start < rate_span[1]
    ]
    dims = re.search(
        r"(\d+(?:\.\d+)?)\s*(m|ft|')?\s*(?:x|×|by)\s*(\d+(?:\.\d+)?)\s*(m|ft|')\b(?!\s*(?:m2|m²|sf|sq|/))",
        text,
        re.I,
    )
    times = _times_area(text)
    if times is not None:
        row.area = times
    elif areas:
        q = areas[0]
        row.area = round(q.value * (p.FT2_TO_M2 if q.unit == "ft2" else 1), 1)
    elif dims:
        factor = p.FT_TO_M**2 if (dims[2] or dims[4] or "").lower() in ("ft", "'") else 1.0
        row.area = round(float(dims[1]) * float(dims[3]) * factor, 1)
    seats = _SEATS.search(text)
    if seats:
        row.seats = _int(seats[1] or seats[2])
    row.rooms = _sleeping_rooms(text)
    based = _PERSONS_BASED_ON.search(text)  # '420 persons (fixed seats)': the basis names the input
    if based and row.seats is None and row.rooms is None:
        count = _int(based[1])
        if based[2].lower().startswith(("fixed", "seat")):
            row.seats = count
        elif count % 2 == 0:  # 2 persons a sleeping room (3.1.17.1.(1)(b))
            row.rooms = count // 2
    design = _DESIGN.search(text)
    if design:
        row.design = _int(design[1] or design[2])
    else:
        persons = [m for m in _PERSONS.finditer(text)]
        result = _RESULT.search(text)
        if persons:
            row.stated = _int(persons[-1][1])
        elif result and row.area is not None:
            row.stated = _int(result[1])
    if row.seats is not None and row.stated == row.seats:
        row.stated = None
    if not row.has_figures() and row.rooms is None:
        named = FLOOR.search(text)
        bare = [
            q
            for q in p.quantities(text)
            if q.bare and not q.result and not (named and named.start() <= q.start < named.end())
        ]
        if len(bare) == 1:
            figure = figure_text(bare[0].value)
            row.problems.append(f"{figure} — is that the floor area in m² or in ft², or a number of persons?")
    name = (
        floor or (label if label and not total_lead else "") or (said[:1].upper() + said[1:] if said else "")
    )
    row.name = (name[:1].upper() + name[1:])[:60]
    if row.name:
        row.problems = [f"row '{row.name}': {problem}" for problem in row.problems]
    return row if (row.has_figures() or row.problems or use is not None or floor or label) else None


def stated_total(text: str) -> int | None:
    """The building total a message states ('334 persons in total', 'total occupant load 334')."""
    stated = _TOTAL.search(text)
    return _int(stated[1] or stated[2]) if stated else None
