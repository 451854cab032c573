"""Reading facts out of a consultant's sentence: numbers, units, yes/no, options, articles."""

from __future__ import annotations

import re
from dataclasses import dataclass

from wizard_core.content import Option

FT2_TO_M2 = 0.09290304
FT_TO_M = 0.3048

WORD_NUMBERS = {
    "zero": 0, "no": 0, "none": 0, "one": 1, "a": 1, "an": 1, "single": 1, "two": 2, "three": 3,
    "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
    "twelve": 12, "both": 2,
}  # fmt: skip
_WORD_NUMBER = r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"

ARTICLE_ID = re.compile(r"(?<![\d.])\d+(?:\.\d+){2,}[A-Z]?\.?(?![\d])")
CLASSIFICATION_ARTICLE = re.compile(r"(?<![\d.])3\.2\.2\.(\d{2})([A-E])?(?![\d])")
NUMBER = re.compile(
    r"(?<![\w.,])(?P<num>\d{1,3}(?:(?:,|\u00a0|\u202f| )\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?!\.?\d)"
)
AREA_UNIT = re.compile(
    r"^\s*(?P<unit>m²|m\^2|m2|sq\.?\s?m(?:etres?|eters?)?\b|square\s+met(?:re|er)s?|sqm\b|s\.?m\.?(?![a-z])|"
    r"ft²|ft\^2|ft2|sq\.?\s?ft\b|sf\b|square\s+f(?:ee|oo)t)",
    re.IGNORECASE,
)
LENGTH_UNIT = re.compile(r"^\s*(?P<unit>m\b(?![²2^])|metres?\b|meters?\b|ft\b|feet\b|foot\b|')", re.I)
APPROXIMATE = re.compile(
    r"\b(about|approx(?:imately|\.)?|around|roughly|circa|ca\.|some|nearly|almost|estimated|"
    r"more or less|give or take|ish)\b|~|\+/-|±",
    re.IGNORECASE,
)
YES = re.compile(
    r"^\W*(yes|yep|yeah|yup|correct|affirmative|true|indeed|it is|there (?:is|are)|we do)\b", re.I
)
NO = re.compile(r"^\W*(no|nope|not|none|false|negative|n/a|nil|never)\b", re.I)
NEGATION = re.compile(
    r"\b(no|not|none|never|without|isn't|isnt|aren't|arent|doesn't|doesnt|won't|wont|"
    r"nil|n/a|neither|nor)\b",
    re.I,
)
QUESTION_START = re.compile(
    r"^\W*(what|which|how|why|when|where|who|can|could|should|would|do|does|is|are|"
    r"explain|tell me|help|i don'?t know|not sure|unsure)\b",
    re.I,
)
NOT_APPLICABLE = re.compile(
    r"^\W*no\b|\b(n/?a|not applicable|does not apply|doesn't apply|none|no (?:further )?notes?|nothing|"
    r"there (?:is|are) no|not proposed|no \w+(?: \w+)? (?:is|are) proposed)\b",
    re.I,
)
NEGATED_BEFORE = re.compile(r"\b(?:not|no|non|never|without)[\s-]+(?:\w+\s+)?$")
CONFIRM = re.compile(r"\b(yes|yep|correct|exact(?:ly)?|confirmed?|that's right|right|precisely)\b", re.I)


@dataclass(frozen=True)
class Quantity:
    """A number found in text, with its unit and where it stood."""

    value: float
    unit: str  # "m2", "ft2", "m", "ft" or ""
    start: int
    end: int
    approximate: bool


def normalize(text: str) -> str:
    """Lower-case, fold 'non-combustible' spellings, and unify dashes and spaces."""
    text = text.replace("\u2013", "-").replace("\u2014", "-").replace("\u00a0", " ")
    text = re.sub(r"\bnon[-\s]+(?=combustible)", "non", text, flags=re.I)
    return text


