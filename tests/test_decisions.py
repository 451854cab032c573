"""Context decisions per message: continuing, revision, reset, side question; and staleness."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from storage import InMemoryStorage
from tests.support import Clock, advance_to, make_manager, scenario
from wizard_core import open_wizard
from wizard_core.advisors.offline.advisor import OfflineAdvisor
from wizard_core.turn.freshness import temporal

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def at_3_08():
    manager = make_manager()
    pid = manager.start_project("Decisions").project_id
    advance_to(manager, pid, "3.08")
    return manager, pid


def test_plain_answers_continue(at_3_08):
    manager, pid = at_3_08
    result = manager.process_user_response(pid, "No, it is not a high building.")
    assert (result.decision, result.type) == ("continuing", "form_answer")
    state = manager.storage.load_project(pid)
    assert state.answer_for("3.08").value is False
    assert state.decisions[-1].decision == "continuing" and state.decisions[-1].reason


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3.07", "Actually it's 3 storeys above grade, 1 below grade, 12.8 m high."),
        ("3.09", "The site goes back to a lane; it faces 2 streets."),
        ("3.01", "What are the options?"),
        ("3.12", "No, a standpipe is not required, never was."),
    ],
)
def test_messages_that_look_like_triggers_are_answers(section, message):
    manager = make_manager()
    pid = manager.start_project("Look-alikes").project_id
    advance_to(manager, pid, section)
    result = manager.process_user_response(pid, message)
    assert result.decision == "continuing"
    assert result.section == section


def test_revision_by_item_number_goes_back_then_returns(at_3_08):
    manager, pid = at_3_08
    notice = manager.process_user_response(pid, "Go back to 3.04")
    assert (notice.decision, notice.type, notice.section) == ("revision", "notice", "3.04")
    assert "1,150" in notice.content, "the current answer is shown"
    result = manager.process_user_response(pid, "Existing 0, new 1,300 m2, total 1,300 m2")
    state = manager.storage.load_project(pid)
    assert result.type == "form_answer" and result.next_section == "3.08"
    assert state.answer_for("3.04").value["total"] == 1300
    assert state.answer_history["3.04"][0].value["total"] == 1150


def test_revision_in_passing_reanswers_flags_dependants_and_returns(at_3_08):
    manager, pid = at_3_08
    result = manager.process_user_response(pid, "Actually the building area should be 1,300 m2, all new.")
    assert (result.decision, result.type, result.section) == ("revision", "form_answer", "3.04")
    state = manager.storage.load_project(pid)
    assert state.answer_for("3.04").value == {"existing": 0, "new": 1300, "total": 1300}
    assert state.current_form_section == "3.08"
    assert "3.05" in state.flagged and "3.04" in state.flagged["3.05"]
    assert "3.04" not in state.flagged and "3.08" not in state.flagged
    # Answering a flagged item again clears its flag.
    manager.go_to_item(pid, "3.05")
    manager.process_user_response(pid, "Gross area 3,900 m2, all new.")
    state = manager.storage.load_project(pid)
    assert "3.05" not in state.flagged and state.current_form_section == "3.08"


def test_reset_archives_the_thread_as_abandoned_and_asks_afresh():
    manager = make_manager()
    pid = manager.start_project("Reset").project_id
    question = manager.process_user_response(pid, "We're doing some work on an old building.")
    result = manager.process_user_response(pid, "Never mind, let's start this item over.")
    assert (result.decision, result.type) == ("reset", "notice")
    state = manager.storage.load_project(pid)
    assert state.active_clarifying_thread == [] and state.current_form_section == "3.01"
    (kept,) = state.archived_clarifying_sessions["3.01"]
    assert kept.question == question.content and kept.abandoned
    assert state.answer_for("3.01") is None
    answer = manager.process_user_response(pid, "Change of use.")
    assert answer.type == "form_answer"
    assert manager.storage.load_project(pid).answer_for("3.01").value == "Change of use"


def test_reset_with_a_new_answer_takes_it_at_once():
    manager = make_manager()
    pid = manager.start_project("Reset").project_id
    advance_to(manager, pid, "3.04")
    manager.process_user_response(pid, "About 900.")
    result = manager.process_user_response(pid, "Scratch that: 1,300 m2, all new.")
    assert (result.decision, result.type) == ("reset", "form_answer")
    state = manager.storage.load_project(pid)
    assert state.answer_for("3.04").value == {"existing": 0, "new": 1300, "total": 1300}
    assert all(qa.abandoned for qa in state.archived_clarifying_sessions["3.04"])


@pytest.mark.parametrize(
    ("taken_back", "message", "section", "value"),
    [
        (
            "Building area 2,400 m2, all new.",
            "Scrap that, 2,400 was the lot next door. Ours: 1,980 m2 new.",
            "3.04",
            {"existing": 0, "new": 1980, "total": 1980},
        ),
        (
            "3 storeys above grade, 1 below, 12.5 m high.",
            "forget that - wrong job. 3 storeys, no basement, 11.2 m.",
            "3.07",
            {"storeys_above_grade": 3, "storeys_below_grade": 0, "height_m": 11.2},
        ),
    ],
)
def test_taking_back_the_answer_just_given_revises_it_not_the_item_just_opened(
    taken_back: str, message: str, section: str, value: dict
) -> None:
    manager = make_manager()
    pid = manager.start_project("Taken back").project_id
    advance_to(manager, pid, section)
    assert manager.process_user_response(pid, taken_back).type == "form_answer"
    opened = manager.storage.load_project(pid).current_form_section
    result = manager.process_user_response(pid, message)
    assert (result.decision, result.section) == ("revision", section)
    state = manager.storage.load_project(pid)
    assert state.answer_for(section).value == value  # type: ignore[union-attr]
    assert state.answer_for(opened) is None and state.current_form_section == opened


def test_taking_back_something_said_at_the_item_on_screen_still_starts_it_over() -> None:
    manager = make_manager()
    pid = manager.start_project("Reset here").project_id
    advance_to(manager, pid, "3.05")
    manager.process_user_response(pid, "roughly 2,000")
    result = manager.process_user_response(pid, "scratch that: gross area 2,600 m2, all new.")
    assert (result.decision, result.section) == ("reset", "3.05")


def test_side_question_is_answered_from_the_notes_without_advancing(at_3_08):
    manager, pid = at_3_08
    manager.go_to_item(pid, "3.04")
    before = manager.storage.load_project(pid)
    result = manager.process_user_response(pid, "What counts as a storey?")
    assert (result.decision, result.type) == ("side_question", "side_answer")
    assert "storey" in result.content.lower() and result.obc_references
    after = manager.storage.load_project(pid)
    assert after.current_form_section == "3.04"
    assert after.finalized_answers == before.finalized_answers
    assert after.active_clarifying_thread == before.active_clarifying_thread


def test_temporal_relevance_follows_the_seed_bands():
    start = Clock().now
    bands = [(2, 1.0, False), (10, 0.8, False), (20, 0.57, False), (31, 0.0, True)]
    for minutes, relevance, stale in bands:
        health = temporal(start, start + timedelta(minutes=minutes))
        assert (health.relevance, health.stale) == (relevance, stale)


class Recording(OfflineAdvisor):
    """The offline advisor, keeping each package it was sent."""

    def __init__(self) -> None:
        self.packages: list[str] = []

    def advise(self, request):
        self.packages.append(request.package.markdown)
        return super().advise(request)


def test_a_long_break_makes_the_next_message_stale_with_a_recap():
    clock = Clock()
    advisor = Recording()
    manager = open_wizard(InMemoryStorage(), advisor, clock=clock)
    pid = manager.start_project("Break").project_id
    manager.process_user_response(pid, "New construction")
    clock.now += timedelta(minutes=45)
    summary = manager.summary(pid)
    assert summary["is_stale"] and summary["status"] == "stale"
    assert summary["recap"].startswith("Resumed after 45 min")
    result = manager.process_user_response(pid, "Group D, offices.")
    assert result.stale and result.decision == "continuing"
    assert "Recap (the consultant is back after a break): Resumed after 45 min" in advisor.packages[-1]
    assert "Recap" not in advisor.packages[0]
    fresh = manager.summary(pid)
    assert not fresh["is_stale"] and fresh["temporal_relevance"] == 1.0
    assert fresh["interaction_count"] == 2 and fresh["items"]["answered"] == 3
    assert [d["decision"] for d in fresh["last_decisions"]] == ["continuing", "continuing"]
    assert fresh["last_decisions"][-1]["stale"] is True


def test_replay_with_timestamps_reports_decisions_and_staleness(tmp_path):
    transcript = {
        "name": "Timed",
        "messages": [
            {"text": "New construction, a two storey clinic.", "at": "2026-03-02T09:00:00Z"},
            {"text": "Group D.", "at": "2026-03-02T09:02:00Z"},
            {"text": "What counts as a storey?", "at": "2026-03-02T09:03:00Z"},
            {"text": "No.", "at": "2026-03-02T11:00:00Z"},
            "Go back to 3.01",
            "Never mind, start this item over.",
        ],
    }
    path = tmp_path / "timed.json"
    path.write_text(json.dumps(transcript), encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "wizard_core",
            "replay",
            str(path),
            "--format",
            "json",
            "--store",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    turns = json.loads(done.stdout)["turns"]
    assert [t["decision"] for t in turns] == [
        "continuing",
        "continuing",
        "side_question",
        "continuing",
        "revision",
        "reset",
    ]
    assert [t["stale"] for t in turns] == [False, False, False, True, False, False]
    pid = json.loads(done.stdout)["project_id"]
    summary = subprocess.run(
        [sys.executable, "-m", "wizard_core", "summary", pid, "--format", "json", "--store", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    data = json.loads(summary.stdout)
    assert {
        "status",
        "interaction_count",
        "minutes_active",
        "temporal_relevance",
        "is_stale",
        "items",
        "last_decisions",
    } <= set(data)
    assert data["interaction_count"] == 6
    assert data["last_decisions"][-1]["decision"] == "reset"


@pytest.mark.parametrize(
    ("message", "section", "value"),
    [
        (
            "I need to change the gross area to 3,300 m2, all new",
            "3.05",
            {"existing": 0, "new": 3300, "total": 3300},
        ),
        ("Please change the project type to an addition", "3.01", "Addition"),
        ("Wait, the high building answer is wrong: yes, it is one", "3.08", True),
    ],
)
def test_revisions_in_other_words_reanswer_the_named_item_and_return(message, section, value):
    manager = make_manager()
    pid = manager.start_project("Revisions").project_id
    advance_to(manager, pid, "3.10")
    result = manager.process_user_response(pid, message)
    assert (result.decision, result.section) == ("revision", section)
    state = manager.storage.load_project(pid)
    assert state.answer_for(section).value == value and state.current_form_section == "3.10"


def test_no_change_is_not_a_revision():
    manager = make_manager()
    pid = manager.start_project("Look-alike").project_id
    advance_to(manager, pid, "3.10")
    assert (
        manager.process_user_response(pid, "No change to the number of streets: 2").decision == "continuing"
    )


@pytest.mark.parametrize(
    ("section", "message", "value", "untouched"),
    [
        (
            "3.13",
            "Single stage; the sprinkler system should be supervised through the panel.",
            "Single stage",
            "3.11",
        ),
        ("3.19", "Yes. The occupant load should be posted at the main entrance.", True, "3.18"),
        ("3.21", "Floors 1 h as the 3.10 article requires; the roof should be 1 h as well.", None, "3.10"),
    ],
)
def test_an_answer_that_mentions_another_item_in_passing_answers_the_current_item(
    section, message, value, untouched
):
    manager = make_manager()
    pid = manager.start_project("In passing").project_id
    advance_to(manager, pid, section)
    before = manager.storage.load_project(pid).answer_for(untouched)
    result = manager.process_user_response(pid, message)
    state = manager.storage.load_project(pid)
    assert (result.decision, result.section, result.type) == ("continuing", section, "form_answer")
    assert state.answer_for(untouched) == before, "the other item is not reopened"
    if value is not None:
        assert state.answer_for(section).value == value


@pytest.mark.parametrize(
    "message",
    [
        "Correction on 3.05: the gross area is actually 3,300 m2, all new.",
        "3.05 should be 3,300 m2, all new - we missed the stair towers.",
        "Actually the gross area should be 3,300 m2, all new.",
    ],
)
def test_a_correction_that_carries_a_value_records_it_at_once_and_returns(at_3_08, message):
    manager, pid = at_3_08
    result = manager.process_user_response(pid, message)
    assert (result.decision, result.section, result.type) == ("revision", "3.05", "form_answer")
    state = manager.storage.load_project(pid)
    assert state.answer_for("3.05").value == {"existing": 0, "new": 3300, "total": 3300}
    assert state.current_form_section == "3.08"


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3.06", "Quick one: what counts as a mezzanine?"),
        ("3.07", "Sorry, how is building height measured?"),
        ("3.05", "What does gross area include?"),
        ("3.13", "Which fire alarm rules apply to offices?"),
        ("3.11", "Does the code require sprinklers in a building like this?"),
    ],
)
def test_a_question_about_the_items_own_terms_is_answered_aside_and_the_item_stays_open(section, message):
    manager = make_manager()
    pid = manager.start_project("Terms").project_id
    advance_to(manager, pid, section)
    before = manager.storage.load_project(pid)
    result = manager.process_user_response(pid, message)
    after = manager.storage.load_project(pid)
    assert (result.decision, result.type, result.section) == ("side_question", "side_answer", section)
    assert result.obc_references and "3.02 D" in result.content, "the answer is read against the project"
    assert after.finalized_answers == before.finalized_answers
    assert after.active_clarifying_thread == before.active_clarifying_thread


def test_a_side_answer_leaves_out_articles_of_other_occupancies():
    """Asked from a Group E store, a note on a Group D article is not the answer."""
    office = make_manager()
    pid = office.start_project("Office").project_id
    advance_to(office, pid, "3.12")
    question = "Which articles apply to small unsprinklered buildings?"
    assert "3.2.2.62" in office.process_user_response(pid, question).obc_references
    store = make_manager()
    sid = store.start_project("Store").project_id
    store.answer_directly(sid, "3.01", "New construction")
    store.answer_directly(sid, "3.02", ["E"])
    answer = store.process_user_response(sid, question)
    assert answer.type == "side_answer" and "3.2.2.62" not in answer.obc_references
    assert "3.02 E" in answer.content


@pytest.mark.parametrize(
    ("message", "section", "value"),
    [
        ("Actually the footprint is 1,340 m2, all new.", "3.04", {"existing": 0, "new": 1340, "total": 1340}),
        (
            "Correction - the GFA should be 3,300 m2, all new",
            "3.05",
            {"existing": 0, "new": 3300, "total": 3300},
        ),
        ("Sorry, the structure was wrong: it's noncombustible, concrete throughout", "3.15", None),
        ("oh wait, the sprinklers should be entire building", "3.11", "Entire building"),
    ],
)
def test_a_correction_naming_the_fact_an_item_holds_revises_that_item(message, section, value):
    manager = make_manager()
    pid = manager.start_project("Facts by name").project_id
    advance_to(manager, pid, "3.18")
    before = manager.storage.load_project(pid).answer_for(section)
    assert before is not None
    result = manager.process_user_response(pid, message)
    assert (result.decision, result.section) == ("revision", section)
    state = manager.storage.load_project(pid)
    if value is not None:
        assert state.answer_for(section).value == value
    assert "3.18" not in state.answered_sections  # never filed against the item on screen


def test_a_fact_word_without_a_revision_word_answers_the_current_item():
    manager = make_manager()
    pid = manager.start_project("In passing").project_id
    advance_to(manager, pid, "3.08")
    result = manager.process_user_response(pid, "No - the footprint is small and it is only 3 storeys.")
    assert (result.decision, result.section) == ("continuing", "3.08")


@pytest.mark.parametrize(
    "message",
    [
        "50:50\nL1 offices 100 -> 50/sex -> 3 + 3 = 6 prov\nL2 offices -> 6 prov\nmezz -> 0\nbsmt -> 0",
        "fifty-fifty\nground -> 6 WC + 1 UW\nlevel 2 -> 6\nmezzanine -> nothing, uses L2's",
    ],
)
def test_an_items_title_naming_a_row_in_a_list_of_rows_revises_nothing(message):
    manager = make_manager()
    pid = manager.start_project("Rows with arrows").project_id
    for said in scenario("office-3-storey.json")["messages"]:
        if manager.storage.load_project(pid).current_form_section == "3.23":
            break
        if said == "There is no mezzanine.":
            said = "Mezzanine 120 m2, all new."  # an item the rows' list names a row after
        manager.process_user_response(pid, said)
    before = manager.storage.load_project(pid)
    assert before.current_form_section == "3.23" and before.answer_for("3.06").value["total"] == 120
    result = manager.process_user_response(pid, message)
    assert result.decision == "continuing" and result.section == "3.23"
    assert manager.storage.load_project(pid).answer_for("3.06") == before.answer_for("3.06")


def test_an_item_number_ending_a_sentence_is_addressed():
    manager = make_manager()
    pid = manager.start_project("Number at a stop").project_id
    advance_to(manager, pid, "3.06")
    result = manager.process_user_response(
        pid, "I have to correct 3.02. The ground floor café is its own A2, so the answer is D and A2."
    )
    assert (result.decision, result.section) == ("revision", "3.02")
