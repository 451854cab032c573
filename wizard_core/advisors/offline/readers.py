"""Per-answer-type readers: turn a consultant's words into an item's structured value.

Each reader gets the texts that bear on the item, oldest first (earlier answers in the
clarifying thread, then the latest message) and returns a Reading: a value when the facts
settle it, otherwise what is still missing, phrased for a clarifying question.
"""

from __future__ import annotations

import re
from typing import Any

from wizard_core.advisors.offline import parsing as p
from wizard_core.advisors.offline.quantities import read_area, read_building_height, read_occupant_load
from wizard_core.advisors.offline.reading import Reading
from wizard_core.content import FormItem, Option
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState


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
