"""Building height (3.07): storeys above and below grade, and the height in metres."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from pydantic import Field

from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record, fmt_number
from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary
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


class _Words:
    """The storey patterns, built from the vocabulary."""

    def __init__(self, words: Vocabulary) -> None:
        s = words.storeys
        number = p.lexicon().number_words
        storey, basement = alternation(s.storey_words), alternation(s.basement_words)
        below = alternation(s.below_grade_words)
        counted_below = rf"({p.WHOLE}|{number}|{alternation(s.below_counts)})"
        self.storeys_below = re.compile(
            rf"{counted_below}[\w \t-]{{0,20}}?(?:{storey}|{basement})[\w \t-]{{0,10}}?{below}\s+grade", re.I
        )
        # "two storeys above grade and one below"
        self.below_after_above = re.compile(
            rf"\babove(?:\s+grade)?\s*(?:and|[/,;&+])\s*{counted_below}\s+{below}\b", re.I
        )
        self.basements = re.compile(rf"{counted_below}[\w\s-]{{0,12}}?{basement}", re.I)
        kinds = alternation(s.below_grade_kinds)
        # "the cellar below grade", "one level below (the lower level)"
        self.named_below = re.compile(
            rf"()(?:\bthe\s+(?:{basement}|{kinds})\s+(?:is\s+)?{below}\s+grade"
            rf"|(?<![\d.])(?:\b1\b|one|a\s+single)\s+(?:{storey})\s+{below}\b(?!\s+(?:the\s+)?roof))",
            re.I,
        )
        # "one level of underground parking", "two below-grade parking levels", "a lower level"
        self.below_by_kind = re.compile(
            rf"{counted_below}\s+(?:{storey}\s+(?:of\s+)?(?:\w+\s+)?{kinds}|(?:\w+\s+)?{kinds}(?:\s+\w+)?\s+{storey}"
            rf"|{kinds})",
            re.I,
        )
        # "one below for the basement", "1 below (the old cellar)", "one below for the parking"
        # ... and "6 storeys, 1 below, 21.6 m": a count below, set off on its own
        self.below_for = re.compile(
            rf"{counted_below}\s+{below}\b(?:\s+grade)?\s*(?:for\b|\(|[,;](?!\d)|\.(?!\d)|$)", re.I
        )
        self.with_basement = re.compile(
            rf"{alternation(s.basement_joiners)}\s*({alternation(s.basement_counts)})?\s*"
            rf"(?:the\s+)?(?:{alternation(s.basement_kinds)}\s+){{0,2}}{basement}",
            re.I,
        )
        self.no_basement = re.compile(
            rf"{alternation(s.no_basement_words)}[\w\s]{{0,12}}{basement}|{alternation(s.no_basement_phrases)}",
            re.I,
        )
        counted_above = rf"({p.WHOLE}|{number}|{alternation(s.above_counts)})"
        self.storeys_above = re.compile(
            rf"{counted_above}[\s-]*{storey}(?![\s-]+(?:\w+[\s-]+)?{below}[\s-]+(?:grade|ground))"
            # "6 above / 1 below"
            rf"|(?<![\d.])(\d+|{number})\s+above\b(?:\s+grade)?(?=\s*(?:[/,;&+]|and\b|$))"
            # "storeys = 5", "storeys above grade: 4" (keyed, as on a sheet)
            rf"|\b(?:no\.?\s+of\s+)?{storey}(?:\s+above(?:\s+grade)?)?\s*[:=]\s*(\d+|{number})\b(?!\s*(?:m\b|ft|below))",
            re.I,
        )
        self.one_storey = phrase_pattern(s.one_storey_words)
        # A floor's level, not the building's height: "top floor at 12.4 m", "2nd flr @ 14 ft".
        self.floor_level = re.compile(
            rf"\b(?:top|upper|highest|uppermost|\d+(?:st|nd|rd|th)|second|third|fourth|fifth|ground|main)\s+"
            rf"(?:{storey})\b[^,;]{{0,12}}?(?:@|\bat\b|\blevel\b|\belev|\bel\.|\bis\b)"
            rf"|\bfloor level\b|\bt\.?o\.?f\b|\bf\.?f\.?l\b\.?|\bfinished\s+floor\b",  # 'L6 FFL = 18.4 m'
            re.I,
        )
        self.level_before = re.compile(
            rf"(?:{self.floor_level.pattern})\s*[=:]?\s*(?:about\s+|approx\.?\s+|~\s*)?$", re.I
        )
        self.height = phrase_pattern(s.height_words)
        self.building_height = re.compile(
            r"\b(?:roof|building\s+height|ridge|to\s+the\s+top|parapet)\b", re.I
        )


@cache
def _words() -> _Words:
    return _Words(vocabulary())


# "Storeys | 1 / 0 below", "storeys: 4/1 below": above grade, then below
_ABOVE_BELOW = re.compile(r"(?<![\d.,])(\d{1,2})\s*/\s*(\d)\s*(?:below|bg|b/g)\b(?:\s*grade)?", re.I)


def read_building_height(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    words = _words()
    found: dict[str, Any] = {}
    notes: list[str] = []
    doubt = ""  # several heights in the latest message that says one: recorded to confirm, never sure
    texts = [_ABOVE_BELOW.sub(r"\1 storeys above grade, \2 below grade", _shorthand(t)) for t in texts]
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
            or words.with_basement.search(lowered)
        )
        levels = _parking_levels(lowered)
        if words.no_basement.search(lowered):
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
        candidates = _lengths(text)
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


# A length said of a part of the building or the site, not of the building's height: "the overhead
# doors are 4.3 m high", "the pit is 1.4 m deep", "6 m lane", "clear height under the joists 10.4 m".
ELEMENT = re.compile(
    r"\b(?:doors?|windows?|openings?|ceilings?|pits?|deep|depth|wide|width|lanes?|setbacks?|distance|signs?|"
    r"canop(?:y|ies)|guards?|railings?|parapets? cap|clear\s+height|under\s+the\s+joists?|racks?|racking)\b",
    re.I,
)
# A length said of what stands on or inside the building and is not measured for its height: a
# rooftop enclosure or penthouse, a crane rail, the underside of a deck, a floor's level ("the L4
# floor is at 12.9 m", "the press box floor at 7.6 m"), a code limit ("needs > 18 m").
NOT_THE_BUILDING = re.compile(
    r"\b(?:pent\s?houses?|rooftop\s+(?:enclosures?|units?|structures?)|not\s+a\s+storey|crane\s+rails?|"
    r"underside|soffit|u/s|floor\s+(?:is\s+)?(?:at|@)|needs?\s*[<>≥≤]"
    r"|(?:over|under|more than|less than)\s+\d)",
    re.I,
)
# The figure the message itself names as the building's height: "building height 16.2 m",
# "height for the matrix is 15.8 m", "height: 9.6 m" (the other lengths beside it are levels).
NAMED = re.compile(
    r"\bheight\b(?:\s+(?:for|of|in)\s+(?:the\s+)?\w+)?\s*(?:is|of|=|:)?\s*(?:about\s+|approx\.?\s+|~\s*)?$",
    re.I,
)
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
        rf"\b(?:stor(?:eys?|y|ies)\s+)?(above|below)(?:\s+grade)?\s*[:=]?\s*({counts})\b"
        r"(?![ \t]*(?:m|ft|metres?|meters?|feet|'|storeys?|stor(?:y|ies))\b)(?![.,]\d)"
    )
    return label_first.sub(lambda m: f"{m[2]} storeys {m[1]} grade", lowered)


def _parking_levels(lowered: str) -> int:
    """How many parking levels below grade 'P1…Pn' names (0 when none)."""
    found = [int(n) for match in PARKING_LEVEL.finditer(lowered) for n in match.groups() if n]
    return max(found, default=0)


def _lengths(text: str) -> list[p.Quantity]:
    """The lengths in ``text``; of several, those said with a height word ('12.8 m to the roof'),
    never a floor's level ('top floor at 12.4 m', '2nd flr @ 14 ft') beside another length."""
    text = p.mask_articles(p.normalize(text))  # where quantities() found them
    lengths = [q for q in p.quantities(text) if q.unit in ("m", "ft")]
    if len(lengths) < 2:
        return lengths
    clauses = [(m.start(), m.end()) for m in re.finditer(r"[^,;.|]+(?:\.\d+[^,;.|]*)*", text)]

    brackets = [(m.start(), m.end()) for m in re.finditer(r"\([^()]*\)", text)]

    def clause(q: p.Quantity) -> str:
        """A length's clause: its brackets' words when it is in brackets ("(bay doors 18 ft high)")."""
        spans = [b for b in brackets if b[0] <= q.start < b[1]] or clauses
        return next((text[start:end].lower() for start, end in spans if start <= q.start < end), "")

    levels = [q for q in lengths if _words().level_before.search(text[max(0, q.start - 40) : q.start])]
    levels += [
        q for q in lengths if ELEMENT.search(clause(q)) and not _words().building_height.search(clause(q))
    ]
    levels += [q for q in lengths if NOT_THE_BUILDING.search(clause(q))]
    lengths = [q for q in lengths if q not in levels] or lengths
    concluded = [q for q in lengths if CONCLUDED.search(text[max(0, q.start - 25) : q.start])]
    if concluded:  # "… and 9.9 m; I use the higher one, so 10.4 m": the consultant's own pick
        return concluded[-1:]
    named = [q for q in lengths if NAMED.search(text[max(0, q.start - 40) : q.start])]
    if len({q.value for q in named}) == 1:  # "building height 16.2 m … the crane rail at 11.5 m"
        return named[-1:]
    said = [q for q in lengths if _words().height.search(clause(q))]
    return said or lengths


# Words before the figure a consultant settles on among several: "so 10.4 m", "I'll use 9.9 m".
CONCLUDED = re.compile(
    r"(?:\bso|\btherefore|\bhence|\buse|\busing|\bgo with|\bwhich gives|\bwhich makes it|=)\s*(?:about\s+)?$",
    re.I,
)


BUILDING_HEIGHT = AnswerType(
    "building_height",
    "storeys above grade, storeys below grade, height in m",
    lambda item: BuildingHeight.model_json_schema(),
    lambda item, value: BuildingHeight.model_validate(value).model_dump(),
    _describe,
    read_building_height,
)
ANSWER_TYPES = (BUILDING_HEIGHT,)
