"""An answer's value as the sheet's fields, and back.

``fields`` spreads a typed value (and the answer's extra sheet cells) over the names the layout
uses: scalars by name, repeated rows as lists of dicts. ``value`` gathers what a sheet's cells
gave back into the value its answer type validates. The two are inverses for every value the
wizard records, which is what makes a workbook round trip give the same cells. ``entered`` checks
what a consultant types into an extra cell, and ``sheet_defaults`` is what an empty one prints.
"""

from __future__ import annotations

import re
from typing import Any

from wizard_core.content import FormItem
from wizard_core.engine.assemblies import ASSEMBLIES
from wizard_core.errors import InputError
from wizard_core.models import ProjectState
from wizard_core.sheet import cells
from wizard_core.sheet.items import EXTRA_ROWS, ExtraCell, extra_cells

Fields = dict[str, Any]
SHEET = "sheet:"
NOT_APPLICABLE = "!not_applicable"  # the answer is 'not applicable': no field, one mark
_ASSEMBLY_KEYS = ("rating_h", "supporting_h", "noncombustible_in_lieu")
_EDITION = re.compile(r"^(?P<regulation>.+?)\s*\(last amendment (?P<amendment>.+)\)$")
# The lists the layout repeats rows over, by answer type, and the value key each comes from.
LISTS = {
    "multi_choice": "groups",
    "articles": "articles",
    "area": "parts",
    "occupant_load": "rows",
    "spatial": "faces",
    "fixtures": "rows",
    "text": "lines",
}


def fields(item: FormItem, value: Any, sheet_cells: dict[str, str], occupancies: list[str]) -> Fields:
    """The sheet's fields of one answer; ``occupancies`` are 3.02's groups, which 3.10's rows name."""
    out: Fields = {}
    kind = item.answer_type
    if value is None:
        out[NOT_APPLICABLE] = True
    elif kind == "code_version":
        match = _EDITION.match(str(value))
        out["regulation"], out["amendment"] = (
            (match["regulation"], match["amendment"]) if match else (value, "")
        )
    elif kind in ("choice", "yes_no", "integer"):
        out["value"] = value
    elif kind == "text":
        out["lines"] = [{"line": line} for line in str(value).split("\n")]
    elif kind == "multi_choice":
        names = {o.label: o.description for o in item.options}
        out["groups"] = [{"group": g, "group_name": names.get(g, "")} for g in value]
    elif kind == "articles":
        out["articles"] = [
            {"group": occupancies[i] if i < len(occupancies) else "", "article": a}
            for i, a in enumerate(value)
        ]
    elif kind == "assemblies":
        for row in value.get("assemblies", []):
            for key in _ASSEMBLY_KEYS:
                out[f"{row['assembly']}.{key}"] = row.get(key)
        out["note"] = value.get("note", "")
    elif kind in ("spatial", "fixtures", "occupant_load"):
        out.update(value)
        listed = LISTS[kind]
        out[listed] = [_paired(dict(row)) for row in value.get(listed, [])]
    elif isinstance(value, dict):
        out.update(value)
    _sheet_cells(out, sheet_cells, LISTS.get(kind))
    return out


def _paired(row: dict[str, Any]) -> dict[str, Any]:
    """A row with its 'a / b' pairs under the pair's field name, as the layout names them."""
    for first, second in (
        ("upo_permitted_pct", "upo_actual_pct"),
        ("ratio", "ratio_band"),
        ("bf_wc_required", "bf_wc_provided"),
        ("universal_required", "universal_provided"),
    ):
        if first in row:
            row[f"{first}|{second}"] = (row.get(first), row.get(second))
    return row


def _sheet_cells(out: Fields, cells: dict[str, str], listed: str | None) -> None:
    for name, text in cells.items():
        parts = name.split(".")
        if listed and len(parts) == 3 and parts[0] == listed and parts[1].isdigit():
            rows = out.setdefault(listed, [])
            index = int(parts[1]) - 1
            while len(rows) <= index:
                rows.append({})
            rows[index][SHEET + parts[2]] = text
        else:
            out[SHEET + name] = text


def sheet_cells(got: Fields, listed: str | None) -> dict[str, str]:
    """The extra cells among what a sheet gave, named as the answer keeps them."""
    cells = {k.removeprefix(SHEET): str(v) for k, v in got.items() if k.startswith(SHEET)}
    for number, row in enumerate(got.get(listed, []) if listed else [], start=1):
        for key, text in row.items():
            if key.startswith(SHEET):
                cells[f"{listed}.{number}.{key.removeprefix(SHEET)}"] = str(text)
    return cells


