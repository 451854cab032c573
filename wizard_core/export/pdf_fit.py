"""The drawing sheet's table laid out to fit its frame: the text's size, each cell's place and lines.

The table is laid out without printing (``multi_cell``'s dry run) at sizes from 7 pt down to 4 pt
a quarter point apart (on tabloid, and in proportion on larger paper, so a sheet reduced to
tabloid reads the same), and printed at the largest that fits. A project too full for even 4 pt
has its longest cells cut, each saying so (and an item with more lines than the page holds, its
last lines), and the review copy holds them whole.

A text overflows into the empty cells to its right, as far as it needs, as in the spreadsheet;
a heading only as far as it needs to take two lines, so a blank answer beside it stays in view.
Every answer that is not confirmed is marked: its answer cells tinted, and its status tagged in
the status column after L on its item's first line (and on the first line of another item that
holds one of its fields).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from fpdf import FPDF
from fpdf.errors import FPDFException

from wizard_core.export.pdf_font import Font
from wizard_core.export.pdf_title import PT, RGB, TAGS, TINTS, Frame
from wizard_core.sheet.layout import COLUMNS, REFERENCE_COLUMN, WIDTHS
from wizard_core.sheet.write import Line

LARGEST, SMALLEST, STEP = 7.0, 4.0, 0.25  # the table's text in pt on tabloid
CUT = "… (see the review copy)"
STATUS = "status"  # the status column's key, after L
ANSWERS = "DEFGHIJK"
# How far right a text in a column may spread: a title over C, an answer or heading within D to K.
_REACH = {"B": "C", **dict.fromkeys(ANSWERS, "K")}
HEADING_FILL = (230, 230, 230)


@dataclass
class Cell:
    x: float
    width: float
    text: str
    bold: bool = False
    fill: RGB | None = None
    whole: bool = False  # never cut (a status tag, the heading strip)
    lines: list[str] = field(default_factory=list)


@dataclass
class Row:
    cells: list[Cell]
    rule: bool = False  # an item's first line: a heavier rule above it

    def depth(self, cap: int | None = None) -> int:
        return max(len(c.lines) if c.whole or cap is None else min(len(c.lines), cap) for c in self.cells)


@dataclass(frozen=True)
class Setting:
    """The table's text set at one size (pt): its line height and the padding inside each cell, in mm."""

    size: float

    @property
    def line(self) -> float:
        return 1.12 * self.size * PT

    @property
    def pad(self) -> float:
        return 0.12 * self.size * PT

    def height(self, rows: list[Row], cap: int | None = None) -> float:
        return sum(row.depth(cap) * self.line + 2 * self.pad for row in rows)


def fit(
    pdf: FPDF, lettering: Font, strip: Line | None, table: list[Line], statuses: dict[str, str], frame: Frame
) -> tuple[Setting, list[Row]]:
    """The largest size at which the table fits the frame, and its rows laid out at that size."""
    steps = round((LARGEST - SMALLEST) / STEP)
    sizes = [round((LARGEST - k * STEP) * frame.scale, 3) for k in range(steps + 1)]

    def layout(size: float, lines: list[Line]) -> tuple[Setting, list[Row]]:
        setting = Setting(size)
        return setting, _rows(pdf, lettering, setting, strip, lines, statuses, frame)

    setting, rows = layout(sizes[-1], table)
    if setting.height(rows) > frame.table_height:  # too full for the smallest size: cut to fit
        if setting.height(rows, cap=1) > frame.table_height:
            setting, rows = layout(sizes[-1], _shortened(table, rows, setting, frame))
        return setting, _cut(pdf, lettering, setting, rows, frame)
    # Smaller text never takes more room, so the largest size that fits is found by halving.
    low, high, best = 0, len(sizes) - 2, (setting, rows)
    while low <= high:
        middle = (low + high) // 2
        setting, rows = layout(sizes[middle], table)
        if setting.height(rows) <= frame.table_height:
            best, high = (setting, rows), middle - 1
        else:
            low = middle + 1
    return best


