"""The OAA sheet's other cells: those beside an answer that the answer itself does not fill.

A description of the project type, the use beside each occupancy, the description rows under an
area, and so on: the consultant's own entries, printed on the exported sheet as typed. Only what
was changed since the form was drawn is sent, so a save never rewrites a cell the consultant left.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

import pandas as pd
import streamlit as st

from ui import session
from ui.actions import attempt_on
from wizard_core import ProjectState, Wizard

SLOT = "sheet-cells"
MAX_ROWS = 10  # description rows under an area
GROUPS = "groups"  # 3.02's rows: one use beside each occupancy the answer names


def _key(project: str, section: str, name: str) -> str:
    return f"sheet-cell-{project}-{section}-{name}"


def _rows_key(project: str, section: str) -> str:
    return f"sheet-rows-{project}-{section}"


def draw(wizard: Wizard, state: ProjectState) -> None:
    """The expander: choose an answered item, fill in its other cells, save."""
    with st.expander("Other cells on the OAA sheet"):
        st.caption(
            "The exported sheet has cells beside some answers that the answer does not fill: a description "
            "of the project type, the use beside each occupancy, the description rows under an area, and "
            "so on. What you type here prints on the sheet as you type it; the answer stays as it is."
        )
        sections = [
            item.number
            for item in wizard.items
            if state.answer_for(item.number) is not None and wizard.extra_cells(item.number)
        ]
        if not sections:
            st.caption("Answer an item first (3.01 onwards); its other cells can then be filled in here.")
        else:
            section = st.selectbox(
                "Item",
                sections,
                format_func=lambda number: f"{number} {wizard.title(number)}",
                key=f"sheet-cells-item-{state.project_id}",
            )
            _form(wizard, state, str(section or sections[0]))
        session.show_flash(SLOT)


def _form(wizard: Wizard, state: ProjectState, section: str) -> None:
    answer = state.answer_for(section)
    if answer is None:
        return
    project, stored = state.project_id, dict(answer.sheet_cells)
    defaults = wizard.sheet_defaults(state, section)
    cells = wizard.extra_cells(section)
    inputs: list[str] = []  # the cells drawn as one box each, by the name the answer keeps them under
    with st.form(f"sheet-cells-{section}", border=False):
        for cell in cells:
            if cell.repeat == GROUPS:
                groups = answer.value if isinstance(answer.value, list) else []
                if not groups:
                    st.caption(f"{section} names no occupancy, so there is no use to give beside one.")
                for number, group in enumerate(groups, start=1):
                    inputs.append(f"{GROUPS}.{number}.{cell.name}")
                    _box(project, section, inputs[-1], f"Use beside {group}", stored, "")
            elif not cell.repeat:
                inputs.append(cell.name)
                _box(project, section, cell.name, cell.label, stored, defaults.get(cell.name, ""))
        repeated = [c for c in cells if c.repeat and c.repeat != GROUPS]
        if repeated:
            st.caption(f"The description rows printed under the total ({MAX_ROWS} at most).")
            _editor(
                project, section, repeated[0].repeat, [(c.name, c.label, c.kind) for c in repeated], stored
            )
        st.form_submit_button("Save cells", on_click=save, args=(wizard, project, section, stored, inputs))


def _box(project: str, section: str, name: str, label: str, stored: dict[str, str], default: str) -> None:
    key = _key(project, section, name)
    st.session_state.setdefault(key, stored.get(name, ""))  # the saved entry, until edited
    shown = f"Left empty, the sheet prints “{default}”." if default else None
    st.text_input(label, key=key, max_chars=500, placeholder=default, help=shown)


def _editor(
    project: str, section: str, listed: str, columns: list[tuple[str, str, str]], stored: dict[str, str]
) -> None:
    """The repeated rows as a table; its rows kept (with their list) to read the edits against on saving."""
    count = max((_row_number(name, listed) for name in stored), default=0)
    base = [
        {name: stored.get(f"{listed}.{n}.{name}", "") for name, _, _ in columns} for n in range(1, count + 1)
    ]
    digest = hashlib.sha256(json.dumps(base, sort_keys=True).encode()).hexdigest()[:12]
    editor = f"{_rows_key(project, section)}-{digest}"  # a fresh editor once the saved rows change
    names = [name for name, _, _ in columns]
    st.session_state[_rows_key(project, section)] = {
        "editor": editor,
        "rows": base,
        "list": listed,
        "names": names,
    }
    data: dict[str, Any] = {}
    config: dict[str, Any] = {}
    for name, label, kind in columns:
        if kind == "number":
            data[name] = pd.array([_figure(row[name]) for row in base], dtype="Float64")
            config[name] = st.column_config.NumberColumn(label, min_value=0)
        else:
            data[name] = pd.array([row[name] or None for row in base], dtype="string")
            config[name] = st.column_config.TextColumn(label, max_chars=500)
    st.data_editor(
        pd.DataFrame(data),
        key=editor,
        num_rows="dynamic",
        column_config=config,
        hide_index=True,
        width="stretch",
        placeholder="",
    )


def _row_number(name: str, listed: str) -> int:
    parts = name.split(".")
    return int(parts[1]) if len(parts) == 3 and parts[0] == listed and parts[1].isdigit() else 0


def _figure(text: str) -> float | None:
    try:
        return float(text) if text else None
    except ValueError:
        return None


def _text(value: Any) -> str:
    """A cell of the table as the answer keeps it: figures without a needless '.0', blanks as ''."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(int(value)) if float(value).is_integer() else str(value)
    return str(value).strip()


