"""Reading facts out of a consultant's sentence: numbers and their units, corrections, articles.

The syntax of numbers and article ids is here; the words are in content/vocabulary.json.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from wizard_core.answers import not_figures
from wizard_core.answers.shorthand import spelled_out
from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary

FT2_TO_M2 = 0.09290304
FT_TO_M = 0.3048

ITEM_NUMBER = re.compile(r"^3\.\d\d$")  # "3.05" alone names a matrix item, not a quantity
# An article with its sentence and clause, '3.2.1.1.(6)', '3.2.2.8(1)(b)', 'Table 3.1.17.1': no quantity
ARTICLE_ID = re.compile(
    r"(?<![\d.])\d+(?:\.\d+){2,}[A-Z]?\.?(?:\s?\(\d{1,2}\)|\s?\([a-z]{1,4}\)){0,3}"
    # and the further sentences or clauses it lists: '3.1.17.1.(1)(c), (2)', '3.2.2.50.(1)(a) and (c)'
    r"(?:(?<=\))\s*(?:,|and|&|or)\s*(?:\(\d{1,2}\)|\([a-z]{1,4}\))+){0,4}(?![\d])"
)
CLASSIFICATION_ARTICLE = re.compile(r"(?<![\d.])3\.2\.2\.(\d{2})([A-E])?(?![\d])")
NUMBER = re.compile(
    r"(?<![\w.,])(?P<num>\d{1,3}(?:(?:,|\u00a0|\u202f| )\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?!\.?\d)"
)


class Lexicon:
    """The shared patterns, built from the vocabulary."""

    def __init__(self, words: Vocabulary) -> None:
        units, replies = words.units, words.replies
        self.area_unit = re.compile(
            rf"^\s*(?:(?P<ft2>{_after_number(units.square_feet)})|(?P<m2>{_after_number(units.square_metres)}))",
            re.IGNORECASE,
        )
        self.length_unit = re.compile(
            rf"^\s*(?:(?P<ft>{_after_number(units.feet)})|(?P<m>{_after_number(units.metres)})(?![²2^]))",
            re.IGNORECASE,
        )
        figures = words.figures
        self.percent = re.compile(rf"^\s*{_after_number(figures.percent)}", re.IGNORECASE)
        self.duration = re.compile(rf"^\s*-?{_after_number(figures.durations)}", re.IGNORECASE)
        self.period = re.compile(rf"^\s*-?{_after_number(figures.periods)}", re.IGNORECASE)
        self.counted_noun = re.compile(
            rf"^[\s-]*{alternation(figures.counted_nouns, bound_start=False)}", re.I
        )
        self.standard_before = re.compile(
            rf"(?:{alternation(figures.standards)}\.?[\s#-]*|\b[a-z]{{1,3}}-|\d-)$", re.IGNORECASE
        )
        self.result_before = re.compile(rf"{alternation(figures.results)}\s*(?:about\s+)?$", re.IGNORECASE)
        self.compared_before = re.compile(
            rf"{alternation(figures.compared_before)}\s+the\s+(?:about\s+|~\s*|≈\s*)?$", re.IGNORECASE
        )
        self.limit_after = re.compile(
            rf"^\s*(?:[\w'-]+\s+){{0,3}}?{alternation(figures.limit_after)}", re.IGNORECASE
        )
        self.accept = re.compile(rf"^\W*{alternation(replies.accept)}", re.IGNORECASE)
        self.accept_words = phrase_pattern([*replies.accept, "please", "thanks", "thank you", "it", "that"])
        self.approximate = phrase_pattern(words.approximate.words)
        self.approximate_after = re.compile(
            rf"\s*-?{_after_number(words.approximate.suffixes)}", re.IGNORECASE
        )
        self.yes = re.compile(rf"^\W*{alternation(replies.yes)}", re.IGNORECASE)
        self.no = re.compile(rf"^\W*{alternation(replies.no)}", re.IGNORECASE)
        self.negation = phrase_pattern(replies.negation)
        self.affirming = phrase_pattern(replies.affirming)
        self.confirm = phrase_pattern(replies.confirm)
        self.question_start = re.compile(rf"^\W*{alternation(replies.question_starts)}", re.IGNORECASE)
        self.not_applicable = re.compile(
            rf"^\W*{alternation(replies.not_applicable_starts)}|{alternation(replies.not_applicable)}"
            r"|\bno \w+(?: \w+)? (?:is|are) proposed\b",
            re.IGNORECASE,
        )
        # up to three words between, or options joined by a slash ('not F1/F2': F2 is negated too)
        between = r"(?:[\w']+(?:\s*/\s*|\s+)){0,3}$"
        self.negated_before = re.compile(
            rf"{alternation(replies.negating_an_option)}[\s-]+{between}", re.IGNORECASE
        )
        replaced = alternation([*replies.negating_an_option, *replies.replacing_an_option])
        self.replaced_before = re.compile(rf"{replaced}[\s-]+{between}", re.IGNORECASE)
        self.number_words = alternation(words.numbers.words)
        self.counts = alternation([*words.numbers.words, *words.numbers.counts_before_nouns])


def _after_number(phrases: Iterable[str]) -> str:
    """Words that may follow a digit directly ('450m2', '2000ish')."""
    return alternation(phrases, bound_start=False)


@cache
def lexicon() -> Lexicon:
    return Lexicon(vocabulary())


@dataclass(frozen=True)
class Quantity:
    """A number found in text, with its unit and where it stood.

    ``unit`` is "m2", "ft2", "m", "ft", "%" (a share), "time" (hours or minutes) or "" (none).
    A figure without a unit may still be about something else: ``counted`` when a noun such as
    "pupils" or "storeys" follows it, ``standard`` when it numbers a standard or a clause ("NFPA 13").
    """

    value: float
    unit: str
    start: int
    end: int
    approximate: bool
    counted: bool = False
    standard: bool = False
    result: bool = False  # written after "=" or "so": the result of a sum before it
    quoted: bool = False  # a figure of the code compared against: "under the 1,800 m2 cap"

    @property
    def bare(self) -> bool:
        """A figure with nothing around it saying it is about something else."""
        return not self.unit and not self.counted and not self.standard


# "12k sf", "1.2K m2": a figure in thousands, written before an area unit.
_THOUSANDS = re.compile(
    r"(?<![\w.,])(\d+(?:\.\d+)?)\s?k(?=\s*(?:sf|s\.f|sq\.?\s?ft|sqft|ft²|ft2|ft|square|m²|m2|sm|s\.m|sq\.?\s?m|sqm)"
    r"(?!\w))",
    re.I,
)


def normalize(text: str) -> str:
    """Fold 'non-combustible' spellings, unify dashes and spaces, read a checklist's 'gross_area' as
    words, spell out "spr'd" and "comb.", write '12k sf' as '12,000 sf' and feet and inches (18'-6",
    12 ft 3 in) as decimal feet."""
    text = text.replace("\u2013", "-").replace("\u2014", "-").replace("\u00a0", " ")
    text = text.replace("\u2032", "'").replace("\u2019", "'").replace("\u2033", '"').replace("''", '"')
    text = re.sub(r"(?<=[a-z])_(?=[a-z])", " ", text, flags=re.I)  # "gross_area: 4,170", from a checklist
    text = spelled_out(text)  # "spr'd", "comb.", "gicleurs partout"
    text = _GLUED.sub(r"\1 ", text)  # 'LD9', 'OL60': a figure typed onto its abbreviation
    text = re.sub(r"\bnon[-\s]+(?=combust[ia]ble)", "non", text, flags=re.I)
    text = _FEET_INCHES.sub(lambda m: f"{int(m[1]) + float(m[2]) / 12:.4g} ft", text)
    return _THOUSANDS.sub(lambda m: f"{float(m[1]) * 1000:,.0f}", text)


# the trade's abbreviations of a figure's noun, typed with no space before it; never a group ('A2'), a
# storey ('P1') or a face ('E1')
_GLUED = re.compile(r"\b(ld|l\.d\.|ol|gfa|ba|ebf|frr|upo|ht|hgt)(?=\d)", re.I)


# 18'-6", 18' 6", 18 ft 6 in, 18ft-6in: feet and inches (an inch figure up to 11.99).
_FEET_INCHES = re.compile(
    r"(?<![\d.,])(\d{1,4})\s*(?:'|ft\b\.?|feet\b|foot\b)\s*-?\s*(\d|1[01]|\d\.\d+|1[01]\.\d+)\s*(?:\"|in\b\.?|inch(?:es)?\b)"
)


def mask_articles(text: str) -> str:
    """Blank out article numbers (3.2.2.60) so their parts are not read as quantities."""
    return ARTICLE_ID.sub(lambda m: " " * len(m.group()), text)


_CLAUSE_END = re.compile(r"[,;](?!\d)")
_WORDS_BETWEEN = 2  # 'about 40', 'roughly a 7 m', 'approx. say 1,200': the word of estimating is the figure's


def _approximated(before: str, approximate: re.Pattern[str]) -> bool:
    """Whether the words before a figure say it is an estimate: a word of estimating in its clause, a few
    words before it at most ('about 6.9 m'; not '… around the hall, so it's 6.9 m')."""
    clause = _CLAUSE_END.split(_SENTENCE_END.split(before)[-1])[-1]
    said = [m.end() for m in approximate.finditer(clause)]
    return bool(said) and len(clause[said[-1] :].split()) <= _WORDS_BETWEEN


def quantities(text: str) -> list[Quantity]:
    """Every number in ``text`` with the unit right after it ('' when none), leaving out a figure the
    text replaces with another of the same unit: "640 m2, not 620", "260 m2 instead of 180",
    "from 1,860 to 1,920 m2", "(was 620)"."""
    found = _quantities(text)
    masked = mask_articles(normalize(text))
    replaced = {q for q in found if _replaced(masked, q, found)}
    return [q for q in found if q not in replaced]


# The words that give what follows as the consultant's own earlier answer: "I said 3,450", "I did
# 655 x 3", "the 445 I gave you" (the replaced figure, old working, a revision quoting the old answer).
QUOTING_WORDS = r"i (?:said|gave(?: you)?|had|did|used|put(?: down)?|wrote|typed|entered)"
# The consultant's own earlier working, quoted to be replaced: "I did 655 x 3, but …".
_OLD_WORKING = re.compile(
    rf"\b{QUOTING_WORDS}\s+(?:about\s+|approx\.?\s+)?(?=\d)[^,;]*?(?=,|;|\.(?!\d)|\s+but\b|$)",
    re.I,
)


def old_working_dropped(text: str) -> str:
    """``text`` without the earlier figures or working it quotes as replaced ("I did 655 x 3, but the
    third floor is smaller … so 1,620 m2" -> ", but the third floor is smaller … so 1,620 m2")."""
    return _OLD_WORKING.sub(" ", text)


_RANGE = re.compile(
    r"\b(?:somewhere\s+)?between\s+(?:about\s+)?\d[\d,.]*\s*(?:[a-z²']{1,6}\s+)?(?:and|to|-)\s+\d[\d,.]*"
    r"(?:\s*(?:m2|m²|sq\.?\s*m|sm|sf|sq\.?\s*ft|ft2|ft²|m|ft)\b)?",
    re.I,
)


def range_dropped(text: str) -> str:
    """``text`` without a range it narrows down to one figure ("somewhere between 1,350 and 1,400 m2
    … exactly 1,380 m2" -> "… exactly 1,380 m2"); a range alone is left for the reader to ask about."""
    without = _RANGE.sub(" ", text)
    return without if without != text and re.search(r"\d", without) else text


def all_quantities(text: str) -> list[Quantity]:
    """Every number in ``text`` with its unit, the figures a correction replaces included."""
    return list(_quantities(text))


# Words before a figure that the text goes on to replace, and the "to" of "from 620 to 640".
_REPLACED_BEFORE = re.compile(
    r"(?:\bnot|\binstead of|\brather than|\bwas|\bwere|\bpreviously|\bformerly|\bup from|\bdown from|"
    rf"\bno longer|\b{QUOTING_WORDS})"
    r"\s+(?:the\s+|an?\s+|about\s+)?$",
    re.I,
)
_FROM_TO = re.compile(r"^\s*(?:m2|m²|sq\.?\s*m|sm|sf|sq\.?\s*ft|ft2|ft²|m|ft)?\s*to\s+(?:about\s+)?\d", re.I)


def _replaced(masked: str, q: Quantity, found: tuple[Quantity, ...]) -> bool:
    """Whether ``q`` is the old figure of a correction, with a new one of the same kind beside it."""
    others = [o for o in found if o is not q and (o.unit == q.unit or not q.unit or not o.unit)]
    if not others:
        return False
    before = masked[max(0, q.start - 20) : q.start]
    if _REPLACED_BEFORE.search(before):
        return True
    return bool(re.search(r"\bfrom\s+$", before, re.I) and _FROM_TO.match(masked[q.end : q.end + 16]))


@lru_cache(maxsize=256)  # a turn reads one message for several purposes (rows? not applicable?)
def _quantities(text: str) -> tuple[Quantity, ...]:
    words = lexicon()
    masked = mask_articles(normalize(text))
    found = []
    for match in NUMBER.finditer(masked):
        raw = re.sub(r"[,\u00a0\u202f ]", "", match["num"])
        value = float(raw)
        rest = masked[match.end() :]
        if not_figures.ordinal_or_money(masked, match.start(), rest):
            continue
        unit, end = "", match.end()
        area = words.area_unit.match(rest)
        length = None if area else words.length_unit.match(rest)
        if not (area or length) and words.period.match(rest):
            continue  # '1 wk', '3 months': the schedule, no measure of the building
        other = None if area or length else (words.percent.match(rest) or words.duration.match(rest))
        if area:
            unit = "ft2" if area["ft2"] else "m2"
            end += area.end()
        elif length:
            unit = "ft" if length["ft"] else "m"
            end += length.end()
        elif other:
            unit = "%" if other.re is words.percent else "time"
            end += other.end()
        before = masked[max(0, match.start() - 25) : match.start()]
        after = masked[end : end + 8]
        approximate = _approximated(before, words.approximate) or bool(words.approximate_after.match(after))
        counted = not unit and (
            bool(words.counted_noun.match(masked[end : end + 20])) or not_figures.counted_by_quantity(before)
        )
        standard = (
            bool(words.standard_before.search(before))
            or (not unit and bool(ITEM_NUMBER.match(raw)))
            or (not unit and not_figures.is_year(raw, before, masked[end : end + 30]))
            or (not unit and not_figures.is_day_of_date(raw, before, masked[end : end + 12]))
            or (not unit and before.rstrip().endswith("#"))  # 'OAC mtg #3', 'RFI #12': a number in a series
        )
        result = bool(words.result_before.search(before))
        quoted = bool(
            words.compared_before.search(before)
            or words.limit_after.match(masked[end : end + 40])
            or _part_threshold(masked[max(0, match.start() - 40) : match.start()], masked[end : end + 30])
        )
        found.append(
            Quantity(value, unit, match.start(), end, approximate, counted, standard, result, quoted)
        )
    return tuple(found)


# The 600 m² where Part 9 stops, said beside the area: "over 600 so Part 3", "(Part 9 stops at 600 m2)"
_BEYOND_BEFORE = re.compile(
    r"\b(?:over|above|more\s+than|bigger\s+than|larger\s+than|greater\s+than|exceeds|exceeding|past"
    r"|under|below|less\s+than|smaller\s+than)\s+$",
    re.I,
)
_PART_AFTER = re.compile(
    r"^\s*(?:[,;:=]\s*)?(?:so|→|->|=>|therefore|hence|means|puts\s+(?:it|us)\s+in)?\s*(?:it'?s\s+|we'?re\s+(?:in\s+)?)?"
    r"part\s*(?:3|9|three|nine)\b",
    re.I,
)
_PART_LIMIT_BEFORE = re.compile(
    r"\bpart\s*(?:9|nine|3|three)\b[^.;\d]{0,30}\b(?:stops?|ends?|limit|up\s+to|max(?:imum)?|cap|threshold"
    r"|applies)\b[^.;\d]{0,12}$",
    re.I,
)


def _part_threshold(before: str, after: str) -> bool:
    """Whether a figure is the Part 3 / Part 9 threshold compared against, not a figure of the building."""
    return bool(
        (_BEYOND_BEFORE.search(before) and _PART_AFTER.match(after)) or _PART_LIMIT_BEFORE.search(before)
    )


# A full stop that ends a sentence, not the one of an abbreviation ("approx. 35 ft", "ca. 12 m").
_SENTENCE_END = re.compile(r"(?<!\bapprox)(?<!\bca)(?<!\bapp)\.(?!\d)", re.I)


def word_number(word: str) -> int | None:
    return vocabulary().number(word)


# A whole number standing alone: not the digits of a decimal, an item number ("3.20") or "1,200".
WHOLE = r"(?<![\d.,])\b\d+\b(?![.,]\d)"


def count_before(text: str, nouns: Iterable[str]) -> int | None:
    """The count written before one of ``nouns`` ('two barrier-free entrances' -> 2): the nearest one, so
    that 'a ramp at shop a, so 3 bf entrances' counts 3."""
    count = rf"(?:{WHOLE}|{lexicon().counts})"
    # ('2 of 3 entrances barrier-free': the first count, of the whole the second gives)
    pattern = (
        rf"({count})(?:\s+of\s+(?:the\s+)?{count})?"
        rf"(?:(?!(?<![\w.,]){count}(?![\w.,]))[\w\s-]){{0,30}}?{alternation(nouns)}"
    )
    match = re.search(pattern, normalize(text), re.I)
    return word_number(match[1]) if match else None


CLASSIFYING = range(20, 94)  # 3.2.2.20 to 3.2.2.93 classify; 3.2.2.1 to .19 are the general rules


def classification_articles(text: str) -> list[str]:
    """The classification articles named in ``text``; general articles cited as reasons are left out."""
    return list(
        dict.fromkeys(
            f"3.2.2.{m[1]}{m[2] or ''}"
            for m in CLASSIFICATION_ARTICLE.finditer(text)
            if int(m[1]) in CLASSIFYING
        )
    )
