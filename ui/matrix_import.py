"""The start page's import: a matrix the consultant already has, in the OAA sheet's layout, as a project."""

from __future__ import annotations

import streamlit as st

from ui import session
from ui.actions import attempt
from wizard_core import MAX_MATRIX_BYTES, Wizard


def form(wizard: Wizard, slot: str = "main") -> None:
    """Upload a workbook (.xlsx) or CSV laid out as the OAA Part 3 sheet; its filled items come in as
    proposed answers to confirm, and what could not be read is listed. ``slot``: where the form is
    (the start page, or the sidebar's "New project")."""
    with st.form(f"import-matrix-{slot}", border=slot == "main"):
        st.markdown("**Import a matrix you already have**")
        st.file_uploader(
            "Part 3 sheet (.xlsx or .csv)",
            type=["xlsx", "csv"],
            key=f"import-matrix-file-{slot}",
            help="The OAA's Part 3 data matrix workbook, its CSV, or a workbook this wizard exported. "
            "Each filled item becomes a proposed answer for you to confirm.",
        )
        st.text_input(
            "Name for the imported project (optional)",
            key=f"import-matrix-name-{slot}",
            max_chars=120,
            placeholder="the sheet's own project name",
        )
        st.form_submit_button("Import matrix", on_click=_import, args=(wizard, slot))
    session.show_flash(f"import-{slot}")


def _import(wizard: Wizard, slot: str) -> None:
    where = f"import-{slot}"
    upload = st.session_state.get(f"import-matrix-file-{slot}")
    if upload is None:
        session.flash("warning", "Choose a .xlsx or .csv file to import first.", where)
        return
    if upload.size > MAX_MATRIX_BYTES:
        session.flash(
            "error",
            f"{upload.name} is {upload.size / 1_048_576:.1f} MB; a data matrix is far smaller. No project "
            "was created.",
            where,
        )
        return
    name = st.session_state.get(f"import-matrix-name-{slot}", "").strip() or None
    result = attempt(wizard.import_matrix, upload.getvalue(), upload.name, name, slot=where)
    if result is None:
        return
    session.open_project(result.state.project_id)
    st.session_state[session.VIEW] = session.MATRIX_VIEW
    st.session_state[f"import-matrix-name-{slot}"] = ""
    session.flash("warning" if result.problems else "success", result.message)
