"""The workbook leaves as the OAA Part 3 sheet and comes back in with the same cells."""

from __future__ import annotations

import io
from pathlib import Path

from openpyxl import load_workbook

from storage import TinyDBStorage
from tests.sheet.full_project import fill
from tests.support import Clock
from wizard_core import open_wizard
from wizard_core.sheet.blocks import BLOCKS

TEMPLATE = Path(__file__).parent / "data" / "OBC_2024_PART3.csv"


def _wizard(tmp_path: Path):
    return open_wizard(TinyDBStorage(tmp_path / "data"), clock=Clock())


def _cells(workbook: bytes) -> list[list[object]]:
    """Columns A to L of the first sheet from the project rows on (the date row is the export's own)."""
    sheet = load_workbook(io.BytesIO(workbook))["Part 3"]
    return [list(row[:12]) for row in sheet.iter_rows(min_row=10, values_only=True)]


def test_app_to_workbook_to_app_to_workbook_gives_the_same_cells(tmp_path):
    wizard = _wizard(tmp_path)
    project = fill(wizard)
    first = wizard.export(wizard.load_project(project), "xlsx")
    imported = wizard.import_matrix(first, "office.xlsx", name="Office again")
    again = wizard.load_project(imported.state.project_id)
    second = wizard.export(again, "xlsx")
    assert _cells(second) == _cells(first)
    assert imported.problems == []
    original = wizard.load_project(project)
    for answer in original.finalized_answers:
        copy = again.answer_for(answer.section)
        assert copy is not None and copy.value == answer.value, answer.section
    assert len(imported.imported) == 27  # every item but 3.00, which is the project's edition


def test_imported_answers_are_proposed_with_their_file_as_source(tmp_path):
    wizard = _wizard(tmp_path)
    data = wizard.export(wizard.load_project(fill(wizard)), "xlsx")
    state = wizard.import_matrix(data, "office.xlsx", name="From the workbook").state
    imported = [a for a in state.finalized_answers if a.section != "3.00"]
    assert all(a.source == "imported" and a.imported_from == "office.xlsx" for a in imported)
    assert all(not a.confirmed for a in imported)
    document = wizard.export(state, "json")
    assert '"confirmed": 1' in document and '"complete": false' in document  # only the edition
    assert "imported from office.xlsx" in wizard.export(state, "csv")


def test_the_first_sheet_has_the_templates_item_order_sub_rows_and_headings(tmp_path):
    wizard = _wizard(tmp_path)
    data = wizard.export(wizard.load_project(fill(wizard)), "xlsx")
    book = load_workbook(io.BytesIO(data))
    assert book.sheetnames == ["Part 3", "Review", "Discussion"]
    sheet = book["Part 3"]
    column_a = [str(c.value).strip() for c in sheet["A"] if c.value and str(c.value).startswith("3.")]
    assert column_a == [block.item for block in BLOCKS]
    labels = {str(c.value) for row in sheet.iter_rows() for c in row if c.value}
    for heading in (
        "OBC REFERENCE [1]",
        "Name of Practice",
        "Seal & Signature",
        "LAST CODE AMENDMENT",
        "OCCUPANT LOAD (PERSONS)",
        "POSTED LIMIT REQUIRED",
        "% UPO PERMITTED / ACTUAL",
        "BARRIER-FREE WATER CLOSETS REQUIRED / PROVIDED",
        "NONCOMBUSTIBLE IN LIEU OF RATING?",
        "DEGREE DAYS BELOW 18 C:",
        "OPTION IMPLEMENTED:",
    ):
        assert heading in labels, heading
    assert any(label.startswith("ALL REFERENCES ARE TO DIVISION B") for label in labels)
    # The answers sit in the template's cells: 3.07's storeys in D and height in J, references in L.
    row = next(r for r in sheet.iter_rows() if r[0].value == "3.07")
    assert (row[3].value, row[9].value, row[11].value) == (3, 12.5, "[A] 1.4.1.2., 3.2.1.1.")


def test_the_review_sheet_holds_status_confidence_source_basis_and_the_articles_compared(tmp_path):
    wizard = _wizard(tmp_path)
    project = wizard.start_project("Review data").project_id
    for message in ("New construction.", "Group D offices.", "No", "1,200 m2, all new"):
        wizard.process_user_response(project, message)
    data = wizard.export(wizard.load_project(project), "xlsx")
    review = load_workbook(io.BytesIO(data))["Review"]
    heads = [c.value for c in review[5]]
    assert heads[:8] == [
        "Item", "Item title", "Answer", "Status", "Confidence", "Source", "OBC references",
        "Other articles that fit",
    ]  # fmt: skip
    rows = {r[0]: r for r in review.iter_rows(min_row=6, values_only=True)}
    assert rows["3.01"][3] == "proposed" and rows["3.01"][4] >= 0.5
    assert rows["3.04"][3] == "proposed" and rows["3.05"][3] == "unanswered"
    assert "offline" in rows["3.01"][5]


