"""The rows of occupant load (3.18) a thread gives: lines and pasted tables, merged by floor or area.

A row given again replaces what the new words give and keeps the rest; words without figures may
name the use of a row given before ('Level 2 is offices'); the recorded rows are read back as
inputs, so a revision works them out again.
"""

from __future__ import annotations

import re

from wizard_core.answers.rows import earlier_rows
from wizard_core.answers.wording.floors import floor_key, floor_name
from wizard_core.answers.wording.load_book import Book, add_row, name_by_own_words, revises
from wizard_core.answers.wording.load_line import POSTED, LoadInput, parse_segment, without_other_sources
from wizard_core.answers.wording.load_names import only_floor
from wizard_core.answers.wording.load_places import everywhere_floor, lowered, whole_building
from wizard_core.answers.wording.load_rates import STATEMENT, Rate, apply_rates, rates_noted
from wizard_core.answers.wording.load_split import split_sentences, split_uses
from wizard_core.answers.wording.load_table import table_rows
from wizard_core.answers.wording.load_totals import TOTAL_LEAD, stated_total
from wizard_core.answers.wording.messages import (
    message_parts,
    pasted_table,
    segments,
    unnumbered,
    without_heading,
)
from wizard_core.engine.occupancy_uses import find_use
from wizard_core.models import ProjectState

AS_GIVEN = "design number (as given)"


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
            item.posted = bool(row.get("posted_limit"))
        elif based == "fixed seats":
            item.seats = persons
        elif based.startswith("2 per"):
            item.rooms = (persons or 0) // 2
        elif use is None:
            item.stated = persons
        rows[key] = item
    return rows


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
    for line in text.splitlines():  # in the order written: a floor's name over its rows stays over them
        if "\t" not in line and "|" not in line:
            lines.append(line)
            continue
        row = [cell.strip() for cell in re.split(r"\t|\|", line.strip().strip("|"))]
        rest = ", ".join(cell for cell in row[1:] if cell)
        lines.append(f"{row[0]}: {rest}" if row[0] else rest)
    return "\n".join(lines)


# 'also on the ground floor:', 'and at level 2:': the floor a lead names, after words leading to it
_FILLER = re.compile(r"^\W*(?:(?:also|and|then|plus|next|on|at|in|for|the)\s+)+", re.I)
_FLOOR_LEAD = re.compile(r"^\W*([^:;–—-]{1,24}?)\s*(?::|\s[–—-]+)\s+")


_SENTENCE_LEAD = re.compile(r"(?<=[a-z0-9%²)])\.\s+(?=([^.;:\n()]{1,30}):\s)")


def _at_floor_leads(text: str) -> str:
    """``text`` with a line started at each sentence opening on a floor and a colon ('… so 41. first
    storey: the offices …'), so its rows after semicolons are carried on that floor too."""
    return _SENTENCE_LEAD.sub(lambda m: ".\n" if only_floor(m[1]) and floor_name(m[1]) else m[0], text)


# the part of the building a floor is of, before or after it ('Existing wing, 1st floor', 'Addition – L2')
_PART = re.compile(
    r"\b(?:existing|new|old|original|addition|add'?n|wing|extension|annex|building|block|tower|podium)\b",
    re.I,
)


def _floor_carried(text: str) -> str:
    """A line opening on its floor whose rows follow one another after semicolons ('Basement – kitchen
    420 m² …; stores 4,130 m² …; MDRD 520 m² …'): each row naming no floor of its own on that floor."""
    lines = []
    for line in _at_floor_leads(text).splitlines():
        lead = _FLOOR_LEAD.match(line)
        floor_lead = lead is not None and floor_name(lead[1]) and only_floor(_PART.sub(" ", lead[1]))
        if lead is None or ";" not in line or not floor_lead:
            lines.append(line)
            continue
        parts = line.split(";")
        said = _FILLER.sub("", lead[1]).strip()
        carried = [f"{said} – {part.strip()}" if _carried_on(part) else part for part in parts[1:]]
        if carried == parts[1:]:
            lines.append(line)  # every row names its floor, or the rest is a total: the line as it is
            continue
        lines.extend([parts[0], *carried])
    return "\n".join(lines)


