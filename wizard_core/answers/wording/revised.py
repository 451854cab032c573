"""A revised answer's marks, read as the revision means them: the current value, the old one dropped.

A consultant revising an earlier submission marks what changed in the habits of a redline: the old
value struck ('~~3.2.2.54~~'), a pair of old and new ('was 1 / now 2', 'was: A2 + C / now: A2 only',
'was 0 / 5,800 / 5,800 → now 0 / 8,700 / 8,700'), or an order to strike ('strike D + E; now D only',
'Strike the C.'). Each is written as the current value alone, so no reader takes the old one for a
rival, a second option or a figure of the building. Text with no such marks is left as it is.
"""

from __future__ import annotations

import re

from wizard_core.answers.wording import taken_back

_STRUCK = re.compile(r"~~[^~\n]+~~\s*")
# 'was 1 / now 2', 'was: … / now: …', 'rev 1: … → rev 2: …', 'previously 396; now 704': what is now
_WAS_NOW = re.compile(
    r"\b(?:was|were|previously|formerly|rev(?:ision)?\.?\s*1)\b\s*[:=]?(?:[^\n.]|\.(?=\d))*?"
    r"(?:\s*[/;,]\s*|\s*(?:→|->|=>)\s*|\s+)(?:is\s+now|are\s+now|now|rev(?:ision)?\.?\s*2)\b\s*[:=]?\s*",
    re.I,
)
# 'BF entrances 1 → now 2': the old figure, then the arrow to the new one
_ARROW_NOW = re.compile(
    r"(?<![\w.,])\d[\d,]*(?:\.\d+)?\s*(?:m2|m²|sf|%)?\s*(?:→|->|=>)\s*now\b\s*[:=]?\s*", re.I
)
# 'clubhouse 336 → 480 m²', 'total 1,440 → 1,584 m²': an area revised to a new one of its size, not
# working (no operator before it) nor a count stepping to another ('docks 18 -> 2 provided')
_AREA_REVISED = re.compile(
    r"(?<![\d.,])(?<![x×*÷/=+-]\s)(?<![x×*÷/=+-])(\d[\d,]*(?:\.\d+)?)\s*(?:m2|m²)?\s*(?:→|->|=>)\s*"
    r"(?=(\d[\d,]*(?:\.\d+)?)\s*(?:m2|m²|sq\.?\s*m|sm)\b)",
    re.I,
)
# a message marked as a revision ('(rev.)', 'rev 2', '[REV 2]', 'Δ2', 'revised'): its arrows between two
# figures ('storeys above grade 2 → 3', 'height 8.4 m → 11.6 m') go from the old value to the new
_REVISION_MARK = re.compile(r"\(rev\.?\)|\brev(?:ision)?\.?\s*\d|\[rev|Δ|\brevised\b", re.I)
_REVISED_TO = re.compile(
    r"(?<![\d.,])(?<![x×*÷/=+-]\s)(?<![x×*÷/=+-])\d[\d,]*(?:\.\d+)?\s*(?P<old>m2|m²|m|ft|%|h|min)?\s*(?:→|->|=>)\s*"
    # (not a row's persons leading to its fixtures: 'docks 18 -> 2 prov', '60 -> 30 per sex')
    r"(?=\d(?![\d,.]*\s*(?:prov|req|wcs?\b|uw|water|toilet|per\s+sex|m\s*/\s*f|each))"
    r"[\d,]*(?:\.\d+)?\s*(?P<new>m2|m²|m\b|ft|%|h\b|hrs?\b|min)?)",
    re.I,
)
# what a figure measures, by its unit or, with none, by the words before it ('LD 7.5', 'UPO 20')
_KIND_OF_UNIT = {"m2": "area", "m²": "area", "m": "length", "ft": "length", "%": "share"}
_KIND_BEFORE = {
    "length": re.compile(r"\b(?:l\.?\s?d\.?|limiting\s+distance|height|ht)\s*[:=]?\s*$", re.I),
    "share": re.compile(r"\b(?:upo|openings?|glazing|unprotected)\s*[:=]?\s*$", re.I),
    "time": re.compile(r"\b(?:frr|rating|rated)\s*[:=]?\s*$", re.I),
}


