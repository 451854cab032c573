"""The offline advisor: deterministic, rule-based, no network.

It reads the latest message (with the item's earlier clarifying answers) against the
current item's answer type, options and units. When the facts settle the item it gives a
form answer; when something is missing, approximate or ambiguous it asks one clarifying
question saying what, instead of guessing. How it reads what was said is ``said.py``.
"""

from __future__ import annotations

from typing import Any

from wizard_core import carried
from wizard_core.advisors.base import AdvisorRequest
from wizard_core.advisors.offline import asking, proposals
from wizard_core.advisors.offline.said import (
    REUSED_CONFIDENCE,
    copied_reading,
    earlier_texts,
    item_texts,
    refers_back,
    rows_bound,
    says_not_applicable,
)
from wizard_core.answers import Reading, answer_type, describe_value, doubt, read
from wizard_core.answers import parsing as p
from wizard_core.answers.replies import accepts, is_question, question_after_answer
from wizard_core.answers.text import is_to_do
from wizard_core.answers.wording.marks import answer_in
from wizard_core.content import FormItem

# A computed item's rows read with something left over, or named otherwise than the consultant did:
# recorded as the figures to confirm, below the confidence of a reading bound without doubt.
UNBOUND_ROWS_CONFIDENCE = 0.75
# Said after a computed item's figures: they are the engine's, proposed until the consultant confirms.
WORKED_OUT = "I worked these figures out from your inputs: confirm them, or tell me which row to change."


