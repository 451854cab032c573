"""What a consultant takes back as they type, dropped, so the value they meant is the one read.

Typed answers carry their own corrections: a figure and then another ('2,150 — no sorry, 2,510 m²',
'48 m²… er, 52 m²', '1,008 — typo — 1,088', '2? no — 1', '9.1 m to the ridge — sorry, 9.6'), a word
or option and then another ('ESFR — scratch that, standard spray', 'SC1 — hang on, no. … SC2',
'3.2.2.79 — no, .81'), a step of working disowned ('LD 10.0 → 32 %… no, that was the old survey;
LD 12.0 → 42 %'), and an old figure named as such ('1 h on the old drawings, but it's 45 min', '9.1 was
the old pitch'). What was taken back is dropped, so no reader takes it for a rival of the value meant,
a second option or a figure of the building. Text with no such correction is left as it is.
"""

from __future__ import annotations

import re

_FIGURE = r"(?:\d+(?:\.\d+){2,}[a-z]?|\d[\d,]*(?:\.\d+)?)"  # an article's number, or a figure
# the words that take back what came before them
_MARKER = (
    r"(?:(?:er|erm|uh|um)[,.]?\s+)?(?:(?:no|nope|oops|wait)[,!.]?\s+)?"
    r"(?:sorry|i\s+mean|i\s+meant|make\s+that|scratch\s+that|strike\s+that|or\s+rather|typo|my\s+(?:mistake|bad)"
    r"|correction|(?:hang|hold)\s+on,?\s+no|wait,?\s+no|no,?\s+wait)\b"
)
_UNIT = r"(?:m²|m2|m|mm|ft|sf|%|h|hrs?|min)\b"
_ITEM_WORD = r"\d+(?:\.\d+)?\s+typo\b"
# a figure, what it counts (a few words, no figure), taken back for the figure after the marker; a bare
# 'no' or 'er' takes back only after a dash, an ellipsis or a question mark ('2? no — 1', '48 m²… er, 52')
_FIGURE_TAKEN_BACK = re.compile(
    # (never an item's number, '3.07 — sorry, 8.1 m', nor what is called a typo, '3.04 typo - 2,350 + …')
    rf"(?<![\w.,])(?!3\.[0-2]\d(?![\d.]))(?!{_ITEM_WORD}){_FIGURE}"
    rf"(?P<tail>(?:[ \t]*{_UNIT})?(?:[ \t]+[^\W\d][^\s\d,;:?…—–-]*){{0,6}}?)"
    rf"(?:[ \t]*[,—–-]*[ \t]*{_MARKER}|[ \t]*(?:\?|…|\.\.\.|[—–]|--?)[ \t]*(?:no|nope|er|erm)\b)"
    r"(?:[ \t,:;!—–-]|\.(?!\d))*"
    rf"(?P<new>{_FIGURE}|\.\d+)(?P<unit>[ \t]*{_UNIT})?(?P<stop>\.(?=[ \t]+\S))?",
    re.I,
)


def _figure_meant(m: re.Match[str]) -> str:
    """The figure meant, with what the one taken back measured when it is given bare ('9.1 m to the
    ridge — sorry, 9.6': 9.6 m to the ridge), unless words of its own follow it ('3 above — no, 2 above')."""
    own_words = not m["stop"] and re.match(r"[ \t]*[^\W\d]", m.string[m.end() :])
    # ('3? no — 2. Queen St …': the sentence's stop kept as a semicolon, no list's number '2.')
    return m["new"] + (m["unit"] or ("" if own_words else m["tail"])) + (";" if m["stop"] else "")


