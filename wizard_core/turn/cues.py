"""How a message signals a change or only a citation: a figure changed in passing with no word of
revising ("588 seats not 612", "so 3 bf entrances now"), an item named only by the words of its earlier
answer ("the press box roof goes up, 26'-3\" now"), and an item named as the code's figure, a table's row
or the reason for another value, which revises nothing."""

from __future__ import annotations

import itertools
import re

from wizard_core import carried
from wizard_core.models import ProjectState

# Items a revision may name only by the words of their answer ("the press box roof goes up, 8 m now"):
# those measured, whose new figure the message gives with its unit
MEASURED = ("area", "building_height")


def echoed_items(state: ProjectState, message: str, current: str | None) -> list[str]:
    """The answered items whose answers, in the consultant's words, the revision repeats two words of in
    a row ("… so the press box roof goes up, 26'-3" now" after "24 ft to top of press box roof" at 3.07),
    for a message that names no item by its title or number."""
    pairs = _word_pairs(message)
    if not pairs:
        return []
    found = {
        item
        for item, said in carried.said_before(state, current)
        if item in state.answered_sections and item != "3.00" and pairs & _word_pairs(said)
    }
    return sorted(found)


def _word_pairs(text: str) -> set[tuple[str, str]]:
    words = re.findall(r"[a-z][a-z'-]+", text.lower())
    return {
        (a, b)
        for a, b in itertools.pairwise(words)
        if len(a) > 2 and len(b) > 2 and a not in _COMMON and b not in _COMMON
    }


# Words too common in answers to tie a revision to one of them
_COMMON_WORDS = (
    "the and for are was were with from that this than then now not but its all any one two new existing "
    "floor floors ground level storey storeys area areas total building per each also only has have had "
    "will would should can our their there here into over under above below"
)
_COMMON = frozenset(_COMMON_WORDS.split())


# A figure said to replace another or to hold from now on, with no word of revising: "588 seats not 612",
# "4.5 now not 3.5", "so 3 bf entrances now", "there are now 2", "the count was off", "wait addn is
# 12.0 deep".
CHANGED_IN_PASSING = re.compile(
    r"\d[\d.,'\"-]*\s*(?:[a-z²%]+\s+){0,3}?,?\s*not\s+(?:the\s+)?[a-z]{0,3}\d"
    r"|\d[\d.,'\"-]*\s*(?:[a-z²%]+\s+){0,3}?now\b(?!\s+that)|\bnow\s+(?:at\s+|to\s+)?[a-z]{0,3}\d"
    r"|=\s*[\w-]+\s+now\b|\bdown\s+to\s+\d"  # "Importance = High now", "we're down to 2"
    r"|\b(?:was|were|is|are)\s+off\b|^\W*wait\b",
    re.I,
)


def changed_in_passing(message: str) -> re.Match[str] | None:
    """A revision cue without a revision word (``CHANGED_IN_PASSING``): the whole message is its words, so
    the cue is taken as opening it."""
    return re.match("", message) if CHANGED_IN_PASSING.search(message) else None


_CLAUSE_BREAK = re.compile(r"[,;\n]|(?<!\d)[.!?](?!\d)")


def changed_near(message: str, named: int) -> bool:
    """Whether a figure said to have changed in passing stands in the clause where an item is named (up to
    ``named``): 'BF entrances now 4' changes the entrances, but in 'No — 1 storey, sprinklered, ceiling
    9.3 m now' the ceiling's height changed, not the sprinklers."""
    starts = [0, *(m.end() for m in _CLAUSE_BREAK.finditer(message, 0, named))]
    after = _CLAUSE_BREAK.search(message, named)
    clause = (max(starts), after.start() if after else len(message))
    for m in CHANGED_IN_PASSING.finditer(message):
        if m.start() < clause[1] and m.end() > clause[0]:
            return True
        if m.group().lower().lstrip(" \t\n.,;:-").startswith("wait"):  # 'wait, …': the whole message's
            return True
    return False


