"""The open project's context health (seed 002's summary) in a consultant's words: a sidebar panel,
the model usage fold, and a greeting after a break."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

import streamlit as st

from ui import standing
from ui.text import escape
from wizard_core import Finding, ProjectState, Wizard, WizardError, project_usage

log = logging.getLogger(__name__)
DECISIONS = {
    "continuing": "Continuing",
    "revision": "Revision",
    "reset": "Reset",
    "side_question": "Side question",
}


def summary(wizard: Wizard, state: ProjectState | None) -> dict[str, Any] | None:
    """The open project's summary; None (the panel is left out) if it cannot be had."""
    if state is None:
        return None
    try:
        # The state was loaded for this rerun already: summarize it rather than load it again.
        return wizard.summarize(state)
    except WizardError as error:  # deleted or damaged since it was loaded: the page already says so
        log.warning("no context summary for project %s: %s", state.project_id, error)
    except Exception:  # a bug: the panel is a side view, so the page goes on without it
        log.exception("context summary failed for project %s", state.project_id)
    return None


def greet(found: dict[str, Any] | None) -> None:
    """Welcome a consultant back after a break with where the project stands."""
    if found and found.get("is_stale") and found.get("recap"):
        st.info(escape(f"Welcome back. {found['recap']}"), icon=":material/waving_hand:")


def panel(wizard: Wizard, state: ProjectState, found: dict[str, Any] | None, findings: list[Finding]) -> None:
    """Where the project stands, in a consultant's words: what is confirmed, waiting, flagged, left,
    counted as the progress bar and the exports count them (``standing.tally``)."""
    with st.container(key="context-health"):
        if found is None:
            st.caption("Where this project stands cannot be shown just now.")
            return
        rows = wizard.matrix_rows(state, findings)
        st.markdown(escape(standing.line(standing.tally(rows), len(rows))))
        messages = found["interaction_count"]
        if messages:
            said = f"{messages} message{'' if messages == 1 else 's'} so far"
            st.caption(f"{said} · last one {_ago(found['minutes_since_activity'])}")
        else:
            st.caption("No messages yet.")
        if found["flagged"]:
            st.caption("Flagged answers are listed above the item card, to keep or revise.")


def usage(state: ProjectState, found: dict[str, Any] | None) -> None:
    """The model's token use for this project, and how the last messages were taken, folded."""
    totals = project_usage(state)
    decisions = found["last_decisions"] if found else []
    if not totals.turns and not totals.unknown and not decisions:
        return
    with st.expander("Model usage and recent decisions", key="usage"):
        if totals.turns or totals.unknown:
            st.caption(escape(f"Model usage for this project: {totals.describe()}"))
        if decisions:
            with st.container(key="decisions"):
                st.caption(f"How the last {len(decisions)} messages were taken, newest first:")
                for decision in reversed(decisions):
                    _decision(decision)


def _decision(decision: dict[str, Any]) -> None:
    label = DECISIONS.get(decision["decision"], str(decision["decision"]))
    where = [f"on {decision['section']}"] if decision.get("section") else []
    st.markdown(
        f"**{escape(label)}** · " + escape(" · ".join(p for p in [*where, _when(decision["at"])] if p))
    )
    after_break = " · after a break" if decision.get("stale") else ""
    st.caption(escape(f"{decision['reason']} (confidence {decision['confidence']:.2f}){after_break}"))


def _when(at: str) -> str:
    try:
        return f"{datetime.fromisoformat(at.replace('Z', '+00:00')):%H:%M} UTC"
    except (TypeError, ValueError):
        return ""


def _ago(minutes: float) -> str:
    return "just now" if minutes < 1 else f"{_duration(minutes)} ago"


def _duration(minutes: float) -> str:
    hours, rest = divmod(int(minutes), 60)
    return f"{hours} h {rest:02d} min" if hours else f"{rest} min"
