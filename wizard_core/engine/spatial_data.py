"""Tables 3.2.3.1.-A to -E and 3.2.3.7 (content/code/spatial-2024.json): models and a cached loader."""

from __future__ import annotations

from functools import cached_property, lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .calc_error import plain
from .content_file import read_model

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "content" / "code" / "spatial-2024.json"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, ignored_types=(cached_property,))


class RatioBand(_Model):
    label: str
    lower: float
    lower_inclusive: bool
    upper: float | None
    upper_inclusive: bool

    def contains(self, ratio: float) -> bool:
        above = ratio >= self.lower if self.lower_inclusive else ratio > self.lower
        if self.upper is None:
            return above
        return above and (ratio <= self.upper if self.upper_inclusive else ratio < self.upper)


class Row(_Model):
    max_area_m2: float = Field(gt=0)
    or_more: bool = False
    ratio: str | None = None
    pct: list[float] = Field(min_length=1)  # stops at the row's first 100; the columns after it are 100

    @property
    def heading(self) -> str:
        return plain(self.max_area_m2, grouped=False) + (" or more" if self.or_more else "")


class UpoTable(_Model):
    id: str = Field(pattern=r"^3\.2\.3\.1\.-[B-E]$")
    article: str
    title: str
    sprinklered: bool
    groups: list[str]
    source: str
    ld_m: list[float] = Field(min_length=2)
    ratio_note: str | None = None
    ratio_bands: list[RatioBand] | None = None
    rows: list[Row] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> UpoTable:
        if self.ld_m[0] != 0 or any(b <= a for a, b in pairwise(self.ld_m)):
            raise ValueError(f"{self.id}: the LD columns must start at 0 and rise")
        bands = self.ratio_bands or []
        if bands and (bands[0].lower, bands[0].lower_inclusive, bands[-1].upper) != (1, True, None):
            raise ValueError(f"{self.id}: the ratio bands must run from 1:1 upwards without end")
        for low, high in pairwise(bands):
            if low.upper != high.lower or low.upper_inclusive == high.lower_inclusive:
                raise ValueError(f"{self.id}: ratio bands {low.label} and {high.label} must meet once")
        labels: list[str | None] = [b.label for b in bands] or [None]
        areas = [r.max_area_m2 for r in self.rows]
        if areas != sorted(areas):
            raise ValueError(f"{self.id}: rows must be in order of face area")
        for area in dict.fromkeys(areas):
            got = [r.ratio for r in self.rows if r.max_area_m2 == area]
            if got != labels:
                raise ValueError(f"{self.id}: row {plain(area)} m² needs one line per ratio band {labels}")
        for row in self.rows:
            where = f"{self.id} row {row.heading} {row.ratio or ''}".rstrip()
            if len(row.pct) > len(self.ld_m) or any(not 0 <= v <= 100 for v in row.pct):
                raise ValueError(f"{where}: more figures than columns, or a figure outside 0 to 100")
            if 100 in row.pct[:-1] or (len(row.pct) < len(self.ld_m) and row.pct[-1] != 100):
                raise ValueError(f"{where}: a row must stop at its first 100 (blank cells mean 100)")
            if row.or_more and row.max_area_m2 != areas[-1]:
                raise ValueError(f"{where}: only the last row can be 'or more'")
        return self

    @cached_property
    def headings(self) -> list[Row]:
        """One row per face-area heading, in order (the ratio lines of a heading share it)."""
        return list({r.max_area_m2: r for r in self.rows}.values())

    @cached_property
    def cells(self) -> dict[tuple[float, str | None], tuple[float, ...]]:
        """Every row expanded to the full width: blank cells after the first 100 are 100."""
        width = len(self.ld_m)
        return {(r.max_area_m2, r.ratio): (*r.pct, *([100.0] * (width - len(r.pct)))) for r in self.rows}


class SingleOpeningRow(_Model):
    ld_m: float
    max_area_m2: float


class Formula(_Model):
    factor: float
    ld_multiplier: float
    offset_m: float
    from_ld_m: float
    text: str

    def area(self, ld_m: float) -> float:
        return self.factor * (self.ld_multiplier * ld_m - self.offset_m) ** 2


class SingleOpening(_Model):
    id: Literal["3.2.3.1.-A"]
    article: str
    title: str
    sprinklered: Literal[False]
    groups: list[str]
    rows: list[SingleOpeningRow] = Field(min_length=1)
    formula: Formula
    spacing_m: float
    spacing_article: str


