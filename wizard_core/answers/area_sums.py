"""Sums and shares shown whole in an area message, taken out before the figures are read.

A sum that adds up ("4,800 + 4,800 = 9,600 m2", "2,650 = office 440 + shop 2,210", "→" as "=") is
read as its result, its text blanked so the word before it names the result; sides multiplied out
to a figure given are taken out first; a share worked out ("140 / 2,852 = 4.9 %") is working for a
percentage, not area figures. A sum with a part's name inside it is left whole for the role binding.
"""

from __future__ import annotations

import itertools
import re

from wizard_core.answers import parsing as p
from wizard_core.answers.area_words import area_words

# "140 / 2,852 = 4.9 %", "960/10,800 ≈ 8.9%": a share worked out, the percentage after it.
# '140 / 2,852', '110 against 2,190', '96 of 1,200': a part and the whole it is a share of
_RATIO = re.compile(r"^\s*(?:/|÷|(?:m2|m²|sm)?\s*(?:against|of|out\s+of|over)\s+(?:the\s+)?)\s*$", re.I)

_SHARE_AFTER = re.compile(
    r"^\s*(?:m2|m²|sm|sf)?(?:\s+[a-z]+){0,2}?\s*(?:=|≈|~|is|of|gives|so)?\s*(?:about\s+)?\d[\d,]*(?:\.\d+)?\s*%"
)


def shares_taken_out(lowered: str, found: list[p.Quantity], part: bool = False) -> list[p.Quantity]:
    """Without the two figures of a share worked out ("140 / 2,852 = 4.9 %": a mezzanine's part of
    the storey): working for a percentage, not the area's figures, even where one is the area. With
    ``part`` (the item is the part, a mezzanine), the whole it is a share of is left out where the
    message gives it in brackets after its room ("open to the still house (420 m²): 96/420 = 23 %")."""
    pairs = share_pairs(lowered, found)
    dropped = {k for pair in pairs for k in pair}
    wholes = {found[whole].value for _, whole in pairs}
    return [
        q
        for k, q in enumerate(found)
        if k not in dropped and not (part and q.value in wholes and lowered[: q.start].rstrip().endswith("("))
    ]


def share_pairs(lowered: str, found: list[p.Quantity]) -> list[tuple[int, int]]:
    """The places in ``found`` of each share worked out, its part and its whole ("1100/4800 = 23 %")."""
    return [
        (k, k + 1)
        for k, (a, b) in enumerate(itertools.pairwise(found))
        if _RATIO.match(lowered[a.end : b.start]) and _SHARE_AFTER.match(lowered[b.end : b.end + 24])
    ]


def share_wholes(lowered: str, found: list[p.Quantity]) -> set[float]:
    """The wholes shares are worked out of ("1100/4800 = 23 %": 4800; "10 % of 2 240 m²": 2 240), as
    written."""
    worked = {found[whole].value for _, whole in share_pairs(lowered, found)}
    return worked | {q.value for q in found if _SHARE_OF.search(lowered[max(0, q.start - 30) : q.start])}


# a share said of a whole: '10 % of 2 240 m²', 'a third of the 600 m2 hall'
_SHARE_OF = re.compile(
    r"(?:\d\s*%|\bper\s*cent|\bpercent|\bone[\s-]third|\b1\s*/\s*3|\ba\s+third)\s+of\s+(?:the\s+|its\s+)?"
    r"(?:[a-z]+\s+){0,2}$"
)


# a clause about the space a mezzanine is in, not the mezzanine: "the hall below is 446 m2"
_PART = re.compile(r"\b(?:mezz\w*|balcon\w*|loft|gallery|galleries|platform|catwalk)", re.I)
_WHOLE = re.compile(
    r"\b(?:hall|room|storey|story|floor\s+(?:below|plate)|auditorium|sanctuary|nave|warehouse|shop|"
    r"plate|footprint|building|bldg|arena|gym(?:nasium)?|space\s+(?:below|it\s+is\s+in|open\s+to))\b",
    re.I,
)
# the room named as the subject of the figure: "the hall below is 446 m2", "nave is 65' x 80' = 5,200 sf"
_WHOLE_IS = re.compile(rf"{_WHOLE.pattern}(?:\s+[\w']+){{0,3}}?\s*(?:is|are|=|:|measures|totals)\b", re.I)
# "plant open area is 4 600", "the warehouse floor area = 11,150": another space's area
_AREA_OF = re.compile(r"\b[a-z]{3,}\s+(?:open\s+|floor\s+|gross\s+)?area\s*(?:is|=|of|:)", re.I)
_CLAUSE = re.compile(r"[;\n]|\.(?!\d)|,(?!\d)|\bso\b", re.I)


