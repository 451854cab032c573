"""The whole matrix at a glance (click an item to go to it) and the export downloads."""

from __future__ import annotations

from datetime import date

import streamlit as st

from ui import actions, checks, sheet_cells
from ui.text import escape
from wizard_core import (
    EXPORT_FORMATS,
    FORMATS,
    PAPERS,
    Finding,
    ProjectState,
    Wizard,
    WizardError,
    export_file_name,
)

BADGES = {
    "confirmed": ":green-badge[Confirmed]",
    "proposed": ":violet-badge[Proposed]",
    "current": ":blue-badge[Current]",
    "flagged": ":orange-badge[Flagged]",
    "skipped": ":gray-badge[Skipped for now]",
    "to do": ":gray-badge[To do]",
}


def status(state: ProjectState, section: str) -> str:
    """Where an item stands: flagged and current first, then proposed (waiting to be confirmed)."""
    if section in state.flagged:
        return "flagged"
    if section == state.current_form_section:
        return "current"
    answer = state.answer_for(section)
    if answer is not None and answer.to_do:
        return "to do"  # a reminder was recorded, not the answer
    if answer is not None:
        return "proposed" if answer.proposed else "confirmed"
    return "skipped" if section in state.skipped else "to do"


def draw(wizard: Wizard, state: ProjectState, found: list[Finding]) -> None:
    widths = [2.4, 1, 4, 1.4, 0.9]
    header = st.columns(widths)
    titles = ["Item", "Status", "Answer", "References", "Confidence"]
    for column, title in zip(header, titles, strict=True):
        column.markdown(f"**{title}**")
    for row in wizard.matrix_rows(state, found):
        section = row["item"]
        item_column, status_column, answer_column, references_column, confidence_column = st.columns(
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
        cited = ", ".join(row["references"])
        references_column.markdown(escape(cited) if cited else "—")
        confidence = row["confidence"]
        confidence_column.markdown("—" if confidence is None else f"{confidence:.2f}")
    sheet_cells.draw(wizard, state)
    st.divider()
    checks.panel(wizard, state, found)
    st.divider()
    to_tidy(wizard, state)
    downloads(wizard, state, found)


def to_tidy(wizard: Wizard, state: ProjectState) -> None:
    """Free-text answers to look at before the sheet goes out: to-dos, and notes not yet confirmed."""
    waiting = []
    for item in wizard.items:
        answer = state.answer_for(item.number)
        if item.answer_type != "text" or answer is None:
            continue
        if answer.to_do:
            waiting.append((item.number, f"{item.title} is a to-do, not a note: “{answer.answer}”"))
        elif answer.proposed:
            waiting.append((item.number, f"{item.title} reads “{answer.answer}” (to tidy or confirm)"))
    if not waiting:
        return
    with st.container(border=True, key="to-tidy"):
        st.markdown("**Before the sheet goes out**")
        for section, text in waiting:
            left, right = st.columns([5, 1], vertical_alignment="center")
            left.markdown(escape(f"{section} {text}"))
            right.button(
                "Go to it",
                key=f"tidy-{section}",
                on_click=actions.go_to_item,
                args=(wizard, state.project_id, section),
            )


def downloads(wizard: Wizard, state: ProjectState, found: list[Finding]) -> None:
    st.subheader("Export", anchor=False)
    st.caption(
        "The drawing-sheet PDF is the OAA Part 3 sheet on one landscape page, with a title block and seal "
        "box; "
        "the Excel workbook is the same sheet, with the review data and the discussion on sheets 2 and 3 "
        "(the wizard imports it back). The review copy PDF holds each answer's basis, discussion and code "
        "checks. Anything not confirmed is marked in every format."
    )
    paper = st.selectbox("Drawing sheet paper", PAPERS, format_func=PAPER_NAMES.get, key="export-paper")
    for column, fmt in zip(st.columns(len(FORMATS)), FORMATS, strict=True):
        kind = EXPORT_FORMATS[fmt]
        try:
            data = _export(wizard, state, fmt, found, str(paper or PAPERS[0]))
        except WizardError as error:
            column.warning(escape(str(error)))
            continue
        column.download_button(
            f"Download {kind.label}",
            data=data,
            file_name=export_file_name(state.name, fmt),
            mime=kind.mime,
            key=f"export-{fmt}",
            on_click="ignore",
            width="stretch",
        )


PAPER_NAMES = {
    "tabloid": "Tabloid, 11 × 17 in",
    "arch-d": "ARCH D, 24 × 36 in",
    "iso-a1": "ISO A1, 594 × 841 mm",
}


def _export(wizard: Wizard, state: ProjectState, fmt: str, found: list[Finding], paper: str) -> bytes:
    """The export's file, made once per project revision, day and paper: laying out a PDF takes a moment."""
    key = (state.project_id, state.revision, fmt, date.today(), paper if fmt == "pdf" else "")
    kept: dict[tuple, bytes] = st.session_state.setdefault("export-files", {})
    if key not in kept:
        for old in [k for k in kept if k[:2] != key[:2] or k[3] != key[3]]:
            del kept[old]  # only the project as it stands now is kept
        kept[key] = wizard.export_file(state, fmt, found, paper)
    return kept[key]
