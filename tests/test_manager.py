"""A turn end to end through the core: records, threads, archives, completion and failures."""

from __future__ import annotations

import pytest

from storage import InMemoryStorage
from tests.support import Clock, answer_items, make_manager, scenario
from wizard_core.errors import AdvisorError, ConflictError, InputError, InvalidReplyError, WizardError
from wizard_core.wiring import open_wizard


def test_new_project_has_the_code_version_and_asks_3_01():
    manager = make_manager()
    state = manager.start_project("Clinic", "2024")
    stored = manager.storage.load_project(state.project_id)
    assert stored.current_form_section == "3.01"
    version = stored.answer_for("3.00")
    assert "O. Reg. 163/24" in version.value and version.source == "edition"
    assert version.confidence == 1.0


def test_unknown_code_edition_is_refused():
    with pytest.raises(WizardError, match="not available"):
        make_manager().start_project("Old", "1997")


def test_plain_transcript_answers_every_item_once_and_completes():
    manager = make_manager()
    pid = manager.start_project("Office").project_id
    results = answer_items(manager, pid, scenario("office-3-storey.json")["messages"])
    assert [r.type for r in results] == ["form_answer"] * 27
    state = manager.storage.load_project(pid)
    assert state.complete and results[-1].complete and state.current_form_section is None
    assert [a.section for a in state.finalized_answers] == [f"3.{n:02d}" for n in range(28)]
    forms = manager.forms
    for answer in state.finalized_answers:
        assert answer.question == forms.get_question(answer.section)
    assert state.archived_clarifying_sessions == {}
    whole = manager.storage.load_project(pid, whole=True).turns
    assert all(t.status == "done" for t in whole) and len(whole) == state.turn_count == 27
    assert whole[-len(state.turns) :] == state.turns  # a load holds the newest turns only


def test_clarifying_question_waits_for_the_next_message_then_is_archived():
    manager = make_manager()
    pid = manager.start_project("House").project_id
    first = manager.process_user_response(pid, "We're doing some work on an old building.")
    state = manager.storage.load_project(pid)
    assert first.type == "clarifying_question" and state.current_form_section == "3.01"
    assert state.active_clarifying_thread[0].answer is None
    second = manager.process_user_response(pid, "It's a change of use, from a house to a small office.")
    state = manager.storage.load_project(pid)
    assert second.type == "form_answer" and second.next_section == "3.02"
    assert state.active_clarifying_thread == []
    (archived,) = state.archived_clarifying_sessions["3.01"]
    assert archived.question == first.content
    assert archived.answer == "It's a change of use, from a house to a small office."


class Failing:
    name = "failing"
    description = "always fails"
    remote = True

    def __init__(self, error: Exception) -> None:
        self.error = error

    def advise(self, request):
        raise self.error


class Scripted:
    name = "scripted"
    description = "returns what it is given"
    remote = False

    def __init__(self, reply) -> None:
        self.reply = reply

    def advise(self, request):
        return self.reply


def test_failed_advisor_keeps_the_message_and_changes_nothing_else():
    storage = InMemoryStorage()
    pid = open_wizard(storage, clock=Clock()).start_project("Fault").project_id
    broken = open_wizard(storage, advisor=Failing(AdvisorError("The model server did not answer.")))
    with pytest.raises(AdvisorError, match="did not answer"):
        broken.process_user_response(pid, "New construction of a small office")
    state = storage.load_project(pid)
    assert state.current_form_section == "3.01" and len(state.finalized_answers) == 1
    assert state.turns[-1].message == "New construction of a small office"
    assert state.turns[-1].status == "failed" and "did not answer" in state.turns[-1].error
    retry = open_wizard(storage, clock=Clock()).process_user_response(pid, state.latest_user_answer)
    assert retry.type == "form_answer"


@pytest.mark.parametrize(
    "reply",
    [
        "not json at all",
        '```json\n{"type": "form_answer"}\n```',
        {"type": "verdict", "content": "x", "confidence": 0.5},
        {"type": "form_answer", "content": "x", "confidence": 1.7, "value": "New construction"},
        {"type": "form_answer", "content": "", "confidence": 0.5, "value": "New construction"},
        {"type": "form_answer", "content": "Skyscraper", "confidence": 0.9, "value": "Skyscraper"},
        {"type": "form_answer", "content": "x", "confidence": 0.9, "value": None},
    ],
)
def test_malformed_reply_is_refused_with_a_clear_message_and_nothing_changes(reply):
    storage = InMemoryStorage()
    pid = open_wizard(storage, clock=Clock()).start_project("Bad reply").project_id
    before = storage.load_project(pid)
    with pytest.raises(InvalidReplyError) as caught:
        open_wizard(storage, advisor=Scripted(reply)).process_user_response(pid, "New construction")
    assert "Traceback" not in str(caught.value) and str(caught.value).endswith(".")
    after = storage.load_project(pid)
    assert after.finalized_answers == before.finalized_answers
    assert after.current_form_section == "3.01" and after.active_clarifying_thread == []
    assert after.turns[-1].status == "failed"


def test_unknown_references_are_dropped_and_known_ones_normalized():
    storage = InMemoryStorage()
    pid = open_wizard(storage, clock=Clock()).start_project("Refs").project_id
    reply = {
        "type": "form_answer",
        "content": "New construction.",
        "confidence": 0.9,
        "obc_references": ["Div. A 1.3.3.2", "Section 99.9.9"],
        "value": "new construction",
    }
    result = open_wizard(storage, advisor=Scripted(reply)).process_user_response(pid, "new")
    assert result.obc_references == ["A-1.3.3.2"]
    assert storage.load_project(pid).answer_for("3.01").value == "New construction"


