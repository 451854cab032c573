"""The practice the sheet's heading rows name: this project's own details, or the practice profile."""

from __future__ import annotations

import streamlit as st

from ui import session
from ui.actions import attempt, attempt_on
from ui.text import escape
from wizard_core import Practice, ProjectState, Wizard, WizardError

# The practice's fields, as the sheet's heading rows name them; a form field's key is per project.
PRACTICE_FIELDS = {
    "name": "Name of practice",
    "address_1": "Address 1",
    "address_2": "Address 2",
    "contact": "Contact",
}
PRACTICE_SLOT = "practice"


def practice_key(project: str, field: str) -> str:
    return f"practice-{field}-{project}"


def _practice_typed(project: str) -> list[str]:
    return [st.session_state.get(practice_key(project, field), "") for field in PRACTICE_FIELDS]


def _show_practice_again(project: str) -> None:
    """Let the form show the practice as saved (cleaned, or the profile after a reset) on the next run."""
    for field in PRACTICE_FIELDS:
        st.session_state.pop(practice_key(project, field), None)


def save_project_practice(wizard: Wizard, project: str) -> None:
    typed = _practice_typed(project)
    state = attempt_on(project, wizard.set_project_practice, project, *typed, slot=PRACTICE_SLOT)
    if state is None:
        return
    _show_practice_again(project)
    if state.practice is None:
        session.flash(
            "success",
            "This project's own practice details were cleared; it uses the practice profile again.",
            PRACTICE_SLOT,
        )
    else:
        session.flash("success", "Saved for this project only; other projects are unchanged.", PRACTICE_SLOT)


def save_practice_profile(wizard: Wizard, project: str, has_own: bool) -> None:
    practice = attempt(wizard.save_practice_profile, *_practice_typed(project), slot=PRACTICE_SLOT)
    if practice is None:
        return
    _show_practice_again(project)
    kept = " This project keeps its own details, shown here." if has_own else ""
    session.flash(
        "success",
        f"Saved as the practice profile: every project without details of its own uses it.{kept}",
        PRACTICE_SLOT,
    )


def draw(wizard: Wizard, state: ProjectState) -> None:
    """The practice the sheet's heading names: this project's own details, or the practice profile."""
    with st.expander("Practice on the sheet"):
        try:
            shown = wizard.practice_for(state)
        except WizardError as error:  # e.g. a damaged settings file: the project's own copy still saves
            st.error(escape(str(error)))
            shown = None
        if state.practice is not None:
            st.caption(
                "This project uses its own details. Clear them and save for this project "
                "to use the practice profile again."
            )
        elif shown is not None and shown.empty:
            st.caption("No practice profile yet. Save one here and every project will use it.")
        elif shown is not None:
            st.caption("This project uses the practice profile, shared by every project without its own.")
        seed = shown if shown is not None else Practice()
        with st.form("practice", border=False):
            for field, label in PRACTICE_FIELDS.items():
                key = practice_key(state.project_id, field)
                st.session_state.setdefault(key, getattr(seed, field))  # the saved details, until edited
                st.text_input(label, key=key, max_chars=200)
            st.form_submit_button(
                "Save for this project",
                on_click=save_project_practice,
                args=(wizard, state.project_id),
            )
            st.form_submit_button(
                "Save as the practice profile",
                help="Used by every project that has no practice details of its own.",
                on_click=save_practice_profile,
                args=(wizard, state.project_id, state.practice is not None),
            )
        session.show_flash(PRACTICE_SLOT)