def _shortened(table: list[Line], rows: list[Row], setting: Setting, frame: Frame) -> list[Line]:
    """The table with its longest items' last lines given over to one line saying so, as many
    lines kept as the frame holds (an item with thousands of lines of notes); ``rows`` the table
    laid out, after the heading strip."""
    strip = rows[: len(rows) - len(table)]
    room = frame.table_height - setting.height(strip)
    # A row's height with its cells cut to three lines, as _cut will leave the rest of the sheet.
    heights = [row.depth(3) * setting.line + 2 * setting.pad for row in rows[len(strip) :]]
    blocks: list[list[int]] = []
    for index, line in enumerate(table):
        if line.kind == "item" or not blocks:
            blocks.append([])
        blocks[-1].append(index)

    def height(most: int) -> float:
        one = setting.line + 2 * setting.pad
        return sum(
            sum(heights[i] for i in block)
            if len(block) <= most
            else sum(heights[i] for i in block[: max(most - 1, 1)]) + (one if most > 1 else 0)
            for block in blocks
        )

    low, high, most = 1, max(len(block) for block in blocks), 1
    while low <= high:  # the most lines an item keeps: fewer never take more room
        middle = (low + high) // 2
        if height(middle) <= room:
            most, low = middle, middle + 1
        else:
            high = middle - 1
    kept: list[Line] = []
    for block in blocks:
        lines = [table[i] for i in block]
        if len(lines) <= most:
            kept += lines
            continue
        items = tuple(sorted({item for line in lines for item in line.items}))
        more = f"… {len(lines) - most + 1} more lines (see the review copy)"
        kept += [*lines[: most - 1], Line({"D": more}, "row", items)] if most > 1 else lines[:1]
    return kept


def _cut(pdf: FPDF, lettering: Font, setting: Setting, rows: list[Row], frame: Frame) -> list[Row]:
    """The rows with their longest cells cut to the most lines at which the table fits."""
    low, high, cap = 1, max(row.depth() for row in rows), 1
    while low <= high:  # the most lines a cell keeps: fewer never take more room
        middle = (low + high) // 2
        if setting.height(rows, middle) <= frame.table_height:
            cap, low = middle, middle + 1
        else:
            high = middle - 1
    for row in rows:
        for cell in row.cells:
            if not cell.whole and len(cell.lines) > cap:
                cell.lines = _clipped(pdf, lettering, setting, cell, cap)
    return rows


def _clipped(pdf: FPDF, lettering: Font, setting: Setting, cell: Cell, cap: int) -> list[str]:
    """``cell``'s first ``cap`` lines, the end of the last given over to saying it was cut."""
    for mark in map(lettering.shown, (CUT, "…")):
        for last in range(1, cap + 1):  # the lines at the end the mark shares
            tail = " ".join(cell.lines[cap - last : cap])
            while True:
                lines = _wrap(pdf, lettering, setting, f"{tail} {mark}".strip(), cell.width, cell.bold)
                if len(lines) <= last:
                    return cell.lines[: cap - last] + lines
                if not tail:
                    break
                tail = tail.rsplit(" ", 1)[0] if " " in tail else tail[: -len(mark)]
    return cell.lines[:cap]


def _rows(
    pdf: FPDF,
    lettering: Font,
    setting: Setting,
    strip: Line | None,
    table: list[Line],
    statuses: dict[str, str],
    frame: Frame,
) -> list[Row]:
    """Every row of the table at ``setting``'s size, its cells placed and their text wrapped."""
    pdf.c_margin = setting.pad
    places = _columns(pdf, lettering, setting, frame)
    rows = []
    if strip is not None:
        heading = {"A": strip.cells.get("A", ""), REFERENCE_COLUMN: strip.cells.get(REFERENCE_COLUMN, "")}
        cells = [
            Cell(places["A"][0], places["K"][0] + places["K"][1] - places["A"][0], str(heading["A"]), True),
            Cell(*places[REFERENCE_COLUMN], str(heading[REFERENCE_COLUMN]), True),
            Cell(*places[STATUS], "STATUS", True),
        ]
        rows.append(Row([Cell(c.x, c.width, c.text, True, HEADING_FILL, True) for c in cells]))
    for line, (tag, tint) in zip(table, _marks(table, statuses), strict=True):
        rows.append(Row(_line_cells(pdf, lettering, setting, line, places, tint), line.kind == "item"))
        rows[-1].cells.append(Cell(*places[STATUS], tag, True, tint if tag else None, True))
    for row in rows:
        for cell in row.cells:
            cell.text = lettering.shown(cell.text)
            cell.lines = _wrap(pdf, lettering, setting, cell.text, cell.width, cell.bold)
    return rows