def test_3_10_references_are_the_articles_chosen_and_the_others_that_fit_go_to_the_review(tmp_path):
    wizard = _wizard(tmp_path)
    data = wizard.export(wizard.load_project(fill(wizard)), "xlsx")
    book = load_workbook(io.BytesIO(data))
    classification = next(r for r in book["Part 3"].iter_rows(values_only=True) if r[0] == "3.10")
    assert classification[11] == "3.2.2.60., 3.2.2.66."  # what the answer relies on, as the sheet prints it
    review = {r[0]: r for r in book["Review"].iter_rows(min_row=6, values_only=True)}
    assert review["3.10"][6] == "3.2.2.60, 3.2.2.66"
    others = review["3.10"][7].split(", ")
    assert others and not {"3.2.2.60", "3.2.2.66"} & set(others)
    assert all(article.startswith("3.2.2.") for article in others)


def test_the_public_template_csv_imports_its_filled_cells_as_proposed_answers(tmp_path):
    wizard = _wizard(tmp_path)
    result = wizard.import_matrix(TEMPLATE.read_bytes(), TEMPLATE.name)
    state = wizard.load_project(result.state.project_id)
    values = {a.section: a.value for a in state.finalized_answers}
    # The template's filled cells: its sample occupancies, building height, "No" and "Low".
    assert values["3.02"] == ["A2", "F1", "A3", "B1", "E"]
    assert values["3.07"] == {"storeys_above_grade": 2, "storeys_below_grade": 1, "height_m": 6.2}
    assert values["3.08"] is False and values["3.16"] == "Low"
    assert all(a.proposed for a in state.finalized_answers if a.section != "3.00")
    # Placeholders ("-", "TEXT HERE", "Select applicable", "/") are empty: nothing else was imported.
    assert set(values) == {"3.00", "3.02", "3.07", "3.08", "3.16"}
    assert state.practice is None and state.name == "OBC_2024_PART3"
    # The cells that say something without an answer are named, never dropped silently.
    assert any("3.17" in p and "NEITHER SC1 NOR SC2" in p for p in result.problems)


def test_practice_and_project_rows_come_back_in(tmp_path):
    wizard = _wizard(tmp_path)
    project = fill(wizard)
    wizard.set_project_practice(project, "Acme Architects Inc.", "1 Queen St E", "Toronto ON", "416-555-0100")
    data = wizard.export(wizard.load_project(project), "xlsx")
    state = wizard.import_matrix(data, "acme.xlsx").state
    assert state.name == "Sheet office (2)"  # the sheet's project name, made unique
    assert state.address == "100 Front St W, Toronto"
    assert state.practice is not None and state.practice.name == "Acme Architects Inc."
    assert state.practice.contact == "416-555-0100"


def test_not_applicable_answers_print_n_a_and_come_back_not_applicable(tmp_path):
    wizard = _wizard(tmp_path)
    project = fill(wizard)
    answerable_na = [item.number for item in wizard.items if item.allows_not_applicable]
    assert answerable_na == ["3.06", "3.22", "3.23", "3.25", "3.26", "3.27"]
    for section in answerable_na:
        wizard.answer_directly(project, section, None)
    first = wizard.export(wizard.load_project(project), "xlsx")
    sheet = load_workbook(io.BytesIO(first))["Part 3"]
    starts = {str(r[0].value): r[0].row for r in sheet.iter_rows() if str(r[0].value).startswith("3.")}
    assert sheet[f"D{starts['3.26']}"].value == "N/A"  # the item's first answer cell
    assert sheet[f"D{starts['3.06'] + 1}"].value == "N/A"  # 3.06's first description row
    result = wizard.import_matrix(first, "na.xlsx", name="Not applicable")
    state = wizard.load_project(result.state.project_id)
    for section in answerable_na:
        answer = state.answer_for(section)
        assert answer is not None and answer.value is None and answer.not_applicable, section
    assert result.problems == []
    assert _cells(wizard.export(state, "xlsx")) == _cells(first)
