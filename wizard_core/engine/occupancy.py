"""Occupant load (matrix item 3.18): Article 3.1.17.1 and Table 3.1.17.1 as small pure lookups.

The table's uses, and the use a phrase names, are in ``occupancy_uses.py``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from .calc_error import CalcError
from .occupancy_data import UseRow, load_occupancy
from .occupancy_uses import Use, find_use, row_of
from .phrases import words

__all__ = ["CalcError", "LoadResult", "occupant_load"]

_DESIGN_ONLY = {("design",), ("design", "number"), ("design", "load"), ("design", "occupant", "load")}


@dataclass(frozen=True)
class LoadResult:
    use: str
    area_m2: float | None
    persons: int
    based_on: str  # "table: 1.85 m²/person" | "fixed seats" | "2 per sleeping room" | "design number"
    table_persons: int | None
    posted_limit: bool
    articles: tuple[str, ...]
    unrounded: float | None
    to_verify: tuple[str, ...]
    notes: tuple[str, ...]
    m2_per_person: float | None = None
    count: int | None = None  # the seats or sleeping rooms counted

    def working(self) -> str:
        """The sum behind the figure: '370 m² ÷ 1.85 m²/person = 200 persons (Table 3.1.17.1, classrooms)'."""
        table = self._table_sum()
        if self.based_on == "fixed seats":
            return f"{self.count} fixed seats = {self.persons} persons (3.1.17.1.(1)(a), {self.use})"
        if self.based_on == "2 per sleeping room":
            return f"2 × {self.count} sleeping rooms = {self.persons} persons (3.1.17.1.(1)(b), {self.use})"
        if self.based_on == "design number":
            text = f"design number: {self.persons} persons (3.1.17.1.(1)(c), {self.use})"
            if table:
                sign = (
                    "differs, so a sign must be posted" if self.posted_limit else "same as the design number"
                )
                text += f"; the table gives {table} — {sign} (3.1.17.1.(2))"
            return text
        return f"{table} persons (Table 3.1.17.1, {self.use})"

    def _table_sum(self) -> str:
        if self.area_m2 is None or self.m2_per_person is None or self.table_persons is None:
            return ""
        raw = self.area_m2 / self.m2_per_person
        figure = num(round(raw, 2))
        if not float(round(raw, 6)).is_integer():
            figure += f" → {self.table_persons}"
        return f"{num(self.area_m2)} m² ÷ {self.m2_per_person:.2f} m²/person = {figure}"


def num(value: float) -> str:
    """A number written plainly: 370, 55.5, 66.43."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0").rstrip(".")


def check_area(field: str, value: float | None) -> float | None:
    """A positive, finite area in m², or None; CalcError otherwise."""
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or value <= 0
    ):
        raise CalcError(field, f"must be a positive number of m² (got {value!r})")
    return float(value)


