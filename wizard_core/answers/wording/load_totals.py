"""A building total one line states: 'total 334', '= 1079', 'that comes to 439', '119 + 13 + 124 = 256'."""

from __future__ import annotations

import re

TOTAL_LEAD = re.compile(
    r"^\W*(?:(?:the\s+)?(?:building\s+)?(?:total|tot\b\.?)(?:\s+occupant\s+load)?|in\s+total|overall|grand\s+total|"
    r"(?:total\s+)?occupant\s+load|o\.?l\.?|occupancy\s+load)\b\s*(?:is|of|=|:)?",
    re.I,
)
_TOTAL = re.compile(
    r"\b(?:total|overall)\b(?:\s+occupant\s+load)?\s*(?:is|of|=|:)?\s*(\d[\d,]*)(?!\d|[,.]\d)(?!\s*(?:m2|m²|sm|sf|sq|ft|%))"
    r"|(?<![\w.,])(\d[\d,]*)\s*(?:persons?|people|occupants?)?\s*(?:in\s+)?total\b",
    re.I,
)
# '= 1079 so < 1500 ok', 'That should come to 439', 'which gives 297 people in all': the sum of the rows
CONCLUDING = re.compile(
    r"^\W*(?:=|→|->)\s*(\d[\d,]*)(?![\d.]|,\d|\s*(?:m2|m²|sm|sf|sq|ft|%|x\b|×))"
    r"|^\W*(?:so\s+|and\s+)?(?:that|this|it|which|these|they|all\s+(?:of\s+)?(?:that|this|it))\s+(?:\w+\s+){0,2}?"
    r"(?:comes?|adds?\s+up|works?\s+out|gives?|totals?|makes?|sums?|brings?\s+(?:it|us))\s+(?:up\s+)?(?:to\s+)?"
    r"(?:about\s+|approx\w*\s+|roughly\s+|~\s*)?(\d[\d,]*)(?![\d.]|,\d|\s*(?:m2|m²|sm|sf|sq|ft|%))",
    re.I,
)
# 'the total goes from 545 to 549', 'the total becomes 422', 'which makes the total 1,568 + 16 = 1,584'
TOTAL_CHANGE = re.compile(
    r"\btotal\s+(?:now\s+)?(?:(?:goes|comes|changes|moves|rises|drops|falls)\s+(?:up\s+|down\s+)?"
    r"(?:from\s+\d[\d,]*\s+)?to|becomes|is\s+now|will\s+be|from\s+\d[\d,]*\s+to)\s+(\d[\d,]*)(?![\d.]|,\d)"
    r"|\bmak(?:es|ing)\s+the\s+total\s+(?:\d[\d,]*\s*[+\-]\s*\d[\d,]*\s*=\s*)?(\d[\d,]*)(?![\d.]|,\d)",
    re.I,
)
TRAILING_TOTAL = re.compile(r"\W*(\d[\d,]*)\s*(?:persons?|people|occupants?)?\s*(?:in\s+)?total\W*", re.I)


def as_int(text: str) -> int:
    """A count as written: '1,079' -> 1079."""
    return int(text.replace(",", ""))


SUM = re.compile(
    r"^\W*(?:\d{1,2}\s*[x×]\s*)?\d[\d,]*(?:\s*\+\s*(?:\d{1,2}\s*[x×]\s*)?\d[\d,]*)+\s*=\s*(\d[\d,]*)(?!\d|[,.]\d)"
)


def stated_total(text: str) -> int | None:
    """The building total a message states ('334 persons in total', 'total occupant load 334',
    'total 119 + 13 + 124 = 256', 'the total goes from 545 to 549')."""
    changed = TOTAL_CHANGE.search(text)
    if changed:
        return as_int(changed[1] or changed[2])
    stated = _TOTAL.search(text)
    if stated and stated[1]:
        summed = SUM.search(text[stated.start(1) :])
        if summed:
            return as_int(summed[1])
    return as_int(stated[1] or stated[2]) if stated else None
