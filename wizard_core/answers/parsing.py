"""Reading facts out of a consultant's sentence: numbers, units, yes/no, options, articles.

The syntax of numbers and article ids is here; the words are in content/vocabulary.json.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary
from wizard_core.content import Option

FT2_TO_M2 = 0.09290304
FT_TO_M = 0.3048

ITEM_NUMBER = re.compile(r"^3\.\d\d$")  # "3.05" alone names a matrix item, not a quantity
# An article with its sentence and clause, '3.2.1.1.(6)', '3.2.2.8(1)(b)', 'Table 3.1.17.1': no quantity
ARTICLE_ID = re.compile(
    r"(?<![\d.])\d+(?:\.\d+){2,}[A-Z]?\.?(?:\s?\(\d{1,2}\)|\s?\([a-z]{1,4}\)){0,3}(?![\d])"
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
        self.counted_noun = re.compile(
            rf"^[\s-]*{alternation(figures.counted_nouns, bound_start=False)}", re.I
        )
        self.standard_before = re.compile(
            rf"(?:{alternation(figures.standards)}\.?[\s#-]*|\b[a-z]{{1,3}}-|\d-)$", re.IGNORECASE
        )
        self.result_before = re.compile(rf"{alternation(figures.results)}\s*(?:about\s+)?$", re.IGNORECASE)
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
        self.negated_before = re.compile(
            rf"{alternation(replies.negating_an_option)}[\s-]+(?:[\w']+\s+){{0,3}}$", re.IGNORECASE
        )
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
    words, write '12k sf' as '12,000 sf' and feet and inches (18'-6", 12 ft 3 in) as decimal feet."""
    text = text.replace("\u2013", "-").replace("\u2014", "-").replace("\u00a0", " ")
    text = text.replace("\u2032", "'").replace("\u2019", "'").replace("\u2033", '"').replace("''", '"')
    text = re.sub(r"(?<=[a-z])_(?=[a-z])", " ", text, flags=re.I)  # "gross_area: 4,170", from a checklist
    text = re.sub(r"\bnon[-\s]+(?=combustible)", "non", text, flags=re.I)
    text = _FEET_INCHES.sub(lambda m: f"{int(m[1]) + float(m[2]) / 12:.4g} ft", text)
    return _THOUSANDS.sub(lambda m: f"{float(m[1]) * 1000:,.0f}", text)


# 18'-6", 18' 6", 18 ft 6 in, 18ft-6in: feet and inches (an inch figure up to 11.99).
_FEET_INCHES = re.compile(
    r"(?<![\d.,])(\d{1,4})\s*(?:'|ft\b\.?|feet\b|foot\b)\s*-?\s*(\d|1[01]|\d\.\d+|1[01]\.\d+)\s*(?:\"|in\b\.?|inch(?:es)?\b)"
)


def mask_articles(text: str) -> str:
    """Blank out article numbers (3.2.2.60) so their parts are not read as quantities."""
    return ARTICLE_ID.sub(lambda m: " " * len(m.group()), text)


def quantities(text: str) -> list[Quantity]:
    """Every number in ``text`` with the unit right after it ('' when none), leaving out a figure the
    text replaces with another of the same unit: "640 m2, not 620", "260 m2 instead of 180",
    "from 1,860 to 1,920 m2", "(was 620)"."""
    found = _quantities(text)
    masked = mask_articles(normalize(text))
    replaced = {q for q in found if _replaced(masked, q, found)}
    return [q for q in found if q not in replaced]


_BULLET = re.compile(r"(?m)^[ \t]*[-*\u2022\u2013\u2014][ \t]+")  # "- existing: 2,800", "• new …"
_YES_NO_AFTER_LABEL = re.compile(r"(:)\s*([YNyn])\b(?![\w'.])")  # "HT: N", "Haz. substances: Y"
_CELLS = re.compile(r"\t+|\s*\|\s*")


def unpivoted(text: str) -> str:
    """A little table pasted from a spreadsheet, read across: labels in a header row over the
    figures ("existing<TAB>new<TAB>total" over "1,260<TAB>710<TAB>1,970 m2") as the label beside
    each figure ("existing 1,260, new 710, total 1,970 m2"); a label and its value on each line
    ("hazardous | N") as "hazardous: no"; one row of cells as clauses. Bullet marks at line starts
    are left out; other text is returned as it is."""
    text = _YES_NO_AFTER_LABEL.sub(
        lambda m: f"{m[1]} {'yes' if m[2] in 'Yy' else 'no'}", _BULLET.sub("", text)
    )
    lines = [line.strip().strip("|") for line in text.strip().splitlines() if line.strip()]
    rows = [[_yes_no_cell(c.strip()) for c in _CELLS.split(line)] for line in lines]
    if not any(len(cells) > 1 for cells in rows):
        return text
    if len(rows) > 1 and all(len(cells) == 2 for cells in rows):  # "hazardous | N" under "BF entrances | 2"
        return "; ".join(f"{key}: {value}" for key, value in rows)
    if len(rows) == 1:  # "2 | Concession Rd + fire route | ~55% of perimeter"
        return "; ".join(rows[0])
    header = rows[0]
    if len(header) < 2 or any(
        not c or re.search(r"\d", re.sub(r"\b(?:m2|ft2)\b", "", c, flags=re.I)) for c in header
    ):
        return text
    read_across = []
    for cells in rows[1:]:
        if len(cells) != len(header):
            return text
        read_across.append(", ".join(f"{h} {c}" for h, c in zip(header, cells, strict=True)))
    return ". ".join(read_across)


