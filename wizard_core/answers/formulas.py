"""A spreadsheet's formulas pasted with its cells ('=1380*6', '=B2+C2', '=ROUNDUP(C3/D3,0)'), as the
figures they give.

A sheet copied as it shows on screen gives values; copied from the formula bar, or with formulas shown,
it gives the formulas. A formula of figures is worked out. One that refers to cells is worked out only
when every cell it names is a figure on the formula's own row of the pasted block (rows counted from the
block's first line, columns by its tabs): a cell that cannot be found leaves the formula as it is.
A formula that only checks a figure beside it ('1,752<TAB>=48.0*36.5') is left out; a formula in
working that shows its own result ('=38/9.3 = 4.1') is kept as it is.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from simpleeval import InvalidExpression, SimpleEval

# a cell that is a formula: '=' opening the cell, an expression of figures, cells, operators and functions
_FORMULA_CELL = re.compile(r"^\s*=\s*(?P<expr>[A-Za-z0-9_.,:+\-*/() ]+?)\s*$")
_REFERENCE = re.compile(r"\b(?P<column>[A-Z]{1,2})(?P<row>\d{1,4})\b")
_RANGE = re.compile(r"\b([A-Z]{1,2})(\d{1,4}):([A-Z]{1,2})(\d{1,4})\b")
_FIGURE = re.compile(r"^\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*$")


def _rounded(how: str) -> Callable[..., float]:
    def round_to(value: float, places: float = 0) -> float:
        scale = 10 ** int(places)
        if how == "up":
            return math.ceil(value * scale - 1e-9) / scale
        if how == "down":
            return math.floor(value * scale + 1e-9) / scale
        return math.floor(value * scale + 0.5) / scale

    return round_to


def _sum(*values: float | list[float]) -> float:
    return float(sum(sum(v) if isinstance(v, list) else v for v in values))


_FUNCTIONS = {
    "ROUNDUP": _rounded("up"),
    "ROUNDDOWN": _rounded("down"),
    "ROUND": _rounded("half"),
    "CEILING": lambda value, step=1: math.ceil(value / step - 1e-9) * step,
    "SUM": _sum,
}
_ARITHMETIC = ("Add", "Sub", "Mult", "Div", "USub", "UAdd")
_OPERATORS = {  # the arithmetic of a cell; not powers, comparisons or anything else
    k: v for k, v in SimpleEval().operators.items() if k.__name__ in _ARITHMETIC
}


def _column_index(letters: str) -> int:
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


def _number(cell: str) -> float | None:
    return float(cell.replace(",", "")) if _FIGURE.match(cell) else None


def _evaluated(expr: str, grid: list[list[str]], row: int) -> float | None:
    """The value of ``expr`` on row ``row`` (1-based) of ``grid``, or None when it cannot be worked out."""
    names: dict[str, float | list[float]] = {}
    for m in _RANGE.finditer(expr):
        first, last = int(m[2]), int(m[4])
        if m[1] != m[3] or not 1 <= first <= last <= len(grid):
            return None
        column = _column_index(m[1])
        cells = [grid[r - 1][column] if column < len(grid[r - 1]) else "" for r in range(first, last + 1)]
        values = [_number(c) for c in cells if c.strip()]
        if any(v is None for v in values):
            return None
        names[f"R_{m[1]}{m[2]}_{m[4]}"] = [v for v in values if v is not None]
    expr = _RANGE.sub(lambda m: f"R_{m[1]}{m[2]}_{m[4]}", expr)
    for m in _REFERENCE.finditer(expr):
        if int(m["row"]) != row:  # a cell of another row: which line of the paste it is, is not known
            return None
        cells = grid[row - 1]
        column = _column_index(m["column"])
        value = _number(cells[column]) if column < len(cells) else None
        if value is None:
            return None
        names[m.group()] = value
    evaluator = SimpleEval(operators=_OPERATORS, functions=_FUNCTIONS, names=names)
    try:
        value = evaluator.eval(expr.replace(",", ", ") if "(" in expr else expr.replace(",", ""))
    except (InvalidExpression, SyntaxError, ZeroDivisionError, TypeError, ValueError, KeyError):
        return None
    return float(value) if isinstance(value, (int, float)) and math.isfinite(value) else None


def _shown(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def worked_out(text: str) -> str:
    """``text`` with each cell that holds a formula written as the figure it gives (see the module)."""
    if "=" not in text:
        return text
    lines = text.split("\n")
    grid = [line.split("\t") for line in lines]
    changed = False
    for r, cells in enumerate(grid):
        for c, cell in enumerate(cells):
            m = _FORMULA_CELL.match(cell)
            if not m or not re.search(r"[+\-*/(]|[A-Z]\d", m["expr"]):
                continue
            value = _evaluated(m["expr"].strip(), grid, r + 1)
            if value is None:
                continue
            others = [_number(other) for i, other in enumerate(cells) if i != c]
            checks = any(v is not None and abs(v - value) < 0.5 for v in others)
            cells[c] = "" if checks else _shown(value)  # a check of the figure beside it says nothing more
            changed = True
    if not changed:
        return text
    return "\n".join("\t".join(cells) for cells in grid)
