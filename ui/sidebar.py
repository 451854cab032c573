"""The sidebar: the advisor, the projects, the open project's health, archive and answers, the code text."""

from __future__ import annotations

from typing import Any

import streamlit as st

from ui import actions, checks, health_panel, imports, matrix_import, practice, review, session
from ui.text import escape, local_time
from wizard_core import (
    Finding,
    ProjectPage,
    ProjectState,
    ProjectSummary,
    Wizard,
    describe_value,
)

# Projects listed at a time, and the session keys of the search and the page.
PROJECTS_PAGE = 20
SEARCH = "project-search"
OFFSET = "project-offset"
# Archived questions drawn at a time in an item's fold.
ARCHIVE_PAGE = 10


def draw(
    wizard: Wizard, state: ProjectState | None, summary: dict[str, Any] | None, found: list[Finding]
) -> None:
    with st.sidebar:
        st.header("OBC data matrix wizard", anchor=False)
        advisor_notice(wizard)
        projects(wizard, state)
        if state is not None:
            checks.sidebar_badge(found)
            health_panel.panel(wizard, state, summary)
            archive(wizard, state)
            answers(wizard, state)
        imports.draw(wizard, state)


def advisor_notice(wizard: Wizard) -> None:
    advisor = wizard.advisor
    if advisor.name == "offline":
        st.info(
            "**Offline rule-based advisor in use** — no AI model. To use one, set `OPENAI_API_KEY` "
            "(or `OPENAI_BASE_URL` for a local server) and restart.",
            icon="ℹ️",
        )
    else:
        st.info(escape(f"Advisor: {advisor.name}"), icon="🤖")
    st.caption(escape(advisor.description))


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
        with st.expander("New project"):
            new_project_form(wizard, "side")
            matrix_import.form(wizard, "side")
    query = str(st.session_state.get(SEARCH) or "")
    page = wizard.project_page(query, int(st.session_state.get(OFFSET, 0)), PROJECTS_PAGE)
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
    if state is not None and all(s.project_id != open_id for s in page.projects):
        _project_line(wizard, _summary_of(state), total, current=True)
    if not page.total:
        st.caption(
            escape(f"No project name contains “{query.strip()}”.") if page.query else "No projects yet."
        )
    for summary in page.projects:
        _project_line(wizard, summary, total, current=summary.project_id == open_id)
    if page.total > len(page.projects):
        _project_pager(page)
    if state is not None:
        manage(wizard, state)
        practice.draw(wizard, state)


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
        escape(summary.name),
        key=f"open-{summary.project_id}",
        type="primary" if current else "secondary",
        on_click=actions.open_project,
        args=(summary.project_id,),
        width="stretch",
    )
    done = "complete" if summary.complete else f"{summary.answered}/{total}"
    st.caption(f"{done} · updated {local_time(summary.updated_at)}")


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


def archive(wizard: Wizard, state: ProjectState) -> None:
    """Archived clarifying sessions, a fold per item, each drawn (a page at a time) only while open."""
    st.subheader("Clarifying sessions", anchor=False)
    sessions = state.archived_clarifying_sessions
    if not sessions:
        st.caption("None archived yet. When an item is answered, its clarifying questions are kept here.")
    for section in [i.number for i in wizard.items]:
        thread = sessions.get(section)
        if not thread:
            continue
        title = wizard.item(section).title
        count = f"{len(thread)} question" + ("s" if len(thread) != 1 else "")
        key = f"archive-{section}"
        fold = st.expander(escape(f"{section} {title} · {count}"), key=key, on_change="rerun")
        if not fold.open:
            continue
        pages = (len(thread) + ARCHIVE_PAGE - 1) // ARCHIVE_PAGE
        page = min(max(int(st.session_state.get(f"{key}-page", 0)), 0), pages - 1)
        shown = thread[page * ARCHIVE_PAGE : (page + 1) * ARCHIVE_PAGE]
        with fold:
            for qa in shown:
                st.markdown(f"**Q:** {escape(qa.question)}")
                st.markdown(f"**A:** {escape(qa.answer)}" if qa.answer else "**A:** _no answer_")
                asked = f"Asked {local_time(qa.timestamp)}"
                st.caption(asked + (" · set aside when the item was started over." if qa.abandoned else ""))
            if pages > 1:
                _archive_pager(key, page, pages, len(thread))


def _archive_pager(key: str, page: int, pages: int, count: int) -> None:
    first, last = page * ARCHIVE_PAGE + 1, min(count, (page + 1) * ARCHIVE_PAGE)
    st.caption(f"Questions {first}–{last} of {count}")
    earlier, later = st.columns(2)
    earlier.button(
        "Earlier", key=f"{key}-earlier", disabled=page == 0, on_click=_archive_page, args=(key, page - 1)
    )
    later.button(
        "Later", key=f"{key}-later", disabled=page >= pages - 1, on_click=_archive_page, args=(key, page + 1)
    )


def _archive_page(key: str, page: int) -> None:
    st.session_state[f"{key}-page"] = page


def answers(wizard: Wizard, state: ProjectState) -> None:
    """Each answer with whether it is proposed or confirmed; confirm or keep it from here."""
    total = len(wizard.items)
    st.subheader("Answers so far", anchor=False)
    proposed = [a for a in state.finalized_answers if a.proposed]
    with st.expander(f"{len(state.finalized_answers)} of {total} answered", expanded=True, key="answers"):
        if proposed:
            st.button(
                f"{review.CONFIRM_ALL} ({len(proposed)})",
                key="confirm-all",
                help="Accept every answer the advisor proposed and you have not yet confirmed.",
                on_click=review.confirm_all,
                args=(wizard, state.project_id),
            )
        for answer in state.finalized_answers:
            item = wizard.item(answer.section)
            revised = len(state.answer_history.get(answer.section, []))
            note = f" · revised {revised}×" if revised else ""
            flagged = " · flagged for review" if answer.section in state.flagged else ""
            label = "Proposed" if answer.proposed else "Confirmed"
            st.markdown(
                f"**{answer.section}** {escape(item.title)}: {escape(describe_value(item, answer.value))}"
            )
            st.caption(f"{label} · confidence {answer.confidence:.2f} · {answer.source}{note}{flagged}")
            if answer.proposed:
                st.button(
                    f"Confirm {answer.section}",
                    key=f"side-confirm-{answer.section}",
                    on_click=review.confirm,
                    args=(wizard, state.project_id, answer.section),
                )
            if answer.section in state.flagged:
                st.button(
                    f"{review.STILL_HOLDS}: {answer.section}",
                    key=f"side-keep-{answer.section}",
                    help=state.flagged[answer.section],
                    on_click=review.keep,
                    args=(wizard, state.project_id, answer.section),
                )
