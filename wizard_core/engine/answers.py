"""Answers against each other: high building, Part 9 scope, gross area, mezzanines, occupants, basements."""

from __future__ import annotations

from collections.abc import Mapping

from .facts import FARM_GROUPS
from .findings import Context, Finding, finding
from .text import area_text, number_text, plural

_EPS = 0.01  # m²: rounding slack, so a figure exactly at a limit passes
# m²: half the 0.1 m² an area converted from ft² is rounded to, for each area a sum adds up
_ROUNDED = 0.05


def answer_findings(ctx: Context) -> list[Finding]:
    out: list[Finding] = []
    for check in (_high_building, _scope, _gross_area, _mezzanine, _occupant_load, _basements):
        check(ctx, out)
    return out


def _groups(ctx: Context) -> list[str]:
    return [g for g in ctx.facts.groups if g not in FARM_GROUPS]


def _scope(ctx: Context, out: list[Finding]) -> None:
    f, rule = ctx.facts, ctx.code.rules.scope
    groups = _groups(ctx)
    if not groups or f.storeys is None or f.building_area is None or ctx.value("3.16") == "Post-disaster":
        return
    if not set(groups) <= set(rule.part9_groups) or f.retirement_home:
        return
    if f.storeys <= rule.part9_max_storeys and f.building_area <= rule.part9_max_area_m2 + _EPS:
        extra = " unless the Group C occupancy is a retirement home" if "C" in groups else ""
        out.append(
            finding(
                "3.02",
                "warning",
                f"A {'/'.join(groups)} building of {plural(f.storeys, 'storey')} and "
                f"{area_text(f.building_area)} building area is within Part 9 (Division A 1.3.3.3)"
                f"{extra}; use the Part 9 matrix.",
                [rule.part9_ref],
                ("3.04", "3.07"),
            )
        )


def _gross_area(ctx: Context, out: list[Finding]) -> None:
    gross, area, f = ctx.total("3.05"), ctx.total("3.04"), ctx.facts
    if gross is None or area is None:
        return
    if gross < area - _EPS:
        out.append(
            finding(
                "3.05",
                "error",
                f"The gross area {area_text(gross)} (3.05) is less than the building "
                f"area {area_text(area)} (3.04); gross area adds up every storey above grade.",
                ["A-1.4.1.2"],
                ("3.04",),
            )
        )
    elif f.storeys is not None:
        mezz = ctx.total("3.06") or 0.0
        most = f.storeys * area + mezz
        if gross > most + _EPS + _ROUNDED * (f.storeys + 1):  # 3 × 1,765.16 against 5,295.5 (ft² both)
            out.append(
                finding(
                    "3.05",
                    "error",
                    f"The gross area {area_text(gross)} (3.05) is more than "
                    f"{plural(f.storeys, 'storey')} × {area_text(area)} building area"
                    f"{' plus ' + area_text(mezz) + ' of mezzanines' if mezz else ''} = "
                    f"{area_text(most)}.",
                    ["A-1.4.1.2"],
                    ("3.04", "3.07", "3.06"),
                )
            )


def _mezzanine(ctx: Context, out: list[Finding]) -> None:
    mezz, area, f = ctx.total("3.06"), ctx.total("3.04"), ctx.facts
    rule = ctx.code.rules.mezzanines
    if not mezz or area is None or f.storeys is None:
        return
    floor = f.storeys * area
    if mezz > rule.open_room_max_pct / 100 * floor + _EPS:
        out.append(
            finding(
                "3.06",
                "error",
                f"The mezzanine area {area_text(mezz)} (3.06) is more than "
                f"{rule.open_room_max_pct:g} % of all the floor area ({area_text(floor)}), so it cannot "
                "meet 3.2.1.1(3) and counts as a storey: count it in 3.07 and in the classification.",
                [rule.ref],
                ("3.04", "3.07"),
            )
        )
    elif mezz > rule.floor_area_max_pct / 100 * floor + _EPS:
        out.append(
            finding(
                "3.06",
                "info",
                f"The mezzanine area {area_text(mezz)} is more than "
                f"{rule.floor_area_max_pct:g} % of the floor area, so it stays out of the storey count "
                f"only if it is at most {rule.open_room_max_pct:g} % of its room and open above "
                f"(no walls higher than {rule.open_above_max_mm:g} mm), 3.2.1.1(3).",
                [rule.ref],
                ("3.04", "3.07"),
            )
        )


