"""Construction aspect of an article's fit: 3.15 against the article and 3.2.2.16 heavy timber roofs."""

from __future__ import annotations

from .evaluation import Evaluation
from .facts import Facts
from .text import plural

_GIVEN = {
    "combustible": "combustible construction",
    "mixed": "combustible and noncombustible construction",
    "emtc": "encapsulated mass timber construction",
}


def construction_issues(ev: Evaluation, f: Facts) -> None:
    art = ev.article
    c = art.construction
    if c.combustible:
        ev.parts.append("combustible permitted")
        return
    if c.emtc:
        wanted = "encapsulated mass timber or noncombustible construction"
    elif c.heavy_timber == "full":
        wanted = "heavy timber or noncombustible construction"
    else:
        wanted = "noncombustible construction"
    ev.parts.append(wanted.replace(" construction", "") + " required")
    if art.construction.ht_roof_3_2_2_16 and f.storeys is not None and f.storeys <= 2 and f.sprinklered:
        ev.parts.append("heavy timber roof allowed (3.2.2.16)")
    kind = f.construction
    if kind is None:
        ev.unknown("construction", "construction")
        return
    if c.combustible_if and kind != "noncombustible":
        _conditional_combustible(ev, f)
        return
    if kind == "emtc" and not c.emtc:
        ev.add("construction", "no", "error", f"3.15 gives {_GIVEN[kind]}, but {art.id} requires {wanted}.")
        return
    if kind in ("combustible", "mixed"):
        if c.heavy_timber == "full" and f.heavy_timber:
            ev.add(
                "construction",
                "if",
                "info",
                f"Confirm the combustible parts are heavy timber, which {art.id} allows.",
            )
            return
        if kind == "mixed" and f.stacked:
            # Doubtful: in a building of both kinds this portion may well be the combustible one, so an
            # article that permits combustible construction is proposed before this one.
            ev.add(
                "construction",
                "if",
                "warning",
                f"Confirm the {ev.group} portion is noncombustible as "
                f"{art.id} requires (superimposed occupancies, 3.2.2.7).",
                art.id,
                "3.2.2.7",
            )
        else:
            ev.add(
                "construction", "no", "error", f"3.15 gives {_GIVEN[kind]}, but {art.id} requires {wanted}."
            )
            return
    if f.heavy_timber:
        _heavy_timber(ev, f)


def _conditional_combustible(ev: Evaluation, f: Facts) -> None:
    art = ev.article
    limit = art.combustible_occupant_load_max
    if limit is not None and f.occupant_load is not None and f.occupant_load > limit:
        ev.add(
            "construction",
            "no",
            "error",
            f"{art.id} permits combustible construction only with "
            f"{art.construction.combustible_if}; 3.18 gives an occupant load of {f.occupant_load}.",
        )
        return
    ev.add(
        "construction",
        "if",
        "info",
        f"Combustible construction fits {art.id} only with {art.construction.combustible_if}.",
    )


def _heavy_timber(ev: Evaluation, f: Facts) -> None:
    art = ev.article
    if art.construction.heavy_timber == "full":
        return
    if art.construction.heavy_timber == "roof":
        ev.add(
            "construction",
            "if",
            "info",
            f"Confirm heavy timber is used only where {art.id} allows it "
            "(the roof and the members that carry it).",
        )
        return
    if f.storeys is None:
        ev.unknown("construction", "storeys")
        return
    if f.sprinklered is None:
        ev.unknown("construction", "sprinklered")
        return
    rule = "3.2.2.16"
    if f.storeys <= 2 and f.sprinklered:
        ev.add(
            "construction",
            "if",
            "info",
            "Confirm heavy timber is used only for the roof and the storey "
            f"just below it, which {rule} allows on a sprinklered building of at most 2 storeys.",
            rule,
        )
        return
    state = "sprinklered" if f.sprinklered else "not sprinklered throughout"
    ev.add(
        "construction",
        "no",
        "warning",
        f"3.15 says heavy timber is used, but {art.id} requires "
        f"{'encapsulated mass timber or ' if art.construction.emtc else ''}noncombustible construction and "
        f"{rule} allows a heavy timber roof only on a building of at most 2 storeys sprinklered throughout "
        f"(this one has {plural(f.storeys, 'storey')} and is {state}).",
        art.id,
        rule,
    )
