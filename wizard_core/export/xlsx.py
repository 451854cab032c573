"""The matrix as an Excel workbook: the OAA Part 3 sheet first, then the review data and the discussion.

Sheet "Part 3" prints the sheet's lines (``wizard_core.sheet``) where the OAA's template has
them: item numbers in A, titles in B, answers in D to K with the template's sub-rows and
headings, references in L, the practice and project rows with the seal box, and the note on
Division A and C references. Column M says what is not confirmed, and those answers are tinted.
The wizard reads this sheet back in (``import-matrix``). "Review" holds each item's status,
confidence, source, basis, findings, override, for 3.10 the other articles the engine finds
fitting, and the advisor's note (its own words, unchecked, never in a "Part 3" cell);
"Discussion" each item's clarifying questions and answers.

Nothing written in the workbook is live: text that a spreadsheet would read as a formula is
stored as text (a string cell with Excel's quote prefix), never as a formula, web addresses are
defanged, and no cell is a hyperlink.
"""

from __future__ import annotations

import io
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from wizard_core.engine import Finding
from wizard_core.export.inert import document_text, starts_formula
from wizard_core.export.rows import Heading, source_text, status_text
from wizard_core.sheet.layout import WIDTHS
from wizard_core.sheet.write import Line

MAX_CELL_CHARS = 32_767  # Excel's limit for one cell
STATUS_COLUMN = "M"
SEAL_BOX = "J3:L8"
_WRAP = Alignment(wrap_text=True, vertical="top")
_THIN = Side(style="thin", color="999999")
_BOX = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
_HEAD_FILL = PatternFill("solid", fgColor="E6E6E6")
# The tint of an answer that is not confirmed, by its status.
_TINTS = {
    "proposed": PatternFill("solid", fgColor="FFF2CC"),
    "overridden": PatternFill("solid", fgColor="FCE4D6"),
    "flagged": PatternFill("solid", fgColor="F8CBAD"),
}
ADVISOR_NOTE = "Advisor's note (its own words, not checked; not in the matrix)"
REVIEW_COLUMNS = (
    ("Item", 7),
    ("Item title", 28),
    ("Answer", 48),
    ("Status", 14),
    ("Confidence", 11),
    ("Source", 26),
    ("OBC references", 22),
    ("Other articles that fit", 22),
    ("Basis", 60),
    ("Code checks", 48),
    ("Override", 36),
    (ADVISOR_NOTE, 60),
)


