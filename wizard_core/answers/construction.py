"""Construction type (3.15): the restriction, the actual construction, and heavy timber."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record, enum_schema, option_label
from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary
from wizard_core.content import FormItem, Material, Option
from wizard_core.models import ProjectState

FIELDS = ("restriction", "actual")


class Construction(Record):
    restriction: str
    actual: str
    heavy_timber: bool


def _schema(item: FormItem) -> dict[str, Any]:
    schema = Construction.model_json_schema()
    for name in FIELDS:
        schema["properties"][name]["enum"] = enum_schema(item.field_options[name])["enum"]
    return schema


def _validate(item: FormItem, value: Any) -> dict[str, Any]:
    record = Construction.model_validate(value)
    for name in FIELDS:
        setattr(record, name, option_label(item.field_options[name], getattr(record, name)))
    return record.model_dump()


def _describe(item: FormItem, value: Any) -> str:
    timber = "heavy timber" if value["heavy_timber"] else "no heavy timber"
    return f"Restriction: {value['restriction']}; actual: {value['actual']}; {timber}"


class _Words:
    """The construction patterns, built from the vocabulary."""

    def __init__(self, words: Vocabulary) -> None:
        c = words.construction
        self.clause_break = re.compile(rf"[;.,]|{alternation(c.clause_breaks)}", re.I)
        self.heavy_timber = phrase_pattern(c.heavy_timber)
        self.materials = {material: phrase_pattern(phrases) for material, phrases in c.materials.items()}
        self.restriction = phrase_pattern(c.restriction_words)
        # "combustible permitted and used": the clause gives the actual construction too.
        self.also_used = re.compile(
            rf"\b(?:and|&)\s+(?:is\s+|will be\s+)?{alternation(c.also_used_words)}", re.I
        )


@cache
def _words() -> _Words:
    return _Words(vocabulary())


def read_construction(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    words = _words()
    found: dict[str, Any] = {}
    for text in texts:
        for clause in words.clause_break.split(p.normalize(text).lower()):
            if words.heavy_timber.search(clause):
                found["heavy_timber"] = not p.lexicon().negation.search(clause)
                continue
            named = {m for m, pattern in words.materials.items() if pattern.search(clause)}
            if not named:
                continue
            fields = ["restriction"] if words.restriction.search(clause) else []
            if not fields or words.also_used.search(clause):
                fields.append("actual")
            for name in fields:
                option = _naming(item.field_options[name], named)
                if option:
                    found[name] = option.label
    notes = _implied(item, found)
    missing = [n for n in FIELDS if n not in found]
    if missing:
        return Reading(
            missing="the construction "
            + " and the ".join(f"{n} ({'; '.join(o.label for o in item.field_options[n])})" for n in missing)
        )
    if "heavy_timber" not in found:
        found["heavy_timber"] = False
        notes.append("heavy timber was not mentioned, so it is recorded as not used")
    return Reading(found, True, confidence=0.8 if notes else 0.9, notes=notes)


def _naming(options: list[Option], named: set[Material]) -> Option | None:
    """The option naming most of the materials named (all of its own named), later-listed on a tie."""
    fits = [(len(o.materials), i) for i, o in enumerate(options) if o.materials and set(o.materials) <= named]
    return options[max(fits)[1]] if fits else None


def _implied(item: FormItem, found: dict[str, Any]) -> list[str]:
    """Fill a field the consultant left out when a field they gave implies it ('noncombustible required')."""
    notes = []
    for name in FIELDS:
        option = next((o for o in item.field_options[name] if o.label == found.get(name)), None)
        if option is None:
            continue
        for other, label in option.implies.items():
            if other not in found:
                found[other] = label
                notes.append(f"{option.label.lower()}, so the {other} construction is {label.lower()}")
    return notes


CONSTRUCTION = AnswerType(
    "construction",
    "construction restriction, actual construction, heavy timber yes or no",
    _schema,
    _validate,
    _describe,
    read_construction,
)
ANSWER_TYPES = (CONSTRUCTION,)
