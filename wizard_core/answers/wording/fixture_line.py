"""One line of a consultant's words on plumbing fixtures (3.23) read: the water closets, barrier-free
stalls and universal washrooms provided or required, the 3.18 floor it is about, and a
male:female split.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from wizard_core.answers import parsing as p
from wizard_core.answers.wording.floors import FLOOR, floor_key, floor_name
from wizard_core.answers.wording.load_floors import floor_range
from wizard_core.answers.wording.messages import ESTIMATE, rounding_shown

RATIO = re.compile(r"\b(\d{1,3})\s*[:/]\s*(\d{1,3})\b")
_RATIO_WORDS = re.compile(
    r"\b(\d{1,3})\s*%?\s*(?:male|men|m)\b.{0,12}?\b(\d{1,3})\s*%?\s*(?:female|women|f)\b"
    r"|\b(?:male|men)\s*:?\s*(\d{1,3})\s*%?.{0,12}?\b(?:female|women)\s*:?\s*(\d{1,3})\s*%?",
    re.I,
)
_COUNT = r"(\d+|\b(?:one|two|three|four|five|six|an?)\b)"  # 'a' a word of its own, not staff's
_SEXES = r"(?:\s*(?:m|male|men'?s?)\s*(?:\+|and|&|/|,)\s*(\d+)\s*(?:f|female|women'?s?))"
_KINDS = {
    "universal": r"(?:universal|uw|unisex\s+barrier[\s-]*free)\s*"
    r"(?:washrooms?|wcs?|w\.c\.s?|toilet\s+rooms?|rooms?)?",
    "bf": r"(?:barrier[\s-]*free|b\.?f\.?|accessible|ambulant|ambulatory)\s*"
    r"(?:wcs?|w\.c\.s?|water\s+closets?|stalls?|toilets?|enclosures?|cubicles?)?",
    "wc": r"(?:water\s+closets?|wcs?|w\.c\.s?|toilets?)",
}
# up to two words describing the fixture ('6 child size WCs'), none that counts something else
_DESCRIBED = (
    r"(?:(?!(?:per|for|each|of|to|in|a|an|the|with|and|or|plus|persons?|people|kids|children|rooms?|"
    r"units?|suites?|residents?|patients?|beds?|staff|employees|sex|required|provided)\b)[a-z][a-z'-]*\s+){0,2}?"
    # '2 staff wcs': whose fixtures, not a count
    r"(?:(?:staff|public|patrons?|customers?|visitors?)(?:'s|')?\s+)?"
)
_BEFORE = {  # ('1 in the staff UWR': where the count is)
    kind: re.compile(rf"{_COUNT}{_SEXES}?\s*(?:x\s*)?(?:in\s+the\s+)?{_DESCRIBED}{noun}", re.I)
    for kind, noun in _KINDS.items()
}
_AFTER = {
    kind: re.compile(rf"\b{noun}\s*(?:provided)?\s*[:=]\s*{_COUNT}\b{_SEXES}?", re.I)
    for kind, noun in _KINDS.items()
}
_PER_SEX = re.compile(
    r"\b(?:per|each|for\s+each|for\s+both)\s+(?:sex|gender|washroom)\b|\bprovided\s+each\b|\beach\s*(?:m|f)\b|\bper\s+side\b",
    re.I,
)
_REQUIRED = re.compile(r"requir|req'?d|\breq\b|\bneeded\b|\bminimum\b|\bmin\.?\b", re.I)
# the word right before a count that makes it a requirement ('required: 7', 'min 4'), not a count's after it
# ('6 req, 7 prov': the 6 is required, the 7 provided)
_REQUIRED_BEFORE = re.compile(
    r"(?:requir\w*|req'?d|\breq\b\.?|\bneeded|\bminimum|\bmin\.?)\s*[:=]?\s*$", re.I
)
# '6 storeys → 2 universal washrooms': what the working arrives at is what is needed
_WORKED_ARROW = re.compile(r"(?:→|->|=>)\s*$")
_MORE_OF = re.compile(r"\b(?:more|additional|extra|added)\b", re.I)
_PROVIDED_AFTER = re.compile(r"\s*(?:are\s+|is\s+)?prov(?:ided|'?d|\.)?(?!\w)", re.I)
_ASKS = re.compile(r"\b(?:needs?|wants?|asks?(?:\s+for)?|calls?\s+for)\s+$", re.I)
# "a 2nd universal washroom", "another barrier-free stall": one more
_ONE_MORE = re.compile(
    r"\b(?:an?\s+(?:\d(?:st|nd|rd|th)|second|third|further|extra|additional)|another)\s+"
    r"(?=universal|uw\b|unisex|barrier|b\.?f\b|accessible|wcs?\b|water\s+closet|toilet)",
    re.I,
)
# 'plus the visitors' universal washroom': the one washroom named in the singular
_THE_ONE = re.compile(
    r"\b(?:plus|with|and)\s+(?:the|its|their)\s+"
    r"(?=(?:[a-z][a-z'-]*\s+){0,2}(?:universal|uw\b|unisex)\s*(?:washroom|wc|toilet)(?![s\w]))",
    re.I,
)
_EACH_FLOOR = re.compile(
    r"\b(?:each|every|per|all|typical)\s+(?:floors?|storeys?|levels?)\b|\bon\s+all\s+(?:floors|storeys|levels)\b",
    re.I,
)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a": 1, "an": 1}


def _number(word: str) -> int:
    return _WORDS.get(word.lower()) or int(word)


@dataclass
class Said:
    """What one line says: counts provided, required figures it states, and which floors."""

    provided: dict[str, int] = field(default_factory=dict)
    required: dict[str, tuple[int, bool]] = field(default_factory=dict)  # kind -> (count, per sex)
    floors: list[str] = field(default_factory=list)  # keys of 3.18 rows
    each_floor: bool = False
    unknown_floor: str = ""
    among: list[str] = field(default_factory=list)  # the floor's rows, when its words tell them not apart
    estimate: str = ""


# a split the working arrives at ('152/sex → public 1 M + 2 F', 'staff 2 M + 2 F governs'): what is needed
_WORKED_TO = re.compile(r"(?:→|->|=>|=|\bpublic|\bstaff|\bpatrons?|\bemployees?)\s*:?\s*$", re.I)
# a total provided and its breakdown in brackets: '8 prov (M 2 WC + 2 urinals, F 4)', 'We provide 6 (the
# men's has 2 WCs and 1 urinal, the women's 3 WCs)'
_TOTAL_BROKEN_DOWN = re.compile(
    r"(?<![\d.,])(\d+)\s*((?:prov(?:ided|'?d|\.)?)?(?:\s+(?:at|in|off)\s+[^()\d]{1,30}?)?)\s*\(([^()]*)\)",
    re.I,
)
# a breakdown by sex with its total: 'M 1 WC + 1 urinal, F 2 = 4'
_SEXES_SUMMED = re.compile(
    r"\b(?:m|men'?s?|male)\s*:?\s*\d[^=;()]{0,40}?\b(?:f|women'?s?|female)\s*:?\s*\d[^=;()]{0,24}?=\s*(\d+)\b",
    re.I,
)

# the counts before their sexes, summed: '3 m + 3 f = 6', '4 m (2 wc + 2 urinals) + 4 f = 8'
_COUNTS_BY_SEX_SUMMED = re.compile(
    r"(?<![\d.,])(\d+)\s*(?:m|men|male)\b\.?\s*(?:\([^()]*\))?\s*(?:\+|and|&)\s*"
    r"(\d+)\s*(?:f|women|female)\b\.?\s*(?:\([^()]*\))?\s*=\s*(\d+)\b",
    re.I,
)


# a whole figure of a breakdown ('men's 3, women's 4'), not a part of a decimal or of '1,200'
_FIGURE = re.compile(r"(?<![\d.])(?<!\d,)\d+(?![\d.]|,\d)")
# a part counted within the figure before it ('7 M incl 3 urinals'), not added to it
_WITHIN = re.compile(r"\b(?:incl(?:uding|\.|d\.?)?|of\s+which|inc\.)\s*\d+", re.I)


def _terms(text: str) -> list[int]:
    return [int(n) for n in _FIGURE.findall(_WITHIN.sub(" ", text))]


_OTHER_FIXTURES = re.compile(r";|\b(?:bf|barrier|accessible|universal|uw|lav\w*|stalls?)\b", re.I)


def _bracketed_terms(m: re.Match[str]) -> list[int]:
    """The figures of a total's breakdown by sex in brackets; none when the brackets are no such breakdown."""
    # the water closets' part: not the barrier-free stalls or universal washrooms named after it
    inside = _OTHER_FIXTURES.split(m[3], maxsplit=1)[0]
    terms = _terms(inside)
    by_sex = re.search(r"\b(?:m|men|male|f|women|female)\b", inside, re.I)
    return terms if len(terms) >= 2 and by_sex else []


