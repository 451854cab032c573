"""The whole matrix at a glance (click an item to go to it) and the export downloads."""

from __future__ import annotations

import re

import streamlit as st

from ui import actions, checks
from ui.text import escape
from wizard_core import FORMATS, Finding, ProjectState, Wizard

BADGES = {
    "answered": ":green-badge[Answered]",
    "current": ":blue-badge[Current]",
    "flagged": ":orange-badge[Flagged]",
    "to do": ":gray-badge[To do]",
}
DOWNLOADS = {
    "md": ("Markdown", "text/markdown"),
    "csv": ("CSV", "text/csv"),
    "json": ("JSON", "application/json"),
}


def status(state: ProjectState, section: str) -> str:
    if section in state.flagged:
        return "flagged"
    if section == state.current_form_section:
        return "current"
    return "answered" if state.answer_for(section) else "to do"


def draw(wizard: Wizard, state: ProjectState, found: list[Finding]) -> None:
    widths = [2.4, 1, 4, 1]
    header = st.columns(widths)
    for column, title in zip(header, ["Item", "Status", "Answer", "Confidence"], strict=True):
        column.markdown(f"**{title}**")
    for row in wizard.matrix_rows(state, found):
        section = row["item"]
        item_column, status_column, answer_column, confidence_column = st.columns(
            widths, vertical_alignment="center"
        )
        fixed = wizard.item(section).answer_type == "code_version"
        item_column.button(
            escape(f"{section} {row['title']}"),
            key=f"goto-{section}",
            type="tertiary",
            disabled=fixed,
            help="Set from the project's code edition"
            if fixed
            else f"Go to {section} to answer or revise it",
            on_click=actions.go_to_item,
            args=(wizard, state.project_id, section),
        )
        status_column.markdown(BADGES[status(state, section)])
        answer_column.markdown(escape(row["answer"]) if row["answer"] else "—")
        confidence = row["confidence"]
        confidence_column.markdown("—" if confidence is None else f"{confidence:.2f}")
    st.divider()
    checks.panel(wizard, state, found)
    st.divider()
    downloads(wizard, state, found)


def downloads(wizard: Wizard, state: ProjectState, found: list[Finding]) -> None:
    st.subheader("Export", anchor=False)
    st.caption("The matrix as it stands, with the basis of each answer, its discussion and the code checks.")
    stem = re.sub(r"[^A-Za-z0-9]+", "-", state.name).strip("-").lower()[:60] or "project"
    for column, fmt in zip(st.columns(len(FORMATS)), FORMATS, strict=True):
        label, mime = DOWNLOADS[fmt]
        column.download_button(
            f"Download {label}",
            data=wizard.export(state, fmt, found),
            file_name=f"{stem}-data-matrix.{fmt}",
            mime=mime,
            key=f"export-{fmt}",
            on_click="ignore",
            width="stretch",
        )
