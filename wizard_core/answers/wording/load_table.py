"""A pasted table of occupant load read into rows: its headers sorted into names, uses, areas,
seats, rooms, design numbers, persons and rates, and each record's cells read.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from wizard_core.answers.wording.floors import FLOOR, floor_name
from wizard_core.answers.wording.load_counts import fixed_seats, sleeping_rooms
from wizard_core.answers.wording.load_floors import floor_range
from wizard_core.answers.wording.load_line import POSTED, LoadInput, parse_segment
from wizard_core.answers.wording.load_names import use_words
from wizard_core.answers.wording.messages import (
    BLANK,
    NOTHING,
    CellProblem,
    Table,
    by_content,
    classify_headers,
    header_unit,
    number_cell,
)
from wizard_core.engine.occupancy import find_use


def table_rows(table: Table) -> list[LoadInput | int]:
    rows: list[LoadInput | int] = []
    headers = table.header or []
    found = classify_headers(headers, _HEADER_RULES)
    by_content(table, found, "name", "area", re.compile(r"\barea\b"))
    sizes = found.get("area", [])
    if not found.get("name") and found.get("floor"):  # "| Level | Occupancy | Area m2 |": it names the rows
        found["name"] = found.pop("floor")
    names = found.get("name", [])
    if not names and table.header is not None:
        names = [headers[0]] if headers and headers[0] not in sizes else []
    uses_of = found.get("use", [])

    def said(record: dict[str, str]) -> tuple[str, ...]:
        return tuple(record.get(h, "").strip() for h in found.get("floor", []) + names)

    # rows a table names alike ('L1 | Existing | res. care', 'L1 | Existing | admin'): kept apart by their use
    alike = Counter(said(record) for record in table.records())
    for index, record in enumerate(table.records(), start=1):
        name = _first_cell(record, names) or f"Area {index}"
        use_said = _first_cell(record, uses_of)
        if alike[said(record)] > 1 and use_said and use_said.casefold() not in name.casefold():
            name = f"{name}, {use_said}" if name != f"Area {index}" else use_said
        named = name  # the row's own cell ('Offices, 60 m²'), before its floor is put in front
        floor = floor_name(name)
        on_floor = _first_cell(record, found.get("floor", []))
        if on_floor and not floor:  # "L1 | exist clsrms | 620": the floor's column, then the room
            floor = floor_name(on_floor) or on_floor
            name = f"{floor} ({name})"
        said_total = _TOTAL_ROW.match(name) or any(_TOTAL_CELL.fullmatch(c) for c in record.values())
        # '| | | **1 100 m²** | | **222** |' under the rows: a record naming nothing, its persons their sum
        unnamed = not _first_cell(record, names) and not use_said and not on_floor
        said_total = said_total or (unnamed and _total_of(record) == _persons_before(rows))
        if said_total and (total := _total_of(record)) is not None:  # '| | Total | 750 m² | | 138 |' too
            rows.append(total)  # 'Total | | | | 625': the building's total, no row
            continue
        # 'Ground floor (existing)' beside 'Ground floor (new wing)', 'Ground, amenity room and lobby' beside
        # 'Ground, suites': the words besides the floor keep the rows apart
        rest = re.sub(r"^[\W\d]+|[\W]+$", "", FLOOR.sub(" ", re.sub(r"\([^()]*\d[^()]*\)", " ", name)))
        wing = _QUALIFIED.search(name) is not None  # kept as written: 'Second floor (new wing)'
        beside = bool(floor) and (wing or bool(rest))
        # ('MEZZ STORAGE' on the level 'L01M - MEZZ': the mezzanine's storage)
        if beside and not wing and (not on_floor or floor_name(on_floor) == floor):
            name = f"{floor} ({rest})"
        row = LoadInput(
            name=name if on_floor or beside else floor or name,
            key="",
            floor=floor,
            line=" ".join(record.values()),
        )
        # a cell of its own saying so: 'POSTED', 'POSTED - max staff on shift'
        row.posted = (
            bool(POSTED.search(row.line))
            or any(_POSTED_CELL.match(c) for c in record.values())
            # a 'Posted' column's 'Yes' ('"Posted"' over '"Yes"' in a model's schedule)
            or any(_POSTED_HEADER.search(h) and _YES_CELL.fullmatch(record.get(h, "")) for h in headers)
        )
        use_cells = [
            record[h] for h in found.get("use", []) + found.get("group", []) if record.get(h, "").strip()
        ]
        groups = [c for c in use_cells if _GROUP_CELL.fullmatch(c.strip())]
        use_cell = next((c for c in use_cells if c not in groups), "")
        row.use = find_use(use_cell) if use_cell else find_use(use_words(named))
        row.use_said = use_cell.strip() or ("" if floor_name(named) else named)
        if groups:
            row.group = re.sub(r"[\s\-–.]|group", "", groups[0], flags=re.I).upper()
        design = False
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
                if BLANK.match(cell) or (whole and NOTHING.match(cell)):
                    continue
                if field_name == "rate" and _DESIGN_CELL.match(cell):  # 'design' where a rate would be
                    design = True
                    continue
                if field_name == "area" and (bench := _BENCH_LENGTH.search(cell)):
                    # '72.0 m of pew ÷ 0.45 m': fixed bench seats by their length (3.1.17.1.(1)(a))
                    row.seats = int(float(bench[1]) / float(bench[2]) + 1e-9)
                    continue
                cell = _result_of(cell) if whole else cell
                got = number_cell(name, table.title(header), cell, unit=header_unit(header))
                if isinstance(got, CellProblem):
                    row.problems.append(got.text())
                else:
                    setattr(row, attr, round(got) if whole else got)
        for header in found.get("ignore", []):  # a 'Basis' column: a rate ('1.20'), 'design', seats
            cell = record.get(header, "") if _BASIS.search(header) else ""
            rated = _RATE_CELL.fullmatch(cell) or _RATE_NAMED.fullmatch(cell)
            if rated and row.rate is None:
                row.rate = float(rated[1])
            basis = find_use(rated[2]) if rated and rated.lastindex == 2 else None
            if (named_rate := _NAMED_RATE.fullmatch(cell)) and not rated:
                row.rate = float(named_rate["rate"]) if row.rate is None else row.rate
                basis = find_use(named_rate["use"])
            if basis is not None and (row.use is None or basis.m2_per_person == row.rate):
                row.use = basis  # '0.95 m²/person (non-fixed seats and tables)': the use its figure is of
            design = design or bool(_DESIGN_CELL.match(cell))
            seats = fixed_seats(cell)  # '212 fixed seats' as the basis, '+ 4 wheelchair spaces' with them
            if seats is not None and row.seats is None:
                row.seats = seats
            # the basis written out: '12 bedrooms x 2', '65 m² @ 1.85 m²/person'
            rooms = sleeping_rooms(cell) if cell and seats is None else None
            if rooms is not None and row.rooms is None and re.search(r"bed|sleeping|\bbr\b", cell, re.I):
                row.rooms = rooms
            in_basis = _inline_area(cell) if cell else None
            if in_basis is not None and row.area is None:
                row.area = in_basis
            at = _RATE_AT.search(cell) if cell else None
            if at and row.rate is None:
                row.rate = float(at[1])
        for header in found.get("remarks", []):  # 'clinic, 780 m2 @ 9.30 = 83.9': the row's working
            _from_remark(row, record.get(header, ""))
        said_in_use = " ".join(use_cells).replace("×", "x")  # '8 apartments — 4 × 1-bed, 4 × 2-bed'
        if row.rooms is None and row.area is None and re.search(r"bed|sleeping|\bbr\b", said_in_use, re.I):
            row.rooms = sleeping_rooms(said_in_use)
        if design and row.design is None and row.stated is not None:
            row.design, row.stated = row.stated, None
        inline = _inline_area(" ".join([*use_cells, named]))
        if row.area is None and not sizes and inline is not None:  # "garage 2300 m2" in the use's cell
            row.area = inline
        if not row.has_figures() and not row.problems:
            continue
        each = floor_range(named) if _EACH.search(named) else []
        if len(each) > 1:  # 'Levels 2 to 6, each | … | 42': a row for every floor of the range
            rows.extend(replace(row, name=level, floor=level) for level in each)
            continue
        rows.append(row)
    return rows


def _from_remark(row: LoadInput, cell: str) -> None:
    """The use, area and rate a remark beside a row gives ('clinic, 780 m2 @ 9.30 = 83.9'), where the
    row's own cells give none; a remark giving none of them changes nothing."""
    said = parse_segment(cell) if cell.strip() else None
    if not isinstance(said, LoadInput) or said.problems:
        return
    if row.area is None and said.area is not None:
        row.area = said.area
    if row.rate is None and said.rate is not None:
        row.rate = said.rate
    if row.use is None and said.use is not None:
        row.use, row.use_said = said.use, row.use_said or said.use_said


