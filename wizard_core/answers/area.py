"""Areas split into existing, new and total (3.04 building area, 3.05 gross, 3.06 mezzanine)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from pydantic import Field, model_validator

from wizard_core.answers import parsing as p
from wizard_core.answers.area_roles import figures
from wizard_core.answers.area_roles import shown as shown_figure
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record, fmt_number
from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary
from wizard_core.content import FormItem
from wizard_core.models import ProjectState


class Area(Record):
    existing: float = Field(ge=0)
    new: float = Field(ge=0)
    total: float = Field(ge=0)

    @model_validator(mode="after")
    def _total_adds_up(self) -> Area:
        if abs(self.existing + self.new - self.total) > max(1.0, 0.005 * self.total):
            raise ValueError(
                f"existing ({fmt_number(self.existing)}) + new ({fmt_number(self.new)}) "
                f"does not equal total ({fmt_number(self.total)})"
            )
        return self


def _describe(item: FormItem, value: Any) -> str:
    unit = item.unit or ""
    return (
        f"Existing {fmt_number(value['existing'])} {unit}, new {fmt_number(value['new'])} "
        f"{unit}, total {fmt_number(value['total'])} {unit}"
    )


class _Words:
    """The area reader's patterns, built from the vocabulary."""

    def __init__(self, words: Vocabulary) -> None:
        areas, units = words.areas, words.units
        self.area_words = phrase_pattern(units.square_metres + units.square_feet)
        self.feet_words = phrase_pattern(units.square_feet + units.feet_for_areas)
        none = alternation(areas.none_words)
        self.all_new = re.compile(
            rf"{alternation(areas.all_new.phrases)}|{alternation(areas.all_new.none_of)}\W+{none}", re.I
        )
        self.all_existing = re.compile(
            rf"{alternation(areas.all_existing.phrases)}|{alternation(areas.all_existing.none_of)}\W+{none}",
            re.I,
        )
        numbers = alternation(list(words.numbers.words))
        self.same_floors = phrase_pattern(areas.same_floors)
        self.floor_count = re.compile(
            rf"\b(?:(both)\b|(\d+|{numbers})\s+(?:of\s+the\s+)?{alternation(areas.floors)})", re.I
        )


@cache
def _words() -> _Words:
    return _Words(vocabulary())


