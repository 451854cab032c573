"""One line of a consultant's words on occupant load (3.18) read into a row's inputs.

A floor or area's name, its use as said and as a use of Table 3.1.17.1, its area (in m², ft² or
as rooms times a size), fixed seats, sleeping rooms, a design number, and the persons and rate the
consultant wrote after their own working; or a building total.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from wizard_core.answers import parsing as p
from wizard_core.answers.rows import figure_text
from wizard_core.answers.wording.floors import FLOOR, canonical_floor, floor_name
from wizard_core.answers.wording.messages import ESTIMATE
from wizard_core.engine.occupancy_uses import Use, find_use, names_of, uses
from wizard_core.engine.phrases import position, words

_SEATS = re.compile(
    r"(?<![\w.,])(\d[\d,]*)\s*(?:(?:fixed|bench|stadium|theatre|theater|tip-up|upholstered|permanent|individual)\s+){0,2}"
    r"seats?\b"
    r"|\bseat(?:ing|s)?\s*(?:for|:|=)\s*(\d[\d,]*)\b(?!\s*(?:m2|m²|sm|sf|sq|ft|%|m\b))",
    re.I,
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
_DESIGN = re.compile(
    r"\bdesign(?:ed)?\s*(?:for|load|number|occupant\s+load|capacity|o\.?l\.?)?\s*(?:of|at|is|=|:)?\s*(\d[\d,]*)"
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
    r"(\d+(?:\.\d+)?)\s*(?:m2|m²|sm|sq\.?\s*m)?\s*(?:/|per|(?<=m2 |m² |sm )(?:a|an|each))\s*"
    r"(?:person|pers|p|occupant|occ|pp)\b"
    r"|(?:÷|@|divided\s+by)\s*(\d+(?:\.\d+)?)"
    r"|/\s*(\d+(?:\.\d+)?)\s*(?:m2|m²)?\s*(?==|→|->|,|;|$)",
    re.I,
)
_TOTAL_LEAD = re.compile(
    r"^\W*(?:(?:the\s+)?(?:building\s+)?(?:total|tot\b\.?)(?:\s+occupant\s+load)?|in\s+total|overall|grand\s+total|"
    r"(?:total\s+)?occupant\s+load|o\.?l\.?|occupancy\s+load)\b\s*(?:is|of|=|:)?",
    re.I,
)
_TOTAL = re.compile(
    r"\b(?:total|overall)\b(?:\s+occupant\s+load)?\s*(?:is|of|=|:)?\s*(\d[\d,]*)(?!\d|[,.]\d)(?!\s*(?:m2|m²|sm|sf|sq|ft|%))"
    r"|(?<![\w.,])(\d[\d,]*)\s*(?:persons?|people|occupants?)?\s*(?:in\s+)?total\b",
    re.I,
)
# '= 1079 so < 1500 ok', 'That should come to 439', 'which gives 297 people in all': the sum of the rows
_CONCLUDING = re.compile(
    r"^\W*(?:=|→|->)\s*(\d[\d,]*)(?![\d.]|,\d|\s*(?:m2|m²|sm|sf|sq|ft|%|x\b|×))"
    r"|^\W*(?:so\s+|and\s+)?(?:that|this|it|which|these|they|all\s+(?:of\s+)?(?:that|this|it))\s+(?:\w+\s+){0,2}?"
    r"(?:comes?|adds?\s+up|works?\s+out|gives?|totals?|makes?|sums?|brings?\s+(?:it|us))\s+(?:up\s+)?(?:to\s+)?"
    r"(?:about\s+|approx\w*\s+|roughly\s+|~\s*)?(\d[\d,]*)(?![\d.]|,\d|\s*(?:m2|m²|sm|sf|sq|ft|%))",
    re.I,
)
# 'Using the table would give nearly sixty', 'if we used 4.6 it would be 60': what is not the answer
# ... and '… conservative against the 4.60 for school laboratories', 'compared with 9.3': a comparison
_HYPOTHETICAL = re.compile(
    r"\bwould\s+(?:give|be|make|mean|come|yield)\b|\bif\s+(?:we|i|you)\s+(?:used|took|went)\b"
    r"|\b(?:against|compared\s+(?:to|with)|rather\s+than|instead\s+of)\s+(?:the\s+)?(?:table'?s\s+)?\d",
    re.I,
)
_WHOLE = re.compile(r"\b(?:the\s+)?(?:whole|entire)\s+(?:building|facility|station|structure)\b", re.I)
_TRAILING_TOTAL = re.compile(r"\W*(\d[\d,]*)\s*(?:persons?|people|occupants?)?\s*(?:in\s+)?total\W*", re.I)
_PRINCIPAL_ENTRANCE = re.compile(
    r"principal\s+entrance|entrance\s+from\s+(?:a\s+)?(?:street|parking|pedestrian)", re.I
)
_FILLER = re.compile(
    r"\b(?:at|is|are|of|on|the|for|with|and|also|so|then|area|floor area|gross|net|used as|use|approx\w*)\b",
    re.I,
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
    same_as: str = ""  # 'same as L2': the floor whose rows this one copies ('previous': the row before)
    floors: list[str] = field(default_factory=list)  # 'L3-L6': every floor the row stands for

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


def _sleeping_rooms(text: str) -> int | None:
    """Sleeping rooms: '4 one-bed, 4 two-bed and 2 three-bed units', '40 suites, 2 bedrooms each',
    '12 units x 2 bedrooms (x 2 persons)'."""
    times = list(_UNITS_TIMES.finditer(text))
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


_AREA_UNIT = r"(m2|m²|sm|sq\.?\s*m|sf|sq\.?\s*ft|ft2|ft²)"
_TIMES = re.compile(
    rf"(?<![\w.,-])(\d+)\s*(?:[a-z][a-z -]{{0,30}}?\s*)?(?:x|×)\s*(\d[\d,]*(?:\.\d+)?)\s*{_AREA_UNIT}"
    rf"|(?<![\w.,-])(\d+)\s+[a-z][a-z -]{{0,30}}?\s(?:at|of|@)\s*(\d[\d,]*(?:\.\d+)?)\s*{_AREA_UNIT}\s*each",
    re.I,
)


_FLOOR_BEFORE = re.compile(r"(?:\bto|\bthrough|\bthru|-|\blevels?|\bfloors?|\bstoreys?|\blvls?)\s*$", re.I)


def _times_area(text: str) -> float | None:
    """'8 classrooms x 55.5 m2', '8 classrooms of 55.5 m2 each': the rooms' total area in m²."""
    match = next((m for m in _TIMES.finditer(text) if not _FLOOR_BEFORE.search(text, 0, m.start())), None)
    if not match:
        return None
    count, size, unit = (match[1], match[2], match[3]) if match[1] else (match[4], match[5], match[6])
    factor = p.FT2_TO_M2 if re.search(r"f", unit, re.I) else 1.0
    return round(int(count) * float(size.replace(",", "")) * factor, 1)


