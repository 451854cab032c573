"""A revised answer's marks, read as the revision means them: the current value, the old one dropped.

A consultant revising an earlier submission marks what changed in the habits of a redline: the old
value struck ('~~3.2.2.54~~'), a pair of old and new ('was 1 / now 2', 'was: A2 + C / now: A2 only',
'was 0 / 5,800 / 5,800 → now 0 / 8,700 / 8,700'), or an order to strike ('strike D + E; now D only',
'Strike the C.'). Each is written as the current value alone, so no reader takes the old one for a
rival, a second option or a figure of the building. Text with no such marks is left as it is.
"""

from __future__ import annotations

import re

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
# 'strike D + E; now D only', 'strike 3.2.2.57, now 3.2.2.58', 'Strike the C.': the struck value
_STRIKE_THEN = re.compile(r"\bstrike\s+[^;,\n→]*?\s*(?:;|,|→|->|=>)\s*(?:now\s+)?", re.I)
_STRIKE_ALONE = re.compile(r"\bstrike\s+(?:out\s+)?(?:the\s+)?[^.;,\n]{1,40}(?:\.|$)", re.I | re.M)


def current(text: str) -> str:
    """``text`` with each revision mark read as the current value alone; unmarked text as it is."""
    said = _STRUCK.sub("", text)
    said = _ARROW_NOW.sub("", _WAS_NOW.sub("", said))
    said = _STRIKE_THEN.sub("", said)
    return _STRIKE_ALONE.sub("", said).strip() or text
