"""Row editors for the computed items (3.18, 3.21, 3.22, 3.23): the consultant's inputs, the wizard's columns.

Each editor shows a row per floor, face or assembly, shaped like the OAA Part 3 sheet: the input
columns are editable and the columns the engine works out are read-only. ``st.data_editor`` keeps
what was typed as edits (edited, added and deleted rows) against the rows it was drawn with, so
reading applies those edits to the rows kept at drawing: every cell is read exactly as typed, and
one that is not a number is named with its row and column rather than dropped.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any, Literal

import pandas as pd
import streamlit as st

from wizard_core import ASSEMBLY_LABELS, FormItem

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
    return is_table(item) and isinstance(value, dict) and bool(value.get(_table(item).rows_key))


def _table(item: FormItem) -> Table:
    return TABLES[item.answer_type]


def fixed(item: FormItem, base: list[dict[str, Any]]) -> bool:
    """A row per assembly always; 3.23's rows follow the floors when they are known."""
    return item.answer_type == "assemblies" or (item.answer_type == "fixtures" and bool(base))


def editable(item: FormItem, is_fixed: bool) -> list[str]:
    """The input columns; a fixed row's name is not the consultant's to change."""
    table = _table(item)
    return [c.name for c in table.columns if c.given and not (is_fixed and c.name == table.name)]


# Drawing.


def base_rows(item: FormItem, value: Any, floors: list[str] | None = None) -> list[dict[str, Any]]:
    """The rows the editor starts from: the current answer's (3.23: one per 3.18 floor when known)."""
    value = value if isinstance(value, dict) else {}
    table = _table(item)
    given = [dict(r) for r in value.get(table.rows_key) or [] if isinstance(r, dict)]
    if item.answer_type == "occupant_load":
        # A design number is shown as given; a table figure is worked out again from the area.
        for row in given:
            from_table = str(row.get("based_on") or "").startswith("table")
            row["design_persons"] = None if from_table else row.get("persons")
        return given
    if item.answer_type == "assemblies":
        by_name = {str(r.get("assembly")): r for r in given}
        return [
            {
                "rating_h": None,
                "supporting_h": None,
                "noncombustible_in_lieu": False,
                **by_name.get(name, {}),
                "assembly": name,
            }
            for name in ASSEMBLY_LABELS
        ]
    if item.answer_type == "fixtures" and floors:
        by_floor = {str(r.get("floor", "")).casefold(): r for r in given}
        return [{**by_floor.get(floor.casefold(), {}), "floor": floor} for floor in floors]
    return given


def draw(item: FormItem, key: str, value: Any, floors: list[str] | None = None) -> None:
    """The editor, its rows kept (under ``key``) to read its edits against on saving."""
    base = base_rows(item, value, floors)
    is_fixed = fixed(item, base)
    digest = hashlib.sha256(json.dumps(base, sort_keys=True, default=str).encode()).hexdigest()[:12]
    # A new key when the rows it starts from change, so a saved revision is shown as recorded.
    editor = f"{key}-{digest}"
    st.session_state[key] = {"editor": editor, "rows": base, "fixed": is_fixed}
    inputs = editable(item, is_fixed)
    st.data_editor(
        frame(item, base),
        key=editor,
        num_rows="fixed" if is_fixed else "dynamic",
        column_config=column_config(item),
        disabled=[c.name for c in _table(item).columns if c.name not in inputs],
        hide_index=True,
        width="stretch",
        placeholder="",  # a blank cell, not "None"
    )


def show(item: FormItem, value: dict[str, Any]) -> None:
    """A recorded answer's rows, every column, read-only."""
    shown = [c.name for c in _table(item).columns if c.name != "design_persons"]
    rows = [dict(r) for r in value.get(_table(item).rows_key) or [] if isinstance(r, dict)]
    st.dataframe(
        frame(item, rows)[shown],
        column_config=column_config(item),
        hide_index=True,
        width="stretch",
        placeholder="",
    )


def column_config(item: FormItem) -> dict[str, Any]:
    config: dict[str, Any] = {}
    table = _table(item)
    for c in table.columns:
        worked_out = not c.given and c.name != table.name  # a row's name is given or fixed
        label = f"{c.label} (worked out)" if worked_out else c.label
        if c.kind == "text":
            config[c.name] = st.column_config.TextColumn(label, help=c.help or None)
        elif c.kind == "check":
            config[c.name] = st.column_config.CheckboxColumn(label, help=c.help or None)
        else:
            whole = c.kind == "whole"
            config[c.name] = st.column_config.NumberColumn(
                label,
                help=c.help or None,
                min_value=0,
                step=1 if whole else None,
                format="%d" if whole else None,
            )
    return config


