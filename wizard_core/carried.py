"""Facts said at one item that answer a later one.

Consultants give facts before the wizard asks for them: "new four-storey student residence, wood
frame, sprinklered throughout", typed at 3.01, also answers 3.11. A sentence of the consultant's
answers to other items that names a later item's fact (its fact nouns in content/decisions.json,
its title or its keywords) is kept for that item. When the wizard reaches the item, what those
sentences read as is proposed, never recorded unasked: the offline advisor offers it for a yes,
and the item's direct entry opens pre-filled with it. The 3.10 proposal uses the facts the engine
needs (sprinklers, construction) from the same sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from wizard_core.answers import read, validate_value
from wizard_core.answers.base import FormFacts
from wizard_core.content import FormItem
from wizard_core.errors import InvalidReplyError
from wizard_core.log_records import Said
from wizard_core.models import ProjectState
from wizard_core.settled import per_holding
from wizard_core.triggers import load_triggers, phrases

# Sentence ends: a stop that is not a decimal point, a semicolon, a line break.
SENTENCE_END = re.compile(r"(?<!\d)\.(?!\d)|\.(?=\s)|[;\n!?]")
MARK = "from what you said at"  # in the offer's reason: a yes to it records the carried value
SAID_CHARS = 90


@dataclass(frozen=True)
class Carried:
    """What was said at ``section`` that answers the item: the sentence and the value it reads as."""

    section: str
    sentence: str
    value: Any

    @property
    def reason(self) -> str:
        said = self.sentence if len(self.sentence) <= SAID_CHARS else self.sentence[: SAID_CHARS - 1] + "…"
        return f"{MARK} {self.section}: \u201c{said}\u201d"


def said_before(state: ProjectState, section: str | None = None) -> list[tuple[str, str]]:
    """(item, message) of the consultant's answers to items other than ``section``, oldest first: each
    item's newest few, as the store keeps them beside the turn log (``TranscriptFigures.said``).

    Side questions, messages that failed and messages sent after a break are left out: they state no
    fact about the building, or an old one."""
    return list(_said_before(_others(state, section)))


def _others(state: ProjectState, section: str | None) -> dict[str, list[Said]]:
    """The messages the turn log's figures keep for the items but ``section`` (the one being talked
    about, whose list a save replaces most turns)."""
    return {item: messages for item, messages in state.transcript.said.items() if item != section}


@per_holding
def _said_before(said: dict[str, list[Said]]) -> tuple[tuple[str, str], ...]:
    """``said_before`` of those messages, worked out once while the same ones are kept."""
    ordered = sorted(
        (kept.at, item, kept.message)
        for item, messages in said.items()
        for kept in messages
        if not kept.stale
    )
    return tuple((item, message) for _, item, message in ordered)


@per_holding
def _names_the_fact(said: dict[str, list[Said]], number: str, keywords: tuple[str, ...]) -> bool:
    """Whether one of those messages holds a word naming item ``number``'s fact (plain substring tests,
    no pattern)."""
    everything = "\n".join(message for _, message in _said_before(said)).lower()
    return any(word in everything for word in _words(number, keywords))


def sentences(text: str) -> list[str]:
    return [s.strip(" ,:-") for s in SENTENCE_END.split(text) if re.search(r"\w", s)]


def carried_fact(item: FormItem, state: ProjectState, forms: FormFacts) -> Carried | None:
    """The latest sentence said at another item that names this item's fact and reads as a
    complete answer to it, or None. An answered item carries nothing: its answer stands."""
    names = _names(item)
    if names is None or state.answer_for(item.number) is not None:
        return None
    others = _others(state, item.number)
    if not _names_the_fact(others, item.number, tuple(item.keywords)):
        return None
    said = _said_before(others)
    for section, message in reversed(said):
        if not names.search(message):
            continue  # no sentence of it names the fact
        for sentence in reversed(sentences(message)):
            if not names.search(sentence) or _defers(sentence, item.number):
                continue
            reading = read(item, [sentence], state, forms)
            if not reading.complete or reading.value is None:
                continue
            try:
                value = validate_value(item, reading.value)
            except InvalidReplyError:
                continue
            return Carried(section, sentence, value)
    return None


def _defers(sentence: str, number: str) -> bool:
    """Whether the sentence leaves the item's fact for later ("… not a storey – more on that at 3.06")."""
    return bool(
        re.search(
            rf"\b(?:at|in|under|see|for|to)\s+(?:item\s+)?{re.escape(number)}(?![\d.]\d)", sentence, re.I
        )
    )


@cache
def _nouns() -> dict[str, list[str]]:
    return load_triggers().fact_nouns


def _names(item: FormItem) -> re.Pattern[str] | None:
    """The words that name the item's fact; None for items no earlier answer can settle."""
    return _pattern(item.number, tuple(item.keywords))


@cache
def _words(number: str, keywords: tuple[str, ...]) -> tuple[str, ...]:
    """The item's fact nouns and longer keywords, lowercased: the words its pattern matches."""
    return tuple(w.lower() for w in [*_nouns().get(number, []), *(k for k in keywords if len(k) > 3)])


@cache
def _pattern(number: str, keywords: tuple[str, ...]) -> re.Pattern[str] | None:
    if not _nouns().get(number):
        return None
    return phrases(list(_words(number, keywords)))
