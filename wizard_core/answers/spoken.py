"""What a dictated or spoken answer carries that a typed one seldom does.

- Numbers in words, written as digits (number-parser for the words themselves): "one thousand four
  hundred" 1400, "twelve point five" 12.5, and figures read aloud in two parts, "sixteen forty"
  1640, "seven forty one" 741, "nineteen oh five" 1905. Ordinals ("second floor"), fractions ("two
  and a half") and "one" as a pronoun ("which one", "the one street") stay in words.
- Fillers ("um", "uh") and a figure taken back ("eleven forty no sorry eleven sixty", "1,140 m2 -
  I mean 1,160"), left out before any reader reads the words.
"""

from __future__ import annotations

import re

from number_parser import parse as digits_for_words

_UNITS = (
    "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
    "|sixteen|seventeen|eighteen|nineteen"
)
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_ONE_DIGIT = f"(?:{'|'.join(_DIGIT_WORDS[1:])})"
NUMBER_WORD = rf"(?:(?:{_TENS})(?:-(?:{'|'.join(_DIGIT_WORDS[1:])}))?|{_UNITS}|hundred|thousand|million)"
# A run of number words, with its decimals said digit by digit ("twelve point five").
RUN = re.compile(
    rf"\b{NUMBER_WORD}(?:(?:\s+and\s+|\s+oh\s+(?={_ONE_DIGIT}\b)|[\s-]+){NUMBER_WORD})*\b"
    rf"(?P<decimals>\s+point(?:\s+(?:{'|'.join(_DIGIT_WORDS)})\b)+)?",
    re.IGNORECASE,
)
# "twenty-first", "twenty first floor"; "two and a half", "three quarters": left in words.
_LEFT_AFTER = re.compile(
    r"\s+(?:and\s+)?(?:an?\s+)?(?:half|halves|quarters?|thirds?)\b|\s+point\b|[\s-]*(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth"
    r"|\w+teenth|\w+ieth|hundredth|thousandth|millionth)\b",
    re.IGNORECASE,
)
# "which one", "the one street", "a new one", "one of them": 'one' as a pronoun, not a count.
_ONE_BEFORE = re.compile(
    r"\b(?:which|the|this|that|each|every|any|no|another|other|only|a|an|new|existing|same|last|next)\s+$",
    re.IGNORECASE,
)
_ONE_AFTER = re.compile(r"^\s*(?:of\b|[^\w\s-]|$)", re.IGNORECASE)


def with_digits(text: str, smallest: float = 0) -> tuple[str, list[tuple[str, str]]]:
    """``text`` with its cardinal numbers in words written as digits, and each (words, digits); with
    ``smallest``, numbers below it are left in words ("one storey")."""
    found: list[tuple[str, str]] = []

    def digits(m: re.Match[str]) -> str:
        words = m[0]
        after = text[m.end() :]
        if _LEFT_AFTER.match(after):
            return words
        if words.casefold() == "one" and (_ONE_BEFORE.search(text[: m.start()]) or _ONE_AFTER.match(after)):
            return words
        decimals = m["decimals"]
        if decimals:
            words = words[: len(words) - len(decimals)]
        written = _read_aloud(digits_for_words(words).strip())
        if written == words or not re.search(r"\d", written):
            return m[0]
        if decimals:
            if not written.isdigit():
                return m[0]
            fraction = "".join(str(_DIGIT_WORDS.index(w.lower())) for w in decimals.split()[1:])
            written, words = f"{written}.{fraction}", m[0]
        if smallest and not any(re.fullmatch(r"[\d.]+", w) and float(w) >= smallest for w in written.split()):
            return m[0]
        found.append((words, written))
        return written

    return RUN.sub(digits, text), found


def _read_aloud(written: str) -> str:
    """number-parser's parts of a figure read aloud as the one figure: "16 40" 1640, "19 oh 5" 1905,
    and from the end, "5 38 80" (zone five, thirty-eight eighty) as "5 3880"."""
    parts = re.sub(r"\b([1-9]\d?) oh (\d)\b", lambda m: str(int(m[1]) * 100 + int(m[2])), written).split(" ")
    if not all(part.isdigit() for part in parts):
        return written
    joined: list[str] = []
    while parts:
        last = parts.pop()
        if len(last) == 2 and last[0] != "0" and parts and len(parts[-1]) <= 2 and parts[-1][0] != "0":
            last = str(int(parts.pop()) * 100 + int(last))
        joined.insert(0, last)
    return " ".join(joined)


# --- what else a dictated answer carries ---------------------------------------------------------

