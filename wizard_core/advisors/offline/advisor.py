"""The offline advisor: deterministic, rule-based, no network.

It reads the latest message (with the item's earlier clarifying answers) against the
current item's answer type, options and units. When the facts settle the item it gives a
form answer; when something is missing, approximate or ambiguous it asks one clarifying
question saying what, instead of guessing.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from wizard_core.advisors.base import AdvisorRequest
from wizard_core.advisors.offline import proposals
from wizard_core.answers import Reading, describe_value, read
from wizard_core.answers import parsing as p
from wizard_core.answers.vocabulary import alternation, phrase_pattern, vocabulary
from wizard_core.content import FormItem
from wizard_core.models import ProjectState

REUSED_CONFIDENCE = 0.7


@cache
def refers_back() -> re.Pattern[str]:
    """'As I said', 'see above': the answer may be in what was said for other items."""
    return phrase_pattern(vocabulary().advisor.refers_back)


@cache
def same_as() -> re.Pattern[str]:
    """'Same as 3.04', 'same as the building area': the item named is group 1."""
    named = r"(?:item |in |for )?(?:the )?(3\.\d\d|[a-z][a-z /-]+)"
    return re.compile(rf"{alternation(vocabulary().advisor.same_as)} {named}", re.I)


class OfflineAdvisor:
    """Rule-based advisor used when no model is configured."""

    name = "offline"
    remote = False
    description = (
        "Built-in rule-based advisor (no AI model): it matches your answer to the item's options, "
        "units and numbers, and asks a clarifying question when something is missing."
    )

    def advise(self, request: AdvisorRequest) -> dict[str, Any]:
        item, state, message = request.item, request.state, request.message
        chosen = proposals.accepted(item, state, message)
        if chosen is not None:
            reading = read(item, [" ".join(chosen)], state, request.forms)
            if reading.complete:
                reading.notes.append("the article the wizard proposed from the code, accepted")
                return self._answer(item, reading.value, reading, message)
        if proposals.wanted(item, message) and (
            offer := proposals.propose(item, state, _item_texts(state, message))
        ):
            return offer
        if p.is_question(message):
            return self._clarify(item, self._explain(item), 0.0)
        if item.allows_not_applicable and _not_applicable(message, item):
            return self._answer(item, None, Reading(None, True, confidence=0.9), message)
        copied = _same_as(request)
        if copied is not None:
            return self._answer(item, copied.value, copied, message)
        texts = _item_texts(state, message)
        reading = read(item, texts, state, request.forms)
        if not reading.complete and refers_back().search(message):
            earlier = read(item, _earlier_texts(state) + texts, state, request.forms)
            if earlier.complete:
                earlier.confidence = min(earlier.confidence, REUSED_CONFIDENCE)
                earlier.notes.append("taken from what you said earlier in this project")
                reading = earlier
        if reading.complete:
            return self._answer(item, reading.value, reading, message)
        if not p.classification_articles(message) and (offer := proposals.propose(item, state, texts)):
            return offer  # the facts are given but no article: the engine proposes one
        return self._clarify(
            item, f"To answer {item.number} ({item.title}) I still need {reading.missing}.", 0.2
        )

    def _answer(self, item: FormItem, value: Any, reading: Reading, message: str) -> dict[str, Any]:
        if value is None:
            content = f"{item.number} {item.title}: not applicable ({message.strip()})."
        elif item.answer_type == "text":
            content = f"{item.number} {item.title}: {value}"
        else:
            content = f"{item.number} {item.title}: {describe_value(item, value)}."
        if reading.notes:
            content += " Note: " + "; ".join(reading.notes) + "."
        return {
            "type": "form_answer",
            "content": content,
            "confidence": round(reading.confidence, 2),
            "obc_references": list(item.references),
            "value": value,
        }

    def _clarify(self, item: FormItem, question: str, confidence: float) -> dict[str, Any]:
        return {
            "type": "clarifying_question",
            "content": question,
            "confidence": confidence,
            "obc_references": list(item.references),
            "value": None,
        }

    def _explain(self, item: FormItem) -> str:
        text = f"{item.number} {item.title}: {item.question} {item.guidance}"
        if item.options:
            text += (
                " The options are: "
                + "; ".join(
                    f"{o.label} ({o.description})" if o.description else o.label for o in item.options
                )
                + "."
            )
        if item.allows_not_applicable:
            text += " 'Not applicable' is also accepted."
        text += f" References: {', '.join(item.references)}."
        return text + f" What is the answer for {item.number}?"


def _same_as(request: AdvisorRequest) -> Reading | None:
    """'Same as 3.04' or 'same as the building area': reuse that item's value if it fits."""
    match = same_as().search(request.message)
    if not match:
        return None
    wanted = match[1].strip().lower()
    for answer in request.state.finalized_answers:
        if answer.section == request.item.number or answer.value is None:
            continue
        named = wanted == answer.section or wanted.startswith(answer.title.lower())
        same_type = request.forms.get_item(answer.section).answer_type == request.item.answer_type
        if named and same_type:
            note = f"copied from {answer.section} {answer.title} as you asked"
            return Reading(answer.value, True, confidence=REUSED_CONFIDENCE, notes=[note])
    return None


def _not_applicable(message: str, item: FormItem) -> bool:
    not_applicable = p.lexicon().not_applicable
    short = len(message) <= 100 or not_applicable.match(message.strip())
    if not short or not not_applicable.search(message):
        return False
    return not (item.answer_type == "area" and p.quantities(message))


def _item_texts(state: ProjectState, message: str) -> list[str]:
    """What the consultant has said to the advisor about the current item since it was (re)started."""
    section = state.current_form_section
    since = state.item_started_at
    texts = [
        t.message
        for t in state.turns
        if t.section == section
        and (since is None or t.received_at >= since)
        and (t.status == "pending" or t.reply_type in ("form_answer", "clarifying_question"))
    ]
    if not texts or texts[-1] != message:
        texts.append(message)
    return texts


def _earlier_texts(state: ProjectState) -> list[str]:
    """What the consultant said for other items, oldest first."""
    return [t.message for t in state.turns if t.section != state.current_form_section and t.status == "done"]