def use_words(text: str) -> str:
    """The words naming a row's use, without figures, floors and filler ('Lobby')."""
    words = ESTIMATE.sub(" ", text)
    words = re.sub(
        r"[~≈±]|\+/-|(?<![a-z]-)\d[\d,.]*\s*(?:m2|m²|sm|sq\.?\s*(?:ft|m)|sf|ft2|ft|m|%|x)?",
        " ",
        words,
        flags=re.I,
    )
    words = FLOOR.sub(" ", words)
    words = re.sub(
        r"\b(?:persons?|people|occupants?|per|design\w*|seats?|total|each|x)\b|[×=@/]", " ", words, flags=re.I
    )
    words = _FILLER.sub(" ", words)
    words = re.sub(r"[^\w\s'-]", " ", words)
    return re.sub(r"\s+", " ", words).strip(" -")


def _named_use(text: str) -> tuple[Use | None, int]:
    """The use a phrase names with its small words kept ('tables and chairs', 'B-3 sleeping room areas'),
    and how many words the phrase that names it has."""
    plain = re.sub(r"&", " and ", text)
    plain = re.sub(
        r"(?<![\w-])\d[\d,.]*\s*(?:m2|m²|sm|sq\.?\s*(?:ft|m)|sf|ft2|ft²|%)?", " ", plain, flags=re.I
    )
    use = find_use(plain)
    return use, _phrase_length(use, plain)


def _phrase_length(use: Use | None, text: str) -> int:
    if use is None:
        return 0
    said = words(text)
    return max((len(words(n)) for n in names_of(use) if position(said, words(n)) >= 0), default=0)


def uses_named(text: str) -> list[Use]:
    """Every use of Table 3.1.17.1 a row's words name ('shop floor (manufacturing)': retail and
    manufacturing), in the table's order."""
    said = words(re.sub(r"&", " and ", text))
    return [u for u in uses() if any(position(said, words(n)) >= 0 for n in names_of(u))]


def use_of(text: str) -> Use | None:
    """The use a row's words name: the longer of the phrase without filler and the phrase as said
    ('seats and tables' over 'non-fixed seats', 'tables and chairs' where 'and' is filler)."""
    bare = use_words(text)
    use = find_use(bare)
    named, length = _named_use(text)
    if named is None or use is None or named.key == use.key:
        return use or named
    return named if length > _phrase_length(use, bare) else use


