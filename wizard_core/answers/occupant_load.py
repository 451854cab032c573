"""Occupant load (3.18): a row per floor or area, the persons worked out from its use and area.

The consultant gives each floor or area's use and size (or its fixed seats, sleeping rooms or a
design number); the engine gives the persons from Table 3.1.17.1 and says whether a posted limit
is required (a design number other than the table's). A result the consultant writes after
their own working ("= 334 persons", "at 10 m² per person") is checked against the engine's and
asked about when it differs. Persons given with nothing to work them out from (a bare total, a
head count per floor) are not recorded as worked out: the wizard asks for the inputs and offers
to record them as given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import Field, model_validator

from wizard_core.answers import parsing as p
from wizard_core.answers import rows as r
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.content import FormItem
from wizard_core.engine import facts_from_answers
from wizard_core.engine.occupancy import CalcError, LoadResult, Use, find_use, occupant_load, uses
from wizard_core.models import ProjectState

AS_GIVEN = "design number (as given)"


class OccupantRow(Record):
    floor: str = Field(min_length=1, max_length=80)
    occupancy: str = ""  # the major occupancy (D, A2…)
    use: str = ""  # the Table 3.1.17.1 use the persons come from
    area_m2: float | None = Field(default=None, gt=0)
    persons: int = Field(ge=0)
    based_on: str = ""
    posted_limit: bool = False


class OccupantLoad(Record):
    rows: list[OccupantRow] = Field(default_factory=list)
    total: int = Field(ge=0)
    note: str = ""

    @model_validator(mode="after")
    def _rows_add_up(self) -> OccupantLoad:
        if self.rows and sum(row.persons for row in self.rows) != self.total:
            added = sum(row.persons for row in self.rows)
            raise ValueError(f"the rows' persons add up to {added}, not the total {self.total}")
        return self


def _validate(item: FormItem, value: Any) -> dict[str, Any]:
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = {"rows": [], "total": value}
    return OccupantLoad.model_validate(value).model_dump()


def row_text(row: dict[str, Any]) -> str:
    where = row["floor"] + (f" ({row['use']})" if row.get("use") and row["use"] != row["floor"] else "")
    area = f", {r.figure_text(row['area_m2'], 'm²')}" if row.get("area_m2") else ""
    posted = ", posted limit required" if row.get("posted_limit") else ""
    basis = f", {row['based_on']}" if row.get("based_on") else ""
    return f"{where}{area}: {row['persons']} persons{basis}{posted}"


def _describe(item: FormItem, value: Any) -> str:
    rows = "; ".join(row_text(row) for row in value.get("rows", []))
    text = f"{value['total']} persons" + (f" ({rows})" if rows else "")
    return text + (f". {value['note']}" if value.get("note") else "")


# --- Reading one row ------------------------------------------------------------------------------------

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


def _use_words(text: str) -> str:
    """The words naming a row's use, without figures, floors and filler ('Lobby')."""
    words = r.ESTIMATE.sub(" ", text)
    words = re.sub(r"[~≈±]|\+/-|\d[\d,.]*\s*(?:m2|m²|sm|sq\.?\s*(?:ft|m)|sf|ft2|ft|m|%|x)?", " ", words)
    words = r.FLOOR.sub(" ", words)
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
    floor = r.floor_name(label or text)
    use = find_use(_use_words(label)) if label else None
    body = text.split(":", 1)[1] if label else text
    use = use or find_use(_use_words(text))
    said = _use_words(label) if label and not floor else _use_words(body if label else text)
    if total_lead and not floor and use is None:
        rest = text[total_lead.end() :] if not label else body
        figures = [q for q in p.quantities(rest) if q.unit == ""]
        if figures and not any(q.unit in ("m2", "ft2") for q in p.quantities(rest)):
            return int(figures[0].value)
        return None
    row = LoadInput(name="", key="", floor=floor, use=use, use_said=said, line=segment.strip())
    row.estimate = m[0] if (m := r.ESTIMATE.search(text)) else ""
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
        named = r.FLOOR.search(text)
        bare = [
            q
            for q in p.quantities(text)
            if q.bare and not q.result and not (named and named.start() <= q.start < named.end())
        ]
        if len(bare) == 1:
            figure = r.figure_text(bare[0].value)
            row.problems.append(f"{figure} — is that the floor area in m² or in ft², or a number of persons?")
    name = (
        floor or (label if label and not total_lead else "") or (said[:1].upper() + said[1:] if said else "")
    )
    row.name = (name[:1].upper() + name[1:])[:60]
    if row.name:
        row.problems = [f"row '{row.name}': {problem}" for problem in row.problems]
    return row if (row.has_figures() or row.problems or use is not None or floor or label) else None


