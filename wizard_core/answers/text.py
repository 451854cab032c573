"""Free-text answers: the code version (3.00) and the notes items."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from wizard_core.answers.base import AnswerType, FormFacts, Reading
from wizard_core.answers.vocabulary import alternation, vocabulary
from wizard_core.content import FormItem
from wizard_core.models import FormAnswer, ProjectState


def _schema(item: FormItem) -> dict[str, Any]:
    return {"type": "string"}


def _validate(item: FormItem, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected text")
    return value.strip()


def _describe(item: FormItem, value: Any) -> str:
    return str(value)


NOTE_CONFIDENCE = 0.7  # free text is the consultant's own words: proposed, for them to confirm
TO_DO_CONFIDENCE = 0.4  # a reminder to follow something up, never the note itself
TO_DO_NOTE = "this is a to-do, not the note yet: recorded as a reminder; give the note when you have it"


def read_text(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    """The note as said, without the chat around it; a to-do recorded as one, never as the note."""
    if item.answer_type != "text":  # the code version
        return Reading(fact(item, texts[-1]), True, confidence=0.9)
    said = note(item, texts[-1])
    sentences = _sentences(said)
    todos = [s for s in sentences if _to_do().search(s)] if len(sentences) > 1 else sentences * is_to_do(said)
    if not todos:
        return Reading(said, True, confidence=NOTE_CONFIDENCE)
    if len(todos) == len(sentences):
        return Reading(said, True, confidence=TO_DO_CONFIDENCE, notes=[TO_DO_NOTE])
    kept = " ".join(s for s in sentences if s not in todos)
    left = " ".join(todos)
    return Reading(
        kept, True, confidence=0.5, notes=[f"'{left}' is a to-do, not part of the note: left out, to confirm"]
    )


def marked_to_do(item: FormItem, answer: FormAnswer) -> FormAnswer:
    """A free-text answer that is a to-do, however it was given, marked as one below 0.5."""
    if item.answer_type != "text" or not isinstance(answer.value, str) or not is_to_do(answer.value):
        return answer
    confidence = min(answer.confidence, TO_DO_CONFIDENCE)
    return answer.model_copy(update={"to_do": True, "confidence": confidence})


@cache
def _to_do() -> re.Pattern[str]:
    return re.compile(rf"^\W*{alternation(vocabulary().notes.to_do)}", re.I)


def is_to_do(text: str) -> bool:
    """Whether a free-text answer is a reminder to follow something up ("will follow up with the
    plumbing engineer", "TBC", "waiting on the survey"), not yet the note: it opens with a to-do word,
    or is a few words with one in them ("structure tbd")."""
    if _to_do().search(text):
        return True
    short = len(re.findall(r"\w+", text)) <= 5
    return short and bool(re.search(alternation(vocabulary().notes.to_do), text, re.I))


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?;])\s+(?=\S)", text) if re.search(r"\w", s)]


@cache
def _chatter() -> tuple[re.Pattern[str], re.Pattern[str]]:
    words = vocabulary().notes
    chat = alternation([*words.lead_ins, *vocabulary().replies.filler_starts])
    before = re.compile(rf"^\W*(?:{chat}\s*,?\s*)+[:—–-]+\s*", re.I)
    # "thanks!", "cheers, Dan", "Thanks, R.": a sign-off, with the writer's name or initial
    after = re.compile(
        rf"(?:^|(?<=[.!?,;]))\s*(?:{alternation(words.sign_offs)}(?:\s*[,\u2013\u2014-]\s*[a-z]{{1,12}}\b)?[\s!.,]*)+$",
        re.I,
    )
    return before, after


def note(item: FormItem, text: str) -> str:
    """The note a message gives, without the chat before and after it ("ok so for notes: … thanks!")."""
    stripped = fact(item, text)
    before, after = _chatter()
    while True:
        shorter = after.sub("", before.sub("", stripped, count=1)).strip()
        if shorter == stripped or not re.search(r"\w", shorter):
            break
        stripped = fact(item, shorter)
    if stripped == text.strip():
        return stripped  # nothing trimmed: the note exactly as written, not even capitalised
    return stripped[:1].upper() + stripped[1:]


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
