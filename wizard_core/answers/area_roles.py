"""Which figure in a sentence is which part of an area: existing, new or total.

A figure counts when it is an area: m² or ft² after it, or no unit and nothing else either
("1,150"). Figures of persons, storeys ("1 sty"), hours, percentages or standards are left out,
and so are figures said to be left out ("another 1,200 m2 below grade, so I've left it out"); a
figure in ft² that restates one in m² ("4,650 m² (50,050 sq ft)") is the same area once.

A role word binds to a figure next to it in the same clause, before ("existing 800") or after
("800 m² existing"). Sentences that can be read both ways ("1200 m2 existing 800 new 400") are
read the way whose figures add up; the figure after "=", "gives" or "so", the one named gross at
the gross area, or the one that is the sum of the others, is the total.

Shown working is checked, never trusted: a figure multiplied out ("2 storeys of 1,200 = 2,400",
"1,850 on each of the two floors") or a sum ("3,400 + 2,900 = 6,300") whose result is not the
figure given makes the message a question naming both figures.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import product

from wizard_core.answers import parsing as p
from wizard_core.answers.base import fmt_number
from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary

NEAR_WORDS = 3  # a role word binds to a figure at most this many words away
MAX_ROLE_WORDS = 7  # beyond this, each role word binds to its nearest figure
SAME_AREA = 0.015  # an m² figure and an ft² figure within 1.5 % are one area said twice
BREAK = re.compile(r"[,;.()\[\]]")
# Where a sentence ends: not at the full stop of "sq. ft", "approx." or "ca.", nor in "1.5".
SENTENCE = re.compile(r"(?<!\bsq)(?<!\bapprox)(?<!\bca)\.(?!\d)|[;!?\n]", re.I)


@dataclass(frozen=True)
class Figure:
    """An area figure as written: its value (m² when converted), unit and role."""

    value: float
    written: float
    unit: str  # "m2", "ft2" or "" (none given)
    approximate: bool
    result: bool
    role: str | None = None


@dataclass(frozen=True)
class Said:
    """What one message says of an area: its figures with their roles; at the gross area, a figure
    given for each storey with nothing it multiplies out to (and the number of storeys, when said),
    which is not the gross area itself; and shown working that does not add up, as the words of a
    question naming both figures."""

    figures: list[Figure] = field(default_factory=list)
    per_storey: tuple[Figure, int | None] | None = None
    doubt: str = ""


class _Words:
    def __init__(self, words: Vocabulary) -> None:
        areas, storeys = words.areas, words.storeys
        self.roles = {role: phrase_pattern(phrases) for role, phrases in areas.roles.items()}
        self.role_negated = re.compile(rf"{alternation(areas.role_negations)}\s*$", re.I)
        self.any_role = phrase_pattern([w for phrases in areas.roles.values() for w in phrases])
        floor = alternation(storeys.storey_words + areas.floors)
        count = rf"(?:(?<![\w,.])\d+|{alternation(words.numbers.words)})"
        self.storey_count_after = re.compile(rf"^[\s-]*{floor}", re.I)
        self.storey_count = re.compile(rf"{count}(?=[\s-]+(?:[a-z-]+\s+)?{floor})", re.I)
        # Before a figure: "2 storeys of", "Five floors at", "4 flrs @", "5 units @", "3 x".
        self.times_before = re.compile(
            rf"(?P<n>{count})\s*(?:(?P<floor>{floor})\s*(?:of|at|@|x|×|\*)|(?:[a-z-]+\s+)?(?:@|x|×|\*))"
            r"\s*(?:about\s+)?$",
            re.I,
        )
        self.times_after = re.compile(
            r"^\s*(?:x|×|\*)\s*(?P<n>\d+)\b(?![,.]\d|\s*(?:m\b|m2|m²|sf|ft|sq))", re.I
        )
        # After a figure: "each", "per floor", "on each of the two office floors", "on both floors".
        self.per_storey_after = re.compile(
            rf"^\s*(?:{alternation(areas.per_storey)}(?!\s+(?:of|other)\b)"
            rf"|{alternation(areas.per_storey_before_floor)}\s+{floor}"
            rf"|(?:on|for|in|over|across)\s+(?:(?:each|every\s+one|all)\s+(?:of\s+)?(?:the\s+)?(?P<n>{count})"
            rf"|(?P<both>both)(?:\s+of\s+the)?)\s+(?:[a-z-]+\s+)?{floor})",
            re.I,
        )
        # Before a figure: "each floor is", "every storey at", "per floor:", "a typical level of".
        self.per_storey_before = re.compile(
            rf"{alternation(areas.per_storey_floor_first)}\s+{floor}\s*(?:is|are|of|at|=|:|-)?\s*(?:about\s+)?$",
            re.I,
        )
        gross = alternation(areas.gross_words)
        self.gross = re.compile(rf"^(?:the\s+)?{gross}$", re.I)
        self.gross_after = re.compile(rf"^\s*{gross}", re.I)
        self.gross_before = re.compile(rf"{gross}\s*(?:is|of|=|:|-)?\s*(?:about\s+)?$", re.I)
        self.left_out_before = re.compile(
            rf"{alternation(areas.left_out_before)}\s+(?:the\s+|an?\s+|another\s+)?(?:[a-z-]+\s+)?$", re.I
        )
        self.left_out_after = re.compile(
            rf"^\s*((?:[a-z'-]+\s+){{0,3}}?){alternation(areas.left_out_after)}", re.I
        )
        self.left_out_it = phrase_pattern(areas.left_out_it)
        self.operator = re.compile(
            r"^\s*(?:[a-z]+\s+)?(?P<op>\+|plus|and|(?<=\s)-|minus|less)\s+(?:[a-z]+\s+){0,2}$", re.I
        )


@cache
def _words() -> _Words:
    return _Words(vocabulary())


def is_gross(title: str) -> bool:
    """Whether an item titled so is the gross area (the areas of all storeys added up)."""
    return bool(_words().gross.match(title.strip()))


def said(text: str, gross: bool = False) -> Said:
    """What ``text`` says of an area; ``gross`` when the item is the gross area."""
    words = _words()
    lowered = p.normalize(text).lower()
    found = [
        q
        for q in p.quantities(text)
        if q.unit in ("m2", "ft2")
        or (q.bare and not words.storey_count_after.match(lowered[q.end : q.end + 12]))
    ]
    found = _named_gross(lowered, _restatements_dropped(_left_out_dropped(lowered, found)), gross)
    balanced = _balanced_sum(lowered, found)
    if balanced is not None:  # '2,352 + 2,240 + 4 x 2,180 = 13,312 sm': the working adds up to its result
        return Said([_figure(balanced, "total")])
    found, per_storey, doubt = _working(lowered, found, gross)
    doubt = doubt or _sum_doubt(lowered, found) or _dimensions_doubt(text)
    if doubt:
        return Said(doubt=doubt)
    roles = _bind(lowered, found)
    return Said(_sums_resolved([_figure(q, role) for q, role in zip(found, roles, strict=True)]), per_storey)


def figures(text: str) -> list[Figure]:
    """The area figures of ``text`` in order, each with the role its words give it."""
    return said(text).figures


def _figure(q: p.Quantity, role: str | None = None) -> Figure:
    value = round(q.value * p.FT2_TO_M2, 1) if q.unit == "ft2" else q.value
    return Figure(value, q.value, q.unit, q.approximate, q.result, role)


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
    words = _words()
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
    return [q for k, q in enumerate(found) if k not in out]


def _labelled(words_after: str) -> bool:
    """Whether the words right after a figure name it a part of the area ("total", "gross")."""
    w = _words()
    return bool(w.any_role.search(words_after) or w.gross_after.match(words_after))


def _named_gross(lowered: str, found: list[p.Quantity], gross: bool) -> list[p.Quantity]:
    """At the gross area a figure named gross ("8,250 m2 gross", "GFA 14,950 ft²") is its total; at
    another area item it is not that item's area, and is left out when other figures remain."""
    words = _words()
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
    if named and len(named) < len(found):
        return [q for k, q in enumerate(found) if k not in named]
    return found


