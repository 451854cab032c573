"""Figures written the French way, read as figures: spaces between thousands ("2 350 m²", "1 250,5") and a
decimal comma before a unit or after "@" ("12,8 m", "@ 0,95"); three digits after a comma stay
thousands ("1,250")."""

from __future__ import annotations

import re

_SPACED_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d]|\.\d|,\d{3})")
_DECIMAL_COMMA = re.compile(
    r"(?<![\d.,])(\d+),(\d{1,2})(?![\d,])"
    r"(?=\s*(?:m²|m2|m\b|mm\b|%|h\b|hr|min|kpa|l/s|°|persons?\b|p\b|m²/p|m2/p)|(?<=@\s\d,\d\d)|(?<=@\d,\d\d))",
    re.I,
)


def figures_as_written_here(text: str) -> str:
    """``text`` with figures written the French way in the usual form: "2 350,5 m²" -> "2350.5 m²"."""
    text = _SPACED_THOUSANDS.sub(lambda m: re.sub(r"[ \u00a0\u202f]", "", m[0]), text)
    text = re.sub(r"@\s*(\d+),(\d{1,2})(?![\d,])", r"@ \1.\2", text)  # a rate: "@ 0,95"
    return _DECIMAL_COMMA.sub(r"\1.\2", text)
