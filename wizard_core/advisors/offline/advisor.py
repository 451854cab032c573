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

from wizard_core import carried
from wizard_core.advisors.base import AdvisorRequest
from wizard_core.advisors.offline import asking, proposals
from wizard_core.answers import Reading, answer_type, describe_value, doubt, read
from wizard_core.answers import parsing as p
from wizard_core.answers.text import is_to_do
from wizard_core.answers.vocabulary import alternation, phrase_pattern, vocabulary
from wizard_core.content import FormItem
from wizard_core.models import ProjectState
from wizard_core.triggers import denies_the_fact

REUSED_CONFIDENCE = 0.7
# A computed item's rows read with something left over, or named otherwise than the consultant did:
# recorded as the figures to confirm, below the confidence of a reading bound without doubt.
UNBOUND_ROWS_CONFIDENCE = 0.75
# Said after a computed item's figures: they are the engine's, proposed until the consultant confirms.
WORKED_OUT = "I worked these figures out from your inputs: confirm them, or tell me which row to change."


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
    works_out_rows = True  # its readers work a computed item's rows out with the engine's calculators
    description = (
        "Built-in rule-based advisor (no AI model): it matches your answer to the item's options, "
        "units and numbers, and asks a clarifying question when something is missing."
    )

    def advise(self, request: AdvisorRequest) -> dict[str, Any]:
        item, state, message = request.item, request.state, request.message
        texts = _item_texts(state, message)
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
        if p.is_question(message) and (asked := p.question_after_answer(message)):
            reading = read(item, texts, state, request.forms)
            if reading.complete:  # "4,970 m2 total. Should I check it with the surveyor?"
                reading.confidence = min(reading.confidence, doubt.DOUBTED_CONFIDENCE)
                reading.notes.append(f"you also asked '{asked}': ask it on its own for an answer")
                return self._answer(item, reading.value, reading, message)
        if p.is_question(message):
            missing = "which option applies" if item.options else "the answer"
            return self._clarify(request, self._explain(item), Reading(missing=missing))
        if item.allows_not_applicable and _not_applicable(message, item):
            guess = doubt.hedged(message)  # "I don't think there are any": the consultant's guess, to confirm
            confidence = doubt.DOUBTED_CONFIDENCE if guess else 0.9
            return self._answer(
                item,
                None,
                Reading(None, True, confidence=confidence, notes=[guess] if guess else []),
                message,
            )
        copied = _same_as(request)
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
            earlier = read(item, _earlier_texts(state) + texts, state, request.forms)
            if earlier.complete:
                earlier.confidence = min(earlier.confidence, REUSED_CONFIDENCE)
                earlier.notes.append("taken from what you said earlier in this project")
                reading = earlier
        if reading.complete:
            if not _rows_bound(item, reading, texts):
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
        item, state, message = request.item, request.state, request.message
        labels = asking.chosen_by_number(item, state, message)
        if labels is not None:
            reading = read(item, [", ".join(labels)], state, request.forms)
            if reading.complete:
                reading.notes.append("the option you picked by its number")
                return self._answer(item, reading.value, reading, message)
        if asking.offered(state) and p.accepts(message):
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


def _same_as(request: AdvisorRequest) -> Reading | None:
    """'Same as 3.04' or 'same as the building area': reuse that item's value if it fits."""
    match = same_as().search(request.message)
    if not match:
        return None
    # 'Same as 3.04, but two storeys': the area reader weighs the storeys said with it.
    if request.item.answer_type == "area":
        own = read(request.item, [request.message], request.state, request.forms)
        if own.complete or own.offer is not None:
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


SUBSTANTIVE_WORDS = 12
# "None, except the exit stair width": what follows is the answer, not a 'not applicable'.
EXCEPTION = re.compile(
    r"\b(?:except|excepting|other than|apart from|aside from|save for|with the exception of|besides|bar one|"
    r"but (?:one|for)\b)",
    re.I,
)
ROW_LABELS = ("floor", "face")  # the keys that name a computed item's row as the consultant did


def _rows_bound(item: FormItem, reading: Reading, texts: list[str]) -> bool:
    """Whether a computed item's rows rest on the consultant's words alone: nothing was left over
    (no note about text not used) and every row carries a name the consultant gave it."""
    value = reading.value
    if answer_type(item).compute is None or not isinstance(value, dict):
        return True
    if reading.notes:
        return False
    said = p.normalize(" ".join(texts)).casefold()
    rows = [row for part in value.values() if isinstance(part, list) for row in part if isinstance(row, dict)]
    labels = [str(row[key]) for row in rows for key in ROW_LABELS if row.get(key)]
    return all(label.casefold() in said for label in labels)


def _not_applicable(message: str, item: FormItem) -> bool:
    """'Not applicable', 'none', 'not required', 'there isn't one': the item does not apply.

    A message that gives measurements or says more than a few words counts only when it opens
    with it ('None: no dwelling units'), so 'the east wall has none' is read as the answer it is.
    One that goes on to name an exception ('None, except the stair width') gives an answer.
    """
    not_applicable = p.lexicon().not_applicable
    stripped = message.strip()
    if denies_the_fact(stripped, item.number):  # "There's no mezzanine anywhere. The penthouse is 45 m2."
        return True
    measured = any(q.unit for q in p.quantities(stripped))
    substantive = measured or len(stripped.split()) > SUBSTANTIVE_WORDS
    opens = not_applicable.match(stripped)
    if not (opens or (not substantive and not_applicable.search(stripped))):
        return False
    if opens and item.answer_type == "text" and len(stripped.split()) > SUBSTANTIVE_WORDS:
        # 'no trade shows or exhibitions, if the township …': a note that opens with 'no', unless
        # its first words name the item's own subject ('No alternative solutions are proposed …')
        if re.match(r"\s*[.:;,!\u2013\u2014-]", stripped[opens.end() :]):
            return True  # 'None. Where the existing building falls short …': said, then explained
        head = " ".join(stripped.lower().split()[:6])
        subject = [item.title.lower(), *(k.lower() for k in item.keywords)]
        return any(word in head for word in subject) or bool(re.search(r"\bnotes?\b|\bnothing\b", head))
    if EXCEPTION.search(stripped):
        return False
    return not (item.answer_type == "area" and p.quantities(message))


def _item_texts(state: ProjectState, message: str) -> list[str]:
    """What the consultant has said to the advisor about the current item since it was (re)started, of
    the project's newest turns (the store loads the newest 20: an item's thread is rarely longer)."""
    section = state.current_form_section
    since = state.item_started_at
    turns = [
        t
        for t in state.turns
        if t.section == section
        and (since is None or t.received_at >= since)
        and (t.status == "pending" or t.reply_type in ("form_answer", "clarifying_question"))
    ]
    texts = [t.message for t in turns]
    if turns and turns[-1].status == "pending":
        texts[-1] = message  # the latest message as the wizard took it (a revision's item number left out)
    elif not texts or texts[-1] != message:
        texts.append(message)
    return texts


def _earlier_texts(state: ProjectState) -> list[str]:
    """What the consultant said for other items, oldest first: each item's newest few messages."""
    said = [
        (kept.at, kept.message)
        for item, messages in state.transcript.said.items()
        if item != state.current_form_section
        for kept in messages
    ]
    return [message for _, message in sorted(said)]
