"""Direct entry: a typed field for each answer type, read back into the value the core validates.

The fields only collect; the core's ``validate_value`` (the advisor's rules) decides what is valid.
The computed items (3.18, 3.21, 3.22, 3.23) take their inputs in a row editor (ui/rows.py, read
back by ui/row_input.py); the core works out the other columns on saving.
"""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from ui import row_input, row_tables, rows
from wizard_core import FormAnswer, FormItem, ProjectState, Wizard

NOT_APPLICABLE = "na"


def key(item: FormItem, field: str) -> str:
    return f"entry-{item.number}-{field}"


def expected(item: FormItem) -> str:
    """The form of answer an item expects, in a sentence."""
    kind = item.answer_type
    labels = ", ".join(o.label for o in item.options)
    text = {
        "code_version": "Set from the project's code edition.",
        "yes_no": "Yes or no.",
        "choice": f"One of: {labels}.",
        "multi_choice": f"One or more of: {labels}.",
        "area": f"Areas in {item.unit or 'm²'}: existing, new and total.",
        "building_height": "Storeys above grade, storeys below grade, and building height in m.",
        "integer": f"A whole number from {_number(item.minimum)} to {_number(item.maximum)}.",
        "articles": "One or more classification articles, 3.2.2.20 to 3.2.2.93.",
        "occupant_load": (
            "A row per floor or area: its use (as in Table 3.1.17.1) and floor area in m², and a design "
            "number of persons only if you have one. The wizard works out the occupancy, persons, basis, "
            "posted limit and total."
        ),
        "assemblies": (
            "A fire-resistance rating in hours for each of the five assemblies (storeys below grade, "
            "floors over basement, floors, mezzanine, roof) and for the structure supporting it. The "
            "wizard works out any rating left blank from the 3.10 article."
        ),
        "spatial": (
            "A row per exposing building face: face area in m², limiting distance in m, length ÷ height "
            "ratio (only if not sprinklered) and openings proposed in %. The wizard works out the openings "
            "permitted, rating, construction and cladding."
        ),
        "fixtures": (
            "The male:female ratio and, for each floor of 3.18, the water closets, barrier-free stalls "
            "and universal washrooms provided. The wizard works out the persons and what is required."
        ),
        "entrances_hazards": "Number of barrier-free entrances; whether hazardous substances are present.",
        "construction": "Construction restriction, actual construction, and whether heavy timber is used.",
        "text": "A short description in your own words.",
        "energy": "The compliance path (e.g. SB-10 with ASHRAE 90.1-2013), the climate zone and the heating "
        "degree-days below 18 °C.",
        "sound": "Whether there is more than one dwelling unit (or hotel suite), and the sound transmission "
        "option implemented.",
    }[kind]
    if item.allows_not_applicable:
        text += " Or “not applicable”."
    return text


def _number(value: float | None) -> str:
    return "any" if value is None else f"{value:g}"


def floors(wizard: Wizard, state: ProjectState, item: FormItem) -> list[str]:
    """The floors a fixtures item's rows follow: those of the occupant load it depends on."""
    if item.answer_type != "fixtures":
        return []
    for section in item.depends_on:
        answer = state.answer_for(section)
        if wizard.item(section).answer_type == "occupant_load" and answer is not None:
            value = answer.value if isinstance(answer.value, dict) else {}
            named = [str(r.get("floor") or "") for r in value.get("rows") or [] if isinstance(r, dict)]
            return [floor for floor in named if floor.strip()]
    return []


def draw(item: FormItem, current: FormAnswer | None, source_floors: list[str] | None = None) -> None:
    """The fields for ``item``, filled with its current answer when it is being revised.

    ``source_floors`` are the floors a fixtures item's rows follow (see ``floors``).
    """
    kind = item.answer_type
    value = current.value if current is not None else None
    if row_tables.is_table(item):
        _table_fields(item, value if isinstance(value, dict) else {}, source_floors)
    elif kind in {"choice", "multi_choice"}:
        labels = [o.label for o in item.options]
        if kind == "choice":
            index = labels.index(value) if value in labels else None
            st.selectbox("Answer", labels, index=index, key=key(item, "value"), placeholder="Choose…")
        else:
            chosen = [v for v in value if v in labels] if isinstance(value, list) else []
            st.multiselect("Answer", labels, default=chosen, key=key(item, "value"))
    elif kind == "yes_no":
        index = None if not isinstance(value, bool) else (0 if value else 1)
        st.radio("Answer", ["Yes", "No"], index=index, horizontal=True, key=key(item, "value"))
    elif kind == "integer":
        st.number_input(
            "Answer",
            min_value=int(item.minimum) if item.minimum is not None else None,
            max_value=int(item.maximum) if item.maximum is not None else None,
            value=value if isinstance(value, int) else None,
            step=1,
            key=key(item, "value"),
        )
    elif kind == "articles":
        shown = ", ".join(value) if isinstance(value, list) else ""
        st.text_input(
            "Articles, separated by commas", value=shown, key=key(item, "value"), placeholder="3.2.2.60"
        )
    elif kind == "text":
        st.text_area("Answer", value=value if isinstance(value, str) else "", key=key(item, "value"))
    else:
        _record_fields(item, value if isinstance(value, dict) else {})
    if item.allows_not_applicable:
        applies = current is not None and current.not_applicable
        st.checkbox("Not applicable / none", value=applies, key=key(item, NOT_APPLICABLE))