class Band(_Model):
    label: str
    up_to_pct: float
    up_to_inclusive: bool
    frr_h: float
    construction: str
    cladding: str
    notes: list[str] = Field(default_factory=list)

    def contains(self, pct: float) -> bool:
        return pct <= self.up_to_pct if self.up_to_inclusive else pct < self.up_to_pct


class Family(_Model):
    groups: list[str]
    article: str
    bands: list[Band] = Field(min_length=1)

    @model_validator(mode="after")
    def _bands_rise_to_100(self) -> Family:
        tops = [b.up_to_pct for b in self.bands]
        last = self.bands[-1]
        if tops != sorted(set(tops)) or (last.up_to_pct, last.up_to_inclusive) != (100, False):
            raise ValueError(f"Table 3.2.3.7 for {self.groups}: bands must rise and stop below 100 %")
        return self


class TableNote(_Model):
    id: str
    groups: list[str]
    articles: list[str]
    text: str


class ConstructionTable(_Model):
    id: Literal["3.2.3.7"]
    article: str
    title: str
    entered_with: str
    families: list[Family]
    notes: list[TableNote]
    at_100_pct: str
    no_requirement: str


class Uncertain(_Model):
    """Cells the source could not read with confidence; a None selector means every row, band or column."""

    table: str
    max_area_m2: list[float] | None = None
    ratio: str | None = None
    ld_m: list[float] | None = None
    bands: list[str] | None = None  # Table 3.2.3.7 rows
    column: Literal["frr_h", "construction", "cladding"] | None = None  # Table 3.2.3.7 column
    note: str

    def covers(self, table: str, area: float, ratio: str | None, ld: float) -> bool:
        return (
            self.table == table
            and (self.max_area_m2 is None or area in self.max_area_m2)
            and (self.ratio is None or self.ratio == ratio)
            and (self.ld_m is None or ld in self.ld_m)
        )


class SpatialData(_Model):
    edition: Literal["2024"]
    regulation: str
    scope: str
    source_note: str
    closures_below_ld_m: float
    closures_article: str
    single_opening: SingleOpening
    tables: list[UpoTable]
    construction: ConstructionTable
    uncertain: list[Uncertain]

    @model_validator(mode="after")
    def _consistent(self) -> SpatialData:
        if sorted(t.id for t in self.tables) != [f"3.2.3.1.-{x}" for x in "BCDE"]:
            raise ValueError("tables must be 3.2.3.1.-B, -C, -D and -E, once each")
        notes = {n.id for n in self.construction.notes}
        bands = {b.label for f in self.construction.families for b in f.bands}
        if any(set(b.notes) - notes for f in self.construction.families for b in f.bands):
            raise ValueError("Table 3.2.3.7: a band names a note that is not given")
        for u in self.uncertain:
            if u.table == self.construction.id:
                if not set(u.bands or []) <= bands:
                    raise ValueError(f"uncertain: Table 3.2.3.7 has no band among {u.bands}")
                continue
            table = self.by_id.get(u.table)
            if table is None:
                raise ValueError(f"uncertain: no table {u.table}")
            rows, ratios = {a for a, _ in table.cells}, {r for _, r in table.cells}
            if not set(u.max_area_m2 or []) <= rows or not set(u.ld_m or []) <= set(table.ld_m):
                raise ValueError(f"uncertain: {u.table} has no such row or column")
            if u.ratio is not None and u.ratio not in ratios:
                raise ValueError(f"uncertain: {u.table} has no ratio band {u.ratio}")
        return self

    @cached_property
    def by_id(self) -> dict[str, UpoTable]:
        return {t.id: t for t in self.tables}

    @cached_property
    def known_groups(self) -> frozenset[str]:
        return frozenset(g for t in self.tables for g in t.groups) | {
            g for f in self.construction.families for g in f.groups
        }


@lru_cache(maxsize=8)
def _load(path: Path) -> SpatialData:
    return read_model(path, SpatialData, "spatial-separation")


def load_spatial(path: str | Path | None = None) -> SpatialData:
    """Tables 3.2.3.1.-A to -E and 3.2.3.7 (cached per path); ContentError if missing or invalid."""
    return _load(Path(path).resolve() if path is not None else DEFAULT_PATH)