def mask_articles(text: str) -> str:
    """Blank out article numbers (3.2.2.60) so their parts are not read as quantities."""
    return ARTICLE_ID.sub(lambda m: " " * len(m.group()), text)


def quantities(text: str) -> list[Quantity]:
    """Every number in ``text`` with the unit right after it ('' when none)."""
    masked = mask_articles(normalize(text))
    found = []
    for match in NUMBER.finditer(masked):
        raw = re.sub(r"[,\u00a0\u202f ]", "", match["num"])
        value = float(raw)
        rest = masked[match.end() :]
        unit, end = "", match.end()
        area = AREA_UNIT.match(rest)
        length = None if area else LENGTH_UNIT.match(rest)
        if area:
            unit = "ft2" if re.search(r"ft|f(?:ee|oo)t|sf", area["unit"], re.I) else "m2"
            end += area.end()
        elif length:
            unit = "ft" if re.search(r"ft|f(?:ee|oo)t|'", length["unit"], re.I) else "m"
            end += length.end()
        before = masked[max(0, match.start() - 25) : match.start()]
        after = masked[end : end + 8]
        approximate = bool(APPROXIMATE.search(before.split(".")[-1]) or re.match(r"\s*-?ish\b", after))
        found.append(Quantity(value, unit, match.start(), end, approximate))
    return found


def word_number(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return WORD_NUMBERS.get(word)


def count_before(text: str, nouns: str) -> int | None:
    """The count written before one of ``nouns`` ('two barrier-free entrances' -> 2)."""
    pattern = rf"\b(\d+|{_WORD_NUMBER}|a|an|single|no)\b[\w\s-]{{0,30}}?\b(?:{nouns})"
    match = re.search(pattern, normalize(text), re.I)
    return word_number(match[1]) if match else None


def yes_no(text: str) -> tuple[bool | None, float]:
    """Read a yes/no answer: a leading word is decisive, negation words otherwise."""
    text = normalize(text)
    if YES.match(text) and not NO.match(text):
        return True, 0.95
    if NO.match(text):
        return False, 0.95
    if NEGATION.search(text):
        return False, 0.85
    if re.search(r"\b(required|provided|adequate|designed|is|are|has|have|will be)\b", text, re.I):
        return True, 0.8
    return None, 0.0


def is_question(text: str) -> bool:
    """A question back to the advisor rather than an answer."""
    stripped = text.strip()
    return stripped.endswith("?") or bool(QUESTION_START.match(stripped))


@dataclass(frozen=True)
class OptionMatch:
    option: Option
    by_label: bool
    start: int


def match_options(text: str, options: list[Option]) -> list[OptionMatch]:
    """Options named in ``text`` by label or synonym, longest phrases first, without overlaps."""
    lowered = _dehyphen(normalize(text).lower())
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
                pattern = rf"(?<![\w-]){spaced}(?![\w-])"
                for m in re.finditer(pattern, normalize(text)):  # codes are case-sensitive
                    candidates.append((m.start(), m.end(), option, by_label))
                continue
            pattern = rf"(?<![\w-]){re.escape(_dehyphen(normalize(phrase).lower()))}(?:s|es)?(?![\w-])"
            for m in re.finditer(pattern, lowered):
                if not NEGATED_BEFORE.search(lowered[max(0, m.start() - 12) : m.start()]):
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
            chosen[option.label] = OptionMatch(option, by_label, start)
    return sorted(chosen.values(), key=lambda m: m.start)


def _dehyphen(text: str) -> str:
    """'single-stage' and 'single stage' match alike (same length, so positions hold)."""
    return re.sub(r"(?<=\w)-(?=\w)", " ", text)


def _is_code(label: str) -> bool:
    return bool(re.fullmatch(r"[A-Z]\d?|SC\d", label))


def classification_articles(text: str) -> list[str]:
    return list(dict.fromkeys(f"3.2.2.{m[1]}{m[2] or ''}" for m in CLASSIFICATION_ARTICLE.finditer(text)))
