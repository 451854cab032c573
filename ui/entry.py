"""Direct entry: a typed field for each answer type (read back by ui/entry_input.py).

The fields only collect; the core's ``validate_value`` (the advisor's rules) decides what is valid.
The computed items (3.18, 3.21, 3.22, 3.23) take their inputs in a row editor (ui/rows.py, read
back by ui/row_input.py); the core works out the other columns on saving.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from ui import row_tables, rows
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
