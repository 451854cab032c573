"""Direct entry: a typed field for each answer type, read back into the value the core validates.

The fields only collect; the core's ``validate_value`` (the advisor's rules) decides what is valid.
"""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from wizard_core import FormAnswer, FormItem

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
        "occupant_load": "Total occupant load in persons, with the areas and basis behind it.",
        "entrances_hazards": "Number of barrier-free entrances; whether hazardous substances are present.",
        "construction": "Construction restriction, actual construction, and whether heavy timber is used.",
        "text": "A short description in your own words.",
    }[kind]
    if item.allows_not_applicable:
        text += " Or “not applicable”."
    return text


def _number(value: float | None) -> str:
    return "any" if value is None else f"{value:g}"


def draw(item: FormItem, current: FormAnswer | None) -> None:
    """The fields for ``item``, filled with its current answer when it is being revised."""
    kind = item.answer_type
    value = current.value if current is not None else None
    if kind in {"choice", "multi_choice"}:
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
    elif kind == "occupant_load":
        st.number_input(
            "Total occupant load (persons)",
            min_value=0,
            step=1,
            value=value.get("total"),
            key=key(item, "total"),
        )
        rows = "\n".join(
            f"{r['area']}, {r['persons']}, {r.get('basis', '')}".rstrip(", ") for r in value.get("rows", [])
        )
        st.text_area(
            "By area (optional): one line each, “area, persons, basis”",
            value=rows,
            key=key(item, "rows"),
            placeholder="Offices, 334, 9.3 m² per person",
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
    if kind in {"area", "building_height", "occupant_load", "entrances_hazards", "construction"}:
        return _read_record(item)
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
    fields = _RECORD_FIELDS.get(item.answer_type, ["value"]) + (
        ["rows"] if item.answer_type == "occupant_load" else []
    )
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
    "occupant_load": ["total"],
    "entrances_hazards": ["barrier_free_entrances", "hazardous_substances"],
    "construction": ["restriction", "actual", "heavy_timber"],
}


def _read_record(item: FormItem) -> dict[str, Any]:
    state, kind = st.session_state, item.answer_type
    fields = _RECORD_FIELDS[kind]
    record = {field: state.get(key(item, field)) for field in fields}
    missing = [field.replace("_", " ") for field, value in record.items() if value is None]
    if missing:
        raise ValueError(f"Fill in {', '.join(missing)} for {item.number} before saving.")
    if kind == "entrances_hazards":
        record["hazardous_substances"] = record["hazardous_substances"] == "Yes"
    if kind == "occupant_load":
        record["rows"] = [
            _occupant_row(line) for line in (state.get(key(item, "rows")) or "").splitlines() if line.strip()
        ]
    return record


def _occupant_row(line: str) -> dict[str, Any]:
    parts = [p.strip() for p in line.split(",", 2)]
    if len(parts) < 2 or not re.fullmatch(r"\d+", parts[1]):
        raise ValueError(f"Write each area as “area, persons, basis”; this line is not: {line.strip()}")
    return {"area": parts[0], "persons": int(parts[1]), "basis": parts[2] if len(parts) > 2 else ""}
