"""Does one article fit one occupancy of the building? Shared by ``candidates`` and ``check``.

Each aspect (occupancy, storeys, area, height, sprinklers, construction, extra conditions) gives
an ``Issue`` when it is not simply satisfied: ``fits`` says what it means for classification
("no", "if" a stated condition holds, "unknown" because a fact is missing) and ``severity`` what
it means when the consultant has already chosen the article.
"""

from __future__ import annotations

from .aspects import area_issues, extra_issues, sprinkler_issues
from .code import Article, EmtcRow
from .construction import construction_issues
from .evaluation import Evaluation
from .facts import Facts
from .text import plural

_MEASURES = {
    "first_storey_floor_to_top_floor": "from the first-storey floor to the highest floor level",
    "grade_to_top_ceiling": "from grade to the ceiling of the top storey",
}


def evaluate(article: Article, group: str, facts: Facts) -> Evaluation:
    """Compare the article's limits with the facts for one major occupancy."""
    host = _host(article, group, facts)
    ev = Evaluation(article, group, host or group)
    if host is None:
        ev.add(
            "group", "no", "error", f"{article.id} is not an article for Group {group} ({_groups(article)})."
        )
        return ev
    _occupancy(ev, facts)
    _storeys(ev, facts)
    area_issues(ev, facts)
    _height(ev, facts)
    sprinkler_issues(ev, facts)
    construction_issues(ev, facts)
    extra_issues(ev, facts)
    note = article.uncertain_for(ev.host)
    if note and note not in ev.uncertain:
        ev.uncertain.append(note)
    return ev


def _groups(article: Article) -> str:
    return "Groups " + ", ".join(article.groups) if len(article.groups) > 1 else f"Group {article.groups[0]}"


def _host(article: Article, group: str, facts: Facts) -> str | None:
    if group in article.groups:
        return group
    for rider in article.riders:
        if rider.group == group:
            for other in facts.groups:
                if other != group and other in article.groups:
                    return other
    return None


def _occupancy(ev: Evaluation, f: Facts) -> None:
    art = ev.article
    if ev.host != ev.group:
        rider = next(r for r in art.riders if r.group == ev.group)
        use = f" ({rider.use})" if rider.use else ""
        ev.add(
            "group",
            "if",
            "info",
            f"{ev.group}{use} may be built to {art.id} only below storey "
            f"{rider.below_storey}, with the {ev.host} occupancy built to it ({rider.ref}).",
            rider.ref,
        )
    if ev.host == "C" and art.retirement_home is not None:
        if f.retirement_home is None:
            ev.unknown("group", "retirement_home")
        elif f.retirement_home != art.retirement_home:
            kind = "only for retirement homes" if art.retirement_home else "not for retirement homes"
            ev.add(
                "group",
                "no",
                "error",
                f"{art.id} is {kind}, and the Group C occupancy "
                f"{'is' if f.retirement_home else 'is not'} a retirement home.",
            )


def _emtc_rows(ev: Evaluation) -> list[EmtcRow] | None:
    table = ev.article.emtc_table
    if table is None:
        return None
    entry = table.get(ev.host)
    return sorted(entry.rows, key=lambda r: r.max_storeys) if entry else []


def _storeys(ev: Evaluation, f: Facts) -> None:
    art = ev.article
    rows = _emtc_rows(ev)
    max_storeys = rows[-1].max_storeys if rows else art.max_storeys
    if max_storeys is not None:
        if f.storeys is None:
            ev.unknown("storeys", "storeys")
            return
        if f.storeys > max_storeys:
            extra = art.extra_storey
            if extra and f.storeys <= extra.storeys:
                ev.add(
                    "storeys",
                    "if",
                    "warning",
                    f"{art.id} allows {extra.storeys} storeys only where {extra.condition} ({extra.ref}).",
                    extra.ref,
                )
            else:
                ev.add(
                    "storeys",
                    "no",
                    "error",
                    f"{art.id} allows at most {plural(max_storeys, 'storey')}; the building has {f.storeys}.",
                    unsure=art.uncertain_for(ev.host),
                )
                return
    if f.storeys is not None:
        ev.parts.append(plural(f.storeys, "storey"))


def _height(ev: Evaluation, f: Facts) -> None:
    art = ev.article
    rows = _emtc_rows(ev)
    if rows:
        if f.storeys is not None and f.storeys <= rows[-1].max_storeys:
            _table_row(ev, f, rows)
        return
    limit = art.height
    if limit is None:
        return
    measure = _MEASURES[limit.measure]
    if f.height_m is None:
        ev.add(
            "height",
            "if",
            "info",
            f"Confirm the height {measure} is at most {limit.max_m:g} m "
            f"({limit.ref}); 3.07 gives no height yet.",
            limit.ref,
        )
    elif f.height_m <= limit.max_m:
        ev.parts.append(f"height {f.height_m:g} m ≤ {limit.max_m:g} m")
    else:
        ev.add(
            "height",
            "if",
            "warning",
            f"3.07 gives {f.height_m:g} m, over the {limit.max_m:g} m that "
            f"{art.id} allows {measure}; it fits only if that measure is at most {limit.max_m:g} m.",
            limit.ref,
        )


def _table_row(ev: Evaluation, f: Facts, rows: list[EmtcRow]) -> None:
    storeys = f.storeys or 0
    unsure = ev.article.uncertain_for(ev.host)
    fitting = [r for r in rows if r.max_storeys >= storeys]
    chosen = next((r for r in fitting if f.height_m is None or f.height_m <= r.max_m), None)
    if chosen is None:
        top = fitting[-1]
        ev.add(
            "height",
            "if",
            "warning",
            f"3.07 gives {f.height_m:g} m, over the {top.max_m:g} m of Table "
            f"3.2.2.93 for Group {ev.host}; it fits only if the height from the first-storey floor to the "
            f"highest floor level is at most {top.max_m:g} m.",
            unsure=unsure,
        )
        chosen = top
    elif f.height_m is None:
        ev.add(
            "height",
            "if",
            "info",
            f"Confirm the height from the first-storey floor to the highest floor "
            f"level is at most {chosen.max_m:g} m (Table 3.2.2.93).",
            unsure=unsure,
        )
    ev.parts.append(
        f"Table 3.2.2.93 row {chosen.max_storeys} storeys / {chosen.max_m:g} m, encapsulation "
        f"{chosen.encapsulation_min} min"
    )
