"""The last word on a reading's confidence: a rival in the same message leaves it to confirm.

A reader binds a figure or a word to the item's noun. When the message the value came from also
holds something the value could as well have been, the binding is not beyond doubt, whatever the
reader's own confidence:

- a figure of the same kind that the value does not use ("8.9 m to the ridge", beside the 8.4 m
  recorded), outside shown working and after the figures a correction replaces ("640, not 620");
- another of the item's options named and not negated ("two stage" beside "single stage");
- several occupancies or articles read from words, not from a bare list of codes, or an article
  or occupancy code named that the value leaves out ("too big for 3.2.2.41");
- materials of a construction kind the recorded construction leaves out;
- a yes or no read from a negation or an affirming word somewhere in a message of several clauses,
  rather than from its leading word;
- an article per occupancy while the occupancies are still a proposal below 0.8;
- the consultant's own hedge ("I think", "probably", a figure given as a question);
- a message revising a recorded answer that reads as that same answer ("I said two, but only the
  front door is barrier-free"): a revision means a change.

The reading is then recorded below 0.8, a proposal the consultant confirms, with a note saying
what else the message held. Computed items (their rows have their own check) and free text pass
through unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.base import FormFacts, Reading
from wizard_core.answers.doubt_figures import FIGURES, rival_figure
from wizard_core.answers.doubt_words import (
    bare_yes_no,
    clauses_of,
    other_articles,
    other_materials,
    rival_option,
    several,
    yes_no_from_words,
)
from wizard_core.answers.fallbacks import FIGURE_IN_WORDS
from wizard_core.answers.spoken import with_digits
from wizard_core.content import FormItem
from wizard_core.models import ProjectState

CONFIDENT = 0.8
DOUBTED_CONFIDENCE = 0.75  # a reading with a rival in its message: a proposal to confirm


def weighed(
    item: FormItem,
    texts: list[str],
    reading: Reading,
    state: ProjectState,
    forms: FormFacts,
    reread: Callable[[list[str]], Reading] | None = None,
) -> Reading:
    """``reading``, recorded below 0.8 with a note when its message holds a rival to its value.

    ``reread`` is the item's reader: given it, each clause of a message of several is read on its
    own too, and a clause that reads as another value with confidence is a rival (``_clause_apart``).
    """
    if not reading.complete or reading.value is None or reading.confidence < CONFIDENT or not texts:
        return reading
    rival = (
        _rival(item, texts[-1], reading.value)
        or _resting_on_doubt(item, state, forms)
        or hedged(texts[-1])
        or (_clause_apart(item, texts, reading.value, reread, _recorded(state, item)) if reread else "")
    )
    recorded = state.answer_for(item.number)
    if not rival and recorded is not None and recorded.value == reading.value and _revises(texts[-1]):
        rival = "this reads as the answer already recorded, though the message revises it"
    if rival:
        reading.confidence = DOUBTED_CONFIDENCE
        reading.notes.append(f"{rival}: confirm, or say which is meant")
    return reading


# The answer types whose clauses are read one by one: a value bound to one noun, not rows or text.
# Figures have their own rivals, bound to their nouns (``rival_figure``), which a clause read on its
# own would lose ("1 street; 2 more frontages are private lanes").
# Occupancies are read across sentences ("… a daycare. The board scrapped it."), so a clause alone
# would lose what the message settles about them.
CLAUSE_READ = frozenset({"choice", "articles", "construction", "yes_no"})


def _recorded(state: ProjectState, item: FormItem) -> Any:
    answer = state.answer_for(item.number)
    return None if answer is None else answer.value


def _clause_apart(
    item: FormItem,
    texts: list[str],
    value: Any,
    reread: Callable[[list[str]], Reading],
    recorded: Any = None,
) -> str:
    """A clause of the latest message that, read on its own, is a confident reading of another value
    ("BA 1,310 m2 - the 1,150 existing is all one fire area" read whole as 1,150): the message's
    clauses do not agree, so the whole reading is not beyond doubt. A clause that reads as the same
    value, or as nothing complete, agrees."""
    if item.answer_type not in CLAUSE_READ:
        return ""
    clauses = clauses_of(texts[-1])
    if len(clauses) < 2:
        return ""
    words = p.lexicon()
    leading = p.normalize(texts[-1])
    if item.answer_type == "yes_no" and (words.yes.match(leading) or words.no.match(leading)):
        return ""  # a leading yes or no decides; what follows qualifies it
    for clause in clauses:
        if item.answer_type == "yes_no" and bare_yes_no(item, p.normalize(clause)):
            continue  # "It is 2 storeys, under every trigger": no yes or no about the item
        alone = reread([*texts[:-1], clause])
        if alone.complete and alone.confidence >= CONFIDENT and not _agrees(alone.value, value, recorded):
            return f"read on its own, \u201c{clause.strip()[:80]}\u201d gives another answer"
    return ""


def _agrees(one: Any, other: Any, recorded: Any = None) -> bool:
    """Whether a clause's reading ``one`` agrees with the whole message's ``other``: the same value,
    or some of a list ("C hotel + A2 restaurant. The lobby serves the hotel = C"), or, revising a
    recorded answer, the same but for parts the clause only kept from that answer ("Still no heavy
    timber": the construction it leaves as recorded is not a rival to the one the message gives)."""
    if isinstance(one, list) and isinstance(other, list):
        return set(map(str, one)) <= set(map(str, other))
    if isinstance(one, dict) and isinstance(other, dict) and isinstance(recorded, dict):
        return all(one.get(k) == other.get(k) or one.get(k) == recorded.get(k) for k in {*one, *other})
    return bool(one == other)


def _rival(item: FormItem, text: str, value: Any) -> str:
    kind = item.answer_type
    if kind in FIGURES:  # a figure in words is a figure too ("so fifteen thousand five hundred in total")
        text = with_digits(text, FIGURE_IN_WORDS)[0]
    if kind == "choice":
        return rival_option(item, text, value)
    if kind == "multi_choice":
        return several(item, text, value)
    if kind == "articles":
        return other_articles(text, value)
    if kind == "construction":
        return other_materials(item, text, value)
    if kind == "yes_no":
        return yes_no_from_words(item, text)
    if kind in FIGURES:
        return rival_figure(item, text, value)
    return ""


# The consultant's own doubt: "I think", "I guess", "probably".
_HEDGE = re.compile(
    r"\b(?:i (?:think|guess|believe|assume|suppose)|i'm not sure|not sure|i'd guess|probably|pretty sure|"
    r"if i'm right|unless i'm wrong|i don't think|at this stage|for now|so far|as of now|"
    r"to be confirmed|tbc)\b",
    re.I,
)
_FIGURE_ASKED = re.compile(r"\d[^.?!]*\?\s*$")  # "… so 10.4 m?"


def hedged(text: str) -> str:
    """Why a message's answer is the consultant's guess, not their word: a hedge ("I think …"),
    or a figure given as a question ("so 10.4 m?"); "" when neither."""
    found = _HEDGE.search(text)
    if found is not None:
        return f"you said it as a guess ('{found[0]}')"
    return "you gave the figure as a question" if _FIGURE_ASKED.search(text) else ""


def _others_left_out(item: FormItem, text: str, forms: FormFacts) -> str:
    """The message without its clauses about another item of the same kind ("… and the gross goes
    down to 3,360 m2" at the building area): a figure bound to another item's noun is no rival."""
    names = [
        re.escape(re.sub(r"\s*\(.*\)|\s+area$", "", other.title.lower()))
        for other in forms.form.items
        if other.answer_type == item.answer_type and other.number != item.number
    ]
    if not names:
        return text
    other = re.compile(rf"\b(?:{'|'.join(names)})\b", re.I)
    clauses = re.split(r"([,;.]\s+|\s+and\s+|\n)", text)
    return "".join(" " if other.search(c) and re.search(r"\d", c) else c for c in clauses)


def _resting_on_doubt(item: FormItem, state: ProjectState, forms: FormFacts) -> str:
    """An article per occupancy, while the occupancies themselves are a proposal to confirm."""
    if item.answer_type != "articles":
        return ""
    source = forms.fact_item("major_occupancies")
    answer = state.answer_for(source.number) if source else None
    if answer is None or not answer.proposed or answer.confidence >= CONFIDENT:
        return ""
    return f"the occupancies in {answer.section} it rests on are still to confirm"


# A message that takes back what was said: "I said", "I gave you", "not … but", "scratch that".
_REVISING = re.compile(
    r"\b(?:i (?:said|gave|had|put|wrote|told)|going back|scratch|correction|correct(?:ing)? (?:that|the|my)|"
    r"fix|mis-?(?:typed|read|counted)|should (?:be|have been|read)|actually|instead|sorry|my mistake|typo)\b",
    re.I,
)


def _revises(text: str) -> bool:
    return bool(_REVISING.search(text))


# --- options ----------------------------------------------------------------------------------


# --- figures ----------------------------------------------------------------------------------