# a clause after a semicolon that goes on with the row before it: the Table's rate or figure, a design
# number, the result ('Stage: 150 m² ; T @ 0.75 → 200 ; design 40 → 40, posted')
_GOES_ON = re.compile(
    r"^\s*(?:(?:T|tbl|table)(?:\s*3\.1\.17\.1)?\s*(?:@|at\b)|@|(?:→|->|⇒|=>)|design\b|posted\b|"
    r"no\s+(?:T|table)\s+(?:row|use|entry)\b)",
    re.I,
)


def _carried_on(part: str) -> bool:
    """A row after a semicolon that names no floor of its own in its own sentence."""
    return _row_of_its_own(part) and not floor_name(_first_sentence(part))


def _first_sentence(part: str) -> str:
    """A row's own sentence, not the next one it runs into ('… so 18. level 2 has …')."""
    return _SEGMENT_STOP.split(part, maxsplit=1)[0]


_SEGMENT_STOP = re.compile(r"(?<=[a-z0-9%²)])\.\s+(?=[a-z])", re.I)


def _clauses_joined(text: str) -> str:
    """A row written in clauses after semicolons as one row: a clause going on with the row before it
    (see ``_GOES_ON``) and naming no floor of its own is joined to it with a comma."""
    lines = []
    for line in text.splitlines():
        parts = line.split(";")
        joined = [parts[0]]
        for part in parts[1:]:
            if _GOES_ON.match(part) and not floor_name(part):
                joined[-1] = f"{joined[-1].rstrip()}, {part.strip()}"
            else:
                joined.append(part)
        lines.append(";".join(joined))
    return "\n".join(lines)


def _row_of_its_own(part: str) -> bool:
    """A part of a line that is a row, not the total ('total 168')."""
    return not TOTAL_LEAD.match(part) and isinstance(parse_segment(part), LoadInput)


def _split_rows(text: str) -> str:
    """Rows written on one line as a line each: ' / ' between rows ('main 1,180 m2 offices = 127 / bsmt
    316 m2 storage = 7 / total 134'; not 'lockers / bike rm' or '3,330 m2 / 28'), sentences each ending on
    their own persons and uses with their own areas ('classrooms 520 m2, plus the admin offices at 90 m2')."""
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
            sentences = split_sentences(part)
            pieces = [piece for sentence in sentences for piece in split_uses(sentence)]
            split = split or len(pieces) > 1 or len(parts) > 1
            lines.extend(pieces)
    return "\n".join(lines) if split else text


def _posts_the_row_before(sentence: str, row: LoadInput) -> bool:
    """Whether a sentence after a row with a design number says that number will be posted ('The table
    would give 147, so 80 will be posted' after 'designed for 80 chairs')."""
    count = row.design if row.design is not None else row.stated
    if count is None or not POSTED.search(sentence):
        return False
    said = rf"(?<![\d.,]){count}(?![\d.,]\d)\s*(?:persons?|people|\w+\s+)?"
    posted = said + r"(?:will\s+be|is|to\s+be)?\s*posted"
    return re.search(posted, sentence, re.I) is not None


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
            copy.posted = source.posted
            if piece is not source and len(sources) == 1:  # the row's own words win ('offices, same as L2')
                for attr in ("area", "seats", "rooms", "design", "stated", "rate"):
                    if getattr(piece, attr) is not None:
                        setattr(copy, attr, getattr(piece, attr))
                copy.use = piece.use or copy.use
                copy.group = piece.group or copy.group
            copy.problems = [p.replace(f"'{piece.name}'", f"'{name}'") for p in piece.problems]
            copies.append(copy)
    return copies


# A short label over rows that names no floor the reader knows ('Upstairs annex:', 'Block B:').
HEADING_UNPLACED = re.compile(r"[-–—•*\s]*[^\W\d][\w'’ -]{0,30}:")


