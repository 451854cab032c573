"""The standalone retrieval question for a turn (seed 003's rewrite step).

A message that depends on the clarifying thread ("yes, the second one", "about 1 200") says
little on its own; retrieval needs the question it answers. The deterministic rewrite joins
the current item, the open question and the message. An advisor that talks to a model may
rewrite with one extra call a follow-up that refers back to the discussion ("the second one",
"yes, all of it"); a reply that gives the value asked for ("about 12 m", "entire building") is
standalone once joined to the question, and like a message that stands on its own costs no call.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wizard_core.content import FormItem
from wizard_core.models import ClarifyingQA

FOLLOW_UP = re.compile(
    r"^\W*(yes|yeah|yep|no|nope|ok(?:ay)?|sure|correct|right|that|this|those|these|it|its|it's|they|"
    r"them|the (?:first|second|third|last|same|other) (?:one|option)?|same|both|neither|either|"
    r"as (?:above|before|said)|about|around|approximately|\d)\b",
    re.I,
)
SHORT_WORDS = 6
# A word that points back into the discussion: a short reply holding one means little without it.
REFERS_BACK = re.compile(
    r"\b(it|its|it's|that|this|those|these|they|them|one|ones|same|both|neither|either|above|before|"
    r"former|latter|first|second|third|last|other|previous)\b",
    re.I,
)
# A reply opening with a pointer to an option or an earlier answer, however long.
POINTS_BACK = re.compile(
    r"^\W*(the (?:first|second|third|last|same|other|former|latter)\b|same\b|both\b|neither\b|"
    r"either\b|as (?:above|before|said)\b)",
    re.I,
)

REWRITE_INSTRUCTIONS = (
    "Given a clarifying discussion about one item of the Ontario Building Code data matrix and the "
    "consultant's latest reply, which may refer to the discussion, write one standalone question "
    "about the building code that can be understood without the discussion. Do NOT answer it; "
    "reply with the question only."
)


@dataclass(frozen=True)
class StandaloneQuery:
    text: str
    method: str  # "as is", "deterministic" or "model"


def is_follow_up(message: str, thread: list[ClarifyingQA]) -> bool:
    """Whether the message leans on the open clarifying question to make sense."""
    if not thread:
        return False
    return len(message.split()) <= SHORT_WORDS or bool(FOLLOW_UP.match(message))


def refers_back(message: str, thread: list[ClarifyingQA]) -> bool:
    """Whether a follow-up needs the discussion rewritten to be understood: it points back into it
    ("the second one", "yes, all of it") rather than giving a value the question names."""
    if not is_follow_up(message, thread):
        return False
    short = len(message.split()) <= SHORT_WORDS
    return bool(POINTS_BACK.match(message)) or (short and bool(REFERS_BACK.search(message)))


def deterministic_query(item: FormItem, thread: list[ClarifyingQA], message: str) -> StandaloneQuery:
    """Item, open question (for a follow-up) and message, joined into one retrieval question."""
    parts = [f"{item.number} {item.title}:"]
    if is_follow_up(message, thread):
        parts.append(thread[-1].question)
        method = "deterministic"
    else:
        method = "as is"
    parts.append(message)
    return StandaloneQuery(" ".join(p.strip() for p in parts if p.strip()), method)


def rewrite_prompt(item: FormItem, thread: list[ClarifyingQA], message: str) -> str:
    """The discussion laid out for a model to rewrite (quoted: it is data, not instructions)."""
    lines = [f"Item: {item.number} {item.title} - {item.question}", "Discussion:"]
    for qa in thread:
        lines.append(f"- Q: {qa.question!r}")
        if qa.answer and qa.answer != message:
            lines.append(f"- A: {qa.answer!r}")
    lines.append(f"Latest reply: {message!r}")
    return "\n".join(lines)
