"""The drawing sheet and the review copy as a consultant prints them, read back with pypdf.

Projects are real and kept on a TinyDB store: every item answered directly (so all confirmed),
or answered through the offline advisor (proposed until the consultant confirms them).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from storage import TinyDBStorage
from tests.sheet.full_project import fill
from tests.support import Clock, scenario
from wizard_core import Wizard, open_wizard
from wizard_core.export import PAPERS, export, heading, matrix_rows
from wizard_core.export.pdf import pdf_bytes
from wizard_core.models import Practice, ProjectState
from wizard_core.sheet.blocks import BLOCKS
from wizard_core.sheet.items import BY_ITEM
from wizard_core.sheet.write import sheet_lines

PRACTICE = Practice(
    name="Harbour & Vale Architects",
    address_1="12 Queen St E",
    address_2="Toronto ON",
    contact="J. Okafor, OAA",
)
TAGS = ("PROPOSED", "OVERRIDDEN", "FLAGGED", "SKIPPED", "TO DO")
POINTS = 72 / 25.4  # PDF points in a millimetre


def _wizard(tmp_path: Path) -> Wizard:
    return open_wizard(TinyDBStorage(tmp_path / "data"), clock=Clock())


def _read(data: str | bytes) -> PdfReader:
    assert isinstance(data, bytes)
    return PdfReader(io.BytesIO(data))


def _sheet(wizard: Wizard, state: ProjectState, paper: str = PAPERS[0]) -> PdfReader:
    return _read(export(state, wizard.forms, "pdf", at=Clock()(), practice=PRACTICE, paper=paper))


def _review(wizard: Wizard, state: ProjectState) -> PdfReader:
    return _read(export(state, wizard.forms, "review-pdf", at=Clock()(), practice=PRACTICE))


def _text(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


def _words(text: str) -> str:
    return " ".join(text.split())


def _item(text: str, number: str) -> str:
    """An item's lines of the sheet's text, from its number and title to the next item's."""
    start = text.index(f"{number} {BY_ITEM[number].title}")
    after = [block.item for block in BLOCKS if block.item > number]
    return text[start : text.index(f"{after[0]} {BY_ITEM[after[0]].title}") if after else None].strip()


def _body(reader: PdfReader) -> str:
    """The review copy's text without each page's heading and page number, and without spaces
    (a long word is broken onto lines)."""
    pages = [_words(page.extract_text()) for page in reader.pages]
    bodies = [re.sub(r"^.*? Status: [^.]*\. ", "", page).rsplit(" Page ", 1)[0] for page in pages]
    return re.sub(r"\s+", "", " ".join(bodies))


@pytest.fixture
def full(tmp_path: Path) -> tuple[Wizard, ProjectState]:
    wizard = _wizard(tmp_path)
    return wizard, wizard.load_project(fill(wizard))


@pytest.fixture
def proposed(tmp_path: Path) -> tuple[Wizard, ProjectState]:
    """3.00 set by the edition, 3.01 proposed by the offline advisor, the rest to do."""
    wizard = _wizard(tmp_path)
    project = wizard.start_project("Harbour office", address="8 Bay St, Toronto").project_id
    wizard.process_user_response(project, "New construction.")
    return wizard, wizard.load_project(project)


def _with_note(wizard: Wizard, state: ProjectState, note: str) -> ProjectState:
    """``state`` with ``note`` as 3.27's answer (as a record from outside the wizard could hold it)."""
    copy = state.model_copy(deep=True)
    copy.finalized_answers = [
        answer.model_copy(update={"value": note}) if answer.section == "3.27" else answer
        for answer in copy.finalized_answers
    ]
    return copy


def test_a_full_project_is_one_tabloid_landscape_page_with_every_item_and_a_title_block(full) -> None:
    wizard, state = full
    reader = _sheet(wizard, state)
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (1224, 792)  # 17 x 11 in
    text = _words(_text(reader))
    for item in wizard.items:
        assert re.search(rf"(^| ){re.escape(item.number)} ", text), item.number
    for shown in ("Sheet office", "100 Front St W, Toronto", "Harbour & Vale Architects", "12 Queen St E"):
        assert shown in text
    assert "Seal & Signature" in text and "2026-03-02" in text and "O. Reg. 163/24" in text
    assert "PART 3 - FIRE PROTECTION, OCCUPANT SAFETY AND ACCESSIBILITY" in text
    assert "laid out as the Ontario Association of Architects' sheet" in text  # the footer
    assert "STATUS complete" in text
    assert not any(tag in text for tag in TAGS)  # every answer confirmed: nothing marked
    assert "Every answer is confirmed; none is marked." in text
    # The practice and project rows are in the title block, once, not in the table as well.
    assert text.count("Harbour & Vale Architects") == 1 and text.count("Name of Practice".upper()) == 1
    assert reader.metadata.title == "Sheet office — building code data matrix"
    assert reader.metadata.creator == "OBC data matrix wizard"


def test_a_full_project_prints_its_table_at_five_points_or_more_on_tabloid(full) -> None:
    wizard, state = full
    sizes: dict[str, float] = {}

    def seen(text: str, cm, tm, font, size: float) -> None:
        if text.strip():
            sizes.setdefault(text.strip(), size * tm[0])

    _sheet(wizard, state).pages[0].extract_text(visitor_text=seen)
    assert sizes["3.27"] >= 5.0  # legible at the size the sheet is printed