def _record_fields(item: FormItem, value: dict[str, Any]) -> None:
    kind, unit = item.answer_type, item.unit or "m²"
    if kind == "area":
        columns = st.columns(3)
        for column, field in zip(columns, ("existing", "new", "total"), strict=True):
            column.number_input(
                f"{field.capitalize()} ({unit})",
                min_value=0.0,
                step=1.0,
                value=value.get(field),
                key=key(item, field),
            )
    elif kind == "building_height":
        columns = st.columns(3)
        columns[0].number_input(
            "Storeys above grade",
            min_value=1,
            step=1,
            value=value.get("storeys_above_grade"),
            key=key(item, "storeys_above_grade"),
        )
        columns[1].number_input(
            "Storeys below grade",
            min_value=0,
            step=1,
            value=value.get("storeys_below_grade"),
            key=key(item, "storeys_below_grade"),
        )
        columns[2].number_input(
            "Building height (m)",
            min_value=0.0,
            step=0.1,
            value=value.get("height_m"),
            key=key(item, "height_m"),
        )
    elif kind == "entrances_hazards":
        st.number_input(
            "Barrier-free entrances",
            min_value=0,
            step=1,
            value=value.get("barrier_free_entrances"),
            key=key(item, "barrier_free_entrances"),
        )
        hazards = value.get("hazardous_substances")
        st.radio(
            "Hazardous substances stored or used?",
            ["Yes", "No"],
            horizontal=True,
            index=None if hazards is None else (0 if hazards else 1),
            key=key(item, "hazardous_substances"),
        )
    elif kind == "energy":
        columns = st.columns(3)
        columns[0].text_input(
            "Compliance path", value=value.get("compliance_path") or "", key=key(item, "compliance_path")
        )
        columns[1].text_input(
            "Climate zone", value=value.get("climate_zone") or "", key=key(item, "climate_zone")
        )
        columns[2].number_input(
            "Degree days below 18 °C",
            min_value=0,
            step=1,
            value=value.get("degree_days"),
            key=key(item, "degree_days"),
        )
        st.text_input("Note (optional)", value=value.get("note") or "", key=key(item, "note"), max_chars=500)
    elif kind == "sound":
        several = value.get("more_than_one_dwelling_unit")
        st.radio(
            "More than one dwelling unit in the building?",
            ["Yes", "No"],
            horizontal=True,
            index=None if several is None else (0 if several else 1),
            key=key(item, "more_than_one_dwelling_unit"),
        )
        st.text_input("Option implemented", value=value.get("option") or "", key=key(item, "option"))
        st.text_input("Note (optional)", value=value.get("note") or "", key=key(item, "note"), max_chars=500)
    elif kind == "construction":
        for field, label in (
            ("restriction", "Restriction (from the article)"),
            ("actual", "Actual construction"),
        ):
            labels = [o.label for o in item.field_options[field]]
            index = labels.index(value[field]) if value.get(field) in labels else None
            st.selectbox(label, labels, index=index, key=key(item, field), placeholder="Choose…")
        st.checkbox(
            "Heavy timber construction used",
            value=bool(value.get("heavy_timber")),
            key=key(item, "heavy_timber"),
        )


def _table_fields(item: FormItem, value: dict[str, Any], source_floors: list[str] | None) -> None:
    """A row editor (inputs editable, the wizard's columns read-only), the ratio and a note."""
    st.caption(_HOW[item.answer_type])
    rows.draw(item, key(item, TABLE), value, source_floors)
    if item.answer_type == "fixtures":
        ratio = value.get("ratio")
        st.text_input(
            "Male : female ratio",
            value=ratio if isinstance(ratio, str) and ratio else "50:50",
            key=key(item, "ratio"),
            max_chars=9,
        )
    note = value.get("note")
    st.text_input(
        "Note (optional)", value=note if isinstance(note, str) else "", key=key(item, "note"), max_chars=500
    )


_WORKED_OUT = "Type in the editable columns; the wizard fills in those marked “worked out” when you save."
_HOW = {
    "occupant_load": f"{_WORKED_OUT} Add a row at the foot of the table; select rows to delete them.",
    "spatial": f"{_WORKED_OUT} Add a row at the foot of the table; select rows to delete them.",
    "fixtures": _WORKED_OUT,
    "assemblies": "Type the ratings in hours (0.75 for 45 min); a rating left blank is taken from what "
    "the 3.10 article requires when you save.",
}
TABLE = "table"  # the session-state entry holding a row editor's rows and widget key


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
    "spatial": ("face", "area_m2", "limiting_distance_m", "ratio", "upo_actual_pct"),
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
