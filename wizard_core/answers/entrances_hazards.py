"""Barrier-free entrances and hazardous substances (3.20), answered together."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from pydantic import Field

from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.answers.vocabulary import alternation, vocabulary
from wizard_core.content import FormItem
from wizard_core.engine.text import plural
from wizard_core.models import ProjectState


class EntrancesHazards(Record):
    barrier_free_entrances: int = Field(ge=0, le=100)
    hazardous_substances: bool


def _describe(item: FormItem, value: Any) -> str:
    hazards = "hazardous substances present" if value["hazardous_substances"] else "no hazardous substances"
    return f"{plural(value['barrier_free_entrances'], 'barrier-free entrance')}; {hazards}"


ARE_BARRIER_FREE = re.compile(
    r"\b(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|none)\s+(?:of\s+them\s+)?(?:is|are)\s+"
    r"(?:barrier[\s-]*free|accessible)\b",
    re.I,
)
ENTRANCES = re.compile(r"\b(?:entrances?|entries|doors?|entr)\b", re.I)
_DOORS = re.compile(r"\b(?:barrier[\s-]*free|accessible|bf)\s+(?:\w+\s+)?(?:doors?|entrances?)\b", re.I)
# "Nothing hazardous", "no haz": none present (the lexicon's negation words cover "no", "not", "none").
NOTHING = re.compile(r"\b(?:nothing|none|nil)\b", re.I)


# an entrance named and then not counted: 'we do not claim it as a barrier-free entrance'
_NOT_CLAIMED = re.compile(
    r"(?:\bnot|\bnever|n't)\s+(?:\w+\s+){0,4}?(?:as\s+)?an?\s+(?:barrier[\s-]*free|accessible|bf)\s+entrance\b",
    re.I,
)
# the answer opening on none: 'None counted.', 'Zero. …'
_NONE_FIRST = re.compile(r"^\W*(?:none|zero|nil)(?:\s+(?:counted|provided|claimed|proposed))?\s*[.;:,]", re.I)
# the answer after 'but' turns what came before it: '…none in the public areas, but the answer must be yes'
_BUT_YES_NO = re.compile(r"\bbut\b[^.;]{0,40}?\b(?P<said>yes|present|no|none)\b", re.I)


@cache
def _hazard_clause() -> re.Pattern[str]:
    """The clause (between stops) that mentions hazards: from the 'and' or 'but' before its words, in a
    run-on sentence ('one entrance, the overhead doors dont count and yes hazardous substances …'), so a
    negation said of the entrances is not said of them."""
    words = alternation(vocabulary().entrances.hazard_words)
    return re.compile(
        rf"(?:(?<=\band\s)|(?<=\bbut\s)|(?<![^.;\n]))(?:(?!\b(?:and|but)\s)[^.;\n])*{words}[^.;\n]*", re.I
    )


# 'yes hazardous substances: lacquers …', 'yes there are hazardous materials': the answer before the words
_YES_BEFORE = re.compile(r"^\W*(?:and\s+|but\s+)?(?:yes|yep|yeah)\b", re.I)


def _names_what(clause: str) -> bool:
    """Whether the hazard clause goes on to name what is there (two words or more after its hazard words)."""
    words = alternation(vocabulary().entrances.hazard_words)
    found = list(re.finditer(rf"{words}(?:\s+(?:substances?|materials?|goods|subs?t?)\b)?", clause, re.I))
    after = clause[found[-1].end() :] if found else clause
    return len(re.findall(r"[^\W\d_]{2,}", after)) >= 2


@cache
def _hazard_said() -> re.Pattern[str]:
    """'haz subs yes: lacquers …', 'hazardous substances: no': the answer right after the words."""
    words = alternation(vocabulary().entrances.hazard_words)
    return re.compile(
        rf"{words}(?:\s+(?:subs?t?|substances?|materials?|goods))?\s*[:=|\-–]?\s*"
        r"(?P<said>yes|y|oui|present|no|non|none|nil|n/?a|n)\b",
        re.I,
    )


@cache
def _total() -> re.Pattern[str]:
    """A total stated after the parts: "…, so two", "= 3 in all", "that's 4 barrier-free entrances"."""
    number = rf"(?:\d+|{p.lexicon().number_words})"
    nouns = alternation(vocabulary().entrances.entrance_words)
    return re.compile(
        rf"(?:\bso|\bthat's|\bthats|\bthat\s+is|\bwhich\s+is|\bmakes|=|\bfor\s+a\s+total\s+of|\btotal(?:\s+of)?|"
        rf"\bin\s+total|\baltogether|\bin\s+all)[\s,:]+(?:that's\s+|a\s+total\s+of\s+)?(?P<n>{number})\b"
        rf"(?=\s*(?:(?:barrier[\s-]*free\s+|accessible\s+|bf\s+)?{nouns}|in\s+(?:all|total)|total|altogether|of\s+them)?"
        rf"\s*(?:[.;,!)]|$))",
        re.I,
    )


@cache
def _count_after() -> re.Pattern[str]:
    """A count after its label: "barrier-free entrances: 2", "BF entrances = 3", "barrier free
    entrances two, …" (dictated), "Barrier-free entrances: nil", "bf entrances 1 at the office"."""
    nouns = alternation(vocabulary().entrances.entrance_words)
    return re.compile(
        # ('B.F. ENTRANCES — 2 (MAIN S + …)': a dash between the label and its count)
        rf"{nouns}\s*(?:[:=\u2014\u2013]|\s-\s|->|\u2192|\s(?:now|are\s+now|is\s+now|now\s+(?:at|to)|back\s+to|down\s+to|up\s+to)\s|\s)\s*"
        rf"(?P<n>\d+|{p.lexicon().number_words}|none|nil|zero)\b"
        # then a stop, or where they are ('- both retail units', 'at the office', '(front)')
        r"(?=\s*(?:now\b\s*)?(?:[.,;:(/\u2014\u2013]|->|$|\s-\s|\s(?:at|on|off|in|from|to|via|for)\b))",
        re.I | re.M,  # a sheet's lines: the count closes its line ('BF entrances: 3' over 'Hazardous …')
    )


