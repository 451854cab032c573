"""The code checks of a project: findings, the gate before an answer is recorded, proposals.

The engine (``wizard_core.engine``) knows the code; this module puts it to work on a project:
it reads the answers, runs the checks, stops a contradicting answer from being recorded
silently, and tells the advisor which classification articles fit the facts so far.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from wizard_core import engine
from wizard_core.answers import describe_value, worked_out
from wizard_core.content import FormItem
from wizard_core.engine import Finding, Proposal
from wizard_core.engine.assemblies import describe_need, required_assemblies
from wizard_core.errors import InvalidReplyError
from wizard_core.knowledge.lookup import Quoted, Retrieved
from wizard_core.models import AdvisorReply, ClarifyingQA, FormAnswer, ProjectState
from wizard_core.responses import Change

# The consultant insists on an answer the checks contradict ("record it anyway: alternative solution").
OVERRIDE = re.compile(
    r"\b(?:record|keep|enter|save|use|accept)\s+(?:it|this|that|the answer|the value|my answer)?\s*"
    r"(?:anyway|as (?:is|given|stated)|regardless)\b|\boverride\b|\balternative solution\b|"
    r"\b(?:i|we)\s+(?:insist|confirm it)\b",
    re.I,
)
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
    return [f for f in _findings(state, section, value) if f.severity == "error"]


def _findings(
    state: ProjectState, section: str, value: Any, also: dict[str, Any] | None = None
) -> list[Finding]:
    answers = answers_of(state)
    answers.update(also or {})
    answers[section] = value
    return engine.check(answers, focus=section)


CAUTIONED_CONFIDENCE = 0.75  # an answer the checks raise a point on (a warning): recorded to confirm


def insists(message: str) -> bool:
    return bool(OVERRIDE.search(message))


def review(
    state: ProjectState,
    item: FormItem,
    change: Change,
    message: str,
    worked_out_already: bool = False,
    also: dict[str, Any] | None = None,
) -> Change:
    """The gate: an answer the checks contradict becomes a question, unless the consultant insists.

    A computed item's rows have their figures worked out by the engine first, unless the advisor's
    own reading already did so with the same calculators (``worked_out_already``). ``also`` holds
    the values the same message gives other items, which the checks weigh the answer with.
    """
    answer = change.answer
    if answer is None:
        return change
    if item.answer_type in COMPUTED and not worked_out_already:
        try:
            answer = answer.model_copy(update={"value": worked_out(item, answer.value, state)})
        except InvalidReplyError as error:
            return _question(item, str(error), list(item.references), answer)
        change = replace(change, answer=answer)
    findings = _findings(state, item.number, answer.value, also)
    errors = [f for f in findings if f.severity == "error"]
    if not errors:
        return _cautioned(change, [f for f in findings if f.severity == "warning" and f.item == item.number])
    if insists(message):
        return replace(change, answer=overridden(answer, errors, message))
    content = contradiction(item, answer.answer, errors, proposal_text(state, item))
    asked = [qa.question for qa in state.active_clarifying_thread]
    if content in asked:  # never the same question a third time: say what to do, then keep it flagged
        content = which_is_wrong(state, item, errors)
        if content in asked:
            kept = kept_flagged(item, answer, errors)
            reply = change.reply.model_copy(update={"confidence": kept.confidence, "content": kept.answer})
            return replace(change, answer=kept, reply=reply)
    references = list(dict.fromkeys(a for f in errors for a in f.articles)) or list(item.references)
    return _question(item, content, references, answer)


def _cautioned(change: Change, warnings: list[Finding]) -> Change:
    """An answer the checks raise a point on is recorded below 0.8, the point said with it."""
    answer = change.answer
    if not warnings or answer is None or answer.confidence < 0.8:
        return change
    point = f"To confirm: {warnings[0].message}"
    said = f"{answer.answer} {point}"
    answer = answer.model_copy(update={"confidence": CAUTIONED_CONFIDENCE, "answer": said})
    reply = change.reply.model_copy(
        update={"confidence": CAUTIONED_CONFIDENCE, "content": f"{change.reply.content} {point}"}
    )
    return replace(change, answer=answer, reply=reply)


def _question(item: FormItem, content: str, references: list[str], answer: FormAnswer) -> Change:
    """The gate's question instead of the answer it held back."""
    reply = AdvisorReply(
        type="clarifying_question", content=content, confidence=0.3, obc_references=references
    )
    question = ClarifyingQA(question=content, related_form_section=item.number, timestamp=answer.timestamp)
    return Change(reply, question=question)


REPEATED_CONFIDENCE = 0.4  # an answer kept after the same contradiction was asked about twice


def which_is_wrong(state: ProjectState, item: FormItem, errors: list[Finding]) -> str:
    """The second time an answer meets the same contradiction: the answers it is at odds with, and
    the ways out, instead of the same question again."""
    others = [s for f in errors for s in f.related if s != item.number and state.answer_for(s) is not None]
    shown = "; ".join(
        f"{s} {a.title}: {a.answer.removeprefix(f'{s} {a.title}: ').split(' Note: ')[0].rstrip('.')}"
        for s in dict.fromkeys(others)
        if (a := state.answer_for(s)) is not None
    )
    problems = " ".join(f.message for f in errors)
    text = f"{item.number} {item.title} still meets the same contradiction: {problems}"
    if shown:
        text += f" The answers it is at odds with: {shown}."
        example = others[0]
        text += f" If one of those is wrong, correct it (for example 'correction on {example}: …');"
    return (
        text + " otherwise give a different value, or say 'record it anyway' with the reason. If the same "
        "answer comes again, I will keep it as given and flag it for review."
    )


def kept_flagged(item: FormItem, answer: FormAnswer, errors: list[Finding]) -> FormAnswer:
    """The answer as the consultant gave it a third time: kept, at low confidence, saying what it
    meets; the open error finding shows it as flagged in the matrix and every export."""
    problems = " ".join(f.message for f in errors)
    text = (
        f"{item.number} {item.title}: {describe_value(item, answer.value)}, kept as given after the same "
        f"contradiction was raised twice, to confirm or correct. The contradiction stays open, flagged on "
        f"{', '.join(dict.fromkeys(f.item for f in errors))}, until the answers agree: {problems}"
    )
    return answer.model_copy(
        update={"confidence": min(answer.confidence, REPEATED_CONFIDENCE), "answer": text}
    )


def overridden(answer: FormAnswer, errors: list[Finding], reason: str) -> FormAnswer:
    """The answer recorded as the consultant insists, with what it overrides and why."""
    return answer.model_copy(update={"override": reason, "override_findings": [f.message for f in errors]})


def contradiction(item: FormItem, answer: str, errors: list[Finding], proposal: str) -> str:
    """The wizard's question when an answer contradicts the code or the other answers."""
    problems = " ".join(f.message for f in errors)
    text = f"Before I record {item.number} {item.title}: {problems}"
    if proposal:
        text += f" {proposal}"
    return (
        text + " Please check and answer again, or say 'record it anyway' with the reason (for example "
        "an alternative solution) to keep it as given."
    )


def propose(state: ProjectState) -> Proposal:
    return engine.propose(answers_of(state))


def proposal_text(state: ProjectState, item: FormItem) -> str:
    """'3.2.2.60 fits D (...)', for the items whose value the engine proposes."""
    if item.answer_type not in PROPOSES:
        return ""
    proposal = propose(state)
    fits = [f"{o.article} for {o.group} ({o.reason})" for o in proposal.occupancies if o.article]
    return f"From the answers so far, the article that fits is {'; '.join(fits)}." if fits else ""


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