def _summed_terms(m: re.Match[str]) -> list[int]:
    terms = _terms(m[0][: m.start(1) - m.start()])
    return terms if len(terms) >= 2 else []


_WC_NOUN = r"(?:\s*(?:wcs?|w\.c\.s?|water\s+closets?|toilets?))"
_BY_SEX_NAMED = re.compile(
    rf"\b(?:men'?s?|males?|boys'?)\s*:?\s*(?P<m>\d+){_WC_NOUN}?\s*(?:,|\+|and|&|/)\s*"
    rf"(?:women'?s?|females?|girls'?)\s*:?\s*(?P<f>\d+){_WC_NOUN}",
    re.I,
)

# "2 WCs for men, 2 for women": a count for each sex, named after it
_FOR_EACH_SEX = re.compile(
    rf"(?<![\d.,])(?P<m>\d+){_WC_NOUN}\s+for\s+(?:the\s+)?(?:men|males?|boys)(?:'s)?\s*(?:,|\+|and|&)\s*(?:and\s+)?"
    rf"(?P<f>\d+)(?:{_WC_NOUN})?\s+for\s+(?:the\s+)?(?:women|females?|girls)(?:'s)?\b",
    re.I,
)


# a figure said after its parts as their sum: ', 4 in all', ', so 6', ', 7, plus …', '= 8 WCs'
_STATED_SUM = re.compile(
    r"(?:,\s*(?:so\s+|that's\s+|making\s+)?|\s*=\s*|\s+so\s+)(?P<t>\d{1,3})\b(?!\.\d)"
    r"(?:\s*(?:wcs?\b|water\s+closets?))?"
    r"(?=\s*(?:in\s+all|in\s+total|total|altogether|[,.;)]|$|\s+plus\b|\s+and\b))",
    re.I,
)
_PERSONS_SUMMED = re.compile(
    r"\s*(?:persons?|people|occupants|,?\s*(?:so\s+|→\s*|->\s*)?\d+\s*(?:(?:of|for|in)\s+)?(?:per|each|a|/)\s*"
    r"(?:sex|gender))\b",
    re.I,
)
_WHOLE_FIGURE = re.compile(r"(?<![\d.,])\d{1,3}(?![\d.]|,\d)")


