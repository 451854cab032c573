"""Files that are not a Part 3 matrix get a clear message and create no project.

Every file here is made by the test: not a workbook, another layout, formulas, a macro
workbook, a sheet of 100,000 rows and a zip bomb.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook

from storage import TinyDBStorage
from tests.sheet.full_project import fill
from tests.support import Clock
from wizard_core import InputError, open_wizard


@pytest.fixture
def wizard(tmp_path: Path):
    return open_wizard(TinyDBStorage(tmp_path / "data"), clock=Clock())


def _refused(wizard, data: bytes, filename: str, *words: str) -> str:
    before = len(wizard.list_projects())
    with pytest.raises(InputError) as raised:
        wizard.import_matrix(data, filename)
    message = str(raised.value)
    assert "No project was created" in message
    for word in words:
        assert word.casefold() in message.casefold(), message
    assert len(wizard.list_projects()) == before
    return message


def _book_bytes(book: Workbook) -> bytes:
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _our_workbook(wizard) -> bytes:
    project = fill(wizard, "Source")
    data = wizard.export(wizard.load_project(project), "xlsx")
    wizard.delete_project(project)
    return data


@pytest.mark.parametrize(
    ("data", "filename", "words"),
    [
        (b"%PDF-1.7\n1 0 obj <<>> endobj\n", "matrix.xlsx", ("not an Excel workbook",)),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "old.xls", ("97-2003", ".xlsx")),
        (b"PK\x03\x04 this zip is cut short", "cut.xlsx", ("damaged",)),
        (b"\x00\x01\x02binary\x00", "matrix.csv", ("binary",)),
        (b"", "empty.xlsx", ("empty",)),
    ],
    ids=["pdf-named-xlsx", "xls", "damaged-zip", "binary-csv", "empty"],
)
def test_not_a_workbook(wizard, data, filename, words):
    _refused(wizard, data, filename, *words)


def test_a_zip_of_something_else(wizard):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("word/document.xml", "<w:document/>")
        archive.writestr("[Content_Types].xml", "<Types/>")
    _refused(wizard, out.getvalue(), "letter.xlsx", "not an Excel workbook")


def test_another_layout(wizard):
    book = Workbook()
    sheet = book.active
    sheet.append(["Item", "Answer"])
    for number in range(28):
        sheet.append([f"Q{number}", "yes"])
    _refused(wizard, _book_bytes(book), "survey.xlsx", "not laid out as the OAA Part 3")
    _refused(wizard, b"Item,Answer\r\n3.04,1200\r\n3.07,3 storeys\r\n", "flat.csv", "rows for 0 of the 28")


def test_the_wizards_flat_csv_export_is_another_layout(wizard):
    flat = wizard.export(wizard.load_project(fill(wizard, "Flat")), "csv").encode()
    _refused(wizard, flat, "flat.csv", "not laid out")


def test_formulas(wizard):
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(_our_workbook(wizard)))
    sheet = book["Part 3"]
    total = next(r for r in sheet.iter_rows() if r[3].value == "TOTAL")
    sheet[f"K{total[0].row}"] = f"=I{total[0].row}+J{total[0].row}"
    _refused(wizard, _book_bytes(book), "formulas.xlsx", "formulas", f"K{total[0].row}", "Paste Special")


def test_a_macro_workbook(wizard):
    source = zipfile.ZipFile(io.BytesIO(_our_workbook(wizard)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for entry in source.infolist():
            archive.writestr(entry, source.read(entry))
        archive.writestr("xl/vbaProject.bin", b"\x00" * 64)
    _refused(wizard, out.getvalue(), "matrix.xlsm", "macro")


def test_a_workbook_of_100000_rows(wizard):
    book = Workbook(write_only=True)
    sheet = book.create_sheet("Part 3")
    for number in range(100_000):
        sheet.append([number, "filler"])
    _refused(wizard, _book_bytes(book), "huge.xlsx", "more than 2,000 rows")


def test_a_csv_of_100000_rows(wizard):
    data = b"".join(b"%d,filler\r\n" % n for n in range(100_000))
    _refused(wizard, data, "huge.csv", "more than 2,000 rows")


def test_a_zip_bomb(wizard):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("xl/workbook.xml", "<workbook/>")
        archive.writestr("xl/worksheets/sheet1.xml", b"<" + b" " * (120 * 1024 * 1024) + b"/>")
    data = out.getvalue()
    assert len(data) < 1_000_000  # small on disk, 120 MB opened
    _refused(wizard, data, "bomb.xlsx", "expands to", "not opened")


def test_an_oversized_file(wizard):
    _refused(wizard, b"x" * (11 * 1024 * 1024), "big.csv", "MB")
