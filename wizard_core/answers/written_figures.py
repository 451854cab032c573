"""Figures written the French way, read as figures: spaces between thousands ("2 350 m²", "1 250,5") and a
decimal comma before a unit or after "@" ("12,8 m", "@ 0,95"); three digits after a comma stay
thousands ("1,250")."""

from __future__ import annotations

import re

_SPACED_THOUSANDS = re.compile(r"(?<![\d.,\w])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d]|\.\d|,\d{3})")
_DECIMAL_COMMA = re.compile(
    r"(?<![\d.,])(\d+),(\d{1,2})(?![\d,])"
    r"(?=\s*(?:m²|m2|m\b|mm\b|%|h\b|hr|min|kpa|l/s|°|persons?\b|p\b|m²/p|m2/p)|(?<=@\s\d,\d\d)|(?<=@\d,\d\d))",
    re.I,
)


# a decimal comma after the name of what it measures ('LD 8,5 —', 'L/H 5,1', 'height of wall 12,4'), with no
# space after the comma (a list has one: 'LD 8, 5 and 6')
_NAMED_DECIMAL = re.compile(r"\b(ld|l/h|h/l|ratio|height|ht|hgt)(\s*[=:]?\s*)(\d+),(\d{1,2})(?!\d|,\d)", re.I)


# A term of shown working: after an operator or "at" ("at 1,85", "/ 9,30", "= 329,7") or before one
# ("19,6 → 20"). One or two digits after a comma are never a group of thousands.
_WORKING_BEFORE = re.compile(r"(@|\bat\b|[=≈→/÷×*+]|->|\bx\b)(\s*)(\d+),(\d{1,2})(?!\d|,\d)", re.I)
_WORKING_AFTER = re.compile(r"(?<![\d.,])(\d+),(\d{1,2})(?!\d|,\d)(?=\s*(?:[=≈→/÷×*+]|->|\bx\b))", re.I)


def figures_as_written_here(text: str) -> str:
    """``text`` with figures written the French way in the usual form: "2 350,5 m²" -> "2350.5 m²"."""
    text = _SPACED_THOUSANDS.sub(lambda m: re.sub(r"[ \u00a0\u202f]", "", m[0]), text)
    text = re.sub(r"@\s*(\d+),(\d{1,2})(?![\d,])", r"@ \1.\2", text)  # a rate: "@ 0,95"
    text = _WORKING_BEFORE.sub(r"\1\2\3.\4", text)
    text = _WORKING_AFTER.sub(r"\1.\2", text)
    text = _NAMED_DECIMAL.sub(r"\1\2\3.\4", text)
    return _DECIMAL_COMMA.sub(r"\1.\2", text)
