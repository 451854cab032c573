"""What a thread says about the required fire-resistance ratings (3.21), assembly by assembly.

A rating is read per assembly, named as the OAA sheet names it or by the element the 3.10 articles
rate; 'use what the article requires' asks for the articles' own figures instead of any given before;
a rating of the supporting members applies to every assembly.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from wizard_core.answers.wording.messages import (
    BLANK,
    ESTIMATE,
    CellProblem,
    Table,
    classify_headers,
    is_chat,
    split_outside_brackets,
    table_and_lines,
    without_heading,
)
from wizard_core.engine import parse_ratings
from wizard_core.engine.assemblies import ELEMENTS

# "Use what the article requires", "as required by 3.2.2.60", "per code".
AS_REQUIRED = re.compile(
    r"\b(?:as|what(?:ever)?|per)\b[\w\s]{0,25}?\b(?:requir\w*|article|code|table|3\.10|classification)\b"
    r"|\brequired\s+ratings?\b|\bminimums?\b|\bwork\s+(?:it|them)\s+out\b|\bcalculate\b|\bcompute\b"
    r"|\b(?:article|code|3\.2\.2\.\d+[a-z]?)'?s?\s+(?:ratings?|figures?|requirements?|values?)\b|\bto\s+code\b",
    re.I,
)
ELEMENT_ASSEMBLY = {element: name for name, element in ELEMENTS.items()}
SPECIFIC = ("floors_over_basement", "storeys_below_grade", "mezzanine")
_ESTIMATE_RATING = re.compile(r"(?:~|≈|\babout\b|\baround\b|\bapprox\w*|\broughly\b)\s*\d", re.I)
_NOT_THERE = re.compile(
    r"\b(?:n/?a|not\s+applicable|none|nothing\s+to\s+(?:be\s+)?rated?|no\s+(?:mezzanines?|basements?"
    r"|storeys?\s+below(?:\s+grade)?))\b",
    re.I,
)
_NO_RATING = re.compile(
    # ('0 h', '0.0 h'; not the '0 h' inside '1.0 h' or '2.0 hr')
    r"\b(?:no\s+(?:\w+\s+)?rating|without\s+(?:a\s+|any\s+)?(?:rating|frr)|not\s+rated|unrated|no\s+frr|(?<![\d.])0(?:\.0+)?\s*h(?:rs?|ours?)?\b|waived"
    r"|(?:carr(?:y|ies)|has|have|needs?|requires?|gets?)\s+(?:none|no\s+(?:rating|frr))"
    # 'mezz — none req'd': the assembly is there, and needs no rating
    r"|\bnone\s+(?:req'?d|required|needed)\b)",
    re.I,
)
_NONE = re.compile(r"\b(?:none|nil|nothing)\b", re.I)
_ASIDES = re.compile(r"\([^()]*\)")
_TIMED = re.compile(r"\d\s*-?\s*(?:h|min)", re.I)
_IN_LIEU = re.compile(r"non-?combustible\s+(?:construction\s+)?(?:in\s+lieu|instead)|\bin\s+lieu\b", re.I)
_NAMES = (
    (
        "floors_over_basement",
        re.compile(
            r"(?:floors?|assembl\w*)\s+(?:over|above)\s+(?:the\s+)?(?:(?:single|one|only|existing|old|new)\s+)?"
            r"(?:basements?|cellars?|lower\s+levels?|[bp]\d\b)",
            re.I,
        ),
    ),
    (
        "storeys_below_grade",
        re.compile(r"below[\s-]+grade|below[\s-]+ground|underground|basements?|b\d\b|p\d\b", re.I),
    ),
    ("mezzanine", re.compile(r"mezz", re.I)),
    ("roof", re.compile(r"roof", re.I)),
    # not 'one storey': the building's storeys counted, no floor assembly
    ("floors", re.compile(r"floors?|(?<!one )(?<!single )(?<!1 )(?<!single-)storeys?", re.I)),
)
_HEADER_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("lieu", re.compile(r"lieu|noncombustible|non-combustible|\bnc\b", re.I)),
    ("supporting", re.compile(r"support|load[\s-]*bearing|structur|columns?", re.I)),
    ("rating", re.compile(r"rating|frr|required|hours?|\bh\b|min", re.I)),
    ("assembly", re.compile(r"assembl|\bassy\b|element|item|name|floor|horizontal", re.I)),
]


def assembly_of(text: str) -> str:
    """The assembly a name stands for ('Floor over bsmt' -> floors_over_basement), or ''."""
    text = re.sub(r"\bbsmts?\b", "basement", text, flags=re.I)  # 'FLR OVER BSMT': the trade's shorthand
    text = re.sub(r"\bflrs?\b", "floor", text, flags=re.I)
    for name, pattern in _NAMES:
        if pattern.search(text):
            return name
    return ""


@dataclass
class Thread:
    """What the consultant's texts give per assembly, and what they say besides."""

    given: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: dict[str, list[str]] = field(default_factory=dict)
    supporting: float | None = None
    as_required: bool = False
    estimates: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def read_thread(number: str, texts: list[str]) -> Thread:
    """What the thread's ``texts`` (oldest first) give for item ``number``, assembly by assembly."""
    thread = Thread()
    for text in texts:
        _read_text(without_heading(text, number), thread)
    return thread


