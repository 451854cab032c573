"""3.21 fire-resistance ratings against the 3.10 articles, 3.2.1.4 and 3.2.2.15.

3.21 is free text ("Floors 1 h, roof 1 h, mezzanine 1 h, loadbearing walls 1 h"), read by
``rating_text.py``; an element that cannot be read is not checked.
"""

from __future__ import annotations

from dataclasses import dataclass

from .code import Article, Rating
from .findings import Context, Finding, Severity, finding
from .rating_text import NAMES, parse_ratings
from .text import minutes_text


@dataclass(frozen=True)
class Need:
    minutes: int
    lowest: int  # what a waiver with a design condition could lower it to (= minutes when none applies)
    why: str
    refs: tuple[str, ...]

    @property
    def certain(self) -> bool:
        return self.lowest >= self.minutes


def rating_findings(ctx: Context) -> list[Finding]:
    out: list[Finding] = []
    _roof_in_lieu(ctx, out)
    text = ctx.value("3.21")  # the rows of 3.21 are checked in assemblies.py; free text is read here
    if not isinstance(text, str) or not ctx.pairs:
        return out
    given = parse_ratings(text)
    out.extend(_below_required(ctx, given))
    return out


def rating_findings_for(ctx: Context, given: dict[str, int]) -> list[Finding]:
    """Findings on ratings given per element (minutes), as the structured 3.21 rows give them."""
    return _below_required(ctx, given) if ctx.pairs else []


def _below_required(ctx: Context, given: dict[str, int]) -> list[Finding]:
    out: list[Finding] = []
    for element, minutes in given.items():
        need = combined(ctx, element)
        if need is None or minutes >= need.minutes:
            continue
        severity: Severity = "error" if minutes < need.lowest else "warning"
        out.append(
            finding(
                "3.21",
                severity,
                f"3.21 gives {NAMES[element]} {minutes_text(minutes)}, but {need.why}.",
                need.refs,
                ("3.10", "3.07", "3.11", "3.15"),
            )
        )
    return out


def combined(ctx: Context, element: str) -> Need | None:
    """Side by side the most demanding article governs (3.2.2.6); superimposed, the least is the floor."""
    needs = [n for a in ctx.articles if (n := _need(ctx, a, element)) is not None]
    if not needs:
        return None
    pick = min if ctx.facts.stacked else max
    return pick(needs, key=lambda n: (n.minutes, n.lowest))


def _combustible(ctx: Context) -> bool | None:
    kind = ctx.facts.construction
    return None if kind is None else kind != "noncombustible"


def _article_need(ctx: Context, art: Article, rating: Rating, what: str) -> Need | None:
    f = ctx.facts
    if rating.minutes is None:
        return None
    minutes = rating.minutes
    if rating.if_combustible:
        combustible = _combustible(ctx)
        if combustible is None:
            return None
        if not combustible:
            return Need(0, 0, "", ())
    lowest = minutes
    for waiver in rating.waivers:
        if waiver.keeps_rating or not _structurally(ctx, waiver.max_storeys, waiver.max_m2):
            continue
        settled = waiver.certain and (
            (not waiver.requires_sprinklers or f.sprinklered is True)
            and (not waiver.requires_noncombustible or f.construction == "noncombustible")
            and (not waiver.requires_heavy_timber or f.heavy_timber is True)
        )
        if settled:
            minutes = min(minutes, waiver.minutes)
        elif waiver.condition and not waiver.requires_sprinklers:
            lowest = min(lowest, waiver.minutes)
    lowest = min(lowest, minutes)
    note = " (sprinklers do not waive it)" if what == "the roof" and f.sprinklered and minutes else ""
    return Need(minutes, lowest, f"{art.id} requires {minutes_text(minutes)} for {what}{note}", (art.id,))


def _structurally(ctx: Context, max_storeys: int | None, max_m2: list[float] | None) -> bool:
    f = ctx.facts
    if max_storeys is not None and (f.storeys is None or f.storeys > max_storeys):
        return False
    if max_m2 is not None:
        if f.building_area is None:
            return False
        return f.building_area <= max_m2[(f.streets or 1) - 1]
    return True


def _need(ctx: Context, art: Article, element: str) -> Need | None:
    f, ratings = ctx.facts, art.ratings
    has_floors = (f.storeys or 0) > 1 or (f.storeys_below or 0) > 0
    if element == "floors":
        return _article_need(ctx, art, ratings.floors, "floors") if has_floors else None
    if element == "roof":
        return _article_need(ctx, art, ratings.roof, "the roof")
    if element == "mezzanines":
        return _article_need(ctx, art, ratings.mezzanines, "mezzanines") if ctx.total("3.06") else None
    if element == "over_basement":
        return _over_basement(ctx, art)
    if element == "below":
        return _below(ctx, art)
    return _loadbearing(ctx, art, has_floors)


