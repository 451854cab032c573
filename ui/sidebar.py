"""The sidebar: the advisor, the projects, the open project's health, archive and answers, the code text."""

from __future__ import annotations

from typing import Any

import streamlit as st

from ui import actions, archive, checks, health_panel, imports, matrix_import, practice, runtime, session
from ui.text import escape, local_time
from wizard_core import (
    Finding,
    ProjectPage,
    ProjectState,
    ProjectSummary,
    Wizard,
)

# Projects listed at a time, and the session keys of the search and the page.
PROJECTS_PAGE = 20
SEARCH = "project-search"
OFFSET = "project-offset"
# A project's name in the list is cut here (the open project's full name heads the page).
NAME_CHARS = 80


def draw(
    wizard: Wizard, state: ProjectState | None, summary: dict[str, Any] | None, found: list[Finding]
) -> None:
    """Folded sections, about two screens in all: projects, where the project stands, the archive
    of clarifying threads, the code text, model usage, and one Settings fold for the details."""
    with st.sidebar:
        st.header("OBC data matrix wizard", anchor=False)
        st.caption(escape(advisor_line(wizard)))
        projects(wizard, state)
        if state is not None:
            st.subheader("This project", anchor=False)
            checks.sidebar_badge(found)
            health_panel.panel(wizard, state, summary, found)
            archive.draw(wizard, state)
        with st.expander("Your code text", key="code-text"):
            imports.draw(wizard, state)
        if state is not None:
            health_panel.usage(state, summary)
        settings(wizard)


def advisor_line(wizard: Wizard) -> str:
    """Which advisor answers, in a consultant's words."""
    advisor = wizard.advisor
    if advisor.name == "offline":
        return "Advisor: the built-in rule-based advisor (offline, no AI model)."
    return f"Advisor: {advisor.name}."


def settings(wizard: Wizard) -> None:
    """How the wizard is set up, and how to change it: for whoever installs it, folded away."""
    with st.expander("Settings", icon=":material/settings:", key="settings"):
        advisor = wizard.advisor
        st.markdown(escape(f"Advisor: {advisor.name}"))
        st.caption(escape(advisor.description))
        if mode := wizard.advisor_mode():
            st.caption(escape(mode))
        if advisor.name == "offline":
            st.caption(
                "To use an AI model, set `OPENAI_API_KEY` (or `OPENAI_BASE_URL` for a local or "
                "self-hosted server) and `WIZARD_MODEL`, then restart. The README lists every setting."
            )
        st.caption(escape(f"Projects are stored in {runtime.store_line()}."))


def new_project_form(wizard: Wizard, slot: str) -> None:
    """Name, code edition (2024 by default) and matrix of a new project."""
    editions = wizard.editions
    keys = [e.key for e in editions]
    with st.form(f"new-project-{slot}", border=slot == "main"):
        st.text_input(
            "Project name", key=f"new-name-{slot}", max_chars=120, placeholder="e.g. 12 King St offices"
        )
        st.text_input(
            "Site address (optional)",
            key=f"new-address-{slot}",
            max_chars=200,
            placeholder="e.g. 12 King St W, Toronto ON",
            help="Printed in the exported matrix's heading.",
        )
        st.selectbox(
            "Code edition",
            keys,
            index=keys.index("2024") if "2024" in keys else 0,
            format_func=lambda key: next(f"{e.label} ({e.regulation})" for e in editions if e.key == key),
            key=f"new-edition-{slot}",
        )
        st.selectbox("Matrix", [wizard.form_title], disabled=True, key=f"new-form-{slot}")
        st.form_submit_button(
            "Create project", type="primary", on_click=actions.create_project, args=(wizard, slot)
        )
    session.show_flash(slot)


def projects(wizard: Wizard, state: ProjectState | None) -> None:
    """A page of the projects, newest first, found by name; the open one always shown and highlighted."""
    st.subheader("Projects", anchor=False)
    if state is not None:
        _project_line(wizard, _summary_of(state), len(wizard.items), current=True)
        with st.expander("New project"):
            new_project_form(wizard, "side")
            matrix_import.form(wizard, "side")
    query = str(st.session_state.get(SEARCH) or "")
    page = wizard.project_page(query, int(st.session_state.get(OFFSET, 0)), PROJECTS_PAGE)
    # The list folds once a project is open; it is the page's start while none is.
    with st.expander(
        f"All projects ({page.total:,})" if not page.query else "All projects",
        expanded=state is None,
        key="all-projects" if state is not None else "all-projects-start",
    ):
        _project_list(wizard, state, query, page)
    if state is not None:
        manage(wizard, state)
        practice.draw(wizard, state)


