"""Spatial separation (matrix item 3.22): pure lookups in Tables 3.2.3.1.-A to -E and 3.2.3.7.

The default lookup reads the first face-area row at or above the face and the largest limiting-distance
column at or below the LD, so it never overstates the printed table. Interpolation is opt-in and flagged,
because the code neither allows nor forbids it for these tables. The tables are data
(``spatial_data.py``, content/code/spatial-2024.json); the inputs and the smaller lookups are in
``spatial_lookup.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .calc_error import CalcError, labelled, plain
from .spatial_data import Row, SpatialData, UpoTable, load_spatial
from .spatial_lookup import band_of, distance, finite, group_of, positive, single_opening_cap_m2, upo_table

__all__ = ["CalcError", "SpatialData", "SpatialResult", "load_spatial", "spatial_separation"]


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
        inputs.append(f"face {plain(self.area_m2)} m²")
        if self.ratio is not None:
            inputs.append(f"ratio {plain(round(self.ratio, 2))}:1")
        inputs.append(f"LD {plain(self.ld_m)} m")
        row = self.row.replace(" or more", " m² or more") if "or more" in self.row else f"{self.row} m²"
        read = [f"Table {self.table}", f"{'rows' if ' to ' in self.row else 'row'} {row}"]
        if self.ratio_band:
            read.append(f"ratio {self.ratio_band}")
        read.append(f"column {plain(self.column_m)} m")
        if self.interpolated:
            read.append("interpolated")
        if self.frr_h is None:
            seven = f"Table 3.2.3.7: {self.construction} (no row at 100 %)"
        else:
            seven = (
                f"Table 3.2.3.7: {_duration(self.frr_h)}, {self.construction} construction, "
                f"{self.cladding} cladding"
            )
        pct = plain(self.upo_permitted_pct)
        return f"{', '.join(inputs)} → {', '.join(read)}: {pct} % permitted; {seven}"


def _rows(table: UpoTable, area: float, interpolate: bool) -> tuple[Row | None, Row, float]:
    """(lower row or None, row, weight of the row): the first row whose heading is at least the area."""
    headings = table.headings
    index = next((i for i, r in enumerate(headings) if r.max_area_m2 >= area), None)
    if index is None:
        if headings[-1].or_more:
            return None, headings[-1], 1.0
        last = headings[-1].max_area_m2
        raise labelled(
            "area_m2",
            f"{plain(area)} m² is beyond the table's last row ({plain(last)} m²) in Table {table.id}; "
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


def _ratio_band(table: UpoTable, ratio: float | None, band: str | None) -> str | None:
    if not table.ratio_bands:
        return None
    if ratio is None and band is not None:
        if band not in (labels := [b.label for b in table.ratio_bands]):
            raise labelled("ratio", f"band '{band}' is not one of Table {table.id}'s ({', '.join(labels)})")
        return band
    if ratio is None:
        raise labelled(
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
            f"Limiting distance under {plain(data.closures_below_ld_m)} m: no unprotected openings; any "
            "opening needs a closure rated to the wall's fire-resistance rating, and wired glass or glass "
            f"block cannot serve as that closure ({data.closures_article})."
        )
        articles.append(data.closures_article)
    elif not sprinklered and (cap := single_opening_cap_m2(ld, data=data)) is not None:
        single = data.single_opening
        notes.append(
            f"Not sprinklered with a limiting distance of {plain(ld)} m: each unprotected opening may be "
            f"at most {plain(cap)} m² (Table {single.id}, {single.article}), and openings serving one room "
            f"or space must be at least {plain(single.spacing_m)} m apart ({single.spacing_article})."
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
    band: str | None = None,
    interpolate: bool = False,
    data: SpatialData | None = None,
) -> SpatialResult:
    """Permitted unprotected openings (3.2.3.1) and the face's construction (3.2.3.7), with the working.

    An unsprinklered face is read in its ratio's band of Table B or C; without a ratio, in the ``band``
    named (a label of the table's, e.g. "over 10:1"), which is all the table reads of the ratio."""
    if data is None:  # the shipped tables: a face is looked up once however often a turn checks it
        return _looked_up(group, bool(sprinklered), area_m2, ld_m, ratio, band, interpolate)
    return _look_up(group, sprinklered, area_m2, ld_m, ratio, band, interpolate, data)


@lru_cache(maxsize=4096)
def _looked_up(
    group: str,
    sprinklered: bool,
    area_m2: float,
    ld_m: float,
    ratio: float | None,
    band: str | None,
    interpolate: bool,
) -> SpatialResult:
    return _look_up(group, sprinklered, area_m2, ld_m, ratio, band, interpolate, load_spatial())


def _look_up(
    group: str,
    sprinklered: bool,
    area_m2: float,
    ld_m: float,
    ratio: float | None,
    band: str | None,
    interpolate: bool,
    data: SpatialData,
) -> SpatialResult:
    area = positive("area_m2", area_m2, "m²")
    ld = distance(ld_m)
    if ratio is not None:
        ratio = finite("ratio", ratio)
        if ratio < 1:
            raise labelled("ratio", f"must be at least 1 (got {plain(ratio)}): use the larger of L/H and H/L")
    name, members = group_of(group, data)
    table = upo_table(name, members, bool(sprinklered), data)
    lower, row, weight = _rows(table, area, interpolate)
    band = _ratio_band(table, ratio, band)
    col, step = _columns(table, ld, interpolate, data.closures_below_ld_m)

    def along(r: Row) -> float:
        line = table.cells[(r.max_area_m2, band)]
        return line[col] + step * (line[col + 1] - line[col]) if step else line[col]

    pct = along(row) if lower is None else along(lower) + weight * (along(row) - along(lower))
    pct = round(pct, 2)
    read_rows = [row] if lower is None else [lower, row]
    read_cols = [table.ld_m[col]] + ([table.ld_m[col + 1]] if step else [])

    _, seven = band_of(members, pct, data)
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
