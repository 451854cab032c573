"""Where an item's answer sits on the sheet: its block, its first answer cell, every cell of its
fields, and the cells its answer has no field for (``extra_cells``), which the consultant fills in."""

from __future__ import annotations

from dataclasses import dataclass

from wizard_core.sheet.blocks import BLOCKS
from wizard_core.sheet.layout import Cell

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
