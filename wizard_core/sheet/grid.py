"""A sheet's grid of cells matched to the layout: where each item's rows begin, the heading rows,
and the fields each item's answer cells hold. Rows are matched by their headings and cells read
by their kind; a cell that cannot be read, or text where the layout has no cell, becomes a
problem naming item, row and column."""

from __future__ import annotations

import re
from typing import Any

from wizard_core.forms import FormQuestionService
from wizard_core.sheet import cells
from wizard_core.sheet.blocks import BLOCKS
from wizard_core.sheet.items import BY_ITEM, FIRST_FIELD
from wizard_core.sheet.layout import HEADER, REFERENCE_COLUMN, Block, Row
from wizard_core.sheet.values import NOT_APPLICABLE, Fields

Grid = dict[int, dict[str, Any]]  # row number -> column letter -> what the cell holds
_ITEM = re.compile(r"^3\.\d\d$")
_CONTENT = "CDEFGHIJK"  # the columns answers and headings sit in
_END = re.compile(r"^(?:ontario building code data matrix|©|\(c\))", re.I)


def read_blocks(
    grid: Grid, starts: dict[str, int], forms: FormQuestionService, problems: list[str]
) -> tuple[dict[str, Fields], dict[str, list[str]]]:
    """Each item's fields and references, read from its rows (``starts``: where each item's rows begin)."""
    order = sorted(starts.items(), key=lambda pair: pair[1])
    last_row = _last_row(grid, order[-1][1])
    got: dict[str, Fields] = {}
    refs: dict[str, list[str]] = {}
    for index, (number, start) in enumerate(order):
        end = order[index + 1][1] if index + 1 < len(order) else last_row + 1
        allows_na = forms.get_item(number).allows_not_applicable
        _read_block(BY_ITEM[number], grid, list(range(start, end)), got, problems, allows_na)
        refs[number] = _references(grid.get(start, {}).get(REFERENCE_COLUMN))
    return got, refs


def item_rows(grid: Grid) -> dict[str, int]:
    """Item number -> the row it starts on, found by column A (and B, for the template's second 3.00)."""
    titles = {tidy(b.title): b.item for b in BLOCKS}
    starts: dict[str, int] = {}
    for row in sorted(grid):
        number = _item_number(grid[row].get("A"))
        if number is None:
            continue
        title = tidy(cells.text_of(grid[row].get("B")))
        item = titles.get(title, number)  # the template numbers its NOTES row 3.00; its title says 3.27
        if item in BY_ITEM and item not in starts and _same_title(title, BY_ITEM[item].title):
            starts[item] = row
    return starts


def has_reference_heading(grid: Grid) -> bool:
    """The sheet's reference column is headed "OBC REFERENCE" (the wizard's flat CSV has no such column)."""
    return any(
        cells.text_of(line.get(REFERENCE_COLUMN)).upper().startswith("OBC REFERENCE")
        for line in grid.values()
    )


def _item_number(raw: Any) -> str | None:
    if isinstance(raw, int | float) and not isinstance(raw, bool) and 3 <= raw < 4:
        return f"{raw:.2f}"  # a workbook that keeps item numbers as numbers shown to two places
    text = cells.text_of(raw)
    return text if _ITEM.match(text) else None


def _same_title(found: str, title: str) -> bool:
    """A row's title is the item's when it begins with the same word (titles vary a little)."""
    return bool(found) and found.split()[0] == tidy(title).split()[0]


def tidy(text: str) -> str:
    return " ".join(re.sub(r"[^\w²/]+", " ", text.casefold()).split())


def read_header(grid: Grid, first_item: int) -> dict[str, str]:
    labels = {tidy(label): label for label, _ in HEADER}
    found: dict[str, str] = {}
    for row in range(min(grid, default=first_item), first_item):
        label = labels.get(tidy(cells.text_of(grid.get(row, {}).get("B"))))
        if label:
            text = cells.text_of(grid[row].get("C"))
            found[label] = "" if cells.is_placeholder(text) else text[:200]
    return found


def _last_row(grid: Grid, start: int) -> int:
    for row in sorted(r for r in grid if r > start):
        if _END.match(cells.text_of(grid[row].get("A"))):
            return row - 1
    return max(grid)


def _references(raw: Any) -> list[str]:
    text = cells.text_of(raw)
    parts = re.split(r",\s*|\s+&\s*|\s+and\s+|\s*&$", text) if text else []
    return [cells.stored_reference(part) for part in parts if part.strip()]


