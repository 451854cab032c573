"""Yes-or-no answers (3.03, 3.08, 3.12…)."""

from __future__ import annotations

import re
from typing import Any

from wizard_core.answers.base import AnswerType, FormFacts, Reading
from wizard_core.answers.parsing import normalize
from wizard_core.answers.replies import yes_no
from wizard_core.answers.wording.messages import without_heading
from wizard_core.content import FormItem
from wizard_core.models import ProjectState


def _schema(item: FormItem) -> dict[str, Any]:
    return {"type": "boolean"}


def _validate(item: FormItem, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("expected true or false")
    return value


def _describe(item: FormItem, value: Any) -> str:
    return "Yes" if value else "No"


# A label the reply opens with ("Water supply:", "For standpipe:", "Water supply adequate — "), read
# past when a yes or no follows.
# ('Section 3.8: yes; …', 'Barrier-free design: no')
_LABEL = re.compile(r"^\W*(?:for\s+)?[a-z][\w\s/&'.-]{0,40}?(?::|\s[-\u2013\u2014]+)\s*", re.I)
# References the reply opens with, as its label: '3.2.5.7: yes, …', 'Per 3.2.5.7.(1) and 3.2.5.8.(2) –'
_REFERENCES = re.compile(
    r"^\W*(?:(?:per|see|re|under)\s+)?(?:(?:div(?:ision)?\.?\s*[ab]\s*,?\s*)?(?:art(?:icle)?s?\.?|sentences?|"
    r"clauses?|tables?|cl\.)\s*)?\d+(?:\.\d+)+[.\w()-]*"
    r"(?:\s*(?:,|and|&|/)\s*(?:(?:art(?:icle)?s?\.?|sentences?|clauses?|tables?)\s*)?\d+(?:\.\d+)+[.\w()-]*){0,4}"
    r"\s*(?::|\s[-\u2013\u2014]+)\s*",
    re.I,
)
# The yes or no opening the answer, alone or after one word of the item's own ("adequate, yes –"),
# and ending its clause ("required, no exceptions" is not a no).
_LEAD = re.compile(r"^\W*(?:[a-z]+\s*,\s*)?(yes|no)\b(?=\s*(?:[-\u2013\u2014,;:.(]|$))", re.I)


def opening_answer(text: str, number: str) -> bool | None:
    """The yes or no a reply opens with once the item it quotes back is read past ("Re 3.19 – yes,
    …", "Water supply: adequate, yes – …"), or None when it opens with neither."""
    after = without_heading(normalize(text), number)
    lead = (
        _LEAD.match(after)
        or _LEAD.match(_LABEL.sub("", after, count=1))
        or _LEAD.match(_REFERENCES.sub("", after, count=1))
    )
    return None if lead is None else lead[1].lower() == "yes"


def cited_answer(text: str, item: FormItem) -> bool | None:
    """The yes or no a reply opens with after citing the item's own articles ('3.2.5.7: yes, …' at the
    water supply): the articles name the item's subject, as a label of other words may not."""
    after = without_heading(normalize(text), item.number)
    label = _REFERENCES.match(after)
    if label is None or not any(ref in label[0] for ref in item.references):
        return None
    lead = _LEAD.match(after[label.end() :])
    return None if lead is None else lead[1].lower() == "yes"


# An opening that affirms only that something is there ("There are old hose cabinets …"), not the item
_WEAK_OPENING = re.compile(r"^\W*(?:there\s+(?:is|are)|it\s+is|we\s+do)\b", re.I)


def read_yes_no(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    for text in reversed(texts):
        opening = opening_answer(text, item.number)
        if opening is not None:
            return Reading(opening, True, confidence=0.9)
        answer, confidence = yes_no(text)
        said = _said_of_item(item, text) if _WEAK_OPENING.match(normalize(text)) else None
        if said is not None and said != answer:
            # "There are old hose cabinets …, but a standpipe isn't required": the clause naming the item
            return Reading(said, True, confidence=0.75, notes=["read from the words about the item itself"])
        if answer is not None:
            return Reading(answer, True, confidence=confidence)
    return Reading(missing="a yes or no")


def _said_of_item(item: FormItem, text: str) -> bool | None:
    """The yes or no of the clauses after the opening one that name the item (its title or a keyword of
    words), if they agree."""
    names = [k.lower() for k in [item.title, *item.keywords] if re.search(r"[a-z]{4}", k)]
    clauses = re.split(r"[;:.]|,?\s+but\s+", normalize(text))[1:]
    readings = {yes_no(c)[0] for c in clauses if any(n in c.lower() for n in names)} - {None}
    return readings.pop() if len(readings) == 1 else None


YES_NO = AnswerType("yes_no", "yes or no", _schema, _validate, _describe, read_yes_no)
ANSWER_TYPES = (YES_NO,)
