"""The standalone retrieval question for a turn (seed 003's rewrite step).

A message that depends on the clarifying thread ("yes, the second one", "about 1 200") says
little on its own; retrieval needs the question it answers. The deterministic rewrite joins
the current item, the open question and the message. An advisor that talks to a model may
rewrite a follow-up with one extra call; a message that stands on its own costs no call.
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
