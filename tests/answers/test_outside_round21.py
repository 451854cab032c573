"""Kinds a round of new buildings (round h21, a checklist writer and a chatty junior architect) found
past the readers, fixed as kinds and tested in words of their own.

- A lowercase letter and a figure apart ('of a 1,200 m2 floor', 'a 1 h rating') are the article 'a'
  and a number, never a group and its division; 'A 2' in capitals, 'a-2' and 'a2' still are.
- An occupancy weighed and set aside ("I did think about calling it a D clinic, but …", "you could
  call it an E store, but …") is not one of the building's.
- A building without a basement (3.07): 'nil' or 'none' for the storeys below grade and the floor over
  the basement is not applicable, not a rating of 0 h.
- An offered 3.18 row named by a long sentence is cut to what the sheet holds; 'designed for 60 and
  posted' is a posted limit.
- A faces table's cell with its working ('(30.0 x 4.0) + (12.0 x 6.5) = 198') is its result when the
  working comes to it, and asked about when not; a remark after a figure ('20.0 (CL)', '10.0 m to CL',
  '1 h, NC cladding') is no part of it.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import building, office
from tests.answers.support import FORMS, state_with
from wizard_core.answers import read, validate_value


def _occupancies(message: str) -> list[str] | None:
    reading = read(FORMS.get_item("3.02"), [message], state_with({"3.01": "New construction"}), FORMS)
    return reading.value if reading.complete else None


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        ("e - retail store, 640 m2 of a 1,200 m2 floor = 53 %", ["E"]),
        ("d - offices; a 1 h rating on the demising wall", ["D"]),
        ("Group A 2, a community hall", ["A2"]),
        ("a-2 hall with a 1 storey kitchen wing", ["A2"]),
    ],
)
def test_a_lowercase_letter_and_a_figure_apart_are_no_group(message, groups):
    assert _occupancies(message) == groups


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        ("I did think about calling it a D business use for the admin wing, but it is B1 detention.", ["B1"]),
        ("You could call it an E store because of the counter, but the building is F3 storage.", ["F3"]),
        ("We had thought of the lounge as its own A2; it is part of the C residence.", ["C"]),
        ("Considered about the café as A2 at first. It's a D office building throughout.", ["D"]),
    ],
)
def test_an_occupancy_weighed_and_set_aside_is_not_the_buildings(message, groups):
    assert _occupancies(message) == groups


@pytest.mark.parametrize(
    "message",
    [
        "below grade: none\nfloor over bsmt: nil\nroof: no rating",
        "Storeys below grade - nil. Floor over basement - none. Roof - 0 h.",
    ],
)
def test_nil_below_grade_in_a_building_without_a_basement_is_not_applicable(message):
    store = building(("E",), ("3.2.2.70",), storeys=1, below=0)
    reading = read(FORMS.get_item("3.21"), [message], store, FORMS)
    rows = {row["assembly"]: row["rating_h"] for row in (reading.value or reading.offer)["assemblies"]}
    assert rows["storeys_below_grade"] is None and rows["floors_over_basement"] is None
    assert rows["roof"] == 0.0


def test_a_row_named_by_a_long_sentence_is_cut_to_what_the_sheet_holds_and_can_be_recorded():
    # each row is named by its floor and the words the consultant used for it, however many
    message = (
        "Occupant load by area. On the ground floor, the spectator stands have 300 fixed seats, so 300 "
        "persons. Also on the ground floor, the curling sheet area is 1,200 m2, and we are going with a "
        "design number of 90 for league nights, which will be posted since the table makes no real sense "
        "for a sheet of ice. The lounge on level 2 is 140 m2 at 1.85, so 75.7, which rounds up to 76. "
        "The total is 300 + 90 + 76 = 466."
    )
    store = building(("A3",), ("3.2.2.31",), storeys=2, below=0)
    item = FORMS.get_item("3.18")
    reading = read(item, [message], store, FORMS)
    value = reading.value or reading.offer
    assert value["total"] == 466
    assert all(len(row["floor"]) <= 80 for row in value["rows"])
    assert validate_value(item, value)["total"] == 466  # a yes records it: nothing is refused


@pytest.mark.parametrize(
    "line",
    [
        "Level 2: the dance studio is 210 m2, designed for 60 persons and posted.",
        "Level 2: dance studio 210 m2, a design number of 60 from the class schedule, posted.",
        "Level 2 - dance studio 210 m2 - design 60 (posted)",
    ],
)
def test_a_design_number_said_posted_in_passing_is_a_posted_limit(line):
    store = building(("A3",), ("3.2.2.31",), storeys=2, below=0)
    reading = read(FORMS.get_item("3.18"), [line], store, FORMS)
    (row,) = (reading.value or reading.offer)["rows"]
    assert (row["persons"], row["posted_limit"]) == (60, True)


# --- Cells of a pasted faces table with their working or a remark (3.22) ----------------------------------

FACES = (
    "Face | EBF m² | LD m | UPO % | FRR\n"
    "North | (30.0 x 4.0) + (12.0 x 6.5) = 198 | 20.0 (CL) | 15 | 1 h, NC cladding (brick)\n"
    "East | 18.0 x 6.5 = 117 | 10.0 m to CL | 40 | none\n"
)


def test_a_faces_cells_working_and_remarks_give_its_figures():
    reading = read(FORMS.get_item("3.22"), [FACES], office(), FORMS)
    faces = {f["face"]: f for f in (reading.value or reading.offer)["faces"]}
    assert (faces["North"]["area_m2"], faces["North"]["limiting_distance_m"]) == (198.0, 20.0)
    assert (faces["East"]["area_m2"], faces["East"]["limiting_distance_m"]) == (117.0, 10.0)


def test_a_cells_working_that_does_not_come_to_its_figure_is_asked_about():
    wrong = FACES.replace("(30.0 x 4.0) + (12.0 x 6.5) = 198", "(30.0 x 4.0) + (12.0 x 6.5) = 218")
    reading = read(FORMS.get_item("3.22"), [wrong], office(), FORMS)
    assert not reading.complete and "the working comes to 198, not 218" in (reading.missing or "")