_WING = re.compile(r"\(\s*((?:existing|new|addition|extension|wing|reno\w*)[^()]*)\)", re.I)


def _heading(piece: LoadInput) -> bool:
    """A floor's name with nothing else ('ground:', 'all ground flr:', 'Mezzanine -'), or a line naming
    a floor without figures that ends in a colon ('by area, all on the ground floor except the lounge:'):
    the rows after it are on that floor."""
    return (
        bool(piece.floor)
        and not piece.has_figures()
        and not piece.floors
        and (
            piece.line.rstrip().endswith(":")
            or (
                piece.use is None
                and (
                    bool(re.fullmatch(r"\W*(?:all|the|on\s+the)?\s*[^:]{0,30}[:\-–]\s*", piece.line))
                    or only_floor(piece.line)  # 'Basement' alone on a line over its rows
                )
            )
        )
    )


# a line wholly in brackets that is a remark ('(n.b. lobby 180 m² serves the hall — not additive)')
_ASIDE = re.compile(
    r"\(\s*(?:n\.?\s?b\b\.?|note\b|nota\b).*\)"
    r"|\(.*\b(?:not\s+additive|not\s+counted|not\s+included|not\s+added|excluded|n\.i\.c)\b.*\)",
    re.I,
)


_USING_ALONE = re.compile(r"\W*(?:so\s+)?(?:we(?:'re|\s+are)\s+|i(?:'m|\s+am)\s+)?using\s+(\d{1,5})\W*", re.I)
# a line saying its figures are out of date
_SUPERSEDED = re.compile(
    r"\b(?:superseded|out\s+of\s+date|obsolete|no\s+longer\s+(?:applies|valid|current|used)"
    r"|(?:was|were)\s+(?:on|for|from)\s+the\s+(?:old|earlier|previous|prior)\s+(?:layout|scheme|plan|design|set)"
    r"|not\s+the\s+occupant\s+load|planning\s+(?:number|figure))\b",
    re.I,
)
# a sentence saying only what the table gives, naming no floor or use of its own
_TABLE_GIVES = re.compile(
    r"\W*(?:at\s+\d+(?:\.\d+)?\s*(?:m2|m²)?\s*(?:/|per)\s*(?:person|pers\.?|p)\s*,?\s*)?"
    r"(?:the\s+)?table(?:\s+3\.1\.17\.1)?\s+(?:gives|yields|would\s+give|allows)\s+\d[\d,]*"
    r"(?:\s*(?:persons|people))?\W*",
    re.I,
)


def _goes_on(piece: LoadInput) -> bool:
    """Whether a sentence with no floor or area goes on about the row before ('The room is designed for
    40, … posted'), rather than being a row of its own on the floor all rows are on."""
    return (
        not piece.floor
        and piece.area is None
        and piece.use is None
        and (piece.design is not None or piece.stated is not None or piece.posted)
        and bool(_ABOUT_THE_ROW.match(_TABLE_GIVES_LEAD.sub("", piece.line)))
    )


_ABOUT_THE_ROW = re.compile(
    r"^\W*(?:the\s+(?:room|space|area|hall|floor|same)|it|this|that|which|its|designed|design|posted"
    r"|(?:we(?:'re|\s+are)\s+)?using)\b",
    re.I,
)


_TABLE_GIVES_LEAD = re.compile(rf"^(?:{_TABLE_GIVES.pattern})[,;]\s*", re.I)


def _row_or_note(segment: str) -> LoadInput | int | None:
    """A row or total, or None for a note of the rates used ('I used 9.30 for the offices') or a lead
    line introducing the rows ('use the classroom number (1.85) for the playrooms:')."""
    if (STATEMENT.match(segment) and not _AREA.search(segment)) or _ASIDE.fullmatch(segment.strip()):
        return None
    if using := _USING_ALONE.fullmatch(segment.strip()):
        # '…, not the occupant load; using 42': the row before's persons, said again as the one used
        return LoadInput(name="", key="", stated=int(using[1]), line=segment.strip())
    if _SUPERSEDED.search(segment):
        return None  # "The Sept memo's 273 was on the old layout … — superseded.": an old figure, a note
    if _TABLE_GIVES.fullmatch(segment.strip()):
        return None  # 'At 4.60 m²/person the Table gives 244' beside the row's design figure: its working
    row = parse_segment(segment)
    return None if isinstance(row, LoadInput) and _lead(row) else row