def _read_block(
    block: Block, grid: Grid, span: list[int], got: dict[str, Fields], problems: list[str], allows_na: bool
) -> None:
    """Match the layout's rows to the sheet's and read each answer cell."""
    first, rest = span[0], [r for r in span[1:] if _has_content(grid.get(r, {}))]
    queue = [first, *rest]
    for number, row in enumerate(block.rows):
        later = block.rows[number + 1 :]
        if row.repeat:
            taken = []
            while queue and not any(_begins(grid.get(queue[0], {}), r) for r in later if r.label):
                taken.append(queue.pop(0))
            for entry_row in taken:
                entry: Fields = {}
                _read_row(block, row, grid.get(entry_row, {}), entry_row, entry, got, problems, allows_na)
                if entry:
                    got.setdefault(block.item, {}).setdefault(row.repeat, []).append(entry)
            continue
        if number == 0:
            at = queue.pop(0)  # the item's own row, whatever its headings hold
        elif row.label is not None:
            found = next((r for r in queue if _matches(grid.get(r, {}), row)), None)
            if found is None:
                continue  # the sheet leaves this row out (an optional row, or a template without it)
            at = found
            for skipped in queue[: queue.index(at)]:
                if skipped != first:
                    _unread(block, grid.get(skipped, {}), skipped, set(), problems)
            queue = queue[queue.index(at) + 1 :]
        elif queue and not any(_matches(grid.get(queue[0], {}), r) for r in later if r.label):
            at = queue.pop(0)
        else:
            continue
        _read_row(block, row, grid.get(at, {}), at, got.setdefault(block.item, {}), got, problems, allows_na)
    for leftover in queue:
        if leftover != first:
            _unread(block, grid.get(leftover, {}), leftover, set(), problems)


def _has_content(line: dict[str, Any]) -> bool:
    return any(not cells.is_placeholder(cells.text_of(line.get(c))) for c in ("B", *_CONTENT))


def _begins(line: dict[str, Any], row: Row) -> bool:
    """Whether ``line`` is ``row`` rather than one more entry of a repeated row before it: its headings
    are there and it holds nothing beside its columns (a floor named "Total building" has its persons
    and posted limit beside it; the TOTAL row holds only its total)."""
    columns = {c.column for c in row.cells}
    return _matches(line, row) and all(
        c in columns or cells.is_placeholder(cells.text_of(line.get(c))) for c in _CONTENT
    )


def _matches(line: dict[str, Any], row: Row) -> bool:
    return all(
        tidy(cells.text_of(line.get(c.column))).startswith(tidy(c.label)) for c in row.cells if c.label
    )


def _read_row(
    block: Block,
    row: Row,
    line: dict[str, Any],
    at: int,
    target: Fields,
    got: dict[str, Fields],
    problems: list[str],
    allows_na: bool = False,
) -> None:
    used = {c.column for c in row.cells}
    for cell in row.cells:
        if cell.label:
            continue
        raw = line.get(cell.column)
        if allows_na and cell is FIRST_FIELD[block.item] and _not_applicable(raw):
            target[NOT_APPLICABLE] = True  # the whole item is 'not applicable'
            continue
        try:
            read = cells.read(cell.kind, raw)
        except cells.CellError as error:
            heading = _heading(block, cell.column)
            problems.append(
                f"{cell.item or block.item}, row {at}, column {cell.column} ({heading}): "
                f"found “{cells.text_of(raw)}”, expected {error}; left to do."
            )
            got.setdefault(cell.item or block.item, {})["!unreadable"] = True
            continue
        if read is cells.EMPTY:
            continue
        where = got.setdefault(cell.item, {}) if cell.item and cell.item != block.item else target
        where[cell.field] = read
    _unread(block, line, at, used, problems)


def _unread(block: Block, line: dict[str, Any], at: int, used: set[str], problems: list[str]) -> None:
    for column in _CONTENT:
        if column in used:
            continue
        text = cells.text_of(line.get(column))
        if not cells.is_placeholder(text):
            problems.append(
                f"{block.item}, row {at}, column {column}: “{text[:80]}” is not in a cell the sheet "
                "has an entry for, so it was not imported."
            )


def _heading(block: Block, column: str) -> str:
    """The heading over a column in the item's rows, or the item's title."""
    for row in block.rows:
        for cell in row.cells:
            if cell.label and cell.column == column:
                return cell.label.rstrip(":").lower()
    return block.title.lower()


def _not_applicable(raw: Any) -> bool:
    return cells.text_of(raw).casefold().rstrip(".") in ("n/a", "not applicable")
