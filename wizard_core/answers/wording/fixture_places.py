"""Which 3.18 rows a plumbing line (3.23) is about when it names none by floor or words: the one row
whose persons it states ('bleachers 380 -> 190/sex'); and the rows a line says have no fixtures ('Back
stock, staff rm, mezz rows: 0', 'All other rows 0')."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from wizard_core.answers import parsing as p

# a whole number not counting fixtures ('380 ->', 'on 112', '166:'); '4 wc', '2 urinals' count fixtures
_FIGURE = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})*|\d+)(?![\d.,]\d)(?!\s*(?:%|m2|m²|sm|sf|wcs?\b|w\.c|water|toilets?|urinals?"
    r"|lav|universal|uw\b|bf\b|barrier|stalls?|accessible|m\b|f\b|male|female|men|women|/\s*sex|each\s+sex|per))",
    re.I,
)


# a row's name, then its persons before a dash or colon, then its counts
# ('Existing mezzanine, 7 ppl → 0'): its persons may be named so, and lead with an arrow
_NAMED_WITH_LOAD = re.compile(
    r"^(?:[^:]{1,20}:\s*)?[a-z][a-z /&'.+-]{1,40}?,?\s+(\d{1,4})"
    r"(?:\s*(?:ppl|persons?|people|pers\.?|occupants|occ\.?)(?!\w))?\s*(?:[-\u2013\u2014:=→]|->)\s*\S",
    re.I,
)


_NAMED_WITH_BRACKETED_LOAD = re.compile(
    r"^\W*(?:the\s+)?[a-z][a-z /&'.+-]{1,40}?\s*\((?:the\s+)?(\d{1,4})\)", re.I
)


def by_persons(line: str, persons: dict[str, Any]) -> str | None:
    """The one 3.18 row whose persons (no other row's; 10 or more unless set beside the row's name, 'the
    kitchen (9) has 2 staff wcs') the line states ('bleachers 380 -> 190/sex -> 3 + 3', 'existing rdc
    166: 6 wc'): a line naming its row by its occupant load."""
    counts = [n for n in persons.values() if isinstance(n, int)]
    normal = p.normalize(line)
    # 'L1: nurse stn 7 - 1 staff WC', 'the kitchen (9) has 2 staff wcs': the figure is its persons
    named = _NAMED_WITH_LOAD.match(normal) or _NAMED_WITH_BRACKETED_LOAD.match(normal)
    if named:
        load = int(named[1])
        found = [k for k, n in persons.items() if n == load and counts.count(n) == 1]
        if len(found) == 1:
            return found[0]
    said = {int(m[1].replace(",", "")) for m in _FIGURE.finditer(p.normalize(line))}
    found = [
        k for k, n in persons.items() if isinstance(n, int) and n >= 10 and counts.count(n) == 1 and n in said
    ]
    return found[0] if len(found) == 1 else None


# 'All other rows 0', 'the remaining rows: none', 'Back stock, staff rm, mezz rows: 0', 'rest nil'
_NONE_FOR = re.compile(
    r"^\W*(?P<names>.{0,80}?)\s*\b(?:rows?|areas?)?\s*(?::|-|=|\bare\b|\bhave\b)?\s*"
    r"(?:0|nil|none|no\s+(?:fixtures|washrooms|wcs?))\s*(?:wcs?|fixtures)?\W*$",
    re.I,
)
# 'loft, office, kitchen, bsmt use those = 0', 'Meeting room, kitchen and office share the hall washrooms;
# none of their own': rows served by another's fixtures, none of their own
_SHARING = re.compile(
    r"^\W*(?P<names>.{0,80}?)\s+(?:all\s+)?:?\s*(?:uses?|shares?|sharing|using|(?:is\s+|are\s+)?served\s+by)\s+"
    r"(?:those|them|these|the\s+[\w\s']{1,40}?|[\w\s']{1,30}?\b(?:washrooms?|wcs|toilets|fixtures|facilities))"
    r"(?:\s*[=:]\s*(?:0|nil|none)|\s*[;,.\u2014\u2013-]\s*(?:none|nil|0)\b[\w\s]*)?\W*$",
    re.I,
)
# 'Auditoria: none of their own', 'Mezzanine: nil': rows named before a colon, then none
_LABELLED_NONE = re.compile(
    r"^\W*(?P<names>[^:]{2,60}?)\s*:\s*(?:0|nil|none|no\s+(?:fixtures|washrooms|wcs?))"
    r"(?:\s+of\s+(?:its|their)\s+own|\s+(?:wcs?|fixtures))?"
    r"(?:\s*[,;(\u2014\u2013]\s*[^\d]*|\s+-\s+[^\d]*)?\W*$",  # '…: none, they use the washrooms upstairs'
    re.I,
)
# 'Basement: storage, not normally occupied; no washroom, nil': rows named before a colon, words of why,
# then a last clause saying none
_LABELLED_ENDING_NONE = re.compile(
    r"^\W*(?P<names>[^:]{2,60}?)\s*:\s*[^\d:]{0,80}?[;,\u2014\u2013]\s*"
    r"(?:no\s+(?:washrooms?|wcs?|water\s+closets|fixtures)\s*[,;]\s*)?(?:nil|none|0)\W*$",
    re.I,
)
# 'the café (24) has none of its own, it uses the public ones', 'the stockroom (11) has none either'
_HAS_NONE = re.compile(
    r"^\W*(?P<names>[^,;:]{2,60}?)\s+(?:has|have|gets?)\s+"
    r"(?:none|nothing|no\s+(?:wcs?|washrooms?|fixtures|water\s+closets))\b"
    r"(?:\s+of\s+(?:its|their)\s+own)?(?:\s+either)?(?:\s*[,;(\u2014\u2013-]\s*[^\d]*)?\W*$",
    re.I,
)
# ('Basement (12 on the egress count): …', 'viewing rail, 90: nil')
_PERSONS_AFTER_NAME = re.compile(
    r"(?:\s*\((\d{1,4})(?:\s+[a-z][^()\d]{0,40})?\)|,\s*(\d{1,4}))(?=\s*:)"
    r"|\s+(\d{1,4})\s*(?:ppl|persons?|people)?\s*(?:->|→)",  # 'Existing storage 8 -> uses the plant's, 0'
    re.I,
)
_LIST_NUMBER = re.compile(r"^\s*\(?\d{1,2}[.)]\s+")
_PERSONS_IN_NAME = re.compile(r"\s*\((?:the\s+)?(\d{1,4})(?:\s+(?:people|persons))?\)")


def _row_of_load(load: int, persons: dict[str, Any]) -> str | None:
    found = [key for key, n in persons.items() if n == load]
    return found[0] if len(found) == 1 else None


_ROWS_WORD = re.compile(r"\brows?\b|\bareas?\b|\bother\b|\bremaining\b|\brest\b", re.I)
_THE_REST = re.compile(r"^(?:all\s+)?(?:the\s+)?(?:other|remaining|rest(?:\s+of\s+the)?)\b", re.I)


def rows_without(
    line: str,
    floors: dict[str, str],
    named: Callable[[str, dict[str, str]], str | list[str] | None],
    labelled: bool = True,
    persons: dict[str, Any] | None = None,
) -> list[str] | None:
    """The rows a line says have no fixtures, or ['*'] for every row not given any ('All other rows 0');
    None when the line says no such thing. ``named`` finds the row a name is ('staff rm'); ``persons``,
    each row's occupant load, the row of a name given with its load ('the café (24) has none of its own')."""
    line = _LIST_NUMBER.sub("", line)  # '2. Ground floor, finishing room (27): nil'
    whole = p.normalize(line).strip()  # 'the café (24) has none of its own': the load names the row
    load = _PERSONS_AFTER_NAME.search(line)
    line = _PERSONS_AFTER_NAME.sub("", line)  # 'sally port (3): none': the row's persons, not a count
    plain = p.normalize(line).strip()
    found = _NONE_FOR.match(plain)
    if found is not None and not _ROWS_WORD.search(line):
        found = None
    # the first way of saying it whose names are all rows ('P2 and P1: none, people use the washrooms
    # upstairs' names P2 and P1, not 'people')
    labelled_none = _LABELLED_NONE.match(plain) if labelled else None
    ending_none = _LABELLED_ENDING_NONE.match(plain) if labelled else None
    ways = (found, _SHARING.match(plain), labelled_none, _HAS_NONE.match(whole), ending_none)
    said_none = [said for said in ways if said is not None]
    # 'Main floor, viewing rail, 90: nil': the persons before the colon name the one row of that load
    figure = (load[1] or load[2] or load[3]) if load else None
    loaded = _row_of_load(int(figure), persons) if said_none and figure and persons else None
    if loaded is not None:
        return [loaded]
    for said in said_none:
        if (keys := _rows_of(said["names"], floors, named, persons)) is not None:
            return keys
    return None


def _rows_of(
    said: str,
    floors: dict[str, str],
    named: Callable[[str, dict[str, str]], str | list[str] | None],
    persons: dict[str, Any] | None = None,
) -> list[str] | None:
    names = re.sub(r"[,\s]+\d{1,4}$", "", said.strip(" ,:-"))  # 'Meeting room, 44': its persons
    loads = _PERSONS_IN_NAME.findall(names)
    names = _PERSONS_IN_NAME.sub("", names)
    loaded = _row_of_load(int(loads[0]), persons) if len(loads) == 1 and persons else None
    if loaded is not None:
        return [loaded]  # 'the café (24)', 'boardroom (150)': the one row of that occupant load
    if _THE_REST.match(names):
        return ["*"]
    keys: list[str] = []
    for name in re.split(r",|\band\b|&|/|\+", re.sub(r"\brows?\b", "", names, flags=re.I)):
        if name.strip():
            key = named(name.strip(), floors)
            if key is None:
                return None  # a name no row has: the line is not read so
            keys.extend([key] if isinstance(key, str) else key)  # 'auditoria': the rows it stands for
    return keys or None