@cache
def _opening_count() -> re.Pattern[str]:
    """A count opening the message as the answer before the doors it counts ('two. the main entrance …',
    'one: the ramped door'), the entrances being the item's first question."""
    return re.compile(rf"^\W*(?P<n>\d{{1,2}}|{p.lexicon().number_words})\s*(?:[.:;\u2014\u2013]|\s-)\s", re.I)


def _stated_total(lowered: str) -> int | None:
    """The last total the message states for its entrances, if it gives one after the parts."""
    found = list(_total().finditer(lowered)) or list(_in_all().finditer(lowered))
    return p.word_number(found[-1]["n"]) if found else None


@cache
def _from_to() -> re.Pattern[str]:
    """A count changed: "revised from one to two", "from 2 to 3", "BF entrances 1 → 2"."""
    number = rf"(?:\d+|{p.lexicon().number_words})"
    return re.compile(
        rf"\bfrom\s+({number})\s+to\s+({number})\b|(?<![\w.,])(\d+)\s*(?:->|\u2192|=>)\s*(\d+)\b", re.I
    )


@cache
def _in_all() -> re.Pattern[str]:
    """A total with its words after it: "… - 4 in all", "three altogether"."""
    number = rf"(?:\d+|{p.lexicon().number_words})"
    return re.compile(rf"(?<![\w.,])(?P<n>{number})\s+(?:in\s+all|in\s+total|altogether)\b", re.I)


