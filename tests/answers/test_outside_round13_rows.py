"""Occupant load kinds a round of unseen buildings found past the reader, each in words of its own.

- A numbered list ("1. Basement – …", "2. Level 2 – …"): the item numbers count the lines and are
  no figure of any row.
- A lead line ending in a colon whose figures are rates or articles ("take the lounge figure (1.85)
  for the studios:") introduces the rows; it is no row of its own.
- Rooms worked out at 2 persons each ("16 rooms x 1 bedroom x 2 = 32", "12 guest rooms x 2 = 24") are
  sleeping rooms.
- A persons cell with its rounding or working shown ("27.4 -> 28", "12 (4 bays x ~3), posting the
  sign") gives its result; 'design' in the rate column makes the persons a design number.
- "B3 sleeping areas" names the group B3, not a second basement; a line opening on its floor keeps
  that floor for the rows after its semicolons.
- A floor's name alone on a line is a heading for the rows under it.
- A design number the words say is posted is a posted limit; a hypothetical in brackets ("(the table
  would give more)") does not void its line.
- A rate given for words naming no use of the building's occupancies is offered as the table's use
  with that figure.
- A revision stating the new total ("the total goes from 310 to 318") gives the total, not a row.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read

OFFICE_2 = {
    "3.01": "New construction",
    "3.02": ["D"],
    "3.07": {"storeys_above_grade": 2, "storeys_below_grade": 1, "height_m": 8.0},
}
HOTEL_2 = {
    "3.01": "New construction",
    "3.02": ["C"],
    "3.07": {"storeys_above_grade": 2, "storeys_below_grade": 0, "height_m": 7.0},
}
HALL_1 = {
    "3.01": "New construction",
    "3.02": ["A2"],
    "3.07": {"storeys_above_grade": 1, "storeys_below_grade": 1, "height_m": 5.5},
}
CARE_3 = {
    "3.01": "New construction",
    "3.02": ["B3"],
    "3.07": {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 11.0},
}


FIRST = "Occupant load:\nBasement – storage 230 m² @ 46 → 5\nLevel 2 – offices 186 m² @ 9.30 → 20\nTotal 25."


def _load(message: str, answers: dict):
    return read(FORMS.get_item("3.18"), [message], state_with(answers), FORMS)


def _value(reading):
    value = reading.value if reading.value is not None else reading.offer
    assert value is not None, reading.missing
    return value


def _persons(reading) -> list[int]:
    return [row["persons"] for row in _value(reading)["rows"]]


@pytest.mark.parametrize(
    "message",
    [
        "Occupant load:\n1. Basement – storage 230 m² @ 46 → 5\n"
        "2. Level 2 – offices 186 m² @ 9.30 → 20\nTotal 25.",
    ],
)
def test_the_numbers_of_a_numbered_list_are_no_figures(message):
    reading = _load(message, OFFICE_2)
    assert reading.value is not None, reading.missing
    assert _persons(reading) == [5, 20]


@pytest.mark.parametrize(
    "message",
    [
        "loads - the client wants the lounge figure (1.85) for the studios:\nbsmt storage 92 m2 @ 46 = 2\n"
        "studios 74 m2 @ 1.85 = 40\ntotal 42",
    ],
)
def test_a_lead_line_with_rates_is_no_row(message):
    value = _value(_load(message, HALL_1))
    assert [row["persons"] for row in value["rows"]] == [2, 40]
    assert value["total"] == 42


@pytest.mark.parametrize(
    ("line", "persons"),
    [
        ("ground - 16 rooms x 1 bedroom x 2 = 32", 32),
        ("L2: 12 guest rooms x 2 = 24", 24),
    ],
)
def test_rooms_worked_at_two_persons_each_are_sleeping_rooms(line, persons):
    value = _value(_load(f"occupant load:\n{line}\ntotal {persons}", HOTEL_2))
    assert [row["persons"] for row in value["rows"]] == [persons]
    assert value["rows"][0]["based_on"].startswith("2 per")


def test_a_persons_cell_with_its_rounding_shown_gives_its_result():
    message = (
        "OL\nspace           m2     rate     ppl\nmain office     254    9.3      27.4 -> 28\n"
        "upper office    186    9.3      20\n"
        "wash bays       900    design   12 (4 bays x ~3), posting the sign\n"
        "total 60"
    )
    value = _value(_load(message, OFFICE_2))
    assert [row["persons"] for row in value["rows"]] == [28, 20, 12]
    assert value["rows"][2]["based_on"].startswith("design")
    assert value["rows"][2]["posted_limit"] is True


def test_a_group_before_its_use_is_no_basement_and_a_line_keeps_its_floor():
    message = (
        "Re item 3.18 – B3 sleeping areas at 10 m²/person, the rest by Table 3.1.17.1, rounded up:\n"
        "Basement – kitchen 140 m² @ 9.30 → 15.1 → 16; stores 276 m² @ 46 → 6\n"
        "L1 – resident wing 900 m² @ 10 → 90\nTotal 112."
    )
    value = _value(_load(message, CARE_3))
    floors = [row["floor"] for row in value["rows"]]
    assert not any("Basement 2" in floor for floor in floors)
    assert floors[0].startswith("Basement") and floors[1].startswith("Basement")
    assert value["total"] == 112


def test_a_floor_alone_on_a_line_heads_the_rows_under_it():
    message = (
        "Occupant load, rounded up:\nBasement\n  archive storage     230 m² @ 46   → 5\n"
        "Second floor\n  offices             186 m² @ 9.30 → 20\nTotal 25."
    )
    value = _value(_load(message, OFFICE_2))
    assert [row["floor"].split(" (")[0] for row in value["rows"]] == ["Basement", "Level 2"]


@pytest.mark.parametrize(
    "line",
    [
        "Basement – band rooms, 150 m²: design number 30 players (the table would give far more), "
        "to be posted",
        "Basement - band rooms 150 m2 - design 30, will be posted",
    ],
)
def test_a_design_number_said_to_be_posted_is_a_posted_limit(line):
    value = _value(_load(f"Occupant load:\n{line}\nTotal 30.", HALL_1))
    assert value["rows"][0]["persons"] == 30
    assert value["rows"][0]["posted_limit"] is True


def test_a_rate_for_a_use_of_no_occupancy_of_the_building_is_offered():
    message = (
        "Occupant load:\nBasement – crew room 74 m² @ 1.85 → 40\n"
        "Level 2 – offices 186 m² @ 9.30 → 20\nTotal 60."
    )
    reading = _load(message, OFFICE_2)
    assert reading.value is None and reading.offer is not None
    assert [row["persons"] for row in reading.offer["rows"]] == [40, 20]


@pytest.mark.parametrize(
    "message",
    [
        "Correction on 3.18 – the offices are 232 m², not 186; everything else stands, "
        "so the total goes from 25 to 30.",
    ],
)
def test_a_revision_stating_the_new_total_gives_the_total(message):
    first = _value(_load(FIRST, OFFICE_2))
    reading = read(FORMS.get_item("3.18"), [message], state_with({**OFFICE_2, "3.18": first}), FORMS)
    value = _value(reading)
    assert value["total"] == 30
    assert [row["persons"] for row in value["rows"]] == [5, 25]
