"""Which use of Table 3.1.17.1 an occupant load row counts by, given the building's occupancies.

A rate that names a use, a care building's sleeping room areas, retail above the first storey,
and the major occupancy a row is recorded under.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from wizard_core.answers.wording.load_line import LoadInput
from wizard_core.answers.wording.load_names import uses_named
from wizard_core.engine import facts_from_answers
from wizard_core.engine.occupancy_uses import Use, names_of, uses
from wizard_core.engine.phrases import words
from wizard_core.models import ProjectState


def use_by_rate(row: LoadInput, use: Use | None, state: ProjectState) -> Use | None:
    """The use a consultant's m² per person names, when the words name none or another ('storage at 28').

    Only a use of the building's own occupancies (3.02) whose figure is that rate, and that the
    words do not contradict: one such use, or none is taken.
    """
    if row.rate is None or (use is not None and row.rate in (use.m2_per_person, use.other_m2_per_person)):
        return None
    # 'lounge and dining room … at 1.85': of the uses the words name, the one whose figure the rate is
    # ('lounge / bar @ 1.20': the bar's, at the figure the 2024 text may give)
    named = [
        u
        for u in uses_named(row.use_said or row.line)
        if row.rate in (u.m2_per_person, u.other_m2_per_person)
    ]
    if use is not None and len(named) == 1:
        return named[0]
    groups = facts_from_answers(_answers(state)).groups
    fitting = _by_rate(row.rate, groups)
    if use is not None and (_of_building(use, groups) or use.group == "any"):
        # the words name a use of the building: only a use sharing a word with them may replace it
        said = _stems(row.use_said or use.label)  # 'stores + mech @ 46': storage, not a retail store
        fitting = [u for u in fitting if said & _stems(" ".join(names_of(u)))]
    # words naming a use of none of the building's occupancies ('OR suite' in a hospital is no
    # dwelling unit): the rate decides
    elif len(fitting) > 1:  # an occupancy's own use before a use of any building
        fitting = [u for u in fitting if u.group != "any"] or fitting
    return fitting[0] if len(fitting) == 1 else None


def building_uses_at(rate: float, state: ProjectState) -> list[Use]:
    """The uses of the building's own occupancies (3.02) whose Table 3.1.17.1 figure is ``rate`` (see
    ``_by_rate``)."""
    return _by_rate(rate, facts_from_answers(_answers(state)).groups)


def _by_rate(rate: float, groups: Sequence[str]) -> list[Use]:
    """The uses of the building's occupancies a rate alone may name: not a use of a particular place
    (a stage, a storage garage), nor a use of any building ('kitchens' at 9.3) where another use
    shares that figure ('offices'); none when a place of the building's own group shares it and no
    other use of that group does (46 in an F3 building may be its storage garage): then the uses are
    offered."""
    rated = [u for u in uses() if u.m2_per_person == rate]
    plain = [u for u in rated if not u.named_only]
    plain_groups = {u.group for u in plain}
    if any(u.named_only and u.group not in {*plain_groups, "any"} and _of_building(u, groups) for u in rated):
        return []  # not 'mercantile: second storeys' at 3.7, which a first storey's use shares
    return [u for u in plain if _of_building(u, groups) and (u.group != "any" or len(plain) == 1)]


def rate_implied(row: LoadInput, state: ProjectState) -> float | None:
    """The m² per person a row naming no use and no rate was worked at, read from its area and persons
    ('two home areas totalling 1,460 m², 146 people' in a care home: 10): the one figure of the
    building's own uses that gives those persons from that area, rounded up or to the nearest."""
    if row.use is not None or row.rate is not None or row.area is None or row.stated is None:
        return None
    if row.seats or row.rooms or row.design or row.stated <= 0:
        return None
    groups = facts_from_answers(_answers(state)).groups
    rates = {
        u.m2_per_person
        for u in uses()
        if u.m2_per_person and u.group != "any" and not u.named_only and _of_building(u, groups)
    }
    area = row.area
    fits = {r for r in rates if row.stated in (math.ceil(area / r - 1e-9), round(area / r))}
    return fits.pop() if len(fits) == 1 else None