def value(item: FormItem, got: Fields) -> Any:
    """The value the answer type validates, from the fields a sheet gave (None when it gave none)."""
    kind = item.answer_type
    plain = {k: v for k, v in got.items() if not k.startswith(SHEET) and k not in LISTS.values()}
    if kind in ("choice", "yes_no", "integer"):
        return got.get("value")
    if kind == "code_version":
        regulation, amendment = got.get("regulation"), got.get("amendment")
        return f"{regulation} (last amendment {amendment})" if regulation else None
    if kind == "text":
        lines = [str(row["line"]) for row in got.get("lines", []) if "line" in row]
        return "\n".join(lines) or None
    if kind == "multi_choice":
        return [row["group"] for row in got.get("groups", []) if "group" in row] or None
    if kind == "articles":
        return [row["article"] for row in got.get("articles", []) if "article" in row] or None
    if kind == "area":
        return _area(plain, got.get("parts", []))
    if kind == "assemblies":
        rows = []
        for name in ASSEMBLIES:
            entry = {key: plain.pop(f"{name}.{key}") for key in _ASSEMBLY_KEYS if f"{name}.{key}" in plain}
            if entry:
                entry.setdefault("noncombustible_in_lieu", False)
                rows.append({"assembly": name, **entry})
        return {"assemblies": rows, "note": plain.get("note", "")} if rows or plain.get("note") else None
    if kind in ("spatial", "fixtures", "occupant_load"):
        listed = LISTS[kind]
        rows = [_unpaired(row) for row in got.get(listed, [])]
        rows = [row for row in rows if row]
        if not rows and not plain:
            return None
        return {**plain, listed: rows}
    return plain or None


def _unpaired(row: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, entry in row.items():
        if key.startswith(SHEET):
            continue
        if "|" in key:
            first, second = key.split("|")
            out[first], out[second] = entry
        else:
            out[key] = entry
    return out


def _area(plain: Fields, parts: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The total row's figures; the parts' sums where the total row was left at zero or blank."""
    if any(k in plain for k in ("existing", "new", "total")) and any(plain.get(k) for k in plain):
        existing, new = plain.get("existing", 0), plain.get("new", 0)
        return {"existing": existing, "new": new, "total": plain.get("total", existing + new)}
    sums = {
        key: sum(float(p.get(f"{SHEET}{key}") or 0) for p in parts) for key in ("existing", "new", "total")
    }
    if not any(sums.values()):
        return {"existing": 0, "new": 0, "total": 0} if plain else None
    if not sums["total"]:
        sums["total"] = sums["existing"] + sums["new"]
    return sums


def extra_cell(item: str, name: str) -> ExtraCell:
    """The extra cell of ``item`` that ``name`` names (a repeated row's as ``<list>.<n>.<name>``, n from 1
    to 50); InputError, naming the cells there are, for one the sheet does not have."""
    listed, _, rest = name.partition(".")
    number, _, field = rest.partition(".")
    for cell in extra_cells(item):
        if not cell.repeat and name == cell.name:
            return cell
        if cell.repeat and (listed, field) == (cell.repeat, cell.name):
            if number.isdigit() and str(int(number)) == number and 1 <= int(number) <= EXTRA_ROWS:
                return cell
            raise InputError(
                f"{item}: “{name[:60]}” names row {number[:10] or '?'}; the sheet's rows are numbered 1 to "
                f"{EXTRA_ROWS}. Nothing was saved."
            )
    known = ", ".join(f"{c.repeat}.<row>.{c.name}" if c.repeat else c.name for c in extra_cells(item))
    there = f"its other cells are {known}" if known else "it has no other cells beside its answer"
    raise InputError(f"{item} has no cell “{name[:60]}” on the sheet: {there}. Nothing was saved.")


def entered(item: str, cell: ExtraCell, text: str) -> str:
    """What ``cell`` keeps of ``text`` (already cleaned): "" when the sheet reads it as blank (a blank
    or a placeholder such as "-"), a number cell's figure as a number; InputError for a bad figure."""
    try:
        read = cells.read(cell.kind, text)
    except cells.CellError as error:
        raise InputError(
            f"{item} {cell.label}: expected {error}, found “{text[:60]}”. Nothing was saved."
        ) from None
    return "" if read is cells.EMPTY else str(read)


def sheet_defaults(state: ProjectState, section: str) -> dict[str, str]:
    """What an empty extra cell of ``section`` prints where the project already knows it: 3.15's
    "based on" is the articles chosen in 3.10."""
    articles = state.answer_for("3.10") if section == "3.15" else None
    if articles is None or not isinstance(articles.value, list) or not articles.value:
        return {}
    return {"based_on": ", ".join(str(article) for article in articles.value)}
