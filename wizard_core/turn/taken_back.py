"""An answer taken back right after it was given: "scratch that – 2,160 was the other plant, this one is
1,620 m²", sent as the wizard opens the next item, revises the item just answered, not the one on screen.

The message's words of taking back ("scratch that", "forget that") are otherwise a reset of the item on
screen; they take back the answer just given when nothing has been said at the item on screen yet and
what follows is a new value for the item answered by the message before. The sentence that only says
the old figure again ("2,400 was the lot next door.") is no part of the new value.
"""

from __future__ import annotations

import re

from wizard_core.models import ProjectState
from wizard_core.turn.naming import ITEM_NUMBER, ItemNaming

WORD = re.compile(r"\w+")
# Words before "scratch that" from which it is said in passing, taking back only what was just said.
IN_PASSING_AFTER = 3
CLAUSE_BREAK = re.compile(r"[,;.:!?]|\b(?:but|and|so|then|or)\b", re.I)
FIGURE = re.compile(r"(?<![\d.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\d.])\d+(?:\.\d+)?")


def answer_taken_back(state: ProjectState, current: str, remainder: str, naming: ItemNaming) -> str | None:
    """The item answered by the message before this one, when what follows the words taking something back
    (``remainder``) is a new value for it and the message says nothing yet at the item on screen."""
    if not remainder or not state.turns:
        return None
    last = state.turns[-1]
    if last.reply_type != "form_answer" or not last.section or last.section == current:
        return None
    answer = state.answer_for(last.section)
    item = naming.forms.get_item(last.section)
    if answer is None or not naming.changes_value(state, item, remainder, sure=True):
        return None
    # nothing has been said at the item on screen: what the words take back is the answer just given, even
    # where the new value would read as an answer on screen too ('actually scratch that — … 690 m², all
    # existing' after the building area, at the gross area)
    return last.section


def taken_back_in_passing(message: str, words: re.Match[str]) -> str:
    """The message without the clause that ``words`` ("scratch that", "forget that") take back, said in
    passing: "combustible would be permitted but we built it combustible scratch that it's all
    noncombustible" keeps "combustible would be permitted" and what follows the words."""
    before = message[: words.start()]
    breaks = list(CLAUSE_BREAK.finditer(before))
    kept = before[: breaks[-1].start()] if breaks else ""
    after = message[words.end() :].lstrip(" ,;:-\u2013\u2014")
    return f"{kept.rstrip()} {after}".strip()


def without_old_figures(state: ProjectState, number: str, text: str) -> str:
    """``text`` without its sentences that only say again a figure of item ``number``'s answer, being taken
    back ("2,400 was the lot next door."): what is left is the new value."""
    answer = state.answer_for(number)
    if answer is None:
        return text
    old = _figures_in(answer.value)
    kept = [
        sentence
        for sentence in re.split(r"(?<=[.;!?])\s+|\s+[-\u2013\u2014]\s+", text)
        if not (figures := _figures(sentence)) or not figures <= old
    ]
    return " ".join(kept).strip() or text


def _figures(text: str) -> set[float]:
    """The figures written in ``text`` ("2,400 was the lot next door": 2400), but the item numbers."""
    return {float(m[0].replace(",", "")) for m in FIGURE.finditer(ITEM_NUMBER.sub(" ", text))} - {0.0}


def _figures_in(value: object) -> set[float]:
    """The non-zero figures an answer's value holds."""
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, int | float):
        return {float(value)} - {0.0}
    if isinstance(value, dict):
        return set().union(*map(_figures_in, value.values()))
    if isinstance(value, list | tuple):
        return set().union(*map(_figures_in, value))
    return set()
