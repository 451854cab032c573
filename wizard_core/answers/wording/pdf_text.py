"""Text pasted from a report's PDF, as the consultant wrote it: without the page's header or footer caught
in the paste ('Project 24-117 — Code Review — Page 4 of 11'), with a word hyphenated across a line end
whole again ('occu-' over 'pancy'), and a bullet the PDF's font drew as a private character ('') as a
bullet."""

from __future__ import annotations

import re

# a line that names its page: 'Page 4 of 11', 'pg 4 of 10', 'p. 3/12'
_PAGE_LINE = re.compile(
    r"^[^\n]*\b(?:page|pg\.?|p\.)\s*\d{1,3}\s*(?:of|/)\s*\d{1,3}\b[^\n]*(?:\n|$)", re.I | re.M
)
# a word broken at a line end: lowercase on both sides of the hyphen
_BROKEN = re.compile(r"\b([a-z]+)-[ \t]*\n[ \t]*([a-z]+)\b")
# words a hyphen joins in their own right ('single-storey', 'non-combustible'): the hyphen kept
_JOINING = frozenset(
    {"single", "two", "three", "four", "multi", "non", "semi", "self", "sub", "fire", "pre", "post", "low"}
    | {"high"}
)
# a line ending on a list's separator, the list going on in lowercase on the next line
_WRAPPED = re.compile(r"([;,])[ \t]*\n(?=[ \t]*[a-z])")
_PRIVATE_BULLET = re.compile("[\uf0b7\uf0a7\uf076\uf0d8\uf0fc]")


def as_typed(text: str) -> str:
    """``text`` as typed, when it was pasted from a PDF (see the module); other text as it is."""
    if "\n" not in text and not _PRIVATE_BULLET.search(text):
        return text
    text = _PRIVATE_BULLET.sub("•", text)
    text = _PAGE_LINE.sub("", text)
    text = _WRAPPED.sub(r"\1 ", text)  # 'kitchen … → 12 ;' over 'resident home area …': one line wrapped
    return _BROKEN.sub(lambda m: f"{m[1]}-{m[2]}" if m[1].lower() in _JOINING else f"{m[1]}{m[2]}", text)