def _yes_no_cell(cell: str) -> str:
    """A spreadsheet's Y or N in a cell of its own, as the word."""
    return {"y": "yes", "n": "no"}.get(cell.lower(), cell)


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
        unit, end = "", match.end()
        area = words.area_unit.match(rest)
        length = None if area else words.length_unit.match(rest)
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
        approximate = bool(
            words.approximate.search(_SENTENCE_END.split(before)[-1]) or words.approximate_after.match(after)
        )
        counted = not unit and bool(words.counted_noun.match(masked[end : end + 20]))
        standard = bool(words.standard_before.search(before)) or (not unit and bool(ITEM_NUMBER.match(raw)))
        result = bool(words.result_before.search(before))
        found.append(Quantity(value, unit, match.start(), end, approximate, counted, standard, result))
    return tuple(found)


# A full stop that ends a sentence, not the one of an abbreviation ("approx. 35 ft", "ca. 12 m").
_SENTENCE_END = re.compile(r"(?<!\bapprox)(?<!\bca)(?<!\bapp)\.(?!\d)", re.I)


def word_number(word: str) -> int | None:
    return vocabulary().number(word)


def count_before(text: str, nouns: Iterable[str]) -> int | None:
    """The count written before one of ``nouns`` ('two barrier-free entrances' -> 2)."""
    pattern = rf"(\b\d+\b|{lexicon().counts})[\w\s-]{{0,30}}?{alternation(nouns)}"
    match = re.search(pattern, normalize(text), re.I)
    return word_number(match[1]) if match else None


_LABELLED_YES_NO = re.compile(r"^\W*[a-z][\w\s/'-]{0,40}?\s*[:;|=]\s*(yes|y|no|n)\b(?!['.]\w)", re.I)


def yes_no(text: str) -> tuple[bool | None, float]:
    """Read a yes/no answer: a leading word is decisive, negation words otherwise."""
    words = lexicon()
    text = normalize(text)
    if words.yes.match(text) and not words.no.match(text):
        return True, 0.95
    if words.no.match(text):
        return False, 0.95
    labelled = _LABELLED_YES_NO.match(text)  # 'Water supply | Y (…, no fire pump)': the cell decides
    if labelled:
        return labelled[1].lower() in ("yes", "y"), 0.9
    if words.negation.search(text):
        return False, 0.85
    if words.affirming.search(text):
        return True, 0.8
    return None, 0.0


def accepts(text: str) -> bool:
    """'Yes, that's right': a plain yes to what the wizard offered, saying nothing else."""
    words = lexicon()
    if not words.accept.match(text) or re.search(r"\d", text):
        return False
    return not re.search(r"\w", words.accept_words.sub(" ", text))


def is_question(text: str) -> bool:
    """A question back to the advisor rather than an answer: it ends with a question mark, says it
    is a question ("quick one - …"), or opens with a question in a sentence of its own ("For the
    flats, do I count a bachelor as one bedroom? We have three."). A question asked after the
    answer ("Three entrances: …; should I leave the ambulance door out? I'll leave it out.") is not."""
    stripped = text.strip()
    if stripped.endswith("?") or lexicon().question_start.match(stripped) or _ASKS_FIRST.match(stripped):
        return True
    first = re.match(r"[^.?!]*(?:\.\d[^.?!]*)*[.?!]?", stripped)
    return bool(first and _INTERROGATIVE.search(first[0]))


def question_after_answer(text: str) -> str:
    """The question a message ends on after saying something first ("Existing 3,850 m2, total
    4,970 m2. Should I double-check it with the surveyor?"), or "" when it asks nothing or opens
    with its question."""
    sentences = [s.strip() for s in re.findall(r"[^.?!]+(?:\.\d+[^.?!]*)*[.?!]*", text) if s.strip()]
    if len(sentences) < 2 or not sentences[-1].endswith("?") or any(s.endswith("?") for s in sentences[:-1]):
        return ""
    return sentences[-1]


# "q: …", "quick question - …": a message that says it is a question.
_ASKS_FIRST = re.compile(
    r"^\W*(?:(?:um+|uh+|so|ok(?:ay)?|sorry|hey|hi|oh|also|one more thing)\W+)*"
    r"(?:q\s*[:\u2013\u2014-]|q\s+(?:before|about|on|re|for)\b|quick (?:question|q|one)\b|side question\b|"
    r"(?:a |one |another )?question\s*(?::|-|\u2014|before|about|on|for))",
    re.I,
)


