"""Checks of the computed items' rows: 3.18 occupant load, 3.22 spatial separation, 3.23 fixtures.

Each row is worked out again from its own inputs and the answers it rests on; a figure that
differs from the calculators', a missing input, openings over the permitted share, fixtures
below the requirement and figures far from the table are findings, each naming its article.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .findings import Context, Finding, finding
from .occupancy import CalcError, occupant_load
from .occupancy_uses import find_use
from .plumbing import fixtures
from .spatial import spatial_separation
from .spatial_faces import by_street_rule, face_group, street_rule_applies, tables_named
from .text import number_text, plural

FAR_FROM_TABLE = 2.0  # persons per m² more than twice, or under half, the table's figure
STOREY_HEIGHT_M = (2.0, 8.0)


def calculated_findings(ctx: Context) -> list[Finding]:
    out: list[Finding] = []
    _faces(ctx, out)
    _loads(ctx, out)
    _fixtures(ctx, out)
    _storey_height(ctx, out)
    _climate_zone(ctx, out)
    return out


def _rows(ctx: Context, item: str, key: str) -> list[Mapping[str, Any]]:
    value = ctx.value(item)
    if not isinstance(value, Mapping):
        return []
    return [row for row in value.get(key) or [] if isinstance(row, Mapping)]


def _case(ctx: Context) -> tuple[str | None, bool | None]:
    groups = list(ctx.facts.classified_groups)
    if not groups:
        return None, ctx.facts.sprinklered
    strict = [g for g in groups if g in ("E", "F1", "F2")]
    return (strict or groups)[0], ctx.facts.sprinklered


def _faces(ctx: Context, out: list[Finding]) -> None:
    group, sprinklered = _case(ctx)
    for face in _rows(ctx, "3.22", "faces"):
        name, basis = str(face.get("face")), str(face.get("basis") or "")
        area, ld = face.get("area_m2"), face.get("limiting_distance_m")
        permitted, actual = face.get("upo_permitted_pct"), face.get("upo_actual_pct")
        if area is None or ld is None:
            missing = "face area" if area is None else "limiting distance"
            out.append(
                finding(
                    "3.22",
                    "warning",
                    f"3.22 {name}: the {missing} is missing, so the permitted openings cannot be worked out.",
                    ["3.2.3.1"],
                    (),
                )
            )
            continue
        if by_street_rule(basis) and street_rule_applies(float(ld), ctx.facts.storeys):
            pass  # unlimited openings on a street (3.2.3.10.(2)), as confirmed: no table figure to check
        elif group is not None and sprinklered is not None:
            # a mixed building's face read with the table of the occupancy it was named for (3.2.3.1.(1))
            tables = tables_named(basis)
            read_as = face_group(ctx.facts.classified_groups, group, sprinklered, tables[0] if tables else "")
            try:
                result = spatial_separation(
                    read_as,
                    sprinklered,
                    float(area),
                    float(ld),
                    face.get("ratio"),
                    band=face.get("ratio_band") or None,
                )
            except CalcError as error:
                out.append(
                    finding("3.22", "warning", f"3.22 {name}: {error}.", ["3.2.3.1"], ("3.02", "3.11"))
                )
                continue
            # A recorded figure the tables no longer give (3.02 or 3.11 changed since) is a flag on
            # 3.22, not an error: it must not stop the consultant revising the facts it rests on.
            if permitted is None or abs(float(permitted) - result.upo_permitted_pct) > 0.5:
                out.append(
                    finding(
                        "3.22",
                        "warning",
                        f"3.22 {name} gives {_pct(permitted)} unprotected openings permitted, but "
                        f"{result.working()}.",
                        ["3.2.3.1", result.table, "3.2.3.7"],
                        ("3.02", "3.11"),
                    )
                )
                permitted = result.upo_permitted_pct
            frr = face.get("frr_h")
            if result.frr_h is not None and (frr is None or float(frr) < result.frr_h):
                out.append(
                    finding(
                        "3.22",
                        "warning",
                        f"3.22 {name} gives a rating of {_hours(frr)}, but Table "
                        f"3.2.3.7 requires {_hours(result.frr_h)} for {_pct(result.upo_permitted_pct)} "
                        "permitted openings.",
                        ["3.2.3.7"],
                        ("3.02", "3.11"),
                    )
                )
        if permitted is not None and actual is not None and float(actual) > float(permitted) + 0.05:
            out.append(
                finding(
                    "3.22",
                    "error",
                    f"3.22 {name}: {_pct(actual)} unprotected openings proposed, more than the "
                    f"{_pct(permitted)} permitted.",
                    ["3.2.3.1"],
                    (),
                )
            )


def _loads(ctx: Context, out: list[Finding]) -> None:
    for row in _rows(ctx, "3.18", "rows"):
        area, persons, use_name = row.get("area_m2"), row.get("persons"), row.get("use")
        if not (isinstance(area, int | float) and isinstance(persons, int) and use_name):
            continue
        use = find_use(str(use_name))
        if use is None or not use.m2_per_person:
            continue
        try:
            table = occupant_load(use, float(area)).persons
        except CalcError:
            continue
        if persons and (persons > FAR_FROM_TABLE * table or persons * FAR_FROM_TABLE < table):
            out.append(
                finding(
                    "3.18",
                    "warning",
                    f"3.18 {row.get('floor')}: {persons} persons on {number_text(float(area))} m² is far "
                    f"from Table 3.1.17.1's {table} for {use.label} ({number_text(use.m2_per_person)} m² "
                    "per person).",
                    ["3.1.17.1"],
                    (),
                )
            )
        if persons != table and not row.get("posted_limit"):
            out.append(
                finding(
                    "3.18",
                    "warning",
                    f"3.18 {row.get('floor')}: {persons} persons differs from the table's {table}, so a "
                    "sign posting the occupant load is required (3.1.17.1.(2)).",
                    ["3.1.17.1"],
                    (),
                )
            )


def _fixtures(ctx: Context, out: list[Finding]) -> None:
    loads = {str(r.get("floor")).casefold(): r for r in _rows(ctx, "3.18", "rows")}
    value = ctx.value("3.23")
    ratio = value.get("ratio", "50:50") if isinstance(value, Mapping) else "50:50"
    male_pct = float(str(ratio).split(":")[0]) if str(ratio).split(":")[0].isdigit() else 50.0
    for row in _rows(ctx, "3.23", "rows"):
        name = str(row.get("floor"))
        load = loads.get(name.casefold())
        required = row.get("wc_required")
        if load is not None and load.get("occupancy") and isinstance(load.get("persons"), int):
            try:
                result = fixtures(
                    str(load["occupancy"]),
                    int(load["persons"]),
                    use=load.get("use") or None,
                    area_m2=fixture_area(load),
                    male_pct=male_pct,
                )
            except CalcError:
                result = None
            if result is not None and required != result.wc_required:
                out.append(
                    finding(
                        "3.23",
                        "warning",  # a flag when 3.18 changed since; never a bar to revising 3.18
                        f"3.23 {name} gives {required} water closets required, but {result.working()}.",
                        [result.sentence.split(",")[0]],
                        ("3.18",),
                    )
                )
                required = result.wc_required
        for kind, words in (
            ("wc", "water closets"),
            ("bf_wc", "barrier-free water closets"),
            ("universal", "universal washrooms"),
        ):
            need, given = (
                (required if kind == "wc" else row.get(f"{kind}_required")),
                row.get(f"{kind}_provided"),
            )
            if isinstance(need, int) and isinstance(given, int) and given < need:
                ref = "3.7.4" if kind == "wc" else "3.8.2.3"
                out.append(
                    finding(
                        "3.23",
                        "warning",  # Subsection 3.7.4 and Section 3.8's figures are 2012's, to be verified
                        f"3.23 {name}: {given} {words} provided, fewer than the {need} required "
                        "(figures read from the 2012 text, to be verified for 2024).",
                        [ref],
                        (),
                    )
                )


def fixture_area(load_row: Mapping[str, Any]) -> float | None:
    """The area 3.7.4.2.(1)'s 14 m² per person applies to: a business floor's, not its storage's."""
    area = load_row.get("area_m2")
    use = find_use(str(load_row.get("use") or "")) if load_row.get("use") else None
    if not isinstance(area, int | float) or (use is not None and use.group != "D"):
        return None
    return float(area)