def frame(item: FormItem, rows: list[dict[str, Any]]) -> pd.DataFrame:
    """The rows as a typed frame (numbers blank where not given), named by the value's keys."""
    data: dict[str, Any] = {}
    for c in _table(item).columns:
        cells = [row.get(c.name) for row in rows]
        if c.name == "assembly":
            cells = [ASSEMBLY_LABELS.get(str(v), v) for v in cells]
        if c.kind == "text":
            data[c.name] = pd.array([None if v is None else str(v) for v in cells], dtype="string")
        elif c.kind == "check":
            data[c.name] = pd.array([bool(v) for v in cells], dtype="boolean")  # nullable: an added row
        elif c.kind == "whole":
            data[c.name] = pd.array([_shown_number(v, whole=True) for v in cells], dtype="Int64")
        else:
            data[c.name] = pd.array([_shown_number(v) for v in cells], dtype="Float64")
    return pd.DataFrame(data)


def _shown_number(value: Any, whole: bool = False) -> float | int | None:
    """A stored figure for display; anything else blank (the editor shows numbers only)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    if whole:
        return int(value) if float(value).is_integer() else None
    return float(value)


# Reading.


def edited(item: FormItem, key: str) -> list[dict[str, Any]]:
    """The rows as they stand in the editor: its edits applied to the rows it was drawn with."""
    kept = st.session_state.get(key) or {}
    base: list[dict[str, Any]] = [dict(r) for r in kept.get("rows") or []]
    is_fixed = bool(kept.get("fixed"))
    edits = st.session_state.get(kept.get("editor", "")) or {}
    inputs = set(editable(item, is_fixed))
    for position, change in (edits.get("edited_rows") or {}).items():
        index = int(position)
        if 0 <= index < len(base) and isinstance(change, dict):
            base[index].update({k: v for k, v in change.items() if k in inputs})
    if is_fixed:
        return base
    deleted = {int(i) for i in edits.get("deleted_rows") or []}
    rows = [row for index, row in enumerate(base) if index not in deleted]
    for added in edits.get("added_rows") or []:
        if isinstance(added, dict):
            rows.append({k: v for k, v in added.items() if k in inputs})
    return rows


def holds_figures(item: FormItem, key: str) -> bool:
    """Whether any input cell holds something (an unticked box or a blank cell holds nothing)."""
    inputs = editable(item, bool((st.session_state.get(key) or {}).get("fixed")))
    return any(not _blank(row.get(name)) for row in edited(item, key) for name in inputs)


def read(item: FormItem, key: str) -> list[dict[str, Any]]:
    """The rows typed: inputs parsed, worked-out columns as drawn; fully empty rows dropped.

    ValueError names a cell that is not a number, a row with figures but no name, and a name
    given twice, by the row's number and name, so the consultant can find and correct it.
    """
    table = _table(item)
    is_fixed = bool((st.session_state.get(key) or {}).get("fixed"))
    inputs = editable(item, is_fixed)
    rows: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    for number, row in enumerate(edited(item, key), start=1):
        if not is_fixed and all(_blank(row.get(name)) for name in inputs):
            continue
        name = _text(row.get(table.name))
        where = f"row {number}" + (f" ({name})" if name else "")
        typed = dict(row)
        for column in table.columns:
            if column.name in inputs:
                typed[column.name] = _cell(column, row.get(column.name), where)
        if not name:
            raise ValueError(
                f"Not saved: {where} has figures but no {table.noun} named in “{_label(table, table.name)}”. "
                "Name it, or clear the row (your entries are kept)."
            )
        if name.casefold() in seen and not is_fixed:
            raise ValueError(
                f"Not saved: the {table.noun} “{name}” is in rows {seen[name.casefold()]} and {number}; "
                f"give each {table.noun} once (your entries are kept)."
            )
        seen[name.casefold()] = number
        rows.append(typed)
    return rows


def _label(table: Table, name: str) -> str:
    return next(c.label for c in table.columns if c.name == name)


def _blank(value: Any) -> bool:
    if value is None or value is False:
        return True
    if isinstance(value, float) and math.isnan(value):
        return True
    return isinstance(value, str) and not value.strip()


def _text(value: Any) -> str:
    return "" if _blank(value) or value is True else str(value).strip()


def _cell(column: Column, value: Any, where: str) -> Any:
    if column.kind == "text":
        return _text(value)
    if column.kind == "check":
        return value is True or (isinstance(value, str) and value.strip().casefold() in ("true", "yes"))
    if _blank(value):
        return None
    problem = f"Not saved: {where}, “{column.label}”: “{value}” is not a number"
    kept = "Correct the cell and save again (your entries are kept)."
    figure: float | None = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        figure = float(value)
    elif isinstance(value, str):
        try:
            figure = float(value.strip().replace(",", ""))
        except ValueError:
            figure = None
    if figure is None or not math.isfinite(figure):
        raise ValueError(f"{problem}. {kept}")
    if column.kind == "whole":
        if not figure.is_integer():
            raise ValueError(f"Not saved: {where}, “{column.label}”: “{value}” is not a whole number. {kept}")
        return int(figure)
    return figure
