"""The plumbing-fixture part of content/code/occupancy-2024.json as models: the count tables of
3.7.4, the route (sentence) that sets each occupancy's or use's count, the universal washroom
rules and the child-care table. ``occupancy_data.py`` loads it with the occupant-load part."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from pydantic import Field, model_validator

from .marked import ContentModel, Marked, Rule
from .phrases import contains, words


class Step(ContentModel):
    base: int
    per: int


class Row(ContentModel):
    min: int
    max: int
    values: dict[str, int]

    @property
    def label(self) -> str:
        return f"{self.min}–{self.max}"


class Over(ContentModel):
    over: int
    values: dict[str, Step]


@dataclass(frozen=True)
class Lookup:
    """A figure read from a count table and where it came from."""

    value: int
    row: str  # "25–49", "over 100", or "none" for a count of 0
    partial: bool = False  # a part increment beyond the last row was counted as a whole one
    floor_value: int | None = None  # the figure if part increments are not counted


class CountTable(Marked):
    """Counts by rows of a whole-number entry, ending 'N, plus 1 per increment of K over X'."""

    id: str
    title: str
    ref: str
    entered_with: str
    columns: list[str]
    lavatories: bool = False
    rows: list[Row]
    over: Over

    @model_validator(mode="after")
    def _ordered(self) -> CountTable:
        expected = self.rows[0].min if self.rows else 1
        previous = dict.fromkeys(self.columns, 0)
        for row in self.rows:
            if row.min != expected or row.max < row.min:
                raise ValueError(f"Table {self.id}: row {row.label} does not follow on from the one before")
            if set(row.values) != set(self.columns):
                raise ValueError(f"Table {self.id}: row {row.label} does not give every column")
            for column in self.columns:
                if row.values[column] < previous[column]:
                    raise ValueError(f"Table {self.id}: column {column} falls at row {row.label}")
                previous[column] = row.values[column]
            expected = row.max + 1
        if self.over.over != expected - 1 or set(self.over.values) != set(self.columns):
            raise ValueError(f"Table {self.id}: the 'over' row must start where the rows end")
        for column, step in self.over.values.items():
            if step.base < previous[column] or step.per < 1:
                raise ValueError(f"Table {self.id}: the 'over' row falls below the last row in {column}")
        return self

    def lookup(self, n: int, column: str | None = None) -> Lookup:
        """The figure for an entry of ``n`` (0 gives 0); a part increment past the last row counts whole."""
        column = column or self.columns[0]
        if n <= 0:
            return Lookup(value=0, row="none")
        for row in self.rows:
            if row.min <= n <= row.max:
                return Lookup(value=row.values[column], row=row.label)
        step = self.over.values[column]
        extra = n - self.over.over
        return Lookup(
            value=step.base + math.ceil(extra / step.per),
            row=f"over {self.over.over}",
            partial=extra % step.per != 0,
            floor_value=step.base + extra // step.per,
        )


class Route(Marked):
    """The sentence that sets the fixture count for an occupancy or use, and how it counts."""

    sentence: str
    summary: str
    kind: Literal["table", "per_n", "by_age", "special_needs", "per_unit"]
    table: str | None = None
    per_male: int | None = None
    per_female: int | None = None
    counts: Literal["occupants", "employees"] = "occupants"
    employees_table: str | None = None
    employees_sentence: str | None = None
    small_area_m2: float | None = None
    small_max_per_sex: int | None = None

    @model_validator(mode="after")
    def _complete(self) -> Route:
        if (self.kind == "table") != (self.table is not None):
            raise ValueError(f"route {self.sentence}: a table route names its table, others none")
        if (self.kind == "per_n") != (self.per_male is not None and self.per_female is not None):
            raise ValueError(f"route {self.sentence}: a per-N route gives both per_male and per_female")
        return self


class FixtureUse(ContentModel):
    route: str
    groups: list[str]
    words: list[str]


class Unisex(Marked):
    id: str
    groups: list[str]
    max_persons: int
    max_area_m2: float | None = None
    except_routes: list[str] = Field(default_factory=list)
    text: str


class ChildCareRow(ContentModel):
    ages: str
    per_male: int
    per_female: int
    sexes_separated: bool


class ChildCareTable(Marked):
    id: str
    title: str
    ref: str
    rows: list[ChildCareRow]


class PlumbingPart(ContentModel):
    rules: list[Rule]
    routes: dict[str, Route]
    group_routes: dict[str, str]
    fixture_uses: list[FixtureUse]
    unisex: list[Unisex]
    child_care: ChildCareTable

    def route_for(self, group: str, use: str | None) -> tuple[str, bool]:
        """The route for ``group`` and ``use``; True when the use names a route the group lacks."""
        default = self.group_routes[{"A": "A2", "F": "F1"}.get(group, group)]
        said = words(use or "")
        for entry in self.fixture_uses:
            if any(contains(said, words(w)) for w in entry.words):
                return (entry.route, False) if in_groups(group, entry.groups) else (default, True)
        return default, False


def in_groups(group: str, groups: list[str]) -> bool:
    """Whether ``group`` (or, for a bare family such as "A", any of its divisions) is among ``groups``."""
    return group in groups or (len(group) == 1 and any(g.startswith(group) for g in groups))