def _first_cell(record: dict[str, str], headers: list[str]) -> str:
    """The first of ``headers``' cells the record fills, stripped ('' when it fills none)."""
    return next((record[h].strip() for h in headers if record.get(h, "").strip()), "")


_EACH = re.compile(r"\b(?:each|every|per\s+(?:floor|storey|level)|typical)\b", re.I)


def _result_of(cell: str) -> str:
    """A count's cell with its working shown, as its result: '41.9 -> 42' as '42', '30 (20 bays x
    ~1.5 techs), posting the sign' as '30'; the working in brackets and a remark after it are no
    part of the figure."""
    bare = re.sub(r"\([^)]*\)", " ", cell)
    bare = re.split(r",\s*(?=[a-z])", bare, maxsplit=1, flags=re.I)[0]
    chain = re.split(r"\s*(?:->|→|=)\s*", bare.strip())
    return chain[-1] if len(chain) > 1 else bare


_DESIGN_CELL = re.compile(r"\s*design\b", re.I)
_QUALIFIED = re.compile(r"\((?:existing|new|addition|wing|reno\w*)[^()]*\)", re.I)
_POSTED_HEADER = re.compile(r"\bposted\b|\bsign(?:ed|age)?\b", re.I)
_YES_CELL = re.compile(r"\s*(?:yes|y|x|✓|✔|true)\s*", re.I)
_POSTED_CELL = re.compile(r"\W*posted\b(?!\s+(?:limit|sign)\s*(?:n/?a|none|no)\b)", re.I)
_TOTAL_ROW = re.compile(r"\W*(?:total|sum|building\s+total)\b", re.I)
_TOTAL_CELL = re.compile(r"\W*(?:totals?|sum|building\s+total)\W*", re.I)
_BASIS = re.compile(r"bas(?:is|ed)|method", re.I)
# a length of bench seating divided by the width a person takes: '72.0 m of pew ÷ 0.45 m'
_BENCH_LENGTH = re.compile(
    r"(\d+(?:\.\d+)?)\s*m\s+(?:of\s+)?(?:pews?|bench(?:es)?|bleachers?|bench\s+seating)\s*(?:÷|/)\s*"
    r"(0?\.4\d)\s*m?\b",
    re.I,
)
_RATE_AT = re.compile(r"(?:@|\bat\b)\s*(\d+(?:\.\d+)?)\s*(?:m2|m²)?\s*/\s*p(?:erson)?\b", re.I)
_RATE_CELL = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(?:m2|m²)?\s*(?:/\s*p(?:erson)?)?\s*", re.I)
# a rate and the use of the table it is the figure of: '2.80 m²/person (exhibition hall)'
_RATE_NAMED = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(?:m2|m²)\s*/\s*p(?:erson)?\b\W*([^\d()]+?)\W*", re.I)
# the use, then its figure: 'warehouse storage 28.0', 'offices 9.30', 'mercantile, 1st storey 3.70'
_NAMED_RATE = re.compile(
    r"\s*(?P<use>[a-z][^\d()]*?(?:\d(?:st|nd|rd|th)\s+\w+)?)\W*(?P<rate>\d+\.\d+)\s*(?:m2|m²)?"
    r"(?:\s*/\s*p(?:erson)?)?\s*",
    re.I,
)


