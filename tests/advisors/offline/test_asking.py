"""The offline advisor never loops: it offers its reading, lists options by number, and takes a yes."""

from __future__ import annotations

import pytest

from tests.answers.support import ask


def runs(questions: list[str]) -> int:
    longest = run = 0
    for previous, question in zip([None, *questions], questions, strict=False):
        run = run + 1 if question == previous else 1
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3.04", "It's a decent size."),
        ("3.07", "Not very tall."),
        ("3.11", "Whatever the fire consultant decides."),
        ("3.14", "I think so."),
        ("3.15", "The usual for this kind of building."),
        ("3.18", "Whatever the table gives."),
    ],
)
def test_a_consultant_repeating_an_unreadable_answer_is_never_asked_the_same_thing_a_third_time(
    section, message
):
    results, state = ask(section, *[message] * 6)
    questions = [r.content for r in results]
    assert all(r.type == "clarifying_question" for r in results)
    assert runs(questions) < 3 and max(questions.count(q) for q in questions) < 3
    assert state.answer_for(section) is None, "nothing is recorded from words that do not say it"
    assert any(message.strip(".") in q for q in questions), "a repeat says what it could not read"


def test_a_repeat_on_a_choice_item_lists_the_options_by_number_and_a_number_picks_one():
    results, state = ask("3.11", "Depends on the fire consultant.", "Depends on the fire consultant.", "1")
    assert "Reply with the option's number" in results[1].content
    assert "1. Entire building" in results[1].content and "6. Not required" in results[1].content
    assert results[2].type == "form_answer"
    assert state.answer_for("3.11").value == "Entire building"
    assert "picked by its number" in results[2].content


def test_an_approximate_area_is_offered_with_its_reason_and_a_yes_records_it():
    results, state = ask("3.04", "Around 1,850 m2 of footprint.", "Yes, that's right.")
    offer, recorded = results
    assert offer.type == "clarifying_question" and "Shall I record it?" in offer.content
    assert "new 1,850 m²" in offer.content and "about 1,850 m²" in offer.content
    assert recorded.type == "form_answer"
    assert state.answer_for("3.04").value == {"existing": 0, "new": 1850, "total": 1850}
    assert "taken as the exact figure, as you confirmed" in recorded.content


def test_a_yes_that_brings_a_new_figure_is_read_for_that_figure():
    results, state = ask("3.04", "Around 1,850 m2.", "Yes, but make it 1,870 m2 exactly.")
    assert results[-1].type == "form_answer"
    assert state.answer_for("3.04").value["total"] == 1870


def test_same_footprint_on_both_floors_is_offered_from_the_building_area():
    results, state = ask("3.05", "Same floor plate on both floors.", "yes")
    assert "2 storeys × 1,150 m² building area (3.04)" in results[0].content
    assert state.answer_for("3.05").value == {"existing": 0, "new": 2300, "total": 2300}


def test_a_room_that_may_be_its_own_occupancy_is_asked_about_once_and_a_yes_keeps_it_part_of_the_main_use():
    results, state = ask("3.02", "B2, a community hospital with a gift shop in the lobby.", "Yes.")
    question = results[0].content
    assert "gift shop part of B2, or a separate Group E major occupancy" in question
    assert state.answer_for("3.02").value == ["B2"]


def test_a_room_said_to_be_separate_after_the_question_is_kept_as_its_own_occupancy():
    _, state = ask(
        "3.02", "B2, a community hospital with a gift shop in the lobby.", "The shop is a separate tenant."
    )
    assert state.answer_for("3.02").value == ["B2", "E"]


def test_an_engine_proposal_not_taken_up_is_offered_again_saying_so_and_a_yes_still_records_it():
    results, state = ask("3.10", "Which article applies?", "hmm", "Yes, go with that.")
    first, again, recorded = results
    assert "Proposed for 3.10" in first.content
    assert again.content != first.content and "Proposed for 3.10" in again.content
    assert recorded.type == "form_answer" and state.answer_for("3.10") is not None


@pytest.mark.parametrize(
    ("section", "message", "expected"),
    [
        ("3.06", "There isn't one.", None),
        ("3.25", "No dwelling units, n/a", None),
    ],
)
def test_not_applicable_only_when_the_message_says_the_item_does_not_apply(section, message, expected):
    (result,), state = ask(section, message)
    assert result.type == "form_answer"
    value = state.answer_for(section).value
    assert value is None if expected is None else value == message


def test_a_face_said_to_have_none_is_a_face_not_a_not_applicable_and_its_missing_area_is_asked():
    message = "The east wall at 1.5 m from the lot line has none; other faces unlimited."
    results, state = ask("3.22", message, "East wall is 45 m2")
    question, recorded = results
    assert question.type == "clarifying_question" and state.answer_for("3.22") is not None
    assert "row 'East': its face area" in question.content
    assert recorded.type == "form_answer"
    value = state.answer_for("3.22").value
    # the office is Group D, sprinklered: Table 3.2.3.1.-D, row 50 (first at or above 45 m²), column
    # 1.5 m → 16 %; Table 3.2.3.7, over 10 to 25 % → 1 h, combustible or better, noncombustible cladding
    (east,) = value["faces"]
    assert (east["face"], east["area_m2"], east["limiting_distance_m"]) == ("East", 45.0, 1.5)
    assert (east["upo_permitted_pct"], east["upo_actual_pct"], east["frr_h"]) == (16.0, 0.0, 1.0)
    assert east["cladding"] == "noncombustible"
    assert value["note"] == "Other faces unlimited", "the words that give no face figures are kept"
