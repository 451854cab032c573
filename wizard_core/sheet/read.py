"""Read a matrix laid out as the OAA Part 3 sheet back into answers.

The sheet is found by its item rows (3.00 to 3.27 in column A, the title in B), wherever they
sit, so the OAA's workbook, its CSV transcription and the wizard's own workbook all read. Each
item's rows are matched to the layout by their headings; each answer cell is read by its kind.
A cell that cannot be read is named by item, row and column with what was found, and its item
is left to do; text in a cell the layout has no field for is named too, so nothing is dropped
silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from wizard_core.answers import read as read_words
from wizard_core.answers import validate_value
from wizard_core.content import FormItem
from wizard_core.errors import InputError, InvalidReplyError
from wizard_core.forms import FormQuestionService
from wizard_core.models import Practice, ProjectState
from wizard_core.sheet import cells
from wizard_core.sheet.layout import BLOCKS, BY_ITEM, FIRST_FIELD, HEADER, REFERENCE_COLUMN, Block, Row
from wizard_core.sheet.values import LISTS, NOT_APPLICABLE, Fields, sheet_cells, value

Grid = dict[int, dict[str, Any]]  # row number -> column letter -> what the cell holds
_ITEM = re.compile(r"^3\.\d\d$")
_CONTENT = "CDEFGHIJK"  # the columns answers and headings sit in
_END = re.compile(r"^(?:ontario building code data matrix|©|\(c\))", re.I)
MIN_ITEMS = 20  # item rows a file must have to be taken for the sheet


class LayoutError(InputError):
    """The file is not laid out as the OAA Part 3 sheet."""


@dataclass
class Imported:
    """One answer read from the sheet: its value, extra cells and references."""

    value: Any
    sheet_cells: dict[str, str]
    references: list[str]
    read_as: str = ""  # the cell's words, when the wizard read them as an option


@dataclass
class SheetReading:
    practice: Practice
    name: str
    address: str
    edition: str  # the form's edition key 3.00 names, or "" when it names none
    answers: dict[str, Imported] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def read_sheet(grid: Grid, forms: FormQuestionService) -> SheetReading:
    """The answers a sheet holds; LayoutError if it is not laid out as the Part 3 sheet."""
    starts = _item_rows(grid)
    header = _header(grid, min(starts.values(), default=0))
    if len(starts) < MIN_ITEMS or not (len(header) >= 3 or _has_reference_heading(grid)):
        raise LayoutError(
            f"This file is not laid out as the OAA Part 3 data matrix: it has rows for {len(starts)} of the "
            f"{len(BLOCKS)} items (the sheet has 3.00 to 3.27 in column A with their titles in column B, the "
            "practice and project rows above them, and the OBC references in column L). No project was "
            "created."
        )
    practice = Practice(
        name=header.get("Name of Practice", ""),
        address_1=header.get("Address 1", ""),
        address_2=header.get("Address 2", ""),
        contact=header.get("Contact", ""),
    )
    reading = SheetReading(
        practice, header.get("Name of Project", ""), header.get("Location/Address", ""), ""
    )
    order = sorted(starts.items(), key=lambda pair: pair[1])
    last_row = _last_row(grid, order[-1][1])
    got: dict[str, Fields] = {}
    refs: dict[str, list[str]] = {}
    for index, (number, start) in enumerate(order):
        end = order[index + 1][1] if index + 1 < len(order) else last_row + 1
        allows_na = forms.get_item(number).allows_not_applicable
        _read_block(BY_ITEM[number], grid, list(range(start, end)), got, reading.problems, allows_na)
        refs[number] = _references(grid.get(start, {}).get(REFERENCE_COLUMN))
    for item in forms.items:
        _answer(item.number, got.get(item.number, {}), refs.get(item.number, []), forms, reading)
    return reading


def _item_rows(grid: Grid) -> dict[str, int]:
    """Item number -> the row it starts on, found by column A (and B, for the template's second 3.00)."""
    titles = {_tidy(b.title): b.item for b in BLOCKS}
    starts: dict[str, int] = {}
    for row in sorted(grid):
        number = _item_number(grid[row].get("A"))
        if number is None:
            continue
        title = _tidy(cells.text_of(grid[row].get("B")))
        item = titles.get(title, number)  # the template numbers its NOTES row 3.00; its title says 3.27
        if item in BY_ITEM and item not in starts and _same_title(title, BY_ITEM[item].title):
            starts[item] = row
    return starts


def _has_reference_heading(grid: Grid) -> bool:
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
    return bool(found) and found.split()[0] == _tidy(title).split()[0]


def _tidy(text: str) -> str:
    return " ".join(re.sub(r"[^\w²/]+", " ", text.casefold()).split())


def _header(grid: Grid, first_item: int) -> dict[str, str]:
    labels = {_tidy(label): label for label, _ in HEADER}
    found: dict[str, str] = {}
    for row in range(min(grid, default=first_item), first_item):
        label = labels.get(_tidy(cells.text_of(grid.get(row, {}).get("B"))))
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
        _tidy(cells.text_of(line.get(c.column))).startswith(_tidy(c.label)) for c in row.cells if c.label
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


def _answer(
    item_number: str, got: Fields, refs: list[str], forms: FormQuestionService, reading: SheetReading
) -> None:
    item = forms.get_item(item_number)
    if got.pop("!unreadable", False):
        return
    not_applicable = _marked_not_applicable(got)
    listed = LISTS.get(item.answer_type)
    extra = sheet_cells(got, listed)
    raw = value(item, got)
    if raw is None and not_applicable:
        if item.allows_not_applicable:
            reading.answers[item.number] = Imported(None, extra, refs or list(item.references))
        else:
            reading.problems.append(f"{item.number}: the sheet says N/A, but {item.number} needs an answer.")
        return
    if raw is None:
        if extra:
            given = ", ".join(f"{name.replace('_', ' ')} “{_shown(text)}”" for name, text in extra.items())
            reading.problems.append(
                f"{item.number}: the sheet gives {given} but no {item.title.lower()}, so {item.number} is "
                "left to do."
            )
        return
    if item.answer_type == "code_version":
        reading.edition = _edition(raw, forms, reading.problems)
        if not reading.edition:
            return
    read_as = ""
    try:
        checked = validate_value(item, raw)
    except InvalidReplyError as error:
        checked = _in_words(item, raw, forms)
        if checked is None:
            reading.problems.append(f"{error} Found: {_shown(raw)}. Left to do.")
            return
        read_as = _shown(raw)
    reading.answers[item.number] = Imported(checked, extra, refs or list(item.references), read_as)


def _in_words(item: FormItem, raw: Any, forms: FormQuestionService) -> Any:
    """An option written in the consultant's words ('fully sprinklered'), read as the wizard reads a
    message; None unless the words settle one value."""
    if item.answer_type not in ("choice", "multi_choice", "yes_no"):
        return None
    text = ", ".join(map(str, raw)) if isinstance(raw, list) else str(raw)
    reading = read_words(item, [text], ProjectState(project_id="import"), forms)
    if not reading.complete or reading.confidence < 0.8:
        return None
    try:
        return validate_value(item, reading.value)
    except InvalidReplyError:
        return None


def _not_applicable(raw: Any) -> bool:
    return cells.text_of(raw).casefold().rstrip(".") in ("n/a", "not applicable")


def _marked_not_applicable(got: Fields) -> bool:
    """Whether the item's first answer cell says N/A (on its own row, or on the first of its list)."""
    marked = bool(got.pop(NOT_APPLICABLE, False))
    for key in LISTS.values():
        rows = got.get(key)
        if rows and NOT_APPLICABLE in rows[0]:
            marked = True
            rows[0].pop(NOT_APPLICABLE)
            if not rows[0]:
                rows.pop(0)
    return marked


def _edition(raw: str, forms: FormQuestionService, problems: list[str]) -> str:
    wanted = _tidy(raw.split("(")[0]).replace(" ", "")
    for edition in forms.form.editions:
        if _tidy(edition.regulation).replace(" ", "") == wanted:
            return edition.key
    known = ", ".join(f"{e.regulation} ({e.key})" for e in forms.form.editions)
    problems.append(
        f"3.00: the sheet names the code {raw}, which is not an edition the wizard has ({known})."
    )
    return ""


def _shown(raw: Any) -> str:
    text = str(raw)
    return text if len(text) <= 120 else text[:117] + "…"
