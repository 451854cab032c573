"""The alternatives a consultant weighed and set aside, told beside the one carried forward, dropped.

At design development an answer often tells the options before the one taken: 'Scheme A was three
storeys at 2,150 m² a floor; we went with Scheme B — … 1,650 m²', 'the first layout ran it over the stage
at 130 m², so it was cut back. Now 60 m²', 'VE wanted to leave the floor unrated, but .71 still needs the
45 min', 'the specs started on STC 50; … carrying ASTC 47', '(Scheme A would have been 204)', 'the old
stage loft (about 35 m²) is coming out'. The rejected option's figures, groups and ratings are no fact of
the building, and a reader would take them for rivals of the value meant. Each is dropped:

- a sentence telling a scheme or option in the past ('Scheme A was …', 'Option 1 had …'), or the first,
  original or earlier version of the design ('the first layout ran it …', 'the original scope …');
- a counterfactual ('… would have been 204', '.80 would only give us 1,000'), up to the turn from it
  ('under IBC it would've been Type IIB, but 3.2.2.45 permits combustible');
- a thing taken out ('the old loft (about 35 m²) is coming out');
- what someone wanted, weighed or started on, up to the 'but' that turns from it or the outcome after a
  comma ('VE wanted …, but …', 'we thought about a posted number of 60, but kept the table figure',
  'Structural started at Normal, but', 'staff asked for a third ramp …, so make it 3').

A sentence that tells the option carried ('Scheme B is what we're carrying: … 1,400 m²') stays, and a
message that would be left with nothing is left as it is.
"""

from __future__ import annotations

import re
from functools import lru_cache

# a part of the message: a sentence (its stop not a decimal point), a line, a part after a semicolon, or
# a bracketed aside
_PART = re.compile(r"\([^()\n]*\)|[^.;!?\n()]+(?:\.(?=[\d(])[^.;!?\n()]*|\([^()\n]*\)[^.;!?\n()]*)*[.;!?]?")
_SCHEME = r"(?:scheme|option|alternative|layout|version|concept|iteration|design|plan|scope|proposal|idea)"
_PAST_OPTION = re.compile(  # the subject of its sentence: 'Scheme A was …', 'The first layout ran it …'
    r"^\s*(?:[-–•*]\s*)?(?:the\s+|our\s+|their\s+|\w+'s\s+)?(?:"
    rf"{_SCHEME}\s+(?:[a-z]\b|\d\b|[a-z]-\d\b|one|two|three)(?:'s)?[^.;\n]*?\b(?:was|were|had|ran|came\s+in|gave|showed)\b"
    rf"|(?:first|earlier|original|initial|previous|old|prior)\s+(?:{_SCHEME}|site\s+plan|run|calc\w*|drawings?)s?\b)",
    re.I,
)
_COUNTERFACTUAL = re.compile(
    r"\bwould\s+(?:have|only|also\s+have|otherwise|then)\b|\bwould'?ve\b|\bwe'?d\s+only\s+have\b", re.I
)
_TAKEN_OUT = re.compile(
    r"\b(?:is|are|was|were)\s+(?:coming\s+out|being\s+(?:removed|demolished|taken\s+out)|removed|demolished"
    r"|deleted|dropped|cut)\b",
    re.I,
)
# what was wanted or weighed, up to the turn from it
_WEIGHED = re.compile(
    r"\b(?:wanted|(?<!is\s)(?<!are\s)(?<!be\s)(?<!been\s)(?<!was\s)(?<!were\s)(?<!not\s)considered"
    r"|thought\s+about|asked\s+(?:about|for)|priced|floated|explored|tried\b[^;\n]*?\bfirst"
    r"|(?:first|originally|initially)\s+ran|started\s+(?:on|at|with|out)|began\s+(?:on|at|with))\b"
    r"[^;\n]*?(?=,?\s+but\b|;|$)",
    re.I,
)
# the turn from what was weighed: 'but …', or its outcome after a comma ('…, so make it 3 entrances')
_BUT = re.compile(
    r",?\s+but\b|,\s+(?:so|hence|therefore)\b(?!\s+(?:we|that)\s+(?:could|can|would|might)\b)", re.I
)
_CLAUSE_START = re.compile(r"\s[—–-]+\s|:\s|\(")


@lru_cache(maxsize=256)  # read() runs on one message for many items a turn
def dropped(text: str, *, counterfactuals: bool = True) -> str:
    """``text`` without the alternatives set aside in it; ``text`` itself when nothing else would stay. With
    ``counterfactuals`` False, a counterfactual stays (3.21 reads 'would only need 45 min if …' itself)."""
    kept: list[str] = []
    at = 0
    for part in _PART.finditer(text):
        kept.append(text[at : part.start()])
        at = part.end()
        kept.append(_part_kept(part[0], counterfactuals))
    kept.append(text[at:])
    said = "".join(kept)
    return said if re.search(r"\w", said) else text


def _part_kept(part: str, counterfactuals: bool) -> str:
    """What stays of one sentence, line or aside: nothing when it tells an option set aside; after its
    'but' when only its first clause does."""
    if _PAST_OPTION.search(part) and not _carried(part):
        return " " * len(part)
    weighed = _WEIGHED.search(part) or (_COUNTERFACTUAL.search(part) if counterfactuals else None)
    if weighed is not None:
        # from the clause the weighing is told in ('Floors: 1 h — VE asked for 45 min, but …')
        starts = [  # (not a bracket closed before it: 'Sprinklered .27 (2,400 m²) would have been …')
            b.end()
            for b in _CLAUSE_START.finditer(part, 0, weighed.start())
            if b.group() != "(" or ")" not in part[b.end() : weighed.start()]
        ]
        start = starts[-1] if starts else 0
        turn = _BUT.search(part, weighed.start())
        end = turn.start() if turn is not None else len(part)
        if turn is None and _carried(part[start:]):
            return part
        close = part.find(")", end)
        if start and part[start - 1] == "(" and ")" in part[start:end]:
            start -= 1  # '… = 151 (IBC would have given me 130 at 5 net)': the aside, brackets and all
        elif start and part[start - 1] == "(" and close != -1 and not re.search(r"\d", part[end:close]):
            start, end = start - 1, close + 1  # '(we thought about a posted 60, but kept the table figure)'
        return part[:start] + " " * (end - start) + part[end:]
    out = _TAKEN_OUT.search(part)
    if out is not None and re.search(r"\d", part):
        starts = [b.end() for b in _CLAUSE_START.finditer(part, 0, out.start()) if b.group() != "("]
        start = starts[-1] if starts else 0
        return part[:start] + " " * (len(part) - start)
    return part


_CARRIED_WORDS = re.compile(
    r"\b(?:carry|carrying|carried|went\s+with|going\s+forward|what\s+we'?re|is\s+now|now\b|kept|keep|stays?)\b",
    re.I,
)


def _carried(part: str) -> bool:
    """Whether a part also tells the option carried forward ('we went with Scheme B — … 1,650 m²')."""
    return _CARRIED_WORDS.search(part) is not None
