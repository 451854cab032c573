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
``extra_cells`` names an item's ``sheet:`` cells as the consultant fills them in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wizard_core.engine.assemblies import ASSEMBLIES
from wizard_core.engine.assemblies import LABELS as ASSEMBLY_LABELS

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


def _c(column: str, field: str, kind: str = "text", item: str = "") -> Cell:
    return Cell(column, field=field, kind=kind, item=item)


def _h(column: str, label: str) -> Cell:
    return Cell(column, label=label)


def _notes(column: str = "E") -> Row:
    return Row((_h("D", "NOTES:"), _c(column, "note")), optional=True)


def _area_rows(mezzanine: bool = False) -> tuple[Row, ...]:
    kind = (_h("H", "MEZZ TYPE"),) if mezzanine else ()
    head = Row((_h("D", "DESCRIPTION"), *kind, _h("I", "EXISTING"), _h("J", "NEW"), _h("K", "TOTAL")))
    mezz = (_c("H", "sheet:type", "text"),) if mezzanine else ()
    part = Row(
        (
            _c("D", "sheet:description"),
            *mezz,
            _c("I", "sheet:existing", "number"),
            _c("J", "sheet:new", "number"),
            _c("K", "sheet:total", "number"),
        ),
        repeat="parts",
        minimum=3,
    )
    total = Row(
        (
            _h("D", "TOTAL"),
            _c("I", "existing", "number"),
            _c("J", "new", "number"),
            _c("K", "total", "number"),
        )
    )
    return head, part, total


