"""A cell that cannot be read is named by item, row and column, with what was found; its item stays to do."""

from __future__ import annotations

import io
from pathlib import Path

from openpyxl import load_workbook

from storage import TinyDBStorage
from tests.sheet.full_project import fill
from tests.support import Clock
from wizard_core import open_wizard


def _edited(tmp_path: Path, edits: dict[str, object]) -> tuple[object, bytes]:
    wizard = open_wizard(TinyDBStorage(tmp_path / "data"), clock=Clock())
    data = wizard.export(wizard.load_project(fill(wizard)), "xlsx")
    book = load_workbook(io.BytesIO(data))
    sheet = book["Part 3"]
    rows = {str(r[0].value): r[0].row for r in sheet.iter_rows() if r[0].value}
    for where, value in edits.items():
        item, offset, column = where.split(":")
        sheet[f"{column}{rows[item] + int(offset)}"] = value
    out = io.BytesIO()
    book.save(out)
    return wizard, out.getvalue()


def test_a_word_where_a_number_goes_is_named_and_its_item_left_to_do(tmp_path):
    wizard, data = _edited(tmp_path, {"3.07:0:J": "about twelve", "3.18:1:I": "lots"})
    result = wizard.import_matrix(data, "edited.xlsx", name="Edited")
    assert any(
        p.startswith("3.07, row") and "column J" in p and "“about twelve”" in p and "a number" in p
        for p in result.problems
    ), result.problems
    assert any(p.startswith("3.18, row") and "column I" in p and "“lots”" in p for p in result.problems)
    state = wizard.load_project(result.state.project_id)
    assert state.answer_for("3.07") is None and state.answer_for("3.18") is None
    assert state.answer_for("3.08") is not None  # the rest came in
    assert "3.07" in result.message and "about twelve" in result.message


def test_feet_in_a_metric_cell_and_an_unknown_option_are_asked_about_not_guessed(tmp_path):
    wizard, data = _edited(tmp_path, {"3.04:4:J": "12,900 sf", "3.13:0:D": "Three stage"})
    result = wizard.import_matrix(data, "edited.xlsx", name="Edited")
    assert any("3.04" in p and "12,900 sf" in p and "metric" in p for p in result.problems)
    assert any("3.13" in p and "Three stage" in p for p in result.problems)
    state = wizard.load_project(result.state.project_id)
    assert state.answer_for("3.04") is None and state.answer_for("3.13") is None


def test_an_option_in_the_consultants_words_is_read_and_said_so(tmp_path):
    wizard, data = _edited(tmp_path, {"3.11:0:D": "Fully sprinklered throughout"})
    result = wizard.import_matrix(data, "edited.xlsx", name="Edited")
    state = wizard.load_project(result.state.project_id)
    answer = state.answer_for("3.11")
    assert answer is not None and answer.value == "Entire building" and answer.confidence < 0.8
    assert any("Fully sprinklered throughout" in note for note in result.notes)


def test_text_in_a_cell_the_sheet_has_no_entry_for_is_named(tmp_path):
    wizard, data = _edited(tmp_path, {"3.08:0:G": "see fire engineer's memo"})
    result = wizard.import_matrix(data, "edited.xlsx", name="Edited")
    assert any("3.08" in p and "column G" in p and "fire engineer" in p for p in result.problems)