def read_entrances_hazards(
    item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts
) -> Reading:
    entrances = hazards = None
    presumed = False  # hazards taken as present from the words naming them, no yes said
    for text in texts:
        lowered = p.normalize(text).lower()
        lowered = re.sub(
            r"\bsubst\.", "substances", re.sub(r"\bhaz\.", "hazardous", lowered)
        )  # "Haz. subst.: N"
        # "on the entrances, … so there are now 2 barrier-free ones"
        lowered = re.sub(r"\b(barrier[\s-]*free|accessible|bf)\s+ones\b", r"\1 entrances", lowered)
        counted = _NOT_CLAIMED.sub(" ", lowered)  # 'we do not claim it as a barrier-free entrance'
        count = p.count_before(counted, vocabulary().entrances.entrance_words)
        if count is None and _NONE_FIRST.match(lowered):  # 'None counted. … Hazardous substances: yes'
            count = 0
        moved = _from_to().search(lowered)  # "… entrances is accordingly revised from one to two"
        if moved and ENTRANCES.search(lowered[max(0, moved.start() - 60) : moved.start()]):
            count = p.word_number(moved[2] or moved[4])
        if count is None and (said := ARE_BARRIER_FREE.search(lowered)):  # "only one is barrier-free"
            count = p.word_number(said["n"])
        if count is None and (said := _count_after().search(lowered)):  # "bf entrances: 2", from a sheet
            count = 0 if said["n"] in ("none", "nil", "zero") else p.word_number(said["n"])
        if count is None and (said := _opening_count().match(lowered)):  # 'two. the main entrance …'
            count = p.word_number(said["n"])
        # "each unit has its own barrier-free door - 4 in all": a total after the doors it counts
        total = _stated_total(lowered) if count is not None or _DOORS.search(lowered) else None
        if total is not None:
            entrances = total  # "one into the shops and one into the flats, so two": the sum wins
        elif count is not None:
            entrances = count
        clause = _hazard_clause().search(lowered)
        said = _hazard_said().search(lowered)
        turned = _BUT_YES_NO.search(clause.group()) if clause else None
        if turned:  # 'there are none in the public areas, but the answer must be yes: … ammonia'
            hazards = turned["said"].lower() in ("yes", "present")
        elif said:
            hazards = said["said"].lower() in ("yes", "y", "oui", "present")
        elif clause and _YES_BEFORE.match(clause.group()):
            hazards = True
        elif clause:
            hazards = not (p.lexicon().negation.search(clause.group()) or NOTHING.search(clause.group()))
            # "hazardous substances nope": present only for want of a word the reader knows, to confirm;
            # "Hazardous: 3 drums of solvent …" names what is there
            presumed = hazards and not _names_what(clause.group())
    before = state.answer_for(item.number)  # a revision that gives one of the two keeps the other
    kept = []
    if (
        before is not None
        and isinstance(before.value, dict)
        and (entrances is not None or hazards is not None)
    ):
        if entrances is None:
            entrances, kept = before.value.get("barrier_free_entrances"), ["the barrier-free entrances"]
        if hazards is None:
            hazards, kept = before.value.get("hazardous_substances"), ["hazardous substances"]
    if entrances is None or hazards is None:
        need = [
            n
            for n, v in (
                ("the number of barrier-free entrances", entrances),
                ("whether hazardous substances are present", hazards),
            )
            if v is None
        ]
        return Reading(missing=" and ".join(need))
    value = {"barrier_free_entrances": entrances, "hazardous_substances": hazards}
    if presumed:
        note = "hazardous substances taken as present from what the message names there; say 'no' if not"
        return Reading(value, True, confidence=0.75, notes=[note])
    if kept:
        return Reading(value, True, confidence=0.9, notes=[f"{kept[0]} kept from the earlier answer"])
    return Reading(value, True, confidence=0.95)


ENTRANCES_HAZARDS = AnswerType(
    "entrances_hazards",
    "number of barrier-free entrances; hazardous substances yes or no",
    lambda item: EntrancesHazards.model_json_schema(),
    lambda item, value: EntrancesHazards.model_validate(value).model_dump(),
    _describe,
    read_entrances_hazards,
)
ANSWER_TYPES = (ENTRANCES_HAZARDS,)
