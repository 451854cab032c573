"""One line of a consultant's words on occupant load (3.18) read into a row's inputs.

A floor or area's name, its use as said and as a use of Table 3.1.17.1, its area (in m², ft² or
as rooms times a size), fixed seats, sleeping rooms, a design number, and the persons and rate the
consultant wrote after their own working; or a building total.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from wizard_core.answers import parsing as p
from wizard_core.answers.rows import figure_text
from wizard_core.answers.wording.floors import FLOOR, floor_name
from wizard_core.answers.wording.load_columns import area_before_rate, bind, inside_brackets
from wizard_core.answers.wording.load_counts import (
    doubled_rooms,
    fixed_seats,
    sleeping_rooms,
    times_area,
    times_parts,
)
from wizard_core.answers.wording.load_floors import PREVIOUS, SAME_AS, floor_list, floor_range, floors_counted
from wizard_core.answers.wording.load_names import only_floor, row_label, use_of, use_words
from wizard_core.answers.wording.load_totals import (
    CONCLUDING,
    SUM,
    TOTAL_CHANGE,
    TOTAL_LEAD,
    TRAILING_TOTAL,
    as_int,
    stated_total,
)
from wizard_core.answers.wording.messages import ESTIMATE, rounding_shown
from wizard_core.engine.occupancy_uses import Use

_DESIGN = re.compile(
    r"\bdesign(?:ed|ing)?\s*(?:for|load|number|occupant\s+load|capacity|o\.?l\.?|#|no\.)?\s*(?:of|at|is|=|:)?\s*(\d[\d,]*)"
    r"|(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)\s*(?:persons?|people|occupants?|pax)?\s*\(?\s*(?:by\s+)?design(?:ed)?\b"
    # '24 persons, design number (8 bays x 3 techs)': the persons, then what they are
    r"|(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)\s*(?:persons?|people|occupants?|pax)\s*[,;]\s*(?:as\s+)?(?:a\s+|the\s+)?"
    r"design\s+(?:number|load|figure|occupant\s+load)\b",
    re.I,
)
# 'so a design number - 8 curlers a sheet plus officials = 40': the design number its working comes to
# ('design number: 8 curlers a sheet times 4 sheets, 32': multiplied out, the figure after the working)
_DESIGN_WORKED = re.compile(
    r"\bdesign\s+(?:number|load|figure)\b[^,;=]{0,60}=\s*(\d[\d,]*)(?![\d.])"
    r"|\bdesign\s+(?:number|load|figure)\b[^,;=]{0,40}?(?:\b(?:times|plus)\b|\s[x×*+]\s)[^,;=]{0,40}?"
    r"(?:,\s*(?:so\s+|that's\s+)?|\s+(?:so|is|gives)\s+)(\d[\d,]*)(?![\d.])\b"
    # '4 sheets x 8 curlers = 32, design number': the working first, then what its result is
    r"|=\s*(\d[\d,]*)(?![\d.])\s*(?:persons?|people)?\s*[,;(]\s*(?:as\s+)?(?:a\s+|the\s+)?design\s+"
    r"(?:number|load|figure|occupant\s+load)\b",
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
# '4 K @ 95 m² + 4 primary @ 70 m²': rooms at a size each, no rate
_SIZE_EACH = re.compile(r"\s*(?:m2|m²|sm|sf|sq\.?\s*m)(?!\s*/)\s*(?:each\b|\+|\)|,)", re.I)


def _rate(text: str) -> re.Match[str] | None:
    """The rate a line divides its area by, not a room's size after '@'."""
    for m in RATE.finditer(text):
        if m[2] and m[0].lstrip().startswith("@") and _SIZE_EACH.match(text, m.end()):
            continue
        return m
    return None


