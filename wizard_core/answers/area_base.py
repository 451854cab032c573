"""The gross area read against the building area it depends on.

'Same as above', 'same footprint on both floors', a figure for each storey, figures without a
unit that are the building area's again: offered or recorded from the building area's answer.
"""

from __future__ import annotations

import re
from itertools import combinations

from wizard_core.answers import parsing as p
from wizard_core.answers.area_roles import shown as shown_figure
from wizard_core.answers.area_settle import settle
from wizard_core.answers.area_words import is_gross, reader_words
from wizard_core.answers.area_working import Figure
from wizard_core.answers.base import FormFacts, Reading, fmt_number
from wizard_core.content import FormItem
from wizard_core.models import ProjectState

SAME_AS_BASE_CONFIDENCE = 0.9  # the building area's figures again, for a one-storey building
SAID_SAME_CONFIDENCE = 0.7  # 'same as above' with nothing saying the building is one storey


def same_floors(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading | None:
    """'Same footprint on both floors': an offer of storeys × the building area answered before."""
    words = reader_words()
    said = next((p.normalize(t) for t in reversed(texts) if words.same_floors.search(p.normalize(t))), None)
    base = base_area(item, state, forms)
    if said is None or base is None:
        return None
    count = words.floor_count.search(said)
    storeys = (2 if count[1] else p.word_number(count[2])) if count else storeys_answered(state, forms)
    if not storeys:
        return Reading(missing=f"how many storeys share that footprint, to work out the {item.title.lower()}")
    number, area = base
    value = {k: round(storeys * area[k], 2) for k in ("existing", "new", "total")}
    reason = f"{storeys} storeys × {fmt_number(area['total'])} m² building area ({number})"
    return Reading(missing=f"the {item.title.lower()}", offer=value, offer_reason=reason)


def per_storey_reading(
    item: FormItem,
    per_storey: tuple[Figure, int | None],
    has_unit: bool,
    state: ProjectState,
    forms: FormFacts,
) -> Reading:
    """A figure given for each storey ("1,850 on each of the two floors"): the gross area is it times
    the storeys, offered for a yes, never recorded; without a unit or a storey count, asked for."""
    figure, storeys = per_storey
    base = base_area(item, state, forms)
    if not figure.unit and not (has_unit or (base and unit_of_base([figure.written], base[1]) == "m2")):
        return Reading(
            missing=f"the unit: is {shown_figure(figure)} a storey in square metres (m²) or square feet (ft²)"
        )
    storeys = storeys or storeys_answered(state, forms)
    title = item.title.lower()
    if not storeys:
        return Reading(missing=f"how many storeys have {shown_figure(figure)} each, to work out the {title}")
    total = round(storeys * figure.value, 2)
    settled = settle(split_as_base({"total": total}, base) or {"total": total}, [], state, forms)
    reason = f"{storeys} storeys × {shown_figure(figure)} a storey"
    if not settled.complete:
        return Reading(
            missing=f"how the {title} of {fmt_number(total)} m² ({reason}) splits into existing and new"
        )
    return Reading(missing=f"the {title}", offer=settled.value, offer_reason=reason)


def same_as_base(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading | None:
    """'Same as above', 'as per 3.04', 'GFA same - 1 sty': the gross area is the building area (one
    storey); recorded when the storey is said to be one, offered when there are more."""
    words = reader_words()
    base = base_area(item, state, forms) if is_gross(item.title) else None
    if base is None:
        return None
    number, area = base
    ceiling = copy_ceiling(state, number)
    said_same = next((t for t in reversed([p.normalize(t) for t in texts]) if _says_same(t, number)), None)
    one = next((t for t in reversed([p.normalize(t) for t in texts]) if words.one_storey.search(t)), None)
    if said_same is None and one is None:
        return None
    counts = {p.word_number(m[1]) for m in words.storeys.finditer(said_same or "")} - {None, 1}
    storeys = 1 if one else (counts.pop() if len(counts) == 1 else storeys_answered(state, forms))
    value = {k: area[k] for k in ("existing", "new", "total")}
    copied = f"the building area in {number}"
    if storeys == 1 and said_same is not None:
        note = f"the same as {copied}, the building being one storey"
        return Reading(value, True, confidence=ceiling, notes=[note])
    if storeys == 1:
        return Reading(missing=f"the {item.title.lower()}", offer=value, offer_reason=f"one storey: {copied}")
    if storeys:
        value = {k: round(storeys * area[k], 2) for k in ("existing", "new", "total")}
        reason = f"{storeys} storeys × {fmt_number(area['total'])} m² building area ({number})"
        return Reading(missing=f"the {item.title.lower()}", offer=value, offer_reason=reason)
    said = f"the same as {copied}, as you said"
    return Reading(value, True, confidence=min(SAID_SAME_CONFIDENCE, ceiling), notes=[said])


def one_storey(text: str, number: str) -> bool:
    """Whether ``text`` says the building is one storey, or its gross area the building area's."""
    text = p.normalize(text)
    return bool(reader_words().one_storey.search(text)) or _says_same(text, number)


def _says_same(text: str, number: str) -> bool:
    """'Same again', 'GFA same', 'same as above', 'as per 3.04': the same as the building area, not
    'same as the existing building' nor 'not the same'."""
    words = reader_words()
    referent = rf"(?:item\s+)?(?:{re.escape(number)}\b|{words.referents})"
    if re.search(rf"\b(?:as\s+per|as\s+in|as|per|see)\s+{referent}", text, re.I):
        return True
    if not words.same.search(text) or re.search(
        rf"\bnot\s+(?:quite\s+)?(?:the\s+)?{words.same.pattern}", text, re.I
    ):
        return False
    return not re.search(rf"{words.same.pattern}\s+(?:[a-z]+\s+)?(?:as|to)\s+(?!{referent})", text, re.I)


def unit_of_base(written: list[float], area: dict) -> str | None:
    """'m2' or 'ft2' when figures given without a unit are all the building area's, in that unit, or
    whole multiples of it ("L1 3300 / L2 3300 -> 6600" over a 3,300 m² building area), or sums of
    those; counts below 10 ("1 st") are no areas."""
    known = [
        v for v in (area.get(k) for k in ("existing", "new", "total")) if isinstance(v, int | float) and v
    ]
    areas = [w for w in written if w >= SMALLEST_AREA]
    if not areas:
        return None
    for unit, factor in (("m2", 1.0), ("ft2", p.FT2_TO_M2)):
        multiples = [w for w in areas if any(_multiple_of(w * factor, v) for v in known)]
        if multiples and all(w in multiples or _sum_of(w, multiples) for w in areas):
            return unit
    return None


def _sum_of(figure: float, parts: list[float]) -> bool:
    """Whether ``figure`` is two or more of ``parts`` added up ("existing 480, new 2 x 520 = 1040,
    total 1520": the total of figures that are the building area's)."""
    return any(
        abs(sum(c) - figure) <= max(1.0, 0.005 * figure)
        for n in range(2, min(len(parts), MOST_PARTS) + 1)
        for c in combinations(parts, n)
    )


MOST_PARTS = 6  # the most figures a sum is looked for among
SMALLEST_AREA = 10  # m² or ft²: a smaller figure without a unit is a count
MOST_STOREYS = 60


def _multiple_of(figure: float, area: float) -> bool:
    times = round(figure / area)
    return 1 <= times <= MOST_STOREYS and abs(figure - times * area) <= max(1.0, 0.005 * figure)


def split_as_base(roles: dict[str, float], base: tuple[str, dict] | None) -> dict[str, float] | None:
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
    # the figure given, not the building area's, where only one part holds it (14,950 sf beside ~15k sf)
    parts = [k for k in ("existing", "new") if split[k]]
    if len(parts) == 1:
        return {"existing": 0.0, "new": 0.0, parts[0]: roles["total"], "total": roles["total"]}
    return split


def copy_ceiling(state: ProjectState, number: str) -> float:
    """The confidence a copy of ``number``'s area can have: a figure still to confirm ("~1,290 m2",
    recorded below 0.8) makes its copy no surer than itself."""
    answer = state.answer_for(number)
    if answer is None or answer.confirmed:
        return SAME_AS_BASE_CONFIDENCE
    return min(SAME_AS_BASE_CONFIDENCE, answer.confidence)


def base_area(item: FormItem, state: ProjectState, forms: FormFacts) -> tuple[str, dict] | None:
    """The area item this one depends on, with its answer (3.05 gross area on 3.04 building area)."""
    areas = {i.number for i in forms.form.items if i.answer_type == "area"}
    for number in item.depends_on:
        answer = state.answer_for(number)
        if number in areas and answer is not None and isinstance(answer.value, dict):
            return number, answer.value
    return None


def storeys_answered(state: ProjectState, forms: FormFacts) -> int | None:
    for item in forms.form.items:
        answer = state.answer_for(item.number)
        if item.answer_type == "building_height" and answer and isinstance(answer.value, dict):
            return int(answer.value.get("storeys_above_grade") or 0) or None
    return None
