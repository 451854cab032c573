"""Names of floors, written one way: 'lvl 2', 'L2' and '2nd flr' are 'Level 2', 'gnd' or 'GF' the ground
floor; in French, 'rez-de-chaussée' (or 'rdc') is the ground floor, 'sous-sol' ('s-sol') the basement,
'étage 3' Level 3 and 'l'étage' alone the floor above the ground floor.

'B2' before an occupancy's words ('B2 treatment areas', 'B2 occupancy') is the group, not a basement.
"""

from __future__ import annotations

import re

_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
}
_LEVEL_WORD = r"(?:floor|flr|fl|storey|story|level|lvl|lev)"
FLOOR = re.compile(
    # (a British 'lower ground floor' is the storey below the ground floor: a basement)
    rf"\b(?:lower\s+ground(?:\s*{_LEVEL_WORD})?(?![\w-])"
    rf"|(?:ground|gr?nd|rdc|gf|g/f|main|grade|street|entry)(?:\s*|-)(?:{_LEVEL_WORD})?(?![\w-])"
    r"(?!\s*(?:building|bldg|block|wing|house|hall|entrance|door)\b)"  # 'the main building' is no floor
    rf"|(?:{'|'.join(_ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th))\s*{_LEVEL_WORD}s?\b"
    rf"|(?:{_LEVEL_WORD})\s*-?\s*(?:\d{{1,2}}|[pb]\d)\b(?![,.]\d)"
    r"|l\s?-?\d{1,2}\b(?![,.]\d)|[pb]\d\b(?!\s*(?:occupanc|group|division|treatment|care|detention|custod|sleeping))"
    r"|(?:bsmt|basement|cellar|lower\s+level|(?<!['’])ll)(?:\s*-?\s*\d\b(?![,.]\d))?\b"  # not 'it'll'
    r"|mezz(?:anine)?\b|penthouse|roof(?:top)?\s*(?:level)?\b"
    # the French names
    r"|rez[- ]de[- ]chauss[ée]e\b|(?:sous|s\.?)[- ]sol\b|[ée]tage(?:\s+\d{1,2}\b(?![,.]\d))?(?![\w-])"
    r"|(?:second|upper|top)\s+(?:storey|floor|level)\b"
    r"|(?<![\w.,])\d{1,2}(?:st|nd|rd|th)(?=\s*(?::|$))"  # "2nd: 26 units …", "same as 2nd"
    r"|(?:^|(?<=^-)|(?<=^- )|(?<=^• ))\d{1,2}(?:st|nd|rd|th)\b)",  # "- 2nd aud 3: 2 WCs", opening a line
    re.I,
)


def floor_name(text: str) -> str:
    """The floor a phrase names, written one way: 'lvl 2', 'L2', '2nd flr' -> 'Level 2'; else ''."""
    match = FLOOR.search(text)
    if not match:
        return ""
    name = canonical_floor(match[0])
    if name == "Level 0":  # a model's 'L00 - BASEMENT', 'L00 - P1': the level named after its code
        after = FLOOR.search(text, match.end())
        return canonical_floor(after[0]) if after else name
    return name


def canonical_floor(label: str) -> str:
    """A floor's name written one way ('Level 2', 'Ground floor', 'Basement'); other names capitalised."""
    said = re.sub(r"\s+", " ", label.strip(" .:-–")).casefold()
    number = re.fullmatch(
        rf"(?:{_LEVEL_WORD}|l)\s*-?\s*(\d{{1,2}})|(\d{{1,2}})(?:st|nd|rd|th)?\s*{_LEVEL_WORD}s?", said
    )
    if number:
        return f"Level {int(number[1] or number[2])}"
    bare = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", said)  # '2nd' as a row's label
    if bare:
        return f"Level {int(bare[1])}"
    ordinal = re.fullmatch(rf"({'|'.join(_ORDINALS)})(?:\s*{_LEVEL_WORD}s?)?", said)  # "SECOND" alone
    if ordinal:
        return f"Level {_ORDINALS[ordinal[1]]}"
    if re.fullmatch(rf"(?:ground|gr?nd|rdc|gf|g/f|main|grade|street|entry)(?:(?:\s*|-){_LEVEL_WORD})?", said):
        return "Ground floor"
    below = re.fullmatch(
        rf"(?:bsmt|basement|cellar|lower level|ll|lower ground(?:\s*{_LEVEL_WORD})?)(?:\s*-?\s*(\d))?|b(\d)",
        said,
    )
    if below:
        deep = below[1] or below[2]
        return "Basement" if deep in (None, "1") else f"Basement {deep}"
    parking = re.fullmatch(rf"(?:{_LEVEL_WORD}\s*-?\s*)?([pb])(\d)", said)
    if parking:
        return f"{parking[1].upper()}{parking[2]}"
    # 'l'étage' unnumbered is the floor above the rez-de-chaussée: a building of more numbers its floors
    french = re.fullmatch(
        r"(rez[- ]de[- ]chauss[ée]e)|((?:sous|s\.?)[- ]sol)|(?:l')?[ée]tage(?:\s+(\d{1,2}))?", said
    )
    if french:
        return "Ground floor" if french[1] else "Basement" if french[2] else f"Level {int(french[3] or 2)}"
    if re.fullmatch(r"mezz(?:anine)?\.?(?:\s*(?:level|floor|flr|storey))?", said):
        return "Mezzanine"
    if re.fullmatch(r"(?:second|upper)\s+(?:storey|floor|level)", said):
        return "Level 2" if said.startswith("second") else "Upper floor"
    text = label.strip(" .:-–")
    return text[:1].upper() + text[1:]


def floor_key(label: str) -> str:
    """The key rows of one floor share: 'Ground floor', 'Level 1' and '1st floor' are one floor."""
    name = canonical_floor(label).casefold()
    return "level 1" if name == "ground floor" else name
