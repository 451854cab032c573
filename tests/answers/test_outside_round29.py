"""Kinds a round of new buildings (round h29: a consultant copying an earlier sheet with its boxes and
correcting themselves as they type, and one dictating to a phone from site) found past the readers on its
first run, fixed as kinds and tested in words of their own.

- A construction said in one run-on sentence: the kind the article allows, and apart from it what is
  built ('combustible allowed under 25 … wood frame'), 'non combustible' said as two words, and a heavy
  timber 'no' at the end of it.
- The answer about hazardous substances said before their words ('and yes hazardous substances, …'),
  never denied by a negation about the entrances earlier in the same run-on sentence.
- A count closing its line on a sheet ('BF entrances: 3' over 'Hazardous substances: …').
- The groups a 3.02 message closes on alone ('… so just F2', 'so F2 only').
- 'n a', as a phone writes n/a, is not applicable.
- An item's number said aloud ('three oh one', 'three point thirteen') is that item's number.
- A choice turned to after naming the one recorded ('I told you single stage … so make it two stage').
- A question dictated with no stops at all, after the clause that leads into it, is a question.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from tests.support import advance_to, make_manager
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read
from wizard_core.answers.replies import is_question
from wizard_core.answers.spoken import as_meant


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


@pytest.mark.parametrize(
    ("message", "actual"),
    [
        (
            "the article lets us build combustible but it is all steel and block so non combustible no heavy "
            "timber",
            "Noncombustible",
        ),
        (
            "combustible construction is permitted and we are framing it in wood throughout no heavy timber",
            "Combustible",
        ),
        (
            "fifty allows combustible its light wood framing over a steel and concrete podium so a mix of "
            "the two",
            "Combustible and noncombustible",
        ),
        (
            "combustible allowed and its wood trusses with a couple of steel lintels id still call it "
            "combustible",
            "Combustible",
        ),
    ],
)
def test_a_construction_said_in_one_run_on_sentence(message, actual):
    reading = _read("3.15", message, {"3.10": ["3.2.2.50"]})
    assert reading.value is not None, reading.missing
    assert reading.value["restriction"] == "Combustible permitted"
    assert reading.value["actual"] == actual
    assert reading.value["heavy_timber"] is False


@pytest.mark.parametrize(
    ("message", "present"),
    [
        (
            "two barrier free entrances the loading doors dont count and yes hazardous materials propane for "
            "the forklifts in a cage",
            True,
        ),
        ("one bf entrance the side door isnt accessible and no hazardous substances", False),
    ],
)
def test_hazardous_substances_answered_before_their_words_in_a_run_on_sentence(message, present):
    value = _read("3.20", message).value
    assert value is not None and value["hazardous_substances"] is present


def test_a_count_closing_its_line_on_a_sheet():
    value = _read("3.20", "BF entrances: 4\nHazardous substances: none on site").value
    assert value == {"barrier_free_entrances": 4, "hazardous_substances": False}


@pytest.mark.parametrize(
    "message",
    [
        "Bakery production, F2; the sales counter at the front is E but well under 10 %, so just F2",
        "F2 with a small retail counter (E) under ten percent of the floor, so F2 only.",
    ],
)
def test_the_groups_a_message_closes_on_alone_are_the_answer(message):
    reading = _read("3.02", message)
    assert reading.value == ["F2"]
    assert reading.confidence < 0.9  # the others it named said back, to confirm


def test_a_message_closing_on_every_group_it_named_keeps_them_all():
    assert _read("3.02", "Shops on the ground floor, flats above: just E and C.").value == ["E", "C"]


def test_n_a_as_a_phone_writes_it_is_not_applicable():
    assert says_not_applicable("no dwelling units n a", FORMS.get_item("3.25"))


@pytest.mark.parametrize(
    ("said", "number"),
    [
        ("put three oh one down as an addition", "3.01"),
        ("for three point oh nine it is two streets", "3.09"),
        ("three point thirteen should be two stage", "3.13"),
        ("three point two one roof is forty five minutes", "3.21"),
    ],
)
def test_an_items_number_said_aloud_is_its_number(said, number):
    assert number in as_meant(said)


@pytest.mark.parametrize(
    "said",
    [
        "the corridor outside suite three zero four is rated",
        "room three oh two is the lounge",
        "unit # three oh one",
    ],
)
def test_a_room_or_suite_number_said_aloud_is_not_an_item(said):
    assert "3.0" not in as_meant(said)


def test_three_and_a_measure_said_aloud_stay_a_measure():
    assert "3.5" not in as_meant("three point five metres") and "3.0" not in as_meant("three storeys")


def test_a_choice_turned_to_after_the_one_recorded_revises_that_item():
    manager = make_manager()
    pid = manager.start_project("Turned to").project_id
    advance_to(manager, pid, "3.16")
    assert manager.storage.load_project(pid).answer_for("3.13").value == "Single stage"
    result = manager.process_user_response(
        pid,
        "about the fire alarm you have single stage from me but the owner now wants a pre-alert, "
        "so make it two stage",
    )
    state = manager.storage.load_project(pid)
    assert (result.decision, result.section) == ("revision", "3.13")
    assert state.answer_for("3.13").value == "Two stage"


@pytest.mark.parametrize(
    "message",
    [
        "before I forget does the ten percent rule use the storey or the whole building",
        "since its a change of use do we have to upgrade the whole building to part three",
    ],
)
def test_a_question_dictated_with_no_stops_is_a_question(message):
    assert is_question(message)


def test_a_dictated_answer_with_a_leading_clause_is_not_a_question():
    assert not is_question("since the building is sprinklered it is three point two point two point fifty")


def test_a_message_announcing_something_to_check_is_a_question_and_revises_nothing():
    manager = make_manager()
    pid = manager.start_project("To check").project_id
    advance_to(manager, pid, "3.04")
    before = manager.storage.load_project(pid).answer_for("3.02").value
    result = manager.process_user_response(
        pid,
        "One thing I need to check before we go on - the tenant may add a small bakery at the back "
        "later. Would that make the ground floor an F1 or F2 occupancy?",
    )
    assert result.decision == "side_question"
    assert manager.storage.load_project(pid).answer_for("3.02").value == before
