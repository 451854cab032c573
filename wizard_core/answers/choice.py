"""Answers picked from the item's options: one (choice) or several (multi_choice)."""

from __future__ import annotations

import re
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading, enum_schema, option_label
from wizard_core.content import FormItem, Option
from wizard_core.models import ProjectState


def _validate_choice(item: FormItem, value: Any) -> str:
    return option_label(item.options, value)


def _validate_multi(item: FormItem, value: Any) -> list[str]:
    if not isinstance(value, list) or not value:
        raise ValueError("expected a list of one or more options")
    return list(dict.fromkeys(option_label(item.options, v) for v in value))


def _multi_schema(item: FormItem) -> dict[str, Any]:
    return {"type": "array", "items": enum_schema(item.options), "minItems": 1}


def _describe_choice(item: FormItem, value: Any) -> str:
    return str(value)


def _describe_multi(item: FormItem, value: Any) -> str:
    return ", ".join(str(v) for v in value)


def read_choice(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    none_option = next((o for o in item.options if o.none), None)
    for text in reversed(texts):
        matches = p.match_options(text, item.options)
        if len(matches) == 1:
            match = matches[0]
            return Reading(match.option.label, True, confidence=0.95 if match.by_label else 0.85)
        if len(matches) > 1:
            names = " or ".join(m.option.label for m in matches)
            return Reading(missing=f"which one applies: {names}")
        answer, _ = p.yes_no(text)
        if none_option and answer is False and p.lexicon().no.match(p.normalize(text)):
            return Reading(none_option.label, True, confidence=0.8)
    return Reading(missing="which option applies: " + "; ".join(_described(o) for o in item.options))


def _described(option: Option) -> str:
    return f"{option.label} ({option.description.rstrip('.')})" if option.description else option.label


# "Group A, Division 2" names the option A2 (the syntax of occupancy codes, not vocabulary).
GROUP_DIVISION = re.compile(r"\bgroup\s+([A-Ga-g])\s*,?\s*div(?:ision|\.)?\s*(\d)\b", re.I)


def read_multi_choice(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    for text in reversed(texts):
        normalized = p.normalize(text)
        codes = [f"{m[1].upper()}{m[2]}" for m in GROUP_DIVISION.finditer(normalized)]
        matches = [item.option(c) for c in codes if item.option(c)]
        matched = p.match_options(GROUP_DIVISION.sub("", normalized), item.options)
        labels = [o.label for o in matches if o] + [m.option.label for m in matched]
        if labels:
            by_label = all(m.by_label for m in matched) and matched
            return Reading(list(dict.fromkeys(labels)), True, confidence=0.95 if by_label else 0.85)
    return Reading(
        missing="the major occupancy group(s), for example D (business and personal "
        "services) or E (mercantile); list each one if there are several"
    )


CHOICE = AnswerType(
    "choice",
    "one option",
    lambda item: enum_schema(item.options),
    _validate_choice,
    _describe_choice,
    read_choice,
)
MULTI_CHOICE = AnswerType(
    "multi_choice", "one or more options", _multi_schema, _validate_multi, _describe_multi, read_multi_choice
)
ANSWER_TYPES = (CHOICE, MULTI_CHOICE)
