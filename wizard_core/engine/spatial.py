"""Spatial separation (matrix item 3.22): Tables 3.2.3.1.-A to -E and 3.2.3.7 as data, and pure lookups.

The default lookup reads the first face-area row at or above the face and the largest limiting-distance
column at or below the LD, so it never overstates the printed table. Interpolation is opt-in and flagged,
because the code neither allows nor forbids it for these tables.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property, lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from wizard_core.errors import ContentError, InputError

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "content" / "code" / "spatial-2024.json"

_LABELS = {
    "area_m2": "Exposing building face area",
    "ld_m": "Limiting distance",
    "group": "Occupancy group",
    "ratio": "Ratio of the face (L/H or H/L)",
    "length_m": "Length of the face",
    "height_m": "Height of the face",
    "permitted_pct": "Permitted unprotected openings",
}
_UNITS = {"_m2": " (m²)", "_m": " (m)", "_pct": " (%)"}


class CalcError(InputError, ValueError):
    """A calculator input that cannot be used; str() names the input and the reason."""

    def __init__(self, field: str, message: str, *, label: str | None = None) -> None:
        self.field = field
        self.reason = message
        if label is None:  # other calculators share this error: name their field plainly
            suffix = next((s for s in _UNITS if field.endswith(s)), "")
            base = field.removesuffix(suffix) if suffix else field
            label = base.replace("_", " ").capitalize() + _UNITS.get(suffix, "")
        super().__init__(f"{label}: {message}")


def _error(field: str, message: str) -> CalcError:
    return CalcError(field, message, label=_LABELS[field])


def _num(value: float, grouped: bool = True) -> str:
    """A number written plainly: no exponent, no trailing zeros, thousands grouped when asked."""
    text = format(Decimal(repr(float(value))), ",f" if grouped else "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


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
        return _num(self.max_area_m2, grouped=False) + (" or more" if self.or_more else "")


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
                raise ValueError(f"{self.id}: row {_num(area)} m² needs one line per ratio band {labels}")
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
    name = f"The spatial-separation content file {path.name}"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ContentError(f"{name} is missing.") from exc
    except (OSError, ValueError) as exc:
        raise ContentError(f"{name} cannot be read as JSON.") from exc
    try:
        return SpatialData.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the top level"
        raise ContentError(f"{name} is invalid at {where}: {first['msg']}.") from exc


def load_spatial(path: str | Path | None = None) -> SpatialData:
    """Tables 3.2.3.1.-A to -E and 3.2.3.7 (cached per path); ContentError if missing or invalid."""
    return _load(Path(path).resolve() if path is not None else DEFAULT_PATH)


# --- Inputs ---------------------------------------------------------------------------------------------


def _finite(field: str, value: float) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise _error(field, f"'{value}' is not a number") from None
    if not math.isfinite(number):
        raise _error(field, "must be a finite number")
    return number


def _positive(field: str, value: float, unit: str) -> float:
    number = _finite(field, value)
    if number <= 0:
        raise _error(field, f"must be greater than 0 {unit} (got {_num(number)} {unit})")
    return number


def _distance(value: float) -> float:
    number = _finite("ld_m", value)
    if number < 0:
        raise _error("ld_m", f"cannot be negative (got {_num(number)} m); use 0 for a face on the line")
    return number


def _group(group: str, data: SpatialData) -> tuple[str, frozenset[str]]:
    """The normalised group and the divisions it stands for (a bare family such as "A" means all of them)."""
    given = str(group).strip()
    name = re.sub(r"[\s\-_.]", "", given.upper()).removeprefix("GROUP")
    if not name:
        raise _error("group", "is empty; give the major occupancy, e.g. D or A2")
    if re.fullmatch(r"G[1-4]?", name):
        raise _error(
            "group",
            f"no table of 3.2.3.1 covers Group {name} (agricultural); spatial separation for farm "
            "buildings is not set by these tables",
        )
    if name in data.known_groups:
        return name, frozenset({name})
    divisions = frozenset(g for g in data.known_groups if len(g) > 1 and g[0] == name)
    if not divisions:
        raise _error("group", f"'{given}' is not a major occupancy; use A1–A4, B1–B3, C, D, E or F1–F3")
    tables = {frozenset(t.id for t in data.tables if g in t.groups) for g in divisions}
    if len(tables) > 1:
        listed = ", ".join(sorted(divisions))
        raise _error(
            "group", f"which division of Group {name} is it ({listed})? Its divisions use different tables"
        )
    return name, divisions


def _table(name: str, members: frozenset[str], sprinklered: bool, data: SpatialData) -> UpoTable:
    for table in data.tables:
        if table.sprinklered == sprinklered and members <= set(table.groups):
            return table
    if not sprinklered and any(t.sprinklered and members <= set(t.groups) for t in data.tables):
        raise _error(
            "group",
            f"Table 3.2.3.1.-B does not cover Group {name} when not sprinklered: every Group B article "
            "of 3.2.2 requires sprinklers, so the building is sprinklered and Table 3.2.3.1.-D applies",
        )
    raise _error("group", f"no table of 3.2.3.1 covers Group {name}")


def table_for(group: str, sprinklered: bool, *, data: SpatialData | None = None) -> str:
    """The id of the Table 3.2.3.1 that serves ``group`` (e.g. "3.2.3.1.-D"); CalcError if none does."""
    data = data or load_spatial()
    name, members = _group(group, data)
    return _table(name, members, sprinklered, data).id


def ratio_of(length_m: float, height_m: float) -> float:
    """The larger of L/H and H/L of an exposing building face (always at least 1)."""
    length = _positive("length_m", length_m, "m")
    height = _positive("height_m", height_m, "m")
    return max(length / height, height / length)


def single_opening_cap_m2(ld_m: float, *, data: SpatialData | None = None) -> float | None:
    """Largest single unprotected opening (m²), not sprinklered: Table 3.2.3.1.-A or the 3.2.3.1.(5) formula.

    0 below 1.2 m (no unprotected opening at all, 3.2.3.5); None when LD is over 2 m (no cap). Either limit
    of 3.2.3.1.(5) may be used, so the larger one counts, rounded to 0.01 m² as Table A is.
    """
    data = data or load_spatial()
    ld = _distance(ld_m)
    table = data.single_opening
    if ld > table.rows[-1].ld_m:
        return None
    if ld < table.formula.from_ld_m:
        return 0.0
    read = max(r.max_area_m2 for r in table.rows if r.ld_m <= ld)
    return round(max(read, table.formula.area(ld)), 2)


def _band(members: frozenset[str], pct: float, data: SpatialData) -> tuple[Family, Band | None]:
    family = next((f for f in data.construction.families if members <= set(f.groups)), None)
    if family is None:
        raise _error("group", "Table 3.2.3.7 does not cover this group")
    return family, next((b for b in family.bands if b.contains(pct)), None)


def construction_for(
    group: str, permitted_pct: float, *, data: SpatialData | None = None
) -> tuple[float | None, str, str]:
    """Table 3.2.3.7: (FRR in hours, construction, cladding) for the permitted % of unprotected openings."""
    data = data or load_spatial()
    pct = _finite("permitted_pct", permitted_pct)
    if not 0 <= pct <= 100:
        raise _error("permitted_pct", f"must be between 0 and 100 % (got {_num(pct)} %)")
    _, members = _group(group, data)
    _, band = _band(members, pct, data)
    if band is None:
        return None, data.construction.no_requirement, data.construction.no_requirement
    return band.frr_h, band.construction, band.cladding


# --- The calculator -------------------------------------------------------------------------------------


def _duration(frr_h: float) -> str:
    minutes = round(frr_h * 60)
    return f"{minutes} min" if minutes % 60 else f"{minutes // 60} h"


@dataclass(frozen=True)
class SpatialResult:
    group: str
    sprinklered: bool
    area_m2: float
    ld_m: float
    ratio: float | None  # larger side over smaller; None for sprinklered tables
    table: str  # "3.2.3.1.-D"
    row: str  # the row heading used ("100", "150 or more"; "80 to 100" when interpolated between rows)
    ratio_band: str | None  # Tables B and C only
    column_m: float  # the LD column used (the lower one when interpolated between columns)
    upo_permitted_pct: float
    frr_h: float | None  # Table 3.2.3.7; None at 100 % (no row)
    construction: str
    cladding: str
    articles: tuple[str, ...]
    notes: tuple[str, ...]
    to_verify: tuple[str, ...]
    interpolated: bool = False

    def working(self) -> str:
        """One line: inputs, table, row, band, column and result."""
        inputs = [f"Group {self.group}", "sprinklered" if self.sprinklered else "not sprinklered"]
        inputs.append(f"face {_num(self.area_m2)} m²")
        if self.ratio is not None:
            inputs.append(f"ratio {_num(round(self.ratio, 2))}:1")
        inputs.append(f"LD {_num(self.ld_m)} m")
        row = self.row.replace(" or more", " m² or more") if "or more" in self.row else f"{self.row} m²"
        read = [f"Table {self.table}", f"{'rows' if ' to ' in self.row else 'row'} {row}"]
        if self.ratio_band:
            read.append(f"ratio {self.ratio_band}")
        read.append(f"column {_num(self.column_m)} m")
        if self.interpolated:
            read.append("interpolated")
        if self.frr_h is None:
            seven = f"Table 3.2.3.7: {self.construction} (no row at 100 %)"
        else:
            seven = (
                f"Table 3.2.3.7: {_duration(self.frr_h)}, {self.construction} construction, "
                f"{self.cladding} cladding"
            )
        pct = _num(self.upo_permitted_pct)
        return f"{', '.join(inputs)} → {', '.join(read)}: {pct} % permitted; {seven}"


def _rows(table: UpoTable, area: float, interpolate: bool) -> tuple[Row | None, Row, float]:
    """(lower row or None, row, weight of the row): the first row whose heading is at least the area."""
    headings = table.headings
    index = next((i for i, r in enumerate(headings) if r.max_area_m2 >= area), None)
    if index is None:
        if headings[-1].or_more:
            return None, headings[-1], 1.0
        last = headings[-1].max_area_m2
        raise _error(
            "area_m2",
            f"{_num(area)} m² is beyond the table's last row ({_num(last)} m²) in Table {table.id}; "
            "split into fire compartments under 3.2.3.2.(2) to reduce the face",
        )
    row = headings[index]
    if not interpolate or index == 0 or row.max_area_m2 == area:
        return None, row, 1.0
    lower = headings[index - 1]
    return lower, row, (area - lower.max_area_m2) / (row.max_area_m2 - lower.max_area_m2)


def _columns(table: UpoTable, ld: float, interpolate: bool, closures_below: float) -> tuple[int, float]:
    """(index of the largest LD column at or below the LD, weight of the next column)."""
    index = max(i for i, c in enumerate(table.ld_m) if c <= ld)
    if not interpolate or ld < closures_below or index == len(table.ld_m) - 1 or table.ld_m[index] == ld:
        return index, 0.0
    low, high = table.ld_m[index], table.ld_m[index + 1]
    return index, (ld - low) / (high - low)


def _ratio_band(table: UpoTable, ratio: float | None) -> str | None:
    if not table.ratio_bands:
        return None
    if ratio is None:
        raise _error(
            "ratio",
            f"is needed for Table {table.id} (not sprinklered): give the larger of length ÷ height and "
            "height ÷ length of the face",
        )
    return next(b.label for b in table.ratio_bands if b.contains(ratio))


def _notes(
    table: UpoTable, ld: float, sprinklered: bool, ratio_unused: bool, data: SpatialData
) -> tuple[list[str], list[str]]:
    """The notes on openings (3.2.3.5, 3.2.3.1.(5)–(6)) and the articles read so far."""
    notes: list[str] = []
    articles = ["3.2.3.1", f"Table {table.id}"]
    if ld < data.closures_below_ld_m:
        notes.append(
            f"Limiting distance under {_num(data.closures_below_ld_m)} m: no unprotected openings; any "
            "opening needs a closure rated to the wall's fire-resistance rating, and wired glass or glass "
            f"block cannot serve as that closure ({data.closures_article})."
        )
        articles.append(data.closures_article)
    elif not sprinklered and (cap := single_opening_cap_m2(ld, data=data)) is not None:
        single = data.single_opening
        notes.append(
            f"Not sprinklered with a limiting distance of {_num(ld)} m: each unprotected opening may be "
            f"at most {_num(cap)} m² (Table {single.id}, {single.article}), and openings serving one room "
            f"or space must be at least {_num(single.spacing_m)} m apart ({single.spacing_article})."
        )
        articles += [f"Table {single.id}", single.article, single.spacing_article]
    if ratio_unused:
        notes.append(f"Table {table.id} has no ratio rows; the ratio given was not used.")
    return notes, articles


def spatial_separation(
    group: str,
    sprinklered: bool,
    area_m2: float,
    ld_m: float,
    ratio: float | None = None,
    *,
    interpolate: bool = False,
    data: SpatialData | None = None,
) -> SpatialResult:
    """Permitted unprotected openings (3.2.3.1) and the face's construction (3.2.3.7), with the working."""
    data = data or load_spatial()
    area = _positive("area_m2", area_m2, "m²")
    ld = _distance(ld_m)
    if ratio is not None:
        ratio = _finite("ratio", ratio)
        if ratio < 1:
            raise _error("ratio", f"must be at least 1 (got {_num(ratio)}): use the larger of L/H and H/L")
    name, members = _group(group, data)
    table = _table(name, members, bool(sprinklered), data)
    lower, row, weight = _rows(table, area, interpolate)
    band = _ratio_band(table, ratio)
    col, step = _columns(table, ld, interpolate, data.closures_below_ld_m)

    def along(r: Row) -> float:
        line = table.cells[(r.max_area_m2, band)]
        return line[col] + step * (line[col + 1] - line[col]) if step else line[col]

    pct = along(row) if lower is None else along(lower) + weight * (along(row) - along(lower))
    pct = round(pct, 2)
    read_rows = [row] if lower is None else [lower, row]
    read_cols = [table.ld_m[col]] + ([table.ld_m[col + 1]] if step else [])

    _, seven = _band(members, pct, data)
    notes, articles = _notes(table, ld, bool(sprinklered), ratio is not None and band is None, data)
    if seven is None:
        frr, construction, cladding = None, data.construction.no_requirement, data.construction.no_requirement
        notes.append(data.construction.at_100_pct)
    else:
        frr, construction, cladding = seven.frr_h, seven.construction, seven.cladding
        notes += [n.text for n in data.construction.notes if n.id in seven.notes and members & set(n.groups)]
    to_verify = [
        u.note
        for u in data.uncertain
        if any(u.covers(table.id, r.max_area_m2, band, c) for r in read_rows for c in read_cols)
        or (seven is not None and u.table == data.construction.id and seven.label in (u.bands or []))
    ]
    interpolated = lower is not None or step > 0
    if interpolated:
        to_verify.append(
            "Interpolated between table rows or columns: the code does not say interpolation is allowed for "
            "Tables 3.2.3.1.-B to -E, so the authority having jurisdiction must accept it."
        )
    return SpatialResult(
        group=name,
        sprinklered=bool(sprinklered),
        area_m2=area,
        ld_m=ld,
        ratio=None if band is None else ratio,
        table=table.id,
        row=row.heading if lower is None else f"{lower.heading} to {row.heading}",
        ratio_band=band,
        column_m=table.ld_m[col],
        upo_permitted_pct=pct,
        frr_h=frr,
        construction=construction,
        cladding=cladding,
        articles=(*articles, data.construction.article, f"Table {data.construction.id}"),
        notes=tuple(notes),
        to_verify=tuple(dict.fromkeys(to_verify)),
        interpolated=interpolated,
    )
