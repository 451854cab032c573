"""The OAA Part 3 sheet as data: its heading rows, and each item's rows, headings and answer cells.

One spec serves both ways: the workbook's first sheet and the drawing-sheet PDF are written
from it, and an imported workbook or CSV is read by it, so what is written reads back the same.
The layout follows the OAA's Excel template (transcribed as ``OBC_2024_PART3.csv``): item
numbers in column A, titles in B, answers in D to K with the template's sub-rows and column
headings, the OBC references in L.

A ``Cell`` is either a fixed ``label`` (a heading the sheet prints) or a ``field`` of an item's
answer, read and written as its ``kind`` (``cells.py``). A field named ``sheet:<name>`` is a
cell the answer's value has no field for (a use beside an occupancy, a description row); it is
kept on the answer as it was typed. A ``Row`` that ``repeat``s prints once per entry of a list
(floors, faces), at least ``minimum`` times, as the template's blank rows do; an ``optional``
row is printed only when it holds something, and read only when its label is there.

This module is the sheet's frame and the pieces its item blocks (``blocks.py``) are built from;
``items.py`` finds an item's cells in them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

COLUMNS = "ABCDEFGHIJKL"
REFERENCE_COLUMN = "L"
# Widths in characters of columns A to L as the template sets them out (D to K share the answers).
WIDTHS = {
    "A": 6,
    "B": 30,
    "C": 2,
    "D": 22,
    "E": 14,
    "F": 14,
    "G": 12,
    "H": 13,
    "I": 13,
    "J": 14,
    "K": 16,
    "L": 24,
}

SHEET_TITLE = "PART 3 - FIRE PROTECTION, OCCUPANT SAFETY AND ACCESSIBILITY"
REFERENCE_HEADING = "OBC REFERENCE [1]"
DIVISION_NOTE = (
    "ALL REFERENCES ARE TO DIVISION B OF THE OBC UNLESS PRECEDED BY [A] FOR DIVISION A AND [C] FOR DIVISION C"
)
SEAL_LABEL = "Seal & Signature"
# The heading rows: the label in B, the entry in C, and where the entry comes from.
HEADER = (
    ("Name of Practice", "practice.name"),
    ("Address 1", "practice.address_1"),
    ("Address 2", "practice.address_2"),
    ("Contact", "practice.contact"),
    ("Name of Project", "project.name"),
    ("Location/Address", "project.address"),
    ("Date", "project.date"),
)
FIRST_HEADER_ROW = 3
FIRST_ITEM_ROW = FIRST_HEADER_ROW + len(HEADER)


@dataclass(frozen=True)
class Cell:
    column: str
    label: str = ""  # a heading printed as it is
    field: str = ""  # the answer's field this cell holds
    kind: str = "text"  # how the field is written and read (cells.py)
    item: str = ""  # the item whose answer it is, when not the block's own


@dataclass(frozen=True)
class Row:
    cells: tuple[Cell, ...] = ()
    repeat: str = ""  # the list this row is printed once per entry of
    minimum: int = 0  # a repeated row's blank rows, as the template has them
    optional: bool = False  # printed only when it holds something
    references: str = ""  # a second line of the reference column

    @property
    def label(self) -> Cell | None:
        """The row's first heading, by which a reader knows it."""
        return next((c for c in self.cells if c.label), None)


@dataclass(frozen=True)
class Block:
    item: str
    title: str  # as the template prints it in column B
    rows: tuple[Row, ...] = field(default_factory=tuple)


def entry(column: str, field: str, kind: str = "text", item: str = "") -> Cell:
    """A cell holding ``field`` of the answer, read and written as ``kind``."""
    return Cell(column, field=field, kind=kind, item=item)


def heading(column: str, label: str) -> Cell:
    """A cell printing ``label`` as it is."""
    return Cell(column, label=label)


def notes_row(column: str = "E") -> Row:
    """An item's optional row of notes."""
    return Row((heading("D", "NOTES:"), entry(column, "note")), optional=True)


def area_rows(mezzanine: bool = False) -> tuple[Row, ...]:
    """An area item's rows: headings, a repeated row per part, and the total."""
    kind = (heading("H", "MEZZ TYPE"),) if mezzanine else ()
    head = Row(
        (
            heading("D", "DESCRIPTION"),
            *kind,
            heading("I", "EXISTING"),
            heading("J", "NEW"),
            heading("K", "TOTAL"),
        )
    )
    mezz = (entry("H", "sheet:type", "text"),) if mezzanine else ()
    part = Row(
        (
            entry("D", "sheet:description"),
            *mezz,
            entry("I", "sheet:existing", "number"),
            entry("J", "sheet:new", "number"),
            entry("K", "sheet:total", "number"),
        ),
        repeat="parts",
        minimum=3,
    )
    total = Row(
        (
            heading("D", "TOTAL"),
            entry("I", "existing", "number"),
            entry("J", "new", "number"),
            entry("K", "total", "number"),
        )
    )
    return head, part, total