def _over_basement(ctx: Context, art: Article) -> Need | None:
    rule = ctx.code.rules.below_ground
    if not ctx.facts.storeys_below:
        return None
    floors = _article_need(ctx, art, art.ratings.floors, "floors")
    if floors is None and art.ratings.floors.if_combustible:
        return None
    minutes = max(rule.floor_over_basement_min_minutes, floors.minutes if floors else 0)
    lowest = minutes if floors is None else max(rule.floor_over_basement_min_minutes, floors.lowest)
    if art.id in rule.floor_over_basement_exempt:
        lowest = 0  # floors inside dwelling units may follow the article's sentences (3) and (4) instead
    return Need(
        minutes,
        lowest,
        f"{rule.floor_over_basement_ref} and {art.id} require "
        f"{minutes_text(minutes)} for the floor over a basement",
        (rule.floor_over_basement_ref, art.id),
    )


def _below(ctx: Context, art: Article) -> Need | None:
    f, rule = ctx.facts, ctx.code.rules.below_ground
    if f.storeys_below is None or f.storeys_below <= rule.deep_when_storeys_below_over:
        return None
    groups = [g for g in f.groups if not g.startswith("G")]
    hazard = [g for g in groups if g in rule.hazard_groups]
    if hazard and len(hazard) == len(groups):
        return Need(
            rule.floor_minutes_hazard,
            rule.floor_minutes_hazard,
            f"with {f.storeys_below} storeys below grade used for "
            f"{'/'.join(hazard)}, 3.2.2.15(2) requires {minutes_text(rule.floor_minutes_hazard)}",
            (rule.ref,),
        )
    if hazard:
        return Need(
            rule.floor_minutes_hazard,
            rule.floor_minutes,
            f"with {f.storeys_below} storeys below grade, 3.2.2.15(2) "
            f"requires {minutes_text(rule.floor_minutes)}, and {minutes_text(rule.floor_minutes_hazard)} "
            f"if the basements are used for {'/'.join(hazard)}",
            (rule.ref,),
        )
    return Need(
        rule.floor_minutes,
        rule.floor_minutes,
        f"with {f.storeys_below} storeys below grade, 3.2.2.15(2) requires "
        f"{minutes_text(rule.floor_minutes)}",
        (rule.ref,),
    )


def _loadbearing(ctx: Context, art: Article, has_floors: bool) -> Need | None:
    kind = art.ratings.loadbearing
    if kind == "none":
        return None
    supported = [
        n
        for n in (
            _article_need(ctx, art, art.ratings.floors, "floors") if has_floors else None,
            _article_need(ctx, art, art.ratings.roof, "the roof"),
            _article_need(ctx, art, art.ratings.mezzanines, "mezzanines") if ctx.total("3.06") else None,
        )
        if n is not None
    ]
    most = max((n.minutes for n in supported), default=0)
    lowest = max((n.lowest for n in supported), default=0)
    if kind == "supported_or_heavy_timber" and ctx.facts.heavy_timber:
        return None
    if kind in ("45_or_nc", "45_or_nc_and_supported"):
        combustible = _combustible(ctx)
        if combustible is None:
            return None
        floor = min(45, most) if combustible else 0
        if kind == "45_or_nc_and_supported" and has_floors and art.ratings.floors.fire_separation:
            floor = max(floor, min(most, art.ratings.floors.minutes or 0))
        most, lowest = floor, min(lowest, floor)
    if not most:
        return None
    return Need(
        most,
        lowest,
        f"{art.id} requires loadbearing walls, columns and arches of at least "
        f"{minutes_text(most)}, the rating of what they support",
        (art.id,),
    )


def _roof_in_lieu(ctx: Context, out: list[Finding]) -> None:
    if ctx.value("3.11") != "In lieu of roof rating":
        return
    for art in ctx.articles:
        need = _article_need(ctx, art, art.ratings.roof, "the roof")
        if need and need.minutes:
            out.append(
                finding(
                    "3.11",
                    "warning",
                    f"3.11 gives sprinklers 'in lieu of roof rating', but "
                    f"{art.id} offers no sprinkler waiver for its {minutes_text(need.minutes)} roof.",
                    [art.id],
                    ("3.10", "3.21"),
                )
            )
            return


def loadbearing_minutes(ctx: Context, element: str, minutes: int) -> int | None:
    """What the walls, columns and arches carrying an assembly rated ``minutes`` need (None: unknown)."""
    needs: list[int] = []
    combustible = _combustible(ctx)
    for art in ctx.articles:
        kind = art.ratings.loadbearing
        if kind == "none":
            needs.append(0)
        elif kind == "supported":
            needs.append(minutes)
        elif kind == "supported_or_heavy_timber":
            needs.append(0 if ctx.facts.heavy_timber else minutes)
        elif combustible is None:
            return None
        else:
            floor = min(45, minutes) if combustible else 0
            floors = art.ratings.floors
            if kind == "45_or_nc_and_supported" and element == "floors" and floors.fire_separation:
                floor = max(floor, min(minutes, floors.minutes or 0))
            needs.append(floor)
    if not needs:
        return None
    return min(needs) if ctx.facts.stacked else max(needs)