def _beside_table(piece: LoadInput | int | str, tabled: list[LoadInput | int]) -> LoadInput | int | str:
    """A line around a pasted table, kept as a note when it is the table's working: rates with no area,
    count or persons ('the rest is taken as offices at 9.30'), or a row's figures again ('330 ÷ 9.30 =
    35.5, rounded up to 36')."""
    if not isinstance(piece, LoadInput):
        return piece
    counts = (piece.area, piece.seats, piece.rooms, piece.design, piece.stated)
    rows = [(row.area, row.stated) for row in tabled if isinstance(row, LoadInput)]
    if all(c is None for c in counts) or (piece.area is not None and (piece.area, piece.stated) in rows):
        return piece.line
    if not piece.floor and piece.area is not None and piece.area in {area for area, _ in rows}:
        return piece.line  # '(760 ÷ 46.0 = 16.5; …)': a row's area divided again, its working
    stated = [persons for _, persons in rows if persons is not None]
    totals = {sum(stated), *(row for row in tabled if isinstance(row, int))}
    only_persons = all(c is None for c in (piece.area, piece.seats, piece.rooms, piece.design))
    if not piece.floor and only_persons and piece.stated in totals:
        return piece.line  # 'Accordingly, the Occupant Load is 182 persons': the table's total said again
    given = {row.design for row in tabled if isinstance(row, LoadInput)} | set(stated)
    figure = piece.design if piece.design is not None else piece.stated
    if not piece.floor and piece.area is None and figure is not None and figure in given:
        # a footnote's 'the lobby is designed for 250 persons, … shall be posted': a row's figure again,
        # and the posting it says is that row's
        posted = POSTED.search(piece.line) is not None
        for row in tabled:
            if posted and isinstance(row, LoadInput) and figure in (row.design, row.stated):
                row.posted = True
        return piece.line
    return piece


def _lead(row: LoadInput) -> bool:
    """A line ending in a colon that names no floor and gives no area, count or persons: it introduces
    the rows under it, its figures being rates or articles ('B2 areas at 10 m²/person, the rest by
    Table 3.1.17.1:'), not a row of its own."""
    counts = (row.area, row.seats, row.rooms, row.design, row.stated)
    return row.line.rstrip().endswith(":") and not row.floor and all(c is None for c in counts)


def _rate_fits(row: LoadInput, lead: LoadInput) -> bool:
    """Whether a row's own rate, if it gives one, is its lead's: the lead's or its use's figure."""
    if row.rate is None or lead.use is None:
        return True
    return row.rate in (lead.rate, lead.use.m2_per_person, lead.use.other_m2_per_person)


def _leading_use(segment: str) -> LoadInput | None:
    """A line introducing the rows under it that names their use ('offices @ 9.3:'), read as a row."""
    if _WHERE.search(segment) or _TABLE_GIVES.fullmatch(segment.strip()):
        return None  # 'all on the shop floor except the last one:': where the rows are, not their use
    row = parse_segment(segment)
    return row if isinstance(row, LoadInput) and _lead(row) and row.use is not None else None


_WHERE = re.compile(r"(?:on|in|at)\s+the\s+(?:\w+\s+)?(?:floor|level|storey|deck)", re.I)


_AREA = re.compile(r"\d\s*(?:m2|m²|sm|sf|sq\.?\s*(?:ft|m)|ft2)(?!\s*(?:/|per|a\s+person))", re.I)