@pytest.mark.parametrize(
    ("paper", "millimetres"),
    [("arch-d", (914.4, 609.6)), ("iso-a1", (841.0, 594.0))],
    ids=["arch-d", "iso-a1"],
)
def test_the_sheet_prints_on_larger_paper_when_asked(full, paper, millimetres) -> None:
    wizard, state = full
    reader = _sheet(wizard, state, paper)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(millimetres[0] * POINTS, abs=0.5)
    assert float(box.height) == pytest.approx(millimetres[1] * POINTS, abs=0.5)
    text = _words(_text(reader))
    assert all(item.number in text for item in wizard.items) and "Seal & Signature" in text


def test_an_unconfirmed_answer_is_tagged_and_the_sheet_never_says_complete(proposed) -> None:
    wizard, state = proposed
    assert state.answer_for("3.01") is not None and not state.answer_for("3.01").confirmed
    text = _words(_text(_sheet(wizard, state)))
    assert _item(text, "3.01").endswith("PROPOSED")  # on the item's own line, in the status column
    assert _item(text, "3.02").endswith("TO DO")
    assert not any(tag in _item(text, "3.00") for tag in TAGS)  # the edition, confirmed by being chosen
    assert "1 of 28 confirmed (1 proposed, 26 to do)" in text and "complete" not in text
    assert "PROPOSED: proposed by the advisor, not yet confirmed by the consultant" in text  # the legend
    assert "TO DO: not answered yet" in text and "FLAGGED:" not in text  # only the marks in use

    wizard.confirm_all(state.project_id)
    confirmed = _words(_text(_sheet(wizard, wizard.load_project(state.project_id))))
    assert "PROPOSED" not in confirmed and "2 of 28 confirmed (26 to do)" in confirmed


@pytest.mark.parametrize(
    "note",
    [
        ("Keep the shoring clear of the east lot line. " * 500)[:20_000],
        "\n".join(f"Note {n}: keep the shoring clear." for n in range(1500)),
        "x" * 20_000,  # one word that fills no line
    ],
    ids=["a 20,000-character note", "1,500 lines of notes", "a 20,000-letter word"],
)
def test_a_huge_note_still_prints_on_one_page_and_says_where_the_rest_is(full, note) -> None:
    wizard, state = full
    state = _with_note(wizard, state, note)
    for paper in PAPERS:
        reader = _sheet(wizard, state, paper)
        assert len(reader.pages) == 1, paper
        text = _words(_text(reader))
        assert "(see the review copy)" in text
        assert all(item.number in text for item in wizard.items) and "Seal & Signature" in text
    assert re.sub(r"\s+", "", f"Answer: {note}") in _body(_review(wizard, state))  # held whole there


def test_a_project_with_nothing_to_cut_prints_its_notes_whole(full) -> None:
    wizard, state = full
    note = " ".join(f"note{n:04d}" for n in range(300))
    text = _text(_sheet(wizard, _with_note(wizard, state, note)))
    assert re.findall(r"note\d{4}", text) == note.split() and "see the review copy" not in text


def test_the_review_copy_is_letter_portrait_with_each_basis_and_discussion(tmp_path: Path) -> None:
    wizard = _wizard(tmp_path)
    project = wizard.start_project("12 King St — house to office", address="12 King St W").project_id
    for message in scenario("house-conversion-vague.json")["messages"][:6]:
        wizard.process_user_response(project, message)
    state = wizard.load_project(project)
    assert state.archived_clarifying_sessions
    reader = _review(wizard, state)
    pages = [_words(page.extract_text()) for page in reader.pages]
    for number, page in enumerate(reader.pages, start=1):
        assert (float(page.mediabox.width), float(page.mediabox.height)) == (612, 792)
        assert "12 King St — house to office — building code data matrix, review copy" in pages[number - 1]
        assert f"Page {number} of {len(pages)}" in pages[number - 1]
    whole = " ".join(pages)
    assert "Prepared by Harbour & Vale Architects." in whole and "Status: 1 of 28 confirmed" in whole
    for section, session in state.archived_clarifying_sessions.items():
        assert f"{section} {wizard.title(section)}" in whole
        for qa in session:
            assert _words(f"Q: {qa.question}") in whole
    answer = state.answer_for("3.01")
    assert _words(f"Basis: {answer.answer}") in whole
    assert "Not answered yet (to do)." in whole and whole.split("Code checks ")[-1].startswith(
        "No contradictions found between the answers and the code's classification rules."
    )


def test_without_the_unicode_font_the_sheet_falls_back_to_the_builtin_one(full, tmp_path: Path) -> None:
    wizard, state = full
    state = _with_note(wizard, state, "Café — the owner’s “annex”: ≥ 2 exits, 東京")
    rows = matrix_rows(state, wizard.forms)
    top = heading(state, wizard.forms, rows, Clock()(), PRACTICE)
    references = {row["item"]: row["references"] for row in rows}
    lines = sheet_lines(state, wizard.forms, PRACTICE, references, top.exported, top.progress)
    statuses = {row["item"]: row["answer_status"] for row in rows}
    data = pdf_bytes(top, lines, statuses, fonts=[tmp_path / "no-fonts-here"])
    reader = _read(data)
    text = _words(_text(reader))
    assert len(reader.pages) == 1 and 'Café - the owner\'s "annex": >= 2 exits, ??' in text
    assert "Ontario Building Code data matrix - Part 3 (2024)" in text  # the title block's dash spelled