def _project_list(wizard: Wizard, state: ProjectState | None, query: str, page: ProjectPage) -> None:
    if page.total or page.query:  # nothing to search before the first project
        st.text_input(
            "Find a project",
            key=SEARCH,
            max_chars=120,
            placeholder="Part of its name",
            on_change=_to_page,
            args=(0,),
        )
    total = len(wizard.items)
    open_id = state.project_id if state is not None else None
    if not page.total:
        st.caption(
            escape(f"No project name contains “{query.strip()}”.") if page.query else "No projects yet."
        )
    for summary in page.projects:
        if summary.project_id != open_id:  # the open one is drawn above the list
            _project_line(wizard, summary, total, current=False)
    if page.total > len(page.projects):
        _project_pager(page)


def _project_pager(page: ProjectPage) -> None:
    first, last = page.offset + 1, page.offset + len(page.projects)
    st.caption(f"Showing {first:,}–{last:,} of {page.total:,}")
    newer, older = st.columns(2)
    newer.button(
        "Newer",
        key="projects-newer",
        disabled=page.offset == 0,
        on_click=_to_page,
        args=(max(0, page.offset - PROJECTS_PAGE),),
        icon=":material/arrow_back:",
        width="stretch",
    )
    older.button(
        "Older",
        key="projects-older",
        disabled=last >= page.total,
        on_click=_to_page,
        args=(page.offset + PROJECTS_PAGE,),
        icon=":material/arrow_forward:",
        width="stretch",
    )


def _to_page(offset: int) -> None:
    st.session_state[OFFSET] = offset


def _summary_of(state: ProjectState) -> ProjectSummary:
    """The open project's list entry, from its state (it may be on another page of the list)."""
    return ProjectSummary(
        state.project_id,
        state.name,
        state.complete,
        len(state.finalized_answers),
        state.current_form_section,
        state.updated_at,
    )


def _project_line(wizard: Wizard, summary: ProjectSummary, total: int, current: bool) -> None:
    if summary.error:
        st.error(escape(summary.error))
        _delete_controls(wizard, summary.project_id, summary.name, f"line-{summary.project_id}")
        return
    st.button(
        escape(short_name(summary.name)),
        key=f"open-{summary.project_id}",
        type="primary" if current else "secondary",
        on_click=actions.open_project,
        args=(summary.project_id,),
        width="stretch",
    )
    done = "complete" if summary.complete else f"{summary.answered}/{total}"
    st.caption(f"{done} · updated {local_time(summary.updated_at)}")


def short_name(name: str, limit: int = NAME_CHARS) -> str:
    """A name as a list shows it: whole up to ``limit`` characters, then cut with an ellipsis."""
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def manage(wizard: Wizard, state: ProjectState) -> None:
    """Rename or delete the open project."""
    with st.expander("Rename or delete this project"):
        with st.form("rename", border=False):
            st.text_input("New name", value=state.name, key="rename-name", max_chars=120)
            st.text_input("Site address", value=state.address, key="rename-address", max_chars=200)
            st.form_submit_button("Rename", on_click=actions.rename_project, args=(wizard, state.project_id))
        session.show_flash("manage")
        _delete_controls(wizard, state.project_id, state.name, "manage")


def _delete_controls(wizard: Wizard, project: str, name: str, where: str) -> None:
    """Delete asks first: a second button confirms."""
    if st.session_state.get("confirm_delete") != project:
        st.button("Delete project…", key=f"delete-{where}", on_click=actions.ask_delete, args=(project,))
        return
    st.warning(escape(f"Delete “{name}” and all its answers? This cannot be undone."))
    left, right = st.columns(2)
    left.button(
        "Yes, delete",
        key=f"confirm-delete-{where}",
        type="primary",
        on_click=actions.delete_project,
        args=(wizard, project, name),
    )
    right.button("Cancel", key=f"cancel-delete-{where}", on_click=actions.cancel_delete)
