"""Building height (3.07): storeys above and below grade, and the height in metres."""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field

from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record, fmt_number
from wizard_core.answers.height_lengths import lengths
from wizard_core.answers.height_words import height_words
from wizard_core.content import FormItem
from wizard_core.engine.text import plural
from wizard_core.models import ProjectState


class BuildingHeight(Record):
    storeys_above_grade: int = Field(ge=1, le=200)
    storeys_below_grade: int = Field(ge=0, le=20)
    height_m: float = Field(gt=0, le=1000)


def _describe(item: FormItem, value: Any) -> str:
    return (
        f"{plural(value['storeys_above_grade'], 'storey')} above grade, "
        f"{value['storeys_below_grade']} below grade, {fmt_number(value['height_m'])} m high"
    )


# "Storeys | 1 / 0 below", "storeys: 4/1 below": above grade, then below
_ABOVE_BELOW = re.compile(r"(?<![\d.,])(\d{1,2})\s*/\s*(\d)\s*(?:below|bg|b/g)\b(?:\s*grade)?", re.I)
# "1 / 0 ; 7.6 m", "Storeys<TAB>1 / 0": a pair of counts opening a line, or after 'storeys', is above / below
# ('1 / 0 / 7.3 m': the pair, then the height after a third slash)
_PAIR = re.compile(
    r"(?im)(?:^|\bstor(?:eys?|ies)\b[ \t:=]*)[ \t]*(\d{1,2})[ \t]*/[ \t]*(\d)"
    r"(?:[ \t]*/(?=[ \t]*\d[\d.]*[ \t]*m\b))?(?=[ \t]*(?:[;,/\n]|$|\d[\d.]*[ \t]*m\b))"
)
# "2 up, 1 down": storeys above and below grade in site shorthand
_UP_DOWN = re.compile(r"(?<![\d.,])(\d{1,2})\s+up\s*[,;&/]?\s*(?:and\s+)?(\d)\s+down\b", re.I)
# "Storeys<TAB>1", "storeys: 3": a count after the word alone, with nothing saying above or below
_STOREYS_LABEL = re.compile(
    r"(?i)\bstor(?:eys?|ies)[ \t]*[:=]?[ \t]*(\d{1,2})\b(?![ \t]*(?:/|[.,]\d|m\b|ft\b|above|below|abv|bg\b))"
)


