"""Read a matrix laid out as the OAA Part 3 sheet back into answers.

The sheet is found by its item rows (3.00 to 3.27 in column A, the title in B), wherever they
sit, so the OAA's workbook, its CSV transcription and the wizard's own workbook all read. Each
item's rows are matched to the layout by their headings and each answer cell is read by its kind
(``grid.py``). A cell that cannot be read is named by item, row and column with what was found,
and its item is left to do; text in a cell the layout has no field for is named too, so nothing
is dropped silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wizard_core.answers import read as read_words
from wizard_core.answers import validate_value
from wizard_core.content import FormItem
from wizard_core.errors import InputError, InvalidReplyError
from wizard_core.forms import FormQuestionService
from wizard_core.models import Practice, ProjectState
from wizard_core.sheet.blocks import BLOCKS
from wizard_core.sheet.grid import Grid, has_reference_heading, item_rows, read_blocks, read_header, tidy
from wizard_core.sheet.values import LISTS, NOT_APPLICABLE, Fields, sheet_cells, value

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
    starts = item_rows(grid)
    header = read_header(grid, min(starts.values(), default=0))
    if len(starts) < MIN_ITEMS or not (len(header) >= 3 or has_reference_heading(grid)):
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
    got, refs = read_blocks(grid, starts, forms, reading.problems)
    for item in forms.items:
        _answer(item.number, got.get(item.number, {}), refs.get(item.number, []), forms, reading)
    return reading


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
    wanted = tidy(raw.split("(")[0]).replace(" ", "")
    for edition in forms.form.editions:
        if tidy(edition.regulation).replace(" ", "") == wanted:
            return edition.key
    known = ", ".join(f"{e.regulation} ({e.key})" for e in forms.form.editions)
    problems.append(
        f"3.00: the sheet names the code {raw}, which is not an edition the wizard has ({known})."
    )
    return ""


def _shown(raw: Any) -> str:
    text = str(raw)
    return text if len(text) <= 120 else text[:117] + "…"