def wholes_left_out(lowered: str, found: list[p.Quantity], wholes: set[float]) -> list[p.Quantity]:
    """Without the figures of the whole a part (a mezzanine) is measured against: a figure a share is
    worked out of, and a figure in a clause that names the room or storey and not the part, as long as
    a figure of the part is left."""

    def of_whole(q: p.Quantity) -> bool:
        if any(abs(q.value - w) <= max(1.0, 0.005 * w) for w in wholes):
            return True
        start = max((m.end() for m in _CLAUSE.finditer(lowered, 0, q.start)), default=0)
        ends = [m.start() for m in _CLAUSE.finditer(lowered, q.end)]
        before = lowered[start : q.start]  # the room named before the figure, its subject
        clause = lowered[start : ends[0] if ends else len(lowered)]
        named = _WHOLE_IS.search(before) or _AREA_OF.search(before)
        return bool(named) and not _PART.search(clause)

    kept = [q for q in found if not of_whole(q)]
    return kept if kept else found


def sums_taken_out(lowered: str, found: list[p.Quantity]) -> tuple[str, list[p.Quantity], tuple[float, ...]]:
    """``lowered`` and ``found`` without the terms of every sum shown whole that adds up, each left as
    its result: "existing L1 4,800 + L2 4,800 = 9,600 m2; new 1,650 + 1,650 = 3,300 m2", "2,650 m2 =
    office 22 x 20 = 440 + shop 52 x 42.5 = 2,210", "1,200 + 3 x 1,020 = 4,260". Sides multiplied
    out to a figure given are taken out first. A sum with a part's name inside it ("existing 1,200
    + new 800 = 2,000") is left whole, its terms being the parts; a sum that does not add up is left
    for the working's check to ask about. The text of a sum taken out is blanked (same length), so a
    word before it ("existing 4,800 + …") binds to its result. The terms taken out are returned too,
    for the working that makes them ("440 x 2 floors = 880 + …")."""
    lowered, found = _sides_taken_out(lowered, found)
    blank: list[tuple[int, int]] = []
    dropped: set[int] = _breakdown_after(lowered, found)  # '3,024 m², all new: 1,512 m² + 1,512 m²'
    for index, result in enumerate(found):
        totalled = _TOTALLED.search(lowered[: result.start])  # '864 + 374, total 1,238 m2'
        terms = _terms_before(lowered, found, index) if result.result or totalled else None
        span = (found[terms[0]].start, totalled.start() if totalled else result.start) if terms else None
        if (
            terms is None
            and index + 1 < len(found)
            and re.fullmatch(r"\s*=\s*(?:[a-z]+\s+){0,2}", lowered[result.end : found[index + 1].start])
        ):  # "2,650 m2 = office 440 + shop 2,210": the figure first, its parts after
            terms = _terms_after(lowered, found, index)
            span = (result.end, found[terms[-1]].end) if terms else None
        if not terms or span is None or _names_a_part(lowered[span[0] : span[1]]):
            continue
        dropped |= set(terms)
        blank.append(span)
    for start, end in blank:
        lowered = lowered[:start] + " " * (end - start) + lowered[end:]
    taken = tuple(found[k].value for k in sorted(dropped))
    return lowered, [q for k, q in enumerate(found) if k not in dropped], taken


_PLUS = re.compile(r"\+|\bplus\b")
# the words that give a sum's result without '=': '864 + 374, total 1,238', '… for a total of 2,100'
_TOTALLED = re.compile(r"[,\s]\s*(?:for\s+a\s+|in\s+)?total(?:\s+of)?\s*[:=]?\s*$")