def _read_text(text: str, thread: Thread) -> None:
    text = re.sub(r"\bbsmt\b", "basement", text, flags=re.I)
    table, lines = table_and_lines(text)
    if table is not None and table.header is not None and assembly_of(table.header[0]):
        # "Floors | N.A." over "Mezz | no rating req'd": label and value rows, no header; a line each
        lines = [" ".join(c for c in row if c.strip()) for row in [table.header, *table.body]] + lines
        table = None
    if table is not None and table.header is not None:
        _table(table, thread)
    if AS_REQUIRED.search(text) and not parse_ratings(text):
        thread.given.clear()  # what the articles require, instead of any rating given before
        thread.problems.clear()
        thread.estimates.clear()
        thread.as_required = True
        return
    before = ""
    for line in lines:
        line, before = _label_carried(line, before), line
        if not _line(line, thread) and not is_chat(line):
            thread.notes.append(line)
    if _ONE_BELOW.search(text) and "storeys_below_grade" not in thread.given:
        # 'Only one storey below, so 3.2.2.15 doesn't kick in': no storeys below grade to rate as such
        thread.given["storeys_below_grade"] = {"rating_h": None, "absent": True}


# Where an assembly is named: a part naming several ("one storey no basement the mezzanine is steel so
# no rating and no roof rating", as dictated) is read a piece for each
_NAMED = re.compile(
    r"(?:\b(?:and\s+)?(?:no|the|its|a)\s+)?\b(?:floors?\s+over\s+(?:the\s+)?(?:basement|lower\s+level|cellar)"
    r"|basement|lower\s+level|cellar|mezz\w*|roof)\b",
    re.I,
)


def names_assembly(text: str) -> bool:
    """Whether words name an assembly (a basement, the mezzanine, the roof, a floor over one)."""
    return _NAMED.search(text) is not None


def assemblies_named(text: str) -> set[str]:
    """The assemblies words name, each as one of the assemblies a basement's words may stand for."""
    found = set()
    for m in _NAMED.finditer(text):
        word = m.group().lower()
        if "mezz" in word:
            found.add("mezzanine")
        elif "roof" in word:
            found.add("roof")
        else:
            found.add("below")
    return found


def _in_brackets(text: str, at: int) -> bool:
    return text.count("(", 0, at) > text.count(")", 0, at)


def _by_assembly(part: str) -> list[str]:
    # (not at an assembly named again in brackets: '… (the existing storage mezzanine; … sets none)')
    starts = [m.start() for m in _NAMED.finditer(part) if not _in_brackets(part, m.start())]
    if len(starts) < 2:
        return [part]
    cuts = [0, *starts[1:], len(part)]
    return [part[a:b] for a, b in itertools.pairwise(cuts) if part[a:b].strip()]