# the words after a value, taking it back for words that follow ('— scratch that, standard spray')
_WORDS_TAKEN_BACK = re.compile(
    r"[ \t]*(?:…|\.\.\.|[—–,]|--?)[ \t]*"
    r"(?:no[,.]?\s+sorry|sorry,?\s+no|scratch\s+that|strike\s+that|(?:hang|hold)\s+on,?\s+no|wait,?\s+no"
    r"|no,?\s+wait|make\s+that|my\s+(?:mistake|bad)"
    r"|no[,.]?\s+that\s+(?:was|is|'s)\s+(?:the\s+|a\s+)?(?:old|previous|earlier|wrong|superseded|original|prior|first|initial|last)"
    r"\b[^;.\n]*)"
    r"[ \t,:;.!—–-]*",
    re.I,
)
_BOUNDARY = re.compile(r"[\n;:,(]|[.!?](?=\s)")
_PHRASE_WORDS = 8  # a value taken back is a few words; a longer stretch is no value, and stays
# an old figure named as such, before the one meant: '1 h on the old 2012 drawings, but it's 45 min'
_OLD_BUT = re.compile(
    rf"(?<![\w.,]){_FIGURE}[ \t]*(?:{_UNIT})?\s+(?:on|in|per|from|according\s+to)\s+the\s+"
    r"(?:old|previous|earlier|original|superseded|prior|last)\b[^,;\n]{0,40}?,?\s+but\s+"
    r"(?:it'?s|it\s+is|now(?:\s+it'?s)?|actually|it'?ll\s+be|we'?re\s+(?:at|using))\s+(?=\d)",
    re.I,
)
# a clause saying a figure given was the old one: '9.6; 9.1 was the old 6/12 pitch.'
_WAS_THE_OLD = re.compile(
    rf"(?:^|(?<=[;,.\n])|(?<=[;,.]\s))[ \t]*{_FIGURE}[ \t]*(?:{_UNIT})?\s+(?:was|were)\s+"
    r"(?:the\s+|from\s+the\s+|on\s+the\s+)?(?:old|previous|earlier|original|superseded|prior)\b"
    r"(?:[^;,.\n]|\.(?=\d))*[.;,]?",
    re.I | re.M,
)


# a measure said not to be the one, after the one that is: '6.9 m to the ridge, not 6.4 m', '2 h (not 1 h)'
_NOT_THAT_ONE = re.compile(
    rf"[ \t]*[,(]?[ \t]*\bnot\s+(?:the\s+)?(?<![\w.,]){_FIGURE}[ \t]*(?:m|mm|ft|h|hrs?|min|%)\b\)?"
    r"(?=[ \t]*(?:[.;,)\n]|$|as\b|like\b|per\b|from\b|which\b|that\b|on\b))",
    re.I,
)
_FIGURE_BEFORE = re.compile(rf"(?<![\w.,]){_FIGURE}[^.;\n]{{0,40}}$")


def _not_that_one(m: re.Match[str]) -> str:
    """The figure denied dropped when the clause gives another before it; else kept, for its reader."""
    return "" if _FIGURE_BEFORE.search(m.string, 0, m.start()) else m[0]


def _words_dropped(text: str) -> str:
    """``text`` without each value taken back for the words after it, from its clause's start."""
    out, at = [], 0
    for m in _WORDS_TAKEN_BACK.finditer(text):
        if m.start() < at:
            continue
        starts = [b.end() for b in _BOUNDARY.finditer(text, at, m.start())]
        start = starts[-1] if starts else at
        phrase = text[start : m.start()]
        if not phrase.strip() or len(phrase.split()) > _PHRASE_WORDS:
            continue
        out.append(text[at:start])
        if out[-1] and not out[-1][-1].isspace():
            out.append(" ")
        at = m.end()
    out.append(text[at:])
    return "".join(out)


def meant(text: str, *, denials: bool = True) -> str:
    """``text`` without what its writer took back as they typed; text with no correction as it is. With
    ``denials`` False, a figure said not to be the one ('1,260 m² not 1,200') stays: a revision's cue."""
    said = _OLD_BUT.sub("", text)
    said = _FIGURE_TAKEN_BACK.sub(_figure_meant, said)
    said = _words_dropped(said)
    said = _WAS_THE_OLD.sub("", said)
    if denials:
        said = _NOT_THAT_ONE.sub(_not_that_one, said)
    return said.strip() or text
