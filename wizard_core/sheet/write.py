"""A project laid out as the OAA Part 3 sheet: the lines of the sheet, cell by cell.

The workbook's first sheet and the drawing-sheet PDF both print these lines, so they cannot
disagree. Each line knows which items' answers it holds, so a format can mark what is not
confirmed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from wizard_core.forms import FormQuestionService
from wizard_core.models import Practice, ProjectState
from wizard_core.sheet import cells
from wizard_core.sheet.blocks import BLOCKS
from wizard_core.sheet.items import FIRST_FIELD
from wizard_core.sheet.items import NOT_APPLICABLE as NOT_APPLICABLE_TEXT
from wizard_core.sheet.layout import (
    HEADER,
    REFERENCE_COLUMN,
    REFERENCE_HEADING,
    SEAL_LABEL,
    SHEET_TITLE,
    Block,
    Row,
)
from wizard_core.sheet.values import NOT_APPLICABLE, Fields, fields, sheet_defaults

FOOTER = "Ontario Building Code Data Matrix, Part 3, laid out as the Ontario Association of Architects' sheet"


@dataclass(frozen=True)
class Line:
    """One row of the sheet: what each column holds, and what kind of row it is."""

    cells: dict[str, Any]
    kind: str  # title, header, item (an item's first row), row (its other rows), footer
    items: tuple[str, ...] = ()  # the items whose answers the line holds
    headings: frozenset[str] = field(default_factory=frozenset)  # columns holding a heading, not an answer


def sheet_lines(
    state: ProjectState,
    forms: FormQuestionService,
    practice: Practice,
    references: dict[str, list[str]],
    exported: date,
    progress: str,
) -> list[Line]:
    """Every line of the sheet, top to bottom; ``references`` by item, ``progress`` the heading's status."""
    occupancies = _occupancies(state)
    spread = {  # an empty extra cell prints its default where there is one (3.15's "based on")
        item.number: fields(
            item,
            f"To do: {answer.value}" if answer.to_do else answer.value,  # never passed off as a note
            {**sheet_defaults(state, item.number), **answer.sheet_cells},
            occupancies,
        )
        for item in forms.items
        if (answer := state.answer_for(item.number)) is not None
    }
    lines = [
        Line({"A": f"Ontario Building Code data matrix, Part 3: {progress}"}, "title"),
        Line({"A": SHEET_TITLE, REFERENCE_COLUMN: REFERENCE_HEADING}, "title", headings=frozenset("AL")),
    ]
    entries = {
        "practice.name": practice.name,
        "practice.address_1": practice.address_1,
        "practice.address_2": practice.address_2,
        "practice.contact": practice.contact,
        "project.name": state.name,
        "project.address": state.address,
        "project.date": exported.isoformat(),
    }
    for number, (label, key) in enumerate(HEADER):
        line = {"B": label, "C": entries[key] or None}
        if number == len(HEADER) - 1:
            line["J"] = SEAL_LABEL
        lines.append(Line(line, "header", headings=frozenset("BJ")))
    for block in BLOCKS:
        lines += _block(block, spread, references)
    lines.append(Line({"A": FOOTER}, "footer"))
    return lines


def _occupancies(state: ProjectState) -> list[str]:
    answer = state.answer_for("3.02")
    return [str(g) for g in answer.value] if answer is not None and isinstance(answer.value, list) else []


def _block(block: Block, spread: dict[str, Fields], references: dict[str, list[str]]) -> list[Line]:
    own = spread.get(block.item, {})
    lines: list[Line] = []
    unmarked = bool(own.get(NOT_APPLICABLE))  # 'not applicable' still to be written
    for row in block.rows:
        if unmarked and FIRST_FIELD[block.item] in row.cells:
            unmarked = False
            lines.append(_line(block, row, lambda cell: cells.EMPTY))
            lines[-1].cells[FIRST_FIELD[block.item].column] = NOT_APPLICABLE_TEXT
            if not row.repeat:
                continue
            count = max(row.minimum - 1, 0)
            lines += [_line(block, row, lambda cell: cells.EMPTY) for _ in range(count)]
            continue
        if row.repeat:
            entries = own.get(row.repeat, [])
            for index in range(max(len(entries), row.minimum)):
                entry = entries[index] if index < len(entries) else {}
                lines.append(_line(block, row, lambda cell, e=entry: e.get(cell.field, cells.EMPTY)))
            continue
        line = _line(
            block, row, lambda cell: spread.get(cell.item or block.item, {}).get(cell.field, cells.EMPTY)
        )
        if row.optional and not any(line.cells.get(c.column) is not None for c in row.cells if c.field):
            continue
        lines.append(line)
    first = lines[0]
    first.cells.update({"A": block.item, "B": block.title})
    refs = ", ".join(cells.sheet_reference(ref) for ref in references.get(block.item, []))
    if refs:
        first.cells[REFERENCE_COLUMN] = refs
    lines[0] = Line(first.cells, "item", first.items or (block.item,), first.headings)
    return lines


def _line(block: Block, row: Row, field_of: Any) -> Line:
    values: dict[str, Any] = {}
    headings = set()
    items = set()
    for cell in row.cells:
        if cell.label:
            values[cell.column] = cell.label
            headings.add(cell.column)
            continue
        items.add(cell.item or block.item)
        written = cells.write(cell.kind, field_of(cell))
        if written is not None:
            values[cell.column] = written
    if row.references:
        values[REFERENCE_COLUMN] = row.references
    return Line(values, "row", tuple(sorted(items)), frozenset(headings))
