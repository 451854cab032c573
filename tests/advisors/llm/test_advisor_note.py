"""A model's own sentence never reaches the matrix: every export renders the answer from its checked
value, and keeps the sentence as the advisor's note in the review data only."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.advisors.llm.support import start
from tests.fake_openai import FakeOpenAI, reply
from wizard_core.models import FormAnswer

AREA = {"existing": 0, "new": 1150, "total": 1150}
INVENTED = "the client confirmed a 2nd-floor terrace of 80 m²"
CONTENT = f"3.04 Building area: 1,150 m² — {INVENTED}"
# Words of the invented fact that nothing else in a matrix says.
TRACES = ("client confirmed", "terrace", "80 m²")
NOTE_LABEL = "Advisor's note (its own words, not checked; not in the matrix)"


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


def _pdf_text(data: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())


def _sheet_text(book, name: str) -> str:
    return " ".join(str(c) for row in book[name].iter_rows(values_only=True) for c in row if c is not None)


def _absent(text: str, where: str) -> None:
    for trace in TRACES:
        assert trace not in text, f"{trace!r} reached the {where}"


def test_a_models_invented_fact_reaches_no_matrix_only_the_advisors_note_in_the_review_data(fake):
    wizard, pid = start(fake)
    wizard.go_to_item(pid, "3.04")
    fake.enqueue(reply({"type": "form_answer", "content": CONTENT, "confidence": 0.9,
                        "obc_references": [], "value": AREA}))  # fmt: skip
    result = wizard.process_user_response(pid, "1150 m2, all new.")
    assert result.type == "form_answer"
    state = wizard.load_project(pid)
    answer = state.answer_for("3.04")
    assert answer.value == AREA and answer.advisor_note == CONTENT
    _absent(answer.answer, "saved answer text")

    exported = {
        fmt: wizard.export_file(state, fmt) for fmt in ("md", "csv", "json", "pdf", "review-pdf", "xlsx")
    }
    markdown = exported["md"].decode("utf-8")
    _absent(markdown, "Markdown")
    assert "1,150" in markdown
    table = exported["csv"].decode("utf-8-sig")
    _absent(table, "CSV")
    rows = {row[0]: row for row in csv.reader(io.StringIO(table))}
    assert "1,150" in rows["3.04"][2]
    _absent(_pdf_text(exported["pdf"]), "drawing sheet")
    book = load_workbook(io.BytesIO(exported["xlsx"]))
    for name in ("Part 3", "Discussion"):
        _absent(_sheet_text(book, name), f"workbook's {name} sheet")

    # The review data keeps it, labelled as the advisor's note, beside the answer from the value.
    review = {r[0]: r for r in book["Review"].iter_rows(min_row=5, values_only=True)}
    header = list(review["Item"])
    note = review["3.04"][header.index(NOTE_LABEL)]
    assert note == CONTENT and INVENTED not in review["3.04"][header.index("Answer")]
    assert INVENTED not in review["3.04"][header.index("Basis")]
    copy = _pdf_text(exported["review-pdf"])
    assert f"{NOTE_LABEL}: {CONTENT}" in copy
    assert copy.count("terrace") == 1, "in the note, and nowhere else in the review copy"
    data = json.loads(exported["json"])
    item = next(i for i in data["items"] if i["item"] == "3.04")
    assert item["advisor_note"] == CONTENT and INVENTED not in item["answer"] + item["basis"]


def test_an_answer_saved_before_its_words_were_kept_apart_is_rendered_from_its_value(fake):
    wizard, pid = start(fake)
    state = wizard.load_project(pid)
    item = wizard.item("3.04")
    # As a record from before: the model's sentence is the answer's text, and no note.
    old = FormAnswer(
        section="3.04", question_number="3.04", title=item.title, question=item.question, answer=CONTENT,
        value=AREA, confidence=0.9, source="advisor", advisor="openai",
    )  # fmt: skip
    state.finalized_answers.append(old)
    for fmt in ("md", "csv"):
        _absent(wizard.export_file(state, fmt).decode("utf-8-sig"), fmt)
    _absent(_pdf_text(wizard.export_file(state, "pdf")), "drawing sheet")
    rows = {row["item"]: row for row in wizard.matrix_rows(state)}
    assert rows["3.04"]["basis"] == "3.04 Building area: Existing 0 m², new 1,150 m², total 1,150 m²."
    assert rows["3.04"]["advisor_note"] == CONTENT
    assert f"{NOTE_LABEL}: {CONTENT}" in _pdf_text(wizard.export_file(state, "review-pdf"))