def _columns(pdf: FPDF, lettering: Font, setting: Setting, frame: Frame) -> dict[str, tuple[float, float]]:
    """Each column's left edge and width: A to L in the template's proportions, then the status."""
    pdf.set_font(lettering.family, "B", setting.size)
    status = max(pdf.get_string_width(tag) for tag in TAGS.values()) + 2 * setting.pad + 0.2
    share = (frame.table_width - status) / sum(WIDTHS.values())
    places, x = {}, frame.margin
    for column in COLUMNS:
        places[column] = (x, WIDTHS[column] * share)
        x += WIDTHS[column] * share
    places[STATUS] = (x, status)
    return places


def _line_cells(
    pdf: FPDF,
    lettering: Font,
    setting: Setting,
    line: Line,
    places: dict[str, tuple[float, float]],
    tint: RGB | None,
) -> list[Cell]:
    """A line's cells from A to L, each text spread over the empty cells to its right it needs."""
    cells, index = [], 0
    while index < len(COLUMNS):
        column = COLUMNS[index]
        text = _text(line.cells.get(column))
        x, width = places[column]
        bold = line.kind == "item" and column in "AB"
        pdf.set_font(lettering.family, "B" if bold else "", setting.size)
        wanted = max((pdf.get_string_width(part) for part in lettering.shown(text).split("\n")), default=0)
        # A heading keeps to its own cell where two lines hold it, leaving a blank answer beside it in view.
        lines = 2.0 if column in line.headings else 1.0
        index += 1
        while (
            text
            and wanted > lines * (width - 2 * setting.pad)
            and index <= COLUMNS.index(_REACH.get(column, column))
            and not _text(line.cells.get(COLUMNS[index]))
        ):
            width += places[COLUMNS[index]][1]
            index += 1
        heading = column in line.headings
        fill = HEADING_FILL if heading and text else tint if text and column in ANSWERS else None
        cells.append(Cell(x, width, text, bold, fill))
    return cells


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".")
    return str(value)


def _marks(table: list[Line], statuses: dict[str, str]) -> list[tuple[str, RGB | None]]:
    """Each line's tag and tint: an item's status on its own first line, and on the first line
    of another item that holds one of its fields; the tint on every line holding it."""
    labelled: set[str] = set()
    block = ""
    marks = []
    for line in table:
        if line.kind == "item":
            block = str(line.cells.get("A", ""))
        pending = {item: statuses.get(item, "to do") for item in line.items}
        pending = {item: status for item, status in pending.items() if status != "confirmed"}
        tags = []
        for item, status in pending.items():
            tag = TAGS.get(status, status.upper())
            if line.kind == "item" and item == block:
                tags.append(tag)
            elif item != block and item not in labelled:
                tags.append(f"{item}: {tag}")
            labelled.add(item)
        tint = next((TINTS[s] for s in TINTS if s in pending.values()), None)
        marks.append(("\n".join(tags), tint))
    return marks


def _wrap(pdf: FPDF, lettering: Font, setting: Setting, text: str, width: float, bold: bool) -> list[str]:
    """``text`` broken into the lines it takes in a cell ``width`` wide."""
    if not text:
        return [""]
    pdf.set_font(lettering.family, "B" if bold else "", setting.size)
    try:
        lines = pdf.multi_cell(width, setting.line, text, dry_run=True, output="LINES")
    except FPDFException:  # a cell narrower than one letter: one letter a line, and cut to fit
        return list(text)
    return cast(list[str], lines) or [""]
