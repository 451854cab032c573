"""Which figure in a sentence is which part of an area: existing, new or total.

A figure counts when it is an area: m² or ft² after it, or no unit and nothing else either
("1,150"). Figures of persons, storeys ("1 sty"), hours, percentages or standards are left out,
and so are figures said to be left out ("another 1,200 m2 below grade, so I've left it out"); a
figure in ft² that restates one in m² ("4,650 m² (50,050 sq ft)") is the same area once.

A role word binds to a figure next to it in the same clause, before ("existing 800") or after
("800 m² existing"). Sentences that can be read both ways ("1200 m2 existing 800 new 400") are
read the way whose figures add up; the figure after "=", "gives" or "so", the one named gross at
the gross area, or the one that is the sum of the others, is the total.

Shown working is taken out and checked first (area_working.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import product

from wizard_core.answers import parsing as p
from wizard_core.answers.area_sums import share_wholes, shares_taken_out, sums_taken_out, wholes_left_out
from wizard_core.answers.area_words import a_height, area_words, reader_words
from wizard_core.answers.area_working import (
    Figure,
    as_figure,
    dimensions_doubt,
    sum_doubt,
    working,
)
from wizard_core.answers.base import fmt_number

NEAR_WORDS = 3  # a role word binds to a figure at most this many words away
MAX_ROLE_WORDS = 7  # beyond this, each role word binds to its nearest figure
SAME_AREA = 0.015  # an m² figure and an ft² figure within 1.5 % are one area said twice
BREAK = re.compile(r"[,;.()\[\]]|\s/\s")  # ('561 existing / 0 new': a spaced slash between fields)
# Where a sentence ends: not at the full stop of "sq. ft", "approx." or "ca.", nor in "1.5".
SENTENCE = re.compile(r"(?<!\bsq)(?<!\bapprox)(?<!\bca)\.(?!\d)|[;!?\n]", re.I)


@dataclass(frozen=True)
class Said:
    """What one message says of an area: its figures with their roles; at the gross area, a figure
    given for each storey with nothing it multiplies out to (and the number of storeys, when said),
    which is not the gross area itself; and shown working that does not add up, as the words of a
    question naming both figures."""

    figures: list[Figure] = field(default_factory=list)
    per_storey: tuple[Figure, int | None] | None = None
    doubt: str = ""


def said(text: str, gross: bool = False, part: bool = False) -> Said:
    """What ``text`` says of an area; ``gross`` when the item is the gross area, ``part`` when it is a
    part of a storey measured against it (the mezzanine)."""
    lowered = p.normalize(text).lower()
    # not the code's figure compared against: "under the 1,800 m2 cap"
    denied = [m.span() for m in DENIED_WORKING.finditer(lowered)]
    found = [
        q
        for q in p.quantities(text)
        if (q.unit in ("m2", "ft2") or (q.bare and not _storeys_after(lowered, q)))
        and not q.quoted
        and not (q.bare and a_height(lowered, q.start, q.end))
        and not any(a <= q.start < b for a, b in denied)
    ]
    found = _named_gross(lowered, _restatements_dropped(_left_out_dropped(lowered, found)), gross)
    if part:
        every = p.quantities(text)
        found = [q for q in found if not share_limit(lowered, q, every)]
    found = _used_kept(lowered, found)
    wholes = share_wholes(lowered, found) if part else set()
    found = shares_taken_out(lowered, found, part)
    lowered, found, terms = sums_taken_out(lowered, found)  # '2,352 + 2,240 = 4,592 sm': its result
    if part:  # 'the hall below is 446 m2', '1100/4800 = 23 %': the room's figures, not the mezzanine's
        found = wholes_left_out(lowered, found, wholes)
    found, per_storey, doubt = working(lowered, found, gross, terms)
    doubt = doubt or sum_doubt(lowered, found) or dimensions_doubt(text)
    if doubt:
        return Said(doubt=doubt)
    roles = _bind(lowered, found)
    return Said(
        _sums_resolved([as_figure(q, role) for q, role in zip(found, roles, strict=True)]), per_storey
    )


# working said to be wrong: "3.05 isn't 6 x 1,450. … Gross is 5 x 1,450 + 1,150 = 8,400"
DENIED_WORKING = re.compile(
    r"\b(?:isn'?t|is\s+not|wasn'?t|was\s+not|not)\s+(?:\d[\d,]*(?:\.\d+)?\s*(?:x|×|\*|@)\s*\d[\d,]*(?:\.\d+)?"
    r"(?:\s*(?:m2|m²|sm|sf))?)"
)


# a limit a mezzanine is kept under: "i.e. under 224 m²", "less than 1/3, max 300 m2"
_UNDER = re.compile(
    r"\b(?:under|below|less\s+than|not\s+more\s+than|no\s+more\s+than|within|up\s+to|max(?:imum)?|limit(?:ed)?\s+to"
    r"|cap(?:ped)?\s+at|<|≤)\s*(?:the\s+)?(?:~\s*)?$"
)
# the share itself said ('0.4 x 600 = 240', '10 % of the storey'): what it comes to is the limit
_SHARE_SAID = re.compile(
    r"(?<![\d.])(?:10|40|33(?:\.3)?)\s*(?:%|per\s*cent|percent)|(?<![\d.])0?\.[14]0?\s*(?:x|×|\*)"
    r"|\b1\s*/\s*3\b|\b(?:one|a)[\s-]third\b"
)
_SHARE_IN_BRACKETS = re.compile(r"(?<![\d.])(?:10|40|33(?:\.3)?)\s*(?:%|per\s*cent|percent)\s*\(\s*~?\s*$")
_SHARES = (0.1, 0.4, 1 / 3)  # the 10 %, 40 % and one-third of the storey a mezzanine may take


def share_limit(lowered: str, q: p.Quantity, every: Sequence[p.Quantity]) -> bool:
    """Whether a figure is the limit a mezzanine is compared to: said as a bound ('under 224 m²'), or in a
    sentence saying the share ('0.4 x 600 = 240 m²'), and a share a mezzanine may take of another area in
    its sentence (10 % of 2,240 m²)."""
    plain = lowered.replace("i.e.", "i,e,").replace("e.g.", "e,g,")  # (no stops of a sentence)
    stops = [m.end() for m in re.finditer(r"\n|[.;](?!\d)", plain[: q.start])]
    start = stops[-1] if stops else 0
    after = [m.start() for m in re.finditer(r"\n|[.;](?!\d)", plain[q.end :])]
    end = q.end + (after[0] if after else len(plain) - q.end)
    if _SHARE_IN_BRACKETS.search(lowered[max(0, q.start - 20) : q.start]):
        return True  # 'under the 10% (216)': what the share comes to, in brackets after it
    bound = _UNDER.search(lowered[max(0, q.start - 20) : q.start])
    if not (bound or _SHARE_SAID.search(lowered[start:end])):
        return False
    areas = [o for o in every if o.unit in ("m2", "ft2") or (o.bare and o.value >= 20)]
    areas = [o for o in areas if o.start != q.start]  # (not the figure itself)
    areas = [o for o in areas if start <= o.start < end]  # the whole it is a share of, in its sentence
    return any(abs(o.value * share - q.value) <= 1 for o in areas for share in _SHARES)


def _storeys_after(lowered: str, q: p.Quantity) -> bool:
    """Whether a bare figure counts storeys ("2 floors")."""
    return bool(area_words().storey_count_after.match(lowered[q.end : q.end + 12]))


def figures(text: str) -> list[Figure]:
    """The area figures of ``text`` in order, each with the role its words give it."""
    return said(text).figures


# The figure the consultant settles on between two measures: "drawings say 960 m2; my takeoff 958.6 -
# using 960", "going with 1,650".
_USING = re.compile(
    r"\b(?:using|use|going\s+with|go\s+with|taking|recording|carrying)\s+(?:the\s+)?(\d[\d,]*(?:\.\d+)?)\b"
)
USED_WITHIN = 0.02  # a measure this close to the one used is the same area measured again


def _used_kept(lowered: str, found: list[p.Quantity]) -> list[p.Quantity]:
    """Without the near figures a message sets aside for the one it says it uses: a takeoff of the same
    area a little off ("my takeoff 958.6 m2 - using 960") is no rival of its own."""
    used = [float(m[1].replace(",", "")) for m in _USING.finditer(lowered)]
    if not used:
        return found
    figure = used[-1]
    return [q for q in found if q.value == figure or abs(q.value - figure) > USED_WITHIN * figure]


def _restatements_dropped(found: list[p.Quantity]) -> list[p.Quantity]:
    metric = [q.value for q in found if q.unit == "m2"]
    return [
        q
        for q in found
        if not (q.unit == "ft2" and any(abs(q.value * p.FT2_TO_M2 - m) <= SAME_AREA * m for m in metric))
    ]


def _sentence_start(lowered: str, at: int) -> int:
    ends = [m.end() for m in SENTENCE.finditer(lowered, 0, at)]
    return ends[-1] if ends else 0


def _left_out_dropped(lowered: str, found: list[p.Quantity]) -> list[p.Quantity]:
    """Figures said to be left out of the area: "excluding the 300 m2 mezzanine", "1,200 m2 not
    counted", "the lower level is another 1,200 m2, but it's below grade, so I've left it out".
    A figure named the total, gross or a result is never one of them."""
    words = area_words()
    out: set[int] = set()
    for index, q in enumerate(found):
        start = _sentence_start(lowered, q.start)
        after = words.left_out_after.match(lowered[q.end : q.end + 50].split("\n")[0])  # its own line
        if words.left_out_before.search(lowered[max(start, q.start - 40) : q.start]) or (
            after and not _labelled(after[1]) and not q.result
        ):
            out.add(index)
    for m in words.left_out_it.finditer(lowered):
        start = _sentence_start(lowered, m.start())
        before = [k for k, q in enumerate(found) if start <= q.start and q.end <= m.start()]
        if before and not found[before[-1]].result:
            last = found[before[-1]]
            if not _labelled(lowered[last.end : min(last.end + 12, m.start())]):
                out.add(before[-1])
    for index, q in enumerate(found):  # 'A-100 says 1,026 because it picked up the canopy columns'
        if takes_in_more(lowered, q) and len(found) > 1:
            out.add(index)
    return [q for k, q in enumerate(found) if k not in out]


def takes_in_more(lowered: str, q: p.Quantity) -> bool:
    """Whether the rest of a figure's sentence says it takes in what the area leaves out ('the 1,012 on the
    form included the entry canopy, which is out'): another document's figure, set aside."""
    sentence_end = re.search(r"(?<!\d)[.;\n](?!\d)", lowered[q.end :])
    rest = lowered[q.end : q.end + (sentence_end.start() if sentence_end else 120)]
    return bool(_TAKES_IN_MORE.search(rest)) and not q.result


# a figure said to take in something the area leaves out: 'because it picked up the porte-cochère
# columns', '… included the entry canopy, which is out'
_TAKES_IN_MORE = re.compile(
    r"\b(?:because|since|as)\s+(?:it|they|that\s+one|that)\s+(?:picked\s+up|included?|includes|counted|counts"
    r"|took\s+in|takes\s+in|captured)\b"
    r"|\b(?:included|includes|counted|picked\s+up|took\s+in)\s+(?:the\s+)?[^.;,\n]{1,40}?,?\s*(?:which|that)\s+"
    r"(?:is|are|was|were)\s+(?:out|excluded|not\s+counted|not\s+included|left\s+out)\b"
)


def _labelled(words_after: str) -> bool:
    """Whether the words right after a figure name it a part of the area ("total", "gross")."""
    w = area_words()
    return bool(w.any_role.search(words_after) or w.gross_after.match(words_after))


def _named_gross(lowered: str, found: list[p.Quantity], gross: bool) -> list[p.Quantity]:
    """At the gross area a figure named gross ("8,250 m2 gross", "GFA 14,950 ft²") is its total; at
    another area item it is not that item's area, and is left out when other figures remain."""
    words = area_words()
    named: set[int] = set()
    taken_until = -1  # "3,700 m2 gross: 1,850 ...": the word names the figure before it, not after
    for k, q in enumerate(found):
        before = words.gross_before.search(lowered[max(0, q.start - 25) : q.start])
        if before and max(0, q.start - 25) + before.start() >= taken_until:
            named.add(k)
        after = words.gross_after.match(lowered[q.end : q.end + 12])
        if after:
            named.add(k)
            taken_until = q.end + after.end()
    if gross:
        return [replace(q, result=True) if k in named else q for k, q in enumerate(found)]
    for m in words.gross_clause.finditer(lowered):  # "…, and the gross is 2 x 1558 = 3116": all the gross's
        named.update(k for k, q in enumerate(found) if m.start("clause") <= q.start < m.end("clause"))
    if named and len(named) < len(found):
        return [q for k, q in enumerate(found) if k not in named]
    return found


