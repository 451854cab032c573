"""The context-health summary (seed 002's context endpoint) and the recap after a break."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState
from wizard_core.turn.freshness import Temporal, temporal

SUMMARY_DECISIONS = 5


def context_summary(state: ProjectState, forms: FormQuestionService, now: datetime) -> dict[str, Any]:
    """Status, activity, freshness, progress and the last decisions with their reasons."""
    health = temporal(state.updated_at, now)
    answered = len(state.finalized_answers)
    started = state.session_started_at or state.created_at
    if state.complete:
        status = "complete"
    elif not state.turn_count:
        status = "new"
    else:
        status = "stale" if health.stale else "active"
    return {
        "project_id": state.project_id,
        "name": state.name,
        "status": status,
        "interaction_count": state.turn_count,
        "minutes_active": round(max(0.0, (state.updated_at - started).total_seconds() / 60), 1),
        "minutes_since_activity": health.minutes_since,
        "temporal_relevance": health.relevance,
        "freshness": health.label,
        "is_stale": health.stale,
        "current_section": state.current_form_section,
        "items": {
            "answered": answered,
            "flagged": len(state.flagged),
            "remaining": len(forms.items) - answered,
            "proposed": sum(1 for a in state.finalized_answers if a.proposed),
            "skipped": len(state.skipped),
        },
        "flagged": dict(state.flagged),
        "recap": recap_text(state, forms, health) if health.stale else None,
        "last_decisions": [
            d.model_dump(mode="json", exclude={"message"}) for d in state.decisions[-SUMMARY_DECISIONS:]
        ],
    }


def recap_text(state: ProjectState, forms: FormQuestionService, health: Temporal) -> str:
    """A short reminder of where the project stands, for a consultant back from a break."""
    hours, minutes = divmod(int(health.minutes_since), 60)
    gap = f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"
    current = state.current_form_section
    where = f"the current item is {current} {forms.get_item(current).title}" if current else "complete"
    text = (
        f"Resumed after {gap}: {len(state.finalized_answers)} of {len(forms.items)} items answered; {where}."
    )
    if state.flagged:
        text += f" Flagged for review: {', '.join(sorted(state.flagged))}."
    if state.skipped:
        text += f" Skipped for now: {', '.join(state.skipped)}."
    return text
