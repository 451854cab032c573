"""The decision word lists (``content/decisions.json``) and the readings made from them.

The turn's decision engine classifies messages with them; the offline advisor and the carried
facts read the same words (the names of an item's fact, a denial that it exists).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wizard_core.content import CONTENT_DIR
from wizard_core.errors import ContentError

LEAD_IN = r"^\W*(?:[\w']+(?:\s+[\w']+){0,6}\s*[:,;\u2014-]+\s*)?"


class Triggers(BaseModel):
    """The word lists behind the decisions (content, so a domain expert can tune them)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    edition: str
    reset: list[str] = Field(min_length=1)
    revision: list[str] = Field(min_length=1)
    # Revision words that address an item by themselves ("go back to the gross area"); the others
    # ("should be", "actually") revise an item named by its title only with a value for it.
    navigation: list[str] = Field(min_length=1)
    # Verbs that revise the item named right after them, by number or by a word for its fact
    # ("change 3.13 to two stage", "fix gfa - 8,400"); like the revision words, they need a value.
    revision_verbs: list[str] = Field(default_factory=list)
    # "What counts as a storey?": a side question even when it uses the current item's own terms.
    definition_questions: list[str] = Field(min_length=1)
    # "Which fire alarm rules apply here?": a question about the code, not an answer.
    rule_nouns: list[str] = Field(min_length=1)
    side_question_starts: list[str] = Field(min_length=1)
    continuity: list[str] = Field(min_length=1)
    # Words that name the fact an answered item holds ("the footprint" is 3.04's building area):
    # with a revision word and a value for it, a message at any item revises that one.
    fact_nouns: dict[str, list[str]] = Field(default_factory=dict)


def load_triggers(path: Path = CONTENT_DIR / "decisions.json") -> Triggers:
    try:
        return Triggers.model_validate_json(path.read_bytes())
    except (OSError, ValidationError) as exc:
        raise ContentError(f"The decision word list {path.name} is missing or invalid.") from exc


# a word said not to happen ("streets don't change the number", "no change to the area"): no trigger
_NEGATIONS = ("not", "no", "don't", "dont", "doesn't", "doesnt", "won't", "wont", "never")
UNNEGATED = "".join(rf"(?<!\b{word}\s)" for word in _NEGATIONS)


def phrases(
    words: list[str], anchored: bool = False, lead_in: bool = False, unnegated: bool = False
) -> re.Pattern[str]:
    body = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    prefix = LEAD_IN if lead_in else r"^\W*" if anchored else r"(?<![\w'])"
    return re.compile(rf"{prefix}{UNNEGATED if unnegated else ''}(?:{body})(?![\w'])", re.I)


def fact_nouns(number: str) -> list[str]:
    """The words that name item ``number``'s fact ("mezzanine", "standpipe"), lowercased."""
    return [noun.lower() for noun in load_triggers().fact_nouns.get(number, [])]


def names_another_items_fact(words: str, number: str) -> bool:
    """Whether ``words`` open by naming the fact of an item other than ``number`` ("sprinklers, so …")."""
    pattern = _others_facts(number)
    return pattern is not None and pattern.match(words.strip()) is not None


@cache
def _others_facts(number: str) -> re.Pattern[str] | None:
    nouns = {
        noun.lower() for item, named in load_triggers().fact_nouns.items() if item != number for noun in named
    } - set(fact_nouns(number))
    if not nouns:
        return None
    named = "|".join(re.escape(n) for n in sorted(nouns, key=len, reverse=True))
    return re.compile(rf"(?:\w+\s+)?(?:{named})s?\b", re.I)


def denies_the_fact(message: str, number: str) -> bool:
    """Whether a sentence of the message says item ``number``'s thing is not there at all ("there's no
    mezzanine anywhere", "so the mezzanine answer is none"), whatever else the message measures."""
    pattern = _denial(number)
    return pattern is not None and any(
        pattern.match(said) for s in re.split(r"(?<!\d)[.;!?](?!\d)", message) for said in _denial_said(s)
    )


# a remark after a dash or in brackets beside a denial ('no mezzanine (sheet 3 of 4)', 'no mezzanine —
# the old gallery was floored over in 1964'), unless it measures something or names an exception
_DASHED = re.compile(r"\s+[\u2014\u2013-]+\s+")
_KEEPS_SOMETHING = re.compile(
    r"\d\s*(?:m2|m²|sm|sf|sq\.?\s*(?:m|ft)|ft2)\b|\b(?:except|apart from|other than|aside from|save for)\b"
    r"|\bbut\s+(?:there|we|one|a|an)\b",
    re.I,
)


def _denial_said(sentence: str) -> list[str]:
    """A sentence as a denial may be said: whole, without its brackets, and before a dash setting off a
    remark that measures nothing and names no exception."""
    said = sentence.strip()
    bare = re.sub(r"\s*\([^()]*\)", lambda m: m[0] if _KEEPS_SOMETHING.search(m[0]) else "", said).strip()
    head, *rest = _DASHED.split(bare, maxsplit=1)
    remark = rest[0] if rest else ""
    shown = [said, bare]
    if remark and not _KEEPS_SOMETHING.search(remark):
        shown.append(head)
    return shown


@cache
def _denial(number: str) -> re.Pattern[str] | None:
    nouns = load_triggers().fact_nouns.get(number)
    if not nouns:
        return None
    named = "|".join(re.escape(n) for n in sorted(nouns, key=len, reverse=True))
    return re.compile(
        rf"^\W*(?:there(?:'s| is| are)\s+|we have\s+|it has\s+|the building has\s+)?"
        # 'no new mezzanine' beside an existing one denies only the new part
        rf"no\s+(?!(?:new|additional|further|other|more|extra)\b)(?:\w+\s+)?(?:{named})s?"
        rf"(?:\s+(?:anywhere|at all|in the building|proposed|provided))?\W*$"
        rf"|^\W*(?:so\s+|and\s+)?(?:the\s+)?(?:{named})(?:\s+(?:answer|item|area))?\s+(?:is|are|should\s+be|=|:)\s*"
        r"(?:none|nil|n/?a|not\s+applicable|zero)\W*$",
        re.I,
    )