# A rating said under a condition the building does not meet: "45 min only if it is combustible", "would
# need 1 h if it were wood" — the clause's conclusion ("…, so no rating") is the assembly's.
_CONDITIONAL = re.compile(
    r"\bonly\s+(?:if|when|where)\b|\bif\s+(?:it\s+|they\s+)?(?:is|are|were|was|be|had\s+been)\b"
    r"|\bwould\s+(?:need|require|get|have)\b|\bunless\b|\bif\s+combustible\b"
    # 'the deep-basement 2 h rule doesn't apply': a rating of a rule said not to apply
    r"|\b(?:rule|requirement|provision|clause|sentence)s?\b[^,;]{0,20}?\b(?:doesn'?t|does\s+not|don'?t|do\s+not"
    r"|won'?t|isn'?t|is\s+not|not)\s+(?:apply|applies|applicable|triggered|kick\s+in)\b"
    # 'the 45 min that applies only to a combustible roof doesn't kick in', 'the rating only applies where
    # it's wood' (a rating's reach; not an article's: '3.2.2.15 only applies to more than one storey')
    r"|\b(?:min(?:utes?)?|h|hrs?|hours?|rating|frr)\b[^,;()]{0,40}?"
    r"\b(?:(?:applies|apply|needed|required|asked)\s+only|only\s+(?:applies|apply|counts?))"
    r"\s+(?:to|for|where|if|when)\b"
    r"|\bonly\s+(?:for|to|on)\s+(?:a\s+)?combustible\b"
    r"|\b(?:doesn'?t|does\s+not|don'?t|won'?t)\s+(?:kick\s+in|come\s+into\s+play)\b",
    re.I,
)
# the conclusion of a condition for every assembly named before it: 'so neither needs a rating'
_NEITHER = re.compile(
    r"\b(?:so|hence|therefore|thus)\s+(?:neither|none\s+of\s+them|both\s+(?:are|get|need)\s+(?:none|no\s+rating))\b",
    re.I,
)
# A clause's conclusion about the assembly it named before: "…, and it is steel, so no rating", "so none".
_CONCLUDED_NONE = re.compile(
    r"\b(?:so|hence|therefore|thus)\s+(?:there\s+is\s+|it\s+(?:has|gets|needs)\s+)?(?:none|no\s+(?:\w+\s+)?rating|not\s+rated)\b",
    re.I,
)


# A rating on its own, in the cell after its assembly's label: "1 h", "45 min", "2 hr".
_RATING_ALONE = re.compile(r"(\d+(?:\.\d+)?)\s*-?\s*(h|hrs?|hours?|min|mins|minutes)\.?", re.I)
# Working that ends on no rating: "roof > 6 m above the ice -> 0", "… = 0 h".
_ENDS_ON_ZERO = re.compile(r"(?:->|→|=|\bso)\s*0(?:\.0+)?\s*(?:h|hrs?|hours?|min)?\W*$", re.I)


# a reading of the consultant's own set aside for the one they give: 'I had it as no rating because …'
_SET_ASIDE_READING = re.compile(
    r"\b(?:i|we)(?:'d|\s+had|\s+originally\s+had|\s+first\s+had|\s+initially\s+had)\s+(?:it|this|that|them)\s+"
    r"(?:as|at|down\s+as)\b.*$|\b(?:i|we)\s+(?:first|originally|initially)\s+(?:thought|said|had)\b.*$",
    re.I | re.S,
)
_SO_RATING = re.compile(r"\s*(?:so|hence|therefore|thus)\s+(?:it'?s\s+|it\s+is\s+)?\d", re.I)
# a rating said as the one built, after what the code asks of the assembly named before it
_BUILT = re.compile(
    r"\b(?:built|provided|designed|constructed|we(?:'re|\s+are)\s+(?:doing|giving\s+it))\b", re.I
)
_CLAUSE_STOP = re.compile(r"[;\n]|(?<!\d)\.(?:\s|$)")
_COMMA = re.compile(",")


# 'gives no mezzanine or roof rating', 'no floor, mezzanine or roof ratings': 'no' over every assembly listed
_NO_LISTED_RATING = re.compile(
    r"\bno\s+((?:(?:the\s+)?(?:mezz\w*|roofs?|floors?|basements?)\s*(?:,|\bor\b|\band\b|\bnor\b|/)\s*)+"
    r"(?:the\s+)?(?:mezz\w*|roofs?|floors?|basements?))\s+(ratings?|frrs?)\b",
    re.I,
)


def _no_rating_each(m: re.Match[str]) -> str:
    names = [n for n in re.split(r"\s*(?:,|\bor\b|\band\b|\bnor\b|/)\s*", m[1]) if n.strip()]
    return "; ".join(f"no {name.strip()} {m[2]}" for name in names)


def _line(line: str, thread: Thread) -> bool:
    """Read the ratings one line gives into the thread; False when it gives none."""
    read = False
    line = _NO_LISTED_RATING.sub(_no_rating_each, line)
    # "floors n/a | mezz = 1 h | roof …": bars between assemblies set them apart; "Roof | 45 min | …",
    # a label and its cells, is one row
    cells = re.split(r"\||\s/\s", line)  # "no bsmt / no floors / mezz 1 h / roof none": slashes too
    pieces = cells if sum(1 for cell in cells if assembly_of(cell)) > 1 else [line]
    for piece in pieces:
        for clause in split_outside_brackets(_CLAUSE_STOP, piece):
            read = _clause(clause, thread) or read
    return read