# --- The rows of a thread -------------------------------------------------------------------------------


@dataclass
class Book:
    """The rows of the thread so far, by key, with where each came from."""

    rows: dict[str, LoadInput] = field(default_factory=dict)
    origin: dict[str, int] = field(default_factory=dict)  # key -> index of the text it was last given in
    totals: list[tuple[int, int]] = field(default_factory=list)  # (text index, total)
    notes: list[str] = field(default_factory=list)


def _merge(old: LoadInput, new: LoadInput) -> LoadInput:
    """A row given again: what the new words give replaces, the rest is kept."""
    merged = LoadInput(name=old.name, key=old.key, floor=old.floor or new.floor)
    for attr in ("use", "area", "seats", "rooms", "design", "stated", "rate"):
        value = getattr(new, attr)
        setattr(merged, attr, value if value is not None else getattr(old, attr))
    merged.use_said = new.use_said if new.use is not None or new.use_said else old.use_said
    if new.use is None and not new.use_said:
        merged.use_said = old.use_said
    if new.area is not None and new.stated is None and new.design is None:
        merged.stated = None  # a new area: the persons are worked out again
    merged.estimate = new.estimate
    merged.group = new.group or old.group
    merged.principal_entrance = new.principal_entrance or old.principal_entrance
    merged.problems = list(new.problems)
    return merged


def _add(book: Book, row: LoadInput, index: int, previous: LoadInput | None) -> LoadInput:
    """Put a row in the book: a continuation, a revision of a row, or a row of its own."""
    if not row.name and previous is not None and book.origin.get(previous.key) == index:
        merged = _merge(previous, row)
        book.rows[previous.key] = merged
        return merged
    needing = [v for v in book.rows.values() if v.use is None and v.has_figures()]
    if (
        not row.has_figures()
        and not row.problems
        and r.floor_key(row.name or "-") not in book.rows
        and needing
    ):
        row.name = needing[0].name  # the use asked for ('It is a public corridor')
    if not row.name:
        row.name = f"Area {len(book.rows) + 1}"
    key = r.floor_key(row.name)
    existing = book.rows.get(key)
    if existing is not None and book.origin.get(key) == index and _different_use(existing, row):
        label = row.use_said or (row.use.label if row.use else "")
        row.name = f"{row.name} ({label})" if label else f"{row.name} ({len(book.rows) + 1})"
        key = r.floor_key(row.name)
        existing = book.rows.get(key)
    if existing is None and not row.floor:
        # a row named by its use may revise a recorded floor whose use it is
        same_use = [k for k, v in book.rows.items() if row.use and v.use and v.use.key == row.use.key]
        if len(same_use) == 1 and book.origin.get(same_use[0]) != index and not row.name.startswith("Area"):
            key = same_use[0]
            existing = book.rows[key]
    row.key = key
    merged = row if existing is None else _merge(existing, row)
    merged.key = key
    book.rows[key] = merged
    book.origin[key] = index
    return merged


def _revises(book: Book, row: LoadInput) -> bool:
    """Words without figures that name a use for a row already given ('Level 2 is offices')."""
    if row.use is None:
        return False
    if row.name and r.floor_key(row.name) in book.rows:
        return True
    needing = [v for v in book.rows.values() if v.use is None and v.has_figures()]
    return not row.floor and len(needing) == 1