def _edited_rows(project: str, section: str) -> tuple[str, int, list[dict[str, str]]]:
    """The table's list, how many rows it was drawn with, and its rows as they stand (blank rows dropped)."""
    kept = st.session_state.get(_rows_key(project, section)) or {}
    base: list[dict[str, Any]] = [dict(row) for row in kept.get("rows") or []]
    edits = st.session_state.get(kept.get("editor", "")) or {}
    for position, change in (edits.get("edited_rows") or {}).items():
        if 0 <= int(position) < len(base) and isinstance(change, dict):
            base[int(position)].update(change)
    deleted = {int(i) for i in edits.get("deleted_rows") or []}
    rows = [row for index, row in enumerate(base) if index not in deleted]
    rows += [dict(added) for added in edits.get("added_rows") or [] if isinstance(added, dict)]
    shown = [{name: _text(row.get(name)) for name in kept.get("names") or []} for row in rows]
    return str(kept.get("list", "")), len(base), [row for row in shown if any(row.values())]


def save(wizard: Wizard, project: str, section: str, stored: dict[str, str], inputs: list[str]) -> None:
    """Send what changed since the form was drawn; "" clears a cell."""
    typed = {}
    for name in inputs:
        text = st.session_state.get(_key(project, section, name), "")
        if text != stored.get(name, ""):
            typed[name] = text
    listed, drawn, rows = _edited_rows(project, section) if _has_rows(wizard, section) else ("", 0, [])
    if len(rows) > MAX_ROWS:
        session.flash(
            "error", f"The sheet takes {MAX_ROWS} description rows at most; nothing was saved.", SLOT
        )
        return
    names = [c.name for c in wizard.extra_cells(section) if c.repeat == listed]
    for number in range(1, max(len(rows), drawn) + 1):
        for name in names:
            text = rows[number - 1].get(name, "") if number <= len(rows) else ""
            if text != stored.get(f"{listed}.{number}.{name}", ""):
                typed[f"{listed}.{number}.{name}"] = text
    if not typed:
        session.flash("info", "Nothing to save: the cells are as they were.", SLOT)
        return
    if attempt_on(project, wizard.set_sheet_cells, project, section, typed, slot=SLOT) is None:
        return  # what was typed stays, to correct and save again
    for name in inputs:
        st.session_state.pop(_key(project, section, name), None)  # show the entries as saved
    session.flash("success", f"Saved the other cells of {section} {wizard.title(section)}.", SLOT)


def _has_rows(wizard: Wizard, section: str) -> bool:
    return any(c.repeat and c.repeat != GROUPS for c in wizard.extra_cells(section))
