"""Spatial separation's inputs and small lookups: the checked inputs, which Table 3.2.3.1 serves a
group, the largest single opening (Table 3.2.3.1.-A) and Table 3.2.3.7's construction for a
permitted percentage of unprotected openings. The calculator over them is ``spatial.py``.
"""

from __future__ import annotations

import math
import re

from .calc_error import labelled, plain
from .spatial_data import Band, Family, SpatialData, UpoTable, load_spatial


def finite(field: str, value: float) -> float:
    """``value`` as a finite number; CalcError naming ``field`` otherwise."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise labelled(field, f"'{value}' is not a number") from None
    if not math.isfinite(number):
        raise labelled(field, "must be a finite number")
    return number


def positive(field: str, value: float, unit: str) -> float:
    """``value`` as a number greater than 0; CalcError naming ``field`` otherwise."""
    number = finite(field, value)
    if number <= 0:
        raise labelled(field, f"must be greater than 0 {unit} (got {plain(number)} {unit})")
    return number


def distance(value: float) -> float:
    """A limiting distance in metres, 0 or more."""
    number = finite("ld_m", value)
    if number < 0:
        raise labelled("ld_m", f"cannot be negative (got {plain(number)} m); use 0 for a face on the line")
    return number


def group_of(group: str, data: SpatialData) -> tuple[str, frozenset[str]]:
    """The normalised group and the divisions it stands for (a bare family such as "A" means all of them)."""
    given = str(group).strip()
    name = re.sub(r"[\s\-_.]", "", given.upper()).removeprefix("GROUP")
    if not name:
        raise labelled("group", "is empty; give the major occupancy, e.g. D or A2")
    if re.fullmatch(r"G[1-4]?", name):
        raise labelled(
            "group",
            f"no table of 3.2.3.1 covers Group {name} (agricultural); spatial separation for farm "
            "buildings is not set by these tables",
        )
    if name in data.known_groups:
        return name, frozenset({name})
    divisions = frozenset(g for g in data.known_groups if len(g) > 1 and g[0] == name)
    if not divisions:
        raise labelled("group", f"'{given}' is not a major occupancy; use A1–A4, B1–B3, C, D, E or F1–F3")
    tables = {frozenset(t.id for t in data.tables if g in t.groups) for g in divisions}
    if len(tables) > 1:
        listed = ", ".join(sorted(divisions))
        raise labelled(
            "group", f"which division of Group {name} is it ({listed})? Its divisions use different tables"
        )
    return name, divisions


def upo_table(name: str, members: frozenset[str], sprinklered: bool, data: SpatialData) -> UpoTable:
    """The Table 3.2.3.1 of unprotected openings that serves the group's divisions."""
    for table in data.tables:
        if table.sprinklered == sprinklered and members <= set(table.groups):
            return table
    if not sprinklered and any(t.sprinklered and members <= set(t.groups) for t in data.tables):
        raise labelled(
            "group",
            f"Table 3.2.3.1.-B does not cover Group {name} when not sprinklered: every Group B article "
            "of 3.2.2 requires sprinklers, so the building is sprinklered and Table 3.2.3.1.-D applies",
        )
    raise labelled("group", f"no table of 3.2.3.1 covers Group {name}")


def table_for(group: str, sprinklered: bool, *, data: SpatialData | None = None) -> str:
    """The id of the Table 3.2.3.1 that serves ``group`` (e.g. "3.2.3.1.-D"); CalcError if none does."""
    data = data or load_spatial()
    name, members = group_of(group, data)
    return upo_table(name, members, sprinklered, data).id


def ratio_of(length_m: float, height_m: float) -> float:
    """The larger of L/H and H/L of an exposing building face (always at least 1)."""
    length = positive("length_m", length_m, "m")
    height = positive("height_m", height_m, "m")
    return max(length / height, height / length)


def ratio_band_between(
    lower: float | None, upper: float | None, *, data: SpatialData | None = None
) -> str | None:
    """The label of the ratio band of Tables 3.2.3.1.-B and -C running from ``lower``:1 to ``upper``:1 (None:
    open at that end), as a consultant names it ('over 10:1' is 10 to None); None when no one band does."""
    data = data or load_spatial()
    bands = next((t.ratio_bands for t in data.tables if t.ratio_bands), [])
    low = 1.0 if lower is None else lower
    return next((b.label for b in bands if b.lower == low and b.upper == upper), None)


def single_opening_cap_m2(ld_m: float, *, data: SpatialData | None = None) -> float | None:
    """Largest single unprotected opening (m²), not sprinklered: Table 3.2.3.1.-A or the 3.2.3.1.(5) formula.

    0 below 1.2 m (no unprotected opening at all, 3.2.3.5); None when LD is over 2 m (no cap). Either limit
    of 3.2.3.1.(5) may be used, so the larger one counts, rounded to 0.01 m² as Table A is.
    """
    data = data or load_spatial()
    ld = distance(ld_m)
    table = data.single_opening
    if ld > table.rows[-1].ld_m:
        return None
    if ld < table.formula.from_ld_m:
        return 0.0
    read = max(r.max_area_m2 for r in table.rows if r.ld_m <= ld)
    return round(max(read, table.formula.area(ld)), 2)


def band_of(members: frozenset[str], pct: float, data: SpatialData) -> tuple[Family, Band | None]:
    """Table 3.2.3.7's family for the group and its band for ``pct`` (None at 100 %)."""
    family = next((f for f in data.construction.families if members <= set(f.groups)), None)
    if family is None:
        raise labelled("group", "Table 3.2.3.7 does not cover this group")
    return family, next((b for b in family.bands if b.contains(pct)), None)


def construction_for(
    group: str, permitted_pct: float, *, data: SpatialData | None = None
) -> tuple[float | None, str, str]:
    """Table 3.2.3.7: (FRR in hours, construction, cladding) for the permitted % of unprotected openings."""
    data = data or load_spatial()
    pct = finite("permitted_pct", permitted_pct)
    if not 0 <= pct <= 100:
        raise labelled("permitted_pct", f"must be between 0 and 100 % (got {plain(pct)} %)")
    _, members = group_of(group, data)
    _, band = band_of(members, pct, data)
    if band is None:
        return None, data.construction.no_requirement, data.construction.no_requirement
    return band.frr_h, band.construction, band.cladding