BLOCKS: tuple[Block, ...] = (
    Block(
        "3.00",
        "BUILDING CODE VERSION",
        (Row((_c("D", "regulation"), _h("I", "LAST CODE AMENDMENT"), _c("J", "amendment"))),),
    ),
    Block(
        "3.01",
        "PROJECT TYPE",
        (
            Row((_c("D", "value"), _h("J", "[Provide further description below.]"))),
            Row((_c("D", "sheet:description"),)),
        ),
    ),
    Block(
        "3.02",
        "MAJOR OCCUPANCY CLASSIFICATION",
        (
            Row((_h("D", "OCCUPANCY"), _h("J", "USE"))),
            Row(
                (_c("D", "group", "group"), _c("E", "group_name", "derived"), _c("J", "sheet:use")),
                "groups",
                5,
            ),
        ),
    ),
    Block("3.03", "SUPERIMPOSED MAJOR OCCUPANCIES", (Row((_c("D", "value", "yes_no"),)),)),
    Block("3.04", "BUILDING AREA (m²)", _area_rows()),
    Block("3.05", "GROSS AREA (m²)", _area_rows()),
    Block("3.06", "MEZZANINE AREA (m²)", _area_rows(mezzanine=True)),
    Block(
        "3.07",
        "BUILDING HEIGHT",
        (
            Row(
                (
                    _c("D", "storeys_above_grade", "int"),
                    _h("E", "STOREYS ABOVE GRADE"),
                    _c("J", "height_m", "number"),
                    _h("K", "(m) ABOVE GRADE"),
                )
            ),
            Row((_c("D", "storeys_below_grade", "int"), _h("E", "STOREYS BELOW GRADE"))),
        ),
    ),
    Block("3.08", "HIGH BUILDING", (Row((_c("D", "value", "yes_no"),)),)),
    Block(
        "3.09",
        "NUMBER OF STREETS/ FIREFIGHTER ACCESS",
        (Row((_c("D", "value", "int"), _h("E", "STREET(S)"))),),
    ),
    Block(
        "3.10",
        "BUILDING CLASSIFICATION (SIZE AND CONSTRUCTION RELATIVE TO OCCUPANCY)",
        (Row((_c("D", "group", "derived"), _c("E", "article")), "articles", 5),),
    ),
    Block(
        "3.11",
        "SPRINKLER SYSTEM",
        (
            Row((_c("D", "value"), _h("G", "PROVIDED:"), _c("I", "sheet:provided"))),
            Row((_h("D", "DESCRIBE"), _c("E", "sheet:description"))),
        ),
    ),
    Block("3.12", "STANDPIPE SYSTEM", (Row((_c("D", "value", "yes_no"),)),)),
    Block(
        "3.13",
        "FIRE ALARM SYSTEM",
        (Row((_c("D", "value"), _h("I", "TYPE PROVIDED"), _c("J", "sheet:type_provided"))),),
    ),
    Block("3.14", "WATER SERVICE/ SUPPLY IS ADEQUATE", (Row((_c("D", "value", "yes_no"),)),)),
    Block(
        "3.15",
        "CONSTRUCTION TYPE",
        (
            Row((_h("D", "BASED ON"), _c("E", "sheet:based_on"))),
            Row((_h("D", "RESTRICTIONS"), _c("E", "restriction"))),
            Row(
                (
                    _h("D", "ACTUAL"),
                    _c("E", "actual"),
                    _h("I", "HEAVY TIMBER CONSTRUCTION"),
                    _c("K", "heavy_timber", "yes_no"),
                )
            ),
        ),
    ),
    Block("3.16", "IMPORTANCE CATEGORY", (Row((_c("D", "value"), _c("I", "sheet:detail"))),)),
    Block(
        "3.17",
        "SEISMIC CATEGORY",
        (
            Row((_h("D", "SEISMIC CATEGORY"), _c("E", "value"))),
            Row((_h("D", "SITE CLASS"), _c("E", "sheet:site_class"), _c("F", "sheet:site_class_detail"))),
            Row(
                (
                    _h("D", "SEISMIC DESIGN REQUIRED FOR Table 4.1.8.18. items 6 to 22:"),
                    _c("I", "sheet:design_required"),
                )
            ),
            Row((_h("F", "REASON FOR REQUIREMENT"), _c("G", "sheet:reason"))),
        ),
    ),
    Block(
        "3.18",
        "OCCUPANT LOAD",
        (
            Row(
                (
                    _h("D", "FLOOR LEVEL/AREA"),
                    _h("F", "OCCUPANCY TYPE"),
                    _h("I", "OCCUPANT LOAD (PERSONS)"),
                    _h("J", "BASED ON"),
                    _h("K", "POSTED LIMIT REQUIRED"),
                )
            ),
            Row(
                (
                    _c("D", "floor"),
                    _c("E", "area_m2", "number"),
                    _c("F", "occupancy", "group"),
                    _c("G", "use"),
                    _c("I", "persons", "int"),
                    _c("J", "based_on"),
                    _c("K", "posted_limit", "yes_no"),
                ),
                "rows",
                3,
            ),
            Row((_h("D", "TOTAL"), _c("I", "total", "int"))),
            _notes(),
        ),
    ),
    Block(
        "3.19",
        "BARRIER-FREE DESIGN",
        (
            Row((_c("D", "value", "yes_no"),)),
            Row(
                (
                    _h("B", "BARRIER-FREE ENTRANCES"),
                    _c("D", "barrier_free_entrances", "int", item="3.20"),
                    _c("F", "sheet:entrances", item="3.20"),
                )
            ),
        ),
    ),
    Block("3.20", "HAZARDOUS SUBSTANCES", (Row((_c("D", "hazardous_substances", "yes_no"),)),)),
    Block(
        "3.21",
        "REQUIRED FIRE RESISTANCE RATINGS",
        (
            Row(
                (
                    _h("D", "HORIZONTAL ASSEMBLY"),
                    _h("I", "RATING (H)"),
                    _h("J", "SUPPORTING ASSEMBLY (H)"),
                    _h("K", "NONCOMBUSTIBLE IN LIEU OF RATING?"),
                )
            ),
            *(
                Row(
                    (
                        _h("D", label),
                        _c("I", f"{name}.rating_h", "hours_na"),
                        _c("J", f"{name}.supporting_h", "hours_na"),
                        _c("K", f"{name}.noncombustible_in_lieu", "yes_no"),
                    )
                )
                for name, label in ((name, ASSEMBLY_LABELS[name].upper()) for name in ASSEMBLIES)
            ),
            _notes(),
        ),
    ),
    Block(
        "3.22",
        "SPATIAL SEPARATION",
        (
            Row(
                (
                    _h("D", "EXPOSING BUILDING FACE"),
                    _h("E", "EBF AREA (m2)"),
                    _h("F", "L.D. (m)"),
                    _h("G", "L/H OR H/L"),
                    _h("H", "% UPO PERMITTED / ACTUAL"),
                    _h("I", "REQUIRED FRR (H)"),
                    _h("J", "CONSTRUCTION TYPE"),
                    _h("K", "CLADDING TYPE"),
                )
            ),
            Row(
                (
                    _c("D", "face"),
                    _c("E", "area_m2", "number"),
                    _c("F", "limiting_distance_m", "number"),
                    _c("G", "ratio", "number"),
                    _c("H", "upo_permitted_pct|upo_actual_pct", "number_pair"),
                    _c("I", "frr_h", "hours"),
                    _c("J", "construction"),
                    _c("K", "cladding"),
                ),
                "faces",
                4,
            ),
            _notes(),
        ),
    ),
    Block(
        "3.23",
        "PLUMBING FIXTURE REQUIREMENTS",
        (
            Row((_h("D", "RATIO:"), _c("F", "ratio", "ratio"))),
            Row(
                (
                    _h("D", "FLOOR LEVEL OR AREA"),
                    _h("F", "OCCUPANT LOAD (PERSONS)"),
                    _h("G", "OBC SENTENCE"),
                    _h("H", "WATER CLOSETS REQUIRED"),
                    _h("I", "WATER CLOSETS PROVIDED"),
                    _h("J", "BARRIER-FREE WATER CLOSETS REQUIRED / PROVIDED"),
                    _h("K", "UNIVERSAL WASHROOMS REQUIRED / PROVIDED"),
                )
            ),
            Row(
                (
                    _c("D", "floor"),
                    _c("F", "persons", "int"),
                    _c("G", "sentence"),
                    _c("H", "wc_required", "int"),
                    _c("I", "wc_provided", "int"),
                    _c("J", "bf_wc_required|bf_wc_provided", "int_pair"),
                    _c("K", "universal_required|universal_provided", "int_pair"),
                ),
                "rows",
                3,
            ),
            _notes(),
        ),
    ),
    Block(
        "3.24",
        "ENERGY EFFICIENCY",
        (
            Row((_h("D", "COMPLIANCE PATH:"), _c("E", "compliance_path"))),
            Row(
                (
                    _h("D", "CLIMATE ZONE:"),
                    _c("E", "climate_zone"),
                    _h("I", "DEGREE DAYS BELOW 18 C:"),
                    _c("J", "degree_days", "int"),
                ),
                references="SB-1 Table 2",
            ),
            _notes(),
        ),
    ),
    Block(
        "3.25",
        "SOUND TRANSMISSION DESIGN",
        (
            Row(
                (
                    _h("D", "IS THERE MORE THAN 1 DWELLING UNIT IN THE BUILDING?:"),
                    _c("I", "more_than_one_dwelling_unit", "yes_no"),
                )
            ),
            Row((_h("D", "NOTES:"), _c("E", "note"))),
            Row((_h("D", "OPTION IMPLEMENTED:"), _c("F", "option"))),
        ),
    ),
    Block("3.26", "ALTERNATIVE SOLUTIONS", (Row((_c("D", "line"),), "lines", 3),)),
    Block(
        "3.27",
        "NOTES",
        (Row((_c("D", "line"),), "lines", 3), Row((_h("D", "1"), _h("E", DIVISION_NOTE)))),
    ),
)