# a floor and its persons: 'so 2nd floor = 15 (12 + 3 staff)', 'L3 → 24'; not an area or a share
_FLOOR_IS = re.compile(
    r"^\W*(?:so\s+)?([^=→:][^=→:]{0,29}?)\s*(?:=|→|->)\s*(\d{1,4})\b(?![.,]\d|\s*(?:m2|m²|sm|sf|sq|ft|%|m\b))",
    re.I,
)
_RESULT = re.compile(
    r"(?:=|→|->|gives|giving|makes)\s*(\d[\d,]*)(?!\d|[,.]\d)(?!\s*(?:m2|m²|sm|sf|sq|ft))", re.I
)
# ('Hall (existing) 310 m² …': the part of an addition the room is in, kept with its name)
_LEAD_WORDS = re.compile(
    r"^\W*(?:the\s+|our\s+)?([a-z][^,(\d:;=@]{1,40}?)\s*"
    r"(\((?:existing|exist'?g|new|addition|add'?n|renovated|reno'?d)\)\s*)?(?=[,(]|\d|$)",
    re.I,
)
_SO_AT_END = re.compile(r"\b(?:so|that'?s)\s+(\d[\d,]*)(?!\d|[,.]\d)\W*$", re.I)
RATE = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:m2|m²|sm|sq\.?\s*m)?\s*(?:/|per|(?<=m2 |m² |sm )(?:a|an|each))\s*"
    r"(?:person|pers|p|occupant|occ|pp)\b"
    r"|(?:÷|@|divided\s+by)\s*(\d+(?:\.\d+)?)"
    r"|/\s*(\d+(?:\.\d+)?)\s*(?:m2|m²)?\s*(?==|→|->|,|;|$)"
    r"|\bat\s+(\d+(?:\.\d+)?)\s*(?:m2|m²|sm)?\s*(?==|→|->|≈)",  # 'at 1.85 = 32.4', with its working
    re.I,
)
# 'Using the table would give nearly sixty', 'if we used 4.6 it would be 60': what is not the answer
# ... and '… conservative against the 4.60 for school laboratories', 'compared with 9.3': a comparison
_HYPOTHETICAL = re.compile(
    r"\bwould\s+(?:give|be|make|mean|come|yield)\b|\bif\s+(?:we|i|you)\s+(?:used|took|went)\b"
    # 'Cross-check at 0.60 m²/pers. … = 587', 'for ref. the table gives 800': a check beside the row
    r"|\bcross[\s-]*check|\bfor\s+ref(?:erence|\.)?(?!\w)|\b(?:just\s+)?(?:as\s+a|to)\s+check\b"
    r"|\b(?:against|compared\s+(?:to|with)|rather\s+than|instead\s+of)\s+(?:the\s+)?(?:table'?s\s+)?\d",
    re.I,
)
_WHOLE = re.compile(r"\b(?:the\s+)?(?:whole|entire)\s+(?:building|facility|station|structure)\b", re.I)
POSTED = re.compile(
    r"\b(?:to\s+be|will\s+be|be|is|are|gets?|getting|being|still)\s+posted\b|\bposting\b|\bposted\s+(?:limit|sign|load)"
    r"|(?:,|\band|\()\s*(?:(?:a\s+|the\s+)?sign\s+)?posted\b"  # '… and posted', '…, sign posted', '(posted)'
    r"|(?:\s[-–—]|→|->|⇒|=>)\s*posted\b"  # '… 16 officials - POSTED', 'design 48 → posted'
    # 'we'll post it'
    r"|\b(?:we'?ll|we\s+will|will|to)\s+post\s+(?:it|that|the\s+(?:sign|number|load|figure))\b",
    re.I,
)
_PRINCIPAL_ENTRANCE = re.compile(
    r"principal\s+entrance|entrance\s+from\s+(?:a\s+)?(?:street|parking|pedestrian)", re.I
)


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
    posted: bool = False  # the words say the design number is posted ('to be posted', 'posting the sign')
    problems: list[str] = field(default_factory=list)
    line: str = ""  # the words the row was read from
    same_as: str = ""  # 'same as L2': the floor whose rows this one copies ('previous': the row before)
    floors: list[str] = field(default_factory=list)  # 'L3-L6': every floor the row stands for

    def has_figures(self) -> bool:
        return any(
            v is not None for v in (self.area, self.seats, self.rooms, self.design, self.stated, self.rate)
        )


_REVISING = re.compile(
    r"^\W*(?:(?:correction|update|updated|revised|revision|change|edit|amendment|sorry|oops|actually|also|"
    r"ps|p\.s\.|instead|make that|should be|i meant)\b\W*)+",
    re.I,
)


# an aside giving another document's figures: '(leasing's sheet had 44 off an 81 m² net; it's 86 measured
# to the wall faces)', '(the SPA form said 1,012)'
_OTHER_SOURCE = re.compile(
    r"\((?:the\s+)?[\w.'’ -]{0,30}?\b(?:sheet|memo|matrix|schedule|takeoff|take-off|count|plan|drawings?|form"
    r"|program(?:me)?|report|survey|estimate|application|set)\s+(?:had|has|says|said|shows|showed|gave|gives|was"
    r"|were|used|counted)\b[^()]*\)",
    re.I,
)


