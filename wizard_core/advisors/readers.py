"""Per-answer-type readers: turn a consultant's words into an item's structured value.

Each reader gets the texts that bear on the item, oldest first (earlier answers in the
clarifying thread, then the latest message) and returns a Reading: a value when the facts
settle it, otherwise what is still missing, phrased for a clarifying question.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from wizard_core.content import FormItem, Option
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState
from wizard_core.values import fmt_number

from . import parsing as p


@dataclass
class Reading:
    value: Any = None
    complete: bool = False
    missing: str = ""
    confidence: float = 0.0
    notes: list[str] = field(default_factory=list)


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
        elif index == len(texts) - 1 and p.CONFIRM.search(text):
            approximate = False
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
        if below:
            found["storeys_below_grade"] = p.word_number(below[1]) or 0
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


def read_choice(item: FormItem, texts: list[str], state: ProjectState, forms: FormQuestionService) -> Reading:
    for text in reversed(texts):
        matches = p.match_options(text, item.options)
        if len(matches) == 1:
            match = matches[0]
            return Reading(match.option.label, True, confidence=0.95 if match.by_label else 0.85)
        if len(matches) > 1:
            names = " or ".join(m.option.label for m in matches)
            return Reading(missing=f"which one applies: {names}")
        none_option = _none_option(item.options)
        answer, _ = p.yes_no(text)
        if none_option and answer is False and p.NO.match(p.normalize(text)):
            return Reading(none_option.label, True, confidence=0.8)
    return Reading(missing="which option applies: " + "; ".join(_described(o) for o in item.options))


def _none_option(options: list[Option]) -> Option | None:
    return next((o for o in options if o.label.lower() in {"not required", "none", "not provided"}), None)


def _described(option: Option) -> str:
    return f"{option.label} ({option.description.rstrip('.')})" if option.description else option.label


def read_multi_choice(
    item: FormItem, texts: list[str], state: ProjectState, forms: FormQuestionService
) -> Reading:
    for text in reversed(texts):
        normalized = p.normalize(text)
        codes = [
            f"{m[1].upper()}{m[2]}"
            for m in re.finditer(r"\bgroup\s+([A-Ga-g])\s*,?\s*div(?:ision|\.)?\s*(\d)\b", normalized, re.I)
        ]
        matches = [item.option(c) for c in codes if item.option(c)]
        matched = p.match_options(
            re.sub(r"\bgroup\s+[A-G]\s*,?\s*div(?:ision|\.)?\s*\d\b", "", normalized, flags=re.I),
            item.options,
        )
        labels = [o.label for o in matches if o] + [m.option.label for m in matched]
        if labels:
            by_label = all(m.by_label for m in matched) and matched
            return Reading(list(dict.fromkeys(labels)), True, confidence=0.95 if by_label else 0.85)
    return Reading(
        missing="the major occupancy group(s), for example D (business and personal "
        "services) or E (mercantile); list each one if there are several"
    )


def read_yes_no(item: FormItem, texts: list[str], state: ProjectState, forms: FormQuestionService) -> Reading:
    for text in reversed(texts):
        answer, confidence = p.yes_no(text)
        if answer is not None:
            return Reading(answer, True, confidence=confidence)
    return Reading(missing="a yes or no")


def read_integer(
    item: FormItem, texts: list[str], state: ProjectState, forms: FormQuestionService
) -> Reading:
    low, high = int(item.minimum or 0), int(item.maximum or 10**9)
    for text in reversed(texts):
        numbers = [q for q in p.quantities(text) if not q.unit]
        words = re.findall(rf"\b({p._WORD_NUMBER})\b", p.normalize(text).lower())
        values = [int(q.value) for q in numbers if q.value == int(q.value)] + [
            p.WORD_NUMBERS[w] for w in words
        ]
        if len(set(values)) == 1:
            value = values[0]
            if value > high:
                return Reading(
                    high,
                    True,
                    confidence=0.8,
                    notes=[f"{value} counted as {high}, the most the matrix records"],
                )
            if value >= low:
                return Reading(value, True, confidence=0.95)
        if len(set(values)) > 1:
            return Reading(missing=f"a single number from {low} to {high}")
    return Reading(missing=f"a number from {low} to {high}")


def read_articles(
    item: FormItem, texts: list[str], state: ProjectState, forms: FormQuestionService
) -> Reading:
    occupancies = state.answer_for("3.02")
    groups = list(occupancies.value) if occupancies and occupancies.value else []
    for text in reversed(texts):
        articles = p.classification_articles(text)
        if not articles:
            continue
        if groups and len(articles) != len(groups):
            return Reading(
                missing=f"one article per major occupancy: 3.02 lists {len(groups)} "
                f"({', '.join(groups)}) but {len(articles)} article(s) were given"
            )
        if not groups or not forms.form.classification_articles:
            return Reading(articles, True, confidence=0.9)
        ordered = []
        for group in groups:
            fits = [a for a in articles if group in forms.article_groups(a) and a not in ordered]
            if not fits:
                given = ", ".join(
                    f"{a} ({'/'.join(forms.article_groups(a)) or 'unknown group'})" for a in articles
                )
                return Reading(
                    missing=f"an article for Group {group} ({_span(forms, group)}); given: {given}"
                )
            ordered.append(fits[0])
        notes = ["listed in the order of the major occupancies in 3.02"] if ordered != articles else []
        return Reading(ordered, True, confidence=0.95, notes=notes)
    spans = "; ".join(f"{g}: {_span(forms, g)}" for g in groups) if groups else "3.2.2.20 to 3.2.2.93"
    return Reading(missing=f"the classification article for each major occupancy ({spans})")


def _span(forms: FormQuestionService, group: str) -> str:
    span = forms.article_range(group)
    return f"{span[0]} to {span[1]}" if span else "see 3.2.2"


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


def read_entrances_hazards(
    item: FormItem, texts: list[str], state: ProjectState, forms: FormQuestionService
) -> Reading:
    entrances = hazards = None
    for text in texts:
        lowered = p.normalize(text).lower()
        count = p.count_before(lowered, r"barrier[- ]free entrances?|accessible entrances?|entrances?")
        if count is not None:
            entrances = count
        clause = re.search(r"[^.;]*hazard[^.;]*", lowered)
        if clause:
            hazards = not p.NEGATION.search(clause.group())
    if entrances is None or hazards is None:
        need = [
            n
            for n, v in (
                ("the number of barrier-free entrances", entrances),
                ("whether hazardous substances are present", hazards),
            )
            if v is None
        ]
        return Reading(missing=" and ".join(need))
    return Reading(
        {"barrier_free_entrances": entrances, "hazardous_substances": hazards}, True, confidence=0.95
    )


def read_construction(
    item: FormItem, texts: list[str], state: ProjectState, forms: FormQuestionService
) -> Reading:
    found: dict[str, Any] = {}
    for text in texts:
        for clause in re.split(r"[;.,]|\bbut\b|\bwhile\b|\bwhereas\b", p.normalize(text).lower()):
            if "heavy timber" in clause:
                found["heavy_timber"] = not p.NEGATION.search(clause)
                continue
            emt = bool(re.search(r"encapsulated mass timber|\bemt\b", clause))
            non = "noncombustible" in clause
            comb = bool(re.search(r"(?<!non)combustible", clause))
            if not (emt or non or comb):
                continue
            if RESTRICTION_WORDS.search(clause):
                found["restriction"] = _restriction_label(emt, non)
                if ALSO_ACTUAL.search(clause):  # "combustible permitted and used"
                    found["actual"] = _actual_label(emt, non, comb)
            else:
                found["actual"] = _actual_label(emt, non, comb)
    notes = []
    if found.get("restriction") == "Noncombustible required" and "actual" not in found:
        found["actual"] = "Noncombustible"
        notes.append("noncombustible construction is required, so the actual construction is noncombustible")
    missing = [n for n in ("restriction", "actual") if n not in found]
    if missing:
        return Reading(
            missing="the construction "
            + " and the ".join(f"{n} ({'; '.join(o.label for o in item.field_options[n])})" for n in missing)
        )
    if "heavy_timber" not in found:
        found["heavy_timber"] = False
        notes.append("heavy timber was not mentioned, so it is recorded as not used")
    return Reading(found, True, confidence=0.8 if notes else 0.9, notes=notes)


def _restriction_label(emt: bool, non: bool) -> str:
    if emt:
        return "Encapsulated mass timber permitted"
    return "Noncombustible required" if non else "Combustible permitted"


def _actual_label(emt: bool, non: bool, comb: bool) -> str:
    if emt:
        return "Encapsulated mass timber and noncombustible" if non else "Encapsulated mass timber"
    if non:
        return "Combustible and noncombustible" if comb else "Noncombustible"
    return "Combustible"


ALSO_ACTUAL = re.compile(r"\b(?:and|&)\s+(?:is\s+|will be\s+)?(?:used|provided|proposed|built|constructed)\b")
RESTRICTION_WORDS = re.compile(r"permit|allow|requir|restrict|\bmay\b|\bmust\b|limit|\bcan be\b")


def read_text(item: FormItem, texts: list[str], state: ProjectState, forms: FormQuestionService) -> Reading:
    return Reading(texts[-1].strip(), True, confidence=0.9)


READERS = {
    "area": read_area,
    "building_height": read_building_height,
    "choice": read_choice,
    "multi_choice": read_multi_choice,
    "yes_no": read_yes_no,
    "integer": read_integer,
    "articles": read_articles,
    "occupant_load": read_occupant_load,
    "entrances_hazards": read_entrances_hazards,
    "construction": read_construction,
    "text": read_text,
    "code_version": read_text,
}
