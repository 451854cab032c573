"""Kinds a round of new buildings (round h42: a consultant writing English as a second language, and one
giving every measure in both imperial and metric units) found past the readers on its first run, fixed
as kinds and tested in words of their own.

- A group named as what the building is not ('this is not a hotel under Group C') is no group of it.
- 'the major occupancies are D and E' names 3.02 as 'the major occupancy' does, for a revision.
- 'Not apply', 'Not have mezzanine': not applicable, in the words of a second-language writer.
- A decimal comma after the name of what it measures ('LD 8,5 —', 'L/H 5,1,') is a decimal point.
- 'Roof: without rating' is no rating; 'not by the STC 50 way' sets that option aside.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import NOT_SPRINKLERED, building, recorded
from tests.answers.support import FORMS, state_with
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read
from wizard_core.answers.wording.marks import answer_in
from wizard_core.turn.decisions import DecisionEngine

ENGINE = DecisionEngine(FORMS)


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [answer_in(message)], state_with(answers or {}), FORMS)


@pytest.mark.parametrize(
    "message",
    [
        "B2 — a day surgery; patients are under anaesthetic, so it is not an office under Group D.",
        "B3 care occupancy. It isn't a boarding house in Group C, the residents need help to get out.",
    ],
)
def test_a_group_named_as_what_the_building_is_not_is_no_group_of_it(message):
    result = _read("3.02", message)
    assert result.complete and result.value == [message[:2]]


def test_the_major_occupancies_plural_name_the_item_for_a_revision():
    state = state_with({"3.02": ["D"], "3.03": False})
    state.current_form_section = "3.05"
    message = "I must correct the occupancy: the shop is 25 % of the floor. The major occupancies are D, E."
    decision = ENGINE.decide(state, message)
    assert (decision.kind, decision.target) == ("revision", "3.02")


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3.25", "Not apply, there is no suite in the building."),
        ("3.06", "Not have mezzanine in this project."),
    ],
)
def test_not_applicable_in_a_second_language_writers_words(section, message):
    assert says_not_applicable(message, FORMS.get_item(section))


def test_a_decimal_comma_after_the_name_of_its_measure_is_a_decimal_point():
    hall = building(("A2",), ("3.2.2.25",), storeys=1, below=0, sprinklers=NOT_SPRINKLERED)
    message = "North, rear lot line: 96,0 m2, L/H 5,1, LD 8,5 — 40 %, 45 min."
    (face,) = recorded("3.22", message, state=hall)["faces"]
    assert (face["area_m2"], face["ratio"], face["limiting_distance_m"]) == (96.0, 5.1, 8.5)


def test_without_rating_is_no_rating():
    message = "No basement. No floors, it is one storey. No mezzanine. Roof: without rating."
    result = _read("3.21", message, {"3.10": ["3.2.2.64"]})
    rows = {r["assembly"]: r["rating_h"] for r in result.value["assemblies"]}
    assert rows["roof"] == 0.0


def test_the_way_not_taken_for_sound_is_set_aside():
    message = "Yes, 12 suites. We follow ASTC 47 with the flanking calculation, not by the STC 50 way."
    result = _read("3.25", message)
    assert result.value["option"] == "ASTC 47"


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        (
            "3.25",
            "Yes, 40 suites. Going with ASTC 47 — the IBC would've let us stop at STC 50 but we'll test it.",
            "ASTC 47",
        ),
        (
            "3.05",
            "Same as 3.04: 1,210 / 390 / 1,600 (rev 1: 1,210 / 300 / 1,510). Mezzanine not included.",
            {"existing": 1210, "new": 390, "total": 1600},
        ),
    ],
)
def test_a_counterfactual_stops_at_its_turn_and_an_old_revisions_figures_stay_old(section, message, value):
    result = _read(section, message, {"3.04": {"existing": 1210, "new": 390, "total": 1600}})
    got = result.value if result.complete else result.offer
    assert (got["option"] if section == "3.25" else got) == value
