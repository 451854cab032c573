"""Answers given as rows: one per line or semicolon, or a table pasted from a spreadsheet.

A row item (3.18 occupant load, 3.21 assemblies, 3.22 spatial separation, 3.23 plumbing fixtures)
reads each row on its own; a cell that cannot be read is named with its row and column, and the
rows that could be read stay pending, so the consultant only sends the one row again. Rows are
merged by their name (a floor, a face) across the thread's texts and with the recorded answer,
so a row revised later replaces only that row.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.base import fmt_number
from wizard_core.models import ProjectState

_MARKDOWN_RULE = re.compile(r"^\|?\s*:?-{2,}")
_SEGMENT = re.compile(
    r"\n|;|(?<=[a-z0-9%²)])\.\s+(?=[A-Z]|(?i:\d{1,2}(?:st|nd|rd|th)\b|(?:level|lvl|floor|bsmt|basement|ground|"
    r"main|north|south|east|west|ebf|l\d)\b))"
)
# An estimate, wherever it is written: '~120 m2', '120 m2 approx.', '+/- 5 m', '20 % or so'.
ESTIMATE = re.compile(
    r"~|≈|±|\+/-|\+-(?=\s|$)|\bapprox\w*|\babout\b|\baround\b|\broughly\b|\bcirca\b|\bca\.|\bor so\b|"
    r"\d\s*-?ish\b|\bestimated?\b|\best\.|\bnearly\b|\balmost\b|\bgive or take\b|\bmore or less\b|\bguess",
    re.I,
)
# A cell or phrase saying there is nothing: no openings, no fixtures, no rating.
NOTHING = re.compile(r"^\s*(?:none|nil|no|zero|0|n/?a|not applicable|—|–)\s*\.?\s*$", re.I)
BLANK = re.compile(r"^\s*(?:-|/|\?|tbd|tbc)?\s*$", re.I)
# Chat before the rows: 'Here you go:', 'For 3.22:', 'Spatial separation -'.
_CHAT = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|well|sure|right|yes|yeah|yep|thanks|thank you|please|sorry|"
    r"here(?:'s| is| are)?(?: you go| it is| they are| the \w+)?|"
    r"as follows|see below|below|the (?:figures|rows|faces|floors|numbers) are)\W*)+$",
    re.I,
)


@dataclass(frozen=True)
class CellProblem:
    """A cell (or figure) that cannot be used, said as the consultant will look for it."""

    row: str
    column: str
    found: str
    why: str

    def text(self) -> str:
        found = f" ('{self.found}')" if self.found else ""
        return f"row '{self.row}', {self.column}{found}: {self.why}"


@dataclass
class RowsRead:
    """The rows a message gives (keyed by their name) and the cells that could not be read."""

    rows: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[CellProblem] = field(default_factory=list)


@dataclass(frozen=True)
class Table:
    """A pasted table: its header (lower case, None when it has none), its body, and the lines around it."""

    header: list[str] | None
    body: list[list[str]]
    titles: list[str] = field(default_factory=list)  # the header as written
    rest: str = ""  # lines of the message outside the table (an intro, a note)

    def records(self) -> list[dict[str, str]]:
        if self.header is None:
            return [{str(i): cell for i, cell in enumerate(row)} for row in self.body]
        return [dict(zip(self.header, row, strict=False)) for row in self.body]

    def title(self, header: str) -> str:
        """The header as the consultant wrote it."""
        if self.header is None or header not in self.header:
            return header
        return self.titles[self.header.index(header)]


def _is_value_cell(cell: str) -> bool:
    return bool(re.match(r"^\s*[~≈±+\-]?\s*\d", cell))


def pasted_table(text: str) -> Table | None:
    """A table pasted from a spreadsheet (tabs) or written in Markdown (pipes), else None.

    Lines that do not belong to the table (an intro line, a note under it) are kept as ``rest``.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    for sep in ("\t", "|"):
        inside = [line for line in lines if sep in line and not _MARKDOWN_RULE.match(line.strip())]
        if len(inside) < 2:
            continue
        cells = [[c.strip() for c in _strip_pipes(line, sep).split(sep)] for line in inside]
        widths = {len(row) for row in cells}
        if sep == "|" and len(widths) > 1:
            continue
        rest = "\n".join(
            line for line in lines if line not in inside and not _MARKDOWN_RULE.match(line.strip())
        )
        width = max(widths)
        cells = [row + [""] * (width - len(row)) for row in cells]
        first = cells[0]
        if not any(_is_value_cell(c) for c in first):
            return Table([c.casefold() for c in first], cells[1:], first, rest)
        return Table(None, cells, [], rest)
    return None


