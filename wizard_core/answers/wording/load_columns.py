"""Figures of an occupant-load row written without the words that bind them, bound by their arithmetic.

- An area with no unit before the rate it is divided by ('kitchen 30 / 9.3 = 4', 'box office 20 @ 9.3').
- Columns set off by dashes, tabs or pipes after the area ('Ground - 360 m2 - offices - 9.3 - 39'): the
  last two figures are the rate and the persons when the area divided by the one comes near the other
  (or the rate is one of Table 3.1.17.1's); the engine then checks both, and asks when they differ.
"""

from __future__ import annotations

import re
from functools import cache

from wizard_core.engine.occupancy_uses import uses

# a figure right before the operator of a rate: '30 / 9.3', '20 @ 9.3', '60 ÷ 1.85'
_BEFORE_RATE = re.compile(r"(?<![\w.,])(\d[\d,]*(?:\.\d+)?)\s*$")


def area_before_rate(text: str, rate_start: int) -> float | None:
    """The area in m² a row gives as a bare figure right before its rate ('kitchen 30 / 9.3 = 4')."""
    before = _BEFORE_RATE.search(text[:rate_start])
    if before is None:
        return None
    value = float(before[1].replace(",", ""))
    return value if value > 0 else None


def inside_brackets(text: str, at: int) -> bool:
    """Whether position ``at`` of ``text`` lies inside round brackets ('(cap 210 / 0.6 = 350)')."""
    return text[:at].count("(") > text[:at].count(")")


@cache
def rates() -> frozenset[float]:
    """Every area per person Table 3.1.17.1 gives (and the figures its 2024 text may give instead)."""
    return frozenset(f for u in uses() for f in (u.m2_per_person, u.other_m2_per_person) if f)


def bind(area: float, figures: list[float], rate: float | None) -> tuple[float | None, int | None]:
    """Of the bare figures after an area, the rate (a Table 3.1.17.1 figure) and the persons: '- 9.3 - 39'
    after 360 m2 is 9.3 m² per person and 39 persons. The persons are bound when the area divided by
    the rate comes near them (within half to twice): a figure that far off is no result of that sum,
    and one near it that differs is asked about with the engine's own working."""
    if not figures or not float(figures[-1]).is_integer() or figures[-1] <= 0:
        return rate, None
    last = figures[-1]

    def near(candidate: float) -> bool:
        return candidate > 0 and 0.5 <= last / (area / candidate) <= 2

    if rate is not None:
        return rate, int(last) if near(rate) else None
    # a figure of the table first ('at 9.30, which is 7.5, so 8': 9.30, not the 7.5 worked out), else the
    # figure before the persons, which the engine then asks about ('- 8.5 - 103')
    tabled = [f for f in figures[:-1] if f in rates() and near(f)]
    if tabled:
        return tabled[-1], int(last)
    if len(figures) >= 2 and near(figures[-2]):
        return figures[-2], int(last)
    return None, None
