"""Plumbing fixtures (matrix item 3.23): Subsection 3.7.4 as small pure lookups.

The working each count records is ``fixture_work.py``; the barrier-free washrooms of Tables
3.8.2.3.A/B are ``barrier_free.py``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from .calc_error import CalcError
from .fixture_data import Route, in_groups
from .fixture_work import Work, per_n, read_count, split
from .occupancy import check_area, check_count, num
from .occupancy_data import load_occupancy

_GROUP = re.compile(r"(?:group)?([a-g])(?:,?(?:division|div\.?)?(\d))?", re.I)
_KNOWN = {"A", "A1", "A2", "A3", "A4", "B1", "B2", "B3", "C", "D", "E", "F", "F1", "F2", "F3"}


@dataclass(frozen=True)
class FixtureResult:
    group: str
    use: str | None
    persons: int  # the occupant load given (from 3.18)
    fixture_persons: int  # the load the table was entered with (Group D: area ÷ 14; B-2/B-3: employees)
    male: int
    female: int
    sentence: str  # e.g. "3.7.4.7.(1), Table 3.7.4.7"
    wc_male: int
    wc_female: int
    wc_required: int  # male + female, or 1 where one water closet for both sexes is allowed
    unisex: bool
    lavatories: int | None  # only where the table sets them directly (Table 3.7.4.9)
    notes: tuple[str, ...]
    to_verify: tuple[str, ...]
    employee_wc_male: int | None = None  # separate staff washrooms (Tables 3.7.4.3.F, 3.7.4.8)
    employee_wc_female: int | None = None
    employee_lavatories: int | None = None  # Table 3.7.4.3.F sets them directly
    steps: tuple[str, ...] = ()

    def working(self) -> str:
        """The sums behind the figures, one step after another."""
        return "; ".join(self.steps)


def _group(group: str) -> str:
    text = re.sub(r"[\s\-–]", "", str(group))
    match = _GROUP.fullmatch(text)
    name = (match[1] + (match[2] or "")).upper() if match else ""
    if name.startswith("G"):
        raise CalcError("group", f"Group {name} (agricultural) is not covered by the 3.7.4 tables here")
    if name == "B":
        raise CalcError("group", "Group B needs its division: B-1 has no table, B-2 and B-3 count employees")
    if name not in _KNOWN:
        raise CalcError("group", f"'{group}' is not a major occupancy; use A1–A4, B1–B3, C, D, E or F1–F3")
    return name


@lru_cache(maxsize=4096)  # pure: a turn reads, works out and checks the same rows
def fixtures(
    group: str,
    persons: int,
    *,
    use: str | None = None,
    area_m2: float | None = None,
    male_pct: float = 50.0,
    employees: int | None = None,
) -> FixtureResult:
    """Water closets required for one occupancy by Subsection 3.7.4.

    ``area_m2`` is the Group D floor area (fixtures at 14 m²/person) or, for Groups E and F, the
    occupancy's area without basements (the small-occupancy rules). ``employees`` is the most on
    site at one time.
    """
    data = load_occupancy()
    work = Work()
    name = _group(group)
    count = check_count("persons", persons) or 0
    area = check_area("area_m2", area_m2)
    staff = check_count("employees", employees)
    if isinstance(male_pct, bool) or not isinstance(male_pct, int | float) or not 0 <= male_pct <= 100:
        raise CalcError("male_pct", f"must be a percentage from 0 to 100 (got {male_pct!r})")
    key, ignored = data.plumbing.route_for(name, use)
    if ignored:
        work.notes.append(f"'{use}' does not change the fixture rule for Group {name}")
    route = data.plumbing.routes[key]
    if route.kind == "by_age":
        ages = "; ".join(f"{r.ages}: 1 per {r.per_male}" for r in data.plumbing.child_care.rows[:2])
        raise CalcError("use", f"child care needs the children's ages (Table 3.7.4.3.I: {ages}, …)")
    work.check(route, f"{route.sentence} ({route.edition} text)")
    work.sentences.append(route.sentence if route.table is None else f"{route.sentence}, Table {route.table}")
    fixture_persons = _fixture_persons(name, count, area, route, staff, work)
    male, female = split(fixture_persons, male_pct)
    counted = route.kind in ("table", "per_n") and not (route.counts == "employees" and staff is None)
    wc_m = wc_f = 0
    lavatories: int | None = None
    if counted:
        work.rule("split")
        work.steps.append(f"{num(male_pct)}:{num(100 - male_pct)} → {male} M / {female} F (3.7.4.2.(2))")
    if counted and route.table is not None:
        wc_m, wc_f, lavatories = _by_table(route, count, (male, female), staff, male_pct, work)
    elif counted and route.per_male is not None and route.per_female is not None:
        wc_m = per_n(male, route.per_male, "M", route.sentence, work)
        wc_f = per_n(female, route.per_female, "F", route.sentence, work)
        if route.small_area_m2 is not None and route.small_max_per_sex is not None:
            wc_m, wc_f = _small_mercantile(route, area, wc_m, wc_f, work)
    elif route.kind == "per_unit":
        work.rule("dwelling", "", lead="per dwelling unit, no count per floor: ")
    if not counted:
        work.steps.append(f"{route.summary} ({route.sentence})")
    if key == "care":
        work.rule("patients", "")
        if staff is None:
            work.notes.append("employees: give their number to size their water closets (Table 3.7.4.4)")
    employee = _employees(route, count, staff, male_pct, work) if route.employees_table else None
    unisex = counted and _unisex(name, key, fixture_persons, area, work)
    if counted:
        _advice(key, wc_m, wc_f, unisex, lavatories is not None, work)
    return FixtureResult(
        group=name, use=use, persons=count, fixture_persons=fixture_persons, male=male, female=female,
        sentence="; ".join(work.sentences), wc_male=wc_m, wc_female=wc_f,
        wc_required=1 if unisex else wc_m + wc_f, unisex=unisex,
        lavatories=1 if unisex and lavatories else lavatories, notes=tuple(work.notes),
        to_verify=tuple(work.marks), employee_wc_male=employee[0] if employee else None,
        employee_wc_female=employee[1] if employee else None,
        employee_lavatories=employee[2] if employee else None, steps=tuple(work.steps),
    )  # fmt: skip


def _fixture_persons(
    name: str, count: int, area: float | None, route: Route, staff: int | None, work: Work
) -> int:
    if route.counts == "employees":
        if staff is not None:
            work.steps.append(f"{staff} employees ({route.sentence})")
        return count if staff is None else staff
    if name != "D":
        return count
    per = work.rule("group_d_area")
    assert per is not None
    if area is None:
        work.notes.append(
            f"give the area for the {num(per)} m²/person of 3.7.4.2.(1); the load {count} was used"
        )
        return count
    persons = math.ceil(round(area / per, 6))
    raw = num(round(area / per, 2))
    work.steps.append(f"{num(area)} m² ÷ {num(per)} m²/person = {raw} → {persons} persons (3.7.4.2.(1))")
    return persons


def _by_table(
    route: Route, seats: int, loads: tuple[int, int], staff: int | None, male_pct: float, work: Work
) -> tuple[int, int, int | None]:
    data = load_occupancy()
    assert route.table is not None
    table = data.table_by_id[route.table]
    shared = route.employees_table == "3.7.4.3.F" and staff is not None
    if shared and staff is not None and seats <= (work.rule("staff_shared") or 0):
        em, ef = split(staff, male_pct)
        work.steps.append(f"staff share: {loads[0]} + {em} M, {loads[1]} + {ef} F (3.7.4.3.(7))")
        loads = (loads[0] + em, loads[1] + ef)
        table = data.table_by_id["3.7.4.3.D"]
        work.sentences[-1] = f"3.7.4.3.(7), Table {table.id}"
    wc_m = read_count(table, loads[0], "male", "M", work)
    wc_f = read_count(table, loads[1], "female", "F", work)
    if not table.lavatories:
        return wc_m, wc_f, None
    work.steps.append(f"lavatories as water closets: {wc_m + wc_f} (Table {table.id})")
    return wc_m, wc_f, wc_m + wc_f


def _small_mercantile(route: Route, area: float | None, wc_m: int, wc_f: int, work: Work) -> tuple[int, int]:
    small, most = route.small_area_m2, route.small_max_per_sex
    assert small is not None and most is not None
    if area is None:
        work.notes.append(
            f"at most {most} per sex if the area without basements is ≤ {num(small)} m² ({route.sentence})"
        )
        return wc_m, wc_f
    if area <= small:
        work.steps.append(f"{num(area)} m² ≤ {num(small)} m²: at most {most} per sex ({route.sentence})")
        return min(wc_m, most), min(wc_f, most)
    return wc_m, wc_f


def _employees(
    route: Route, seats: int, staff: int | None, male_pct: float, work: Work
) -> tuple[int, int, int | None] | None:
    data = load_occupancy()
    assert route.employees_table is not None and route.employees_sentence is not None
    table = data.table_by_id[route.employees_table]
    restaurant = table.id == "3.7.4.3.F"
    if restaurant and seats <= (data.rule("staff_separate").value or 0):
        if staff is None:
            work.rule("staff_shared", " — give the number of employees")
        return None
    if staff is None:
        work.rule("staff_separate" if restaurant else "mercantile_staff", " — give the number of employees")
        return None
    em, ef = split(staff, male_pct)
    work.steps.append(f"employees {staff} → {em} M / {ef} F")
    wc_m = read_count(table, em, "male", "M employees", work)
    wc_f = read_count(table, ef, "female", "F employees", work)
    work.sentences.append(f"{route.employees_sentence}, Table {table.id}")
    if restaurant:
        work.rule("staff_separate")
        if staff <= (data.rule("staff_one_room").value or 0):
            work.rule("staff_one_room", "")
        return wc_m, wc_f, wc_m + wc_f
    work.rule("mercantile_public_share", "")
    return wc_m, wc_f, None


def _unisex(group: str, key: str, persons: int, area: float | None, work: Work) -> bool:
    for rule in load_occupancy().plumbing.unisex:
        if not in_groups(group, rule.groups) or key in rule.except_routes:
            continue
        by_area = rule.max_area_m2 is not None and area is not None and area <= rule.max_area_m2
        if persons <= rule.max_persons or by_area:
            why = f"{persons} persons ≤ {rule.max_persons}"
            if persons > rule.max_persons:
                why = f"{num(area or 0)} m² ≤ {num(rule.max_area_m2 or 0)} m²"
            work.notes.append(f"one water closet for both sexes is enough: {why} ({rule.id})")
            work.sentences.append(rule.id)
            work.check(rule, f"{rule.id} ({rule.edition} text)")
            return True
    return False


def _advice(key: str, wc_m: int, wc_f: int, unisex: bool, direct_lavs: bool, work: Work) -> None:
    data = load_occupancy()
    hospital = key == "care"
    share = "urinals_two" if wc_m == 2 else "urinals_hospital" if hospital else "urinals_general"
    ratio = data.rule(share).ratio or (1, 2)  # 3.7.4.2.(4): 1 of exactly 2, whatever the occupancy
    urinals = wc_m * ratio[0] // ratio[1]
    if urinals and not unisex:
        where = " in hospitals and long-term care homes" if hospital and wc_m != 2 else ""
        work.rule(share)
        rule_id = data.rule(share).id
        work.notes.append(
            f"urinals may replace up to {urinals} of the {wc_m} male water closets{where} ({rule_id})"
        )
    if not direct_lavs:
        work.rule("lavatories", "")
    if unisex:
        return
    if wc_m > 1 and wc_f > 1:
        work.rule("uw_counts", "")
    elif wc_m == 1 and wc_f == 1:
        work.rule("uw_swap", "")