def _working(
    lowered: str, found: list[p.Quantity], gross: bool
) -> tuple[list[p.Quantity], tuple[Figure, int | None] | None, str]:
    """What is left of the figures once shown working is taken out, with a figure given per storey
    (at the gross area) and the doubt of working that does not multiply out.

    A factor whose product is another figure given ("2 storeys of 1,200 = 2,400", "5 units @ 2,990
    sf = 14,950 sf", "1,850 on each of the two floors ... 3,700") is working, not an area, and is
    left out; at another item than the gross area, a storey's area multiplied by the storeys is
    the gross area, and the product is left out instead. Working that does not multiply out to the
    figure given is a doubt. At the gross area a figure given per storey with nothing it multiplies
    out to is taken apart, to be multiplied out and offered, never recorded."""
    words = _words()
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
            per_storey = None if multiples else (_figure(q), None)
            continue
        result = count * q.value
        matches = [k for k in others if abs(found[k].value - result) <= max(1.0, 0.005 * result)]
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
            per_storey = (_figure(q), count)
    return [q for k, q in enumerate(found) if k not in dropped], per_storey, ""


# "38.2 m x 32.7 m = 1,249 m2", "120' x 80' = 9,600 sf": an area worked out from its sides.
DIMENSIONS = re.compile(
    r"(\d[\d,]*(?:\.\d+)?)\s*(m|ft|')?\s*[x×*]\s*(\d[\d,]*(?:\.\d+)?)\s*(m|ft|')?\s*=\s*"
    r"(\d[\d,]*(?:\.\d+)?)\s*(m2|m²|sq\.?\s*m|sm|sf|ft2|ft²|sq\.?\s*ft)\b",
    re.I,
)


