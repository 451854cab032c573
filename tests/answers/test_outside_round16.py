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
