"""What was typed in a row editor, read back: the editor's edits applied to the rows it was drawn
with, every cell read exactly as typed, and one that is not a number named by its row and column
rather than dropped."""

from __future__ import annotations

import math
from typing import Any

import streamlit as st

from ui.row_tables import Column, editable, label, table_of
from wizard_core import FormItem


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
    table = table_of(item)
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
                f"Not saved: {where} has figures but no {table.noun} named in “{label(table, table.name)}”. "
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
