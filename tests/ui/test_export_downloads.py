"""The page's export downloads through AppTest: what each button would hand the consultant.

AppTest drops its media files when a run ends, so the files the download buttons register are
recorded as Streamlit stores them (its own media storage, wrapped), then opened as a consultant
would: the PDF with pypdf, the workbook with openpyxl, the CSV as Excel reads UTF-8.
"""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from tests.ui.test_app import create, matrix_view, say


@pytest.fixture
def downloads(monkeypatch) -> dict[str, tuple[bytes, str, str | None]]:
    """File name -> (data, media type, file name) of every file the page offered."""
    offered: dict[str, tuple[bytes, str, str | None]] = {}
    real = MemoryMediaFileStorage.load_and_get_id

    def recording(self, path_or_data, mimetype, kind, filename=None):  # type: ignore[no-untyped-def]
        if isinstance(path_or_data, bytes) and filename:
            offered[filename] = (path_or_data, mimetype, filename)
        return real(self, path_or_data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", recording)
    return offered


def test_the_matrix_tab_offers_every_format_as_a_file_that_opens(downloads) -> None:
    at = create("12 King St — offices", address="12 King St W, Toronto ON")
    say(at, "New construction")
    say(at, "Group D offices")
    matrix_view(at)
    assert not at.exception
    stem = "12-king-st-offices-data-matrix"
    names = {f"{stem}.{ext}" for ext in ("md", "csv", "json", "pdf", "xlsx")} | {f"{stem}-review.pdf"}
    assert set(downloads) == names

    pdf, mime, _ = downloads[f"{stem}.pdf"]
    sheet_pdf = PdfReader(io.BytesIO(pdf))
    text = " ".join(sheet_pdf.pages[0].extract_text().split())
    assert mime == "application/pdf" and len(sheet_pdf.pages) == 1
    assert "12 King St — offices" in text and "12 King St W, Toronto ON" in text  # the title block
    # A proposed answer is tagged; the status line counts what is confirmed.
    assert "PROPOSED" in text and "1 of 28 confirmed (2 proposed, 25 to do)" in text

    review, _, _ = downloads[f"{stem}-review.pdf"]
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(review)).pages).split())
    assert "Site address: 12 King St W, Toronto ON." in text and "Page 1 of" in text

    xlsx, mime, _ = downloads[f"{stem}.xlsx"]
    sheet = load_workbook(io.BytesIO(xlsx))["Part 3"]
    assert mime.endswith("spreadsheetml.sheet")
    firsts = {row[0]: row for row in sheet.iter_rows(values_only=True) if str(row[0]).startswith("3.")}
    assert firsts["3.00"][3] == "O. Reg. 163/24" and firsts["3.01"][3] == "New construction"
    assert (firsts["3.01"][12], firsts["3.00"][12]) == ("PROPOSED", None)

    data, mime, _ = downloads[f"{stem}.csv"]
    assert data.startswith(b"\xef\xbb\xbfItem,") and mime.startswith("text/csv")


def test_the_files_are_made_once_per_project_revision(downloads, monkeypatch) -> None:
    at = create("Once only")
    say(at, "New construction")
    matrix_view(at)
    from wizard_core import Wizard

    made: list[str] = []
    real = Wizard.export_file

    def counting(self, state, fmt, found=None, paper="tabloid"):  # type: ignore[no-untyped-def]
        made.append(fmt)
        return real(self, state, fmt, found, paper)

    monkeypatch.setattr(Wizard, "export_file", counting)
    at.run()
    assert made == []  # a rerun of the same revision lays nothing out again
    at.session_state["view"] = "Current item"
    say(at.run(), "Group D offices")
    matrix_view(at)
    assert sorted(made) == ["csv", "json", "md", "pdf", "review-pdf", "xlsx"]
    made.clear()
    at.session_state["export-paper"] = "arch-d"
    at.run()
    assert made == ["pdf"]  # another paper: only the drawing sheet is laid out anew
