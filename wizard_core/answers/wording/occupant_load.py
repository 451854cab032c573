"""The rows of occupant load (3.18) a thread gives: lines and pasted tables, merged by floor or area.

A row given again replaces what the new words give and keeps the rest; words without figures may
name the use of a row given before ('Level 2 is offices'); the recorded rows are read back as
inputs, so a revision works them out again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from wizard_core.answers.rows import earlier_rows
from wizard_core.answers.wording.floors import floor_key, floor_name
from wizard_core.answers.wording.load_line import (
    LoadInput,
    parse_segment,
    split_uses,
    stated_total,
    use_words,
)
from wizard_core.answers.wording.load_rates import STATEMENT, Rate, apply_rates, rates_noted
from wizard_core.answers.wording.messages import (
    BLANK,
    NOTHING,
    CellProblem,
    Table,
    by_content,
    classify_headers,
    header_unit,
    message_rows,
    number_cell,
    pasted_table,
    segments,
    without_heading,
)
from wizard_core.engine.occupancy_uses import find_use
from wizard_core.models import ProjectState

AS_GIVEN = "design number (as given)"


@dataclass
class Book:
    """The rows of the thread so far, by key, with where each came from."""

    rows: dict[str, LoadInput] = field(default_factory=dict)
    origin: dict[str, int] = field(default_factory=dict)  # key -> index of the text it was last given in
    totals: list[tuple[int, int]] = field(default_factory=list)  # (text index, total)
    notes: list[str] = field(default_factory=list)
    problems: dict[str, list[str]] = field(default_factory=dict)  # key -> what its cells or words lack


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
    if not row.has_figures() and not row.problems and floor_key(row.name or "-") not in book.rows and needing:
        row.name = needing[0].name  # the use asked for ('It is a public corridor')
    if not row.name:
        row.name = f"Area {len(book.rows) + 1}"
    key = floor_key(row.name)
    existing = book.rows.get(key)
    if (
        existing is not None
        and book.origin.get(key) == index
        and (_different_use(existing, row) or _beside(existing, row))
    ):
        said = row.use_said if row.use_said.casefold() != existing.use_said.casefold() else _own_words(row)
        label = said or (row.use.label if row.use else "")
        row.name = f"{row.name} ({label})" if label else f"{row.name} ({len(book.rows) + 1})"
        key = floor_key(row.name)
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
    if row.name and floor_key(row.name) in book.rows:
        return True
    needing = [v for v in book.rows.values() if v.use is None and v.has_figures()]
    return not row.floor and len(needing) == 1


def _name_by_own_words(book: Book, index: int) -> None:
    """A floor given several rows in one message: the row named by the floor alone takes its own words
    too ('Ground floor (aud 1)' beside 'Ground floor (aud 2)'), so each row can be told apart later."""
    rows = [(k, r) for k, r in book.rows.items() if book.origin.get(k) == index]
    for key, row in rows:
        if not row.floor or row.name != row.floor or row.same_as:
            continue
        siblings = [r for k, r in rows if k != key and r.floor == row.floor]
        words = _own_words(row)
        if not siblings or not words or floor_name(words) or words == row.name.casefold():
            continue
        row.name = f"{row.floor} ({words})"
        new_key = floor_key(row.name)
        if new_key not in book.rows:
            book.rows = {new_key if k == key else k: v for k, v in book.rows.items()}
            book.origin[new_key] = book.origin.pop(key)
            book.problems[new_key] = book.problems.pop(key, [])
            row.key = new_key


def _beside(a: LoadInput, b: LoadInput) -> bool:
    """Two rows of one floor in one message, each with its own figures, said in other words: two rows
    ('the bank 420 m2 … and the management office 85 m2', 'aud 1, 120 seats' and 'aud 2, 90 seats'),
    not one said again."""
    return a.has_figures() and b.has_figures() and bool(_own_words(b)) and _own_words(a) != _own_words(b)


def _own_words(row: LoadInput) -> str:
    """The words a row names itself by after its floor ('aud 2' of 'ground: aud 2, 90 fixed seats')."""
    body = row.line.split(":", 1)[1] if ":" in row.line[:40] else row.line
    first = re.split(
        r",|\(|\s\d[\d,.]*\s*(?:m2|m²|sm|sf|sq|ft|fixed|seats?|@)", body.strip(" -"), maxsplit=1
    )[0]
    first = re.sub(
        r"^(?:the|our|a|an)\s+|\s+(?:is|are|at|of|has|with)$", "", re.sub(r"\s+", " ", first).strip(" -")
    )
    return first.casefold() or row.use_said.casefold()


def _different_use(a: LoadInput, b: LoadInput) -> bool:
    if a.use is not None and b.use is not None:
        return a.use.key != b.use.key
    return bool(a.use_said and b.use_said and a.use_said.casefold() != b.use_said.casefold())


def _recorded(state: ProjectState, section: str) -> dict[str, LoadInput]:
    """The recorded rows as inputs, so a revision works them out again."""
    rows: dict[str, LoadInput] = {}
    for key, row in earlier_rows(state, section, "rows", floor_key).items():
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


def _table_rows(table: Table) -> list[LoadInput]:
    rows: list[LoadInput] = []
    headers = table.header or []
    found = classify_headers(headers, _HEADER_RULES)
    by_content(table, found, "name", "area", re.compile(r"\barea\b"))
    sizes = found.get("area", [])
    names = found.get("name", [])
    if not names and table.header is not None:
        names = [headers[0]] if headers and headers[0] not in sizes else []
    for index, record in enumerate(table.records(), start=1):
        name = next((record[h].strip() for h in names if record.get(h, "").strip()), "") or f"Area {index}"
        floor = floor_name(name)
        row = LoadInput(name=floor or name, key="", floor=floor, line=" ".join(record.values()))
        use_cells = [
            record[h] for h in found.get("use", []) + found.get("group", []) if record.get(h, "").strip()
        ]
        groups = [c for c in use_cells if _GROUP_CELL.fullmatch(c.strip())]
        use_cell = next((c for c in use_cells if c not in groups), "")
        row.use = find_use(use_cell) if use_cell else find_use(use_words(name))
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
                if BLANK.match(cell) or (whole and NOTHING.match(cell)):
                    continue
                got = number_cell(name, table.title(header), cell, unit=header_unit(header))
                if isinstance(got, CellProblem):
                    row.problems.append(got.text())
                else:
                    setattr(row, attr, round(got) if whole else got)
        if not row.has_figures() and not row.problems:
            continue
        rows.append(row)
    return rows


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


_SLASH = re.compile(r"\s+/\s+(?=[^\d\s])")  # ' / bsmt …': not ' / 28 = …', a division
_DONE = re.compile(
    r"^\W*(?:that'?s|that\s+is|those\s+are)\s+(?:all|it|everything)\b.{0,30}$"
    r"|^\W*(?:no\s+(?:other|more)\s+(?:floors?|levels?|storeys?|areas?|rows?)|nothing\s+else|none\s+else|done)\W*$",
    re.I,
)


def _labelled_lines(text: str) -> str:
    """A pasted table without a header, each line as 'first cell: the other cells', so the first cell
    ('plant floor (machining)', 'L3-L6') names its row as the consultant wrote it."""
    table = pasted_table(text)
    if table is None or table.header is not None:
        return text
    lines = []
    for row in table.body:
        rest = ", ".join(cell for cell in row[1:] if cell.strip())
        lines.append(f"{row[0]}: {rest}" if row[0].strip() else rest)
    return "\n".join(lines + ([table.rest] if table.rest else []))


def _split_rows(text: str) -> str:
    """Rows written on one line as a line each: ' / ' between rows ('main 1,180 m2 offices = 127 / bsmt
    316 m2 storage = 7 / total 134'; not 'lockers / bike rm' or '3,330 m2 / 28') and uses with their own
    areas ('classrooms 520 m2, plus the admin offices at 90 m2')."""
    if pasted_table(text) is not None:
        return text
    lines, split = [], False
    for segment in segments(text):
        parts = _SLASH.split(segment) if " / " in segment else [segment]
        rows = [parse_segment(part) for part in parts]
        own = [
            isinstance(row, int) or (isinstance(row, LoadInput) and row.has_figures() and not row.problems)
            for row in rows
        ]
        if len(parts) < 2 or not all(own):
            parts = [segment]
        for part in parts:
            pieces = split_uses(part)
            split = split or len(pieces) > 1 or len(parts) > 1
            lines.extend(pieces)
    return "\n".join(lines) if split else text


def _copies(book: Book, piece: LoadInput, previous: LoadInput | None) -> list[LoadInput]:
    """The rows a row 'same as L2' or 'L3-L6 …' stands for: one per floor, each a copy of its source."""
    targets = piece.floors or [piece.floor]
    if not piece.same_as:
        sources = [piece]
    elif piece.same_as == "previous":
        sources = [previous] if previous is not None else list(book.rows.values())[-1:]
    else:
        key = floor_key(piece.same_as)
        sources = [v for v in book.rows.values() if floor_key(v.floor or floor_name(v.name) or v.name) == key]
    if not sources:
        missing = LoadInput(name=targets[0], key="", floor=targets[0], line=piece.line)
        missing.problems = [f"row '{targets[0]}': {piece.same_as} has not been given; give its use and area"]
        return [missing]
    copies = []
    for floor in targets:
        for source in sources:
            said = source.name
            if source.floor and said.startswith(source.floor):
                name = floor + said[len(source.floor) :]
            else:
                name = floor if len(sources) == 1 else f"{floor} ({said})"
            copy = LoadInput(name=name, key="", floor=floor, line=piece.line)
            for attr in ("use", "use_said", "area", "seats", "rooms", "design", "stated", "rate", "group"):
                setattr(copy, attr, getattr(source, attr))
            copy.principal_entrance = source.principal_entrance
            if piece is not source and len(sources) == 1:  # the row's own words win ('offices, same as L2')
                for attr in ("area", "seats", "rooms", "design", "stated", "rate"):
                    if getattr(piece, attr) is not None:
                        setattr(copy, attr, getattr(piece, attr))
                copy.use = piece.use or copy.use
                copy.group = piece.group or copy.group
            copy.problems = [p.replace(f"'{piece.name}'", f"'{name}'") for p in piece.problems]
            copies.append(copy)
    return copies


def _heading(piece: LoadInput) -> bool:
    """A floor's name with nothing else ('ground:', 'all ground flr:', 'Mezzanine -'): the rows after it
    are on that floor."""
    return (
        bool(piece.floor)
        and piece.use is None
        and not piece.has_figures()
        and not piece.floors
        and bool(re.fullmatch(r"\W*(?:all|the|on\s+the)?\s*[^:]{0,30}[:\-–]\s*", piece.line))
    )


def _row_or_note(segment: str) -> LoadInput | int | None:
    """A row or total, or None for a note of the rates used ('I used 9.30 for the offices')."""
    return None if STATEMENT.match(segment) and not _AREA.search(segment) else parse_segment(segment)


_AREA = re.compile(r"\d\s*(?:m2|m²|sm|sf|sq\.?\s*(?:ft|m)|ft2)(?!\s*(?:/|per|a\s+person))", re.I)


def read_book(number: str, texts: list[str], state: ProjectState) -> Book:
    """The rows of item ``number`` the thread's ``texts`` give (oldest first), merged with those recorded."""
    book = Book(rows=_recorded(state, number))
    book.origin = {key: -1 for key in book.rows}
    pieces: list[LoadInput | int | str]  # declared: mypy would join a row and a total to object
    for index, text in enumerate(texts):
        text = _split_rows(_labelled_lines(without_heading(text, number)))
        table, pieces = message_rows(text, _table_rows, _row_or_note)
        previous: LoadInput | None = None
        rates: list[Rate] = []
        heading = ""  # 'ground:' on a line of its own, the rows under it on that floor
        for piece in pieces:
            if isinstance(piece, LoadInput) and _heading(piece):
                heading = piece.floor
                continue
            if isinstance(piece, LoadInput) and heading and not piece.floor and not piece.same_as:
                piece.floor = heading
                piece.name = (
                    f"{heading} ({piece.name[:1].lower()}{piece.name[1:]})" if piece.name else heading
                )
            if isinstance(piece, str):
                rates.extend(rates_noted(piece))
                if not _DONE.match(piece):
                    book.notes.append(piece)
                continue
            if isinstance(piece, int):
                book.totals.append((index, piece))
                continue
            if piece.same_as or len(piece.floors) > 1:
                for copy in _copies(book, piece, previous):
                    row = _add(book, copy, index, None)
                    book.problems[row.key] = list(copy.problems)
                    previous = row
                continue
            if not (piece.has_figures() or piece.problems or (piece.floor and piece.use)) and not _revises(
                book, piece
            ):
                book.notes.append(piece.line)
                continue
            row = _add(book, piece, index, previous)
            book.problems[row.key] = list(piece.problems)
            previous = row
        apply_rates([row for key, row in book.rows.items() if book.origin.get(key) == index], rates)
        _name_by_own_words(book, index)
        if table is None and not any(i == index for i, _ in book.totals):
            total = stated_total(text)
            if total is not None:
                book.totals.append((index, total))
    return book
