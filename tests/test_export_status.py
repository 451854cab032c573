"""One truth about each answer's status in every export, and 'complete' only when it is.

A project holds every kind of status — confirmed, proposed, overridden, flagged, skipped, to do —
and the Markdown, CSV, JSON, workbook and PDF exports must agree on each item and on the counts.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from openpyxl import load_workbook
from pypdf import PdfReader

from storage import TinyDBStorage
from tests.support import TRANSCRIPTS, Clock
from wizard_core import open_wizard
from wizard_core.replay import ReplayClock, load_transcript, replay


def _every_status(tmp_path: Path):
    wizard = open_wizard(TinyDBStorage(tmp_path / "data"), clock=Clock())
    project = wizard.start_project("Statuses").project_id
    wizard.process_user_response(project, "New construction.")  # 3.01 proposed
    wizard.confirm_answer(project, "3.01")  # ... then confirmed
    wizard.process_user_response(project, "Group D, offices.")  # 3.02 proposed
    wizard.skip_item(project, "3.03")  # 3.03 skipped
    wizard.answer_directly(project, "3.09", 2)  # typed: confirmed
    wizard.answer_directly(project, "3.12", False)
    state = wizard.load_project(project)
    state.flagged["3.02"] = "3.01 was revised; check this answer still holds."
    state.finalized_answers = [  # as the gate keeps an answer the consultant insisted on
        a.model_copy(update={"override": "an alternative solution covers it", "override_findings": ["x"]})
        if a.section == "3.12"
        else a
        for a in state.finalized_answers
    ]
    wizard.storage.save_project(state)
    return wizard, wizard.load_project(project)


def test_every_format_gives_each_item_the_same_status_and_counts(tmp_path):
    wizard, state = _every_status(tmp_path)
    document = json.loads(wizard.export(state, "json"))
    statuses = {item["item"]: item["answer_status"] for item in document["items"]}
    assert {k: statuses[k] for k in ("3.00", "3.01", "3.02", "3.03", "3.09", "3.12", "3.04")} == {
        "3.00": "confirmed",  # the project's own edition
        "3.01": "confirmed",
        "3.02": "flagged",
        "3.03": "skipped",
        "3.09": "confirmed",
        "3.12": "overridden",
        "3.04": "to do",
    }
    assert document["counts"] == {
        "confirmed": 3, "proposed": 0, "overridden": 1, "flagged": 1, "skipped": 1, "to do": 22
    }  # fmt: skip
    assert document["complete"] is False and document["status"].startswith("3 of 28 confirmed")

    rows = list(csv.reader(io.StringIO(wizard.export(state, "csv"))))
    assert rows[0][3] == "Status" and {r[0]: r[3] for r in rows[1:]} == statuses

    markdown = wizard.export(state, "md")
    assert "Status: 3 of 28 confirmed (1 overridden, 1 flagged, 1 skipped, 22 to do)." in markdown
    for line in markdown.splitlines():
        if line.startswith("| 3."):
            item, status = (cell.strip() for cell in line.split(" | ")[0:4:3])
            assert status == statuses[item.strip("| ")]

    book = load_workbook(io.BytesIO(wizard.export_file(state, "xlsx")))
    sheet = book["Part 3"]
    assert sheet["A1"].value.endswith(": 3 of 28 confirmed (1 overridden, 1 flagged, 1 skipped, 22 to do)")
    marks = {
        str(row[0].value): row[12].value for row in sheet.iter_rows() if str(row[0].value).startswith("3.")
    }
    assert {k: marks[k] for k in ("3.00", "3.01", "3.02", "3.03", "3.09", "3.12", "3.04")} == {
        "3.00": None,  # confirmed answers carry no mark
        "3.01": None,
        "3.02": "FLAGGED",
        "3.03": "SKIPPED",
        "3.09": None,
        "3.12": "OVERRIDDEN",
        "3.04": "TO DO",
    }
    review = {row[0]: row[3] for row in book["Review"].iter_rows(min_row=6, values_only=True)}
    assert review["3.12"] == "overridden: an alternative solution covers it" and review["3.02"] == "flagged"

    pdf = PdfReader(io.BytesIO(wizard.export_file(state, "pdf")))
    text = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
    assert "STATUS 3 of 28 confirmed (1 overridden, 1 flagged, 1 skipped, 22 to do)" in text
    for tag in ("FLAGGED", "OVERRIDDEN", "SKIPPED", "TO DO"):
        assert f"{tag}:" in text  # explained in the legend, and tagged in the matrix
        assert len(re.findall(rf"\b{tag}\b", text)) >= 2, tag
    assert "PROPOSED" not in text  # none is only proposed
    review = PdfReader(io.BytesIO(wizard.export_file(state, "review-pdf")))
    text = " ".join(" ".join(page.extract_text() for page in review.pages).split())
    assert "Status: 3 of 28 confirmed" in text and "overridden: an alternative solution covers it" in text


def test_no_export_says_complete_while_an_answer_is_only_proposed(tmp_path):
    clock = ReplayClock()
    wizard = open_wizard(TinyDBStorage(tmp_path / "data"), clock=clock)
    report = replay(wizard, load_transcript(TRANSCRIPTS / "office-rows.json"), clock)
    state = wizard.load_project(report["project_id"])
    assert state.complete  # every item answered, most of them only proposed
    for fmt in ("md", "json"):
        assert "complete" not in wizard.export(state, fmt).split("## Basis")[0].replace(
            '"complete": false', ""
        )
    wizard.confirm_all(state.project_id)
    confirmed = wizard.load_project(state.project_id)
    document = json.loads(wizard.export(confirmed, "json"))
    assert document["complete"] is True and document["status"] == "complete"
    assert "Status: complete." in wizard.export(confirmed, "md")