# a drawing's number: 'A-201', 'S-301', 'A-100 to A-106'
_SHEET = re.compile(r"\b[A-Z]{1,2}-\d{3}[A-Z]?\b")


def without_other_sources(text: str) -> str:
    """``text`` without what is no figure of its rows: another document's figures in an aside, and the
    numbers of drawings ('checked against A-201 to A-206')."""
    return _SHEET.sub("sheet", _OTHER_SOURCE.sub(" ", text))


def parse_segment(segment: str) -> LoadInput | int | None:
    """A row's inputs from one line, a building total (int), or None when it gives neither."""
    text = without_other_sources(_REVISING.sub("", p.normalize(segment).strip())).strip()
    changed = TOTAL_CHANGE.search(text)
    if changed and not re.search(r"\d", text[: changed.start()] + text[changed.end() :]):
        return as_int(changed[1] or changed[2])  # 'the other rows are unchanged and the total becomes 422'
    trailing = TRAILING_TOTAL.fullmatch(text)
    if trailing:
        return as_int(trailing[1])
    concluding = CONCLUDING.match(text)
    if concluding:
        return as_int(concluding[1] or concluding[2])
    if _HYPOTHETICAL.search(re.sub(r"\([^)]*\)", " ", text)):  # 'the table would give more': an aside
        # ('with tables it would be 118, but … so it's the 0.75 figure, 150': the clause after 'but';
        # 'lobby: 150 m2 - the table would give 375 …, so design 100': the row, then its conclusion)
        pieces = re.split(r"((?<=[.;])(?<!\bref\.)(?<!\bpers\.)\s+|,\s+but\s+|\s-+\s|,\s+(?=so\b))", text)
        kept = [
            (stop, s)
            for stop, s in zip(["", *pieces[1::2]], pieces[::2], strict=True)
            if not _HYPOTHETICAL.search(re.sub(r"\([^)]*\)", " ", s))
        ]
        if not kept:
            return None
        # the row, without the clause that says what the table would give
        text = kept[0][1] + "".join(stop + s for stop, s in kept[1:])
    label, body, dashed = row_label(text)
    total_lead = TOTAL_LEAD.match(label or text)
    # 'mercantile first storey at 3.70': the use of Table 3.1.17.1, no floor of the building
    floored = _USE_STOREY.sub("mercantile", text)
    floor = floor_name(f"{label}:" if label else floored) or (floor_name(floored) if dashed else "")
    use = use_of(label) if label else None
    use = use or use_of(text)
    said = use_words(label) if label and not floor else use_words(body if label else text)
    if total_lead and not floor and use is None:
        rest = text[total_lead.end() :] if not label else body
        summed = SUM.search(rest)
        if summed and not any(q.unit in ("m2", "ft2") for q in p.quantities(rest)):
            return as_int(summed[1])
        figures = [q for q in p.quantities(rest) if q.unit == ""]
        if figures and not any(q.unit in ("m2", "ft2") for q in p.quantities(rest)):
            return int(figures[0].value)
        return None
    row = LoadInput(name="", key="", floor=floor, use=use, use_said=said, line=segment.strip())
    row.estimate = m[0] if (m := ESTIMATE.search(rounding_shown(text))) else ""
    row.principal_entrance = bool(_PRINCIPAL_ENTRANCE.search(text))
    # '… the Table at 0.75 would give 147, so 80 will be posted': the aside dropped, its posting kept
    row.posted = bool(POSTED.search(p.normalize(segment)))
    rate = _rate(text)
    if rate:
        row.rate = float(rate[1] or rate[2] or rate[3] or rate[4])
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
    times = times_area(text)
    area_end = None  # where an area read from its own figure ends: columns after it are bound by sums
    if times is not None:
        row.area = times
    elif rate and not areas and not dims and (bare_area := area_before_rate(text, rate.start())):
        row.area, area_end = bare_area, rate.start()  # 'kitchen 30 / 9.3 = 4': 30 m² at 9.3
    elif areas:
        # '(4 K @ 95 m² + 4 primary @ 70 m²) = 660 m²': the area the working comes to
        q = areas[0]
        worked = [a for a in areas[1:] if a.result and not areas[0].result]
        if worked and re.match(r"\s*(?:m2|m²|sm|sf)?\s*(?:each\b|\+|\))", text[areas[0].end :], re.I):
            q = worked[0]
        if (
            len(areas) > 1
            and q.unit == "ft2"
            and areas[1].unit == "m2"
            and BESIDE.fullmatch(p.normalize(text)[q.end : areas[1].start])
        ):
            q = areas[1]  # '12,700 sf (1,180 m2)': the consultant's own m² figure
        row.area = round(q.value * (p.FT2_TO_M2 if q.unit == "ft2" else 1), 1)
        area_end = q.end
    elif dims:
        factor = p.FT_TO_M**2 if (dims[2] or dims[4] or "").lower() in ("ft", "'") else 1.0
        row.area = round(float(dims[1]) * float(dims[3]) * factor, 1)
    row.seats = fixed_seats(text)
    row.rooms = doubled_rooms(text) if row.area is None else None
    row.rooms = row.rooms if row.rooms is not None else sleeping_rooms(text)
    based = _PERSONS_BASED_ON.search(text)  # '420 persons (fixed seats)': the basis names the input
    if based and row.seats is None and row.rooms is None:
        count = as_int(based[1])
        if based[2].lower().startswith(("fixed", "seat")):
            row.seats = count
        elif count % 2 == 0:  # 2 persons a sleeping room (3.1.17.1.(1)(b))
            row.rooms = count // 2
    design = _DESIGN_WORKED.search(text) or _DESIGN.search(text)
    if design:
        row.design = as_int(next(g for g in design.groups() if g))
    else:
        # not the 2 of '38 sleeping rooms × 2 persons = 76': a multiplier is no head count
        persons = [m for m in _PERSONS.finditer(text) if not re.search(r"[x×*]\s*$", text[: m.start()])]
        result = _RESULT.search(text) or _SO_AT_END.search(text)  # '… 1,020 m², so 102'
        if persons:
            row.stated = as_int(persons[-1][1])
        elif result and row.area is not None:
            row.stated = as_int(result[1])
            if row.rate is None:  # 'Children's area, 160 m² (1.85) = 87': the one figure that divides to it
                row.rate = _rate_to(text, row.area, row.stated)
    floor_is = _FLOOR_IS.match(text) if row.stated is None and not row.has_figures() else None
    if floor_is and floor_name(floor_is[1]):  # '2nd floor = 15 (12 + 3 staff), posted': the floor's persons
        row.stated = as_int(floor_is[2])
    if row.seats is not None and row.stated == row.seats:
        row.stated = None
    if design and rate and (inside_brackets(text, rate.start()) or _CAP.search(_around(text, rate))):
        row.rate = None  # 'design 120 (cap 210 / 0.6 = 350, ok)': a check beside the design number
    elif (
        row.area is not None
        and area_end is not None
        and row.stated is None
        and not (row.seats or row.rooms or row.design)  # '(table /0.75 would give 720)' beside a design
    ):
        # 'Ground - 360 m2 - offices - 9.3 - 39': the rate and persons in columns, bound by their sum
        after = [q for q in p.quantities(text) if q.start >= area_end and q.bare and not q.approximate]
        column = [q.value for q in after if not rate_span[0] <= q.start < rate_span[1]]
        row.rate, row.stated = bind(row.area, column, row.rate)
    if row.rooms is None and row.area is None and use is not None and use.key == "dwelling_units":
        result_said = _RESULT.search(text)  # "L1 10 suites = 20": 2 persons a sleeping room (3.1.17.1.(1)(b))
        if result_said and as_int(result_said[1]) % 2 == 0:
            row.rooms = as_int(result_said[1]) // 2
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
    same = SAME_AS.search(text)
    referred = (same["ref"] or "").strip() if same else ""
    refers = ("previous" if PREVIOUS.match(referred) else floor_name(referred)) if same else ""
    if same and refers:  # 'L3 - same as L2': the rows of L2 again
        head = text[: same.start()]
        row.floor = floor = (floor_range(head) or [floor_name(head)])[0]
        row.same_as = refers
        row.use = use = use_of(head) if head.strip() else None
        row.problems = []
        copied = _SAME_PERSONS.search(text[same.start() :])  # 'L3 same = 52': the persons it comes to
        if copied and row.stated is None and row.area is None:
            row.stated = as_int(copied[1])
        if not floor:
            row.problems.append(f"'{head.strip(' -:,') or text}' — which floor is the same as {referred}?")
    else:
        same = None
    head_text = text[: same.start()] if same else text
    row.floors = floor_range(head_text) or (floor_list(head_text, per_floor=True) if same else [])
    shares = floors_counted(
        text, row.floors or floor_list(label or head_text, per_floor=True), times_parts(text)
    )
    if shares is not None:  # 'L2 + L3: 2 flrs x 1,690 m2 … = 364': a row a floor, each of its share
        row.floors, row.area = shares
        if row.stated is not None:
            row.stated = row.stated // len(shares[0]) if row.stated % len(shares[0]) == 0 else None
    if row.floors:
        row.floor = floor = row.floors[0]
    only_persons = row.stated is not None and not (
        row.area or row.seats or row.rooms or row.design or row.rate or use or floor or label
    )
    if not (same or row.has_figures() or row.rooms is not None or floor or label) or only_persons:
        total = stated_total(text)
        if total is not None:  # 'so 120 in total, I think'
            return total
    given = label if label and not total_lead else ""
    own = given if given and (not floor or floor_name(given)) and not only_floor(given) else ""
    parts = re.fullmatch(r"\s*([^,]{1,24}?)(?:,|\s+[-–—]+)\s*(.+)", own)
    if floor and parts and only_floor(parts[1]):  # 'Ground, staff workroom', 'Basement – lockers': the room
        own = f"{floor} ({parts[2].strip()})"
    elif (
        floor
        and (lead := FLOOR.match(own))
        and own[lead.end() :].strip()
        and not floor_name(own[lead.end() :])  # 'P1 + P2 parking': two floors, named as said
    ):
        own = f"{floor} ({own[lead.end() :].strip(' -–—:')})"  # 'L1 suites', 'gnd lobby': the room on L1
    whole = "Whole building" if not (floor or given) and _WHOLE.search(text) else ""
    # a row named by no label or floor: its own words before its figures ('service bays (old + new
    # together) 1,120 m2 …' is 'Service bays'), the words of its use only when those are none
    lead = _LEAD_WORDS.match(text)
    words = said
    if lead and use_words(lead[1]):  # ('Hall (existing)': with the part of the addition it is in)
        words = lead[1].strip() + (f" {lead[2].strip()}" if lead[2] else "")
    name = own or floor or given or whole or (words[:1].upper() + words[1:] if words else "")
    row.name = (name[:1].upper() + name[1:])[:60]
    if row.name:
        row.problems = [f"row '{row.name}': {problem}" for problem in row.problems]
    if (
        _CAP.search(text)
        and row.area is None
        and not (floor or label or same or row.seats or row.rooms or use)
    ):
        return None  # 'The 0.6 m²/person cap is 700.': the check of a design number, no row
    return row if (row.has_figures() or row.problems or use is not None or floor or label or same) else None


