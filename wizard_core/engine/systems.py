"""Checks that follow from the classification: standpipes (3.2.5.8) and fire alarms (3.2.4.1, 3.2.4.3)."""

from __future__ import annotations

from collections.abc import Mapping

from .facts import FARM_GROUPS
from .findings import Context, Finding, Severity, finding
from .text import area_text, number_text, plural, uncertain_suffix

_EPS = 0.01  # m²: rounding slack, so a figure exactly at a limit passes
_SCHOOL_WORDS = ("classroom", "school", "kindergarten")


def system_findings(ctx: Context) -> list[Finding]:
    out: list[Finding] = []
    for check in (_standpipes, _fire_alarm, _alarm_stage):
        check(ctx, out)
    return out


def _groups(ctx: Context) -> list[str]:
    return [g for g in ctx.facts.groups if g not in FARM_GROUPS]


def _standpipes(ctx: Context, out: list[Finding]) -> None:
    answer = ctx.value("3.12")
    f, rule = ctx.facts, ctx.code.rules.standpipes
    if answer is not False:
        return
    related = ("3.07", "3.04", "3.11", "3.02")
    if f.storeys is not None and f.storeys > rule.storeys_over:
        ids = {a.id for a in ctx.articles}
        exempt = (
            set(_groups(ctx)) == {"C"}
            and f.storeys <= rule.group_c_exempt_max_storeys
            and bool(ids)
            and ids <= set(rule.group_c_exempt_articles)
        )
        severity: Severity = "warning" if exempt else "error"
        extra = (
            (
                " unless every unit has its own exterior door near grade and there is no public corridor "
                "(3.2.5.8(3))"
            )
            if exempt
            else ""
        )
        out.append(
            finding(
                "3.12",
                severity,
                f"3.12 says no standpipe, but the building has "
                f"{plural(f.storeys, 'storey')} and 3.2.5.8 requires one above "
                f"{rule.storeys_over} storeys{extra}.",
                [rule.ref],
                related,
            )
        )
        return
    garage = bool(ctx.articles) and all(a.id == "3.2.2.92" for a in ctx.articles)
    if (
        f.height_m is not None
        and f.height_m > rule.height_over_m
        and not (garage and f.height_m <= rule.garage_exempt_max_m)
    ):
        out.append(
            finding(
                "3.12",
                "warning",
                f"3.12 says no standpipe, but 3.07 gives {number_text(f.height_m)} m; "
                f"a standpipe is required if grade to the ceiling of the top storey is more than "
                f"{rule.height_over_m:g} m (3.2.5.8(1)(b)).",
                [rule.ref],
                related,
            )
        )
        return
    if f.sprinklered is not False or f.storeys is None or f.building_area is None or f.storeys > 3:
        return
    limits = []
    for group in _groups(ctx):
        row = rule.unsprinklered_area_m2.get("A" if group.startswith("A") else group)
        if row:
            limits.append((row[f.storeys - 1], group))
    if limits:
        limit, group = min(limits)
        if f.building_area > limit + _EPS:
            out.append(
                finding(
                    "3.12",
                    "error",
                    f"3.12 says no standpipe, but the building is not sprinklered "
                    f"and its {area_text(f.building_area)} building area is over the "
                    f"{area_text(limit)} Table 3.2.5.8 allows for {group} with "
                    f"{plural(f.storeys, 'storey')}.",
                    [rule.ref],
                    related,
                )
            )