def _label(text: str) -> tuple[str, str, bool]:
    """The name a row is given before its figures, the words after it, and whether a dash set it off:
    'Lobby: 120 m2', 'hall (new) - 420 m2 tables & chairs'; ('', text, False) when there is none."""
    if ":" in text[:50]:
        head, body = text.split(":", 1)
        if not re.search(r"\d\s*(?:m2|m²|sm|sf|%)", head):
            return head.strip(), body, False
    dash = re.search(r"\s-+\s", text[:60])
    if dash:
        head = text[: dash.start()].strip()
        if re.search(r"[a-z]", head, re.I) and not re.search(r"(?<![\w-])\d|[=@/×]", FLOOR.sub(" ", head)):
            return head, text[dash.end() :], True
    return "", text, False


def _only_floor(label: str) -> bool:
    """Whether a name says nothing but its floor ('L2', 'B1 (basement)'), not 'office mezz'."""
    return not re.sub(r"[\W_]+", "", FLOOR.sub(" ", label))


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
    concluding = _CONCLUDING.match(text)
    if concluding:
        return _int(concluding[1] or concluding[2])
    if _HYPOTHETICAL.search(text):
        return None
    label, body, dashed = _label(text)
    total_lead = _TOTAL_LEAD.match(label or text)
    floor = floor_name(f"{label}:" if label else text) or (floor_name(text) if dashed else "")
    use = use_of(label) if label else None
    use = use or use_of(text)
    said = use_words(label) if label and not floor else use_words(body if label else text)
    if total_lead and not floor and use is None:
        rest = text[total_lead.end() :] if not label else body
        summed = _SUM.search(rest)
        if summed and not any(q.unit in ("m2", "ft2") for q in p.quantities(rest)):
            return _int(summed[1])
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
        if (
            len(areas) > 1
            and q.unit == "ft2"
            and areas[1].unit == "m2"
            and _BESIDE.fullmatch(p.normalize(text)[q.end : areas[1].start])
        ):
            q = areas[1]  # '12,700 sf (1,180 m2)': the consultant's own m² figure
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
    if row.rooms is None and row.area is None and use is not None and use.key == "dwelling_units":
        result_said = _RESULT.search(text)  # "L1 10 suites = 20": 2 persons a sleeping room (3.1.17.1.(1)(b))
        if result_said and _int(result_said[1]) % 2 == 0:
            row.rooms = _int(result_said[1]) // 2
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
    same = _SAME_AS.search(text)
    referred = (same["ref"] or "").strip() if same else ""
    refers = ("previous" if _PREVIOUS.match(referred) else floor_name(referred)) if same else ""
    if same and refers:  # 'L3 - same as L2': the rows of L2 again
        head = text[: same.start()]
        row.floor = floor = (_floor_range(head) or [floor_name(head)])[0]
        row.same_as = refers
        row.use = use = use_of(head) if head.strip() else None
        row.problems = []
        if not floor:
            row.problems.append(f"'{head.strip(' -:,') or text}' — which floor is the same as {referred}?")
    else:
        same = None
    head_text = text[: same.start()] if same else text
    row.floors = _floor_range(head_text) or (_floor_list(head_text, per_floor=True) if same else [])
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
    own = given if given and (not floor or floor_name(given)) and not _only_floor(given) else ""
    whole = "Whole building" if not (floor or given) and _WHOLE.search(text) else ""
    name = own or floor or given or whole or (said[:1].upper() + said[1:] if said else "")
    row.name = (name[:1].upper() + name[1:])[:60]
    if row.name:
        row.problems = [f"row '{row.name}': {problem}" for problem in row.problems]
    return row if (row.has_figures() or row.problems or use is not None or floor or label or same) else None


