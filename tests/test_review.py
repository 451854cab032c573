"""The consultant's review of answers over a real TinyDB file: confirm, undo, still holds, skip, names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from storage import TinyDBStorage
from tests.support import make_manager
from wizard_core import ConflictError, InputError, Wizard

VALUES: dict[str, Any] = {
    "3.01": "New construction",
    "3.02": ["D"],
    "3.03": False,
    "3.04": {"existing": 0, "new": 1150, "total": 1150},
    "3.05": {"existing": 0, "new": 3450, "total": 3450},
    "3.06": None,
    "3.07": {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 12.8},
    "3.08": False,
    "3.09": 1,
    "3.10": ["3.2.2.60"],
    "3.11": "Entire building",
    "3.12": True,
    "3.13": "Single stage",
    "3.14": True,
    "3.15": {"restriction": "Combustible permitted", "actual": "Noncombustible", "heavy_timber": False},
    "3.16": "Normal",
    "3.17": "SC1",
    "3.18": {"total": 334, "rows": []},
    "3.19": True,
    "3.20": {"barrier_free_entrances": 1, "hazardous_substances": False},
    **{f"3.{n}": "As required." for n in range(21, 28)},
}


@pytest.fixture
def wizard(tmp_path: Path) -> Wizard:
    return make_manager(TinyDBStorage(tmp_path / "data"))


def start(wizard: Wizard, name: str = "12 King St offices") -> str:
    return wizard.start_project(name).project_id


def enter(wizard: Wizard, project: str, section: str, value: Any = None) -> None:
    chosen = VALUES[section] if value is None else value
    wizard.answer_directly(project, section, chosen, override="checked by the consultant")


def stored(wizard: Wizard, project: str) -> dict[str, Any]:
    """The stored record, without what any save changes (revision, updated time)."""
    return wizard.load_project(project).model_dump(mode="json", exclude={"revision", "updated_at"})


def clarify_then_answer(wizard: Wizard, project: str) -> None:
    """3.01 through the (offline) advisor: a clarifying question first, then the answer."""
    wizard.process_user_response(project, "hmm, not sure yet")
    assert wizard.load_project(project).active_clarifying_thread
    wizard.process_user_response(project, "New construction: a three storey office building.")


# Confirm.


def test_advisor_answers_are_proposed_until_confirmed_and_direct_entry_is_confirmed(wizard: Wizard) -> None:
    project = start(wizard)
    clarify_then_answer(wizard, project)
    enter(wizard, project, "3.02")
    state = wizard.load_project(project)
    assert state.answer_for("3.01").proposed and not state.answer_for("3.01").confirmed
    assert state.answer_for("3.02").confirmed and not state.answer_for("3.02").proposed
    assert wizard.summarize(state)["items"]["proposed"] == 1

    before = stored(wizard, project)
    confirmed = wizard.confirm_answer(project, "3.01")
    after = stored(wizard, project)
    assert confirmed.confirmed and confirmed.confirmed_at is not None
    assert wizard.summarize(wizard.load_project(project))["items"]["proposed"] == 0
    changed = after["finalized_answers"][1]
    assert changed["confirmed"] and changed["section"] == "3.01"
    before["finalized_answers"][1].update(confirmed=True, confirmed_at=changed["confirmed_at"])
    assert after == before  # nothing else changed


def test_confirming_twice_or_an_unanswered_item_is_refused_and_changes_nothing(wizard: Wizard) -> None:
    project = start(wizard)
    enter(wizard, project, "3.01")
    revision = wizard.load_project(project).revision
    with pytest.raises(InputError, match="already confirmed"):
        wizard.confirm_answer(project, "3.01")
    with pytest.raises(InputError, match=r"3\.05 has no answer to confirm"):
        wizard.confirm_answer(project, "3.05")
    with pytest.raises(InputError, match="no proposed answers"):
        wizard.confirm_all(project)
    assert wizard.load_project(project).revision == revision


def test_confirm_all_confirms_every_proposed_answer(wizard: Wizard) -> None:
    project = start(wizard)
    wizard.process_user_response(project, "New construction: a three storey office building.")
    wizard.process_user_response(project, "Group D, business and personal services. Offices only.")
    assert [a.section for a in wizard.confirm_all(project)] == ["3.01", "3.02"]
    assert not any(a.proposed for a in wizard.load_project(project).finalized_answers)


# Undo.


def test_undo_a_first_answer_returns_the_item_to_unanswered_with_its_thread(wizard: Wizard) -> None:
    project = start(wizard)
    wizard.process_user_response(project, "hmm, not sure yet")
    before = stored(wizard, project)
    wizard.process_user_response(project, "New construction: a three storey office building.")
    assert wizard.load_project(project).current_form_section == "3.02"

    undone = wizard.undo_last_answer(project)
    state = wizard.load_project(project)
    assert undone.answer.section == "3.01" and undone.restores is None
    assert state.answer_for("3.01") is None and state.current_form_section == "3.01"
    assert [q.question for q in state.active_clarifying_thread] == [
        q["question"] for q in before["active_clarifying_thread"]
    ]
    # The thread comes back with the consultant's reply to its question, so nothing they typed is lost.
    assert state.active_clarifying_thread[-1].answer == "New construction: a three storey office building."
    before["active_clarifying_thread"][-1]["answer"] = state.active_clarifying_thread[-1].answer
    after = stored(wizard, project)
    # Only the transcript (the message that gave the answer is kept) and the item's clock differ.
    for record in (before, after):
        for key in ("turns", "decisions", "latest_user_answer", "item_started_at"):
            record.pop(key)
    assert after == before


def test_undo_a_revision_restores_the_earlier_answer_and_clears_the_flags_it_set(wizard: Wizard) -> None:
    project = start(wizard)
    for section in ("3.01", "3.02", "3.03", "3.04", "3.05"):
        enter(wizard, project, section)
    before = stored(wizard, project)
    wizard.go_to_item(project, "3.04")
    enter(wizard, project, "3.04", {"existing": 0, "new": 1200, "total": 1200})
    revised = wizard.load_project(project)
    assert "3.05" in revised.flagged and revised.current_form_section == "3.06"

    undone = wizard.undo_last_answer(project)
    state = wizard.load_project(project)
    assert undone.answer.value["total"] == 1200 and undone.restores.value["total"] == 1150
    assert state.answer_for("3.04").value["total"] == 1150
    assert state.flagged == {} and "3.04" not in state.answer_history
    assert state.current_form_section == "3.06"
    assert stored(wizard, project) == before | {"item_started_at": stored(wizard, project)["item_started_at"]}


def test_undo_keeps_an_earlier_flag_on_the_revised_item(wizard: Wizard) -> None:
    project = start(wizard)
    for section in ("3.01", "3.02", "3.03", "3.04", "3.05"):
        enter(wizard, project, section)
    enter(wizard, project, "3.04", {"existing": 0, "new": 1200, "total": 1200})  # flags 3.05
    enter(wizard, project, "3.05", {"existing": 0, "new": 3600, "total": 3600})  # clears it
    wizard.undo_last_answer(project)
    state = wizard.load_project(project)
    assert state.answer_for("3.05").value["total"] == 3450
    assert "3.04" in state.flagged["3.05"]  # flagged again, as it was before that answer


def test_undo_repeats_newest_first_then_says_there_is_nothing_left(wizard: Wizard) -> None:
    project = start(wizard)
    for section in ("3.01", "3.02", "3.03"):
        enter(wizard, project, section)
    taken = [wizard.undo_last_answer(project).answer.section for _ in range(3)]
    assert taken == ["3.03", "3.02", "3.01"]
    state = wizard.load_project(project)
    assert state.answered_sections == {"3.00"} and state.current_form_section == "3.01"
    with pytest.raises(InputError, match="no answer to undo"):
        wizard.undo_last_answer(project)  # the code edition (3.00) is never undone
    assert wizard.load_project(project).revision == state.revision


def test_undo_from_a_page_that_is_out_of_date_is_refused(wizard: Wizard) -> None:
    project = start(wizard)
    enter(wizard, project, "3.01")
    shown = wizard.load_project(project).revision
    enter(wizard, project, "3.02")  # another tab
    with pytest.raises(ConflictError, match="nothing was undone"):
        wizard.undo_last_answer(project, expected_revision=shown)
    assert wizard.load_project(project).answer_for("3.02") is not None
    preview = wizard.last_undo(wizard.load_project(project))
    assert preview is not None and preview.answer.section == "3.02"


# Still holds.


def test_still_holds_clears_the_flag_and_records_the_review(wizard: Wizard) -> None:
    project = start(wizard)
    for section in ("3.01", "3.02", "3.03", "3.04", "3.05"):
        enter(wizard, project, section)
    enter(wizard, project, "3.04", {"existing": 0, "new": 1200, "total": 1200})
    reason = wizard.load_project(project).flagged["3.05"]
    kept = wizard.keep_answer(project, "3.05")
    state = wizard.load_project(project)
    assert "3.05" not in state.flagged
    assert kept.reviewed_for == reason and state.answer_for("3.05").reviewed_at is not None
    assert state.answer_for("3.05").value["total"] == 3450  # the answer itself is kept
    with pytest.raises(InputError, match="not flagged"):
        wizard.keep_answer(project, "3.05")


# Skip for now.


def test_skip_moves_on_keeps_the_thread_and_comes_back_after_the_rest(wizard: Wizard) -> None:
    project = start(wizard)
    wizard.process_user_response(project, "hmm, not sure yet")  # a question about 3.01
    state = wizard.skip_item(project, "3.01")
    assert state.current_form_section == "3.02" and state.skipped == ["3.01"]
    assert state.archived_clarifying_sessions["3.01"] and not state.active_clarifying_thread
    assert wizard.load_project(project).answer_for("3.01") is None

    while (current := wizard.load_project(project).current_form_section) != "3.01":
        assert current is not None
        enter(wizard, project, current)
    state = wizard.load_project(project)
    assert not state.complete and state.answered_sections == set(VALUES) - {"3.01"} | {"3.00"}
    with pytest.raises(InputError, match="only item left unanswered"):
        wizard.skip_item(project, "3.01")
    assert wizard.load_project(project).revision == state.revision
    enter(wizard, project, "3.01")
    state = wizard.load_project(project)
    assert state.complete and state.skipped == []


def test_skipped_items_come_back_in_order_after_every_other_item(wizard: Wizard) -> None:
    project = start(wizard)
    wizard.skip_item(project, "3.01")
    wizard.skip_item(project, "3.02")
    assert wizard.load_project(project).current_form_section == "3.03"
    seen = []
    while (current := wizard.load_project(project).current_form_section) is not None:
        seen.append(current)
        enter(wizard, project, current)
    assert seen[-2:] == ["3.01", "3.02"] and len(seen) == 27


def test_only_the_current_unanswered_item_can_be_skipped(wizard: Wizard) -> None:
    project = start(wizard)
    enter(wizard, project, "3.01")
    with pytest.raises(InputError, match="not the current item"):
        wizard.skip_item(project, "3.05")
    wizard.go_to_item(project, "3.01")
    with pytest.raises(InputError, match="already answered"):
        wizard.skip_item(project, "3.01")
    assert wizard.load_project(project).skipped == []


def test_undoing_the_answer_to_a_skipped_item_marks_it_skipped_again(wizard: Wizard) -> None:
    project = start(wizard)
    wizard.skip_item(project, "3.01")
    enter(wizard, project, "3.01")
    assert wizard.load_project(project).skipped == []
    wizard.undo_last_answer(project)
    assert wizard.load_project(project).skipped == ["3.01"]


# Unique project names.


def test_a_name_another_project_has_is_refused_with_an_alternative(wizard: Wizard) -> None:
    first = start(wizard, "12 King St offices")
    with pytest.raises(InputError, match=r"already named .*“12  king st OFFICES \(2\)”"):
        wizard.start_project(" 12  king st OFFICES ")
    second = start(wizard, "12 King St offices (2)")
    with pytest.raises(InputError, match=r"\(3\)"):
        wizard.start_project("12 king st offices")
    assert len(wizard.list_projects()) == 2

    with pytest.raises(InputError, match="already named"):
        wizard.rename_project(second, "12 KING ST OFFICES")
    assert wizard.load_project(second).name == "12 King St offices (2)"
    assert wizard.rename_project(first, "12 King St Offices").name == "12 King St Offices"  # its own name
