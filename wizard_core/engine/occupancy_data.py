"""Occupant-load and plumbing-fixture tables as data: models of content/code/occupancy-2024.json.

Each table, rule and route carries its ``edition`` and ``to_verify`` (``marked.py``): most figures
were read from the 2012 text and are unconfirmed for 2024, and every result built on them names
them. The plumbing part's models are in ``fixture_data.py``.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, model_validator

from .code import CONTENT_DIR
from .content_file import read_model
from .fixture_data import CountTable, PlumbingPart
from .marked import ContentModel, Marked, Rule

DEFAULT_PATH = CONTENT_DIR / "code" / "occupancy-2024.json"


class UseRow(Marked):
    """One row of Table 3.1.17.1."""

    key: str
    label: str
    group: Literal["A", "B", "C", "D", "E", "F", "any"]
    m2_per_person: float | None
    basis: Literal["table", "fixed seats", "2 per sleeping room"]
    synonyms: list[str]
    dining: bool = False
    # a use of a particular place (a stage, a hangar, a storage garage): taken only where the words
    # name it, never from a consultant's m² per person alone
    named_only: bool = False
    note: str | None = None
    uncertain: str | None = None
    # the figure the 2024 text may give instead of the 2012 one ('uncertain'): a consultant's rate equal
    # to it is offered as theirs, never asked about as a mistake
    other_m2_per_person: float | None = None

    @model_validator(mode="after")
    def _basis_fits(self) -> UseRow:
        if (self.basis == "table") != (self.m2_per_person is not None and self.m2_per_person > 0):
            raise ValueError(f"use {self.key}: a table basis needs a positive area per person, others none")
        return self


class OccupantLoadPart(ContentModel):
    table: str
    rules: list[Rule]
    uses: list[UseRow]


class BarrierFreePart(ContentModel):
    rules: list[Rule]


class OccupancyData(ContentModel):
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


@lru_cache(maxsize=8)
def _load(path: Path) -> OccupancyData:
    return read_model(path, OccupancyData, "occupancy")


def load_occupancy(path: str | Path | None = None) -> OccupancyData:
    """The occupant-load and plumbing data (cached per path); ContentError if missing or invalid."""
    return _load(Path(path).resolve() if path is not None else DEFAULT_PATH)