class OfflineAdvisor:
    """Rule-based advisor used when no model is configured."""

    name = "offline"
    remote = False
    works_out_rows = True  # its readers work a computed item's rows out with the engine's calculators
    description = (
        "Built-in rule-based advisor (no AI model): it matches your answer to the item's options, "
        "units and numbers, and asks a clarifying question when something is missing."
    )

    def advise(self, request: AdvisorRequest) -> dict[str, Any]:
        item, state, message = request.item, request.state, answer_in(request.message)
        texts = item_texts(state, message)
        chosen = proposals.accepted(item, state, message)
        if chosen is not None:
            reading = read(item, [", ".join(chosen)], state, request.forms)
            if not reading.complete and len(set(chosen)) < len(chosen):  # one article for two occupancies
                reading = Reading(chosen, True, confidence=0.9)
            if reading.complete:
                reading.notes.append("the article the wizard proposed from the code, accepted")
                return self._answer(item, reading.value, reading, message)
        confirmed = self._confirmed(request, texts)
        if confirmed is not None:
            return confirmed
        if proposals.wanted(item, message) and (
            offer := proposals.propose(item, state, request.forms, texts)
        ):
            return self._clarify(request, offer["content"], Reading(missing="the article"), offer)
        if is_question(message) and (asked := question_after_answer(message)):
            reading = read(item, texts, state, request.forms)
            if reading.complete:  # "4,970 m2 total. Should I check it with the surveyor?"
                reading.confidence = min(reading.confidence, doubt.DOUBTED_CONFIDENCE)
                reading.notes.append(f"you also asked '{asked}': ask it on its own for an answer")
                return self._answer(item, reading.value, reading, message)
        if is_question(message):
            missing = "which option applies" if item.options else "the answer"
            return self._clarify(request, self._explain(item), Reading(missing=missing))
        if item.allows_not_applicable and says_not_applicable(message, item):
            guess = doubt.hedged(message)  # "I don't think there are any": the consultant's guess, to confirm
            confidence = doubt.DOUBTED_CONFIDENCE if guess else 0.9
            return self._answer(
                item,
                None,
                Reading(None, True, confidence=confidence, notes=[guess] if guess else []),
                message,
            )
        copied = copied_reading(request)
        if copied is not None:
            return self._answer(item, copied.value, copied, message)
        reading = read(item, texts, state, request.forms)
        said = None if reading.complete else carried.carried_fact(item, state, request.forms)
        if said is not None and refers_back().search(message):
            note = f"taken {said.reason}"
            return self._answer(
                item,
                said.value,
                Reading(said.value, True, confidence=REUSED_CONFIDENCE, notes=[note]),
                message,
            )
        if said is not None and reading.offer is None:  # said at an earlier item: proposed, not recorded
            reading = Reading(
                missing=reading.missing or "the answer", offer=said.value, offer_reason=said.reason
            )
        if not reading.complete and reading.offer is None and refers_back().search(message):
            earlier = read(item, earlier_texts(state) + texts, state, request.forms)
            if earlier.complete:
                earlier.confidence = min(earlier.confidence, REUSED_CONFIDENCE)
                earlier.notes.append("taken from what you said earlier in this project")
                reading = earlier
        if reading.complete:
            if not rows_bound(item, reading, texts):
                reading.confidence = min(reading.confidence, UNBOUND_ROWS_CONFIDENCE)
            return self._answer(item, reading.value, reading, message)
        if not p.classification_articles(message) and (
            offer := proposals.propose(item, state, request.forms, texts)
        ):
            return self._clarify(request, offer["content"], reading, offer)  # the engine proposes one
        if reading.offer is not None:
            return self._clarify(request, asking.offer_question(item, reading), reading)
        question = f"To answer {item.number} ({item.title}) I still need {reading.missing}."
        return self._clarify(request, question, reading)

    def _confirmed(self, request: AdvisorRequest, texts: list[str]) -> dict[str, Any] | None:
        """A yes to the reading the advisor offered, or an option picked by its number, recorded."""
        item, state, message = request.item, request.state, answer_in(request.message)
        labels = asking.chosen_by_number(item, state, message)
        if labels is not None:
            reading = read(item, [", ".join(labels)], state, request.forms)
            if reading.complete:
                reading.notes.append("the option you picked by its number")
                return self._answer(item, reading.value, reading, message)
        if asking.offered(state) and accepts(message):
            earlier = read(item, texts[:-1], state, request.forms)
            said = carried.carried_fact(item, state, request.forms)
            if said is not None and carried.MARK in state.active_clarifying_thread[-1].question:
                earlier = Reading(offer=said.value, offer_reason=said.reason)
            if earlier.offer is not None:
                why = (
                    f"{earlier.offer_reason}, as you confirmed"
                    if earlier.offer_reason
                    else "as you confirmed"
                )
                confirmed = Reading(earlier.offer, True, confidence=0.9, notes=[why])
                return self._answer(item, earlier.offer, confirmed, message)
        return None

    def _answer(self, item: FormItem, value: Any, reading: Reading, message: str) -> dict[str, Any]:
        if value is None:
            content = f"{item.number} {item.title}: not applicable ({message.strip()})."
        elif item.answer_type == "text":
            content = f"{item.number} {item.title}: {'to do: ' if is_to_do(value) else ''}{value}"
        else:
            content = f"{item.number} {item.title}: {describe_value(item, value)}."
        if reading.notes:
            content += " Note: " + "; ".join(note.rstrip(". ") for note in reading.notes) + "."
        rows = isinstance(value, dict) and any(isinstance(v, list) and v for v in value.values())
        if rows and answer_type(item).compute is not None:  # a computed item's rows, not a note alone
            content += f" {WORKED_OUT}"
        return {
            "type": "form_answer",
            "content": content,
            "confidence": round(reading.confidence, 2),
            "obc_references": list(item.references),
            "value": value,
        }

    def _clarify(
        self, request: AdvisorRequest, question: str, reading: Reading, reply: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """A clarifying question, asked differently if it was asked before in this thread."""
        item = request.item
        content = asking.unrepeated(item, request.state, question, reading, request.message)
        if reply is not None and content == question:
            return reply
        return {
            "type": "clarifying_question",
            "content": content,
            "confidence": 0.2 if reading.offer is None else 0.5,
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