# one storey below grade said to leave the deep-basement row without a rating
_ONE_BELOW = re.compile(
    r"\b(?:only|just)\s+(?:one|1|a\s+single)\s+(?:storey|story|level)\s+below(?:\s+grade)?\b"
    r"|\b(?:one|1|a\s+single)\s+(?:storey|story|level)\s+below(?:\s+grade)?\s*[,;]?\s*(?:so\s+)?"
    r"(?:nothing|no\s+rating|none)\b"
    r"|\b3\.2\.2\.15\b[^.;]{0,30}?\b(?:doesn'?t|does\s+not|won'?t|not)\s+(?:apply|kick\s+in|bite)",
    re.I,
)
# a 'none' opening a line, for the assembly the line before labelled: '(a) storeys below grade: one
# basement only; N/A. (b) …'
_NONE_OPENING = re.compile(
    r"^\W*(?:n/?a|not\s+applicable|nil|none|no\s+rating(?:\s+required)?)\s*(?:[.;]|$)", re.I
)


def _label_carried(line: str, before: str) -> str:
    """``line`` with the label of the line before's last clause set before a 'none' it opens with."""
    if not _NONE_OPENING.match(line):
        return line
    last = [c for c in split_outside_brackets(_CLAUSE_STOP, before) if c.strip()]
    head = last[-1].rsplit(":", 1)[0] if last and ":" in last[-1] else ""
    return f"{head.strip()}: {line.strip()}" if head and assembly_of(head) else line


def _clause(clause: str, thread: Thread) -> bool:
    """Read one clause (between stops): its parts between commas, a conclusion ("so no rating") going to
    the assembly the clause named last."""
    read = False
    last = ""
    if _CONDITIONAL.search(clause) and (neither := _NEITHER.search(clause)):
        # 'roof 45 min and mezzanine 45 min only if combustible - we're steel, so neither needs a rating'
        conditioned = {assembly_of(piece) for piece in _by_assembly(clause[: neither.start()])} - {""}
        for name in conditioned:
            thread.given[name] = {**thread.given.get(name, {}), "rating_h": 0.0}
            thread.problems.pop(name, None)
        if conditioned:
            return True
    parts = [piece for part in split_outside_brackets(_COMMA, clause) for piece in _by_assembly(part)]
    parts = [_SET_ASIDE_READING.sub("", part) for part in parts]  # 'I had it as no rating because …'
    for part in parts:
        named_here = assembly_of(part)
        if _CONDITIONAL.search(part) and named_here:
            last = named_here
            continue  # a rating under a condition is not the assembly's rating
        concluded = any(x.search(part) for x in (_CONCLUDED_NONE, _NO_RATING, _ENDS_ON_ZERO))
        alone = _RATING_ALONE.fullmatch(part.strip())
        if not named_here and last and alone and "rating_h" not in thread.given.get(last, {}):
            # "Mezz (booth), 1 h, steel": a row's label, then its rating in a cell of its own
            hours = float(alone[1]) if alone[2].startswith("h") else float(alone[1]) / 60
            thread.given[last] = {**thread.given.get(last, {}), "rating_h": round(hours, 2)}
            thread.problems.pop(last, None)
            read = True
            continue
        built = (_BUILT.search(part) or _SO_RATING.match(part)) if not named_here and last else None
        # ('so 45 min it is': the rating the reasoning settles on for the assembly named before)
        timed_built = _RATING_ALONE.search(part[built.start() :]) if built else None
        if timed_built:  # 'the articles only ask 45 min for the floor, but … so it's built 1 h'
            hours = float(timed_built[1]) if timed_built[2].startswith("h") else float(timed_built[1]) / 60
            thread.given[last] = {**thread.given.get(last, {}), "rating_h": round(hours, 2)}
            thread.problems.pop(last, None)
            read = True
            continue
        if not named_here and last and concluded:
            thread.given[last] = {**thread.given.get(last, {}), "rating_h": 0.0}
            thread.problems.pop(last, None)
            read = True
            continue
        if named_here:
            last = named_here
        outside = _ASIDES.sub(" ", part)  # "2 h FS (the article's 2 h governs; 3.2.1.4's 45 min …)"
        ratings = parse_ratings(outside if _TIMED.search(outside) else part)
        support = ratings.pop("loadbearing", None)
        if support is not None:
            thread.supporting = round(support / 60, 2)
            read = True
        specific = assembly_of(part)  # "floor over B1" is the floor over the basement, not "floors"
        named = [ELEMENT_ASSEMBLY[e] for e in ratings] or ([specific] if specific else [])
        if specific in SPECIFIC and len(ratings) <= 1:
            named = [specific]
        if not named or (re.search(r"load[\s-]*bearing|support|column", part, re.I) and not ratings):
            continue
        timed = _TIMED.search(part)
        if timed and _NOT_THERE.search(outside) and not _TIMED.search(outside):
            timed = None  # "floors - n/a (the article's 2 h floor has nothing to act on)": the 2 h an aside
            ratings = {}
        for name in named:
            row: dict[str, Any] = {}
            if _IN_LIEU.search(part):
                row["noncombustible_in_lieu"] = True
            if (
                _NO_RATING.search(part)
                or _ENDS_ON_ZERO.search(part)
                or (name == "roof" and _NONE.search(part) and not timed)
            ):
                row["rating_h"] = 0.0  # a roof is always there: "roof: none" is no rating
            elif _NOT_THERE.search(part) and not timed:
                row.update(rating_h=None, absent=True)
            elif ratings:
                element = ELEMENTS[name]
                row["rating_h"] = round(ratings.get(element, max(ratings.values())) / 60, 2)
            if not row:
                continue
            if _ESTIMATE_RATING.search(part) or ESTIMATE.search(part):
                thread.estimates.append(f"'{part.strip()}' is an estimate; give the rating exactly")
            thread.given[name] = {**thread.given.get(name, {}), **row}
            thread.problems.pop(name, None)
            read = True
    return read


