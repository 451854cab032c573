"""Whole-number answers (3.09 streets), within the item's minimum and maximum."""

from __future__ import annotations

import re
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading, fmt_number
from wizard_core.content import FormItem
from wizard_core.models import ProjectState


def _schema(item: FormItem) -> dict[str, Any]:
    return {"type": "integer", "minimum": item.minimum, "maximum": item.maximum}


def _validate(item: FormItem, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise ValueError("expected a whole number")
    low = item.minimum if item.minimum is not None else float("-inf")
    high = item.maximum if item.maximum is not None else float("inf")
    if not low <= value <= high:
        raise ValueError(f"expected a number from {fmt_number(low)} to {fmt_number(high)}")
    return int(value)


def _describe(item: FormItem, value: Any) -> str:
    return str(value)


def read_integer(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    low, high = int(item.minimum or 0), int(item.maximum or 10**9)
    spelled = re.compile(p.lexicon().number_words, re.I)
    for text in reversed(texts):
        numbers = [q for q in p.quantities(text) if not q.unit]
        words = spelled.findall(p.normalize(text).lower())
        values = [int(q.value) for q in numbers if q.value == int(q.value)] + [
            p.word_number(w) or 0 for w in words
        ]
        if len(set(values)) == 1:
            value = values[0]
            if value > high:
                return Reading(
                    high,
                    True,
                    confidence=0.8,
                    notes=[f"{value} counted as {high}, the most the matrix records"],
                )
            if value >= low:
                return Reading(value, True, confidence=0.95)
        if len(set(values)) > 1:
            return Reading(missing=f"a single number from {low} to {high}")
    return Reading(missing=f"a number from {low} to {high}")


INTEGER = AnswerType("integer", "a whole number", _schema, _validate, _describe, read_integer)
ANSWER_TYPES = (INTEGER,)
