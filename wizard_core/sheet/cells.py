"""How each kind of sheet cell is written and read back.

``write`` turns a field's value into what the cell holds (numbers stay numbers, so a spreadsheet
can add them up); ``read`` takes what a workbook or CSV cell holds back to the value, ``EMPTY``
for a blank cell or one of the template's placeholders ("-", "TEXT HERE", "Select applicable",
"/", a bracketed hint), or raises ``CellError`` saying what was expected.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Final

from wizard_core.answers import fmt_number
from wizard_core.engine.spatial import load_spatial


class CellError(ValueError):
    """A cell that holds something its kind cannot be read from; the message says what was expected."""


class _Empty:
    def __repr__(self) -> str:
        return "EMPTY"


EMPTY: Final = _Empty()

PLACEHOLDERS = frozenset(
    {"", "-", "–", "—", "/", "- / -", "text here", "select applicable", "seismic category -"}
)
# The template's own presets, which fill a cell before any answer does.
PRESETS = frozenset({"male:female = 50:50 except as noted otherwise"})
_BRACKETED = re.compile(r"^\[[^\]]*\]$")
_NUMBER = re.compile(r"^[-+]?(?:\d{1,3}(?:[,\s]\d{3})+|\d+)(?:\.\d+)?|^[-+]?\.\d+")
_UNITS = re.compile(
    r"^(?:m²|m2|sq\.?\s*m|sm|square metres?|m|metres?|%|persons?|people|h|hrs?|hours?)\.?$", re.I
)
_FEET = re.compile(r"^(?:sf|sq\.?\s*ft|ft²|ft2|ft|feet|')\.?$", re.I)
_MINUTES = re.compile(r"^(\d+)\s*(?:min|mins|minutes)\.?$", re.I)
_GROUP = re.compile(r"^(?:group\s*)?([A-G])(?:\s*[-,]?\s*(?:div(?:ision)?\.?\s*)?(\d))?\b", re.I)
_RATIO = re.compile(r"(\d{1,3})\s*([:/])\s*(\d{1,3})")  # 50:50, or 60/40 as a consultant types it
_YES = frozenset({"yes", "y", "true", "required", "provided", "x"})
_NO = frozenset({"no", "n", "false", "not required", "none", "not provided"})
_NOT_APPLICABLE = frozenset({"n/a", "na", "not applicable"})


def text_of(raw: Any) -> str:
    """A cell's content as the sheet shows it, spaces tidied."""
    if raw is None:
        return ""
    if isinstance(raw, bool):
        return "Yes" if raw else "No"
    if isinstance(raw, datetime):
        return raw.date().isoformat() if raw.time() == datetime.min.time() else raw.isoformat(" ")
    if isinstance(raw, date):
        return raw.isoformat()
    if isinstance(raw, float):
        return fmt_number(raw).replace(",", "")
    return " ".join(str(raw).split())


def is_placeholder(text: str) -> bool:
    folded = text.strip().casefold()
    return folded in PLACEHOLDERS or folded in PRESETS or bool(_BRACKETED.match(folded))


def write(kind: str, value: Any) -> Any:
    """What the cell holds for ``value`` (None: blank; EMPTY, a field the answer does not have: blank)."""
    if value is EMPTY:
        return None
    if kind == "hours_na" and value is None:
        return "N/A"  # an assembly the articles need no rating for
    if value is None or value == "":
        return None
    if kind == "yes_no":
        return "Yes" if value else "No"
    if kind in ("number", "int", "hours"):
        number = float(value)
        return int(number) if number == int(number) else number
    if kind == "hours_na":
        return write("hours", value)
    if kind == "ratio":
        return f"MALE:FEMALE = {value}"
    if kind == "face_ratio":  # the face's ratio, or the band of the table named in its place
        ratio, band = value
        return write("number", ratio) if ratio is not None else band or None
    if kind in ("number_pair", "int_pair"):
        first, second = value
        if first is None and second is None:
            return None
        return f"{'' if first is None else _figure(first)} / {'' if second is None else _figure(second)}"
    return str(value)


def _figure(number: float) -> str:
    """A figure of a pair in full: fmt_number's two places would turn an actual 12.345 % into 12.35 %."""
    shown = fmt_number(number)
    return shown if float(shown.replace(",", "")) == number else format(Decimal(repr(float(number))), "f")


