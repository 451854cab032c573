"""What each user action does: one core call, its outcome queued as a message for the page.

Buttons and forms call these as ``on_click`` callbacks, which Streamlit runs before the
script, so the page is always drawn from the state after the action. Here: running a core call
(``attempt``), the projects, moving between items and a typed answer; sending a message is in
ui/sending.py, importing code text in ui/imports.py.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

import streamlit as st

from ui import entry_input, session, worker
from ui.worker import UNEXPECTED
from wizard_core import ConflictError, ProjectNotFound, Wizard, WizardError, describe_value

T = TypeVar("T")
log = logging.getLogger(__name__)


def attempt(call: Callable[..., T], *args: Any, slot: str = "top") -> T | None:
    """Run one core call; a failure becomes a message for the page, and the result None."""
    try:
        return call(*args)
    except ProjectNotFound as error:
        session.open_project(None)
        session.flash("warning", str(error), slot)
    except ConflictError as error:
        session.flash("warning", f"{error} The page now shows the latest state.", slot)
    except WizardError as error:
        session.flash("error", str(error), slot)
    except Exception:  # a bug, not the consultant's doing: the log gets the details, the page a sentence
        log.exception("unexpected error in %s", getattr(call, "__name__", "a core call"))
        session.flash("error", UNEXPECTED, slot)
    return None


def attempt_on(project: str, call: Callable[..., T], *args: Any, slot: str = "top") -> T | None:
    """``attempt`` for a change to ``project``, held back while the advisor is answering on it.

    The turn saves when its reply is in; a change made meanwhile would make that save a conflict.
    """
    if worker.running(project) is not None:
        session.flash(
            "warning",
            "The advisor is still answering the last message on this project, so nothing was changed. "
            "Try again when its reply is in.",
            slot,
        )
        return None
    return attempt(call, *args, slot=slot)


def open_project(project: str) -> None:
    session.open_project(project)


def create_project(wizard: Wizard, slot: str) -> None:
    name = st.session_state.get(f"new-name-{slot}", "")
    edition = st.session_state.get(f"new-edition-{slot}", "2024")
    address = st.session_state.get(f"new-address-{slot}", "")
    state = attempt(wizard.start_project, name, edition, address, slot=slot)
    if state is not None:
        session.open_project(state.project_id)
        st.session_state[session.VIEW] = session.ITEM_VIEW
        st.session_state[f"new-name-{slot}"] = ""
        st.session_state[f"new-address-{slot}"] = ""
        session.flash(
            "success", f"Project “{state.name}” created. The first item is {state.current_form_section}."
        )


def rename_project(wizard: Wizard, project: str) -> None:
    name = st.session_state.get("rename-name", "")
    address = st.session_state.get("rename-address")
    state = attempt_on(project, wizard.rename_project, project, name, address, slot="manage")
    if state is not None:
        site = f" Site address: {state.address}." if state.address else ""
        session.flash("success", f"Renamed to “{state.name}”.{site}", "manage")


def ask_delete(project: str) -> None:
    st.session_state["confirm_delete"] = project


def cancel_delete() -> None:
    st.session_state.pop("confirm_delete", None)


def delete_project(wizard: Wizard, project: str, name: str) -> None:
    st.session_state.pop("confirm_delete", None)
    if attempt_on(project, _delete, wizard, project):
        if st.session_state.get(session.PROJECT) == project:
            session.open_project(None)
        session.flash("success", f"Project “{name}” deleted.")


def _delete(wizard: Wizard, project: str) -> bool:
    wizard.delete_project(project)
    return True


def go_to_item(wizard: Wizard, project: str, section: str) -> None:
    if attempt_on(project, wizard.go_to_item, project, section) is not None:
        st.session_state[session.VIEW] = session.ITEM_VIEW


def answer_directly(wizard: Wizard, project: str, section: str) -> None:
    item = wizard.item(section)
    try:
        value = entry_input.read(item)
    except ValueError as error:
        session.flash("error", str(error), "entry")
        return
    override = st.session_state.get(f"override-{section}", "").strip() or None
    answer = attempt_on(project, wizard.answer_directly, project, section, value, override, slot="entry")
    if answer is not None:
        shown = describe_value(item, answer.value)
        kept = " Recorded despite the code checks, with your reason." if answer.override else ""
        session.flash("success", f"Saved {item.number} {item.title}: {shown}.{kept}")
