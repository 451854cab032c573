"""Areas split into existing, new and total (3.04 building area, 3.05 gross, 3.06 mezzanine)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, model_validator

from wizard_core.answers import parsing as p
from wizard_core.answers.area_base import (
    SAID_SAME_CONFIDENCE,
    base_area,
    copy_ceiling,
    one_storey,
    per_storey_reading,
    same_as_base,
    same_floors,
    split_as_base,
    storeys_answered,
    unit_of_base,
)
from wizard_core.answers.area_roles import said
from wizard_core.answers.area_roles import shown as shown_figure
from wizard_core.answers.area_settle import kept_part, p_fmt, settle
from wizard_core.answers.area_words import area_words, is_gross, reader_words
from wizard_core.answers.area_working import Figure
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record, fmt_number
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


# The item that is a part of a storey, measured against it: a share's whole is no figure of it.
MEZZANINE = re.compile(r"mezzanine", re.I)


PLAUSIBLE_M2 = 100  # a figure without a unit this large is offered as m² (a building's area, not a room's)


def _base_given_again(text: str, area: dict) -> bool:
    """Whether a figure of ``text`` without a unit is the building area's total in m², to the unit."""
    total = area.get("total")
    if not isinstance(total, int | float) or total < PLAUSIBLE_M2:
        return False
    return any(not q.unit and abs(q.value - total) < 0.5 for q in p.quantities(text))


