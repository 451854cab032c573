"""Answers given as rows: one per line or semicolon, or a table pasted from a spreadsheet.

A row item (3.18 occupant load, 3.22 spatial separation, 3.23 plumbing fixtures) reads each row
on its own; a cell that cannot be read is named with its row and column, and the rows that
could be read stay pending, so the consultant only sends the one row again.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.base import fmt_number
from wizard_core.models import ProjectState

_MARKDOWN_RULE = re.compile(r"^\|?\s*:?-{2,}")
_SEGMENT = re.compile(r"\n|;")


@dataclass(frozen=True)
class CellProblem:
    """A cell (or figure) that cannot be used, said as the consultant will look for it."""

    row: str
    column: str
    found: str
    why: str

    def text(self) -> str:
        found = f" ('{self.found}')" if self.found else ""
        return f"row '{self.row}', {self.column}{found}: {self.why}"


@dataclass
class RowsRead:
    """The rows a message gives (keyed by their name) and the cells that could not be read."""

    rows: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[CellProblem] = field(default_factory=list)


@dataclass(frozen=True)
class Table:
    """A pasted table: its header (lower case, None when it has none) and its body's cells."""

    header: list[str] | None
    body: list[list[str]]

    def records(self) -> list[dict[str, str]]:
        if self.header is None:
            return [{str(i): cell for i, cell in enumerate(row)} for row in self.body]
        return [dict(zip(self.header, row, strict=False)) for row in self.body]


def pasted_table(text: str) -> Table | None:
    """A table pasted from a spreadsheet (tabs) or written in Markdown (pipes), else None."""
    lines = [line for line in text.splitlines() if line.strip() and not _MARKDOWN_RULE.match(line.strip())]
    if len(lines) < 2:
        return None
    for sep in ("\t", "|"):
        if all(sep in line for line in lines):
            cells = [[c.strip() for c in line.strip().strip("|").split(sep)] for line in lines]
            if len({len(row) for row in cells}) > 1 and sep == "|":
                continue
            first = cells[0]
            if not any(re.search(r"\d", c) for c in first):
                return Table([c.casefold() for c in first], cells[1:])
            return Table(None, cells)
    return None


def segments(text: str) -> list[str]:
    """The rows of a plain message: one per line or semicolon."""
    return [s.strip(" .") for s in _SEGMENT.split(text) if s.strip(" .")]


def column(record: dict[str, str], names: tuple[str, ...]) -> tuple[str, str] | None:
    """The first header that names one of ``names`` and its cell."""
    for header, cell in record.items():
        if any(name in header for name in names):
            return header, cell
    return None


def number_cell(row: str, header: str, cell: str, *, allow_zero: bool = False) -> float | CellProblem:
    """A positive figure from one cell; ft² and ft converted; anything else a problem naming the cell."""
    cell = cell.strip()
    found = p.quantities(cell)
    if len(found) != 1 or re.sub(r"[\d.,\s]|m2|m²|sq\.?\s*ft|sf|ft2|ft|m|%", "", cell, flags=re.I):
        return CellProblem(row, header, cell, "expected one figure")
    figure = found[0]
    value = figure.value
    if figure.unit == "ft2":
        value = round(value * p.FT2_TO_M2, 1)
    elif figure.unit == "ft":
        value = round(value * p.FT_TO_M, 2)
    if not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        return CellProblem(row, header, cell, "expected a figure above zero")
    return value


def earlier_rows(state: ProjectState, section: str, key: str) -> dict[str, dict[str, Any]]:
    """The rows already recorded for ``section``, by name, so a revision changes only what it names."""
    answer = state.answer_for(section)
    value = answer.value if answer is not None else None
    if not isinstance(value, dict):
        return {}
    rows = value.get(key)
    if not isinstance(rows, list):
        return {}
    first = {"faces": "face", "rows": "floor", "assemblies": "assembly"}[key]
    return {str(r.get(first, "")).casefold(): dict(r) for r in rows if isinstance(r, dict)}


def problems_text(problems: list[CellProblem]) -> str:
    return "; ".join(problem.text() for problem in problems[:5])


def figure_text(value: float | None, unit: str = "") -> str:
    if value is None:
        return "-"
    return f"{fmt_number(value)}{(' ' + unit) if unit else ''}"