def read_building_height(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    words = height_words()
    found: dict[str, Any] = {}
    notes: list[str] = []
    doubt = ""  # several heights in the latest message that says one: recorded to confirm, never sure
    texts = [_ABOVE_BELOW.sub(r"\1 storeys above grade, \2 below grade", _shorthand(t)) for t in texts]
    texts = [_PAIR.sub(r" \1 storeys above grade, \2 below grade, ", t) for t in texts]
    texts = [_UP_DOWN.sub(r"\1 storeys above grade, \2 below grade", t) for t in texts]
    texts = [_STOREYS_LABEL.sub(r"\1 storeys above grade", t) for t in texts]
    for text in texts:
        doubt = ""
        lowered = _count_first(p.normalize(text).lower())
        below = (
            words.storeys_below.search(lowered)
            or words.below_after_above.search(lowered)
            or words.named_below.search(lowered)
            or words.basements.search(lowered)
            or words.below_by_kind.search(lowered)
            or words.below_for.search(lowered)
            or words.below_them.search(lowered)
            or words.with_basement.search(lowered)
        )
        levels = _parking_levels(lowered)
        if any(not _of_a_part(lowered, m) for m in words.no_basement.finditer(lowered)):
            found["storeys_below_grade"] = 0
        elif below and not (levels and (below[1] or "").strip() in ("", "a", "an")):
            found["storeys_below_grade"] = p.word_number(below[1] or "one") or 0
        elif levels:
            found["storeys_below_grade"] = levels
            notes.append(f"parking levels P1 to P{levels} are {levels} storeys below grade")
        above = words.storeys_above.search(lowered)
        if above:
            found["storeys_above_grade"] = p.word_number(above[1] or above[2] or above[3])
        elif words.one_storey.search(lowered):
            found["storeys_above_grade"] = 1
        candidates = lengths(text)
        exact = {q.value for q in candidates if not q.approximate}
        if len(exact) > 1:
            given = ", ".join(fmt_number(v) for v in sorted(exact))
            doubt = f"of the heights given ({given}), the last was taken"
        for q in candidates:
            meters = q.value if q.unit == "m" else round(q.value * p.FT_TO_M, 2)
            if q.approximate:
                found["approximate_height"] = (q, meters)
                continue
            if q.unit == "ft":
                notes.append(f"{fmt_number(q.value)} ft converted to {fmt_number(meters)} m")
            found["height_m"] = meters
        if "height_m" not in found and "approximate_height" in found and p.lexicon().confirm.search(text):
            found["height_m"] = found["approximate_height"][1]  # "yes, exactly": the figure given stands
    before = state.answer_for(item.number)
    if before is not None and isinstance(before.value, dict) and found.keys() - {"approximate_height"}:
        return _revised(before.value, found, notes, texts)
    if "storeys_above_grade" not in found:
        return Reading(
            missing="the number of storeys above grade, storeys below grade and the building height in metres"
        )
    approximate = found.pop("approximate_height", None)
    if "height_m" not in found and approximate is not None:
        q, meters = approximate
        given = (
            f"about {fmt_number(q.value)} ft ({fmt_number(meters)} m)"
            if q.unit == "ft"
            else f"about {fmt_number(meters)} m"
        )
        offer = {"storeys_above_grade": found["storeys_above_grade"], "height_m": meters}
        offer["storeys_below_grade"] = found.get("storeys_below_grade", 0)
        return Reading(
            missing=f"the exact building height in metres (you gave {given})",
            offer=offer,
            offer_reason=f"{given} taken as the exact height",
        )
    if "height_m" not in found:
        return Reading(
            missing="the building height in metres (grade to the top of the roof, per "
            "the definition), and the storeys below grade"
        )
    confidence = 0.95 if not notes else 0.85
    if doubt:
        notes.append(doubt)
        confidence = 0.7
    if "storeys_below_grade" not in found:
        found["storeys_below_grade"] = 0
        notes.append("no storeys below grade were mentioned, so none are recorded")
        confidence = 0.75
    return Reading(found, True, confidence=confidence, notes=notes)


KEPT = re.compile(r"\b(?:same|unchanged|as before|stays?|still|no change)\b", re.I)
FIELDS = {
    "storeys_above_grade": "storeys above grade",
    "storeys_below_grade": "storeys below grade",
    "height_m": "height",
}


def _revised(answer: dict[str, Any], found: dict[str, Any], notes: list[str], texts: list[str]) -> Reading:
    """A revision of an answered 3.07 that gives only part of it ("4 storeys, not 3; height the
    same"): the parts not given are kept from the answer, said so, and recorded for review when the
    message does not say they stay."""
    found.pop("approximate_height", None)
    kept = [name for name in FIELDS if name not in found]
    value = {name: found.get(name, answer.get(name)) for name in FIELDS}
    if kept:
        notes.append(f"{' and '.join(FIELDS[k] for k in kept)} kept from the earlier answer")
    said_kept = any(KEPT.search(text) for text in texts)
    confidence = 0.85 if not kept or said_kept else 0.7
    return Reading(value, True, confidence=confidence, notes=notes)


# 'the addition is slab on grade', 'new wing slab-on-grade': what a part of the building stands on
_PART = re.compile(r"\b(?:addition|add'?n|wing|extension|annex|portion|part|new\s+work)\b")


def _of_a_part(lowered: str, found: re.Match[str]) -> bool:
    """Whether a slab on grade is said of a part of the building ('one below — … the addition is slab on
    grade'), which has a basement elsewhere, not of the building."""
    if "slab" not in found[0]:
        return False
    clause = re.split(r"[,;:.(—–-]\s|\n", lowered[: found.start()])[-1]
    return _PART.search(clause) is not None


# "P1 and P2 parking", "P1-P3": parking levels below grade, named by their number.
PARKING_LEVEL = re.compile(
    r"(?<![\w.])p\s?-?([1-9])(?:\s*(?:-|to|through|thru)\s*p\s?-?([1-9]))?(?![\w.])", re.I
)


# Site shorthand: "4 abv / 1 below", "2 abv / 1 bsmt", "1 st / 0 below" (a count, then "st" for storey).
_ABOVE = re.compile(r"\b(?:abv|ab\.?\s?gr(?:ade)?|a\.g\.)(?![\w])\.?", re.I)
_ST_COUNT = re.compile(r"(?<![\d.,])(\d{1,2})\s*sts?\b\.?(?=\s*(?:/|,|;|above|abv|$))", re.I)


def _shorthand(text: str) -> str:
    return _ST_COUNT.sub(r"\1 storeys", _ABOVE.sub("above grade", text))


def _count_first(lowered: str) -> str:
    """A count written after its label ("storeys above grade: 3", "below 0", from a pasted table)
    as the count before it ("3 storeys above grade")."""
    counts = rf"\d{{1,2}}|{p.lexicon().number_words}"
    label_first = re.compile(
        rf"\b(?:stor(?:eys?|y|ies)\s+)?(above|below)(?:[ \t]+grade)?[ \t]*[:=]?[ \t]*({counts})\b"
        r"(?![ \t]*(?:m|ft|metres?|meters?|feet|'|storeys?|stor(?:y|ies))\b)(?![.,]\d)"
    )
    counted_before = re.compile(rf"(?<![:=])(?<![:=] )\b(?:{counts})[ \t]*$")  # not a label's value

    def as_count_first(m: re.Match[str]) -> str:
        if m[0].startswith("stor") and counted_before.search(lowered[: m.start()]):
            return m[0]  # 'eight storeys above grade one basement below': the count was before its label
        return f"{m[2]} storeys {m[1]} grade"

    return label_first.sub(as_count_first, lowered)


def _parking_levels(lowered: str) -> int:
    """How many parking levels below grade 'P1…Pn' names (0 when none)."""
    found = [int(n) for match in PARKING_LEVEL.finditer(lowered) for n in match.groups() if n]
    return max(found, default=0)


BUILDING_HEIGHT = AnswerType(
    "building_height",
    "storeys above grade, storeys below grade, height in m",
    lambda item: BuildingHeight.model_json_schema(),
    lambda item, value: BuildingHeight.model_validate(value).model_dump(),
    _describe,
    read_building_height,
)
ANSWER_TYPES = (BUILDING_HEIGHT,)
