"""The turn's check gate: an answer the code checks contradict becomes a question, unless the
consultant insists; the third time the same answer meets the same contradiction it is kept, flagged."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from wizard_core.answers import describe_value, worked_out
from wizard_core.checks import COMPUTED, findings_with, overridden, proposal_text
from wizard_core.content import FormItem
from wizard_core.engine import Finding
from wizard_core.errors import InvalidReplyError
from wizard_core.models import AdvisorReply, ClarifyingQA, FormAnswer, ProjectState
from wizard_core.turn.responses import Change

# The consultant insists on an answer the checks contradict ("record it anyway: alternative solution").
OVERRIDE = re.compile(
    r"\b(?:record|keep|enter|save|use|accept)\s+(?:it|this|that|the answer|the value|my answer)?\s*"
    r"(?:anyway|as (?:is|given|stated)|regardless)\b|\boverride\b|\balternative solution\b|"
    r"\b(?:i|we)\s+(?:insist|confirm it)\b",
    re.I,
)
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
    findings = findings_with(state, item.number, answer.value, also)
    errors = [f for f in findings if f.severity == "error"]
    if not errors:
        return _cautioned(change, [f for f in findings if f.severity == "warning" and f.item == item.number])
    if insists(message):
        return replace(change, answer=overridden(answer, errors, message))
    content = contradiction(item, answer.answer, errors, proposal_text(state, item))
    # the open thread's questions, and this item's asked in the newest turns: a contradiction met
    # again by revisions from other items is not asked a third time either
    asked = [qa.question for qa in state.active_clarifying_thread] + [
        t.content
        for t in state.turns
        if t.section == item.number and t.reply_type == "clarifying_question" and t.content
    ]
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
