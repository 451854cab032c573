"""Rival figures to a reading's.

A figure of the same kind the value does not use, outside shown working and not set aside, and
shown working that does not come to the figure given.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.area_roles import DENIED_WORKING, share_limit, takes_in_more
from wizard_core.answers.area_sums import share_pairs, share_wholes
from wizard_core.answers.area_words import a_height
from wizard_core.answers.height_lengths import set_aside
from wizard_core.answers.integer import figures as counted_figures
from wizard_core.content import FormItem

SQ_FT_TO_M2 = p.FT_TO_M**2
# A figure inside shown working: next to an operator ("4 x 1,200 = 4,800", "5 floors @ 900").
_OPERATOR_AFTER = re.compile(r"^\s*(?:[×*+@=/÷]|x(?=\s*\d)|-\s*\d|−|by\s+\d|times\b)", re.I)
_OPERATOR_BEFORE = re.compile(r"(?:[×*+@=/÷−]|\bx|\d\s*-|\bby|\btimes)\s*(?:about\s+|approx\.?\s+)?$", re.I)
YEARS = range(1850, 2101)
_SENTENCE = re.compile(r"(?<!\bapprox)(?<!\bca)\.(?!\d)|[;!?\n]")  # a sentence, or a step of shown working
# The answer types whose value is made of figures, and the units a rival figure may carry for each.
FIGURES = {
    "area": ("m2", "ft2", ""),
    "building_height": ("m", "ft", ""),
    "integer": ("",),
    "entrances_hazards": ("",),
}
_TO_METRIC = {"ft2": SQ_FT_TO_M2, "ft": p.FT_TO_M}
SMALLEST_AREA = 20  # a bare figure below this is no area (a phase, a count)


def rival_figure(item: FormItem, text: str, value: Any) -> str:
    used = list(_figures(value))
    if not used:
        return ""
    if item.answer_type in ("integer", "entrances_hazards"):
        counts = _counts(item, text)
        # "one off the lot and one off the street, so two"
        if sum(c for c in counts if c not in used) in used:
            return ""
        others = sorted(set(counts) - {int(v) for v in used})
        return f"the message also gives the count {others[0]}" if others else ""
    units = FIGURES[item.answer_type]
    masked = p.mask_articles(p.normalize(text))
    found = [q for q in p.quantities(text) if q.unit in units and not q.standard and not _year(masked, q)]
    if item.answer_type == "area":
        found = [q for q in found if (q.unit or not (q.counted or q.value < SMALLEST_AREA)) and not q.quoted]
    else:  # a bare figure at a height is a count of storeys, or about something else ("bay 2")
        found = [q for q in found if q.unit or q.counted]
    metric = [q.value * _TO_METRIC.get(q.unit, 1.0) for q in found]
    # the whole a share is worked out of ("63/540 = 11.7 %"): the room a mezzanine is measured against
    every = p.quantities(text)
    wholes = share_wholes(masked.lower(), every)
    wrong = _working_astray(text, masked, used) if item.answer_type == "area" else None
    if wrong is not None:
        return f"the working shown ({wrong}) does not come to the figure given"
    # a floor's level or a wall's height the height reader set aside ('EBF height 6.0 m')
    not_heights = {q.start for q in set_aside(text)} if item.answer_type == "building_height" else set()
    for q, figure in zip(found, metric, strict=True):
        if q.start in not_heights:
            continue
        if _in_working(masked, q) or any(_same(figure, v) or _same(q.value, v) for v in used):
            continue
        if _part_of(figure, [m for m in metric if m is not figure], used) or _set_aside(masked, q):
            continue
        if item.answer_type == "area" and not q.unit and a_height(masked, q.start, q.end):
            continue
        if any(_same(q.value, whole) for whole in wholes):
            continue
        if item.answer_type == "area" and takes_in_more(masked.lower(), q):
            continue  # 'the 1,012 on the form included the canopy, which is out'
        if item.answer_type == "area" and share_limit(masked.lower(), q, every):
            continue  # 'i.e. under 224 m²': the 10 % of the storey a mezzanine is kept under
        shown = masked[q.start : q.end].strip()
        return f"the message also gives {shown}"
    return ""


def _working_astray(text: str, masked: str, used: list[float]) -> str | None:
    """The first step of shown working whose figures make none of the figures recorded
    ("1,438.1 + 2 @ 1,392.6 = 4,233.3"), as written; None when every step adds up."""
    start = 0
    quantities = p.quantities(text)
    # '4,800/120,000 = 4%': a share worked out for a percentage, no step of the area's working
    shared = {k for pair in share_pairs(masked.lower(), quantities) for k in pair}
    # ('3.05 isn't 6 x 1,450': working said to be wrong, no step of the working given)
    denied = [m.span() for m in DENIED_WORKING.finditer(masked.lower())]
    shared |= {k for k, q in enumerate(quantities) if any(a <= q.start < b for a, b in denied)}
    for stop in [*(m.start() for m in _SENTENCE.finditer(masked)), len(masked)]:
        step = [
            q
            for k, q in enumerate(quantities)
            if start <= q.start < stop
            and q.unit not in ("%", "time")
            and _in_working(masked, q)
            and k not in shared
        ]
        operands = [q.value * _TO_METRIC.get(q.unit, 1.0) for q in step]
        operands = _products_reduced([o for o in operands if not any(_same(o, v) for v in used)])
        if len(operands) >= 2 and not any(_comes_to(operands, v) for v in used):
            return masked[step[0].start : step[-1].end].strip()
        start = stop
    return None


def _products_reduced(operands: list[float]) -> list[float]:
    """Without two sides whose product is another figure of the working, that figure being its
    step ("office 22 x 20 = 440 + shop 52 x 42.5 = 2,210" comes to 440 + 2,210)."""
    for i, a in enumerate(operands):
        for j in range(i + 1, len(operands)):
            rest = operands[:i] + operands[i + 1 : j] + operands[j + 1 :]
            if any(_exact(a * operands[j], c) for c in rest):
                return _products_reduced(rest)
    return operands


def _comes_to(operands: list[float], total: float) -> bool:
    """Whether the figures of the working make ``total``: their sum, a product of two, or a sum
    with one of them taken a number of times ("1,438 + 2 x 1,392")."""
    whole = sum(operands)
    if _exact(whole, total):
        return True
    for i, a in enumerate(operands):
        for b in operands[i + 1 :]:
            if _exact(a * b, total) or _exact(a * b * SQ_FT_TO_M2, total):  # sides in feet, area in m²
                return True
        if any(_exact(whole + (k - 1) * a, total) for k in range(2, 101)):
            return True
    return False


def _exact(figure: float, total: float) -> bool:
    """Equal within the rounding of shown working (0.1 %), not the 1 % a figure is matched with."""
    return abs(figure - total) <= max(0.001 * abs(total), 0.06)


def _part_of(figure: float, others: list[float], used: list[float]) -> bool:
    """A figure the value is worked out from in words: a floor's area times the floors ("three
    floors of 620 m2, so 1,860"), a part of a sum ("3,400 plus 2,600, so 6,000"), or one of rows
    that add up to it."""
    for v in used:
        times = v / figure if figure and v and figure < v else 0.0
        if times and abs(times - round(times)) < 0.01 and round(times) <= 100:
            return True
        if any(_same(figure + k * other, v) for other in others for k in range(1, 101)):
            return True
        # "ground 1,200 plus 3 floors at 1,150 each, so 4,650": one storey, then a typical one times n
        if any(_same(other + k * figure, v) for other in others for k in range(2, 101)):
            return True
        if _same(figure + sum(others), v) or _same(sum(others) + figure - v, v):
            return True
    return False


# A bare count stands alone when what follows is no noun of its own ("I had 3 on the sketch").
_LONE_AFTER = re.compile(
    r"^(?:\s*(?:[.,;:!?)\u2014-]|$)|\s+(?:on|in|at|of|and|or|to|for|from|with|but|so|too|as|when|before|"
    r"earlier|originally|first|last|then|now|is|are|was|were)\b)",
    re.I,
)
# A figure that names a thing rather than counts it: "Highway 26", "lot 14", "phase 2", "bay 3".
_NAMING_BEFORE = re.compile(
    r"\b(?:hwy|highway|route|rte|road|rd|street|st|lot|unit|suite|bay|dock|phase|level|floor|grid|no|number|"
    r"sheet|drawing|dwg|page|zone|door|room|building|bldg|block|part|division|div|group|type|class|sc)\.?\s*#?$",
    re.I,
)


def _counts(item: FormItem, text: str) -> list[int]:
    """The counts the message gives for the item's noun, and any bare count standing alone."""
    counts = counted_figures(item, text) if item.answer_type == "integer" else _before_entrance(text)
    lowered = p.mask_articles(p.normalize(text)).lower()
    for q in p.quantities(text):
        if q.unit or q.standard or q.counted or q.value != int(q.value) or q.value > MOST_COUNTED:
            continue
        if "." in lowered[q.start : q.end]:
            continue  # '50.0': a measure written to its tenth, never a count
        if _NAMING_BEFORE.search(lowered[max(0, q.start - 12) : q.start]):
            continue
        if _LONE_AFTER.match(lowered[q.end :]) and not _in_working(lowered, q):
            counts.append(int(q.value))
    return counts