def read_book(number: str, texts: list[str], state: ProjectState) -> Book:
    """The rows of item ``number`` the thread's ``texts`` give (oldest first), merged with those recorded."""
    book = Book(rows=_recorded(state, number))
    book.origin = {key: -1 for key in book.rows}
    pieces: list[LoadInput | int | str]  # declared: mypy would join a row and a total to object
    for index, text in enumerate(texts):
        text = without_other_sources(without_heading(text, number))
        text = _floor_carried(_clauses_joined(unnumbered(text)))
        text = _split_rows(_labelled_lines(text))
        tabled: list[LoadInput | int]
        lined: list[LoadInput | int | str]
        table, tabled, lined = message_parts(text, table_rows, _row_or_note)
        if tabled:  # the words around a table say how it was worked
            lined = [_beside_table(piece, tabled) for piece in lined]
        pieces = [*tabled, *lined]
        previous: LoadInput | None = None
        rates: list[Rate] = []
        # 'ground:' on a line of its own, the rows under it on that floor; 'all at ground level' said
        # once, every row naming no floor on the ground floor
        # a building of one storey whose rows name only the basement, or that has no basement: the rows
        # naming no floor are on its ground floor
        # (a revision's rows name the recorded rows they revise, not a floor)
        named = {piece.floor for piece in pieces if isinstance(piece, LoadInput) and piece.floor}
        below = bool(named) and all(floor.startswith("Basement") for floor in named)
        heading = everywhere = everywhere_floor(text, state, below=below, first=not book.rows)
        lead: LoadInput | None = None  # 'offices @ 9.3:' over its rows: their use and rate
        for piece in pieces:
            if isinstance(piece, str) and (led := _leading_use(piece)) is not None:
                lead = led
                continue
            if (
                isinstance(piece, LoadInput)
                and lead is not None
                and piece.use is None
                and not piece.same_as
                and _rate_fits(piece, lead)  # not 'parts room @ 46' under 'all on the shop floor:'
            ):
                piece.use, piece.rate = lead.use, piece.rate if piece.rate is not None else lead.rate
            if isinstance(piece, LoadInput) and previous is not None and _goes_on(piece):
                piece.name = ""  # 'The room is designed for 40, … posted': the row before's, merged with it
                add_row(book, piece, index, previous)
                continue
            if isinstance(piece, LoadInput) and _heading(piece):
                # 'Ground floor (new extension):' over its rows: the part of the building kept in their names
                wing = _WING.search(piece.line)
                heading = f"{piece.floor} ({wing[1].strip()})" if wing else piece.floor
                continue
            if (
                isinstance(piece, LoadInput)
                and heading
                and not (piece.floor or piece.same_as or whole_building(piece))
            ):
                piece.floor = heading
                own = piece.name.lstrip("-–—•*· ")  # a bulleted row under its floor
                piece.name = f"{heading} ({lowered(own)})" if own else heading
            if isinstance(piece, str) and HEADING_UNPLACED.fullmatch(piece.strip()):
                heading = everywhere  # a heading naming no floor ('OL:'): its rows are not on the one before
                continue
            if isinstance(piece, str):
                rates.extend(rates_noted(piece))
                if previous is not None and _posts_the_row_before(piece, previous):
                    previous.posted = True  # '… designed for 80 chairs. …, so 80 will be posted'
                if not _DONE.match(piece):
                    book.notes.append(piece)
                continue
            if isinstance(piece, int):
                book.totals.append((index, piece))
                continue
            if piece.same_as or len(piece.floors) > 1:
                for copy in _copies(book, piece, previous):
                    row = add_row(book, copy, index, None)
                    book.problems[row.key] = list(copy.problems)
                    previous = row
                continue
            if not (piece.has_figures() or piece.problems or (piece.floor and piece.use)) and not revises(
                book, piece
            ):
                book.notes.append(piece.line)
                continue
            row = add_row(book, piece, index, previous)
            book.problems[row.key] = list(piece.problems)
            previous = row
        apply_rates([row for key, row in book.rows.items() if book.origin.get(key) == index], rates)
        name_by_own_words(book, index)
        if table is None and not any(i == index for i, _ in book.totals):
            total = stated_total(text)
            if total is not None:
                book.totals.append((index, total))
    return book