# A range of figures right before the item's noun: a row of a table cited ("at 4–6 storeys"), never a value.
RANGE_NAMED = re.compile(r"(?<![\d.])\d+\s*(?:-|\u2013|\u2014)\s*\d+\s+[a-z]+$")
# A table or an article cited before the item's noun in its sentence: "… what Table 3.8.2.3.A asks for 4
# storeys", "3.2.2.50 allows 3 storeys" — the code's figure, not this building's.
CITED_BEFORE = re.compile(r"\btable\s+\d|\b\d\.\d+\.\d+\.\d+\b")
# An item named as the reason for another's value: "SC2, up from SC1 because of the high importance".
AS_REASON = re.compile(
    r"\b(?:because(?:\s+of)?|due\s+to|owing\s+to|on\s+account\s+of)\s+(?:[\w-]+\s+){0,3}[\w.-]+$"
)
# Words right after an item's name saying it stands: "the footprint does not change", "… stays the same".
STANDS = re.compile(
    r"^\W*(?:\w+\s+){0,2}?(?:does\s*n[o']?t\s+change|is\s+unchanged|stays?\b|remains?\b|is\s+still\b|"
    r"(?:is|are)\s+(?:as\s+(?:before|it\s+was)|the\s+same)|no\s+change)",
    re.I,
)


def only_cited(lowered: str, named: int) -> bool:
    """Whether the item named up to ``named`` is only cited, not revised: said to stand, a table's row
    ("… at 4–6 storeys"), the code's figure ("3.2.2.50 allows 3 storeys") or the reason for another
    value ("… because of the high importance")."""
    if STANDS.match(lowered[named : named + 40]):
        return True
    before = _sentence_before(lowered, named)
    ranged = RANGE_NAMED.search(lowered[:named])
    return bool(ranged or CITED_BEFORE.search(before) or AS_REASON.search(before))


def _sentence_before(lowered: str, end: int) -> str:
    """The words of the sentence up to ``end``."""
    start = max((m.end() for m in re.finditer(r"(?<!\d)[.;!?\n](?!\d)", lowered[:end])), default=0)
    return lowered[start:end]


# The shapes of messages the decision engine tells apart.
# "Height in 3.07 - 8.4 was to the deck …", "3.04 - that was a typo …": a message set off by an item's number
# (not an item cited for what the answer follows: 'same order as 3.02: …', 'per 3.18 -', 'see 3.05 -')
OPENS_ON_ITEM = re.compile(
    r"^\W*(?:(?!(?:same|as|per|see|like|ditto|order|from|following)\b)[a-z][\w/]*\s+){0,3}?(3\.\d\d)"
    r"\s*[-:\u2013\u2014]\s",
    re.I,
)
# A question dictated without its mark: the last clause opens with a verb asking ("… does that make
# any part of it a C occupancy", "… does that get added into the building area or not")
UNMARKED_QUESTION = re.compile(
    r"(?:(?:^|[,.;:\u2014-]\s*|\b(?:so|and|but|um|uh)\s+)(?:does|do|did|is|are|would|will|can|could|should)\s+"
    r"(?:that|this|it|those|these|they|the|any|anything|we|i|a|an)"
    r"|\b(?:does|do|would|will|can|could|should)\s+(?:that|this|it|those|these|they|anything)\s+"
    r"(?:count|make|change|matter|mean|need|get|trigger|affect|apply|add|turn|drag|bump|require|go))"
    r"\b[^.?!;]{6,}$",
    re.I,
)


# A message that opens by saying which earlier item it is about: "re construction -", "About the
# streets thing, …", "as for the gross, …". The item's name must follow within a few words.
ADDRESSING = re.compile(r"^\W*(?:about|re\b:?|regarding|concerning|as for|as to|wrt|w\.r\.t\.?)\s+", re.I)
ADDRESSED_WITHIN = 30  # characters after the opening words


# A first sentence that asks, whatever follows it: "is it ok to use 10 m2 per person …? the table gives 26".
OPENS_ASKING = re.compile(
    r"^\W*(?:is|are|do|does|can|could|should|would|will|what|which|how|when|where|why|who)\b[^.!?\n]{0,200}\?",
    re.I,
)
# How far after a word of fixing an item may be named for the message to be about it.
NAMED_AFTER_WORD = 40
# The words of revising that say something is being fixed ("one fix to", "correction on"), not those
# that only refer back ("as I said", "which makes").
FIXING = re.compile(r"fix|correct|revis|amend|updat|chang|mistake|typo|oops|wrong", re.I)


def conditional(message: str, found: re.Match[str] | None) -> bool:
    """Whether a word of moving stands in a sentence that opens on a condition ('If …, revisit 3.10')."""
    if found is None or not found.group():
        return False
    opening = re.split(r"(?<=[.;!?])\s+", message[: found.start()])[-1]
    return re.match(r"\W*(?:if|when|whenever|should|unless|in\s+case|once)\b", opening, re.I) is not None