def _different_use(a: LoadInput, b: LoadInput) -> bool:
    if a.use is not None and b.use is not None:
        return a.use.key != b.use.key
    return bool(a.use_said and b.use_said and a.use_said.casefold() != b.use_said.casefold())


def _recorded(state: ProjectState, section: str) -> dict[str, LoadInput]:
    """The recorded rows as inputs, so a revision works them out again."""
    rows: dict[str, LoadInput] = {}
    for key, row in r.earlier_rows(state, section, "rows", r.floor_key).items():
        use = find_use(str(row.get("use") or "")) if row.get("use") else None
        based = str(row.get("based_on") or "")
        item = LoadInput(name=str(row.get("floor")), key=key, use=use, group=str(row.get("occupancy") or ""))
        item.area = row.get("area_m2")
        persons = row.get("persons")
        if based.startswith("design"):
            item.design = persons if based != AS_GIVEN else None
            item.stated = persons if based == AS_GIVEN else None
        elif based == "fixed seats":
            item.seats = persons
        elif based.startswith("2 per"):
            item.rooms = (persons or 0) // 2
        elif use is None:
            item.stated = persons
        rows[key] = item
    return rows


def _table_rows(table: r.Table) -> tuple[list[LoadInput], list[r.CellProblem]]:
    rows: list[LoadInput] = []
    problems: list[r.CellProblem] = []
    headers = table.header or []
    found = r.classify_headers(headers, _HEADER_RULES)
    r.by_content(table, found, "name", "area", re.compile(r"\barea\b"))
    sizes = found.get("area", [])
    names = found.get("name", [])
    if not names and table.header is not None:
        names = [headers[0]] if headers and headers[0] not in sizes else []
    for index, record in enumerate(table.records(), start=1):
        name = next((record[h].strip() for h in names if record.get(h, "").strip()), "") or f"Area {index}"
        floor = r.floor_name(name)
        row = LoadInput(name=floor or name, key="", floor=floor, line=" ".join(record.values()))
        use_cells = [
            record[h] for h in found.get("use", []) + found.get("group", []) if record.get(h, "").strip()
        ]
        groups = [c for c in use_cells if _GROUP_CELL.fullmatch(c.strip())]
        use_cell = next((c for c in use_cells if c not in groups), "")
        row.use = find_use(use_cell) if use_cell else find_use(_use_words(name))
        row.use_said = use_cell.strip() or ("" if floor else name)
        if groups:
            row.group = re.sub(r"[\s\-–.]|group", "", groups[0], flags=re.I).upper()
        for field_name, attr, whole in (
            ("area", "area", False),
            ("seats", "seats", True),
            ("rooms", "rooms", True),
            ("design", "design", True),
            ("persons", "stated", True),
            ("rate", "rate", False),
        ):
            for header in found.get(field_name, []):
                cell = record.get(header, "")
                if r.BLANK.match(cell) or (whole and r.NOTHING.match(cell)):
                    continue
                got = r.number_cell(name, table.title(header), cell, unit=r.header_unit(header))
                if isinstance(got, r.CellProblem):
                    problems.append(got)
                    row.problems.append(got.text())
                else:
                    setattr(row, attr, round(got) if whole else got)
        if not row.has_figures() and not row.problems:
            continue
        rows.append(row)
    return rows, problems


