"""A matrix file's cells, read with limits: an .xlsx workbook or its CSV, never anything live.

A workbook is a zip file: before openpyxl opens it, its entries are counted and their
uncompressed sizes added up (a zip bomb is refused unopened), and a macro workbook is refused.
openpyxl then reads it in read-only mode, row by row, up to a row and cell limit; a cell holding
a formula is refused, since the wizard imports what the sheet says, not what it would compute.
Each refusal is a ``BadFile`` saying what was found and what to do; nothing is created.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterator
from pathlib import PurePath
from typing import Any

from wizard_core.errors import InputError
from wizard_core.sheet.grid import Grid

MAX_FILE_BYTES = 10 * 1024 * 1024  # a filled Part 3 workbook is some 20-60 kB
MAX_UNCOMPRESSED = 50 * 1024 * 1024
MAX_RATIO = 200  # uncompressed to compressed, per entry above 1 MB
MAX_ENTRIES = 1_000
MAX_ROWS = 2_000  # the sheet has about 100
MAX_CELLS = 40_000
COLUMNS = "ABCDEFGHIJKLMN"  # the template's columns; the sheet's answers end at L
MAX_SHEETS = 20
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_MACRO_TYPES = (b"macroEnabled", b"vbaProject")


class BadFile(InputError):
    """A file the wizard will not import; the message says why and what to do."""


def sheets(data: bytes, filename: str) -> Iterator[tuple[str, Grid]]:
    """Each sheet's cells (name, grid), for a workbook or a CSV, read as they are asked for;
    BadFile when the file cannot be used (the file itself is checked before the first is given)."""
    name = PurePath(filename).name or "the file"
    if len(data) > MAX_FILE_BYTES:
        raise BadFile(
            f"{name} is {len(data) / 1_048_576:.1f} MB; a data matrix workbook is far smaller "
            f"(the limit is {MAX_FILE_BYTES // 1_048_576} MB). No project was created."
        )
    if not data.strip():
        raise BadFile(f"{name} is empty. No project was created.")
    if data.startswith(_OLE):
        raise BadFile(
            f"{name} is an Excel 97-2003 workbook (.xls) or another Office file. Save it as an Excel "
            "workbook (.xlsx) and import that. No project was created."
        )
    if data.startswith(b"PK"):
        return _worksheets(_workbook(data, name), name)
    if name.lower().endswith((".xlsx", ".xlsm", ".xls")):
        raise BadFile(
            f"{name} is not an Excel workbook (its content is not a workbook's). No project was created."
        )
    return iter([(name, _csv(data, name))])


def _workbook(data: bytes, name: str) -> Any:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise BadFile(
            f"{name} is not a workbook: it is damaged or not an Excel file. No project was created."
        ) from None
    _limits(entries, name)
    names = {entry.filename for entry in entries}
    if "xl/workbook.xml" not in names:
        raise BadFile(
            f"{name} is not an Excel workbook (it is a zip file of something else, such as a Word document). "
            "No project was created."
        )
    types = archive.read("[Content_Types].xml") if "[Content_Types].xml" in names else b""
    if any(n.lower().endswith("vbaproject.bin") for n in names) or any(t in types for t in _MACRO_TYPES):
        raise BadFile(
            f"{name} is a macro-enabled workbook. The wizard does not open workbooks with macros: save a "
            "copy "
            "as an Excel workbook (.xlsx) and import that. No project was created."
        )
    from openpyxl import load_workbook  # only loaded by those who import a workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=False, keep_links=False)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise BadFile(
            f"{name} could not be read as a workbook ({type(error).__name__}). Open it in Excel, save it "
            "again as .xlsx, and import that. No project was created."
        ) from None
    return book


def _worksheets(book: Any, name: str) -> Iterator[tuple[str, Grid]]:
    try:
        for sheet in book.worksheets[:MAX_SHEETS]:
            yield sheet.title, _sheet_cells(sheet, name)
    finally:
        book.close()


def _limits(entries: list[zipfile.ZipInfo], name: str) -> None:
    if len(entries) > MAX_ENTRIES:
        raise BadFile(
            f"{name} holds {len(entries):,} parts, far more than a workbook. No project was created."
        )
    total = sum(entry.file_size for entry in entries)
    bomb = any(
        entry.file_size > 1_048_576 and entry.file_size > MAX_RATIO * max(entry.compress_size, 1)
        for entry in entries
    )
    if total > MAX_UNCOMPRESSED or bomb:
        raise BadFile(
            f"{name} expands to {total / 1_048_576:,.0f} MB when opened, far beyond a data matrix (the "
            "limit is "
            f"{MAX_UNCOMPRESSED // 1_048_576} MB); it was not opened. No project was created."
        )


def _sheet_cells(sheet: Any, name: str) -> Grid:
    grid: Grid = {}
    formulas: list[str] = []
    count = 0
    for number, row in enumerate(sheet.iter_rows(max_col=len(COLUMNS)), start=1):
        if number > MAX_ROWS:
            raise BadFile(
                f"{name}, sheet “{sheet.title}”, has more than {MAX_ROWS:,} rows; the Part 3 sheet has "
                "about 100. "
                "No project was created."
            )
        line: dict[str, Any] = {}
        for column, cell in zip(COLUMNS, row, strict=False):
            value = getattr(cell, "value", None)
            if value is None:
                continue
            if getattr(cell, "data_type", None) == "f":
                formulas.append(f"{column}{number}")
                continue
            line[column] = value
            count += 1
        if count > MAX_CELLS:
            raise BadFile(f"{name} has more than {MAX_CELLS:,} filled cells. No project was created.")
        if line:
            grid[number] = line
    if formulas:
        shown = ", ".join(formulas[:5]) + (f" and {len(formulas) - 5} more" if len(formulas) > 5 else "")
        raise BadFile(
            f"{name}, sheet “{sheet.title}”, has formulas (in {shown}). The wizard imports what a sheet "
            "says, not "
            "what it would compute: save a copy with values only (copy the sheet, then Paste Special > "
            "Values) "
            "and import that. No project was created."
        )
    return grid


def _csv(data: bytes, name: str) -> Grid:
    if b"\x00" in data:
        raise BadFile(
            f"{name} is not a workbook or a CSV file (it holds binary data). No project was created."
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")  # a CSV saved by Excel on Windows
    grid: Grid = {}
    count = 0
    try:
        reader = csv.reader(io.StringIO(text, newline=""))
        for number, row in enumerate(reader, start=1):
            if number > MAX_ROWS:
                raise BadFile(
                    f"{name} has more than {MAX_ROWS:,} rows; the Part 3 sheet has about 100. No project "
                    "was created."
                )
            line = {column: cell for column, cell in zip(COLUMNS, row, strict=False) if cell.strip()}
            count += len(line)
            if count > MAX_CELLS:
                raise BadFile(f"{name} has more than {MAX_CELLS:,} filled cells. No project was created.")
            if line:
                grid[number] = line
    except csv.Error as error:
        raise BadFile(f"{name} could not be read as CSV ({error}). No project was created.") from None
    return grid
