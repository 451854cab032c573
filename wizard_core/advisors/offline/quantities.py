"""Readers for measured answers: areas (3.04–3.06), building height (3.07), occupant load (3.18)."""

from __future__ import annotations

import math
import re
from typing import Any

from wizard_core.advisors.offline import parsing as p
from wizard_core.advisors.offline.reading import Reading
from wizard_core.content import FormItem
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState
from wizard_core.values import fmt_number

ROLE_WORDS = {
    "existing": r"existing|remain(?:s|ing)?|retained|current",
    "new": r"new|addition|added|proposed|extension",
    "total": r"total|overall|combined|altogether|in all|all told",
}
NEW_PROJECT_TYPES = {"new construction"}
EXISTING_ONLY_TYPES = {"change of use", "renovation / alteration", "repair"}


def read_area(item: FormItem, texts: list[str], state: ProjectState, forms: FormQuestionService) -> Reading:
    roles: dict[str, float] = {}
    roleless: list[float] = []
    has_unit = approximate = False
    shown = ""  # the last figure as the consultant wrote it, for questions back
    conversions: dict[str, str] = {}  # role -> how its figure was converted from ft²
    bare: dict[str, float] = {}  # role -> a figure given without a unit, as written
    for index, text in enumerate(texts):
        lowered = p.normalize(text).lower()
        found = [q for q in p.quantities(text) if q.unit in ("", "m2", "ft2")]
        has_unit = has_unit or any(q.unit for q in found) or bool(AREA_WORDS.search(lowered))
        text_roleless = []
        for q in found:
            value = q.value
            role = _role_near(lowered, q, found) or "roleless"
            shown = f"{fmt_number(q.value)} {'ft²' if q.unit == 'ft2' else 'm²' if q.unit else ''}".strip()
            conversions.pop(role, None)
            bare.pop(role, None)
            if not q.unit:
                bare[role] = q.value
            if q.unit == "ft2":
                value = round(q.value * p.FT2_TO_M2, 1)
                conversions[role] = (
                    f"{fmt_number(q.value)} ft² converted to {fmt_number(value)} m² (× 0.0929)"
                )
            if role == "roleless":
                text_roleless.append(value)
            else:
                roles[role] = value
        if found:
            roleless = text_roleless or roleless
            approximate = any(q.approximate for q in found)
        else:
            if index == len(texts) - 1 and p.CONFIRM.search(text):
                approximate = False
            if FEET_WORDS.search(lowered):  # "square feet": the unit for figures given without one
                for role, written in bare.items():
                    value = round(written * p.FT2_TO_M2, 1)
                    conversions[role] = (
                        f"{fmt_number(written)} ft² converted to {fmt_number(value)} m² (× 0.0929)"
                    )
                    if role == "roleless":
                        roleless = [value]
                    else:
                        roles[role] = value
                bare = {}
        if ALL_NEW.search(lowered):
            roles["existing"] = 0.0
        if ALL_EXISTING.search(lowered):
            roles["new"] = 0.0
    notes = list(conversions.values())
    if len(roleless) == 1 and "total" not in roles:
        roles["total"] = roleless[0]
    if not roles:
        return Reading(missing=f"the {item.title.lower()} in m² (existing, new and total)")
    if approximate:
        return Reading(
            missing=f"the exact figure: you gave about {shown}; please give the "
            f"{item.title.lower()} exactly, in m² (existing, new and total)"
        )
    if not has_unit:
        return Reading(missing=f"the unit: is {shown} in square metres (m²) or square feet (ft²)")
    confidence = 0.95
    if len(roles) == 1:
        inferred = _split_from_project_type(state)
        ((role, amount),) = roles.items()
        if inferred is None or (role != "total" and role != inferred):
            return Reading(
                missing=f"how the area splits: existing, new and total, in m² "
                f"(you gave {role} {fmt_number(amount)} m²)"
            )
        roles = {inferred: amount, "new" if inferred == "existing" else "existing": 0.0}
        notes.append(f"all {inferred} area, as the project type in 3.01 implies")
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


AREA_WORDS = re.compile(r"\b(m2|m²|sq\.? ?m|square met(?:re|er)s?|ft2|ft²|sq\.? ?ft|square f(?:ee|oo)t)\b")
FEET_WORDS = re.compile(r"\b(ft2|ft²|sq\.? ?ft|square f(?:ee|oo)t|sf|feet)\b")
ALL_NEW = re.compile(
    r"\bno existing\b|\bnothing existing\b|\ball (?:of it )?new\b|\bentirely new\b|"
    r"\bexisting\W+(?:none|nil)\b|\bnew build(?:ing)?\b(?=.*\bno existing\b)"
)
ALL_EXISTING = re.compile(
    r"\bno (?:new|addition)\b|\ball (?:of it )?existing\b|\bentirely existing\b|"
    r"\bnew\W+(?:none|nil)\b|\bnothing new\b"
)


def _role_near(lowered: str, q: p.Quantity, all_q: list[p.Quantity]) -> str | None:
    """The role word right after a quantity (same clause), else the nearest one before it."""
    nxt = min((o.start for o in all_q if o.start > q.start), default=len(lowered))
    after = re.split(r"[,;.()]|\band\b", lowered[q.end : nxt], maxsplit=1)[0]
    prev = max((o.end for o in all_q if o.end <= q.start), default=0)
    before = lowered[prev : q.start]
    for window, pick_last in ((after, False), (before, True)):
        hits = [
            (m.start(), role)
            for role, words in ROLE_WORDS.items()
            for m in re.finditer(rf"\b(?:{words})\b", window)
        ]
        hits = [h for h in hits if not _negated(window, h[0])]
        if hits:
            return sorted(hits)[-1 if pick_last else 0][1]
    return None