def _storey_height(ctx: Context, out: list[Finding]) -> None:
    f = ctx.facts
    if not f.height_m or not f.storeys:
        return
    each = f.height_m / f.storeys
    low, high = STOREY_HEIGHT_M
    if not low <= each <= high:
        out.append(
            finding(
                "3.07",
                "warning" if f.storeys > 1 else "info",  # one tall storey is a high-bay hall
                f"3.07 gives {number_text(f.height_m)} m for {plural(f.storeys, 'storey')}, "
                f"{number_text(round(each, 1))} m a storey; storeys are usually {number_text(low)} to "
                f"{number_text(high)} m. Check the height and the storey count.",
                ["A-1.4.1.2"],
                (),
            )
        )


# Heating degree-days below 18 °C per climate zone (lowest, highest), as the form's guidance gives
# them from SB-1 and SB-10 (to be confirmed there).
CLIMATE_ZONES = {"5": (0, 3999), "6": (4000, 4999), "7A": (5000, 5999), "7B": (6000, 6999), "8": (7000, None)}


def _climate_zone(ctx: Context, out: list[Finding]) -> None:
    value = ctx.value("3.24")
    if not isinstance(value, Mapping):
        return
    zone, days = str(value.get("climate_zone") or "").upper(), value.get("degree_days")
    if zone not in CLIMATE_ZONES or not isinstance(days, int):
        return
    low, high = CLIMATE_ZONES[zone]
    if days < low or (high is not None and days > high):
        fitting = next(
            z for z, (lo, hi) in CLIMATE_ZONES.items() if lo <= days and (hi is None or days <= hi)
        )
        out.append(
            finding(
                "3.24",
                "warning",
                f"3.24 gives climate zone {zone} with {number_text(days)} degree days below 18 °C; "
                f"that many degree days is zone {fitting} (SB-1, SB-10).",
                ["SB-1", "SB-10"],
                (),
            )
        )


def _pct(value: Any) -> str:
    return "no figure for the" if value is None else f"{number_text(float(value))} %"


def _hours(value: Any) -> str:
    if value is None:
        return "none"
    value = float(value)
    return f"{number_text(value)} h" if value >= 1 or value == 0 else f"{round(value * 60)} min"