def _sums_stated(text: str) -> str:
    """Counts followed by their sum ('2 wcs in the men's and 2 in the women's, 4 in all', '3 and 3, so
    6', '1 wc in the men's plus a urinal and 2 in the women's, so 3 wcs') as the sum alone, in water
    closets: the parts are its working. A figure that is not the sum of the two or three before it in
    its sentence stays as it is."""
    for m in reversed(list(_STATED_SUM.finditer(text))):
        start = max(text.rfind(c, 0, m.start()) for c in ".;:\n") + 1
        figures = list(_WHOLE_FIGURE.finditer(text, start, m.start()))
        total = int(m["t"])
        if _PERSONS_SUMMED.match(text[m.end() :]):  # '(124 + 8 = 132, 66 per sex …)': persons added up
            continue
        for n in (2, 3):
            parts = figures[-n:]
            if len(parts) == n and sum(int(f[0]) for f in parts) == total:
                text = f"{text[: parts[0].start()]}{total} water closets{text[m.end() :]}"
                break
    return text


def totals_kept(text: str) -> str:
    """A fixture total written with its breakdown, read as the total: the breakdown is its working when
    its figures add up to it (urinals counted in, as the consultant counted them); otherwise it stays.
    A count for each sex ("men 5 WCs, women 5 WCs") is their sum."""

    def bracketed(m: re.Match[str]) -> str:
        terms = _bracketed_terms(m)
        if not terms or sum(terms) != int(m[1]):
            return m[0]
        where = re.sub(r"^\s*prov\S*", "", m[2]).strip()
        return f"{m[1]} water closets provided {where}".rstrip()

    def summed(m: re.Match[str]) -> str:
        terms = _summed_terms(m)
        return f"{m[1]} water closets" if terms and sum(terms) == int(m[1]) else m[0]

    def by_sex(m: re.Match[str]) -> str:  # "men 5 WCs, women 5 WCs": the water closets added
        return f"{int(m['m']) + int(m['f'])} water closets"

    def counts_summed(m: re.Match[str]) -> str:  # '4 m (2 wc + 2 urinals) + 4 f = 8': the total
        return f"{m[3]} water closets" if int(m[1]) + int(m[2]) == int(m[3]) else m[0]

    kept = _PER_UNIT_TIMES.sub(lambda m: f"{m[1] or m[2]} water closets", _sums_stated(text))
    kept = _IN_EACH_OF.sub(lambda m: f"{_number(m[1]) * _EACH_OF_COUNT[m[2].lower()]} water closets", kept)
    kept = _COUNTS_BY_SEX_SUMMED.sub(counts_summed, kept)
    kept = _SEXES_SUMMED.sub(summed, _TOTAL_BROKEN_DOWN.sub(bracketed, kept))
    return _BY_SEX_NAMED.sub(by_sex, _FOR_EACH_SEX.sub(by_sex, kept))


