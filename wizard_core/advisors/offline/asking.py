"""How the offline advisor asks: offers a 'yes' records, options by number, and no third time.

An offer says what the advisor read and asks the consultant to confirm it ("I read 3,400 m² …
Shall I record it?"); a plain yes to it records that reading. When the advisor would ask the same
question again, it asks differently instead: its best reading as an offer, the item's options by
number, or what it could not read in the last message and how to give it. No question is asked
three times in a thread, and never three times in a row.
"""

from __future__ import annotations

import re
from functools import cache

from wizard_core.advisors.offline import proposals
from wizard_core.answers import Reading, describe_value, type_hint
from wizard_core.answers import parsing as p
from wizard_core.content import FormItem
from wizard_core.models import ProjectState

OFFER_MARK = "Shall I record it?"
NUMBERED_MARK = "Reply with the option's number"
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
QUOTE_CHARS = 80


def offer_question(item: FormItem, reading: Reading) -> str:
    """The advisor's best reading, offered for a yes, with why and what else would settle it."""
    value = describe_value(item, reading.offer)
    why = f" ({reading.offer_reason})" if reading.offer_reason else ""
    return (
        f"{item.number} {item.title}: I read {value}{why}. {OFFER_MARK} "
        f"Answer yes, or tell me {reading.missing or 'the answer'}."
    )


def offered(state: ProjectState) -> bool:
    """Whether the open question offered a reading for a yes (the 3.10 proposals have their own)."""
    thread = state.active_clarifying_thread
    return bool(thread) and OFFER_MARK in thread[-1].question and proposals.MARK not in thread[-1].question


def numbered_question(item: FormItem, missing: str) -> str:
    options = "; ".join(f"{n}. {o.label}" for n, o in enumerate(item.options, start=1))
    return (
        f"{item.number} {item.title}: I still need {missing}. {NUMBERED_MARK} (or use the option "
        f"buttons beside the chat): {options}."
    )


@cache
def _number_reply() -> re.Pattern[str]:
    number = rf"(?:\d+|{p.lexicon().number_words}|{'|'.join(ORDINALS)})"
    return re.compile(
        rf"^\W*(?:(?:option|number|no\.?|#)\s*)?(?:the\s+)?{number}(?:\s+(?:one|option))?"
        rf"(?:\s*(?:,|and|&|\+)\s*(?:(?:option|number|#)\s*)?{number})*\W*$",
        re.IGNORECASE,
    )


def chosen_by_number(item: FormItem, state: ProjectState, message: str) -> list[str] | None:
    """The options a reply names by number ('2', 'option 3', 'the second one') after a numbered list."""
    thread = state.active_clarifying_thread
    if not item.options or not thread or NUMBERED_MARK not in thread[-1].question:
        return None
    if not _number_reply().match(message):
        return None
    picked = []
    for word in re.findall(rf"\d+|{p.lexicon().number_words}|{'|'.join(ORDINALS)}", message, re.IGNORECASE):
        word = word.lower()
        number = ORDINALS.index(word) + 1 if word in ORDINALS else p.word_number(word)
        if number is None or not 1 <= number <= len(item.options):
            return None
        picked.append(item.options[number - 1].label)
    return list(dict.fromkeys(picked)) or None


def unrepeated(item: FormItem, state: ProjectState, question: str, reading: Reading, message: str) -> str:
    """``question``, or another way of asking it if it was asked before in this thread."""
    asked = [qa.question for qa in state.active_clarifying_thread]
    if question not in asked:
        return question
    ways = [question]
    if OFFER_MARK in question:  # an offer not yet taken up: offered again, saying so
        ways.append(f"You have not said yes or given another answer yet. {question}")
    if reading.offer is not None:
        ways.append(offer_question(item, reading))
    if item.options:
        ways.append(numbered_question(item, reading.missing or "which option applies"))
    ways.append(_not_read(item, reading, message))
    last = asked[-1] if asked else None
    for fits in (lambda w: w not in asked, lambda w: asked.count(w) < 2 and w != last):
        found = next((w for w in ways if fits(w)), None)
        if found is not None:
            return found
    return f"{ways[-1]} (Question {len(asked) + 1} on this item.)"  # every way asked twice: never a third


def _not_read(item: FormItem, reading: Reading, message: str) -> str:
    """What the advisor could not read in the last message, and how to give it."""
    quoted = message.strip()
    if len(quoted) > QUOTE_CHARS:
        quoted = quoted[: QUOTE_CHARS - 1].rstrip() + "…"
    need = reading.missing or "the answer"
    return (
        f"{item.number} {item.title}: I could not read {need} in \u201c{quoted}\u201d. Please give it as "
        f"{type_hint(item)}, or type it under \u201cKnow the answer? Enter it directly\u201d."
    )
