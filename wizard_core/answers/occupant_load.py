"""Occupant load (3.18): the total, with rows by floor or area and their basis when given."""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Any

from pydantic import Field, model_validator

from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary
from wizard_core.content import FormItem
from wizard_core.models import ProjectState


class OccupantRow(Record):
    area: str = Field(min_length=1)
    persons: int = Field(ge=0)
    basis: str = ""


class OccupantLoad(Record):
    total: int = Field(ge=0)
    rows: list[OccupantRow] = Field(default_factory=list)

    @model_validator(mode="after")
    def _rows_add_up(self) -> OccupantLoad:
        if self.rows and sum(r.persons for r in self.rows) != self.total:
            raise ValueError("the rows' persons do not add up to the total")
        return self


def _describe(item: FormItem, value: Any) -> str:
    rows = "; ".join(f"{r['area']}: {r['persons']}" for r in value["rows"])
    return f"{value['total']} persons" + (f" ({rows})" if rows else "")


class _Words:
    """The occupant-load patterns, built from the vocabulary."""

    def __init__(self, words: Vocabulary) -> None:
        o = words.occupants
        # Units and person words may follow a figure directly ("930m2", "120persons").
        persons = alternation(o.person_words, bound_start=False)
        unit = alternation(o.rate_units, bound_start=False)
        total = alternation(o.total_words)
        self.persons = re.compile(rf"(\d[\d,]*)\s*{persons}", re.I)
        self.rate = re.compile(
            rf"(\d[\d,]*(?:\.\d+)?)\s*{unit}\s*{alternation(o.rate_words)}\s*(\d+(?:\.\d+)?)(?:\s*{unit})?",
            re.I,
        )
        self.total_row = re.compile(rf"^{alternation(o.total_row_labels)}", re.I)
        self.whole_building = re.compile(alternation(o.whole_building_labels), re.I)
        self.total = re.compile(
            rf"{total}\D{{0,20}}?(\d[\d,]*)|(\d[\d,]*)\s*{persons}?\s*(?:in )?"
            rf"{alternation(o.total_words, bound_start=False)}",
            re.I,
        )
        self.bases = {basis: phrase_pattern(phrases) for basis, phrases in o.bases.items()}


@cache
def _words() -> _Words:
    return _Words(vocabulary())


def read_occupant_load(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    words = _words()
    text = texts[-1]
    if any(q.approximate for q in p.quantities(text)):
        return Reading(
            missing="the exact occupant load (persons by floor or area, and the basis), not an estimate"
        )
    lowered = p.normalize(text).lower()
    rows: list[dict[str, Any]] = []
    notes: list[str] = []
    for part in re.split(r";|\n", text):
        persons = _count(part)
        rate = words.rate.search(part)
        label = re.split(r"[:\d]", part.strip(), maxsplit=1)[0].strip(" ,.-=") or "Building"
        if words.total_row.match(label):
            continue
        if persons:
            rows.append(
                {"area": label, "persons": int(persons[1].replace(",", "")), "basis": _basis(part, rate)}
            )
        elif rate:
            count = math.ceil(round(float(rate[1].replace(",", "")) / float(rate[2]), 6))
            rows.append({"area": label, "persons": count, "basis": _basis(part, rate)})
            notes.append(f"{label}: {rate[1]} m² ÷ {rate[2]} m²/person = {count} persons, rounded up")
    if len(rows) == 1 and words.whole_building.fullmatch(rows[0]["area"]):
        rows = []  # "Occupant load: 120 persons" is the total, not a row
    total_match = words.total.search(lowered)
    total = int((total_match[1] or total_match[2]).replace(",", "")) if total_match else None
    if total is None and rows:
        total = sum(r["persons"] for r in rows)
    if total is None:
        bare = [q for q in p.quantities(text) if not q.unit and q.value == int(q.value)]
        if len(bare) == 1 and not bare[0].approximate:
            return Reading({"total": int(bare[0].value), "rows": []}, True, confidence=0.85)
        return Reading(
            missing="the occupant load: persons per floor or area with the basis "
            "(m² per person, design load or seats), and the total"
        )
    if rows and sum(r["persons"] for r in rows) != total:
        return Reading(
            missing=f"figures that add up: the rows total {sum(r['persons'] for r in rows)} "
            f"persons but the total given is {total}"
        )
    return Reading(
        {"total": total, "rows": rows if len(rows) > 0 else []},
        True,
        confidence=0.9 if notes else 0.95,
        notes=notes,
    )


def _count(part: str) -> re.Match | None:
    """The row's persons: the last count of persons that is not a rate ('2 persons per bedroom')."""
    counts = [m for m in _words().persons.finditer(part) if not PER.match(part, m.end())]
    return counts[-1] if counts else None


PER = re.compile(r"\s*(?:per|each|a|an|/)\b", re.I)


def _basis(part: str, rate: re.Match | None) -> str:
    if rate:
        return f"{rate[2]} m²/person"
    return next((basis for basis, pattern in _words().bases.items() if pattern.search(part)), "")


OCCUPANT_LOAD = AnswerType(
    "occupant_load",
    "total persons, with rows by floor or area if known",
    lambda item: OccupantLoad.model_json_schema(),
    lambda item, value: OccupantLoad.model_validate(value).model_dump(),
    _describe,
    read_occupant_load,
)
ANSWER_TYPES = (OCCUPANT_LOAD,)