def read(kind: str, raw: Any) -> Any:
    """The field's value from what the cell holds: EMPTY, a value, or CellError."""
    if kind == "derived":
        return EMPTY
    text = text_of(raw)
    if is_placeholder(text):
        return EMPTY
    if kind == "yes_no":
        return _yes_no(raw, text)
    if kind == "number":
        return _number(raw, text, whole=False)
    if kind == "int":
        return _number(raw, text, whole=True)
    if kind in ("hours", "hours_na"):
        return _hours(raw, text)
    if kind == "group":
        return _group(text)
    if kind == "ratio":
        match = _RATIO.search(text)
        if not match:
            raise CellError("a male:female ratio such as 50:50")
        return f"{int(match[1])}{match[2]}{int(match[3])}"
    if kind == "face_ratio":
        return _face_ratio(raw, text)
    if kind in ("number_pair", "int_pair"):
        return _pair(text, whole=kind == "int_pair")
    return str(raw).strip() if isinstance(raw, str) else text


def _yes_no(raw: Any, text: str) -> Any:
    if isinstance(raw, bool):
        return raw
    folded = text.casefold().rstrip(".")
    if folded in _NOT_APPLICABLE:
        return EMPTY
    if folded in _YES:
        return True
    if folded in _NO:
        return False
    raise CellError("Yes or No")


def _number(raw: Any, text: str, whole: bool) -> float | int:
    expected = "a whole number" if whole else "a number"
    if isinstance(raw, bool):
        raise CellError(expected)
    if isinstance(raw, int | float):
        number = float(raw)
    else:
        match = _NUMBER.match(text)
        if not match:
            raise CellError(expected)
        rest = text[match.end() :].strip()
        if _FEET.match(rest):
            raise CellError(f"{expected} in metric units (the sheet's areas are m² and its lengths m)")
        if rest and not _UNITS.match(rest):
            raise CellError(expected)
        number = float(re.sub(r"[,\s]", "", match[0]))
    if number < 0:
        raise CellError(f"{expected} of zero or more")
    if whole:
        if number != int(number):
            raise CellError(expected)
        return int(number)
    return int(number) if number == int(number) else number


def _hours(raw: Any, text: str) -> float | None:
    folded = text.casefold().rstrip(".")
    if folded in _NOT_APPLICABLE or folded in ("none required", "none"):
        return None
    if folded in ("no rating", "0 h"):
        return 0.0
    minutes = _MINUTES.match(text)
    if minutes:
        return int(minutes[1]) / 60
    value = _number(raw, text, whole=False)
    if value > 4:
        raise CellError("a rating in hours, 4 or less (for example 1, 0.75 or 45 min)")
    return float(value)


def _group(text: str) -> str:
    match = _GROUP.match(text)
    if not match:
        raise CellError("a major occupancy such as A2, C, D or F3")
    return match[1].upper() + (match[2] or "")


def _face_ratio(raw: Any, text: str) -> tuple[float | None, str]:
    """A face's ratio ('3.5'), or a band of Tables 3.2.3.1.-B and -C as the tables name it ('over 10:1')."""
    bands = {b.label.casefold(): b.label for t in load_spatial().tables for b in t.ratio_bands or []}
    if text.casefold() in bands:
        return None, bands[text.casefold()]
    try:
        return _number(raw, text, whole=False), ""
    except CellError:
        named = ", ".join(bands.values())
        raise CellError(f"a ratio such as 3.5, or a band of the table ({named})") from None


def _pair(text: str, whole: bool) -> tuple[Any, Any]:
    parts = text.split("/")
    if len(parts) != 2:
        raise CellError("two figures as 'required / provided'")
    values = []
    for part in parts:
        part = part.strip()
        values.append(None if is_placeholder(part) else _number(part, part, whole))
    return values[0], values[1]


_DIVISION_REF = re.compile(r"^([AC])-(\d.*)$")
_SHEET_DIVISION_REF = re.compile(r"^\[([AC])\]\s*(\d.*?)\.?$")
_ARTICLE_REF = re.compile(r"^\d+(?:\.\d+)+[A-E]?$")


def sheet_reference(ref: str) -> str:
    """A reference as the sheet prints it: '[A] 1.4.1.2.' for Division A, '3.2.6.' for an article."""
    division = _DIVISION_REF.match(ref)
    if division:
        return f"[{division[1]}] {division[2]}."
    return f"{ref}." if _ARTICLE_REF.match(ref) else ref


def stored_reference(text: str) -> str:
    """The sheet's '[A] 1.4.1.2.' as the wizard keeps it ('A-1.4.1.2'); other text as it is."""
    text = text.strip()
    division = _SHEET_DIVISION_REF.match(text)
    if division:
        return f"{division[1]}-{division[2]}"
    bare = text.rstrip(".")
    return bare if _ARTICLE_REF.match(bare) else text
