"""What one browser session holds: the open project's id, messages to show, text not yet sent.

The project id lives in ``st.session_state`` and in the URL (``?project=<id>``), so a reload or
a second tab opens the same project; everything else about the project is in the store.
"""

from __future__ import annotations

import streamlit as st

from ui.text import escape
from wizard_core import ProjectNotFound, ProjectState, Wizard, WizardError

PROJECT = "project_id"
QUERY = "project"
VIEW = "view"
ITEM_VIEW = "Current item"
MATRIX_VIEW = "Matrix and export"
UNSENT_WIDGET = "unsent-text"


def project_id() -> str | None:
    """This session's project; a new session (reload, second tab) takes the one in the URL."""
    if PROJECT not in st.session_state:
        st.session_state[PROJECT] = st.query_params.get(QUERY)
    current = st.session_state[PROJECT]
    if current and st.query_params.get(QUERY) != current:
        st.query_params[QUERY] = current
    return current


def open_project(project: str | None) -> None:
    st.session_state[PROJECT] = project
    st.session_state.pop("confirm_delete", None)
    if project:
        st.query_params[QUERY] = project
    elif QUERY in st.query_params:
        del st.query_params[QUERY]


def load(wizard: Wizard, project: str | None) -> ProjectState | None:
    """The stored state of ``project``; None (and a message) when it is gone or unreadable."""
    if not project:
        return None
    try:
        return wizard.load_project(project)
    except ProjectNotFound as error:
        flash("warning", str(error))
    except WizardError as error:
        flash("error", str(error))
    open_project(None)
    return None


def flash(kind: str, message: str, slot: str = "top") -> None:
    """Queue a message for the next drawing of ``slot``; shown once."""
    st.session_state.setdefault("flash", []).append((slot, kind, message))


def show_flash(slot: str = "top") -> None:
    queued = st.session_state.get("flash", [])
    for queued_slot, kind, message in queued:
        if queued_slot == slot:
            getattr(st, kind)(escape(message))
    st.session_state["flash"] = [entry for entry in queued if entry[0] != slot]


def keep_unsent(project: str, text: str, reason: str) -> None:
    """Keep a message the core did not take, with why, to give it back (call before drawing)."""
    st.session_state["unsent"] = (project, text, reason)
    st.session_state[UNSENT_WIDGET] = text


def unsent(project: str) -> str | None:
    """Why ``project``'s kept text was not sent (the text waits in its text area); None if none."""
    kept = st.session_state.get("unsent")
    if not kept or kept[0] != project:
        return None
    # Streamlit forgets a widget's value on runs that do not draw it (another project was open).
    st.session_state.setdefault(UNSENT_WIDGET, kept[1])
    return kept[2]


def discard_unsent() -> None:
    st.session_state.pop("unsent", None)


def resend(text: str) -> None:
    """Queue ``text`` to be sent at the top of the next run, like a chat message."""
    st.session_state["resend"] = text


def take_resend() -> str | None:
    return st.session_state.pop("resend", None)


def remember_drawn(state: ProjectState | None) -> None:
    """Note what the consultant is looking at, to notice another tab's changes before a send."""
    st.session_state["drawn"] = _conversation(state) if state else None


def changed_elsewhere(state: ProjectState) -> bool:
    """Whether the item or its conversation moved on since this page was drawn."""
    drawn = st.session_state.get("drawn")
    return drawn is not None and drawn[0] == state.project_id and drawn != _conversation(state)


def _conversation(state: ProjectState) -> tuple[str, str | None, int]:
    return (state.project_id, state.current_form_section, state.turn_count)