# so many in each of a number of rooms: 'one water closet in each of the four change rooms' makes four
_EACH_OF_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_EACH_OF_COUNT = {w: n for n, w in enumerate(_EACH_OF_WORDS, 2)}
_EACH_OF_COUNT |= {str(n): n for n in range(2, 21)}
_IN_EACH_OF = re.compile(
    r"\b(one|an?|1|two|2)\s+(?:(?:universal|barrier[- ]free|bf|accessible|staff)\s+)?"
    r"(?:wcs?|w\.c\.|water\s+closets?|toilets?)\s+(?:in|for|serving)\s+each\s+of\s+(?:the\s+)?"
    rf"({'|'.join(_EACH_OF_COUNT)})\b",
    re.I,
)


# one for each suite or cell, then how many that makes: 'one combination WC per cell = 10 WCs'
# ('a washroom with one water closet for each room, 10 in all')
_PER_UNIT_TIMES = re.compile(
    r"\b(?:one|1|a|an)\b[^=;.→]{0,60}?\b(?:per|for\s+each|in\s+each)\s+(?:\w+\s+){0,2}?(?:cell|suite|room|rm"
    r"|unit|bedroom|apartment|apt|dwelling|flat|condo)s?\b\s*"
    r"(?:(?:=|→|->|,\s*so)\s*(\d{1,3})\s*(?:wcs?|water\s+closets?|toilets?)\b"
    r"|,\s*(\d{1,3})\s+(?:in\s+all|in\s+total|total|altogether)\b)",
    re.I,
)


