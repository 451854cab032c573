"""3.21: the fire-resistance rating each of the matrix's five horizontal assemblies needs.

Worked out from the 3.10 articles and the facts (storeys above and below grade, mezzanines,
sprinklers, construction) with the rules that change them: 3.2.2.15 for deep basements, 3.2.1.4
for the floor over a basement, an article's roof and mezzanine waivers, and the articles that rate
floors only where they are combustible (noncombustible construction in lieu of a rating).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .code import Article, Rating
from .context import build_context
from .findings import Context, Finding, finding
from .rating_text import NAMES
from .ratings import Need, combined, loadbearing_minutes, rating_findings_for
from .text import minutes_text

ASSEMBLIES = ("storeys_below_grade", "floors_over_basement", "floors", "mezzanine", "roof")
LABELS = {
    "storeys_below_grade": "Storeys below grade",
    "floors_over_basement": "Floors over basement",
    "floors": "Floors",
    "mezzanine": "Mezzanine",
    "roof": "Roof",
}
# The ratings engine's element for each assembly.
ELEMENTS = {
    "storeys_below_grade": "below",
    "floors_over_basement": "over_basement",
    "floors": "floors",
    "mezzanine": "mezzanines",
    "roof": "roof",
}


@dataclass(frozen=True)
class AssemblyNeed:
    """What one assembly needs; ``applies`` is False where the building has no such assembly."""

    assembly: str
    applies: bool
    rating_h: float | None  # None: not applicable, or not known until ``missing`` is answered
    supporting_h: float | None
    noncombustible_in_lieu: bool
    why: str
    articles: tuple[str, ...]
    missing: str = ""

    @property
    def label(self) -> str:
        return LABELS[self.assembly]


def hours(minutes: int) -> float:
    return round(minutes / 60, 2)


def required_assemblies(answers: Mapping[str, Any]) -> list[AssemblyNeed]:
    """The five assemblies' required ratings from the recorded answers (3.10 first of all)."""
    ctx = build_context(answers)
    return [_assembly(ctx, name) for name in ASSEMBLIES]


def _present(ctx: Context, name: str) -> bool | None:
    f = ctx.facts
    if name in ("storeys_below_grade", "floors_over_basement"):
        return None if f.storeys_below is None else f.storeys_below > 0
    if name == "floors":
        return None if f.storeys is None else f.storeys > 1
    if name == "mezzanine":
        total = ctx.total("3.06")
        return None if total is None and "3.06" not in ctx.answers else bool(total)
    return True


def _missing(ctx: Context, name: str) -> str:
    f = ctx.facts
    if not ctx.pairs:
        return "the 3.10 classification article"
    if name in ("storeys_below_grade", "floors_over_basement", "floors") and (
        f.storeys is None or f.storeys_below is None
    ):
        return "the storeys above and below grade (3.07)"
    if name == "mezzanine" and "3.06" not in ctx.answers:
        return "the mezzanine area (3.06)"
    if f.construction is None:
        return "the actual construction (3.15): some articles rate floors only where they are combustible"
    if f.sprinklered is None:
        return "whether the building is sprinklered throughout (3.11)"
    return ""


def _assembly(ctx: Context, name: str) -> AssemblyNeed:
    present = _present(ctx, name)
    if present is False:
        return AssemblyNeed(name, False, None, None, False, f"the building has no {LABELS[name].lower()}", ())
    need = _need(ctx, name)
    if need is None and ctx.pairs and all(_rating(a, name).minutes is None for a in ctx.articles):
        refs = tuple(a.id for a in ctx.articles)
        need = Need(0, 0, f"{', '.join(refs)} states no rating for {LABELS[name].lower()}", refs)
    if need is None or present is None:
        missing = _missing(ctx, name) or "the facts this rating rests on"
        return AssemblyNeed(name, True, None, None, False, "", (), missing)
    in_lieu = _in_lieu(ctx, name)
    supporting = loadbearing_minutes(ctx, ELEMENTS[name], need.minutes)
    why = need.why or f"no rating is required for {LABELS[name].lower()}"
    if in_lieu:
        why = f"noncombustible construction in lieu of the rating ({', '.join(a.id for a in ctx.articles)})"
    return AssemblyNeed(
        name,
        True,
        hours(need.minutes),
        None if supporting is None else hours(supporting),
        in_lieu,
        why,
        need.refs or tuple(a.id for a in ctx.articles),
    )


