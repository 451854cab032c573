"""A project kept open for months: its record stays the same size, and nothing said is ever lost.

Each item keeps its newest archived clarifying questions and earlier answers in the record; the
older move to the project's archive log and the whole transcript stays in the turn log. What a
consultant would notice: the project opens with its newest turns, and every question, answer and
message is still there when they open the archive, an item's history or an earlier conversation.
"""

from __future__ import annotations

import json
from pathlib import Path

from storage import TinyDBStorage
from tests.support import make_manager
from wizard_core import Wizard
from wizard_core.models import ANSWERS_KEPT, QUESTIONS_KEPT, FormAnswer

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = json.loads((ROOT / "tests" / "transcripts" / "office-3-storey.json").read_text())["messages"]
# A revision of 3.04 talked through: back to it, two vague replies (two clarifying questions), the figure.
REVISION = [
    "correction on 3.04",
    "roughly a thousand square metres, give or take",
    "not sure yet",
    "New building area 1,150 m2, total 1,150 m2.",
]


def _record_bytes(store: TinyDBStorage, project_id: str) -> int:
    return (store.projects_dir / f"{project_id}.json").stat().st_size


def _every_turn(wizard: Wizard, project_id: str) -> list[str]:
    messages: list[str] = []
    before = None
    while True:
        page = wizard.load_turns(project_id, before=before, limit=20)
        messages = [t.message for t in page.turns] + messages
        if page.older is None:
            return messages
        before = page.older


def test_a_project_aged_to_hundreds_of_turns_keeps_a_record_of_one_size_and_every_message(
    tmp_path: Path,
) -> None:
    store = TinyDBStorage(tmp_path / "data")
    wizard = make_manager(store)
    project = wizard.start_project("Six months of revisions").project_id
    for message in MESSAGES:
        wizard.process_user_response(project, message)
    for _ in range(25):  # past every bound: the undo stack's 50 steps, each item's newest few
        for message in REVISION:
            wizard.process_user_response(project, message)
    early = _record_bytes(store, project)
    for _ in range(35):
        for message in REVISION:
            wizard.process_user_response(project, message)
    late = _record_bytes(store, project)

    state = wizard.load_project(project)
    assert state.complete and state.turn_count == 27 + 60 * 4
    assert len(state.turns) == 20 and len(state.decisions) == 10  # the newest only
    assert late <= early + 200  # four times the turns, the same record
    assert len(state.archived_clarifying_sessions["3.04"]) == QUESTIONS_KEPT
    assert len(state.answer_history["3.04"]) == ANSWERS_KEPT

    questions = wizard.archived_questions(state, "3.04")
    assert len(questions) == 120  # two clarifying questions in each of the sixty revisions
    assert [q.answer for q in questions[:2]] == [REVISION[2], REVISION[3]]
    assert len(wizard.earlier_answers(state, "3.04")) == 60  # each revision replaced the one before
    assert _every_turn(wizard, project) == MESSAGES + REVISION * 60  # every message, as typed
    summary = wizard.summarize(state)
    assert summary["interaction_count"] == 267 and summary["status"] != "new"


def test_undo_brings_back_the_whole_thread_from_the_archive_log(tmp_path: Path) -> None:
    wizard = make_manager(TinyDBStorage(tmp_path / "data"))
    project = wizard.start_project("Long thread").project_id
    for _ in range(8):
        wizard.process_user_response(project, "hmm, not sure yet")
    asked = [qa.question for qa in wizard.load_project(project).active_clarifying_thread]
    wizard.process_user_response(project, "New construction: a three storey office building.")
    answered = wizard.load_project(project)
    assert [qa.question for qa in wizard.archived_questions(answered, "3.01")] == asked

    wizard.undo_last_answer(project)
    state = wizard.load_project(project)
    assert state.current_form_section == "3.01" and state.answer_for("3.01") is None
    # All but the newest moved to the archive log when the thread was archived; undo reads them back.
    assert len(asked) > QUESTIONS_KEPT
    assert [qa.question for qa in state.active_clarifying_thread] == asked
    assert wizard.archived_questions(state, "3.01") == [] and "3.01" not in state.moved_out
    wizard.process_user_response(project, "New construction: a three storey office building.")
    again = wizard.load_project(project)
    assert [qa.question for qa in wizard.archived_questions(again, "3.01")] == asked


def test_every_export_prints_an_items_whole_discussion(tmp_path: Path) -> None:
    wizard = make_manager(TinyDBStorage(tmp_path / "data"))
    project = wizard.start_project("Exported").project_id
    for n in range(8):
        wizard.process_user_response(project, f"hmm, not sure yet ({n})")
    wizard.process_user_response(project, "New construction: a three storey office building.")
    state = wizard.load_project(project)
    assert state.moved_out["3.01"].questions == 8 - QUESTIONS_KEPT  # all but the newest in the archive log
    markdown = wizard.export(state, "md")
    assert isinstance(markdown, str)
    assert [f"A: hmm, not sure yet ({n})" in markdown for n in range(1, 8)] == [True] * 7
    rows = json.loads(wizard.export_file(state, "json"))["items"]
    (row,) = [r for r in rows if r["item"] == "3.01"]
    assert len(row["discussion"]) == 8 and row["discussion"][0]["answer"] == "hmm, not sure yet (1)"


def test_undo_restores_each_earlier_answer_in_turn_though_the_record_keeps_the_newest(tmp_path: Path) -> None:
    store = TinyDBStorage(tmp_path / "data")
    wizard = make_manager(store)
    project = wizard.start_project("Revised again and again").project_id
    for n in (1, 2, 3, 4):
        wizard.answer_directly(project, "3.26", f"Note {n}.")
    state = wizard.load_project(project)
    assert len(state.answer_history["3.26"]) == ANSWERS_KEPT < 3  # 1 and 2 are in the archive log
    assert _values(wizard.earlier_answers(state, "3.26")) == [1, 2, 3]

    for back_to in (3, 2):
        undo = wizard.last_undo(wizard.load_project(project))  # what the page's button names
        assert undo is not None and undo.restores is not None and undo.restores.value == f"Note {back_to}."
        wizard.undo_last_answer(project)
        state = wizard.load_project(project)
        assert state.answer_for("3.26").value == f"Note {back_to}."  # type: ignore[union-attr]
        assert _values(wizard.earlier_answers(state, "3.26")) == list(range(1, back_to))

    reply = wizard.process_user_response(project, "undo")  # the chat's command, the last earlier answer
    assert "its earlier answer is back" in reply.content
    state = wizard.load_project(project)
    assert state.answer_for("3.26").value == "Note 1."  # type: ignore[union-attr]
    assert wizard.earlier_answers(state, "3.26") == [] and "3.26" not in state.moved_out
    wizard.undo_last_answer(project)  # the first answer: the item is unanswered again
    assert wizard.load_project(project).answer_for("3.26") is None

    for n in (5, 6, 7):  # answered again: the history moves out afresh, in order
        wizard.answer_directly(project, "3.26", f"Note {n}.")
    state = wizard.load_project(project)
    assert _values(wizard.earlier_answers(state, "3.26")) == [5, 6]


def _values(answers: list[FormAnswer]) -> list[int]:
    return [int(str(a.value).removeprefix("Note ").rstrip(".")) for a in answers]