def disagreeing(text: str) -> str:
    """A fixture total whose breakdown by sex adds up to another figure ('8 provided (M 2 WC + 1 urinal,
    F 3)' makes 6), said as what to ask about; empty when every such breakdown agrees with its total."""
    for m in _COUNTS_BY_SEX_SUMMED.finditer(text):
        if int(m[1]) + int(m[2]) != int(m[3]):
            return f"'{m[0].strip()}': {m[1]} + {m[2]} is {int(m[1]) + int(m[2])}, not {m[3]}"
    for pattern, terms_of in ((_TOTAL_BROKEN_DOWN, _bracketed_terms), (_SEXES_SUMMED, _summed_terms)):
        for m in pattern.finditer(text):
            terms = terms_of(m)
            total = int(m[1])
            if terms and sum(terms) != total:
                return f"'{m[0].strip()}': the breakdown adds up to {sum(terms)}, not {total}"
    return ""


def _counts(text: str, floors_each: bool = False) -> tuple[dict[str, int], dict[str, tuple[int, bool]]]:
    """The counts a line gives; ``floors_each``: it names several floors, so a bare 'each' after a
    count is each floor's ('L2-L5 18 wc each'), not each sex's."""
    provided: dict[str, int] = {}
    required: dict[str, tuple[int, bool]] = {}
    rest = _THE_ONE.sub(lambda m: f"{m[0].split()[0]} 1 ", _ONE_MORE.sub("1 ", totals_kept(text)))
    base = rest  # (the counts are blanked out of ``rest`` as they are read, keeping its length)
    for kind in ("universal", "bf", "wc"):
        for pattern in (_BEFORE[kind], _AFTER[kind]):
            for match in list(pattern.finditer(rest)):
                count = _number(match[1]) + (int(match[2]) if match[2] else 0)
                # what follows the count, without an aside in brackets ('6 water closets (table A, 95 each
                # sex)': the working's figure per sex, not this count's)
                after = re.sub(r"^\s*\([^()]*\)", " ", rest[match.end() : match.end() + 60])[:30]
                per_sex = not match[2] and bool(
                    _PER_SEX.search(after[:25])
                    or (
                        not floors_each
                        and re.match(r"\s*(?:provided\s+)?each\b(?!\s+(?:floor|storey|level))", after)
                    )
                )
                if (
                    _REQUIRED.search(after[:20])
                    or _REQUIRED_BEFORE.search(rest[max(0, match.start() - 12) : match.start()])
                    or _ASKS.search(rest[max(0, match.start() - 14) : match.start()])
                    or (  # '→ 10 WCs provided': the chain's end said to be provided
                        _WORKED_ARROW.search(rest[max(0, match.start() - 4) : match.start()])
                        and not _PROVIDED_AFTER.match(after)
                        and not _MORE_OF.search(match[0])  # '14 -> 2 more WCs in the new block': added
                    )
                ):
                    required[kind] = (count, per_sex)
                elif kind not in provided:
                    provided[kind] = count * 2 if per_sex and kind == "wc" else count
                rest = rest[: match.start()] + " " * len(match[0]) + rest[match.end() :]
    # "Level 2: 3 M + 3 F": a split of counts with no noun is the water closets
    pair = re.search(
        r"\b(\d+)\s*(?:m|males?|men)\s*(?:\+|/|and|&|,)\s*(\d+)\s*(?:f|females?|women)\b", rest, re.I
    )
    if (
        pair
        and "wc" not in provided
        and not _REQUIRED.search(rest[pair.end() : pair.end() + 20])
        and not _WORKED_TO.search(rest[max(0, pair.start() - 16) : pair.start()])
        and not re.match(r"\s*(?:governs|applies|rules)\b", rest[pair.end() :], re.I)
    ):
        provided["wc"] = int(pair[1]) + int(pair[2])
    # "6 reqd, 6 prov": counts required and provided with no noun are the water closets
    needed = re.search(
        r"(?<![\d.,/])\b(\d+)\s+(?:are\s+)?(?:req'?d|required|req\b\.?)(\s+per\s+sex)?", rest, re.I
    )
    if needed and not required and "wc" not in provided:
        required["wc"] = (int(needed[1]), bool(needed[2]))
    # "8 WCs required per sex, 9 provided each": the provided count names no noun of its own
    bare = _BARE_PROVIDED.search(rest)
    kind = next(iter(required)) if len(required) == 1 else "wc"  # '→ 2 universal washrooms; 2 provided'
    # '4 provided, plus the universal washroom': a bare count before the washroom named is the WCs
    named = _UNIVERSAL_NAMED.search(base)
    before_named = bare is not None and named is not None and bare.end() <= named.start() and not required
    if bare and kind not in provided and (kind in required or not provided or before_named):
        # '9 provided each', 'provided 4' with no noun: what is required beside it, else water closets
        per_sex = bool(bare["each"] or bare["each2"]) or (kind in required and required[kind][1])
        count = int(bare["n"] or bare["n2"])
        provided[kind] = count * 2 if per_sex and kind == "wc" else count
    if provided and not required and _WORKING_ONLY.search(text) and not _PROVIDED_WORD.search(text):
        # 'Fixture load 362 → 181 per sex → … = 9 WCs and 9 lavatories per sex, 18 WCs in all': what is needed
        required = {kind: (count, False) for kind, count in provided.items()}
        provided = {}
    return provided, required