MOST_COUNTED = 50  # a bare figure above this counts no streets or entrances


def _before_entrance(text: str) -> list[int]:
    """The counts written before the word for an entrance ("one barrier-free entrance", "2 entries")."""
    lowered = p.normalize(text).lower()
    counts = []
    before_noun = rf"({p.WHOLE}|{p.lexicon().counts})\b([\w\s-]{{0,30}}?)\b(?:entrances?|entr(?:ies|y))\b"
    for m in re.finditer(before_noun, lowered):
        if not re.search(r"[.;:,]", m[2]) and (n := p.word_number(m[1])) is not None:
            counts.append(n)
    return counts


# Said of a figure the consultant leaves out of the answer: "the 900 m2 cellar is excluded".
_LEFT_OUT = re.compile(
    r"exclud|not count|n't count|not part of|n't part of|left (?:\w+ )?out|leave (?:\w+ )?out|"
    r"not included|n't included|not in the|below grade|underground|separate|"
    # a figure the message itself says is stale: 'draft_area: 2388  # old scheme, ignore'
    r"\bignore|\bdisregard|supersed|obsolete|outdated|out of date|\bstale\b|\bdraft\b|\bold scheme|"
    r"previous scheme|earlier scheme",
    re.I,
)


def _set_aside(masked: str, q: p.Quantity) -> bool:
    """Whether the sentence holding ``q`` says it is left out of the answer."""
    start = max((m.end() for m in _SENTENCE.finditer(masked, 0, q.start)), default=0)
    end = next((m.start() for m in _SENTENCE.finditer(masked, q.end)), len(masked))
    return bool(_LEFT_OUT.search(masked[start:end]))


def _figures(value: Any) -> Iterator[float]:
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        yield float(value)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _figures(v)


def _same(figure: float, used: float) -> bool:
    return abs(figure - used) <= max(0.01 * abs(used), 0.06)


def _in_working(masked: str, q: p.Quantity) -> bool:
    before = masked[max(0, q.start - 12) : q.start]
    return bool(_OPERATOR_AFTER.match(masked[q.end :]) or _OPERATOR_BEFORE.search(before))


def _year(masked: str, q: p.Quantity) -> bool:
    raw = masked[q.start : q.end]
    return not q.unit and q.value == int(q.value) and int(q.value) in YEARS and raw.strip().isdigit()
