"""What the code engine adds to the package's code section: the classification articles that fit
the answers so far, and the figures it works out for the computed items."""

from __future__ import annotations

from dataclasses import replace

from wizard_core import engine
from wizard_core.checks import COMPUTED, PROPOSES, answers_of, propose
from wizard_core.content import FormItem
from wizard_core.engine import Proposal
from wizard_core.engine.assemblies import describe_need, required_assemblies
from wizard_core.knowledge.lookup import Quoted, Retrieved
from wizard_core.models import ProjectState


def with_candidates(retrieved: Retrieved, state: ProjectState, item: FormItem) -> Retrieved:
    """Add what the engine works out to the package's code section: 3.10's fitting articles, and
    for the computed items (3.18, 3.21, 3.22, 3.23) the figures and tables the answers so far give."""
    if item.answer_type in PROPOSES:
        title, lines = "classification articles that fit the answers so far", candidate_lines(propose(state))
    elif item.answer_type in COMPUTED:
        title, lines = f"what the wizard works out for {item.number}", computed_lines(state, item)
    else:
        return retrieved
    if not lines:
        return retrieved
    block = Quoted(f"### Code engine: {title}", lines)
    return replace(retrieved, quoted=[*retrieved.quoted, block])


def computed_lines(state: ProjectState, item: FormItem) -> list[str]:
    """The engine's figures for a computed item, for a model: give the inputs, these are checked."""
    answers = answers_of(state)
    facts = engine.facts_from_answers(answers)
    lines: list[str] = []
    if item.answer_type == "assemblies":
        lines = [f"- {describe_need(need)}" for need in required_assemblies(answers)]
    elif item.answer_type == "spatial":
        groups = ", ".join(facts.classified_groups) or "not yet known (3.02)"
        sprinklered = {True: "yes", False: "no", None: "not yet known (3.11)"}[facts.sprinklered]
        lines = [
            f"- Occupancy {groups}; sprinklered throughout: {sprinklered}. Table 3.2.3.1.-B/-C (not "
            "sprinklered, needs each face's L/H ratio) or -D/-E (sprinklered) gives the permitted openings; "
            "Table 3.2.3.7 the rating, construction and cladding.",
        ]
    elif item.answer_type == "occupant_load":
        lines = [
            "- Persons = floor area ÷ the Table 3.1.17.1 m² per person of its use, rounded up; fixed "
            "seats; 2 per sleeping room; or a design number, which needs a posted limit when it differs."
        ]
    elif item.answer_type == "fixtures":
        load = answers.get("3.18")
        rows = load.get("rows") if isinstance(load, dict) else None
        lines = [
            f"- 3.18 {row.get('floor')}: {row.get('persons')} persons, {row.get('occupancy') or '?'} "
            f"{row.get('use') or ''}".rstrip()
            for row in rows or []
        ] or ["- 3.18 (occupant load by floor) is not answered yet; the fixtures follow its rows."]
    return [
        *lines,
        f"Give the inputs in {item.number}'s value (the wizard works out the other columns and checks them "
        "against the code); name any input that is still missing.",
    ]


def candidate_lines(proposal: Proposal) -> list[str]:
    """The proposal as lines for a model: choose among these; name any missing fact."""
    lines = []
    for o in proposal.occupancies:
        if o.article:
            others = f" Other fitting articles: {', '.join(o.alternatives)}." if o.alternatives else ""
            lines.append(f"- Group {o.group}: {o.article} — {o.reason}.{others}")
        else:
            lines.append(f"- Group {o.group}: {o.reason}")
    for missing in proposal.missing:
        lines.append(f"- Still unknown ({missing.item}): {missing.question}")
    if lines:
        lines.append(
            "Choose the 3.10 article for each occupancy from these; they are checked against the code."
        )
    return lines
