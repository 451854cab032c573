"""Text the consultant types, cleaned before anything is saved: a message, a name, an address,
the practice's heading rows and the sheet's cells. Bad text is refused with a clear message."""

from __future__ import annotations

import re

from wizard_core.errors import InputError
from wizard_core.models import Practice

MAX_MESSAGE_CHARS = 4000
MAX_ADDRESS_CHARS = 200
MAX_PRACTICE_CHARS = 200  # each heading row of the sheet (the limit of ``Practice``'s fields)
MAX_CELL_CHARS = 500  # each cell of the sheet the consultant fills in beside an answer
# The practice's fields as the sheet's heading rows name them, in order.
PRACTICE_FIELDS = {
    "name": "practice name",
    "address_1": "practice address (line 1)",
    "address_2": "practice address (line 2)",
    "contact": "practice contact",
}
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Half of a UTF-16 pair, or a byte that was not UTF-8 (Python keeps those as U+DC80-U+DCFF).
_BROKEN = re.compile("[\ud800-\udfff]")
_BREAKS = re.compile(r"[ ]*[\r\n\t]+[ ]*")


def address(text: str) -> str:
    """The site address cleaned like any typed text; it may be left empty."""
    return clean_text(text, MAX_ADDRESS_CHARS, "site address") if text.strip() else ""


def practice(name: str, address_1: str, address_2: str, contact: str) -> Practice:
    """The practice as typed, each field cleaned like any text and kept to one line; any may be empty.

    Every field is checked before anything is saved, so one bad field saves nothing.
    """
    typed = dict(zip(PRACTICE_FIELDS, (name, address_1, address_2, contact), strict=True))
    cleaned = {}
    for field, what in PRACTICE_FIELDS.items():
        text = typed[field]
        if blank(text):
            cleaned[field] = ""
            continue
        # A heading row is one line: a line break or tab becomes a space; spaces stay as typed
        # (an address may set its postal code off by two).
        cleaned[field] = _BREAKS.sub(" ", clean_text(text, MAX_PRACTICE_CHARS, what))
    return Practice(**cleaned)


def clean_text(text: str, limit: int, what: str) -> str:
    """Strip control characters; refuse empty, oversized or invalid text with a clear message."""
    if not isinstance(text, str):
        raise InputError(f"The {what} must be text.")
    if broken := _BROKEN.search(text):
        raise InputError(
            f"The {what} has a character that is not valid text at position {broken.start() + 1} "
            "(a damaged copy and paste, or a file that is not UTF-8); retype or remove it and try again "
            "(nothing was saved)."
        )
    cleaned = _CONTROL.sub("", text.replace("\r\n", "\n")).strip()
    if not cleaned:
        raise InputError(f"The {what} is empty.")
    if len(cleaned) > limit:
        raise InputError(
            f"The {what} is {len(cleaned):,} characters long; the limit is {limit:,}. "
            "Please shorten it (nothing was saved)."
        )
    return cleaned


def blank(text: object) -> bool:
    """Whether typed text holds nothing but spaces and control characters (it clears a field)."""
    return isinstance(text, str) and not _CONTROL.sub("", text).strip()
