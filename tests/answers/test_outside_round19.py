"""Kinds the held-out buildings of round h19 (a plans examiner re-typing an applicant's matrix; a
bilingual junior designer typing fast) found past the readers, each fixed as a kind and tested in words
of their own.

- An item cited as where something is left out ("excluded from 3.04/3.05") is not revised by the
  figure next to it.
- Hazardous substances taken as present only because the reader knows no word of the answer
  ("hazardous substances nope") are recorded to confirm; "non" and "oui" are answers.
- A hedge in time ("at this stage", "for now", "TBC") makes the value one to confirm.
- French words of the trade among English ones: "gicleurs", "sous-sol", "rez-de-chaussée", "partout",
  "deux"/"trois"/"quatre".
- "Side q …", "petite question: …", and a first sentence that asks ("is it ok to use … ? the table
  gives 26") are side questions.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from tests.support import advance_to, make_manager
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read
from wizard_core.turn.decisions import DecisionEngine


def _read(section: str, message: str, answers: dict | None = None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


def _decide(section: str, message: str):
    manager = make_manager()
    pid = manager.start_project("Round 19").project_id
    advance_to(manager, pid, section)
    return DecisionEngine(manager.forms).decide(manager.storage.load_project(pid), message)


@pytest.mark.parametrize(
    "message",
    [
        "Loading dock canopy (210 m2) is open, left out of 3.04 and 3.05 per the plans.",
        "The 96 m2 bike room is excluded from 3.04/3.05 - it's under the deck.",
    ],
)
def test_an_item_cited_as_where_something_is_left_out_is_not_revised(message):
    decision = _decide("3.27", message)
    assert decision.kind != "revision"


def test_an_item_named_with_a_word_of_revising_before_it_is_still_revised_from_the_notes():
    decision = _decide("3.27", "Also 3.04 should be 1,300 m2, that was a typo.")
    assert (decision.kind, decision.target) == ("revision", "3.04")


@pytest.mark.parametrize(
    ("message", "present", "sure"),
    [
        ("2 bf entrances, hazardous substances nah", True, False),
        ("1 barrier-free entrance; hazardous substances: non", False, True),
        ("1 barrier-free entrance; haz: oui, the pool chlorine room", True, True),
        ("2 bf entrances. Haz: propane cylinders for the forklifts, caged outside", True, True),
    ],
)
def test_hazards_read_only_for_want_of_a_known_word_are_to_confirm(message, present, sure):
    reading = _read("3.20", message)
    assert reading.value["hazardous_substances"] is present
    assert (reading.confidence >= 0.8) is sure


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3.13", "Single stage for now, the fire consultant is still looking at it."),
        ("3.17", "SC2 at this stage - geotech report TBC."),
    ],
)
def test_a_hedge_in_time_leaves_the_value_to_confirm(section, message):
    reading = _read(section, message)
    assert reading.complete and reading.confidence < 0.8


@pytest.mark.parametrize(
    ("section", "message", "expected"),
    [
        ("3.11", "gicleurs partout, NFPA 13", "Entire building"),
        ("3.07", "trois étages + sous-sol, 11,6 m", (3, 1, 11.6)),
        ("3.07", "deux étages, pas de sous-sol, 7,8 m", (2, 0, 7.8)),
    ],
)
def test_french_words_of_the_trade(section, message, expected):
    reading = _read(section, message)
    value = reading.value or reading.offer
    if isinstance(expected, tuple):
        value = (value["storeys_above_grade"], value["storeys_below_grade"], value["height_m"])
    assert value == expected


@pytest.mark.parametrize(
    "message",
    [
        "Side q - does a covered bike shelter against the wall count in the building area?",
        "petite question: the garbage room, is it a service room for 3.2.4?",
        "can we use the posted number for the lounge? the table would give 40 and we post 30",
    ],
)
def test_a_message_that_opens_by_asking_is_a_side_question(message):
    assert _decide("3.19", message).kind == "side_question"


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3.06", "n.a. - no mezzanine anywhere on the plans"),
        ("3.25", "N/R, offices only, no suites"),
        ("3.26", "not req'd"),
    ],
)
def test_not_applicable_written_the_examiners_way(section, message):
    assert says_not_applicable(message, FORMS.get_item(section))


def test_no_dwelling_units_is_not_more_than_one():
    # (a building without dwelling units has nothing to separate: the item does not apply, as 3.25 says)
    reading = _read("3.25", "There are no dwelling units here, it's a warehouse.")
    assert reading.complete and reading.value is None


@pytest.mark.parametrize(
    ("message", "days"),
    [("SB-10, zone 6, HDD TBC - 4,350 per SB-1", 4350), ("degree days: 3,990; zone 5; SB-12", 3990)],
)
def test_degree_days_after_their_words(message, days):
    assert _read("3.24", message).value["degree_days"] == days


FACES_STATE = {
    "3.01": "New construction",
    "3.02": ["C"],
    "3.07": {"storeys_above_grade": 3, "storeys_below_grade": 0, "height_m": 10.6},
    "3.11": "Entire building",
}


def test_a_line_introducing_the_faces_with_the_wall_height_is_no_face():
    message = (
        "Sprinklered, so Table D. Walls to the L3 ceiling 9.9 m:\n"
        "North (Main St): 40.0 x 9.9 = 396 m2, LD 16.0 m -> 100 %\n"
        "South (lot line): 396 m2, LD 4.0 m -> 30 %, 45 min"
    )
    reading = read(FORMS.get_item("3.22"), [message], state_with(FACES_STATE), FORMS)
    faces = (reading.value or reading.offer)["faces"]
    assert [f["face"] for f in faces] == ["North (Main St)", "South (lot line)"]


def test_a_bare_figure_before_the_limiting_distance_is_offered_as_the_face_area():
    message = (
        "table D, walls 9,9 m\nN Main 40 x 9,9 = 396 m2, LD 16 -> 100 %\n"
        "S lot line 396, LD 4,0 -> 30 %, 45 min"
    )
    reading = read(FORMS.get_item("3.22"), [message], state_with(FACES_STATE), FORMS)
    faces = {f["face"]: f for f in (reading.value or reading.offer)["faces"]}
    assert faces["South"]["area_m2"] == 396 and not reading.complete
    assert "is 396 m² the face area?" in reading.missing