def _kind(unit: str | None) -> str:
    unit = (unit or "").lower()
    return "time" if unit in ("h", "hr", "hrs", "min") else _KIND_OF_UNIT.get(unit, "")


def _revised_to(m: re.Match[str], text: str) -> str:
    """An arrow between two figures dropped with the old one, unless the two measure different things
    ('LD 7.5 → 28 % → 1 h': the table's working from a distance to a share to a rating)."""
    old = _kind(m["old"])
    if not old:
        before = text[max(0, m.start() - 25) : m.start()]
        old = next((kind for kind, words in _KIND_BEFORE.items() if words.search(before)), "")
    new = _kind(m["new"])
    return m[0] if old and new and old != new else ""


# 'the footprint went from 40.0 x 18.0 to 48.0 x 20.0': the old sides, then the new ones (a count revised
# 'from one to two' is read by its item's reader)
_WENT_FROM = re.compile(
    r"\b(?:went|changed|increased|decreased|grew|shrank|revised)\s+from\s+"
    r"\d[\d,]*(?:\.\d+)?\s*m?\s*(?:x|×)\s*\d[\d,]*(?:\.\d+)?\s*m?\s+to\s+(?=\d)",
    re.I,
)
# 'strike D + E; now D only', 'strike 3.2.2.57, now 3.2.2.58', 'Strike the C.': the struck value
_STRIKE_THEN = re.compile(r"\bstrike\s+[^;,\n→]*?\s*(?:;|,|→|->|=>)\s*(?:now\s+)?", re.I)
_STRIKE_ALONE = re.compile(r"\bstrike\s+(?:out\s+)?(?:the\s+)?[^.;,\n]{1,40}(?:\.|$)", re.I | re.M)


# 'rev 2 (rev 1 in brackets)': the old figures said to be in brackets, each then dropped
_OLD_IN_BRACKETS = re.compile(
    r"\b(?:rev(?:ision)?\.?\s*1|old|previous|prior|earlier|was)(?:\s+\w+){0,2}\s+in\s+(?:brackets|parenth\w*)",
    re.I,
)
_BRACKETED_OLD = re.compile(r"\s*\((?:\d[\d,]*(?:\.\d+)?\s*(?:m2|m²|sm|sf|%)?|unchanged|new)\)", re.I)
# a row said to be taken out of a revised table: '[REV 2] rev 1 row 5 (300 m² warehouse bay, 11) deleted'
_DELETED_ROW = re.compile(
    r"^[^;\n]*\b(?:deleted|removed|struck(?:\s+out)?)\s*[.;]?[ \t]*(?:$|;)", re.I | re.M
)


# the old value in brackets after the current one: '1,104 / 480 / 1,584 (rev 1: 1,104 / 336 / 1,440)',
# '2 h (was 1 h)', '(previously 396)'
_OLD_BRACKETED = re.compile(
    r"\s*\((?:rev(?:ision)?\.?\s*[01]|was|were|previously|formerly|old|prior|before)\b\s*[:=]?[^()]*\d[^()]*\)",
    re.I,
)


def _new_of_its_size(m: re.Match[str]) -> str:
    """'336 → ' before '480 m²' dropped when the two are areas of one size (neither twice the other)."""
    old, new = (float(g.replace(",", "")) for g in (m[1], m[2]))
    return "" if old and 0.5 <= new / old <= 2 else m[0]


def current(text: str) -> str:
    """``text`` with each revision mark read as the current value alone, and what its writer took back
    as they typed dropped (see ``taken_back``); unmarked text as it is."""
    said = taken_back.meant(_OLD_BRACKETED.sub("", _STRUCK.sub("", text)))
    if _OLD_IN_BRACKETS.search(said):
        said = _BRACKETED_OLD.sub("", said)
    said = _DELETED_ROW.sub("", said)
    said = _ARROW_NOW.sub("", _WAS_NOW.sub("", said))
    said = _AREA_REVISED.sub(_new_of_its_size, said)
    if _REVISION_MARK.search(said):
        said = _REVISED_TO.sub(lambda m: _revised_to(m, said), said)
    said = _WENT_FROM.sub("", said)
    said = _STRIKE_THEN.sub("", said)
    return _STRIKE_ALONE.sub("", said).strip() or text
