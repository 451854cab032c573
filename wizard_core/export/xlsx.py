"""The matrix as an Excel workbook, laid out as consultants know the matrix in Excel.

Sheet "Matrix": the heading rows (project, code edition, export date), then one row per item:
its number, title and answer, each part of the answer's value in its own column (numbers as
numbers, so the sheet can add them up), the OBC references beside them, then confidence, status,
source, override and basis. "Findings" holds the code checks and "Discussion" each item's
clarifying questions and answers.

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

MAX_CELL_CHARS = 32_767  # Excel's limit for one cell
# (answer type, key in its value or None for the whole value, column heading)
VALUE_COLUMNS: tuple[tuple[str, str | None, str], ...] = (
    ("area", "existing", "Existing (m²)"),
    ("area", "new", "New (m²)"),
    ("area", "total", "Total (m²)"),
    ("building_height", "storeys_above_grade", "Storeys above grade"),
    ("building_height", "storeys_below_grade", "Storeys below grade"),
    ("building_height", "height_m", "Height (m)"),
    ("construction", "restriction", "Construction required"),
    ("construction", "actual", "Construction actual"),
    ("construction", "heavy_timber", "Heavy timber"),
    ("occupant_load", "total", "Occupant load (persons)"),
    ("entrances_hazards", "barrier_free_entrances", "Barrier-free entrances"),
    ("entrances_hazards", "hazardous_substances", "Hazardous substances"),
    ("integer", None, "Number"),
)
# (heading, width in characters) of the columns before and after the value columns.
LEAD = (("Item", 7), ("Item title", 28), ("Answer", 42))
TAIL = (
    ("OBC references", 24),
    ("Confidence", 11),
    ("Status", 11),
    ("Source", 24),
    ("Override", 32),
    ("Basis", 60),
    ("Code checks", 44),
)
HEADER_ROW = 6
_WRAP = Alignment(wrap_text=True, vertical="top")
_THIN = Side(style="thin", color="999999")
_BOX = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
_HEAD_FILL = PatternFill("solid", fgColor="E6E6E6")


def xlsx_bytes(top: Heading, rows: list[dict[str, Any]], found: list[Finding]) -> bytes:
    """The workbook: "Matrix", "Findings" and "Discussion"."""
    book = Workbook()
    matrix = book.active
    assert matrix is not None  # a new workbook has its one sheet
    matrix.title = "Matrix"
    _matrix(matrix, top, rows)
    _sheet(
        book.create_sheet("Findings"),
        top,
        (("Item", 7), ("Severity", 10), ("Finding", 80), ("Articles", 24), ("See also", 14)),
        [[f.item, f.severity, f.message, ", ".join(f.articles), ", ".join(f.related)] for f in found]
        or [
            [
                "",
                "",
                "No contradictions found between the answers and the code's classification rules.",
                "",
                "",
            ]
        ],
    )
    _sheet(
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


def _matrix(sheet: Worksheet, top: Heading, rows: list[dict[str, Any]]) -> None:
    columns = (*LEAD, *((title, 13) for _, _, title in VALUE_COLUMNS), *TAIL)
    table = []
    for row in rows:
        answered = row["status"] == "answered"
        values = [_value_cell(row, kind, key) if answered else None for kind, key, _ in VALUE_COLUMNS]
        confidence = row["confidence"]
        table.append(
            [
                row["item"],
                row["title"],
                row["answer"] if answered else "Unanswered",
                *values,
                ", ".join(row["references"]),
                None if confidence is None else round(confidence, 2),
                status_text(row),
                source_text(row) if answered else "",
                _override(row),
                row["basis"],
                " | ".join(row["code_checks"]),
            ]
        )
    _sheet(sheet, top, columns, table)
    sheet.freeze_panes = sheet.cell(HEADER_ROW + 1, 3)  # the headings and each row's number and title


def _value_cell(row: dict[str, Any], kind: str, key: str | None) -> Any:
    if row["answer_type"] != kind or row["value"] is None:
        return None
    value = row["value"] if key is None else row["value"].get(key) if isinstance(row["value"], dict) else None
    if isinstance(value, bool):
        return "Yes" if value else "No"
    return value


def _override(row: dict[str, Any]) -> str:
    if not row["override"]:
        return ""
    return f"Recorded despite the code checks ({'; '.join(row['override_findings'])}): {row['override']}"


def _sheet(sheet: Worksheet, top: Heading, columns: Any, table: list[list[Any]]) -> None:
    """The heading rows, the column headings and ``table``, wrapped, boxed and set up to print."""
    _put(sheet, 1, 1, f"{top.name} — building code data matrix").font = Font(bold=True, size=14)
    _put(sheet, 2, 1, f"{top.site} {top.form}" if top.site else top.form)
    _put(sheet, 3, 1, top.code)
    _put(sheet, 4, 1, f"Exported {top.exported.isoformat()}. Status: {top.progress}.")
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
    sheet.freeze_panes = sheet.cell(HEADER_ROW + 1, 1)
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
