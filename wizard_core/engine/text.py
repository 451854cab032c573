"""Small wording helpers shared by the engine's messages."""

from __future__ import annotations


def number_text(value: float) -> str:
    """7200.0 -> '7,200'; 15.5 -> '15.5'."""
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def area_text(value: float) -> str:
    return f"{number_text(value)} m²"


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 storey', '4 storeys'; ``many`` for a word whose plural is not word + s ('occupancies')."""
    return f"{count} {word}" if count == 1 else f"{count} {many or word + 's'}"


def persons_text(count: object) -> str:
    """'1 person', '334 persons' (a count not yet worked out is shown as it is)."""
    return plural(count, "person") if isinstance(count, int) else f"{count} persons"


def minutes_text(minutes: int) -> str:
    if minutes == 0:
        return "no rating"
    if minutes % 60 == 0:
        return f"{minutes // 60} h"
    return f"{minutes} min"


def uncertain_suffix(note: str) -> str:
    return f" This rests on a figure the source marks uncertain (OCR): {note}."
