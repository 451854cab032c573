"""A note that is a to-do is exported as one: never passed off as the project's note, never counted done."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from openpyxl import load_workbook
from pypdf import PdfReader

from storage import TinyDBStorage
from tests.support import Clock
from wizard_core import open_wizard
from wizard_core.advisors.offline.advisor import OfflineAdvisor

TO_DO = "waiting on the mechanical engineer for the fixture schedule"


def _project(tmp_path: Path):
    wizard = open_wizard(TinyDBStorage(tmp_path / "data"), OfflineAdvisor(), clock=Clock())
    state = wizard.start_project("Notes to do")
    wizard.go_to_item(state.project_id, "3.27")
    wizard.process_user_response(state.project_id, TO_DO)
    return wizard, wizard.load_project(state.project_id)


def test_every_export_marks_a_to_do_note_as_to_do(tmp_path: Path) -> None:
    wizard, state = _project(tmp_path)
    assert state.answer_for("3.27").to_do

    (row,) = [r for r in json.loads(wizard.export(state, "json"))["items"] if r["item"] == "3.27"]
    assert row["to_do"] and row["answer_status"] == "to do" and row["answer"].startswith("To do: ")

    rows = list(csv.DictReader(io.StringIO(str(wizard.export(state, "csv")))))
    (notes,) = [r for r in rows if r["Item"] == "3.27"]
    assert notes["Answer"].startswith("To do: ") and notes["Status"] == "to do"

    markdown = str(wizard.export(state, "md"))
    (line,) = [line for line in markdown.splitlines() if line.startswith("| 3.27 |")]
    assert "To do: " in line

    sheet = load_workbook(io.BytesIO(wizard.export_file(state, "xlsx"))).worksheets[0]
    cells = [str(c.value) for row in sheet.iter_rows() for c in row if c.value]
    assert any(cell.startswith("To do: ") for cell in cells)
    assert not any(cell.lower().startswith("waiting on the mechanical") for cell in cells)

    pdf = " ".join(PdfReader(io.BytesIO(wizard.export_file(state, "pdf"))).pages[0].extract_text().split())
    assert "To do:" in pdf