def _dimensions_doubt(text: str) -> str:
    """Sides multiplied out wrongly: asked about, never recorded (the sides in metres or feet)."""
    for m in DIMENSIONS.finditer(p.normalize(text)):
        if not (m[2] or m[4]):
            continue  # "3 x 1,200 = 3,600": storeys times an area, checked with the working
        a, b, area = (float(m[k].replace(",", "")) for k in (1, 3, 5))
        if abs(a * b - area) > max(1.0, 0.005 * a * b):
            return f"{m[1]} × {m[3]} is {fmt_number(round(a * b, 1))}, not {m[5]} {m[6]}"
    return ""


def _adds_up_with(found: list[p.Quantity], others: list[int], product: float) -> int | None:
    """The figure the product and every other figure add up to, if one does (the working's total)."""
    for total in others:
        parts = product + sum(found[k].value for k in others if k != total)
        if len(others) > 1 and abs(found[total].value - parts) <= max(1.0, 0.005 * parts):
            return total
    return None


_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_AREA_UNIT = r"(?:m2|m²|sm|sf|ft2|ft²|sq\.?\s*(?:ft|m))"
_TERM = rf"(?:\d{{1,2}}\s*[x×*]\s*)?{_NUMBER}(?:\s*{_AREA_UNIT})?"
_EQUATION = re.compile(rf"(?<![\w.,])({_TERM}(?:\s*\+\s*{_TERM})+)\s*=\s*({_NUMBER})(?![\d,.]\d)", re.I)


def _balanced_sum(lowered: str, found: list[p.Quantity]) -> p.Quantity | None:
    """The result of the last sum shown in full that adds up ('1,200 + 1,150 + 3 x 1,020 = 5,410'),
    its terms in one unit; None when no sum is shown whole or it does not add up (asked about)."""
    for equation in reversed(list(_EQUATION.finditer(lowered))):
        terms = re.split(r"\s*\+\s*", equation[1])
        units = {bool(re.search(r"sf|ft", t)) for t in terms if re.search(_AREA_UNIT, t)}
        if len(units) > 1:
            continue
        total = 0.0
        for term in terms:
            times = re.match(rf"(\d{{1,2}})\s*[x×*]\s*({_NUMBER})", term)
            number = times[2] if times else re.match(_NUMBER, term)[0]  # type: ignore[index]
            total += (int(times[1]) if times else 1) * float(number.replace(",", ""))
        value = float(equation[2].replace(",", ""))
        if abs(total - value) > max(1.0, 0.005 * value):
            return None
        at = equation.start(2)
        return next((q for q in found if q.start <= at < max(q.end, q.start + 1)), None)
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
    counts = {p.word_number(m[0]) for m in _words().storey_count.finditer(lowered)} - {None}
    return counts.pop() if len(counts) == 1 else None


def _sum_doubt(lowered: str, found: list[p.Quantity]) -> str:
    """A shown sum whose result is not what its figures add up to ("3,400 + 2,900 = 6,200 sf"), as
    the words of a question naming both; "" when every sum shown adds up."""
    words = _words()
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


def _role_words(lowered: str) -> list[tuple[int, int, str]]:
    words = _words()
    found = []
    for role, pattern in words.roles.items():
        for m in pattern.finditer(lowered):
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
        if after is not None and _near(lowered[end : found[after].start]):
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
    """Among figures without a role, a result ("= 4,800", "so 6,000") or a sum is the total."""
    loose = [f for f in found if f.role is None]
    if len(loose) < 2:
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
