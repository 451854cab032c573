"""A matrix brought in through the start page in a real browser, confirmed, and downloaded as the sheet."""

from __future__ import annotations

import io
from pathlib import Path

from openpyxl import load_workbook
from pypdf import PdfReader

from storage import InMemoryStorage
from tests.sheet.full_project import fill
from tests.support import Clock
from tests.ui.browser import chromium, needs_chromium, settled, streamlit_app
from wizard_core import open_wizard

pytestmark = needs_chromium


def _workbook() -> bytes:
    """A full matrix as another office's wizard exported it."""
    wizard = open_wizard(InMemoryStorage(), clock=Clock())
    project = fill(wizard, "Front St offices")
    wizard.set_project_practice(project, "Acme Architects Inc.", "1 Queen St E", "Toronto ON", "416-555-0100")
    return wizard.export(wizard.load_project(project), "xlsx")


def test_upload_a_workbook_confirm_the_answers_and_download_the_sheet(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    upload = {
        "name": "front-st.xlsx",
        "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "buffer": _workbook(),
    }
    with streamlit_app(tmp_path) as app_url, chromium(accept_downloads=True) as context:
        page = context.new_page()
        page.goto(app_url)
        main = page.get_by_test_id("stMain")
        main.locator("input[type=file]").set_input_files(files=[upload])
        expect(main.get_by_text("front-st.xlsx")).to_be_visible()
        main.get_by_role("button", name="Import matrix").click()
        expect(page.get_by_role("heading", name="Front St offices")).to_be_visible()
        expect(page.get_by_text("Imported 27 answers")).to_be_visible()

        # Nothing imported is taken as confirmed: the drawing sheet marks every answer until it is.
        settled(page)
        page.get_by_role("button", name="Confirm all proposed (27)").click()
        expect(page.get_by_role("button", name="Confirm all proposed (27)")).to_have_count(0)
        settled(page)
        page.get_by_role("tab", name="Matrix and export").click()

        with page.expect_download() as download:
            page.get_by_role("button", name="Download PDF (drawing sheet)").click()
        assert download.value.suggested_filename == "front-st-offices-data-matrix.pdf"
        sheet = PdfReader(Path(download.value.path()))
        assert len(sheet.pages) == 1
        box = sheet.pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == (1224, 792)  # tabloid, landscape
        text = sheet.pages[0].extract_text()
        assert "Acme Architects Inc." in text and "Seal & Signature" in text
        assert "PROPOSED" not in text and "complete" in text

        with page.expect_download() as download:
            page.get_by_role("button", name="Download Excel").click()
        book = load_workbook(io.BytesIO(Path(download.value.path()).read_bytes()))
        assert book.sheetnames == ["Part 3", "Review", "Discussion"]
        first = book["Part 3"]
        assert str(first["A1"].value).endswith("complete")
        assert [c.value for c in first["M"] if c.value] == ["STATUS"]  # nothing left unconfirmed
        assert first["C3"].value == "Acme Architects Inc."