def read_area(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    words = _words()
    roles: dict[str, float] = {}
    roleless: list[float] = []
    has_unit = approximate = False
    shown = ""  # the last figure as the consultant wrote it, for questions back
    conversions: dict[str, str] = {}  # role -> how its figure was converted from ft²
    bare: dict[str, float] = {}  # role -> a figure given without a unit, as written
    for index, text in enumerate(texts):
        lowered = p.normalize(text).lower()
        found = figures(text)
        has_unit = has_unit or any(f.unit for f in found) or bool(words.area_words.search(lowered))
        text_roleless = []
        for f in found:
            role = f.role or "roleless"
            shown = shown_figure(f)
            conversions.pop(role, None)
            bare.pop(role, None)
            if not f.unit:
                bare[role] = f.written
            if f.unit == "ft2":
                conversions[role] = _converted(f.written, f.value)
            if role == "roleless":
                text_roleless.append(f.value)
            else:
                roles[role] = f.value
        if found:
            roleless = text_roleless or roleless
            approximate = any(f.approximate for f in found)
        else:
            if index == len(texts) - 1 and p.lexicon().confirm.search(text):
                approximate = False
            if words.feet_words.search(lowered):  # "square feet": the unit for figures given without one
                for role, written in bare.items():
                    value = round(written * p.FT2_TO_M2, 1)
                    conversions[role] = _converted(written, value)
                    if role == "roleless":
                        roleless = [value]
                    else:
                        roles[role] = value
                bare = {}
        if words.all_new.search(lowered):
            roles["existing"] = 0.0
        if words.all_existing.search(lowered):
            roles["new"] = 0.0
    notes = list(conversions.values())
    if len(roleless) == 1 and "total" not in roles:
        roles["total"] = roleless[0]
    if not roles:
        offer = _same_floors(item, texts, state, forms)
        missing = f"the {item.title.lower()} in m² (existing, new and total)"
        if len(roleless) > 1:
            given = ", ".join(p_fmt(v) for v in roleless)
            missing = (
                f"which figure is the {item.title.lower()} (you gave {given}), as existing, new and total"
            )
        return offer or Reading(missing=missing)
    if not has_unit:
        about = "the exact figure and its unit: you gave about" if approximate else "the unit: is"
        return Reading(missing=f"{about} {shown}; is that in square metres (m²) or square feet (ft²)")
    settled = _settle(roles, notes, state, forms)
    if approximate:
        exact = f"the exact figure: you gave about {shown}; please give the {item.title.lower()} exactly"
        if not settled.complete:
            return Reading(missing=f"{exact}, in m² (existing, new and total)")
        return Reading(
            missing=f"{exact}, or confirm it",
            offer=settled.value,
            offer_reason=f"about {shown} taken as the exact figure",
        )
    return settled


def p_fmt(value: float) -> str:
    return f"{fmt_number(value)} m²"


def _same_floors(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading | None:
    """'Same footprint on both floors': an offer of storeys × the building area answered before."""
    words = _words()
    said = next((p.normalize(t) for t in reversed(texts) if words.same_floors.search(p.normalize(t))), None)
    base = _base_area(item, state, forms)
    if said is None or base is None:
        return None
    count = words.floor_count.search(said)
    storeys = (2 if count[1] else p.word_number(count[2])) if count else _storeys_answered(state, forms)
    if not storeys:
        return Reading(missing=f"how many storeys share that footprint, to work out the {item.title.lower()}")
    number, area = base
    value = {k: round(storeys * area[k], 2) for k in ("existing", "new", "total")}
    reason = f"{storeys} storeys × {fmt_number(area['total'])} m² building area ({number})"
    return Reading(missing=f"the {item.title.lower()}", offer=value, offer_reason=reason)


def _base_area(item: FormItem, state: ProjectState, forms: FormFacts) -> tuple[str, dict] | None:
    """The area item this one depends on, with its answer (3.05 gross area on 3.04 building area)."""
    areas = {i.number for i in forms.form.items if i.answer_type == "area"}
    for number in item.depends_on:
        answer = state.answer_for(number)
        if number in areas and answer is not None and isinstance(answer.value, dict):
            return number, answer.value
    return None


def _storeys_answered(state: ProjectState, forms: FormFacts) -> int | None:
    for item in forms.form.items:
        answer = state.answer_for(item.number)
        if item.answer_type == "building_height" and answer and isinstance(answer.value, dict):
            return int(answer.value.get("storeys_above_grade") or 0) or None
    return None


def _settle(roles: dict[str, float], notes: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    """Existing, new and total from the roles given, inferring what the project type implies."""
    confidence = 0.95
    if len(roles) == 1:
        inferred = _split_from_project_type(state, forms)
        ((role, amount),) = roles.items()
        if inferred is None or (role != "total" and role != inferred[0]):
            return Reading(
                missing=f"how the area splits: existing, new and total, in m² "
                f"(you gave {role} {fmt_number(amount)} m²)"
            )
        split, where = inferred
        roles = {split: amount, "new" if split == "existing" else "existing": 0.0}
        notes.append(f"all {split} area, as the project type in {where} implies")
        confidence = 0.8
    if len(roles) == 2:
        missing = ({"existing", "new", "total"} - set(roles)).pop()
        if missing == "total":
            roles["total"] = roles["existing"] + roles["new"]
        else:
            roles[missing] = roles["total"] - sum(v for k, v in roles.items() if k != "total")
        if roles[missing] < 0:
            return Reading(missing="figures that add up: existing + new must equal the total")
        confidence = min(confidence, 0.9)
    existing, new, total = (round(roles[k], 2) for k in ("existing", "new", "total"))
    if abs(existing + new - total) > max(1.0, 0.005 * total):
        return Reading(
            missing=f"figures that add up: existing {fmt_number(existing)} + new "
            f"{fmt_number(new)} does not equal total {fmt_number(total)}"
        )
    area = {"existing": existing, "new": new, "total": total}
    if any("converted" in n for n in notes):
        confidence = min(confidence, 0.85)
    return Reading(area, True, confidence=confidence, notes=notes)


def _converted(square_feet: float, square_metres: float) -> str:
    return f"{fmt_number(square_feet)} ft² converted to {fmt_number(square_metres)} m² (× 0.0929)"


def _split_from_project_type(state: ProjectState, forms: FormFacts) -> tuple[str, str] | None:
    """'new' or 'existing' when the project type answered so far means all of one, with its item."""
    project_type = forms.fact_item("project_type")
    answer = state.answer_for(project_type.number) if project_type else None
    if project_type is None or answer is None or not answer.value:
        return None
    option = project_type.option(str(answer.value))
    return (option.area_split, project_type.number) if option and option.area_split else None


AREA = AnswerType(
    "area",
    "existing / new / total",
    lambda item: Area.model_json_schema(),
    lambda item, value: Area.model_validate(value).model_dump(),
    _describe,
    read_area,
    none_text="None",
)
ANSWER_TYPES = (AREA,)
