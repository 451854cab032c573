"""The row tables of the computed items (3.18, 3.21, 3.22, 3.23), shaped like the OAA Part 3 sheet.

A table's columns are the consultant's inputs (given) and what the wizard works out; a row is a
floor, face or assembly. What the editor draws (``ui.rows``) and how its edits are read back
(``ui.row_input``) both follow these definitions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from wizard_core import FormItem

Kind = Literal["text", "number", "whole", "check"]


@dataclass(frozen=True)
class Column:
    name: str
    label: str
    kind: Kind
    given: bool = False  # an input the consultant gives; otherwise the wizard works it out
    help: str = ""


@dataclass(frozen=True)
class Table:
    rows_key: str  # the list in the item's value: rows, faces or assemblies
    noun: str  # what a row is, in messages
    name: str  # the column that names a row
    columns: tuple[Column, ...]


FROM_ARTICLE = "Leave blank to take what the 3.10 article requires."

TABLES = {
    "occupant_load": Table(
        "rows",
        "floor or area",
        "floor",
        (
            Column("floor", "Floor or area", "text", True, "e.g. Ground floor, Level 2 offices."),
            Column("use", "Use (Table 3.1.17.1)", "text", True, "e.g. offices, classrooms, retail."),
            Column("area_m2", "Floor area (m²)", "number", True),
            Column(
                "design_persons",
                "Design persons (optional)",
                "whole",
                True,
                "A design number of persons; leave blank to work the persons out from Table 3.1.17.1.",
            ),
            Column("occupancy", "Occupancy", "text"),
            Column("persons", "Persons", "whole"),
            Column("based_on", "Based on", "text"),
            Column("posted_limit", "Posted limit required", "check"),
        ),
    ),
    "assemblies": Table(
        "assemblies",
        "assembly",
        "assembly",
        (
            Column("assembly", "Assembly", "text"),
            Column("rating_h", "Rating (h)", "number", True, FROM_ARTICLE),
            Column("supporting_h", "Supporting structure (h)", "number", True, FROM_ARTICLE),
            Column("noncombustible_in_lieu", "Noncombustible in lieu of rating", "check", True),
        ),
    ),
    "spatial": Table(
        "faces",
        "face",
        "face",
        (
            Column("face", "Face", "text", True, "e.g. North, East, EBF 1."),
            Column("area_m2", "Face area (m²)", "number", True),
            Column("limiting_distance_m", "Limiting distance (m)", "number", True),
            Column(
                "ratio",
                "Length ÷ height ratio",
                "number",
                True,
                "Only needed when the building is not sprinklered.",
            ),
            Column(
                "ratio_band",
                "Or its band",
                "text",
                True,
                "In place of the ratio: less than 3:1, 3:1 to 10:1 or over 10:1 (Tables 3.2.3.1.-B and -C).",
            ),
            Column("upo_actual_pct", "Openings proposed (%)", "number", True),
            Column("upo_permitted_pct", "Openings permitted (%)", "number"),
            Column("frr_h", "Rating (h)", "number"),
            Column("construction", "Construction", "text"),
            Column("cladding", "Cladding", "text"),
            Column("basis", "Basis", "text"),
        ),
    ),
    "fixtures": Table(
        "rows",
        "floor",
        "floor",
        (
            Column("floor", "Floor or area", "text", True, "As named in 3.18."),
            Column("persons", "Persons", "whole"),
            Column("sentence", "Sentence", "text"),
            Column("wc_required", "Water closets required", "whole"),
            Column("wc_provided", "Water closets provided", "whole", True),
            Column("bf_wc_required", "Barrier-free stalls required", "whole"),
            Column("bf_wc_provided", "Barrier-free stalls provided", "whole", True),
            Column("universal_required", "Universal washrooms required", "whole"),
            Column("universal_provided", "Universal washrooms provided", "whole", True),
        ),
    ),
}


def is_table(item: FormItem) -> bool:
    return item.answer_type in TABLES


def has_rows(item: FormItem, value: Any) -> bool:
    """Whether a recorded value has rows to show as a table (a note alone reads as a line)."""
    return is_table(item) and isinstance(value, dict) and bool(value.get(table_of(item).rows_key))


def table_of(item: FormItem) -> Table:
    return TABLES[item.answer_type]


def fixed(item: FormItem, base: list[dict[str, Any]]) -> bool:
    """A row per assembly always; 3.23's rows follow the floors when they are known."""
    return item.answer_type == "assemblies" or (item.answer_type == "fixtures" and bool(base))


def editable(item: FormItem, is_fixed: bool) -> list[str]:
    """The input columns; a fixed row's name is not the consultant's to change."""
    table = table_of(item)
    return [c.name for c in table.columns if c.given and not (is_fixed and c.name == table.name)]


def label(table: Table, name: str) -> str:
    """The column's heading as the editor shows it."""
    return next(c.label for c in table.columns if c.name == name)