def _role_words(lowered: str) -> list[tuple[int, int, str]]:
    words = area_words()
    # 'all new', 'nothing existing': said of the whole building, no figure's role
    said = reader_words()
    whole = [m.span() for pattern in (said.all_new, said.all_existing) for m in pattern.finditer(lowered)]
    found = []
    for role, pattern in words.roles.items():
        for m in pattern.finditer(lowered):
            if any(a <= m.start() < b for a, b in whole):
                continue
            if not words.role_negated.search(lowered[max(0, m.start() - 12) : m.start()]):
                found.append((m.start(), m.end(), role))
    return sorted(found)


def _near(between: str) -> bool:
    """Whether a role word and a figure are close: few words apart and in the same clause. Working
    between them ("adds 2 x 1,450 = 2,900") is no break: its figures were taken out as working."""
    between = p.NUMBER.sub(" ", between)
    return not BREAK.search(between) and len(re.findall(r"[a-z]+", between)) <= NEAR_WORDS


def _bind(lowered: str, found: list[p.Quantity]) -> list[str | None]:
    """The role of each figure: the binding of role words to figures whose figures add up best."""
    words = _role_words(lowered)
    if not found or not words:
        return [None] * len(found)
    options: list[list[int | None]] = []
    for start, end, _ in words:
        after = next((i for i, q in enumerate(found) if q.start >= end), None)
        before = next((i for i in reversed(range(len(found))) if found[i].end <= start), None)
        choices: list[int | None] = []
        gap = lowered[end : found[after].start] if after is not None else ""
        if re.fullmatch(r"\)\s*", gap) and lowered[:start].rstrip().endswith("("):
            gap = " "  # 'rink (existing) 1,104 m²': the role in brackets before its figure
        if after is not None and _near(gap):
            choices.append(after)
        if before is not None and _near(lowered[found[before].end : start]):
            choices.append(before)
        options.append(choices or [None])
    if len(words) > MAX_ROLE_WORDS:
        options = [o[:1] for o in options]
    best: tuple[int, list[str | None]] | None = None
    for combo in product(*options):
        roles: list[str | None] = [None] * len(found)
        clash = False
        for (_, _, role), index in zip(words, combo, strict=True):
            if index is None:
                continue
            if roles[index] not in (None, role):
                clash = True
            roles[index] = role
        if clash:
            continue
        score = _score(found, roles) + sum(1 for index in combo if index is not None)
        if best is None or score > best[0]:
            best = (score, roles)
    return best[1] if best else [None] * len(found)


