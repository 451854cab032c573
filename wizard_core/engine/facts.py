"""The building facts the classification rests on, read from the matrix answers.

``None`` always means "not known yet": the engine never guesses a missing fact.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

ConstructionKind = Literal["combustible", "noncombustible", "mixed", "emtc"]

FARM_GROUPS = frozenset({"G1", "G2", "G3", "G4"})
FARM_ENTRY = "Division B Part 2"  # what 3.10 records for a farm building (no 3.2.2 article)
RETIREMENT_ARTICLES = frozenset(f"3.2.2.55{s}" for s in "ABCDE")
SPRINKLERED_THROUGHOUT = "Entire building"
PARTIAL_SPRINKLERS = frozenset({"Selected compartments", "Selected floor areas", "Basement"})

_ACTUAL: dict[str, ConstructionKind] = {
    "combustible": "combustible",
    "noncombustible": "noncombustible",
    "combustible and noncombustible": "mixed",
    "encapsulated mass timber": "emtc",
    "encapsulated mass timber and noncombustible": "emtc",
}


@dataclass(frozen=True)
class Facts:
    """What is known about the building, whole-building figures as 3.2.2.5 requires."""

    groups: tuple[str, ...] = ()
    storeys: int | None = None  # building height in storeys (above grade)
    storeys_below: int | None = None
    building_area: float | None = None  # m²
    height_m: float | None = None  # 3.07 height; an upper bound for the top-floor measures
    streets: int | None = None  # 1, 2 or 3 in the 3.2.2.10 sense
    sprinklered: bool | None = None  # sprinklered throughout
    sprinklers_partial: bool = False  # 3.11 names selected compartments, floor areas or the basement
    construction: ConstructionKind | None = None
    heavy_timber: bool | None = None
    superimposed: bool | None = None
    retirement_home: bool | None = None  # for a Group C occupancy
    occupant_load: int | None = None

    @property
    def has_basement(self) -> bool | None:
        return None if self.storeys_below is None else self.storeys_below > 0

    @property
    def stacked(self) -> bool:
        """Superimposed major occupancies (3.2.2.7): only meaningful with more than one."""
        return bool(self.superimposed) and len(self.classified_groups) > 1

    @property
    def classified_groups(self) -> tuple[str, ...]:
        """The occupancies that take a 3.2.2 article (farm buildings do not)."""
        return tuple(g for g in self.groups if g not in FARM_GROUPS)


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _total(value: Any) -> float | None:
    if isinstance(value, Mapping):
        return _number(value.get("total"))
    return _number(value)


def _int(value: Any) -> int | None:
    number = _number(value)
    return None if number is None else int(number)


def _bool(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


def groups_of(answers: Mapping[str, Any]) -> tuple[str, ...]:
    value = answers.get("3.02")
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple):
        return ()
    return tuple(dict.fromkeys(str(g).strip().upper() for g in value if str(g).strip()))


def articles_of(answers: Mapping[str, Any]) -> tuple[str, ...]:
    value = answers.get("3.10")
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple):
        return ()
    return tuple(str(a).strip().upper() for a in value if str(a).strip())


def pair_articles(groups: tuple[str, ...], articles: tuple[str, ...]) -> list[tuple[str, str]] | None:
    """Pair each 3.10 article with its occupancy in 3.02 order; None when the counts do not match.

    3.10 may give one article per occupancy, or one per occupancy other than farm (Group G) ones.
    """
    if len(articles) == len(groups):
        return list(zip(groups, articles, strict=True))
    classified = tuple(g for g in groups if g not in FARM_GROUPS)
    if len(articles) == len(classified):
        return list(zip(classified, articles, strict=True))
    return None


def sprinklered_from(value: Any) -> bool | None:
    if not isinstance(value, str):
        return None
    return value.strip().casefold() == SPRINKLERED_THROUGHOUT.casefold()


def facts_from_answers(answers: Mapping[str, Any]) -> Facts:
    """The Facts the answers give; anything unanswered or unreadable stays None."""
    groups = groups_of(answers)
    height = answers.get("3.07")
    height = height if isinstance(height, Mapping) else {}
    construction = answers.get("3.15")
    construction = construction if isinstance(construction, Mapping) else {}
    actual = construction.get("actual")
    load = answers.get("3.18")
    streets = _int(answers.get("3.09"))
    return Facts(
        groups=groups,
        storeys=_int(height.get("storeys_above_grade")),
        storeys_below=_int(height.get("storeys_below_grade")),
        building_area=_total(answers.get("3.04")),
        height_m=_number(height.get("height_m")),
        streets=streets if streets in (1, 2, 3) else None,
        sprinklered=sprinklered_from(answers.get("3.11")),
        sprinklers_partial=isinstance(answers.get("3.11"), str) and answers["3.11"] in PARTIAL_SPRINKLERS,
        construction=_ACTUAL.get(actual.strip().casefold()) if isinstance(actual, str) else None,
        heavy_timber=_bool(construction.get("heavy_timber")),
        superimposed=_bool(answers.get("3.03")),
        retirement_home=_retirement_home(groups, articles_of(answers)),
        occupant_load=_int(load.get("total")) if isinstance(load, Mapping) else None,
    )


def _retirement_home(groups: tuple[str, ...], articles: tuple[str, ...]) -> bool | None:
    """Known only from a recorded 3.10 article for the C occupancy (.55A–E or a general C one)."""
    if "C" not in groups:
        return None
    pairs = pair_articles(groups, articles)
    if not pairs:
        return None
    for group, article in pairs:
        if group == "C":
            return article in RETIREMENT_ARTICLES
    return None
