"""Whole-number answers (3.09 streets), within the item's minimum and maximum.

A figure counts when it is tied to what the item counts: the noun of its title ("Number of
streets" counts streets) right after it, or nothing after it at all. Figures with another unit or
noun around them ("62 % of the perimeter", "within 15 m", "NFPA 13", "three sides") are left out.
"""

from __future__ import annotations

import re
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading, fmt_number
from wizard_core.content import FormItem
from wizard_core.models import ProjectState

COUNTED = re.compile(r"\bnumber of (\w+)", re.IGNORECASE)
# "a street" counts one, but not against a leading count ("Three. … within 15 m of a street").
ARTICLES = ("a", "an")


def _schema(item: FormItem) -> dict[str, Any]:
    return {"type": "integer", "minimum": item.minimum, "maximum": item.maximum}


def _validate(item: FormItem, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise ValueError("expected a whole number")
    low = item.minimum if item.minimum is not None else float("-inf")
    high = item.maximum if item.maximum is not None else float("inf")
    if not low <= value <= high:
        raise ValueError(f"expected a number from {fmt_number(low)} to {fmt_number(high)}")
    return int(value)


def _describe(item: FormItem, value: Any) -> str:
    return str(value)


def counted_noun(item: FormItem) -> re.Pattern[str] | None:
    """The noun the item counts, singular or plural ('Number of streets' -> street, streets)."""
    match = COUNTED.search(item.title)
    if not match:
        return None
    stem = re.escape(match[1].rstrip("s"))
    # One word may stand between ("two public streets"), not a preposition: "the one about streets"
    # is the item, not a count. The noun in a compound ("no street-dependent area") counts nothing.
    between = rf"(?:(?!(?:{'|'.join(_PREPOSITIONS)})\b)\w+[\s-]+)?"
    return re.compile(rf"^[\s-]*{between}{stem}s?\b(?!-\w)", re.IGNORECASE)


_PREPOSITIONS = ("about", "of", "on", "for", "with", "in", "at", "to", "from", "along", "by", "per", "re")


def figures(item: FormItem, text: str) -> list[int]:
    """The whole numbers in ``text`` that count what the item counts (tied ones first, if any)."""
    noun = counted_noun(item)
    lowered = p.normalize(text).lower()
    tied: list[int] = []
    loose: list[int] = []
    for q in p.quantities(text):
        if q.unit or q.standard or q.value != int(q.value) or "." in lowered[q.start : q.end]:
            continue  # '50.0' is a measure written to its tenth, never a count
        if noun is not None and noun.match(lowered[q.end : q.end + 30]):
            if not _supposed(lowered, q.start):
                tied.append(int(q.value))
        elif not q.counted:
            loose.append(int(q.value))
    articled: list[int] = []  # "a street"
    for m in re.finditer(p.lexicon().counts, lowered):  # "two streets", "a single street"
        counts = noun is not None and noun.match(lowered[m.end() : m.end() + 30])
        if counts and not _supposed(lowered, m.start()):
            (articled if m[0] in ARTICLES else tied).append(p.word_number(m[0]) or 0)
    spelled = list(re.finditer(p.lexicon().number_words, lowered))
    if len(spelled) == 1 and not re.sub(p.lexicon().number_words, "", lowered).strip(" .,;:!"):
        loose.append(p.word_number(spelled[0][0]) or 0)  # "Two."
    match = COUNTED.search(item.title)
    if match:  # "Streets = 1.", "streets: 2" after the working: the count as the consultant settles it
        stem = re.escape(match[1].rstrip("s").lower())
        # 'Streets<TAB>1<TAB>broadway only - 48 of 169 m' pasted from a sheet: the cell beside the label
        settled = re.findall(
            rf"\b{stem}s?\s*(?:=|:|;|\t|\bis\b|\bare\b)\s*(\d+)(?![.,]\d)"
            r"(?=[ \t]*(?:[.,;)(\t\n\u2014\u2013]|-\s|$))",
            lowered,
        )
        if settled:
            return [int(settled[-1])]
    lead = _leading(lowered)
    if lead is not None:  # "Two, like I said: ...", "Just the one, Main Street. ...": the answer itself
        return [lead, *tied]
    return tied or articled or loose  # "within 15 m of a street" does not count beside "2 streets"


# a count said of a case that is not the building's: 'the 50 % for two streets', 'without the fire route
# it'd be 59.7 m, 50 %, i.e. 2 streets', 'would need three streets'
_SUPPOSED = re.compile(
    # ("I'd argue 2 — … — but it isn't built to 3.2.5, so no": a case argued and given up)
    r"\b(?:for|would(?:\s+\w+)?|it'?d(?:\s+\w+)?|without\b[^.;]*|if\b[^.;]*|unless\b[^.;]*|short\s+of|needs?|needed"
    r"|(?:i'?d|i\s+would|i\s+could|you\s+could|one\s+could|we\s+could)\s+(?:argue|say|make\s+a\s+case\s+for)|arguably"
    r"|to\s+(?:get|reach|make))\W*(?:be\W+)?(?:[^.;!?]{0,40}?\b(?:ie|so|that'?s)\W*)?$"
)


def _supposed(lowered: str, at: int) -> bool:
    """Whether the count at ``at`` is said of a case supposed or compared, within its sentence."""
    before = lowered[:at].replace("i.e.", "i,e,").replace("e.g.", "e,g,")  # (no stops of a sentence)
    start = max((m.end() for m in re.finditer(r"[.;!?\n](?!\d)", before)), default=0)
    said = re.sub(r"(?<=\d)\.(?=\d)", ",", before[max(start, at - 80) :]).replace("i,e,", "ie")
    return bool(_SUPPOSED.search(said))


def _leading(lowered: str) -> int | None:
    """A number word or bare figure opening the message as an answer of its own ("Three. The
    hospital takes up the block…"): followed by a stop, a comma, a dash or the end, not a noun."""
    match = re.match(
        rf"^\W*(?:(?:just|only|exactly|simply|well|so|yes|ok|okay|it's|its|it is|that's|there's|there are)"
        rf"[\s,]+)*(?:the\s+)?(?P<n>{p.lexicon().number_words}|\d+)(?=\s*(?:[.,;:!)(\u2014-]|→|$))",
        lowered,
    )
    if not match:
        return None
    if match["n"].isdigit() and re.match(r"\s*[.,]\d", lowered[match.end() :]):
        return None  # "2.5", "1,200": a figure with more to it
    return p.word_number(match["n"])


# a sentence concluding on the count: 'Accordingly, the building faces one Street.', 'It follows that …'
_CONCLUDING = re.compile(
    r"^\W*(?:accordingly|it\s+follows(?:\s+that)?|therefore|thus|hence|so|in\s+(?:short|all|total))\b", re.I
)


# a clause drawing a conclusion within a sentence ('… 89%, over 75%, so three streets')
_SO = re.compile(
    r"(?:^|[,;:\u2014]|\s)\s*(?:so|therefore|thus|hence|accordingly)\s+(?P<rest>[^.;!?,]*)", re.I
)
_SHORT_SENTENCE = 3  # words: 'one street.' said after the reasoning


def _concluded(item: FormItem, text: str) -> int | None:
    """The one figure the message concludes on, else None: its last sentence's when that sentence draws
    the conclusion, else the last 'so …' clause or few-word sentence that gives one ('so three streets',
    '… so i'm not counting it. one street.')."""
    sentences = [s for s in re.split(r"(?<=[.!?])\s+|\n+", text.strip()) if s.strip()]
    if len(sentences) < 2:
        return None
    if _CONCLUDING.search(sentences[-1]):
        values = set(figures(item, sentences[-1]))
        return values.pop() if len(values) == 1 else None
    found: list[int] = []
    for sentence in sentences:
        clauses = [m["rest"] for m in _SO.finditer(sentence)]
        if len(re.findall(r"[\w.]+", sentence)) <= _SHORT_SENTENCE:
            clauses.append(sentence)
        for clause in clauses:
            values = set(figures(item, clause))
            if len(values) == 1 and counted_noun(item) is not None and _ties(item, clause):
                found.append(values.pop())
    return found[-1] if found else None


def _ties(item: FormItem, clause: str) -> bool:
    """Whether the clause names its count with the item's noun ('three streets'), not a bare figure."""
    noun = counted_noun(item)
    lowered = p.normalize(clause).lower()
    counts = [m.end() for m in re.finditer(rf"{p.lexicon().counts}|\d+", lowered)]
    return noun is not None and any(noun.match(lowered[end : end + 30]) for end in counts)


CONCLUDED_CONFIDENCE = 0.75  # the count the reasoning ends on, other counts named on the way: to confirm


def read_integer(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    low, high = int(item.minimum or 0), int(item.maximum or 10**9)
    for text in reversed(texts):
        values = figures(item, text)
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
            concluded = _concluded(item, text)
            if concluded is not None and low <= concluded <= high:
                others = ", ".join(map(str, values))
                note = f"{concluded} read from your conclusion, the other figures ({others}) on the way"
                return Reading(concluded, True, confidence=CONCLUDED_CONFIDENCE, notes=[note])
            return Reading(
                missing=f"a single number from {low} to {high} (you gave {', '.join(map(str, values))})"
            )
    return Reading(missing=f"a number from {low} to {high}")


INTEGER = AnswerType("integer", "a whole number", _schema, _validate, _describe, read_integer)
ANSWER_TYPES = (INTEGER,)