def _persons_before(rows: list[LoadInput | int]) -> int | None:
    """The persons of the rows read so far added up, when each states them; None otherwise."""
    stated = [row.stated for row in rows if isinstance(row, LoadInput)]
    return sum(stated) if stated and None not in stated else None  # type: ignore[arg-type]


def _total_of(record: dict[str, str]) -> int | None:
    """The one whole number a total's record holds ('Total | | | | 625'), or the one in its persons column
    ('TOTAL | | 2,280 | | 182' under '… | Floor area (m²) | … | Occupant Load (persons)')."""
    whole = re.compile(r"\s*\d[\d,]*\s*")
    figures = [c.strip().replace(",", "") for c in record.values() if whole.fullmatch(c)]
    if len(figures) == 1:
        return int(figures[0])
    persons = [
        c.strip().replace(",", "") for h, c in record.items() if _PERSONS.search(h) and whole.fullmatch(c)
    ]
    return int(persons[0]) if len(persons) == 1 else None


_PERSONS = re.compile(r"person|people|occupant\s+load|\bload\b|\bol\b", re.I)


_AREA_IN_CELL = re.compile(  # (not a rate: '0.95 m²/person')
    r"(?<![\d.,])(\d[\d,]*(?:\.\d+)?)\s*(?:m2|m²|sq\.?\s*m\b|sm\b)(?!\s*/|\s*(?:per|a)\s+p)", re.I
)


