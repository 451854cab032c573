"""What was typed in the direct entry (ui/entry.py), read back into the value the core validates."""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from ui import row_input, row_tables
from ui.entry import NOT_APPLICABLE, TABLE, key
from wizard_core import FormItem


def read(item: FormItem) -> Any:
    """The value the fields hold; ValueError naming what is missing (None means not applicable).

    "Not applicable" ticked with figures typed is refused rather than guessed: the box may be
    ticked from an earlier "none" answer and the figures new, or the figures filled in from an
    earlier answer and the box new, so either guess could drop what the consultant meant.
    """
    state = st.session_state
    if item.allows_not_applicable and state.get(key(item, NOT_APPLICABLE)):
        filled = _filled(item)
        if filled:
            raise ValueError(
                f"Not saved: “Not applicable / none” is ticked but {item.number} also has "
                f"{', '.join(filled)} filled in. Untick “Not applicable / none” to save the figures, "
                "or clear them to record not applicable (your entries are kept)."
            )
        return None
    kind = item.answer_type
    if row_tables.is_table(item):
        return _read_table(item)
    if kind in {"area", "building_height", "entrances_hazards", "construction"}:
        return _read_record(item)
    if kind in {"energy", "sound"}:
        return _read_fields(item)
    value = state.get(key(item, "value"))
    if kind == "yes_no":
        value = None if value is None else value == "Yes"
    elif kind == "articles":
        value = [a for a in re.split(r"[\s,;]+", value or "") if a] or None
    elif kind == "text":
        value = (value or "").strip() or None
    elif kind == "multi_choice":
        value = value or None
    if value is None:
        raise ValueError(f"Enter an answer for {item.number} before saving.")
    return value


def _filled(item: FormItem) -> list[str]:
    """The names of the fields holding something (an unticked box or empty field holds nothing)."""
    if row_tables.is_table(item):
        held_rows = row_input.holds_figures(item, key(item, TABLE))
        named = row_tables.table_of(item).rows_key
        return ([f"the {named}"] if held_rows else []) + (
            ["the note"] if not _empty(st.session_state.get(key(item, "note"))) else []
        )
    fields = _RECORD_FIELDS.get(item.answer_type, ["value"])
    held = {field: st.session_state.get(key(item, field)) for field in fields}
    return [
        "the answer" if field == "value" else field.replace("_", " ")
        for field, value in held.items()
        if not _empty(value)
    ]


def _empty(value: Any) -> bool:
    """An untouched field: None, blank text, no choices, an unticked box (a typed 0 is a figure)."""
    if value is None or value is False:
        return True
    return (isinstance(value, str) and not value.strip()) or (isinstance(value, list) and not value)


_RECORD_FIELDS = {
    "area": ["existing", "new", "total"],
    "building_height": ["storeys_above_grade", "storeys_below_grade", "height_m"],
    "entrances_hazards": ["barrier_free_entrances", "hazardous_substances"],
    "construction": ["restriction", "actual", "heavy_timber"],
    "energy": ["compliance_path", "climate_zone", "degree_days", "note"],
    "sound": ["more_than_one_dwelling_unit", "option", "note"],
}


def _read_fields(item: FormItem) -> dict[str, Any]:
    """The sheet's fields of 3.24 or 3.25: any may be left blank, not all (the core checks the rest)."""
    state = st.session_state
    record = {field: state.get(key(item, field)) for field in _RECORD_FIELDS[item.answer_type]}
    if all(_empty(value) for value in record.values()):
        raise ValueError(f"Fill in at least one field for {item.number} before saving.")
    if item.answer_type == "sound":
        several = record["more_than_one_dwelling_unit"]
        record["more_than_one_dwelling_unit"] = None if several is None else several == "Yes"
    return {k: (v.strip() if isinstance(v, str) else v) for k, v in record.items() if v is not None}


def _read_record(item: FormItem) -> dict[str, Any]:
    state, kind = st.session_state, item.answer_type
    fields = _RECORD_FIELDS[kind]
    record = {field: state.get(key(item, field)) for field in fields}
    missing = [field.replace("_", " ") for field, value in record.items() if value is None]
    if missing:
        raise ValueError(f"Fill in {', '.join(missing)} for {item.number} before saving.")
    if kind == "entrances_hazards":
        record["hazardous_substances"] = record["hazardous_substances"] == "Yes"
    return record


def _read_table(item: FormItem) -> dict[str, Any]:
    """The value's inputs from the row editor; the core works out the rest (blank here)."""
    state, kind = st.session_state, item.answer_type
    typed = row_input.read(item, key(item, TABLE))
    note = (state.get(key(item, "note")) or "").strip()
    if kind == "occupant_load":
        if not typed:
            raise ValueError(
                f"Add a floor or area to {item.number} before saving: its use and floor area, "
                "or a design number of persons."
            )
        return {"rows": [_occupant(row) for row in typed], "total": _total(typed), "note": note}
    if kind == "assemblies":
        return {"assemblies": [_inputs(row, kind) for row in typed], "note": note}
    if kind == "spatial":
        if not typed and not note:
            raise ValueError(
                f"Add an exposing building face to {item.number} before saving (its area and "
                "limiting distance), or a note"
                + (", or tick “Not applicable / none”." if item.allows_not_applicable else ".")
            )
        return {"faces": [_inputs(row, kind) for row in typed], "note": note}
    return {
        "ratio": (state.get(key(item, "ratio")) or "").strip() or "50:50",
        "rows": [_inputs(row, kind) for row in typed],
        "note": note,
    }


# What the core takes of a row (the columns it works out are left to it); 3.18 is _occupant.
_SENT = {
    "assemblies": ("assembly", "rating_h", "supporting_h", "noncombustible_in_lieu"),
    "spatial": ("face", "area_m2", "limiting_distance_m", "ratio", "ratio_band", "upo_actual_pct"),
    "fixtures": ("floor", "wc_provided", "bf_wc_provided", "universal_provided"),
}


def _inputs(row: dict[str, Any], kind: str) -> dict[str, Any]:
    """A row's inputs; a fixtures count left blank is not sent (the core takes whole numbers only)."""
    return {f: row[f] for f in _SENT[kind] if not (kind == "fixtures" and row[f] is None)}


def _occupant(row: dict[str, Any]) -> dict[str, Any]:
    """A 3.18 row's inputs; a row with no area keeps the columns worked out for it before."""
    carried = row.get("area_m2") is None
    return {
        "floor": row["floor"],
        "occupancy": str(row.get("occupancy") or "") if carried else "",
        "use": row["use"],
        "area_m2": row["area_m2"],
        "persons": row["design_persons"],
        "based_on": str(row.get("based_on") or "") if carried else "",
        "posted_limit": bool(row.get("posted_limit")) if carried else False,
    }


def _total(typed: list[dict[str, Any]]) -> int:
    """The persons given (the core adds up the rows again once it has worked them out)."""
    return sum(row["design_persons"] or 0 for row in typed)