def _strip_pipes(line: str, sep: str) -> str:
    line = line.strip()
    if sep == "|":
        line = line.removeprefix("|").removesuffix("|")
    return line


def segments(text: str) -> list[str]:
    """The rows of a plain message: one per line, semicolon or sentence."""
    return [s.strip(" .,") for s in _SEGMENT.split(text) if s and s.strip(" .,")]


def is_chat(segment: str) -> bool:
    """A segment that is only chat around the rows ('Here you go:')."""
    return bool(_CHAT.match(segment.strip()))


def column(record: dict[str, str], names: tuple[str, ...]) -> tuple[str, str] | None:
    """The first header that names one of ``names`` and its cell."""
    for header, cell in record.items():
        if any(name in header for name in names):
            return header, cell
    return None


def classify_headers(headers: list[str], rules: list[tuple[str, re.Pattern[str]]]) -> dict[str, list[str]]:
    """Field -> the headers that give it, each header taken by the first rule it matches."""
    found: dict[str, list[str]] = {}
    for header in headers:
        for name, pattern in rules:
            if pattern.search(header):
                found.setdefault(name, []).append(header)
                break
    return found


def by_content(
    table: Table, found: dict[str, list[str]], field: str, to: str, header: re.Pattern[str]
) -> None:
    """Move a generic header ('Area') from ``field`` to ``to`` when its cells are figures."""
    for name in list(found.get(field, [])):
        cells = [record.get(name, "") for record in table.records() if record.get(name, "").strip()]
        if header.search(name) and cells and sum(_is_value_cell(c) for c in cells) * 2 > len(cells):
            found[field].remove(name)
            found.setdefault(to, []).append(name)


def header_unit(header: str) -> str:
    """'ft2' or 'ft' when a header says its figures are in square feet or feet, else ''."""
    if re.search(r"\bsq\.?\s*ft|\bsf\b|ft²|ft2|square\s+f(?:ee|oo)t", header, re.I):
        return "ft2"
    if re.search(r"\(\s*(?:ft|feet|')\s*\)|\bin\s+(?:ft|feet)\b|\bfeet\b|\bft\b", header, re.I):
        return "ft"
    return ""


def number_cell(
    row: str, header: str, cell: str, *, allow_zero: bool = False, unit: str = ""
) -> float | CellProblem:
    """A positive figure from one cell; ft² and ft converted; anything else a problem naming the cell.

    ``unit`` is the header's unit ('ft2', 'ft') for a bare figure.
    """
    cell = cell.strip()
    if ESTIMATE.search(cell):
        return CellProblem(row, header, cell, "an estimate; give the exact figure")
    found = p.quantities(cell)
    if len(found) != 1 or re.sub(
        r"[\d.,\s]|m2|m²|sq\.?\s*m|sq\.?\s*ft|sf|ft2|ft²|ft|feet|'|sm|m|%|persons?|people|pax",
        "",
        cell,
        flags=re.I,
    ):
        return CellProblem(row, header, cell, "expected one figure")
    figure = found[0]
    value = figure.value
    if figure.unit == "ft2" or (not figure.unit and unit == "ft2"):
        value = round(value * p.FT2_TO_M2, 1)
    elif figure.unit == "ft" or (not figure.unit and unit == "ft"):
        value = round(value * p.FT_TO_M, 2)
    if not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        return CellProblem(row, header, cell, "expected a figure above zero")
    return value


def count_cell(row: str, header: str, cell: str) -> int | CellProblem:
    """A whole count (0 or more) from one cell: '4', 'none', '2 M + 2 F'."""
    cell = cell.strip()
    if NOTHING.match(cell):
        return 0
    if ESTIMATE.search(cell):
        return CellProblem(row, header, cell, "an estimate; give the exact count")
    parts = re.fullmatch(
        r"(\d+)\s*(?:m|male|men)?\s*(?:\+|and|&|/|,)\s*(\d+)\s*(?:f|female|women)?", cell, re.I
    )
    if parts:
        return int(parts[1]) + int(parts[2])
    if re.fullmatch(r"\d+", cell):
        return int(cell)
    return CellProblem(row, header, cell, "expected a whole number")


def earlier_rows(
    state: ProjectState, section: str, key: str, name_key: Callable[[str], str] | None = None
) -> dict[str, dict[str, Any]]:
    """The rows already recorded for ``section``, by name, so a revision changes only what it names."""
    answer = state.answer_for(section)
    value = answer.value if answer is not None else None
    if not isinstance(value, dict):
        return {}
    rows = value.get(key)
    if not isinstance(rows, list):
        return {}
    first = {"faces": "face", "rows": "floor", "assemblies": "assembly"}[key]
    keyed = name_key or str.casefold
    return {keyed(str(r.get(first, ""))): dict(r) for r in rows if isinstance(r, dict)}


