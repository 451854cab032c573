"""Code checks on the page: the panel in the matrix tab, and the badge in the sidebar."""

from __future__ import annotations

import logging

import streamlit as st

from ui import actions
from ui.text import escape
from wizard_core import Finding, ProjectState, Wizard

log = logging.getLogger(__name__)
SEVERITY = {
    "error": ":red-badge[Error]",
    "warning": ":orange-badge[Warning]",
    "info": ":gray-badge[Note]",
}


def findings(wizard: Wizard, state: ProjectState | None) -> list[Finding]:
    """The open project's findings, once per page run; none if they cannot be had."""
    if state is None:
        return []
    try:
        return wizard.findings(state)
    except Exception:  # a bug in a side view: the page goes on without it, the log has it
        log.exception("code checks failed for project %s", state.project_id)
        return []


def counts(found: list[Finding]) -> dict[str, int]:
    return {s: sum(1 for f in found if f.severity == s) for s in SEVERITY}


def badge(found: list[Finding]) -> str:
    """'2 errors · 1 warning' for the sidebar; 'No contradictions' when there are none."""
    n = counts(found)
    parts = [f"{n[s]} {s}{'' if n[s] == 1 else 's'}" for s in ("error", "warning") if n[s]]
    return " · ".join(parts) if parts else "No contradictions"


def sidebar_badge(found: list[Finding]) -> None:
    n = counts(found)
    colour = "red" if n["error"] else "orange" if n["warning"] else "green"
    st.markdown(f"**Code checks** :{colour}-badge[{escape(badge(found))}]")


def panel(wizard: Wizard, state: ProjectState, found: list[Finding]) -> None:
    """Every finding, with the item it is about (a click goes there) and the articles it cites."""
    st.subheader("Code checks", anchor=False)
    st.caption(
        "The answers checked against the code's classification rules and against each other. "
        "An error was either caught before it was recorded or recorded anyway with a reason."
    )
    if not found:
        st.success("No contradictions found between the answers and the code.")
        return
    with st.container(key="code-checks"):
        for index, finding in enumerate(found):
            label_column, text_column = st.columns([1.2, 5], vertical_alignment="top")
            label_column.markdown(SEVERITY[finding.severity])
            fixed = wizard.item(finding.item).answer_type == "code_version"
            label_column.button(
                escape(f"Go to {finding.item}"),
                key=f"check-goto-{index}",
                type="tertiary",
                disabled=fixed,
                on_click=actions.go_to_item,
                args=(wizard, state.project_id, finding.item),
            )
            cited = f" ({', '.join(finding.articles)})" if finding.articles else ""
            text_column.markdown(escape(f"{finding.message}{cited}"))
            if finding.related:
                text_column.caption(escape("Related items: " + ", ".join(finding.related)))