# "One question for you on …", "May I ask something about …", "Before I answer, let me put one to
# you.", "A point I would like your view on": a first sentence announcing a question.
_ANNOUNCES = re.compile(
    r"\b(?:a|one|another|quick|side)\s+(?:question|q|point)\b[^.?!:\n]{0,40}?\b(?:for\s+you|in\s+return|"
    r"i\s+(?:have|would\s+like|'d\s+like)|your\s+(?:view|opinion|take)|i\s+have\s+been\s+asked)"
    r"|\b(?:may|can|could)\s+i\s+ask\b|\blet\s+me\s+(?:put|ask)\s+(?:one|a\s+question|something)\b"
    r"|\bq\s+for\s+later\b|\bquestion\s+for\s+(?:you|later)\b",
    re.I,
)


def opens_as_question(text: str) -> bool:
    """Whether a message says at its start that it is a question ("Q: …", "um quick question before
    the height …", "Side question: …", "One question for you on …"): never an answer, nor a revision."""
    stripped = text.strip()
    first = re.split(r"[.?!:\n]", stripped, maxsplit=1)[0]
    return bool(_ASKS_FIRST.match(stripped) or _ANNOUNCES.search(first))


# A sentence asking something: an interrogative opening its clause ("…, do I count …?").
_INTERROGATIVE = re.compile(
    r"(?:^\s*|[,;:\u2014-]\s*|\b(?:so|and|but)\s+)(?:do|does|did|is|are|was|were|should|shall|can|could|would|will|"
    r"what|which|how|when|where|why|who|must|may)\b[^?]*\?$",
    re.I,
)


@dataclass(frozen=True)
class OptionMatch:
    option: Option
    by_label: bool
    start: int
    end: int = 0


def match_options(text: str, options: list[Option]) -> list[OptionMatch]:
    """Options named in ``text`` by label or synonym, longest phrases first, without overlaps."""
    negated_before = lexicon().negated_before
    lowered = _dehyphen(normalize(text).lower())
    bare = _only_codes(text, options)
    candidates: list[tuple[int, int, Option, bool]] = []
    for option in options:
        phrases = [(option.label, True)] + [(s, False) for s in option.synonyms]
        for phrase, by_label in phrases:
            if _is_code(option.label) and by_label:
                spaced = (
                    re.escape(phrase[:-1]) + r"[\s-]?" + re.escape(phrase[-1])
                    if phrase[-1].isdigit()
                    else re.escape(phrase)
                )
                pattern = rf"(?<![\w°-]){spaced}(?![\w-])"  # never the C of "4 °C"
                normalized = normalize(text)
                # A code is case-sensitive ("D", never the word "d"), but one with its division's
                # digit ("b2", "f3") or after "group" ("group c") reads in any case.
                flags = re.I if phrase[-1].isdigit() or bare else 0
                if not flags:
                    pattern += rf"|(?<=\bgroup )(?i:{re.escape(phrase)})(?![\w-])"
                for m in re.finditer(pattern, normalized, flags):
                    before = re.split(r"[,;.:()]", normalized[max(0, m.start() - 40) : m.start()].lower())[-1]
                    if not negated_before.search(before):  # "a retirement home, not B3"
                        candidates.append((m.start(), m.end(), option, by_label))
                continue
            pattern = rf"(?<![\w-]){re.escape(_dehyphen(normalize(phrase).lower()))}(?:s|es)?(?![\w-])"
            for m in re.finditer(pattern, lowered):
                if not negated_before.search(
                    re.split(r"[,;.:()]", lowered[max(0, m.start() - 40) : m.start()])[-1]
                ):
                    candidates.append((m.start(), m.end(), option, by_label))
    candidates.sort(key=lambda c: (-(c[1] - c[0]), c[0]))
    taken: list[tuple[int, int]] = []
    chosen: dict[str, OptionMatch] = {}
    for start, end, option, by_label in candidates:
        if any(start < e and s < end for s, e in taken):
            continue
        taken.append((start, end))
        previous = chosen.get(option.label)
        if previous is None or (by_label and not previous.by_label):
            chosen[option.label] = OptionMatch(option, by_label, start, end)
    return sorted(chosen.values(), key=lambda m: m.start)


def _only_codes(text: str, options: list[Option]) -> bool:
    """Whether the message is nothing but option codes ("c", "e and d", "a2 / e"): then a code reads
    in any case, as there is no word it could be instead."""
    codes = {o.label.lower() for o in options if _is_code(o.label)}
    words = re.findall(r"[\w-]+", text.lower())
    joins = {"and", "group", "groups", "occupancy", "major", "plus", "only", "with", "over"}
    return bool(codes) and any(w in codes for w in words) and all(w in codes or w in joins for w in words)


def _dehyphen(text: str) -> str:
    """'single-stage' and 'single stage' match alike (same length, so positions hold)."""
    return re.sub(r"(?<=\w)-(?=\w)", " ", text)


def _is_code(label: str) -> bool:
    return bool(re.fullmatch(r"[A-Z]\d?|SC\d", label))


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
