"""Numbers in a message that are no figure of the building: a year ("the 1872 mill plan"), a place in an
order ("a 2nd unit"), money ("$85k"), a count of items ("Qty 1 steel mezz"), a day of a date ("per the
Nov 6 survey", "RFI-12 answer of 12 Nov")."""

from __future__ import annotations

import re

_ORDINAL_END = re.compile(r"(?:st|nd|rd|th)\b", re.I)
_QUANTITY_OF = re.compile(r"\b(?:qty|quantity)\.?\s*[:=]?\s*$", re.I)  # "Qty 1 steel mezz": a count


def ordinal_or_money(masked: str, start: int, rest: str) -> bool:
    """Whether the number at ``start`` (``rest`` the text after it) is an ordinal or an amount of money."""
    if _ORDINAL_END.match(rest):
        return True  # 'a 2nd unit', 'the 3rd floor': a place in an order
    dollars = masked[:start].rstrip().endswith("$")
    return dollars or (bool(re.match(r"[kmb]\b", rest, re.I)) and "$" in masked)  # 'adds approx $85k'


def counted_by_quantity(before: str) -> bool:
    """Whether the words before a bare number call it a quantity of items ("Qty 1", "quantity: 2")."""
    return bool(_QUANTITY_OF.search(before))


# A year, not a quantity: "the old 1974 gross-up", "since 2009", "the 1998 addition", "built in 1962".
_YEAR = re.compile(r"^(?:1[7-9]|20)\d\d$")  # from the 1700s: heritage buildings
_YEAR_BEFORE = re.compile(
    r"\b(?:in|since|from|of|the|old|circa|c\.|built|year|dated|until|till|before|after|back\s+in)\s+$", re.I
)
_YEAR_AFTER = re.compile(
    r"^\s*(?:'s\s+)?(?:survey|drawings?|plans?|addition|building|renovation|reno|gross|code|edition|obc|"
    r"version|permit|original|expansion|wing|extension|as-?builts?|record|"
    r"mezzanine|gallery|mill|house|church|school|arena|bank|hall|block|ell|trusses|storefront|facade|"
    r"elevations?|sketch|organ|rebuild|restoration)\b",
    re.I,
)


def is_year(raw: str, before: str, after: str) -> bool:
    """Whether a bare four-digit figure is a year by the words around it."""
    return bool(_YEAR.match(raw)) and bool(_YEAR_BEFORE.search(before) or _YEAR_AFTER.match(after))


_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?"
    r"|nov(?:ember)?|dec(?:ember)?)"
)
_MONTH_BEFORE = re.compile(rf"\b{_MONTH}\.?\s*$", re.I)
# (after a day, not 'may': '12 may be posted')
_MONTH_AFTER = re.compile(rf"^(?:st|nd|rd|th)?\s*(?!may\b){_MONTH}\b\.?(?!\s*(?:m\b|m2|m²))", re.I)
# '2026-11-12', '12/11/2026': a date written in figures
_NUMERIC_DATE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}$|\d{1,2}/\d{1,2}/\d{2,4}$")


def is_day_of_date(raw: str, before: str, after: str) -> bool:
    """Whether a figure of one or two digits is the day of a date by the month beside it ('Nov 6',
    '12 Nov.', 'Oct. 30')."""
    if not re.fullmatch(r"\d{1,2}", raw) or not 1 <= int(raw) <= 31:
        return False
    return bool(_MONTH_BEFORE.search(before) or _MONTH_AFTER.match(after))