# 'same as L2', 'L3-L6 typical of L2', 'ditto', 'same as above'
_SAME_AS = re.compile(
    r"\b(?:(?:the\s+)?same\s+as|identical\s+to|typ(?:ical)?\.?\s+(?:of|as)|repeats?|copy\s+of)\s+"
    r"(?:the\s+)?(?P<ref>[^,;()]+?)\s*(?:[,;(]|$)"
    r"|\b(?P<ref2>)(?:ditto|do\.)(?=\W*$)",
    re.I,
)
_PREVIOUS = re.compile(
    r"^(?:above|previous|prior|last|(?:the\s+)?(?:one|floor|level|row|line)\s+(?:above|before|below))\b|^$",
    re.I,
)
# 'L3-L6', 'Levels 3 to 6', '3rd-6th floors', 'floors 2 through 5'
_RANGE = re.compile(
    r"\b(?:levels?|lvls?|floors?|flrs?|storeys?|stor(?:ie|y)s?|l)\s*-?\s*(\d{1,2})\s*(?:-|to|through|thru)\s*"
    r"(?:levels?|lvls?|floors?|l)?\s*-?\s*(\d{1,2})\b(?![,.]\d|\s*-?\s*(?:m2|m²|sm|sf|sq|ft|m\b|%|persons?|people|"
    r"x\b|×|one|two|three|four|bed|bdrm|br\b|stud|bach|suite|unit|apart|flat|condo|room|seat|class|storey|stor(?:ie|y)))"
    r"|\b(\d{1,2})(?:st|nd|rd|th)?\s*(?:-|to|through|thru)\s*(\d{1,2})(?:st|nd|rd|th)\s*"
    r"(?:floors?|flrs?|levels?|storeys?)\b",
    re.I,
)
_SUM = re.compile(
    r"^\W*(?:\d{1,2}\s*[x×]\s*)?\d[\d,]*(?:\s*\+\s*(?:\d{1,2}\s*[x×]\s*)?\d[\d,]*)+\s*=\s*(\d[\d,]*)(?!\d|[,.]\d)"
)
_BESIDE = re.compile(r"\s*[(\[]?\s*(?:=|≈|~|or|i\.?e\.?,?)?\s*", re.I)


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


def _floor_list(text: str, per_floor: bool = False) -> list[str]:
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


def _floor_range(text: str) -> list[str]:
    """Every floor a range names ('L3-L6' -> Level 3 … Level 6), or a list with per-floor figures ('P1
    and P2 … each'); [] when the words name neither."""
    found = _RANGE.search(text)
    if not found:
        return _floor_list(text)
    low, high = int(found[1] or found[3]), int(found[2] or found[4])
    if not 0 < low < high <= low + 60:
        return []
    return [f"Level {n}" for n in range(low, high + 1)]


_JOIN = re.compile(r"\s*(?:,\s*(?:plus|and|&)?|\bplus\b|\band\b|&|\+)\s*", re.I)


def split_uses(segment: str) -> list[str]:
    """One line naming several uses, each with its own area, as a line each, the line's label before
    every one: 'Ground: classrooms 520 m2, plus offices at 90 m2' -> 'Ground: classrooms 520 m2',
    'Ground: offices at 90 m2'. A line with one area, or parts without a use of their own, is kept."""
    text = p.normalize(segment)
    rates = [m.span() for m in _RATE.finditer(text)]
    areas = [
        q
        for q in p.quantities(text)
        if q.unit in ("m2", "ft2") and not any(a <= q.start < b for a, b in rates)
    ]
    if len(areas) < 2 or _TIMES.search(text) or _SUM.search(text):
        return [segment]
    label, _, _ = _label(text)
    cuts = []
    for before, after in itertools.pairwise(areas):
        if _BESIDE.fullmatch(text[before.end : after.start]):
            return [segment]  # '12,700 sf (1,180 m2)': one area said twice
        joins = list(_JOIN.finditer(text, before.end, after.start))
        if not joins:
            return [segment]
        cuts.append(joins[-1])
    parts, start = [], 0
    for cut in cuts:
        parts.append(text[start : cut.start()])
        start = cut.end()
    parts.append(text[start:])
    if not label and (floor := floor_name(parts[0])) and not any(floor_name(part) for part in parts[1:]):
        label = floor  # 'On the ground floor, the bank is 420 m2 …, and the office is 85 m2': both on it
        parts = [parts[0]] + [f"{floor}: {part}" for part in parts[1:]]
    head = f"{label}: " if label else ""
    parts = [parts[0]] + [part if not head or part.startswith(label) else head + part for part in parts[1:]]
    found = [use_of(part.split(":", 1)[1] if head and ":" in part else part) for part in parts]
    if any(use is None for use in found):
        return [segment]
    if len({use.key for use in found if use}) < len(found) and not all(_own_result(part) for part in parts):
        return [segment]  # 'offices 900 m2 and 300 m2 of it open plan': one use, one row
    return [part.strip(" ,") for part in parts]


def _own_result(part: str) -> bool:
    """Whether a part of a line gives its own persons ('… 85 m2 at 9.30, so 10')."""
    row = parse_segment(part)
    return isinstance(row, LoadInput) and (row.stated is not None or bool(_SO.search(part)))


_SO = re.compile(r"\b(?:so|gives?|giving|makes?|that'?s)\s+(\d[\d,]*)\W*$", re.I)


def stated_total(text: str) -> int | None:
    """The building total a message states ('334 persons in total', 'total occupant load 334',
    'total 119 + 13 + 124 = 256')."""
    stated = _TOTAL.search(text)
    if stated and stated[1]:
        summed = _SUM.search(text[stated.start(1) :])
        if summed:
            return _int(summed[1])
    return _int(stated[1] or stated[2]) if stated else None