def _need(ctx: Context, name: str) -> Need | None:
    if name == "storeys_below_grade":
        deep = combined(ctx, "below")
        floors = combined(ctx, "floors")
        found = [n for n in (deep, floors) if n is not None]
        return max(found, key=lambda n: n.minutes) if found else None
    return combined(ctx, ELEMENTS[name])


def _rating(article: Article, name: str) -> Rating:
    r = article.ratings
    return {"mezzanine": r.mezzanines, "roof": r.roof}.get(name, r.floors)


def _in_lieu(ctx: Context, name: str) -> bool:
    """Noncombustible construction stands in for a rating the articles ask only of combustible floors."""
    if ctx.facts.construction != "noncombustible":
        return False
    rated = [_rating(a, name) for a in ctx.articles if _rating(a, name).minutes]
    return bool(rated) and all(r.if_combustible for r in rated)


def assembly_findings(ctx: Context) -> list[Finding]:
    """3.21's rows against what the 3.10 articles require: each rating, and what carries it."""
    value = ctx.value("3.21")
    if not isinstance(value, dict):
        return []
    return rating_findings_for(ctx, given_minutes(value)) + _supporting(ctx, value)


def given_minutes(value: dict) -> dict[str, int]:
    """Minutes per element from a structured 3.21 value (rows without a rating are not checked)."""
    found: dict[str, int] = {}
    for row in value.get("assemblies") or []:
        element = ELEMENTS.get(str(row.get("assembly")))
        if element is None or row.get("noncombustible_in_lieu"):
            continue
        figure = row.get("rating_h")
        if isinstance(figure, int | float) and not isinstance(figure, bool):
            found[element] = max(found.get(element, 0), round(figure * 60))
    return found


def _supporting(ctx: Context, value: dict) -> list[Finding]:
    """Each assembly's supports against what carrying that assembly needs (3.2.2.20-.93)."""
    out: list[Finding] = []
    if not ctx.pairs:
        return out
    for row in value.get("assemblies") or []:
        element = ELEMENTS.get(str(row.get("assembly")))
        figure = row.get("supporting_h")
        if element is None or not isinstance(figure, int | float) or isinstance(figure, bool):
            continue
        need = combined(ctx, element)
        if need is None:
            continue
        carried = loadbearing_minutes(ctx, element, need.minutes)
        given = round(figure * 60)
        if carried is not None and given < carried:
            out.append(
                finding(
                    "3.21",
                    "error",
                    f"3.21 gives the loadbearing walls, columns and arches carrying {NAMES[element]} "
                    f"{minutes_text(given)}, but {need.why} and what carries it needs "
                    f"{minutes_text(carried)}.",
                    need.refs,
                    ("3.10", "3.07", "3.11", "3.15"),
                )
            )
    return out


def describe_need(need: AssemblyNeed) -> str:
    """'Floors: 1 h (3.2.2.60)' as a line of the wizard's working."""
    if not need.applies:
        return f"{need.label}: not applicable ({need.why})"
    if need.rating_h is None:
        return f"{need.label}: not known until I have {need.missing}"
    rating = minutes_text(round(need.rating_h * 60))
    supporting = (
        "" if need.supporting_h is None else f", supporting {minutes_text(round(need.supporting_h * 60))}"
    )
    lieu = ", noncombustible in lieu of rating" if need.noncombustible_in_lieu else ""
    return f"{need.label}: {rating}{supporting}{lieu} — {need.why}"