def _table(table: Table, thread: Thread) -> None:
    found = classify_headers(table.header or [], _HEADER_RULES)
    names = found.get("assembly") or [(table.header or [""])[0]]
    for record in table.records():
        said = next((record[h].strip() for h in names if record.get(h, "").strip()), "")
        named = assembly_of(said)
        if not named:
            rated = [record.get(h, "") for kind in ("rating", "supporting") for h in found.get(kind, [])]
            if said and any(_TIMED.search(c) or re.fullmatch(r"\s*\d+(?:\.\d+)?\s*", c) for c in rated):
                # a rating given on a row no assembly is named by: asked about, never left out unsaid
                thread.problems[said] = [
                    f"row '{said}': which assembly is it (storeys below grade, floors over basement, floors, "
                    "mezzanine or roof)?"
                ]
            elif said:
                thread.notes.append(" ".join(c for c in record.values() if c.strip()))
            continue
        row: dict[str, Any] = {}
        problems: list[str] = []
        for kind in ("rating", "supporting"):
            for header in found.get(kind, []):
                cell = record.get(header, "").strip()
                if BLANK.match(cell):
                    continue
                got = _hours_cell(cell)
                if got is None:
                    problems.append(
                        CellProblem(
                            said, table.title(header), cell, "expected a rating such as 1 h or 45 min"
                        ).text()
                    )
                elif got == "absent":
                    row["rating_h" if kind == "rating" else "supporting_h"] = None
                    row["absent"] = kind == "rating"
                else:
                    row["rating_h" if kind == "rating" else "supporting_h"] = got
        for header in found.get("lieu", []):
            cell = record.get(header, "").strip().casefold()
            if cell in ("yes", "y", "x", "✓", "true", "nc", "noncombustible"):
                row["noncombustible_in_lieu"] = True
        if problems:
            thread.problems[named] = problems
            continue
        thread.problems.pop(named, None)
        if ESTIMATE.search(" ".join(record.values())):
            thread.estimates.append(f"row '{said}' is an estimate; give the rating exactly")
        thread.given[named] = {**thread.given.get(named, {}), **row}


def _hours_cell(cell: str) -> float | str | None:
    """A rating cell in hours: '1 h', '45 min', '1.5', 'none' (0), 'n/a' (the assembly is absent)."""
    if re.fullmatch(r"n/?a|not\s+applicable|-", cell, re.I):
        return "absent"
    if _NO_RATING.search(cell) or re.fullmatch(r"none|nil|0", cell, re.I):
        return 0.0
    ratings = parse_ratings(f"floors {cell}")
    if "floors" in ratings:
        return round(ratings["floors"] / 60, 2)
    bare = re.fullmatch(r"(\d+(?:\.\d+)?)", cell)
    if bare and float(bare[1]) <= 4:
        return float(bare[1])
    return None