_GROUP_CELL = re.compile(r"(?:group\s*)?[a-f](?:\s*[-–.]?\s*\d)?", re.I)
_HEADER_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("rate", re.compile(r"m[2²]?\s*/\s*p|per\s+person|/\s*person|\brate\b|factor|density", re.I)),
    ("seats", re.compile(r"seat", re.I)),
    ("rooms", re.compile(r"bed|sleeping", re.I)),
    ("design", re.compile(r"design", re.I)),
    ("ignore", re.compile(r"based|basis|posted|sign|method", re.I)),
    ("persons", re.compile(r"person|people|occupant|\bol\b|\bload\b|\bpax\b|\bcount\b", re.I)),
    ("group", re.compile(r"group|division|class", re.I)),
    ("use", re.compile(r"\buse\b|occupancy|function|type|description|activity", re.I)),
    (
        "area",
        re.compile(
            r"area\s*\(|\bgfa\b|size|m2|m²|sq\.?\s*(?:m|ft)|\bsf\b|ft2|ft²|floor\s+area|net|gross", re.I
        ),
    ),
    ("name", re.compile(r"floor|level|storey|story|location|room|space|zone|name|\barea\b", re.I)),
]


def read_occupant_load(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    book = Book(rows=_recorded(state, item.number))
    book.origin = {key: -1 for key in book.rows}
    cell_problems: dict[str, list[str]] = {}
    for index, text in enumerate(texts):
        text = _without_chat(item, text)
        table = r.pasted_table(text)
        pieces: list[LoadInput | int | str] = []
        if table is not None and table.header is not None:
            rows, _ = _table_rows(table)
            pieces.extend(rows)
            lines = r.segments(table.rest)
        else:
            lines = [", ".join(row) for row in table.body] if table is not None else []
            lines = r.segments(text) if table is None else lines + r.segments(table.rest)
        for line in lines:
            parsed = parse_segment(line)
            pieces.append(line if parsed is None else parsed)
        previous: LoadInput | None = None
        for piece in pieces:
            if isinstance(piece, str):
                if not r.is_chat(piece):
                    book.notes.append(piece)
                continue
            if isinstance(piece, int):
                book.totals.append((index, piece))
                continue
            if not (piece.has_figures() or piece.problems or (piece.floor and piece.use)) and not _revises(
                book, piece
            ):
                book.notes.append(piece.line)
                continue
            row = _add(book, piece, index, previous)
            cell_problems[row.key] = list(piece.problems)
            previous = row
        if table is None:
            stated = _TOTAL.search(text)
            if stated and not any(i == index for i, _ in book.totals):
                book.totals.append((index, _int(stated[1] or stated[2])))
    if not book.totals and not any(origin >= 0 for origin in book.origin.values()):
        return Reading(missing=_ASK)  # rows recorded earlier count only beside what this thread gives
    return _worked_out(item, book, cell_problems, state)


def _without_chat(item: FormItem, text: str) -> str:
    """The message without a leading 'For 3.18:'."""
    return re.sub(
        rf"^\W*(?:(?:for|re|item)\s+)?{re.escape(item.number)}\b\s*[,:;.—–-]*\s*",
        "",
        text.strip(),
        flags=re.I,
    )


@dataclass
class Worked:
    rows: list[dict[str, Any]] = field(default_factory=list)
    working: list[str] = field(default_factory=list)
    verify: list[str] = field(default_factory=list)
    rounded: bool = False  # some row's persons were rounded up
    hard: list[str] = field(default_factory=list)  # asked about, nothing offered
    soft: list[str] = field(default_factory=list)  # asked about, the reading offered for a yes
    reasons: list[str] = field(default_factory=list)


def _worked_out(
    item: FormItem, book: Book, cell_problems: dict[str, list[str]], state: ProjectState
) -> Reading:
    work = Worked()
    for key, row in book.rows.items():
        if cell_problems.get(key):
            work.hard.extend(cell_problems[key])
            continue
        _one_row(row, state, work)
    note = r.join_notes(r.recorded_note(state, item.number), *book.notes)
    if not book.rows and not work.hard:
        total = book.totals[-1][1] if book.totals else None
        if total is None:
            return Reading(missing=_ASK)
        building = _as_given("Building", total, _group(None, state))
        value = {"rows": [building], "total": total, "note": note}
        return Reading(
            missing=_ASK,
            offer=value,
            offer_reason=(
                f"{total} persons is a total without the uses and areas it comes from; on a yes it is "
                "recorded for the whole building as a design number as given, and whether a posted limit "
                "is required cannot be checked"
            ),
        )
    if work.hard:
        return Reading(missing="; ".join(dict.fromkeys(work.hard)))
    total = sum(row["persons"] for row in work.rows)
    latest_rows = max((i for i in book.origin.values()), default=-1)
    current = [t for i, t in book.totals if i >= latest_rows]  # a total said before newer rows is stale
    stated = current[-1] if current else None
    if stated is not None and stated != total:
        return Reading(
            missing=f"figures that add up: the rows come to {total} persons but you gave a total of {stated}"
        )
    value = {"rows": work.rows, "total": total, "note": note}
    if work.soft:
        return Reading(missing="; ".join(work.soft), offer=value, offer_reason="; ".join(work.reasons))
    rounding = (
        ["persons rounded up to whole persons (the code states no rounding rule)"] if work.rounded else []
    )
    notes = work.working + rounding + r.to_verify(work.verify)
    return Reading(value, True, confidence=0.85, notes=notes)


def _as_given(name: str, persons: int, group: str) -> dict[str, Any]:
    return {
        "floor": name,
        "occupancy": group,
        "use": "",
        "area_m2": None,
        "persons": persons,
        "based_on": AS_GIVEN,
        "posted_limit": False,
    }


def _one_row(row: LoadInput, state: ProjectState, work: Worked) -> None:
    name = row.name
    use = _storey_use(row)
    only_persons = row.stated is not None and row.area is None and not (row.seats or row.rooms or row.design)
    if only_persons and row.estimate:  # an estimated result: nothing to offer, the inputs are asked for
        need = "its floor area" if use is not None else "its use and floor area"
        work.hard.append(
            f"'{row.line}' is an estimate of the persons; give {need} (or its fixed seats or sleeping rooms)"
        )
        return
    if row.estimate:
        work.soft.append(f"row '{name}' is an estimate ('{row.estimate}'); give the exact figures")
        work.reasons.append(f"'{name}' taken as exact")
    if only_persons:
        assert row.stated is not None
        given = _as_given(name, row.stated, row.group or _group(use, state))
        given["use"] = use.label if use is not None else ""
        work.rows.append(given)
        need = "its floor area" if use is not None else "its use and floor area"
        work.soft.append(
            f"row '{name}': {row.stated} persons is a result; give {need} (or its fixed seats, sleeping "
            "rooms, or say it is a design number)"
        )
        work.reasons.append(f"'{name}': {row.stated} persons as given")
        return
    if use is None and row.area is not None and not (row.seats or row.rooms or row.design):
        said = f"'{row.use_said}' is not a use of Table 3.1.17.1; " if row.use_said else ""
        work.hard.append(
            f"row '{name}': {said}name its use (offices, classrooms, retail, storage, dining…) so the "
            "persons can be worked out from Table 3.1.17.1"
        )
        return
    if not row.has_figures():
        what = f"its {use.label} floor area in m²" if use is not None else "its use and floor area"
        work.hard.append(f"row '{name}': {what}")
        return
    try:
        result = _load(use, row)
    except CalcError as error:
        work.hard.append(f"row '{name}': {error.reason}")
        return
    if row.rate is not None and result.m2_per_person and abs(row.rate - result.m2_per_person) > 0.01:
        work.hard.append(
            f"row '{name}': you used {r.figure_text(row.rate)} m² per person, but Table 3.1.17.1 gives "
            f"{result.m2_per_person:.2f} for {result.use}; which is right? (say 'design number' if it is one)"
        )
        return
    if row.stated is not None and row.stated != result.persons:
        work.hard.append(
            f"row '{name}': you wrote {row.stated} persons, but {result.working()}; which is right?"
        )
        return
    counted = find_use(result.use) if result.use != "design number" else None
    work.rows.append(
        {
            "floor": name,
            "occupancy": row.group or _group(use or counted, state),
            "use": result.use if (use or counted) is not None else "",
            "area_m2": row.area,
            "persons": result.persons,
            "based_on": result.based_on,
            "posted_limit": result.posted_limit,
        }
    )
    work.working.append(f"{name}: {result.working()}")
    if use is not None and row.use is not None and use.key != row.use.key:
        work.working.append(f"{name}: {row.use.label} is read as {use.label} above the first storey")
    work.working.extend(f"{name}: {n}" for n in result.notes if "sign" in n)
    if result.unrounded is not None and result.unrounded != result.persons:
        work.rounded = True
    work.verify.extend(result.to_verify)


def _storey_use(row: LoadInput) -> Use | None:
    """Retail above the first storey takes 'other storeys', unless it has a principal entrance."""
    use = row.use
    if use is None or use.key != "mercantile_first" or row.principal_entrance:
        return use
    level = re.fullmatch(r"Level (\d+)", row.floor or "")
    if level and int(level[1]) >= 2:
        return next((u for u in uses() if u.key == "mercantile_other"), use)
    return use


def _load(use: Use | None, row: LoadInput) -> LoadResult:
    if row.seats is not None:
        return occupant_load(use or "fixed seats", row.area, seats=row.seats)
    if row.rooms is not None:
        return occupant_load(use or "dwelling units", row.area, sleeping_rooms=row.rooms)
    if row.design is not None:
        return occupant_load(use or "design", row.area, design=row.design)
    if use is None:
        raise CalcError("use", "name its use from Table 3.1.17.1")
    return occupant_load(use, row.area)


def _answers(state: ProjectState) -> dict[str, Any]:
    return {a.section: a.value for a in state.finalized_answers}


def _group(use: Use | None, state: ProjectState) -> str:
    groups = facts_from_answers(_answers(state)).groups
    if use is not None:
        fitting = [g for g in groups if g.startswith(use.group)]
        if fitting:
            return fitting[0]
        if use.group not in ("any", ""):
            return use.group
    return groups[0] if len(groups) == 1 else ""


def compute(item: FormItem, value: Any, state: ProjectState) -> Any:
    """Typed rows: persons left blank worked out from the use and area; others checked for a posted limit.

    Rows counted by fixed seats, sleeping rooms or a design number given as is keep their persons.
    """
    if not isinstance(value, dict) or not value.get("rows"):
        return value
    rows = []
    for row in value["rows"]:
        row = dict(row)
        based = str(row.get("based_on") or "")
        use = find_use(str(row.get("use") or row.get("floor") or ""))
        area = row.get("area_m2")
        counted = based in ("fixed seats", AS_GIVEN) or based.startswith("2 per")
        if use is not None and use.m2_per_person and area and not counted:
            persons = row.get("persons")
            try:
                result = occupant_load(use, float(area))
                if persons not in (None, "", 0) and int(persons) != result.persons:
                    result = occupant_load(use, float(area), design=int(persons))
            except CalcError as error:
                raise ValueError(f"row '{row.get('floor')}': {error.reason}") from None
            row.update(
                use=use.label,
                occupancy=row.get("occupancy") or _group(use, state),
                persons=result.persons,
                based_on=result.based_on,
                posted_limit=result.posted_limit,
            )
        elif row.get("persons") is None:
            raise ValueError(
                f"row '{row.get('floor')}' needs its persons, or a use and area to work them out"
            )
        rows.append(row)
    return {**value, "rows": rows, "total": sum(int(r["persons"]) for r in rows)}


_ASK = (
    "each floor or area's use and floor area in m² (or its fixed seats, sleeping rooms, or a design "
    "number of persons), one per line, so the persons can be worked out from Table 3.1.17.1"
)

OCCUPANT_LOAD = AnswerType(
    "occupant_load",
    "rows[] per floor or area (inputs use, area_m2 or seats/rooms/design) and total",
    lambda item: OccupantLoad.model_json_schema(),
    _validate,
    _describe,
    read_occupant_load,
    compute=compute,
)
ANSWER_TYPES = (OCCUPANT_LOAD,)
