"""Areas split into existing, new and total (3.04 building area, 3.05 gross, 3.06 mezzanine)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from pydantic import Field, model_validator

from wizard_core.answers import parsing as p
from wizard_core.answers.area_roles import said
from wizard_core.answers.area_roles import shown as shown_figure
from wizard_core.answers.area_words import is_gross
from wizard_core.answers.area_working import Figure
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record, fmt_number
from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary
from wizard_core.content import FormItem
from wizard_core.models import ProjectState

SAME_AS_BASE_CONFIDENCE = 0.9  # the building area's figures again, for a one-storey building
SAID_SAME_CONFIDENCE = 0.7  # 'same as above' with nothing saying the building is one storey


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
        storey = alternation(words.storeys.storey_words + areas.floors)
        self.one_storey = re.compile(
            rf"{alternation(words.storeys.one_storey_words)}"
            rf"|\b(?:1|one|single|the one)[\s-]+(?:[a-z]+\s+)?{storey}(?![\s-]+(?:of|below|under|above)\b)",
            re.I,
        )
        self.storeys = re.compile(rf"(?:\bx\s*|\b)(\d+|{numbers})[\s-]+{storey}", re.I)  # "x3 floors"
        self.same = phrase_pattern(areas.same_as_base)
        self.referents = alternation(areas.base_referents)
        self.floor_count = re.compile(
            rf"\b(?:(both)\b|(\d+|{numbers})\s+(?:of\s+the\s+)?{alternation(areas.floors)})", re.I
        )


@cache
def _words() -> _Words:
    return _Words(vocabulary())


def read_area(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    words = _words()
    gross = is_gross(item.title)
    base = _base_area(item, state, forms) if gross else None
    roles: dict[str, float] = {}
    roleless: list[float] = []
    has_unit = approximate = False
    shown = ""  # the last figure as the consultant wrote it, for questions back
    conversions: dict[str, str] = {}  # role -> how its figure was converted from ft²
    bare: dict[str, float] = {}  # role -> a figure given without a unit, as written
    doubt = ""  # shown working of the latest figures that does not add up
    per_storey: tuple[Figure, int | None] | None = None
    for index, text in enumerate(texts):
        lowered = p.normalize(text).lower()
        reading = said(text, gross)
        found = reading.figures
        has_unit = has_unit or any(f.unit for f in found) or bool(words.area_words.search(lowered))
        if reading.doubt:
            doubt = reading.doubt
        elif found or reading.per_storey:
            doubt = ""
            per_storey = reading.per_storey
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
        elif not reading.doubt:
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
    if doubt:
        return Reading(missing=f"which figure is the {item.title.lower()}: {doubt}")
    notes = list(conversions.values())
    if len(roleless) == 1 and "total" not in roles:
        roles["total"] = roleless[0]
    if not roles:
        if per_storey is not None:
            return _per_storey(item, per_storey, has_unit, state, forms)
        offer = _same_floors(item, texts, state, forms) or _same_as_base(item, texts, state, forms)
        missing = f"the {item.title.lower()} in m² (existing, new and total)"
        if len(roleless) > 1:
            given = ", ".join(p_fmt(v) for v in roleless)
            missing = (
                f"which figure is the {item.title.lower()} (you gave {given}), as existing, new and total"
            )
        return offer or Reading(missing=missing)
    if not has_unit and base is not None and bare:
        unit = _unit_of_base(list(bare.values()), base[1])  # the building area's figures again
        has_unit = unit is not None
        for role, written in bare.items() if unit == "ft2" else ():
            value = round(written * p.FT2_TO_M2, 1)
            notes.append(_converted(written, value))
            roles["total" if role == "roleless" and "total" not in roles else role] = value
    if not has_unit and bare and _near_recorded(item, list(bare.values()), state):
        has_unit = True  # "3120 not 3210" revising 3,210 m2: the recorded answer's square metres
        notes.append("in m², as the answer it revises")
    if not has_unit:
        about = "the exact figure and its unit: you gave about" if approximate else "the unit: is"
        return Reading(missing=f"{about} {shown}; is that in square metres (m²) or square feet (ft²)")
    settled = _settle(dict(roles), list(notes), state, forms)
    if not settled.complete:  # a revision's sum keeping one recorded part: "1,260 + 690 = 1,950"
        settled = _kept_part(item, roles, texts[-1], state, forms) or settled
    split = _split_as_base(roles, base)
    if split and base is not None:  # the building area's total again: split as that one is
        as_base = _settle(split, list(notes), state, forms)
        as_base.notes.append(f"split as the building area in {base[0]}, the gross area being the same")
        if any(_one_storey(t, base[0]) for t in texts):
            as_base.confidence = min(as_base.confidence, SAME_AS_BASE_CONFIDENCE)
            settled = as_base
        elif not settled.complete and as_base.complete and not approximate:
            return Reading(
                missing=f"the {item.title.lower()}, or whether the building is more than one storey",
                offer=as_base.value,
                offer_reason=f"the building area in {base[0]} again, for a one-storey building",
            )
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


def _near_recorded(item: FormItem, written: list[float], state: ProjectState) -> bool:
    """Whether figures given without a unit revise this item's recorded answer: each within a
    quarter of one of its figures (a slip of the keys, a part left out)."""
    recorded = state.answer_for(item.number)
    if recorded is None or not isinstance(recorded.value, dict):
        return False
    figures = [v for v in recorded.value.values() if isinstance(v, int | float) and v]
    return bool(figures) and all(any(0.75 <= w / f <= 1.33 for f in figures) for w in written if w)


def _kept_part(
    item: FormItem, roles: dict[str, float], text: str, state: ProjectState, forms: FormFacts
) -> Reading | None:
    """A revised total whose sum names one part of the recorded answer unchanged: that part keeps
    its role and the other figure of the sum takes the other ("the new wing is 690 now, so 1,260 +
    690 = 1,950" over existing 1,260, new 710)."""
    recorded = state.answer_for(item.number)
    total = roles.get("total")
    if recorded is None or not isinstance(recorded.value, dict) or total is None or len(roles) > 1:
        return None
    figures = [
        q.value * (p.FT2_TO_M2 if q.unit == "ft2" else 1.0)
        for q in p.quantities(text)
        if q.unit in ("m2", "ft2", "") and not q.standard and not q.counted
    ]
    for kept, other in (("existing", "new"), ("new", "existing")):
        part = recorded.value.get(kept)
        if not part or not any(abs(f - part) < 0.05 for f in figures):
            continue
        rest = [f for f in figures if abs(f + part - total) < 0.05]
        if rest:
            note = f"the {kept} {p_fmt(part)} kept from the answer recorded"
            return _settle({kept: part, other: rest[0], "total": total}, [note], state, forms)
    return None


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


def _per_storey(
    item: FormItem,
    per_storey: tuple[Figure, int | None],
    has_unit: bool,
    state: ProjectState,
    forms: FormFacts,
) -> Reading:
    """A figure given for each storey ("1,850 on each of the two floors"): the gross area is it times
    the storeys, offered for a yes, never recorded; without a unit or a storey count, asked for."""
    figure, storeys = per_storey
    base = _base_area(item, state, forms)
    if not figure.unit and not (has_unit or (base and _unit_of_base([figure.written], base[1]) == "m2")):
        return Reading(
            missing=f"the unit: is {shown_figure(figure)} a storey in square metres (m²) or square feet (ft²)"
        )
    storeys = storeys or _storeys_answered(state, forms)
    title = item.title.lower()
    if not storeys:
        return Reading(missing=f"how many storeys have {shown_figure(figure)} each, to work out the {title}")
    total = round(storeys * figure.value, 2)
    settled = _settle(_split_as_base({"total": total}, base) or {"total": total}, [], state, forms)
    reason = f"{storeys} storeys × {shown_figure(figure)} a storey"
    if not settled.complete:
        return Reading(
            missing=f"how the {title} of {fmt_number(total)} m² ({reason}) splits into existing and new"
        )
    return Reading(missing=f"the {title}", offer=settled.value, offer_reason=reason)


def _same_as_base(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading | None:
    """'Same as above', 'as per 3.04', 'GFA same - 1 sty': the gross area is the building area (one
    storey); recorded when the storey is said to be one, offered when there are more."""
    words = _words()
    base = _base_area(item, state, forms) if is_gross(item.title) else None
    if base is None:
        return None
    number, area = base
    said_same = next((t for t in reversed([p.normalize(t) for t in texts]) if _says_same(t, number)), None)
    one = next((t for t in reversed([p.normalize(t) for t in texts]) if words.one_storey.search(t)), None)
    if said_same is None and one is None:
        return None
    counts = {p.word_number(m[1]) for m in words.storeys.finditer(said_same or "")} - {None, 1}
    storeys = 1 if one else (counts.pop() if len(counts) == 1 else _storeys_answered(state, forms))
    value = {k: area[k] for k in ("existing", "new", "total")}
    copied = f"the building area in {number}"
    if storeys == 1 and said_same is not None:
        note = f"the same as {copied}, the building being one storey"
        return Reading(value, True, confidence=SAME_AS_BASE_CONFIDENCE, notes=[note])
    if storeys == 1:
        return Reading(missing=f"the {item.title.lower()}", offer=value, offer_reason=f"one storey: {copied}")
    if storeys:
        value = {k: round(storeys * area[k], 2) for k in ("existing", "new", "total")}
        reason = f"{storeys} storeys × {fmt_number(area['total'])} m² building area ({number})"
        return Reading(missing=f"the {item.title.lower()}", offer=value, offer_reason=reason)
    return Reading(value, True, confidence=SAID_SAME_CONFIDENCE, notes=[f"the same as {copied}, as you said"])


def _one_storey(text: str, number: str) -> bool:
    """Whether ``text`` says the building is one storey, or its gross area the building area's."""
    text = p.normalize(text)
    return bool(_words().one_storey.search(text)) or _says_same(text, number)


def _says_same(text: str, number: str) -> bool:
    """'Same again', 'GFA same', 'same as above', 'as per 3.04': the same as the building area, not
    'same as the existing building' nor 'not the same'."""
    words = _words()
    referent = rf"(?:item\s+)?(?:{re.escape(number)}\b|{words.referents})"
    if re.search(rf"\b(?:as\s+per|as\s+in|as|per|see)\s+{referent}", text, re.I):
        return True
    if not words.same.search(text) or re.search(
        rf"\bnot\s+(?:quite\s+)?(?:the\s+)?{words.same.pattern}", text, re.I
    ):
        return False
    return not re.search(rf"{words.same.pattern}\s+(?:[a-z]+\s+)?(?:as|to)\s+(?!{referent})", text, re.I)


def _unit_of_base(written: list[float], area: dict) -> str | None:
    """'m2' or 'ft2' when figures given without a unit are all the building area's, in that unit."""
    known = [
        v for v in (area.get(k) for k in ("existing", "new", "total")) if isinstance(v, int | float) and v
    ]
    if not any(written):
        return None
    for unit, factor in (("m2", 1.0), ("ft2", p.FT2_TO_M2)):
        if all(any(abs(w * factor - v) <= max(1.0, 0.005 * v) for v in known) for w in written if w):
            return unit
    return None


def _split_as_base(roles: dict[str, float], base: tuple[str, dict] | None) -> dict[str, float] | None:
    """The building area's split, when the gross area given is its total: one storey."""
    if base is None or "total" not in roles:
        return None
    area = base[1]
    try:
        split = {k: float(area[k]) for k in ("existing", "new", "total")}
    except (KeyError, TypeError, ValueError):
        return None
    if abs(roles["total"] - split["total"]) > max(1.0, 0.005 * split["total"]):
        return None
    if any(abs(v - split[k]) > max(1.0, 0.005 * split[k]) for k, v in roles.items()):
        return None
    return split


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
            reading = Reading(
                missing=f"how the area splits: existing, new and total, in m² "
                f"(you gave {role} {fmt_number(amount)} m²)"
            )
            if role != "total" and amount > 0:  # "140 m2, new": the other part most likely none, offered
                other = "new" if role == "existing" else "existing"
                reading.offer = {role: amount, other: 0.0, "total": amount}
                reading.offer_reason = f"only {role} area was given, so none {other}"
            return reading
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
