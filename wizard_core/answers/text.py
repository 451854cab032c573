"""Free-text answers: the code version (3.00) and the notes items."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from wizard_core.answers.base import AnswerType, FormFacts, Reading
from wizard_core.answers.vocabulary import alternation, vocabulary
from wizard_core.content import FormItem
from wizard_core.models import ProjectState


def _schema(item: FormItem) -> dict[str, Any]:
    return {"type": "string"}


def _validate(item: FormItem, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected text")
    return value.strip()


def _describe(item: FormItem, value: Any) -> str:
    return str(value)


def read_text(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    return Reading(fact(item, texts[-1]), True, confidence=0.9)


@cache
def _filler() -> re.Pattern[str]:
    filler = alternation(vocabulary().replies.filler_starts)
    return re.compile(rf"^\W*(?:{filler}\s+)*{filler}\s*[,:;.!—–-]+\s*", re.I)


def fact(item: FormItem, text: str) -> str:
    """The fact a text answer states, without the chat before it ('Actually it does apply: …').

    Leading filler words, the item's number and its title are dropped only where a colon, comma
    or dash sets them off from what follows; a text that is nothing but filler is kept as given.
    """
    title = re.escape(re.sub(r"\s*\(.*?\)", "", item.title))
    label = re.compile(
        rf"^\W*(?:(?:for|on|re|item)\s+)?(?:{re.escape(item.number)}|{title})\s*[,:;.—–-]+\s*", re.I
    )
    stripped = text.strip()
    while True:
        shorter = label.sub("", _filler().sub("", stripped, count=1), count=1)
        if shorter == stripped or not re.search(r"\w", shorter):
            break
        stripped = shorter
    return stripped[:1].upper() + stripped[1:] if stripped != text.strip() else stripped


TEXT = AnswerType("text", "text", _schema, _validate, _describe, read_text)
CODE_VERSION = AnswerType(
    "code_version", "the regulation and its last amendment", _schema, _validate, _describe, read_text
)
ANSWER_TYPES = (CODE_VERSION, TEXT)