def check_count(field: str, value: int | None, least: int = 0) -> int | None:
    """A whole number of at least ``least``, or None; CalcError otherwise."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise CalcError(field, f"must be a whole number of at least {least} (got {value!r})")
    return value


def _known() -> str:
    keys = ("offices", "classrooms", "mercantile_first", "dining", "non_fixed_seats", "warehouse", "storage")
    return ", ".join(row_of(k).label for k in keys) + " …"


def _resolve(use: str | Use) -> UseRow | None:
    if isinstance(use, Use):
        return row_of(use.key)
    if words(use) in _DESIGN_ONLY:
        return None
    found = find_use(use)
    if found is None:
        raise CalcError("use", f"'{use}' is not a use of Table 3.1.17.1; known uses: {_known()}")
    return row_of(found.key)


@lru_cache(maxsize=4096)  # pure: a turn reads, works out and checks the same rows
def occupant_load(
    use: str | Use,
    area_m2: float | None = None,
    *,
    seats: int | None = None,
    sleeping_rooms: int | None = None,
    design: int | None = None,
) -> LoadResult:
    """Persons for one floor or area by 3.1.17.1; ``use`` may be "design" for a design number alone."""
    area = check_area("area_m2", area_m2)
    seats = check_count("seats", seats)
    sleeping_rooms = check_count("sleeping_rooms", sleeping_rooms)
    design = check_count("design", design, 1)
    row = _resolve(use)
    if row is not None and row.dining and seats is not None and design is None:
        design, seats = seats, None  # a dining space's seats are its design number (3.1.17.1.(6))
    if row is None:
        if design is None:
            raise CalcError("design", "a load with no use named needs the design number of persons")
        return _by_design(None, area, design)
    if seats is not None:
        return _by_seats(row, area, seats, design)
    if sleeping_rooms is not None:
        return _by_rooms(row, area, sleeping_rooms, design)
    if row.basis == "fixed seats":
        raise CalcError(
            "seats", f"'{row.label}' takes its load from the number of fixed seats; give the seats"
        )
    if row.basis == "2 per sleeping room":
        raise CalcError("sleeping_rooms", f"'{row.label}' takes 2 persons per sleeping room; give the rooms")
    if design is not None:
        return _by_design(row, area, design)
    if area is None:
        raise CalcError("area_m2", f"'{row.label}' needs the floor area in m² (or a design number)")
    persons, unrounded = _table(row, area)
    return LoadResult(
        use=row.label,
        area_m2=area,
        persons=persons,
        based_on=f"table: {row.m2_per_person:.2f} m²/person",
        table_persons=persons,
        posted_limit=False,
        articles=("3.1.17.1.(1)(c)", "Table 3.1.17.1"),
        unrounded=unrounded,
        to_verify=_marks(row),
        notes=_rounding(unrounded) + _dining_notes(row),
        m2_per_person=row.m2_per_person,
    )


def _table(row: UseRow, area: float) -> tuple[int, float]:
    assert row.m2_per_person is not None
    unrounded = area / row.m2_per_person
    return math.ceil(round(unrounded, 6)), unrounded


def _marks(row: UseRow | None, *rules: str) -> tuple[str, ...]:
    data = load_occupancy()
    marks = [f"{r.id} ({r.edition} text)" for key in rules if (r := data.rule(key)).to_verify]
    if row is not None and row.to_verify:
        figure = f": {row.m2_per_person:.2f} m²/person" if row.m2_per_person else ""
        marks.insert(0, f"Table 3.1.17.1, {row.label}{figure} ({row.edition} figure)")
        if row.uncertain:
            marks.insert(1, f"Table 3.1.17.1, {row.label}: {row.uncertain}")
    return tuple(marks)


def _rounding(unrounded: float | None) -> tuple[str, ...]:
    if unrounded is None or float(round(unrounded, 6)).is_integer():
        return ()
    return (f"{num(round(unrounded, 2))} rounded up to whole persons (the code states no rounding rule)",)


def _dining_notes(row: UseRow) -> tuple[str, ...]:
    if not row.dining:
        return ()
    return (
        "a dining, beverage or cafeteria space may use its design number instead (3.1.17.1.(6)), "
        f"at most the area ÷ {_cap()} m²/person (3.1.17.1.(7))",
    )


def _cap() -> float:
    value = load_occupancy().rule("dining_cap").value
    assert value is not None
    return value


def _by_seats(row: UseRow, area: float | None, seats: int, design: int | None) -> LoadResult:
    if row.group != "A":
        raise CalcError(
            "seats", f"only assembly spaces count fixed seats; '{row.label}' needs an area or a design number"
        )
    if design is not None:
        raise CalcError("design", "a space with fixed seats takes its load from the seats (3.1.17.1.(1)(a))")
    table = _table(row, area)[0] if area is not None and row.m2_per_person else None
    return LoadResult(
        use=row.label, area_m2=area, persons=seats, based_on="fixed seats", table_persons=None,
        posted_limit=False, articles=("3.1.17.1.(1)(a)",), unrounded=None,
        to_verify=_marks(None, "fixed_seats"), count=seats,
        notes=() if table is None else (f"for comparison, the table gives {table} persons for the area",),
    )  # fmt: skip


def _by_rooms(row: UseRow, area: float | None, rooms: int, design: int | None) -> LoadResult:
    if row.basis != "2 per sleeping room":
        raise CalcError(
            "sleeping_rooms", f"only dwelling units and suites count sleeping rooms, not '{row.label}'"
        )
    if design is not None:
        raise CalcError("design", "a dwelling unit takes its load from its sleeping rooms (3.1.17.1.(1)(b))")
    per = load_occupancy().rule("sleeping_rooms").value or 2
    return LoadResult(
        use=row.label, area_m2=area, persons=int(per) * rooms, based_on="2 per sleeping room",
        table_persons=None, posted_limit=False, articles=("3.1.17.1.(1)(b)",), unrounded=None,
        to_verify=_marks(None, "sleeping_rooms"), notes=(), count=rooms,
    )  # fmt: skip


def _by_design(row: UseRow | None, area: float | None, design: int) -> LoadResult:
    if row is not None and row.basis != "table":
        raise CalcError("design", f"'{row.label}' does not take a design number (3.1.17.1.(1)(a), (b))")
    articles = ["3.1.17.1.(1)(c)", "3.1.17.1.(2)"]
    notes: list[str] = []
    rules = ["design_or_table", "posted"]
    table = unrounded = None
    if row is not None and area is not None:
        table, unrounded = _table(row, area)
    if row is not None and row.dining:
        articles += ["3.1.17.1.(5)", "3.1.17.1.(6)", "3.1.17.1.(7)"]
        rules.append("dining_cap")
        if area is None:
            notes.append(
                f"give the area to check the design number against the {_cap()} m²/person cap (3.1.17.1.(7))"
            )
        else:
            cap = round(area / _cap(), 6)
            if design > cap:
                raise CalcError(
                    "design",
                    f"{design} persons is over the cap of 3.1.17.1.(7): {num(area)} m² ÷ {_cap()} m²/person "
                    f"= {math.floor(cap)} persons at most",
                )
            notes.append(
                f"within the cap {num(area)} m² ÷ {_cap()} = {math.floor(cap)} persons at most (3.1.17.1.(7))"
            )
    if table is None:
        notes.append("name the use and give the area to tell whether a sign must be posted (3.1.17.1.(2))")
    elif table != design:
        notes.append(
            f"the table gives {table}: post a permanent sign stating {design} persons (3.1.17.1.(2))"
        )
    return LoadResult(
        use=row.label if row is not None else "design number",
        area_m2=area,
        persons=design,
        based_on="design number",
        table_persons=table,
        posted_limit=table is not None and table != design,
        articles=tuple(articles),
        unrounded=unrounded,
        to_verify=_marks(row, *rules),
        notes=tuple(notes),
        m2_per_person=row.m2_per_person if row is not None else None,
    )