BY_ITEM = {block.item: block for block in BLOCKS}
NOT_APPLICABLE = "N/A"  # what an answer of 'not applicable' prints in its item's first answer cell
# Each item's first answer cell in its own block: where 'not applicable' is written and read.
FIRST_FIELD = {
    block.item: next(
        c for row in block.rows for c in row.cells if c.field and (c.item or block.item) == block.item
    )
    for block in BLOCKS
}


def fields_of(item: str) -> list[Cell]:
    """Every cell in the sheet that holds a field of ``item``'s answer (in any block)."""
    return [
        cell
        for block in BLOCKS
        for row in block.rows
        for cell in row.cells
        if cell.field and (cell.item or block.item) == item
    ]


@dataclass(frozen=True)
class ExtraCell:
    """A cell of the sheet an item's answer has no field for, which the consultant fills in."""

    name: str  # as the answer keeps it (without ``sheet:``); a repeated row's is ``<list>.<n>.<name>``
    label: str  # as the consultant is asked for it
    kind: str  # text or number
    repeat: str = ""  # the list of repeated rows it sits on, if any


EXTRA_ROWS = 50  # the repeated rows an extra cell may sit on
# The consultant's name for each extra cell, by the layout's name for it.
_EXTRA_LABELS = {
    "description": "Description",
    "use": "Use (beside each occupancy)",
    "type": "Mezzanine type",
    "existing": "Existing (m²)",
    "new": "New (m²)",
    "total": "Total (m²)",
    "provided": "Provided",
    "type_provided": "Type provided",
    "based_on": "Based on",
    "detail": "Detail (beside the category)",
    "site_class": "Site class",
    "site_class_detail": "Site class detail",
    "design_required": "Seismic design required (Table 4.1.8.18 items 6 to 22)",
    "reason": "Reason for requirement",
    "entrances": "Explanation of the barrier-free entrances",
}


def extra_cells(item: str) -> list[ExtraCell]:
    """The sheet's cells for ``item`` that its answer's value has no field for, in the sheet's order
    (in any block: 3.20's explanation of its entrances is printed in 3.19's)."""
    found = []
    for block in BLOCKS:
        for row in block.rows:
            for cell in row.cells:
                if cell.field.startswith("sheet:") and (cell.item or block.item) == item:
                    name = cell.field.removeprefix("sheet:")
                    kind = "number" if cell.kind == "number" else "text"
                    found.append(ExtraCell(name, _EXTRA_LABELS.get(name, name), kind, row.repeat))
    return found