def _of_building(use: Use, groups: Sequence[str]) -> bool:
    """Whether a use is one of the building's occupancies (3.02), or of any building; a use of one
    division ('B-2 treatment …') only in a building of that division when 3.02 names one."""
    if use.group == "any":
        return True
    division = re.match(r"([A-F])-(\d)\b", use.label)
    if division:
        named = [re.sub(r"[\s\-–.]", "", g).upper() for g in groups if g.startswith(use.group)]
        return any(g == division[1] + division[2] or g == use.group for g in named)
    return any(g.startswith(use.group) for g in groups)


def _stems(text: str) -> set[str]:
    return {word[:4] for word in words(text) if len(word) >= 4}


def tied_uses(row: LoadInput, use: Use | None, state: ProjectState) -> list[Use]:
    """The uses a consultant's m² per person fits when the words name none and it names no one use
    of the building (use_by_rate): the building's own uses first (its first occupancy's first), then
    uses of any building, other uses ('staff room @ 1.85' in an office building: classrooms or
    lounges), and the uses of particular places last (a storage garage); [] when the words name a
    use, the figure names one, or the table has none at that figure."""
    if row.rate is None or use is not None or row.area is None:
        return []
    groups = facts_from_answers(_answers(state)).groups
    if len(_by_rate(row.rate, groups)) == 1:
        return []  # the one use the rate names: taken (use_by_rate)

    order = [g[:1] for g in groups]

    def first(use: Use) -> tuple[bool, int, int]:
        own = use.group != "any" and _of_building(use, groups)
        rank = order.index(use.group) if use.group in order else len(order)
        return use.named_only, 0 if own else 1 if use.group == "any" else 2, rank

    return sorted((u for u in uses() if u.m2_per_person == row.rate), key=first)


_CARE_USES = {"B1": "detention", "B2": "treatment", "B3": "care_sleeping"}


def care_use(row: LoadInput, use: Use | None, state: ProjectState) -> Use | None:
    """'Sleeping room areas 1,480 m2' in a care or treatment building: its own group's sleeping room
    areas of Table 3.1.17.1, not dwelling units (which count rooms, not area). Only one such group."""
    if use is not None or row.area is None or row.rooms or row.seats or row.design:
        return None
    if not re.search(r"\bsleeping\b|\bresidents?\b|\bpatients?\b", row.line, re.I):
        return None
    groups = {re.sub(r"[\s\-–.]", "", g).upper()[:2] for g in facts_from_answers(_answers(state)).groups}
    keys = [key for group, key in _CARE_USES.items() if group in groups]
    if len(keys) != 1:
        return None
    return next(u for u in uses() if u.key == keys[0])


def fitting_use(row: LoadInput, use: Use | None, state: ProjectState) -> Use | None:
    """Words naming two uses ('shop floor (manufacturing)'): the one of the building's occupancies
    when the use read first is of none of them (a 'shop' in an F2 plant is its manufacturing)."""
    if use is None or use.group == "any":
        return None
    groups = facts_from_answers(_answers(state)).groups
    if not groups or any(g.startswith(use.group) for g in groups):
        return None
    fitting = [
        u
        for u in uses_named(row.line)
        if u.key != use.key and u.group != "any" and any(g.startswith(u.group) for g in groups)
    ]
    return fitting[0] if len(fitting) == 1 else None


def storey_use(row: LoadInput) -> Use | None:
    """Retail above the first storey takes 'other storeys', unless it has a principal entrance."""
    use = row.use
    if use is None or use.key != "mercantile_first" or row.principal_entrance:
        return use
    level = re.fullmatch(r"Level (\d+)", row.floor or "")
    if level and int(level[1]) >= 2:
        return next((u for u in uses() if u.key == "mercantile_other"), use)
    return use


def _answers(state: ProjectState) -> dict[str, Any]:
    return {a.section: a.value for a in state.finalized_answers}


def group_for(use: Use | None, state: ProjectState) -> str:
    groups = facts_from_answers(_answers(state)).groups
    if use is not None:
        fitting = [g for g in groups if g.startswith(use.group)]
        if fitting:
            return fitting[0]
        if use.group not in ("any", "") and (not groups or use.group not in _DIVIDED):
            return use.group  # 'offices' in a plant: D, as its fixtures are counted
    # a room of a use whose group has divisions not said ('staff room @ 1.85', a classroom's figure, in
    # a store) serves the building's own occupancy: the only one, or, of several, none said
    return groups[0] if len(groups) == 1 else ""


_DIVIDED = ("A", "B", "F")  # groups named only with their division