def read_area(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    words = reader_words()
    gross = is_gross(item.title)
    base = base_area(item, state, forms) if gross else None
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
        reading = said(text, gross, part=MEZZANINE.search(item.title) is not None)
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
    if 0.0 in roles.values() and 0.0 in roleless and len({v for v in roleless if v}) == 1:
        roleless = [v for v in roleless if v]  # 'all new — 0 existing': the 0 is the part said to be none
    if len(roleless) == 1 and "total" not in roles:
        roles["total"] = roleless[0]
    if not roles:
        if per_storey is not None:
            return per_storey_reading(item, per_storey, has_unit, state, forms)
        offer = same_floors(item, texts, state, forms) or same_as_base(item, texts, state, forms)
        missing = f"the {item.title.lower()} in m² (existing, new and total)"
        if len(roleless) > 1:
            given = ", ".join(p_fmt(v) for v in roleless)
            missing = (
                f"which figure is the {item.title.lower()} (you gave {given}), as existing, new and total"
            )
        return offer or Reading(missing=missing)
    if not has_unit and base is not None and bare:
        unit = unit_of_base(list(bare.values()), base[1])  # the building area's figures again
        has_unit = unit is not None
        for role, written in bare.items() if unit == "ft2" else ():
            value = round(written * p.FT2_TO_M2, 1)
            notes.append(_converted(written, value))
            roles["total" if role == "roleless" and "total" not in roles else role] = value
    if not has_unit and base is not None and bare and _base_given_again(texts[-1], base[1]):
        has_unit = True  # a storey's row that is the building area again: '| 1 | 0 | 950 | 950 |' over 950 m²
        notes.append("in m², as the building area (3.04) is given again for a storey")
    if not has_unit and bare and _near_recorded(item, list(bare.values()), state):
        has_unit = True  # "3120 not 3210" revising 3,210 m2: the recorded answer's square metres
        notes.append("in m², as the answer it revises")
    if not has_unit:
        about = "the exact figure and its unit: you gave about" if approximate else "the unit: is"
        missing = f"{about} {shown}; is that in square metres (m²) or square feet (ft²)"
        sizes = [v for v in bare.values() if v]  # an existing 0 is 0 in any unit
        if not approximate and sizes and all(v >= PLAUSIBLE_M2 for v in sizes):
            # 'EXIST;NEW;TOTAL' over '0;1480.00;1480.00': figures a spreadsheet gives without their unit,
            # offered in the code's own unit for a yes
            metric = read_area(item, [*texts[:-1], f"{texts[-1]}\n(in m2)"], state, forms)
            if metric.complete and metric.value is not None:
                reason = "the figures taken as m², the code's unit"
                return Reading(missing=missing, offer=metric.value, offer_reason=reason)
        return Reading(missing=missing)
    split_note = ""
    if set(roles) == {"total"}:  # one figure, no part named beside it
        as_said = _split_as_said(item, roles["total"], texts, state)
        if as_said is None:
            return Reading(
                missing=f"how the {fmt_number(roles['total'])} m² splits: existing and new (the message "
                "speaks of both)"
            )
        if as_said:
            roles, split_note = as_said
            notes.append(split_note)
    settled = settle(dict(roles), list(notes), state, forms)
    if split_note and settled.complete:  # a part read from words not beside the figure: to confirm
        settled.confidence = min(settled.confidence, 0.8)
    if not settled.complete:  # a revision's sum keeping one recorded part: "1,260 + 690 = 1,950"
        settled = kept_part(item, roles, texts[-1], state, forms) or settled
    split = split_as_base(roles, base)
    if split and base is not None:  # the building area's total again: split as that one is
        as_base = settle(split, list(notes), state, forms)
        as_base.notes.append(f"split as the building area in {base[0]}, the gross area being the same")
        if any(one_storey(t, base[0]) for t in texts):
            as_base.confidence = min(as_base.confidence, copy_ceiling(state, base[0]))
            settled = as_base
        elif not settled.complete and as_base.complete and not approximate:
            return Reading(
                missing=f"the {item.title.lower()}, or whether the building is more than one storey",
                offer=as_base.value,
                offer_reason=f"the building area in {base[0]} again, for a one-storey building",
            )
        elif settled.complete and storeys_answered(state, forms) != 1:
            # the building area's own figures, with nothing saying the building is one storey ('so 240 new,
            # total 720' said of the footprint): recorded to confirm
            settled.confidence = min(settled.confidence, SAID_SAME_CONFIDENCE)
            settled.notes.append(
                f"the same figures as the building area in {base[0]}: the {item.title.lower()} only for a "
                "one-storey building; confirm"
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


def _split_as_said(
    item: FormItem, total: float, texts: list[str], state: ProjectState
) -> tuple[dict[str, float], str] | tuple[()] | None:
    """A lone figure's part, and why: the one the message names elsewhere ("a new parts mezzanine,
    90 m2"), or the recorded answer's when it revises one that is all new or all existing; None when
    the message names both; empty when nothing says (the project type then decides)."""
    words = area_words()
    lowered = p.normalize(texts[-1]).lower() if texts else ""
    named = {
        role
        for role in ("existing", "new")
        for m in words.roles[role].finditer(lowered)
        if not words.role_negated.search(lowered[max(0, m.start() - 12) : m.start()])
    }
    if len(named) == 2:
        return None
    kind = state.answer_for("3.01")
    addition = kind is not None and str(kind.value).casefold().startswith("addition")
    for role, other in (("new", "existing"), ("existing", "new")):
        if named == {role} and not (role == "new" and addition and not MEZZANINE.search(item.title)):
            return {role: total, other: 0.0}, f"all {role}, as the message says"
    recorded = state.answer_for(item.number)
    value = recorded.value if recorded is not None else None
    if isinstance(value, dict) and value.get("total"):
        for role, other in (("new", "existing"), ("existing", "new")):
            if value.get(other) == 0 and value.get(role):
                return {role: total, other: 0.0}, f"all {role}, as the answer it revises"
    return ()


def _near_recorded(item: FormItem, written: list[float], state: ProjectState) -> bool:
    """Whether figures given without a unit revise this item's recorded answer: each within a
    quarter of one of its figures (a slip of the keys, a part left out)."""
    recorded = state.answer_for(item.number)
    if recorded is None or not isinstance(recorded.value, dict):
        return False
    figures = [v for v in recorded.value.values() if isinstance(v, int | float) and v]
    return bool(figures) and all(any(0.75 <= w / f <= 1.33 for f in figures) for w in written if w)


def _converted(square_feet: float, square_metres: float) -> str:
    return f"{fmt_number(square_feet)} ft² converted to {fmt_number(square_metres)} m² (× 0.0929)"


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
