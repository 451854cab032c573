"""The trade's shorthand and a bilingual consultant's French words, spelled out as the readers know them:
"spr'd" and "unspr'd", "comb." and "non-comb.", "DU" and "SR", "exist'g" and "addn", "bldg", "2 No." and
"One (1)", "gicleurs partout",
"le sous-sol",
"rez-de-chaussée",
"pas de", "deux étages"."""

from __future__ import annotations

import re

# French words of the trade a bilingual consultant types among English ones, as the readers know them.
_FRENCH_WORDS = (
    (re.compile(r"\bgicleurs\b", re.I), "sprinklers"),
    (re.compile(r"\bgicleur\b", re.I), "sprinkler"),
    (re.compile(r"\brez[-\s]de[-\s]chauss[ée]e\b", re.I), "ground floor"),
    (re.compile(r"\bsous[-\s]sols\b", re.I), "basements"),
    (re.compile(r"\bsous[-\s]sol\b", re.I), "basement"),
    (re.compile(r"\bpartout\b", re.I), "throughout"),
    (re.compile(r"\bpas\s+de\b", re.I), "no"),
    (re.compile(r"\bdeux\b", re.I), "2"),
    (re.compile(r"\btrois\b", re.I), "3"),
    (re.compile(r"\bquatre\b", re.I), "4"),
    (re.compile(r"\bcinq\b", re.I), "5"),
)

# The trade's shorthand for two words the readers know spelled out.
_SHORTHAND_SPRINKLERED = re.compile(r"\b(un|non-?)?(?:spr|sprk|sprinkl)'d\b", re.I)
_SHORTHAND_COMBUSTIBLE = re.compile(r"\b(non[-\s]?)?comb\b\.?(?!\w)", re.I)
# a reviewer's capitals for dwelling units and sleeping rooms ('16 DU … = 28 SR × 2'); in capitals only,
# French 'du' being a word of its own
_SHORTHAND_UNITS = (
    (re.compile(r"\bDUs?\b"), "dwelling units"),
    (re.compile(r"\bSRs?\b"), "sleeping rooms"),
    # the parts of an addition: 'Exist'g processing', 'Addn bagging', 'reno'd washrooms'
    (re.compile(r"\b(?:exist'?g|ex'g|exg)\b\.?", re.I), "existing"),
    (re.compile(r"\badd'?n\b\.?", re.I), "addition"),
    (re.compile(r"\breno'd\b", re.I), "renovated"),
    (re.compile(r"\bbldgs\b\.?", re.I), "buildings"),  # 'entire bldg', 'two bldgs on the lot'
    (re.compile(r"\bbldg\b\.?", re.I), "building"),
    (re.compile(r"\brms\b\.?", re.I), "rooms"),  # 'MULTI-PURPOSE RM', 'mech rm'
    (re.compile(r"\brm\b\.?", re.I), "room"),
    (re.compile(r"\bconstr?\b\.?", re.I), "construction"),  # 'COMB. CONST. PERMITTED'
    (re.compile(r"\bhaz\.?(?=\s+subst)", re.I), "hazardous"),
    (re.compile(r"\bsubst\b\.?", re.I), "substances"),
)


# A drawing's lettering: abbreviations written with their stops ('L.D. 17.5', 'E.B.F. 206.4 M2', '2 W.C.'),
# as the readers know them, before any reads a figure after them.
_DOTTED = (
    (re.compile(r"(?<![\w.])l\.\s?d\.(?=\s|\d|$)", re.I), "LD"),
    (re.compile(r"(?<![\w.])e\.\s?b\.\s?f\.(?=\s|\d|$)", re.I), "EBF"),
    (re.compile(r"(?<![\w.])u\.\s?p\.\s?o\.(?=\s|\d|$)", re.I), "UPO"),
    (re.compile(r"(?<![\w.])f\.\s?r\.\s?r\.(?=\s|\d|$)", re.I), "FRR"),
    (re.compile(r"(?<![\w.])w\.\s?c\.(?=\s|\d|$|,)", re.I), "WC"),
    (re.compile(r"(?<![\w.])u\.\s?w\.(?=\s|\d|$|,)", re.I), "UW"),
    (re.compile(r"(?<![\w.])n\.\s?c\.(?=\s|\d|$|,)", re.I), "NC"),
    (re.compile(r"(?<![\w.])h\.\s?t\.(?=\s|\d|$|,)", re.I), "heavy timber"),
    (re.compile(r"(?<![\w.])(?:b\.\s?f\.|b/f)(?=\s)", re.I), "barrier-free"),  # 'B.F. ENTRANCES — 2'
)


def letters_joined(text: str) -> str:
    """``text`` with the trade's abbreviations written with stops ('L.D.', 'W.C.', 'B.F.') as the readers
    know them ('LD', 'WC', 'barrier-free')."""
    for dotted, words in _DOTTED:
        text = dotted.sub(words, text)
    return text


# a count in the British way ('2 No. entrances', '3no. WCs') and a count written twice ('One (1) entrance'):
# the count
_COUNT_MARKED = re.compile(r"\b(\d+)\s?(?:No\b\.?|no\.|(?<=\d)no\b)(?=\s)")
_COUNT_TWICE = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*\((\d+)\)", re.I
)


def spelled_out(text: str) -> str:
    """``text`` with the shorthand and French words above written as the readers read them."""
    text = _COUNT_TWICE.sub(r"\1", _COUNT_MARKED.sub(r"\1", text))
    text = _SHORTHAND_SPRINKLERED.sub(lambda m: f"{m[1] or ''}sprinklered", text)
    for short, words in _SHORTHAND_UNITS:
        text = short.sub(words, text)
    for french, english in _FRENCH_WORDS:
        text = french.sub(english, text)
    return _SHORTHAND_COMBUSTIBLE.sub(lambda m: f"{m[1] or ''}combustible", text)
