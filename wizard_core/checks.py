"""The code checks of a project: its findings, the errors a value would create, proposals.

The engine (``wizard_core.engine``) knows the code; this module puts it to work on a project's
answers. The turn's gate (``turn/gate.py``) and the package's candidates (``turn/candidates.py``)
build on it; the exports and the direct entry use it as it is.
"""

from __future__ import annotations

from typing import Any

from wizard_core import engine
from wizard_core.content import FormItem
from wizard_core.engine import Finding, Proposal
from wizard_core.models import FormAnswer, ProjectState

PROPOSES = {"articles"}  # answer types whose value the engine can propose
COMPUTED = {"occupant_load", "assemblies", "spatial", "fixtures"}  # items the engine works out


def answers_of(state: ProjectState) -> dict[str, Any]:
    """Item number -> value of every finalized answer."""
    return {a.section: a.value for a in state.finalized_answers}


def findings(state: ProjectState) -> list[Finding]:
    """Every finding on the project's answers, errors first."""
    order = {"error": 0, "warning": 1, "info": 2}
    return sorted(engine.check(answers_of(state)), key=lambda f: (order[f.severity], f.item))


def blocking(state: ProjectState, section: str, value: Any) -> list[Finding]:
    """The errors recording ``value`` for ``section`` would create (the gate)."""
    return [f for f in findings_with(state, section, value) if f.severity == "error"]


def findings_with(
    state: ProjectState, section: str, value: Any, also: dict[str, Any] | None = None
) -> list[Finding]:
    answers = answers_of(state)
    answers.update(also or {})
    answers[section] = value
    return engine.check(answers, focus=section)


def overridden(answer: FormAnswer, errors: list[Finding], reason: str) -> FormAnswer:
    """The answer recorded as the consultant insists, with what it overrides and why."""
    return answer.model_copy(update={"override": reason, "override_findings": [f.message for f in errors]})


def propose(state: ProjectState) -> Proposal:
    return engine.propose(answers_of(state))


def proposal_text(state: ProjectState, item: FormItem) -> str:
    """'3.2.2.60 fits D (...)', for the items whose value the engine proposes."""
    if item.answer_type not in PROPOSES:
        return ""
    proposal = propose(state)
    fits = [f"{o.article} for {o.group} ({o.reason})" for o in proposal.occupancies if o.article]
    return f"From the answers so far, the article that fits is {'; '.join(fits)}." if fits else ""