def _occupant_load(ctx: Context, out: list[Finding]) -> None:
    value = ctx.value("3.18")
    if not isinstance(value, Mapping) or not isinstance(value.get("rows"), list) or not value["rows"]:
        return
    persons = [r.get("persons") for r in value["rows"] if isinstance(r, Mapping)]
    counts = [p for p in persons if isinstance(p, int)]
    total = value.get("total")
    if len(counts) == len(persons) and isinstance(total, int) and sum(counts) != total:
        out.append(
            finding(
                "3.18",
                "error",
                f"The occupant load rows of 3.18 add up to {sum(counts)} persons, not the total of {total}.",
                ["3.1.17"],
            )
        )


def _basements(ctx: Context, out: list[Finding]) -> None:
    f, rule = ctx.facts, ctx.code.rules.below_ground
    answer = ctx.value("3.11")
    if f.storeys_below is None or not f.storeys_below or not isinstance(answer, str):
        return
    if f.storeys_below > rule.deep_when_storeys_below_over and answer not in ("Entire building", "Basement"):
        residential = "C" in _groups(ctx)
        extra = f" unless {rule.residential_exception}" if residential else ""
        out.append(
            finding(
                "3.11",
                "warning" if residential else "error",
                f"3.11 gives '{answer}', but with "
                f"{f.storeys_below} storeys below grade the basements must be sprinklered "
                f"(3.2.2.15(2)){extra}.",
                [rule.ref],
                ("3.07",),
            )
        )
    elif answer == "Not required" and ctx.articles and not any(a.sprinklers.required for a in ctx.articles):
        out.append(
            finding(
                "3.11",
                "info",
                "The building need not be sprinklered, but each basement must then be "
                "sprinklered or divided into fire compartments of at most "
                f"{area_text(rule.unsprinklered_basement_compartment_m2)} "
                f"({rule.unsprinklered_basement_ref}).",
                [rule.unsprinklered_basement_ref],
                ("3.07",),
            )
        )


def _high_building(ctx: Context, out: list[Finding]) -> None:
    answer = ctx.value("3.08")
    if not isinstance(answer, bool):
        return
    f, rule = ctx.facts, ctx.code.rules.high_buildings
    groups = set(_groups(ctx))
    related = ("3.07", "3.02")
    care = groups & {"B2", "B3"}
    above_third = f.storeys is not None and f.storeys > rule.b2_b3_above_storey
    if not answer and care and above_third:
        certain = groups <= {"B2", "B3"}
        scope = "" if certain else "if any of it is above the third storey, "
        out.append(
            finding(
                "3.08",
                "error" if certain else "warning",
                f"3.08 says not a high building, but with "
                f"{'/'.join(sorted(care))} floor area in a {plural(f.storeys or 0, 'storey')} building "
                f"{scope}3.2.6.1(1)(c) makes it one regardless of height.",
                [rule.ref],
                related,
            )
        )
        return
    if f.height_m is None:
        return
    emtc = f.construction == "emtc" or any(a.id in ("3.2.2.48", "3.2.2.57", "3.2.2.93") for a in ctx.articles)
    limits = []
    if groups & {"B1", "B2", "B3"}:
        limits.append((rule.group_b_over_m, "3.2.6.1(1)(b)", "Group B"))
    if "C" in groups:
        limits.append((rule.group_c_over_m, "3.2.6.1(1)(d)", "Group C"))
    if emtc:
        limits.append((rule.emtc_over_m, "3.2.6.1(2)", "encapsulated mass timber"))
    if any(g[0] in "ADEF" for g in groups):
        limits.append((rule.adef_over_m, "3.2.6.1(1)(a)", "Group A, D, E or F"))
    over = [lim for lim in limits if f.height_m > lim[0]]
    if not answer and over:
        limit, ref, what = min(over)
        out.append(
            finding(
                "3.08",
                "warning",
                f"3.08 says not a high building, but 3.07 gives "
                f"{number_text(f.height_m)} m; a {what} building whose top-storey floor is more than "
                f"{limit:g} m above grade is one ({ref}). Confirm the floor level of the top storey.",
                [rule.ref],
                related,
            )
        )
    adef_mid = any(g[0] in "ADEF" for g in groups) and f.height_m > rule.adef_load_over_m
    if answer and limits and not over and not adef_mid and not (care and above_third):
        out.append(
            finding(
                "3.08",
                "warning",
                f"3.08 says high building, but at {number_text(f.height_m)} m "
                f"(3.07) with {'/'.join(sorted(groups))} none of the 3.2.6.1 triggers applies.",
                [rule.ref],
                related,
            )
        )
