"""Existing, new and total settled from the roles a message gives: a part inferred from the project
type, or kept from the answer recorded.
"""

from __future__ import annotations

from wizard_core.answers import parsing as p
from wizard_core.answers.base import FormFacts, Reading, fmt_number
from wizard_core.content import FormItem
from wizard_core.models import ProjectState


def kept_part(
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
            return settle({kept: part, other: rest[0], "total": total}, [note], state, forms)
    return None


def p_fmt(value: float) -> str:
    return f"{fmt_number(value)} m²"


def settle(roles: dict[str, float], notes: list[str], state: ProjectState, forms: FormFacts) -> Reading:
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


def _split_from_project_type(state: ProjectState, forms: FormFacts) -> tuple[str, str] | None:
    """'new' or 'existing' when the project type answered so far means all of one, with its item."""
    project_type = forms.fact_item("project_type")
    answer = state.answer_for(project_type.number) if project_type else None
    if project_type is None or answer is None or not answer.value:
        return None
    option = project_type.option(str(answer.value))
    return (option.area_split, project_type.number) if option and option.area_split else None
