"""Aspects of an article's fit: area for storeys and streets, sprinklers, occupant load, other conditions."""

from __future__ import annotations

from .code import AreaRow, Article
from .evaluation import Evaluation, Fits
from .facts import Facts
from .text import area_text, plural


def _row_for(art: Article, storeys: int, basement: bool | None) -> list[AreaRow]:
    """The area rows that may apply (two when a basement matters and is not known)."""
    found: list[AreaRow] = []
    for wanted in [basement] if basement is not None else [False, True]:
        for row in art.areas:
            if row.basement is not None and row.basement != wanted:
                continue
            if row.up_to_storeys is None or storeys <= row.up_to_storeys:
                if row not in found:
                    found.append(row)
                break
    return found


def area_issues(ev: Evaluation, f: Facts) -> None:
    art = ev.article
    if art.emtc_table is not None:
        entry = art.emtc_table.get(ev.host)
        rows = [AreaRow(up_to_storeys=None, m2=entry.max_m2)] if entry else []
    else:
        rows = art.areas
    if not rows:
        ev.parts.append("area not limited")
        return
    if f.building_area is None:
        ev.unknown("area", "building_area")
        return
    if f.storeys is None and any(row.up_to_storeys is not None for row in rows):
        ev.unknown("area", "storeys")
        return
    storeys = f.storeys or 0
    candidates = _row_for(art, storeys, f.has_basement) if art.emtc_table is None else rows
    if not candidates:
        return  # more storeys than any row: the storeys aspect already says so
    verdicts = [_row_verdict(ev, f, row) for row in candidates]
    if len(verdicts) > 1 and len({v[0] for v in verdicts}) > 1:
        ev.unknown("area", "storeys_below")
        return
    fits, text, unsure, missing = verdicts[0]
    if missing:
        ev.unknown("area", missing)
    elif fits == "yes":
        ev.parts.append(text)
        if unsure:
            ev.uncertain.append(unsure)
    else:
        ev.add(
            "area",
            fits,
            "error" if fits == "no" else "warning",
            text,
            *([art.area_variant.ref] if fits == "if" and art.area_variant else []),
            unsure=unsure,
        )


def _row_verdict(ev: Evaluation, f: Facts, row: AreaRow) -> tuple[Fits, str, str, str | None]:
    art, area = ev.article, f.building_area or 0.0
    limits = row.limits()
    varies = len(set(limits)) > 1
    streets = f.streets
    unsure = (row.uncertain or "") if row.uncertain_for(streets or 1) else ""
    unsure = unsure or art.uncertain_for(ev.host)
    if streets is not None:
        limit = limits[streets - 1]
        facing = f" facing {plural(streets, 'street')}" if varies else ""
    else:
        limit = limits[0]
        facing = " even facing 1 street" if varies else ""
        if limit is not None and area > limit:
            if any(lim is None or area <= lim for lim in limits[1:]):
                return "unknown", "", "", "streets"
            limit, facing = limits[2], " even facing 3 streets"
    if limit is None:
        return "yes", f"area not limited at this height{facing}", unsure, None
    if area <= limit:
        return "yes", f"{area_text(area)} ≤ {area_text(limit)}{facing}", unsure, None
    variant = art.area_variant
    if variant and area <= variant.factor * limit:
        if f.has_basement is None:
            return "unknown", "", "", "storeys_below"
        if not f.has_basement:
            return (
                "if",
                (
                    f"{area_text(area)} is over the {area_text(limit)}{facing} of {art.id}; it fits only "
                    f"if {variant.condition} ({variant.ref})."
                ),
                unsure,
                None,
            )
    storeys = plural(f.storeys or 0, "storey")
    return (
        "no",
        (
            f"The building area {area_text(area)} is over the {area_text(limit)} that {art.id} allows "
            f"for {storeys}{facing}."
        ),
        unsure,
        None,
    )


def sprinkler_issues(ev: Evaluation, f: Facts) -> None:
    spr = ev.article.sprinklers
    art = ev.article
    if spr.required:
        if f.sprinklered is None:
            ev.unknown("sprinklers", "sprinklered")
        elif f.sprinklered:
            ev.parts.append("sprinklered")
        elif f.sprinklers_partial and f.stacked and spr.superimposed_exception:
            ev.add(
                "sprinklers",
                "if",
                "warning",
                f"{art.id} requires sprinklers; with superimposed "
                "occupancies only this occupancy's storeys and every storey below them may be sprinklered "
                "(3.2.2.7(1), 3.2.2.18(2)) — confirm that is what 3.11 covers.",
                art.id,
                "3.2.2.18",
            )
        else:
            ev.add(
                "sprinklers",
                "no",
                "error",
                f"{art.id} requires the building to be sprinklered throughout "
                "(3.2.2.18), but 3.11 does not say 'Entire building'.",
                art.id,
                "3.2.2.18",
            )
        return
    ev.parts.append("sprinklered (not required)" if f.sprinklered else "no sprinklers needed")
    cond = spr.required_if
    if (
        cond
        and f.sprinklered is not True
        and (f.building_area is None or f.building_area > cond.area_over_m2)
    ):
        ev.add(
            "sprinklers",
            "if",
            "info",
            f"Over {area_text(cond.area_over_m2)} the building must be "
            f"sprinklered if {cond.condition} ({cond.ref}); confirm it is not.",
            cond.ref,
        )


def extra_issues(ev: Evaluation, f: Facts) -> None:
    art = ev.article
    limit = art.occupant_load
    if limit is not None:
        load = f.occupant_load
        if load is not None and limit.scope == "building" and load > limit.max:
            ev.add(
                "occupant_load",
                "no",
                "error",
                f"{art.id} is for an occupant load of at most {limit.max}; 3.18 gives {load}.",
                limit.ref,
            )
        elif load is None or load > limit.max:
            what = "of the building" if limit.scope == "building" else "of the auditorium floor"
            ev.add(
                "occupant_load",
                "if",
                "info",
                f"Occupant load {what} at most {limit.max} ({limit.ref}).",
                limit.ref,
            )
    for condition in art.open_conditions:
        ev.add("use", "if", "info", f"Confirm {condition}.")
    if art.special_use is not None:
        ev.add(
            "use",
            "if",
            "warning",
            f"{art.id} applies only to a {art.special_use.condition}.",
            art.special_use.ref,
        )
    rule = art.one_street
    if rule is not None:
        if f.streets is None or f.streets == 1:
            ev.add(
                "streets",
                "if",
                "info",
                f"Confirm at least {rule.min_perimeter_pct:g} % of the building "
                f"perimeter is within 15 m of a street ({rule.min_perimeter_pct_with_cladding:g} % with "
                f"cladding to 3.1.4.8(2)); {art.id} needs it even when facing one street ({rule.ref}).",
                rule.ref,
            )
        else:
            ev.parts.append(
                f"facing {f.streets} streets, beyond the {rule.min_perimeter_pct:g} % of {rule.ref}"
            )