def _score(found: list[p.Quantity], roles: list[str | None]) -> int:
    """Higher when the figures given roles add up and no role has two different figures."""
    by_role: dict[str, set[float]] = {}
    for q, role in zip(found, roles, strict=True):
        if role:
            by_role.setdefault(role, set()).add(q.value)
    if any(len(values) > 1 for values in by_role.values()):
        return -10
    single = {role: next(iter(values)) for role, values in by_role.items()}
    loose = [q.value for q, role in zip(found, roles, strict=True) if role is None]
    if "total" not in single and len(loose) == 1:
        single["total"] = loose[0]
    if {"existing", "new", "total"} <= set(single):
        return 5 if abs(single["existing"] + single["new"] - single["total"]) <= 1 else -5
    return 0


def _sums_resolved(found: list[Figure]) -> list[Figure]:
    """Among figures without a role, a result ("= 4,800", "so 6,000") or a sum is the total, unless the
    message names its total in words ("…; existing 0, new 210, total 210": the hall's "= 884" is not it)."""
    loose = [f for f in found if f.role is None]
    if len(loose) < 2 or any(f.role == "total" for f in found):
        return found
    results = [f for f in loose if f.result]
    total = results[-1] if results else None
    if total is None:
        total = next(
            (f for f in loose if abs(sum(o.value for o in loose if o is not f) - f.value) <= 1), None
        )
    if total is None:
        return found
    return [f for f in found if f.role is not None] + [
        Figure(total.value, total.written, total.unit, total.approximate, total.result, "total")
    ]


def shown(figure: Figure) -> str:
    """The figure as the consultant wrote it, with its unit."""
    unit = {"m2": " m²", "ft2": " ft²"}.get(figure.unit, "")
    return f"{fmt_number(figure.written)}{unit}"
