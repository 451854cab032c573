"""The open project's context health (seed 002's summary): a sidebar panel, and a greeting after a break."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

import streamlit as st

from ui.text import escape
from wizard_core import ProjectState, Wizard, WizardError, project_usage

log = logging.getLogger(__name__)
STATUS = {
    "new": ":gray-badge[New]",
    "active": ":green-badge[Active]",
    "stale": ":orange-badge[Stale]",
    "complete": ":blue-badge[Complete]",
}
FRESHNESS = {
    "fresh": ":green-badge[Fresh]",
    "recent": ":blue-badge[Recent]",
    "aging": ":orange-badge[Aging]",
    "stale": ":red-badge[Stale]",
}
DECISIONS = {
    "continuing": "Continuing",
    "revision": "Revision",
    "reset": "Reset",
    "side_question": "Side question",
}
# Answers waiting on the consultant, shown when there are any.
WAITING = (("proposed", "to confirm"), ("skipped", "skipped for now"))


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


def panel(wizard: Wizard, state: ProjectState, found: dict[str, Any] | None) -> None:
    """Status, freshness, counts, flagged items, the last decisions and the project's model usage."""
    st.subheader("Context health", anchor=False)
    with st.container(key="context-health"):
        if found is None:
            st.caption("The summary of this project cannot be shown just now.")
        else:
            _summary(wizard, found)
        usage = project_usage(state)
        if usage.turns:
            st.caption(escape(f"Model usage for this project: {usage.describe()}"))


def _summary(wizard: Wizard, found: dict[str, Any]) -> None:
    badges = [STATUS.get(found["status"], escape(str(found["status"])))]
    if found["freshness"] != found["status"]:  # "Stale Stale" would say nothing more
        badges.append(FRESHNESS.get(found["freshness"], escape(str(found["freshness"]))))
    st.markdown(" ".join([*badges, f"relevance {found['temporal_relevance']:.2f}"]))
    items = found["items"]
    messages = found["interaction_count"]
    waiting = [f"{items[key]} {label}" for key, label in WAITING if items.get(key)]
    st.caption(
        " · ".join(
            [
                f"{items['answered']} answered · {items['flagged']} flagged · {items['remaining']} to go",
                *waiting,
                f"{messages} message{'' if messages == 1 else 's'}",
            ]
        )
    )
    if messages:
        active = found["minutes_active"]
        for_how_long = f" · active for {_duration(active)}" if active >= 1 else ""
        st.caption(f"Last activity {_ago(found['minutes_since_activity'])}{for_how_long}")
    if found["flagged"]:
        lines = [
            f"{section} {_title(wizard, section)}: {reason}" for section, reason in found["flagged"].items()
        ]
        st.warning(escape("Flagged for review:\n" + "\n".join(lines)))
    decisions = found["last_decisions"]
    if decisions:
        with st.expander(f"Last {len(decisions)} decisions", key="decisions"):
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


def _title(wizard: Wizard, section: str) -> str:
    return wizard.title(section)


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
