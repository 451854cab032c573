"""Free-text answers: the code version (3.00) and the notes items."""

from __future__ import annotations

from typing import Any

from wizard_core.answers.base import AnswerType, FormFacts, Reading
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
    return Reading(texts[-1].strip(), True, confidence=0.9)


TEXT = AnswerType("text", "text", _schema, _validate, _describe, read_text)
CODE_VERSION = AnswerType(
    "code_version", "the regulation and its last amendment", _schema, _validate, _describe, read_text
)
ANSWER_TYPES = (CODE_VERSION, TEXT)