@pytest.mark.parametrize("message", ["", "   \n\t ", "x" * 4001])
def test_empty_or_oversized_messages_are_refused_without_saving(message):
    manager = make_manager()
    pid = manager.start_project("Limits").project_id
    revision = manager.storage.load_project(pid).revision
    with pytest.raises(InputError):
        manager.process_user_response(pid, message)
    assert manager.storage.load_project(pid).revision == revision


def test_control_characters_are_stripped_from_messages():
    manager = make_manager()
    pid = manager.start_project("Controls").project_id
    manager.process_user_response(pid, "New\x00 construction\x1b")
    assert manager.storage.load_project(pid).turns[-1].message == "New construction"


def test_a_complete_project_refuses_a_message_that_neither_asks_nor_revises_and_changes_nothing():
    manager = make_manager()
    pid = manager.start_project("Done").project_id
    answer_items(manager, pid, scenario("office-3-storey.json")["messages"])
    revision = manager.storage.load_project(pid).revision
    with pytest.raises(InputError, match="Every item") as refused:
        manager.process_user_response(pid, "one more thing")
    assert "name it with its new value" in str(refused.value), "the refusal says what works"
    assert manager.storage.load_project(pid).revision == revision


def test_a_finished_matrix_still_answers_side_questions_and_takes_revisions():
    manager = make_manager()
    pid = manager.start_project("Done").project_id
    answer_items(manager, pid, scenario("office-3-storey.json")["messages"])
    side = manager.process_user_response(pid, "What does limiting distance mean for the north wall?")
    assert (side.decision, side.type, side.section) == ("side_question", "side_answer", "3.22")
    assert "limiting distance" in side.content.lower() and side.complete
    revised = manager.process_user_response(pid, "Correction on 3.05: gross area is 3,300 m2, all new.")
    assert (revised.decision, revised.type, revised.section) == ("revision", "form_answer", "3.05")
    state = manager.storage.load_project(pid)
    assert state.answer_for("3.05").value == {"existing": 0, "new": 3300, "total": 3300}
    assert state.complete and state.current_form_section is None
    assert [a.value["total"] for a in state.answer_history["3.05"]] == [3450]
    by_title = manager.process_user_response(pid, "The gross area should be 3,320 m2, all new.")
    assert (by_title.decision, by_title.section) == ("revision", "3.05")
    assert manager.storage.load_project(pid).answer_for("3.05").value["total"] == 3320


def test_direct_entry_finalizes_with_the_same_rules_as_the_advisor():
    manager = make_manager()
    pid = manager.start_project("Direct").project_id
    answer = manager.answer_directly(pid, "3.01", "change of use")
    assert answer.value == "Change of use" and answer.source == "direct"
    state = manager.storage.load_project(pid)
    assert state.current_form_section == "3.02"
    with pytest.raises(InputError, match="not one of"):
        manager.answer_directly(pid, "3.02", ["Z9"])
    with pytest.raises(InputError, match="does not equal total"):
        manager.answer_directly(pid, "3.04", {"existing": 10, "new": 10, "total": 30})
    with pytest.raises(InputError, match="code edition"):
        manager.answer_directly(pid, "3.00", "O. Reg. 332/12")
    assert manager.storage.load_project(pid).revision == state.revision, "refusals change nothing"


def test_revising_an_item_keeps_the_old_answer_and_returns_to_where_it_was():
    manager = make_manager()
    pid = manager.start_project("Revise").project_id
    messages = scenario("office-3-storey.json")["messages"]
    answer_items(manager, pid, messages[:5])  # 3.01 to 3.05; 3.06 is current
    manager.go_to_item(pid, "3.04")
    result = manager.process_user_response(pid, "Existing 0, new 1,300 m2, total 1,300 m2")
    state = manager.storage.load_project(pid)
    assert result.type == "form_answer" and result.next_section == "3.06"
    assert state.answer_for("3.04").value == {"existing": 0, "new": 1300, "total": 1300}
    assert [a.value["total"] for a in state.answer_history["3.04"]] == [1150]
    assert state.current_form_section == "3.06"


def test_leaving_an_item_mid_discussion_archives_its_thread():
    manager = make_manager()
    pid = manager.start_project("Park").project_id
    question = manager.process_user_response(pid, "We're doing some work on an old building.")
    state = manager.go_to_item(pid, "3.04")
    assert state.active_clarifying_thread == []
    assert state.archived_clarifying_sessions["3.01"][0].question == question.content
    assert state.current_form_section == "3.04"


def test_rename_and_delete():
    manager = make_manager()
    pid = manager.start_project("Old name").project_id
    assert manager.rename_project(pid, "  New name  ").name == "New name"
    with pytest.raises(InputError):
        manager.rename_project(pid, "   ")
    manager.delete_project(pid)
    assert manager.storage.list_projects() == []


def test_a_message_typed_against_an_old_revision_is_refused_before_anything_changes():
    manager = make_manager()
    pid = manager.start_project("Two tabs").project_id
    seen = manager.load_project(pid).revision
    manager.process_user_response(pid, "New construction")  # another tab answers first
    with pytest.raises(ConflictError, match="another tab"):
        manager.process_user_response(pid, "Change of use", expected_revision=seen)
    state = manager.load_project(pid)
    assert state.answer_for("3.01").value == "New construction" and len(state.turns) == 1
