"""Kinds a round of unseen buildings (a heritage architect's long narrative; a design-build estimator's
bullets with costs and RFIs) found past the readers, each in words of its own.

- Revisions in those voices: "I left out …", "… switched to …", "per RFI-7 …", "… which moves it from
  X to Y", "there are now 3 …", "bldg is … now, gross same …"; of one choice, the option a change moves
  away from ("from Normal to High") is not named.
- Money and schedule are no quantities: "$85k", "approx $1.2M", "1 wk", "3 mos".
- A gross area's working whose terms are written with thousands ("GFA 4 x 1,656 = 6,624 m2") belongs
  to the gross area, not the building area beside it.
- 3.21: "the floor over the single basement storey" is the floor over the basement.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from tests.support import answer_items, make_manager
from wizard_core.answers import parsing, read

NEW = {"3.01": "New construction", "3.02": ["F2"]}


def _read(section: str, message: str, answers: dict | None = None):
    return read(FORMS.get_item(section), [message], state_with(answers or NEW), FORMS)


def _garage(wizard) -> str:
    project = wizard.start_project("Garage").project_id
    answer_items(
        wizard,
        project,
        [
            "New construction",
            "F2 repair garage",
            "No",
            "40.0 x 30.0 = 1,200 m2, all new",
            "same, 1,200 m2, one storey",
            "none",
            "1 storey, no basement, 7.5 m",
            "No",
            "2 streets",
            "3.2.2.80",
            "not sprinklered",
            "no standpipe",
            "single stage",
            "yes",
            "combustible permitted, actual noncombustible steel frame, no HT",
            "Normal",
        ],
    )
    assert wizard.load_project(project).current_form_section == "3.17"
    return project


@pytest.mark.parametrize(
    ("message", "building", "gross"),
    [
        (
            "REV: owner added 1 m at the east end - bldg is 41.0 x 30.0 = 1,230 m2 now, gross same 1,230.",
            1230,
            1230,
        ),
        (
            "I left out the wash bay lean-to: the building area is 1,200 + 36 = 1,236 m2, and the gross area "
            "is 1,236 m2.",
            1236,
            1236,
        ),
    ],
)
def test_a_change_in_the_builders_words_revises_the_areas(message, building, gross):
    wizard = make_manager()
    project = _garage(wizard)
    wizard.process_user_response(project, message)
    state = wizard.load_project(project)
    assert state.answer_for("3.04").value["total"] == building  # type: ignore[union-attr]
    assert state.answer_for("3.05").value["total"] == gross  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "message",
    [
        "The insurer's review moves the importance category from Normal to High.",
        "per RFI-7 the importance category switched to High (fuel storage on site).",
    ],
)
def test_a_choice_moved_from_one_option_to_another_is_revised(message):
    wizard = make_manager()
    project = _garage(wizard)
    wizard.process_user_response(project, message)
    assert wizard.load_project(project).answer_for("3.16").value == "High"  # type: ignore[union-attr]


def test_there_are_now_n_is_a_change_of_count():
    wizard = make_manager()
    project = _garage(wizard)
    for section, value in [
        ("3.17", "SC1"),
        ("3.18", {"rows": [], "total": 30, "note": ""}),
        ("3.19", True),
        ("3.20", {"barrier_free_entrances": 1, "hazardous_substances": True}),
    ]:
        wizard.answer_directly(project, section, value)
    wizard.process_user_response(
        project,
        "On the entrances, the owner will ramp the parts counter door, so there are now 2 barrier-free ones.",
    )
    value = wizard.load_project(project).answer_for("3.20").value  # type: ignore[union-attr]
    assert value == {"barrier_free_entrances": 2, "hazardous_substances": True}


def test_money_and_schedule_are_no_quantities():
    found = parsing.quantities("adds approx $85k and 2 weeks; the mezz stays 110 m2; budget $1.2M, 3 mos")
    assert [(q.value, q.unit) for q in found] == [(110.0, "m2")]
    reading = _read("3.06", "REV: training room added, the mezz is 140 m2 now. Approx $60k, 1 wk.")
    assert reading.value == {"existing": 0.0, "new": 140.0, "total": 140.0}


def test_a_gross_working_with_thousands_stays_with_the_gross():
    message = "Footprint is 52.0 x 30.0 = 1,560 m2 and GFA 3 x 1,560 = 4,680 m2, all new."
    assert _read("3.04", message).value["total"] == 1560.0  # type: ignore[index]


def test_the_floor_over_the_single_basement_storey():
    answers = NEW | {
        "3.06": None,
        "3.07": {"storeys_above_grade": 2, "storeys_below_grade": 1, "height_m": 9.0},
        "3.10": ["3.2.2.86"],
    }
    message = "Floors 45 min, and the same 45 min for the floor over the single basement storey; roof none."
    reading = _read("3.21", message, answers)
    assert reading.value is not None
    ratings = {row["assembly"]: row["rating_h"] for row in reading.value["assemblies"]}
    assert ratings["floors_over_basement"] == 0.75 and ratings["floors"] == 0.75


def test_a_note_naming_other_items_facts_revises_none_of_them():
    wizard = make_manager()
    project = _garage(wizard)
    state = wizard.load_project(project)
    wizard.go_to_item(project, "3.27")
    note = "Part 10 for the change of use; the basement, storage at 600 m2 now, is not in the gross area."
    wizard.process_user_response(project, note)
    after = wizard.load_project(project)
    assert after.answer_for("3.05").value == state.answer_for("3.05").value  # type: ignore[union-attr]
    assert after.answer_for("3.27") is not None


HERITAGE = {"3.01": "Renovation / alteration", "3.02": ["D"]}


@pytest.mark.parametrize(
    ("message", "total"),
    [
        ("The 1856 warehouse plan gives 1,210 m2, all of it existing.", 1210.0),
        (
            "The old drawings give 80 by 150 feet; the survey gives 24.4 by 45.7 m, so 1,115 m2, all "
            "existing.",
            1115.0,
        ),
    ],
)
def test_old_years_and_sides_in_feet_beside_the_survey_are_no_figures(message, total):
    reading = _read("3.04", message, HERITAGE)
    assert reading.value == {"existing": total, "new": 0.0, "total": total}


def test_a_year_before_a_building_word_is_no_area():
    answers = HERITAGE | {"3.04": {"existing": 900, "new": 0, "total": 900}}
    reading = _read("3.06", "A 1924 gallery of 70 m2 over the counter, existing, open above.", answers)
    assert reading.value == {"existing": 70.0, "new": 0.0, "total": 70.0}


def test_feet_with_the_consultants_own_metres_read_as_the_metres():
    message = "Three storeys above grade, and below them one storey; the parapet is 41 ft, 12.5 m."
    reading = _read("3.07", message, HERITAGE)
    assert reading.value == {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 12.5}


def test_a_quantity_count_and_a_remark_inside_a_sum_are_no_areas():
    answers = NEW | {"3.04": {"existing": 0, "new": 1600, "total": 1600}}
    platforms = _read("3.06", "Qty 2 steel mezz platforms, 85 m2 new in all.", answers)
    assert platforms.value is not None and platforms.value["total"] == 85.0
    message = "1,600 ground + 700 upper (the shop is double height, 900 m2 open) = 2,300 m2 new."
    gross = _read("3.05", message, answers)
    assert gross.value == {"existing": 0.0, "new": 2300.0, "total": 2300.0}


def test_a_spire_is_no_height_and_feet_with_metres_keep_their_words():
    message = (
        "Two storeys above grade and one below; the ridge of the hall is 40 ft above grade, 12.2 m, the "
        "height I would put down; the bell tower goes to 96 ft, not a storey."
    )
    reading = _read("3.07", message, HERITAGE)
    assert reading.value == {"storeys_above_grade": 2, "storeys_below_grade": 1, "height_m": 12.2}


def test_a_gallery_named_by_its_own_word_is_revised():
    wizard = make_manager()
    project = wizard.start_project("Chapel").project_id
    answer_items(
        wizard,
        project,
        [
            "Renovation",
            "A2 chapel",
            "No",
            "420 m2 existing",
            "420 m2 existing",
            "a choir gallery, 40 m2, existing",
        ],
    )
    correction = "I have to correct the gallery: measured on site it is 52 m2, existing."
    wizard.process_user_response(project, correction)
    value = wizard.load_project(project).answer_for("3.06").value  # type: ignore[union-attr]
    assert value == {"existing": 52.0, "new": 0.0, "total": 52.0}