def xlsx_bytes(
    top: Heading,
    lines: list[Line],
    statuses: dict[str, str],
    rows: list[dict[str, Any]],
    found: list[Finding],
) -> bytes:
    """The workbook: "Part 3", "Review" and "Discussion"."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its one sheet
    sheet.title = "Part 3"
    _part3(sheet, lines, statuses)
    _table(book.create_sheet("Review"), top, REVIEW_COLUMNS, [_review(row) for row in rows])
    _table(
        book.create_sheet("Discussion"),
        top,
        (("Item", 7), ("Item title", 28), ("Question", 60), ("Answer", 60)),
        [
            [row["item"], row["title"], turn["question"], turn["answer"] or "(no answer)"]
            for row in rows
            for turn in row["discussion"]
        ],
    )
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _part3(sheet: Worksheet, lines: list[Line], statuses: dict[str, str]) -> None:
    for column, width in WIDTHS.items():
        sheet.column_dimensions[column].width = width
    sheet.column_dimensions[STATUS_COLUMN].width = 12
    labelled: set[str] = set()
    for number, line in enumerate(lines, start=1):
        for column, value in line.cells.items():
            cell = _put(sheet, number, _index(column), value)
            cell.alignment = _WRAP
            if column in line.headings:
                cell.font = Font(bold=True, size=9)
        if line.kind == "item":
            for column in "AB":
                sheet[f"{column}{number}"].font = Font(bold=True)
        if line.kind in ("item", "row"):
            for column in WIDTHS:
                sheet[f"{column}{number}"].border = _BOX
            _mark(sheet, number, line, statuses, labelled)
        if line.kind == "title":
            sheet[f"A{number}"].font = Font(bold=True, size=12 if number == 1 else 10)
    sheet[f"{STATUS_COLUMN}2"] = "STATUS"
    sheet[f"{STATUS_COLUMN}2"].font = Font(bold=True)
    sheet.merge_cells(SEAL_BOX)
    sheet[SEAL_BOX.split(":")[0]].border = _BOX
    sheet.freeze_panes = "C3"
    setup = sheet.page_setup
    setup.orientation = "landscape"
    setup.paperSize = sheet.PAPERSIZE_TABLOID
    setup.fitToWidth = 1
    setup.fitToHeight = 1
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.print_area = f"A1:{STATUS_COLUMN}{len(lines)}"


def _mark(sheet: Worksheet, number: int, line: Line, statuses: dict[str, str], labelled: set[str]) -> None:
    """Tint the answer cells of an answer not confirmed, and say why in the status column on the
    first line holding it."""
    pending = [
        (item, statuses.get(item, "to do")) for item in line.items if statuses.get(item) != "confirmed"
    ]
    if not pending:
        return
    item, status = pending[0]
    if item not in labelled:
        labelled.add(item)
        own = line.kind == "item" and line.cells.get("A") == item
        sheet[f"{STATUS_COLUMN}{number}"] = status.upper() if own else f"{item}: {status.upper()}"
    tint = _TINTS.get(status)
    if tint is None:
        return
    for column, value in line.cells.items():
        if column in "DEFGHIJK" and column not in line.headings and value is not None:
            sheet[f"{column}{number}"].fill = tint


def _index(column: str) -> int:
    return ord(column) - ord("A") + 1


def _review(row: dict[str, Any]) -> list[Any]:
    answered = row["status"] == "answered"
    confidence = row["confidence"]
    return [
        row["item"],
        row["title"],
        row["answer"] if answered else "Unanswered",
        status_text(row),
        None if confidence is None else round(confidence, 2),
        source_text(row) if answered else "",
        ", ".join(row["references"]),
        ", ".join(row["compared"]),
        row["basis"],
        " | ".join(row["code_checks"]),
        _override(row),
        row["advisor_note"],
    ]


def _override(row: dict[str, Any]) -> str:
    if not row["override"]:
        return ""
    return f"Recorded despite the code checks ({'; '.join(row['override_findings'])}): {row['override']}"


HEADER_ROW = 5


def _table(sheet: Worksheet, top: Heading, columns: Any, table: list[list[Any]]) -> None:
    """The heading rows, the column headings and ``table``, wrapped, boxed and set up to print."""
    _put(sheet, 1, 1, f"{top.name} — building code data matrix").font = Font(bold=True, size=14)
    _put(sheet, 2, 1, f"{top.site} {top.code}" if top.site else top.code)
    _put(sheet, 3, 1, f"Exported {top.exported.isoformat()}. Status: {top.progress}.")
    for number, (title, width) in enumerate(columns, start=1):
        cell = _put(sheet, HEADER_ROW, number, title)
        cell.font, cell.fill, cell.alignment, cell.border = Font(bold=True), _HEAD_FILL, _WRAP, _BOX
        sheet.column_dimensions[get_column_letter(number)].width = width
    for offset, cells in enumerate(table, start=1):
        for number, value in enumerate(cells, start=1):
            cell = _put(sheet, HEADER_ROW + offset, number, value)
            cell.alignment, cell.border = _WRAP, _BOX
    last = get_column_letter(len(columns))
    sheet.auto_filter.ref = f"A{HEADER_ROW}:{last}{HEADER_ROW + max(len(table), 1)}"
    sheet.freeze_panes = sheet.cell(HEADER_ROW + 1, 3)
    sheet.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_LETTER
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.oddFooter.center.text = "Page &P of &N"


def _put(sheet: Worksheet, row: int, column: int, value: Any) -> Any:
    """Write one cell; text is inert and never read as a formula."""
    if not isinstance(value, str):
        return sheet.cell(row, column, value)
    text = document_text(value)
    if len(text) > MAX_CELL_CHARS:
        text = text[: MAX_CELL_CHARS - 40] + " … (the rest is in the JSON export)"
    cell = sheet.cell(row, column)
    cell.value = text
    if text.startswith("=") or starts_formula(text):
        cell.data_type = "s"  # openpyxl reads a leading "=" as a formula; this cell is text
        cell.quotePrefix = True  # and Excel keeps it text if the consultant edits it
    return cell