_FILLER = re.compile(r",?[ \t]*\b(?:u+m+|u+h+|e+rm+|hmm+)\b[,.]?", re.IGNORECASE)
_SAID = rf"{NUMBER_WORD}(?:[\s-]+{NUMBER_WORD})*(?:\s+point(?:\s+{_ONE_DIGIT}|\s+zero)+)?"
_FIGURE = rf"(?:\d[\d,]*(?:\.\d+)?|{_SAID})"
_NOUN = r"(?:\s*[^\W\d_][^\s,;:]*){0,2}"  # "square metres", "streets": what the figure counts
_CORRECTION = (
    r"(?:(?:no|nope|oops|wait)[,!.]?\s+)?(?:sorry|i\s+mean|correction|scratch\s+that|or\s+rather|make\s+that)\b"
    r"|no[,!.]"
)
# "eleven forty no sorry eleven sixty", "1,140 m2 - I mean 1,160", "3.2, or rather 3.6 m": the
# figure the speaker corrects, and the words correcting it, before the figure meant.
_SELF_CORRECTED = re.compile(
    # (not the last part of an article's number: '… built to 3.2.5, so no. 1 street')
    rf"(?<![\d.,])\b{_FIGURE}{_NOUN}\s*[,;.\u2014\u2013-]*\s*(?:{_CORRECTION})[,:.!]*\s*(?=\d|{NUMBER_WORD}\b)"
    # "about four hundred actually three eighty": an amount taken back with "actually", its unit at most
    rf"|(?:\babout\s+)?\b{_FIGURE}(?:\s*(?:square\s+metres|square\s+feet|m2|m²|sf|metres|m))?[ \t]*,?[ \t]*"
    rf"actually[ \t]+(?=\d|{NUMBER_WORD}\b)",
    re.IGNORECASE,
)


# Speech-to-text's "to" for "two" before a plural count: "to storeys above grade", "to streets".
_TO_FOR_TWO = re.compile(
    r"(?<!\bup\s)(?<!\bdown\s)(?<!\bback\s)(?<!\bfrom\s)\bto(?=\s+(?:storeys|stories|floors|levels|streets)\b)",
    re.IGNORECASE,
)


_DIGIT = {word: str(n) for n, word in enumerate(_DIGIT_WORDS)}
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen")
_ITEM_NUMBERS = {
    **{word: f"1{n}" for n, word in enumerate(_TEENS, start=0)},
    "nineteen": "19",
    "twenty": "20",
    **{f"twenty{sep}{word}": f"2{n}" for n, word in enumerate(_DIGIT_WORDS) if n for sep in (" ", "-")},
}
# A matrix item said aloud: "three oh one", "three point oh nine", "three zero four", "three point
# thirteen", "three point two seven": 3.01, 3.09, 3.04, 3.13, 3.27.
_ITEM_SAID = re.compile(
    rf"\bthree\s+(?:point\s+)?(?:oh|o|zero)\s+(?P<one>{_ONE_DIGIT})\b"
    rf"|\bthree\s+point\s+(?P<tens>one|two)\s+(?P<unit>{'|'.join(_DIGIT_WORDS)})\b(?!\s+point)"
    rf"|\bthree\s+point\s+(?P<whole>{'|'.join(sorted(_ITEM_NUMBERS, key=len, reverse=True))})\b(?!\s+point)",
    re.IGNORECASE,
)


# A number said after a place's noun names that place, not an item: "suite three zero four".
_PLACE_BEFORE = re.compile(
    r"\b(?:suites?|units?|rooms?|rm|apartments?|apt|offices?|doors?|lots?|highway|hwy|route|road|no|number)"
    r"\.?\s*#?\s*$|#\s*$",
    re.IGNORECASE,
)


def _item_number(m: re.Match[str]) -> str:
    if _PLACE_BEFORE.search(m.string, 0, m.start()):
        return m.group()
    if m["one"]:
        return f"3.0{_DIGIT[m['one'].lower()]}"
    if m["tens"]:
        return f"3.{_DIGIT[m['tens'].lower()]}{_DIGIT[m['unit'].lower()]}"
    return f"3.{_ITEM_NUMBERS[m['whole'].lower()]}"


def as_meant(text: str) -> str:
    """``text`` without the fillers of speech ("um", "uh"), without a figure its speaker took back
    ("eleven forty no sorry eleven sixty" keeps "eleven sixty"), with speech-to-text's "to" for "two"
    before a plural count put right ("to storeys above grade"), and an item's number said aloud in
    digits ("put three oh one down as change of use": 3.01)."""
    text = _ITEM_SAID.sub(_item_number, text)
    return _TO_FOR_TWO.sub("two", _SELF_CORRECTED.sub("", _FILLER.sub("", text)))