def _fire_alarm(ctx: Context, out: list[Finding]) -> None:
    if ctx.value("3.13") != "Not required":
        return
    f, rule = ctx.facts, ctx.code.rules.fire_alarm
    related = ("3.11", "3.07", "3.18", "3.02")
    groups = _groups(ctx)
    if f.sprinklered:
        only_c = set(groups) == {"C"}
        severity: Severity = "warning" if only_c else "error"
        extra = " unless the sprinklers are an NFPA 13D system" if only_c else ""
        out.append(
            finding(
                "3.13",
                severity,
                "3.13 says no fire alarm system, but 3.11 says the building is "
                f"sprinklered throughout, and 3.2.4.1(1) requires a fire alarm system in every sprinklered "
                f"building{extra}.",
                [rule.ref],
                related,
            )
        )
        return
    if f.sprinklers_partial:
        out.append(
            finding(
                "3.13",
                "warning",
                "3.13 says no fire alarm system, but 3.11 shows a sprinkler "
                "system; 3.2.4.1 requires a fire alarm wherever sprinklers are installed, unless there "
                "are fewer than 9 of them (3.2.5.12(4)).",
                [rule.ref],
                related,
            )
        )
        return
    if f.sprinklered is None:
        return
    if f.storeys is not None and f.storeys_below is not None:
        total = f.storeys + f.storeys_below
        if total > rule.storeys_incl_below_over:
            out.append(
                finding(
                    "3.13",
                    "error",
                    f"3.13 says no fire alarm system, but the building has "
                    f"{plural(total, 'storey')} counting those below grade, and an unsprinklered "
                    f"building of more than {rule.storeys_incl_below_over} needs one "
                    "(3.2.4.1(4)(c)).",
                    [rule.ref],
                    related,
                )
            )
            return
    load = f.occupant_load
    if load is None:
        return
    if "F1" in groups and load > rule.f1_load_over:
        severity = "error" if set(groups) == {"F1"} else "warning"
        out.append(
            finding(
                "3.13",
                severity,
                f"3.13 says no fire alarm system, but 3.18 gives {load} persons and "
                f"an F1 occupancy with more than {rule.f1_load_over} needs one (3.2.4.1(4)(k)).",
                [rule.ref],
                related,
            )
        )
    elif load > rule.occupant_load_over:
        out.append(
            finding(
                "3.13",
                "warning",
                f"3.13 says no fire alarm system, but 3.18 gives {load} persons; "
                f"an unsprinklered building with more than {rule.occupant_load_over} needs one "
                "(3.2.4.1(4)(d))." + uncertain_suffix(rule.occupant_load_over_uncertain),
                [rule.ref],
                related,
            )
        )
    elif "C" in groups and load > rule.sleeping_over:
        out.append(
            finding(
                "3.13",
                "warning",
                f"3.13 says no fire alarm system; if the residential occupancy "
                f"sleeps more than {rule.sleeping_over} persons (3.18 gives {load}) one is required "
                "(3.2.4.1(4)(j)) unless no more than 4 suites share a means of egress or each suite "
                "exits straight outside (3.2.4.1(5)).",
                [rule.ref],
                related,
            )
        )


def _alarm_stage(ctx: Context, out: list[Finding]) -> None:
    answer = ctx.value("3.13")
    if answer not in ("Single stage", "Two stage"):
        return
    rule, groups, storeys = ctx.code.rules.alarm_stage, _groups(ctx), ctx.facts.storeys
    related = ("3.02", "3.07")
    if answer == "Two stage":
        single = [g for g in groups if g in rule.single_stage_only]
        if single:
            out.append(
                finding(
                    "3.13",
                    "error",
                    f"3.13 gives a two-stage fire alarm, but {single[0]} requires a "
                    "single-stage system (3.2.4.3).",
                    [rule.ref],
                    related,
                )
            )
        elif "A2" in groups and _mentions_school(ctx):
            out.append(
                finding(
                    "3.13",
                    "warning",
                    "3.13 gives a two-stage fire alarm, but 3.18 suggests a school; "
                    "elementary and secondary schools need a single-stage system (3.2.4.3).",
                    [rule.ref],
                    ("3.02", "3.18"),
                )
            )
        return
    for group in groups:
        if group not in rule.two_stage:
            continue
        if group == "B3" and (storeys is None or storeys <= rule.either_for_b3_up_to_storeys):
            continue
        why = f" with {plural(storeys, 'storey')}" if group == "B3" and storeys else ""
        out.append(
            finding(
                "3.13",
                "error",
                f"3.13 gives a single-stage fire alarm, but a {group} occupancy"
                f"{why} requires a two-stage system (3.2.4.3).",
                [rule.ref],
                related,
            )
        )
        return


def _mentions_school(ctx: Context) -> bool:
    value = ctx.value("3.18")
    rows = value.get("rows") if isinstance(value, Mapping) else None
    for row in rows or []:
        if isinstance(row, Mapping):
            text = f"{row.get('area', '')} {row.get('basis', '')}".casefold()
            if any(word in text for word in _SCHOOL_WORDS):
                return True
    return False