_UNIVERSAL_NAMED = re.compile(r"\b(?:universal|uw\b|unisex)", re.I)
_BARE_PROVIDED = re.compile(
    r"(?<![\d.,/])\b(?P<n>\d+)\s+(?:are\s+)?prov(?:ided|'?d|\.)?(?P<each>\s+each|\s+per\s+sex)?(?!\w)"
    r"|\b(?:prov(?:ided|'?d|\.)?|we\s+have|there\s+are)\s*:?\s*(?P<n2>\d+)(?!\d|[.,]\d|\s*(?:%|m2|m²|persons?|people|staff))"
    r"(?P<each2>\s+each|\s+per\s+sex)?(?!\s*[a-z])",
    re.I,
)
# a line of working to what is needed, per sex and with its arrows, that says nothing is provided
_WORKING_ONLY = re.compile(
    r"(?:→|->).*\b(?:per\s+sex|/\s*sex|each\s+sex)\b|\b(?:per\s+sex|/\s*sex)\b.*(?:→|->)", re.I
)
_PROVIDED_WORD = re.compile(
    r"\bprov(?:ided|'?d|\.)?\b|\bprovide[sd]?\b|\bwe\s+have\b|\binstalled\b|\bexisting\b", re.I
)


# ('no WCs of its own, 1 universal washroom beside it': the universal washroom, and no water closets)
_NOTHING_ELSE = re.compile(
    r"\bnothing\s+else\b|\bno\s+other\s+(?:fixtures|wcs?|water\s+closets)\b"
    r"|\bno\s+(?:wcs?|water\s+closets|toilets)\b",
    re.I,
)


def line_said(segment: str, floors: dict[str, str]) -> Said:
    text = p.normalize(segment)
    ranged = [floor_key(f) for f in floor_range(text)]  # 'Étages 2 à 6: 28 WCs per floor': those floors
    provided, required = _counts(text, floors_each=len(ranged) > 1)
    if provided and "wc" not in provided and _NOTHING_ELSE.search(text):
        provided["wc"] = 0  # 'lounge 50 - 1 UW, nothing else': no water closets besides
    said = Said(provided=provided, required=required)
    said.estimate = m[0] if (m := ESTIMATE.search(rounding_shown(text))) else ""
    said.each_floor = bool(_EACH_FLOOR.search(text))
    if len(ranged) > 1 and all(key in floors for key in ranged):
        said.floors, said.each_floor = ranged, False
        return said
    # ('Levels 2 to 6: 20 WCs per floor' over rows named 'Level 2 (units)' …): each floor's one row
    on_each = [_rows_on(key, floors) for key in ranged]
    if len(ranged) > 1 and all(len(rows) == 1 for rows in on_each):
        said.floors, said.each_floor = [rows[0] for rows in on_each], False
        return said
    named = floor_name(text)
    if named:
        key = _row_of_floor(floor_key(named), text, floors)
        rows = _rows_on(floor_key(named), floors)
        if not key:  # 'grnd 12 wc' beside two ground-floor rows: which one?
            said.among = rows
        elif key in floors:
            said.floors.append(key)
        else:
            said.unknown_floor = named
    for key, name in floors.items():
        if key not in said.floors and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.I):
            said.floors.append(key)
            said.unknown_floor = ""
    return said


