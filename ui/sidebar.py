"""The sidebar: the advisor, the projects, the open project's health, archive and answers, the code text."""

from __future__ import annotations

from typing import Any

import streamlit as st

from ui import actions, checks, health_panel, imports, session
from ui.text import escape
from wizard_core import Finding, ProjectState, ProjectSummary, Wizard, describe_value


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
    st.subheader("Projects", anchor=False)
    if state is not None:
        with st.expander("New project"):
            new_project_form(wizard, "side")
    total = len(wizard.items)
    summaries = wizard.list_projects()
    if not summaries:
        st.caption("No projects yet.")
    for summary in summaries:
        _project_line(
            wizard, summary, total, current=state is not None and summary.project_id == state.project_id
        )
    if state is not None:
        manage(wizard, state)


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
    st.caption(f"{done} · updated {summary.updated_at:%Y-%m-%d %H:%M} UTC")


def manage(wizard: Wizard, state: ProjectState) -> None:
    """Rename or delete the open project."""
    with st.expander("Rename or delete this project"):
        with st.form("rename", border=False):
            st.text_input("New name", value=state.name, key="rename-name", max_chars=120)
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
    """Archived clarifying sessions, grouped by item, each expandable to its questions and answers."""
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
        with st.expander(escape(f"{section} {title} · {count}"), key=f"archive-{section}"):
            for qa in thread:
                st.markdown(f"**Q:** {escape(qa.question)}")
                st.markdown(f"**A:** {escape(qa.answer)}" if qa.answer else "**A:** _no answer_")
                if qa.abandoned:
                    st.caption("Set aside when the item was started over.")


def answers(wizard: Wizard, state: ProjectState) -> None:
    total = len(wizard.items)
    st.subheader("Answers so far", anchor=False)
    with st.expander(f"{len(state.finalized_answers)} of {total} answered", expanded=True, key="answers"):
        for answer in state.finalized_answers:
            item = wizard.item(answer.section)
            revised = len(state.answer_history.get(answer.section, []))
            note = f" · revised {revised}×" if revised else ""
            st.markdown(
                f"**{answer.section}** {escape(item.title)}: {escape(describe_value(item, answer.value))}"
            )
            st.caption(f"confidence {answer.confidence:.2f} · {answer.source}{note}")