def _breakdown_after(lowered: str, found: list[p.Quantity]) -> set[int]:
    """The terms of a sum written after the figure it adds up to, with no '=' ("gross area 3,024 m²,
    all new: ground floor 1,512 m² + level 2 1,512 m²"): the figure's breakdown, no figure of its own.
    Only terms of the figure's unit, joined by '+', whose sum is the figure."""
    dropped: set[int] = set()
    for index, figure in enumerate(found):
        if figure.unit not in ("m2", "ft2") or index in dropped:
            continue
        run: list[int] = []
        for j in range(index + 1, len(found)):
            term = found[j]
            if term.unit != figure.unit:
                continue
            before = lowered[found[run[-1]].end if run else figure.end : term.start]
            if run and not _PLUS.search(before):
                break
            run.append(j)
            total = sum(found[k].value for k in run)
            if len(run) >= 2 and abs(total - figure.value) <= max(0.5, 0.005 * figure.value):
                # 'existing 2,500 m2 + new 1,500 m2': parts named, the split itself, kept
                words = lowered[found[run[0]].start : found[run[-1]].end]
                if not _names_a_part(words):
                    dropped |= set(run)
                break
            if total > figure.value:
                break
    return dropped


_TIMES = re.compile(r"^\s*[x×*]\s*$")


def _sides_taken_out(lowered: str, found: list[p.Quantity]) -> tuple[str, list[p.Quantity]]:
    """Without two sides written "a x b" whose product is another figure given, their text blanked
    with the "=" after them when the product follows ("22 x 20 = 440")."""
    dropped: set[int] = set()
    for k in range(len(found) - 1):
        a, b = found[k], found[k + 1]
        if a.unit or b.unit or not _TIMES.match(lowered[a.end : b.start]) or min(a.value, b.value) < 2.5:
            continue
        product = a.value * b.value
        made = [
            j
            for j, o in enumerate(found)
            if j not in (k, k + 1) and abs(o.value - product) <= max(1.0, 0.005 * product)
        ]
        if not made:
            continue
        dropped |= {k, k + 1}
        end = b.end
        if k + 2 in made:
            sign = re.match(r"\s*(?:=|→|->)", lowered[b.end : found[k + 2].start])
            end += sign.end() if sign else 0
        lowered = lowered[: a.start] + " " * (end - a.start) + lowered[end:]
    return lowered, [q for k, q in enumerate(found) if k not in dropped]


def _term_values(lowered: str, found: list[p.Quantity], indexes: list[int]) -> float:
    """The sum of terms, a count before "x" multiplying the figure after it ("3 x 1,020")."""
    total, k = 0.0, 0
    while k < len(indexes):
        q = found[indexes[k]]
        if k + 1 < len(indexes) and _TIMES.match(lowered[q.end : found[indexes[k + 1]].start]):
            total += q.value * found[indexes[k + 1]].value
            k += 2
            continue
        total += q.value
        k += 1
    return total


def _joined(lowered: str, left: p.Quantity, right: p.Quantity) -> bool:
    """Whether two figures are terms of one sum: "+" or "plus" (or "x") between them, no "=" nor
    a sentence's end."""
    gap = lowered[left.end : right.start]
    if re.search(r"=|→|->|;|\.(?!\d)", gap):
        return False
    return bool(_PLUS.search(gap) or _TIMES.match(gap))


def _adds_up(lowered: str, found: list[p.Quantity], terms: list[int], value: float) -> bool:
    if len({found[k].unit for k in terms} - {""}) > 1:  # m² and ft² mixed: left for the check
        return False
    return len(terms) >= 2 and abs(_term_values(lowered, found, terms) - value) <= max(1.0, 0.005 * value)


def _terms_before(lowered: str, found: list[p.Quantity], index: int) -> list[int] | None:
    """The figures before ``found[index]`` that add up to it, the shortest run that does."""
    terms = [index - 1] if index else []
    if not terms or re.search(r"\+|\bplus\b|;|\.(?!\d)", lowered[found[terms[0]].end : found[index].start]):
        return None
    while terms[0] > 0 and _joined(lowered, found[terms[0] - 1], found[terms[0]]):
        terms.insert(0, terms[0] - 1)
        if _adds_up(lowered, found, terms, found[index].value):
            return terms
    return None


def _terms_after(lowered: str, found: list[p.Quantity], index: int) -> list[int] | None:
    """The figures after ``found[index]`` and its "=" that add up to it."""
    terms = [index + 1]
    while terms[-1] + 1 < len(found) and _joined(lowered, found[terms[-1]], found[terms[-1] + 1]):
        terms.append(terms[-1] + 1)
        if _adds_up(lowered, found, terms, found[index].value):
            return terms
    return None


def _names_a_part(span: str) -> bool:
    words = area_words()
    return any(
        not words.role_negated.search(span[max(0, m.start() - 12) : m.start()])
        for pattern in words.roles.values()
        for m in pattern.finditer(span)
    )
