"""Building height (3.07), occupant load (3.18) and entrances with hazards (3.20) from plain words."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read


def reading(section: str, *texts: str):
    return read(FORMS.get_item(section), list(texts), state_with({}), FORMS)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("40 ft high, two stories", {"storeys_above_grade": 2, "storeys_below_grade": 0, "height_m": 12.19}),
        (
            "single-storied, 6 m, no basement",
            {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 6},
        ),
        (
            "2 storeys with partial basement, 9 m",
            {"storeys_above_grade": 2, "storeys_below_grade": 1, "height_m": 9},
        ),
        (
            "five floors above grade and one floor beneath grade, 18.5 m",
            {"storeys_above_grade": 5, "storeys_below_grade": 1, "height_m": 18.5},
        ),
    ],
)
def test_building_height(message, expected):
    result = reading("3.07", message)
    assert result.complete, result.missing
    assert result.value == expected


def test_occupant_load_rows_with_their_basis():
    # "200 persons design" is a design number (3.1.17.1.(1)(c)); "50 people" for the offices is a
    # head count with no area to work it out from, so it is asked about and offered as given
    result = reading("3.18", "Assembly: 200 persons design; Offices: 50 people; total 250")
    assert not result.complete
    assert "row 'Offices'" in result.missing and "floor area" in result.missing
    assert [(r["floor"], r["persons"], r["based_on"]) for r in result.offer["rows"]] == [
        ("Assembly", 200, "design number"),
        ("Offices", 50, "design number (as given)"),
    ]
    assert result.offer["total"] == 250


def test_occupant_load_rows_given_with_their_inputs_are_worked_out():
    # offices 465 m2 / 9.30 = 50 (Table 3.1.17.1, offices); the design number 200 stays as given
    result = reading("3.18", "Assembly: 200 persons design; Offices: 465 m2, 50 people; total 250")
    assert result.complete, result.missing
    assert [(r["floor"], r["persons"], r["based_on"]) for r in result.value["rows"]] == [
        ("Assembly", 200, "design number"),
        ("Offices", 50, "table: 9.30 m²/person"),
    ]
    assert result.value["total"] == 250


def test_occupant_load_rows_that_do_not_add_up_are_questioned():
    result = reading("3.18", "Ground floor: 120 occupants; Second floor: 80 occupants; 180 in total")
    assert not result.complete and "add up" in result.missing


def test_entrances_and_hazards_may_come_in_two_messages():
    assert not reading("3.20", "2 entrances").complete
    result = reading("3.20", "2 entrances", "no hazardous substances")
    assert result.value == {"barrier_free_entrances": 2, "hazardous_substances": False}


@pytest.mark.parametrize(
    ("message", "below"),
    [
        ("4 storeys over one level of underground parking, 15.2 m", 1),
        ("Two storeys and a basement used for storage and mechanical, 8 m", 1),
        ("3 storeys above grade, none below, 11 m", 0),
        ("2 storeys, nothing below grade, 7.5 m", 0),
    ],
)
def test_storeys_below_grade_named_by_their_use_or_said_to_be_none(message, below):
    result = reading("3.07", message)
    assert result.complete and result.value["storeys_below_grade"] == below
    assert not any("not mentioned" in note for note in result.notes)


def test_an_approximate_height_in_feet_is_offered_in_metres_with_its_unit_stated():
    result = reading("3.07", "Two storeys, no basement, roughly 30 ft to the roof")
    assert not result.complete
    assert "about 30 ft (9.14 m)" in result.missing
    assert result.offer == {"storeys_above_grade": 2, "storeys_below_grade": 0, "height_m": 9.14}


def test_of_several_lengths_the_one_said_of_the_height_counts():
    result = reading("3.07", "3 storeys, 4 m floor to floor, 12.4 m to the roof, no basement")
    assert result.value["height_m"] == 12.4