def recorded_note(state: ProjectState, section: str) -> str:
    answer = state.answer_for(section)
    value = answer.value if answer is not None else None
    return str(value.get("note") or "") if isinstance(value, dict) else ""


def join_notes(*parts: str) -> str:
    """Notes joined once each, in order."""
    seen: list[str] = []
    for part in parts:
        for piece in re.split(r"(?<=\.)\s+(?=[A-Z])|\.\s*$", part or ""):
            piece = piece.strip(" .")
            if re.match(r"[a-z]+\b(?![/.])", piece):
                piece = piece[:1].upper() + piece[1:]
            if piece and piece.casefold() not in (s.casefold() for s in seen):
                seen.append(piece)
    return ". ".join(seen)


def problems_text(problems: list[CellProblem]) -> str:
    return "; ".join(problem.text() for problem in problems[:5])


def figure_text(value: float | None, unit: str = "") -> str:
    if value is None:
        return "-"
    return f"{fmt_number(value)}{(' ' + unit) if unit else ''}"


# --- Names of floors ------------------------------------------------------------------------------------

_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
}
_LEVEL_WORD = r"(?:floor|flr|fl|storey|story|level|lvl|lev)"
FLOOR = re.compile(
    rf"\b(?:(?:ground|main|grade|street|entry)\s*(?:{_LEVEL_WORD})?(?![\w-])"
    rf"|(?:{'|'.join(_ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th))\s*{_LEVEL_WORD}s?\b"
    rf"|(?:{_LEVEL_WORD})\s*-?\s*(?:\d{{1,2}}|[pb]\d)\b"
    r"|l\s?-?\d{1,2}\b|[pb]\d\b"
    r"|(?:bsmt|basement|cellar|lower\s+level|ll)(?:\s*-?\s*\d)?\b"
    r"|mezz(?:anine)?\b|penthouse|roof(?:top)?\s*(?:level)?\b"
    r"|(?:second|upper|top)\s+(?:storey|floor|level)\b)",
    re.I,
)


def floor_name(text: str) -> str:
    """The floor a phrase names, written one way: 'lvl 2', 'L2', '2nd flr' -> 'Level 2'; else ''."""
    match = FLOOR.search(text)
    if not match:
        return ""
    return canonical_floor(match[0])


def canonical_floor(label: str) -> str:
    """A floor's name written one way ('Level 2', 'Ground floor', 'Basement'); other names capitalised."""
    said = re.sub(r"\s+", " ", label.strip(" .:-–")).casefold()
    number = re.fullmatch(
        rf"(?:{_LEVEL_WORD}|l)\s*-?\s*(\d{{1,2}})|(\d{{1,2}})(?:st|nd|rd|th)?\s*{_LEVEL_WORD}s?", said
    )
    if number:
        return f"Level {int(number[1] or number[2])}"
    ordinal = re.fullmatch(rf"({'|'.join(_ORDINALS)})\s*{_LEVEL_WORD}s?", said)
    if ordinal:
        return f"Level {_ORDINALS[ordinal[1]]}"
    if re.fullmatch(rf"(?:ground|main|grade|street|entry)(?:\s*{_LEVEL_WORD})?", said):
        return "Ground floor"
    below = re.fullmatch(r"(?:bsmt|basement|cellar|lower level|ll)(?:\s*-?\s*(\d))?|b(\d)", said)
    if below:
        deep = below[1] or below[2]
        return "Basement" if deep in (None, "1") else f"Basement {deep}"
    parking = re.fullmatch(rf"(?:{_LEVEL_WORD}\s*-?\s*)?([pb])(\d)", said)
    if parking:
        return f"{parking[1].upper()}{parking[2]}"
    if said.startswith("mezz"):
        return "Mezzanine"
    if re.fullmatch(r"(?:second|upper)\s+(?:storey|floor|level)", said):
        return "Level 2" if said.startswith("second") else "Upper floor"
    text = label.strip(" .:-–")
    return text[:1].upper() + text[1:]


def floor_key(label: str) -> str:
    """The key rows of one floor share: 'Ground floor', 'Level 1' and '1st floor' are one floor."""
    name = canonical_floor(label).casefold()
    return "level 1" if name == "ground floor" else name


def to_verify(figures: list[str]) -> list[str]:
    """One line naming every figure the working rests on that is still to be verified, or none."""
    named = list(dict.fromkeys(figures))
    return [f"to be verified against the 2024 e-Laws text: {'; '.join(named)}"] if named else []