def male_pct(text: str) -> float | None:
    """The share of males a male:female split gives ('60/40 M/F', 'split 50:50', '55% male, 45% female')."""
    words = _RATIO_WORDS.search(text)
    if words:
        male, female = (int(g) for g in (words.groups()[0:2] if words[1] else words.groups()[2:4]))
        return float(male) if male + female == 100 else None
    for match in RATIO.finditer(text):
        male, female = int(match[1]), int(match[2])
        said = re.search(r"split|ratio|\bm\s*[:/]\s*f\b|male|men|sex|gender", text, re.I)
        if male + female == 100 and (said or re.fullmatch(r"\d+[:/]\d+", match[0])):
            return float(male)
    return None


def only_ratio(line: str) -> bool:
    rest = _RATIO_WORDS.sub(" ", RATIO.sub(" ", line))
    return not re.search(r"\d", rest) and len(rest.split()) <= 6


def _rows_on(key: str, floors: dict[str, str]) -> list[str]:
    return [k for k, name in floors.items() if floor_key(re.sub(r"\s*\(.*$", "", name)) == key]


def _row_of_floor(key: str, text: str, floors: dict[str, str]) -> str:
    """The 3.18 row of a floor the words name: the floor's one row, or among its rows ('Ground floor
    (gym)', 'Ground floor (offices)') the one whose own words the text repeats most ('ground, gym: 25');
    "" when its words tell its rows not apart."""
    rows = _rows_on(key, floors)
    if len(rows) < 2:
        return rows[0] if rows else key
    said = _tokens(FLOOR.sub(" ", text.casefold()))
    scored = sorted(((len(said & _tokens(_own(floors[k]).casefold())), k) for k in rows), reverse=True)
    best, runner_up = scored[0], scored[1]
    return best[1] if best[0] > runner_up[0] else ""


def _tokens(text: str) -> set[str]:
    """Words, and a word with the number after it ('aud 2'): a bare number tells no row apart."""
    return set(re.findall(r"[a-z]{2,}", text)) | {
        " ".join(m) for m in re.findall(r"([a-z]{2,})\s+(\d+)\b", text)
    }


def _own(name: str) -> str:
    found = re.search(r"\((.*)\)\s*$", name)
    return found[1] if found else ""


# 'Aud.: 280 → 140 / 140 → 3 M + 6 F', 'Ice: 48 → T3.7.4.3.C 24 / 24 → 1 + 1': the persons halved by sex on
# the way to the count, working that names no fixtures
# ('OL 51 → 26 M / 26 F (50:50) → …': the halves named by their sexes, the split in brackets)
_HALVED = re.compile(
    r"(?<![\d.,])(\d+)(\s*(?:→|->|=>|⇒|:)\s*(?:T?\d+(?:\.\d+)+\.?[A-Z]?\s+)?)(\d+)\s*(?:m|males?|men)?\s*/\s*"
    r"(\d+)\s*(?:f|females?|women)?(?:\s*\([^()]*\))?(?=\s*(?:→|->|=>|⇒))",
    re.I,
)


def halves_dropped(text: str) -> str:
    """``text`` without the persons halved by sex ('280 → 140 / 140 → …' as '280 → …') where the halves
    are the persons' (each half of them, rounded up); other figures after a slash are kept."""

    def persons_only(m: re.Match[str]) -> str:
        persons, one, other = int(m[1]), int(m[3]), int(m[4])
        return m[1] if one + other in (persons, persons + 1) and abs(one - other) <= 1 else m[0]

    return _HALVED.sub(persons_only, text)
