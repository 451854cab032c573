"""Yes-or-no answers (3.03, 3.08, 3.12…)."""

from __future__ import annotations

from typing import Any

from wizard_core.answers.base import AnswerType, FormFacts, Reading
from wizard_core.answers.replies import yes_no
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


def read_yes_no(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    for text in reversed(texts):
        answer, confidence = yes_no(text)
        if answer is not None:
            return Reading(answer, True, confidence=confidence)
    return Reading(missing="a yes or no")


YES_NO = AnswerType("yes_no", "yes or no", _schema, _validate, _describe, read_yes_no)
ANSWER_TYPES = (YES_NO,)
