"""An area figure, and the working shown around it checked, never trusted.

A figure multiplied out ("2 storeys of 1,200 = 2,400", "1,850 on each of the two floors"), a sum
("3,400 + 2,900 = 6,300") or sides multiplied ("38.2 m x 32.7 m = 1,249 m2") whose result is not
the figure given makes the message a question naming both figures.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from wizard_core.answers import parsing as p
from wizard_core.answers.area_words import area_words
from wizard_core.answers.base import fmt_number


@dataclass(frozen=True)
class Figure:
    """An area figure as written: its value (m² when converted), unit and role."""

    value: float
    written: float
    unit: str  # "m2", "ft2" or "" (none given)
    approximate: bool
    result: bool
    role: str | None = None


def as_figure(q: p.Quantity, role: str | None = None) -> Figure:
    value = round(q.value * p.FT2_TO_M2, 1) if q.unit == "ft2" else q.value
    return Figure(value, q.value, q.unit, q.approximate, q.result, role)


def working(
    lowered: str, found: list[p.Quantity], gross: bool, terms: tuple[float, ...] = ()
) -> tuple[list[p.Quantity], tuple[Figure, int | None] | None, str]:
    """What is left of the figures once shown working is taken out, with a figure given per storey
    (at the gross area) and the doubt of working that does not multiply out.

    A factor whose product is another figure given ("2 storeys of 1,200 = 2,400", "5 units @ 2,990
    sf = 14,950 sf", "1,850 on each of the two floors ... 3,700") is working, not an area, and is
    left out; at another item than the gross area, a storey's area multiplied by the storeys is
    the gross area, and the product is left out instead. Working that does not multiply out to the
    figure given is a doubt. At the gross area a figure given per storey with nothing it multiplies
    out to is taken apart, to be multiplied out and offered, never recorded."""
    words = area_words()
    dropped: set[int] = set()
    per_storey: tuple[Figure, int | None] | None = None
    for index, q in enumerate(found):
        if index in dropped:
            continue
        before = words.times_before.search(lowered[max(0, q.start - 30) : q.start])
        after = words.times_after.match(lowered[q.end : q.end + 12])
        each = words.per_storey_after.match(lowered[q.end : q.end + 50]) or words.per_storey_before.search(
            lowered[max(0, q.start - 30) : q.start]
        )
        if not (before or after or each):
            continue
        storeys = bool(each or (before and before["floor"]))
        count = next(_count(m) for m in (before, after, each) if m is not None)
        if count is None and each is not None:
            count = _storeys_said(lowered)
        others = [
            k
            for k, o in enumerate(found)
            if k != index and k not in dropped and not (o.bare and count is not None and o.value == count)
        ]
        as_terms = sum(1 for t in terms if abs(t - q.value) <= max(1.0, 0.005 * q.value))
        if as_terms and (count is None or as_terms >= count):
            dropped.add(index)  # "L3 and L4 are 3,900 each … 4,800 + 4,800 + 3,900 + 3,900 = 17,400"
            continue
        if count is None:
            if not gross:
                if each and others:  # "1,420 m2; the wood floors above are 1,380 each": other storeys
                    dropped.add(index)
                continue
            multiples = [
                k for k in others if found[k].value >= 2 * q.value and _whole(found[k].value / q.value)
            ]
            if others and not multiples:
                return (
                    found,
                    None,
                    f"{_shown_q(q)} a storey does not multiply out to {_listed(found, others)}",
                )
            dropped.add(index)
            per_storey = None if multiples else (as_figure(q), None)
            continue
        result = count * q.value
        if any(abs(t - result) <= max(1.0, 0.005 * result) for t in terms):
            dropped |= {index}  # "440 x 2 floors = 880 + 2,210 = 3,090": a term of a sum taken out
            continue
        matches = [k for k in others if _multiplies_out(found[k].value, result)]
        counts = {k for k, o in enumerate(found) if k != index and o.bare and o.value == count}
        if matches:
            dropped |= set(matches) if storeys and not gross else {index}
            dropped |= counts
        elif (total := _adds_up_with(found, others, result)) is not None:
            # "podium 1,150 plus three floors at 1,020 each, so 4,210 total": parts of the total
            dropped |= {index} | counts | {k for k in others if k != total}
        elif others:
            target = [k for k in others if found[k].result] or others
            return (
                found,
                None,
                f"{count} × {_shown_q(q)} is {fmt_number(result)}, not {_shown_q(found[target[-1]])}",
            )
        elif gross and storeys:
            dropped |= {index} | counts
            per_storey = (as_figure(q), count)
    return [q for k, q in enumerate(found) if k not in dropped], per_storey, ""


# "38.2 m x 32.7 m = 1,249 m2", "120' x 80' = 9,600 sf": an area worked out from its sides.
DIMENSIONS = re.compile(
    r"(\d[\d,]*(?:\.\d+)?)\s*(m|ft|')?\s*[x×*]\s*(\d[\d,]*(?:\.\d+)?)\s*(m|ft|')?\s*=\s*"
    r"(\d[\d,]*(?:\.\d+)?)\s*(m2|m²|sq\.?\s*m|sm|sf|ft2|ft²|sq\.?\s*ft)\b",
    re.I,
)


def dimensions_doubt(text: str) -> str:
    """Sides multiplied out wrongly: asked about, never recorded (the sides in metres or feet)."""
    for m in DIMENSIONS.finditer(p.normalize(text)):
        if not (m[2] or m[4]):
            continue  # "3 x 1,200 = 3,600": storeys times an area, checked with the working
        a, b, area = (float(m[k].replace(",", "")) for k in (1, 3, 5))
        if abs(a * b - area) > max(1.0, 0.005 * a * b):
            return f"{m[1]} × {m[3]} is {fmt_number(round(a * b, 1))}, not {m[5]} {m[6]}"
    return ""


def _multiplies_out(figure: float, result: float) -> bool:
    """The figure is the product, or the product in square feet given in m² ("60 x 80 = 4,800 sf
    (445.9 m2)": sides in feet)."""
    return any(abs(figure - r) <= max(1.0, 0.005 * r) for r in (result, result * p.FT2_TO_M2))


def _adds_up_with(found: list[p.Quantity], others: list[int], product: float) -> int | None:
    """The figure the product and every other figure add up to, if one does (the working's total)."""
    for total in others:
        parts = product + sum(found[k].value for k in others if k != total)
        if len(others) > 1 and abs(found[total].value - parts) <= max(1.0, 0.005 * parts):
            return total
    return None


def _whole(ratio: float) -> bool:
    return abs(ratio - round(ratio)) < 0.01


def _listed(found: list[p.Quantity], indexes: list[int]) -> str:
    return " or ".join(_shown_q(found[k]) for k in indexes)


def _count(match: re.Match[str]) -> int | None:
    groups = match.groupdict()
    if groups.get("both"):
        return 2
    word = groups.get("n")
    return p.word_number(word) if word else None


def _storeys_said(lowered: str) -> int | None:
    """The one number of storeys a message gives ("2 floors", "five storeys"), if it gives one."""
    counts = {p.word_number(m[0]) for m in area_words().storey_count.finditer(lowered)} - {None}
    return counts.pop() if len(counts) == 1 else None


def sum_doubt(lowered: str, found: list[p.Quantity]) -> str:
    """A shown sum whose result is not what its figures add up to ("3,400 + 2,900 = 6,200 sf"), as
    the words of a question naming both; "" when every sum shown adds up."""
    words = area_words()
    for index, result in enumerate(found):
        if not result.result or index == 0:
            continue
        gap = lowered[found[index - 1].end : result.start]
        if re.search(r"[\d.;()]", gap) or len(re.findall(r"[a-z]+", gap)) > 4:
            continue
        terms: list[tuple[str, p.Quantity]] = [("+", found[index - 1])]
        for k in range(index - 2, -1, -1):
            op = words.operator.match(lowered[found[k].end : terms[0][1].start])
            if op is None:
                break
            terms[0] = ("-" if op["op"] in ("-", "minus", "less") else "+", terms[0][1])
            terms.insert(0, ("+", found[k]))
        if len(terms) < 2:
            continue
        mixed = len(({q.unit for _, q in terms} | {result.unit}) - {""}) > 1

        def value(q: p.Quantity, mixed: bool = mixed) -> float:
            return q.value * p.FT2_TO_M2 if mixed and q.unit == "ft2" else q.value

        total = sum(value(q) if sign == "+" else -value(q) for sign, q in terms)
        if abs(total - value(result)) > max(1.0, 0.005 * value(result)):
            sum_shown = " ".join(
                (f"{sign} " if k else "") + fmt_number(q.value) for k, (sign, q) in enumerate(terms)
            )
            unit = " m²" if mixed else {"m2": " m²", "ft2": " ft²"}.get(result.unit, "")
            return f"{sum_shown} is {fmt_number(round(total, 1))}{unit}, not {_shown_q(result)}"
    return ""


def _shown_q(q: p.Quantity) -> str:
    unit = {"m2": " m²", "ft2": " ft²"}.get(q.unit, "")
    return f"{fmt_number(q.value)}{unit}"


# Two sides multiplied, each perhaps with its unit: "36 by 30 metres", "62.0 m × 20.0 m", "210' x 204'".
# ... and each with the street it runs along: "25.0 along Main x 46.0 along Oak"
_ALONG = r"(?:\s+(?:along|on|facing|fronting)\s+(?:(?!(?:x|by)\b)[a-z][\w.'-]*\s*?){1,3}?)?"
_SIDES = re.compile(
    rf"(?<![\w.,])(\d+(?:\.\d+)?)\s*(?:m|metres?|meters?|ft|feet|')?{_ALONG}\s*(?:by|x|×|\*)\s*"
    rf"(\d+(?:\.\d+)?)\s*(?:m|metres?|meters?|ft|feet|')?{_ALONG}(?![\w²'])"
    r"(?P<comma>\s*,\s*(?P<next>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?))?",  # '45.0 by 30.0, 1,350 m²'
    re.IGNORECASE,
)


def feet_twins_dropped(text: str) -> str:
    """``text`` without a square-feet figure the consultant gives the metric of right after ("45,200 sq ft,
    which he converts to 4,200 m2"): the metric is theirs, the feet no figure of their own."""
    normal = p.normalize(text)  # where quantities() finds them (masking keeps the length)
    found = p.quantities(normal)
    drop = [
        q
        for q, nxt in itertools.pairwise(found)
        if q.unit == "ft2"
        and nxt.unit == "m2"
        and nxt.start - q.end <= 40
        and abs(q.value * p.FT2_TO_M2 - nxt.value) <= 0.02 * nxt.value
    ]
    if not drop:
        return text
    for q in reversed(drop):
        normal = normal[: q.start] + "(in sq ft)" + normal[q.end :]
    return normal


_ASIDE_BEFORE_RESULT = re.compile(r"\s*\([^()]*\)(?=\s*=)")
_AREA_UNIT = r"(?:\s*(?:m2|m²|sm|sq\.?\s*m|sf|sq\.?\s*ft|ft2))?"
# a share of another area worked out: '10% of 1560 = 156', '40 % x 2,400 m2 -> 960 m2'
_SHARE_WORKED = re.compile(
    rf"(?<![\w.])\d+(?:\.\d+)?\s*%\s*(?:of|x|×|\*)\s*(?:the\s+)?\d[\d,]*(?:\.\d+)?{_AREA_UNIT}"
    rf"\s*(?:=|→|->|is)\s*\d[\d,]*(?:\.\d+)?{_AREA_UNIT}",
    re.I,
)


def asides_dropped(text: str) -> str:
    """``text`` without a remark in brackets between a sum and its result ("1,480 ground + 960 L2
    (the hall is double height, 520 m2 open to below) = 2,440 m2"): the sum reads whole; without a
    share of another area worked out ("10% of 1560 = 156"), a limit the item's area is checked against;
    and without a rough figure of something else beside the exact one ("the first concept was about
    2,100 m²", "(the dealer's old shop across the road is about 700 m²)")."""
    shares_out = _SHARE_WORKED.sub("(a share worked out)", _ASIDE_BEFORE_RESULT.sub("", text))
    return _others_rough_dropped(shares_out)


_ROUGH = re.compile(r"\b(?:about|approx(?:\.|imately)?|roughly|around|circa|some)\s+'?\d|~\s*\d", re.I)
# what a rough figure is said of when it is not the building's: a scheme dropped, a brochure, another building
_NOT_THE_BUILDING = re.compile(
    r"\b(?:concept|scheme|option|brochure|sign|owner'?s?|dealer'?s?|across\s+the\s+(?:road|street)|next\s+door"
    r"|neighbou?r(?:'?s|ing)?|not\s+part\s+of|not\s+(?:the\s+)?building\s+area|dropped|abandoned|would\s+have"
    r"|fundraising|marketing|listing|township)\b",
    re.I,
)
_PIECES = re.compile(r"\([^()]*\)|[^.;!?()]+[.;!?]?")


def _others_rough_dropped(text: str) -> str:
    """``text`` without the sentences or brackets giving a rough figure of something not the building,
    when a figure with its unit is given outside them."""
    pieces = [m.group() for m in _PIECES.finditer(text)]
    rough = [i for i, piece in enumerate(pieces) if _ROUGH.search(piece) and _NOT_THE_BUILDING.search(piece)]
    rest = "".join(piece for i, piece in enumerate(pieces) if i not in rough)
    if not rough or not re.search(r"\d\s*(?:m2|m²|sm|sq\.?\s*m)\b", rest, re.I):
        return text
    return rest


_FIG = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
# "→ 0 / 1,320 / 1,320", "728 / 442 / 1,170": three figures whose first two add up to the third
_TRIPLE = re.compile(rf"(?<![\d.,/])({_FIG})[ \t]*/[ \t]*({_FIG})[ \t]*/[ \t]*({_FIG})(?![\d/]|[.,]\d)")


def triple_as_roles(text: str) -> str:
    """``text`` with a triple of figures written as a sheet's existing / new / total ("0 / 1,320 /
    1,320") named so, when the first two add up to the third; any other triple is left as it is."""

    def named(m: re.Match[str]) -> str:
        existing, new, total = (float(g.replace(",", "")) for g in m.groups())
        if abs(existing + new - total) > 0.5:
            return m[0]
        return f"existing {m[1]}, new {m[2]}, total {m[3]}"

    return _TRIPLE.sub(named, text)


def sides_as_working(text: str) -> str:
    """``text`` with the lengths of sides that multiply out to a figure it gives written bare
    ("36 by 30 metres so 1,080 m2" as "36 x 30 so 1,080 m2", "45.0 by 30.0, 1,350 m²" as "45 x 30 = 1,350
    m²"), so the sides read as working and
    never as figures of their own; sides that multiply to no figure given are left as they are."""
    figures = [q.value for q in p.all_quantities(text)]

    def bare(m: re.Match[str]) -> str:
        product = float(m[1]) * float(m[2])
        if m["next"] and abs(float(m["next"].replace(",", "")) - product) <= max(1.0, 0.01 * product):
            return f"{_plain(m[1])} x {_plain(m[2])} = {m['next']}"  # the figure after the comma, its result
        if any(abs(f - product) <= max(1.0, 0.01 * product) for f in figures):
            return f"{_plain(m[1])} x {_plain(m[2])}{m['comma'] or ''}"
        # "125 by 223 feet … so 2,584 m2": sides in feet of the figure given in m², old drawings'
        # dimensions beside the survey's; no figure of their own
        metric = product * p.FT2_TO_M2
        if re.search(r"ft|feet|'", m[0], re.I) and any(abs(f - metric) <= 0.01 * metric for f in figures):
            return "(sides in feet)" + (m["comma"] or "")
        return m[0]

    return _SIDES.sub(bare, text)


def _plain(side: str) -> str:
    """A side as the working reader reads it best: "70.0" as "70"."""
    return side[:-2] if side.endswith(".0") else side