# the cap a dining space's design number is checked against (3.1.17.1.(7)): 'the 0.6 m²/person cap is 700'
_CAP = re.compile(r"\b(?:cap|max(?:imum)?|limit|at\s+most|below|under|within)\b", re.I)


def _rate_to(text: str, area: float, persons: int) -> float | None:
    """The one bare figure of a row's line its area divided by comes to its persons, rounded up (a rate of
    Table 3.1.17.1 written without '@' or 'm² per person'); None when none or several do."""
    fits = {
        q.value
        for q in p.quantities(text)
        if q.bare
        and not q.result
        and 0.3 <= q.value <= 50
        and q.value not in (area, persons)
        and math.ceil(round(area / q.value, 6)) == persons
    }
    return fits.pop() if len(fits) == 1 else None


_USE_STOREY = re.compile(
    r"\bmercantile\W+(?:basements?\s+(?:and|&)\s+)?(?:first|second|1st|2nd)\s+stor(?:ey|ie)s?\b", re.I
)
# the persons a floor 'the same as' another comes to, at the line's end ('same = 52', 'same as L2, 48',
# 'the same 56', 'the identical stack at 56')
_SAME_PERSONS = re.compile(
    r"(?:[,;:=–-]|->|→|\bat|\b(?:same|identical|stack|floor|plate|layout))\s*(\d[\d,]*)\s*"
    r"(?:persons?|people|ppl|pax|occupants?)?\W*$",
    re.I,
)


def _around(text: str, found: re.Match[str]) -> str:
    return text[max(0, found.start() - 25) : found.end() + 25]


BESIDE = re.compile(r"\s*[(\[]?\s*(?:=|≈|~|or|i\.?e\.?,?)?\s*", re.I)
