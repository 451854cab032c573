"""Row editors for the computed items (3.18, 3.21, 3.22, 3.23): the consultant's inputs, the wizard's columns.

Each editor shows a row per floor, face or assembly (``ui.row_tables``): the input columns are
editable and the columns the engine works out are read-only. ``st.data_editor`` keeps what was
typed as edits against the rows it was drawn with, so the rows drawn are kept under the editor's
key for ``ui.row_input`` to read those edits against.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

import pandas as pd
import streamlit as st

from ui.row_tables import editable, fixed, table_of
from wizard_core import ASSEMBLY_LABELS, FormItem


def base_rows(item: FormItem, value: Any, floors: list[str] | None = None) -> list[dict[str, Any]]:
    """The rows the editor starts from: the current answer's (3.23: one per 3.18 floor when known)."""
    value = value if isinstance(value, dict) else {}
    table = table_of(item)
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
        disabled=[c.name for c in table_of(item).columns if c.name not in inputs],
        hide_index=True,
        width="stretch",
        placeholder="",  # a blank cell, not "None"
    )


def show(item: FormItem, value: dict[str, Any]) -> None:
    """A recorded answer's rows, every column, read-only."""
    shown = [c.name for c in table_of(item).columns if c.name != "design_persons"]
    rows = [dict(r) for r in value.get(table_of(item).rows_key) or [] if isinstance(r, dict)]
    st.dataframe(
        frame(item, rows)[shown],
        column_config=column_config(item),
        hide_index=True,
        width="stretch",
        placeholder="",
    )


def column_config(item: FormItem) -> dict[str, Any]:
    config: dict[str, Any] = {}
    table = table_of(item)
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
    for c in table_of(item).columns:
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
