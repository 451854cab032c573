"""Occupant-load and plumbing-fixture tables as data: models of content/code/occupancy-2024.json.

Each table, rule and route carries its ``edition`` and ``to_verify``: most figures were read from the
2012 text and are unconfirmed for 2024, and every result built on them names them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .code import CONTENT_DIR
from .content_file import read_model

DEFAULT_PATH = CONTENT_DIR / "code" / "occupancy-2024.json"

Edition = Literal["2012", "2024"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Marked(_Model):
    edition: Edition
    to_verify: bool

    @model_validator(mode="after")
    def _marks_agree(self) -> Marked:
        if self.to_verify == (self.edition == "2024"):
            raise ValueError("to_verify must be true exactly when the edition is not 2024")
        return self


class UseRow(Marked):
    """One row of Table 3.1.17.1."""

    key: str
    label: str
    group: Literal["A", "B", "C", "D", "E", "F", "any"]
    m2_per_person: float | None
    basis: Literal["table", "fixed seats", "2 per sleeping room"]
    synonyms: list[str]
    dining: bool = False
    note: str | None = None
    uncertain: str | None = None

    @model_validator(mode="after")
    def _basis_fits(self) -> UseRow:
        if (self.basis == "table") != (self.m2_per_person is not None and self.m2_per_person > 0):
            raise ValueError(f"use {self.key}: a table basis needs a positive area per person, others none")
        return self


class Rule(Marked):
    id: str
    key: str
    text: str
    value: float | None = None
    ratio: tuple[int, int] | None = None


class Step(_Model):
    base: int
    per: int


class Row(_Model):
    min: int
    max: int
    values: dict[str, int]

    @property
    def label(self) -> str:
        return f"{self.min}–{self.max}"


class Over(_Model):
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


class FixtureUse(_Model):
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


class ChildCareRow(_Model):
    ages: str
    per_male: int
    per_female: int
    sexes_separated: bool


class ChildCareTable(Marked):
    id: str
    title: str
    ref: str
    rows: list[ChildCareRow]


class OccupantLoadPart(_Model):
    table: str
    rules: list[Rule]
    uses: list[UseRow]


class PlumbingPart(_Model):
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


class BarrierFreePart(_Model):
    rules: list[Rule]


class OccupancyData(_Model):
    model_config = ConfigDict(extra="forbid", frozen=True, ignored_types=(cached_property,))

    edition: Literal["2024"]
    regulation: str
    scope: str
    source_note: str
    occupant_load: OccupantLoadPart
    plumbing: PlumbingPart
    barrier_free: BarrierFreePart
    tables: list[CountTable]

    @model_validator(mode="after")
    def _consistent(self) -> OccupancyData:
        keys = [u.key for u in self.occupant_load.uses]
        if len(keys) != len(set(keys)):
            raise ValueError("a use of Table 3.1.17.1 appears more than once")
        tables = {t.id for t in self.tables}
        routes = self.plumbing.routes
        for name, route in routes.items():
            for table in (route.table, route.employees_table):
                if table is not None and table not in tables:
                    raise ValueError(f"route {name} names unknown Table {table}")
        named = [*self.plumbing.group_routes.values(), *(u.route for u in self.plumbing.fixture_uses)]
        named += [r for u in self.plumbing.unisex for r in u.except_routes]
        for name in named:
            if name not in routes:
                raise ValueError(f"unknown fixture route {name}")
        return self

    @cached_property
    def table_by_id(self) -> dict[str, CountTable]:
        return {t.id: t for t in self.tables}

    @cached_property
    def rule_by_key(self) -> dict[str, Rule]:
        parts = (self.occupant_load.rules, self.plumbing.rules, self.barrier_free.rules)
        return {r.key: r for part in parts for r in part}

    def rule(self, key: str) -> Rule:
        return self.rule_by_key[key]


@lru_cache(maxsize=4096)
def words(text: str) -> tuple[str, ...]:
    """Lower-case words with simple plurals folded ('Classrooms' → 'classroom', 'facilities' → 'facility')."""
    out = []
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        if word.endswith("ies") and len(word) > 4:
            word = word[:-3] + "y"
        elif word.endswith(("ches", "shes", "sses", "xes")):
            word = word[:-2]
        elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
            word = word[:-1]
        out.append(word)
    return tuple(out)


def contains(text: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    """Whether ``phrase`` occurs in ``text`` as whole consecutive words."""
    return position(text, phrase) >= 0


def position(text: tuple[str, ...], phrase: tuple[str, ...]) -> int:
    """Where ``phrase`` first occurs in ``text`` as whole consecutive words (-1: nowhere)."""
    n = len(phrase)
    return next((i for i in range(len(text) - n + 1) if n and text[i : i + n] == phrase), -1)


@lru_cache(maxsize=8)
def _load(path: Path) -> OccupancyData:
    return read_model(path, OccupancyData, "occupancy")


def load_occupancy(path: str | Path | None = None) -> OccupancyData:
    """The occupant-load and plumbing data (cached per path); ContentError if missing or invalid."""
    return _load(Path(path).resolve() if path is not None else DEFAULT_PATH)