def _inline_area(text: str) -> float | None:
    """The area a name or use cell gives ('garage 2300 m2'): with its working shown ('6 × 38 m² = 228 m²'),
    the area it comes to."""
    found = list(_AREA_IN_CELL.finditer(text))
    if not found:
        return None
    results = [m for m in found if re.search(r"(?:=|→|->)\s*$", text[: m.start()])]
    return float((results or found)[-1 if results else 0][1].replace(",", ""))


_GROUP_CELL = re.compile(r"(?:group\s*)?[a-f](?:\s*[-–.]?\s*\d)?", re.I)
_HEADER_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("remarks", re.compile(r"^\W*(?:remarks?|comments?|notes?)\W*$", re.I)),
    ("rate", re.compile(r"m[2²]?\s*/\s*p|per\s+person|/\s*person|\brate\b|factor|density", re.I)),
    ("seats", re.compile(r"seat", re.I)),
    ("rooms", re.compile(r"bed|sleeping", re.I)),
    ("design", re.compile(r"design", re.I)),
    ("ignore", re.compile(r"based|basis|posted|sign|method", re.I)),
    ("persons", re.compile(r"person|people|\bppl\b|occupant|\bol\b|\bload\b|\bpax\b|\bcount\b", re.I)),
    ("group", re.compile(r"(?<!room\s)(?<!space\s)group|division|class", re.I)),  # not a 'Room Group' name
    ("use", re.compile(r"\buse\b|occupancy|function|type|description|activity|^\W*what\W*$", re.I)),
    (
        "area",
        re.compile(
            r"area\s*\(|\bgfa\b|size|m2|m²|sq\.?\s*(?:m|ft)|\bsf\b|ft2|ft²|floor\s+area|net|gross", re.I
        ),
    ),
    # the part of the building a row is in: 'Part', 'Wing', 'Phase' (its cells 'Existing', 'New wing')
    (
        "name",
        re.compile(r"^\W*(?:part|wing|phase|block|section|bldg|building|exist(?:ing)?\s*/\s*new)\W*$", re.I),
    ),
    # a column of its own for the floor ("flr", "level") beside the room's name
    ("floor", re.compile(r"^\W*(?:floor|flr|fl|level|lvl|lev|storey|story|stry)\W*$", re.I)),
    ("name", re.compile(r"floor|level|storey|story|location|room|space|zone|name|\barea\b", re.I)),
]