def _negated(window: str, position: int) -> bool:
    return bool(re.search(r"\bno\s*$", window[:position]))


def _split_from_project_type(state: ProjectState) -> str | None:
    answer = state.answer_for("3.01")
    kind = str(answer.value).lower() if answer and answer.value else ""
    if kind in NEW_PROJECT_TYPES:
        return "new"
    if kind in EXISTING_ONLY_TYPES:
        return "existing"
    return None


def read_building_height(
    item: FormItem, texts: list[str], state: ProjectState, forms: FormQuestionService
) -> Reading:
    found: dict[str, Any] = {}
    notes: list[str] = []
    storey = r"stor(?:e?y|eys|ies)|floors?|levels?"
    for text in texts:
        lowered = p.normalize(text).lower()
        below = re.search(
            rf"\b(\d+|{p._WORD_NUMBER}|a|an|one|no)\b[\w\s-]{{0,20}}?(?:{storey}|basements?)"
            rf"[\w\s-]{{0,10}}?\b(?:below|under|beneath)\s+grade",
            lowered,
        )
        if below is None:
            below = re.search(
                rf"\b(\d+|{p._WORD_NUMBER}|a|an|one|no)\b[\w\s-]{{0,12}}?\bbasements?\b", lowered
            )
        if below is None:
            below = re.search(
                r"(?:\+|\bplus|\bwith|\band)\s*(a|an|one|1)?\s*(?:full\s+|partial\s+)?basement\b", lowered
            )
        if below:
            found["storeys_below_grade"] = p.word_number(below[1] or "one") or 0
        elif re.search(r"\b(no|without)\b[\w\s]{0,12}\bbasement|\bslab on grade\b", lowered):
            found["storeys_below_grade"] = 0
        above = re.search(
            rf"\b(\d+|{p._WORD_NUMBER}|single|one)\b[\s-]*(?:{storey})\b"
            r"(?![\w\s-]{0,10}?\b(?:below|under|beneath)\b)",
            lowered,
        )
        if above:
            found["storeys_above_grade"] = p.word_number(above[1])
        elif re.search(r"\b(single|one)[\s-]stor", lowered) or "bungalow" in lowered:
            found["storeys_above_grade"] = 1
        for q in p.quantities(text):
            if q.unit in ("m", "ft") and q.approximate:
                found["approximate_height"] = q.value
            if q.unit in ("m", "ft") and not q.approximate:
                meters = q.value if q.unit == "m" else round(q.value * p.FT_TO_M, 2)
                if q.unit == "ft":
                    notes.append(f"{fmt_number(q.value)} ft converted to {fmt_number(meters)} m")
                found["height_m"] = meters
    if "storeys_above_grade" not in found:
        return Reading(
            missing="the number of storeys above grade, storeys below grade and the building height in metres"
        )
    if "height_m" not in found and "approximate_height" in found:
        return Reading(
            missing="the exact building height in metres "
            f"(you gave about {fmt_number(found['approximate_height'])})"
        )
    found.pop("approximate_height", None)
    if "height_m" not in found:
        return Reading(
            missing="the building height in metres (grade to the top of the roof, per "
            "the definition), and the storeys below grade"
        )
    confidence = 0.95 if not notes else 0.85
    if "storeys_below_grade" not in found:
        found["storeys_below_grade"] = 0
        notes.append("no storeys below grade were mentioned, so none are recorded")
        confidence = 0.75
    return Reading(found, True, confidence=confidence, notes=notes)


def read_occupant_load(
    item: FormItem, texts: list[str], state: ProjectState, forms: FormQuestionService
) -> Reading:
    text = texts[-1]
    if any(q.approximate for q in p.quantities(text)):
        return Reading(
            missing="the exact occupant load (persons by floor or area, and the basis), not an estimate"
        )
    lowered = p.normalize(text).lower()
    rows: list[dict[str, Any]] = []
    notes: list[str] = []
    for part in re.split(r";|\n", text):
        persons = re.search(r"(\d[\d,]*)\s*(?:persons?|people|occupants?)\b", part, re.I)
        rate = re.search(
            r"(\d[\d,]*(?:\.\d+)?)\s*(?:m2|m²)\s*(?:at|@|/|÷)\s*(\d+(?:\.\d+)?)\s*(?:m2|m²)", part, re.I
        )
        label = re.split(r"[:\d]", part.strip(), maxsplit=1)[0].strip(" ,.-=") or "Building"
        if re.match(r"^(total|in total|overall)\b", label, re.I):
            continue
        if persons:
            rows.append(
                {"area": label, "persons": int(persons[1].replace(",", "")), "basis": _basis(part, rate)}
            )
        elif rate:
            count = math.ceil(round(float(rate[1].replace(",", "")) / float(rate[2]), 6))
            rows.append({"area": label, "persons": count, "basis": _basis(part, rate)})
            notes.append(f"{label}: {rate[1]} m² ÷ {rate[2]} m²/person = {count} persons, rounded up")
    if len(rows) == 1 and re.fullmatch(
        r"(?:the )?(?:occupant load|total|building|overall)", rows[0]["area"], re.I
    ):
        rows = []  # "Occupant load: 120 persons" is the total, not a row
    total_match = re.search(
        r"\btotal\b\D{0,20}?(\d[\d,]*)|(\d[\d,]*)\s*(?:persons?|people)?\s*(?:in )?total\b", lowered
    )
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


def _basis(part: str, rate: re.Match | None) -> str:
    if rate:
        return f"{rate[2]} m²/person"
    for word in ("design", "seats", "sleeping rooms", "posted"):
        if word in part.lower():
            return word
    return ""
