"""Building and gross areas (3.04, 3.05) as outside consultants write them: 'same as 3.04' for a
one-storey building, shown working whose result is labelled, sums that do not add up, and figures
given per storey. A storey count is never an area, and a figure not bound to the area without
doubt is offered or asked about, never recorded."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, at_gross_area, state_with
from wizard_core.answers import read

BUILDING = FORMS.get_item("3.04")
GROSS = FORMS.get_item("3.05")
ADDITION = {"3.01": "Addition", "3.04": {"existing": 1500, "new": 800, "total": 2300}}
NEW = {"3.01": "New construction", "3.04": {"existing": 0, "new": 2300, "total": 2300}}
SPLIT = {"existing": 1500, "new": 800, "total": 2300}


def _gross(message: str | list[str], answers: dict = ADDITION):
    return read(GROSS, [message] if isinstance(message, str) else message, state_with(answers), FORMS)


def _recorded(reading, expected: dict, confident: bool = True) -> None:
    assert reading.complete, reading.missing
    assert reading.value == pytest.approx(expected)
    assert (reading.confidence >= 0.8) is confident


def _asked(reading, *figures: str) -> None:
    assert not reading.complete and reading.value is None
    for figure in figures:
        assert figure in reading.missing


# 1. "Same as 3.04" for a one-storey building; a storey count is never an area.


@pytest.mark.parametrize(
    "message",
    [
        "Same as the building area; it's a single-storey shed.",
        "ditto 3.04 (bungalow)",
        "Per 3.04, the whole thing is on one level.",
        "gross same as footprint, 1 flr",
        "Identical to 3.04 - one storey only",
        "same again - 1 storey",
    ],
)
def test_same_as_the_building_area_for_one_storey_copies_its_split(message):
    _recorded(_gross(message), SPLIT)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("2,300 m2 again, it's a one-storey building", SPLIT),
        ("Identical to 3.04 - 24,757 sf, single level", SPLIT),
        ("Same split as 3.04: 1,500 existing and 800 new, single storey", SPLIT),
        ("GFA 2,300 m2, 1 sty", SPLIT),
    ],
)
def test_the_building_areas_figures_again_take_its_split_and_unit(message, expected):
    reading = _gross(message)
    _recorded(reading, expected)
    assert "1 m²" not in str(reading.notes)


@pytest.mark.parametrize("message", ["gfa same - 1 sty", "same as above, it's 1 storey", "as per BA. 1 flr"])
def test_a_storey_count_is_not_read_as_an_area(message):
    reading = _gross(message, NEW)
    _recorded(reading, NEW["3.04"])
    assert "unit" not in reading.missing


def test_same_as_above_without_a_storey_count_is_recorded_below_confident():
    _recorded(_gross("same as above"), SPLIT, confident=False)


@pytest.mark.parametrize(
    "message", ["Same as 3.04 but it's three storeys", "as per the footprint, x3 floors"]
)
def test_same_as_the_building_area_over_several_storeys_is_offered_not_recorded(message):
    reading = _gross(message)
    assert not reading.complete
    assert reading.offer == {"existing": 4500, "new": 2400, "total": 6900}


def test_same_as_something_else_is_not_the_building_area():
    assert _gross("same as the existing building").value is None


@pytest.mark.parametrize(
    "message", ["Same as 3.04, but there are two floors", "same as the building area x 2 storeys"]
)
def test_the_wizard_does_not_copy_3_04_when_more_storeys_are_said(message):
    reply, answer = at_gross_area(message)
    assert reply.type == "clarifying_question" and answer is None
    assert "2,400" in reply.content


@pytest.mark.parametrize("message", ["See 3.04 - one level only", "as per the building area, single storey"])
def test_the_wizard_records_the_building_area_for_a_one_storey_building(message):
    reply, answer = at_gross_area(message)
    assert reply.type == "form_answer" and answer.value["total"] == 1200


# 2. Shown working: the labelled result is the area; per-storey and left-out figures are not.


@pytest.mark.parametrize(
    ("message", "total"),
    [
        ("Four storeys at 950 m2 apiece, which gives 3,800 m2 gross; the basement isn't part of it.", 3800),
        (
            "Gross is 2,600 m2 - 1,300 m2 on both levels. There's also a 700 m2 underground parking "
            "level; I've left that out since it's below grade.",
            2600,
        ),
        ("5,550 m2 GFA: 1,850 on all three floors. The 900 m2 cellar is excluded.", 5550),
        ("ground floor 1,400 m2 + second floor 1,100 m2 = 2,500 m2", 2500),
        ("three floors of 1,000 m2 each come to 3,000 m2 gross, not counting the 450 m2 basement", 3000),
    ],
)
def test_the_labelled_result_of_shown_working_is_the_gross_area(message, total):
    reading = _gross(message, NEW)
    _recorded(reading, {"existing": 0, "new": total, "total": total})


def test_existing_and_new_with_working_keep_their_roles():
    message = (
        "Existing block is 9,000 m2 gross (ground 5,000, upper 4,000), and the new wing adds "
        "3 x 800 = 2,400 m2, for a total of 11,400 m2."
    )
    _recorded(_gross(message), {"existing": 9000, "new": 2400, "total": 11400})


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "retained 4,100 sf plus a 1,900 sf addition = 6,000 sf",
            {"existing": 380.9, "new": 176.5, "total": 557.4},
        ),
        ("existing 4,100 sf + new 1,900 sf = 6,000 sf", {"existing": 380.9, "new": 176.5, "total": 557.4}),
        ("3 bays @ 1,250 sf = 3,750 sf, all new", {"existing": 0, "new": 348.4, "total": 348.4}),
    ],
)
def test_working_at_the_building_area_records_its_result(message, expected):
    reading = read(BUILDING, [message], state_with({"3.01": "Addition"}), FORMS)
    _recorded(reading, expected)


@pytest.mark.parametrize(
    "message",
    [
        "Five floors at 1,650 m2 each gives 8,250 m2 gross.",
        "1,650 m2 footprint, 8,250 m2 gross over 5 floors",
    ],
)
def test_at_the_building_area_a_gross_figure_is_not_the_building_area(message):
    reading = read(BUILDING, [message], state_with({"3.01": "New construction"}), FORMS)
    assert reading.value is None or reading.value["total"] == 1650


# 3. Sums and products that do not add up are asked about, naming both figures.


@pytest.mark.parametrize(
    ("message", "worked", "given"),
    [
        ("2,100 + 1,700 = 3,700 m2", "3,800", "3,700 m²"),
        ("existing 5,250 sf plus new 2,000 sf, so 7,500 sf", "7,250", "7,500 ft²"),
        ("12,000 - 1,500 = 10,000 sf", "10,500", "10,000 ft²"),
        ("3 floors x 1,100 = 3,000 m2", "3,300", "3,000 m²"),
        ("GFA = 2 x 1,250 = 2,400 m2", "2,500", "2,400 m²"),
    ],
)
def test_working_that_does_not_add_up_is_asked_about_never_recorded(message, worked, given):
    reading = _gross(message, NEW)
    _asked(reading, worked, given)
    assert reading.offer is None


def test_a_corrected_sum_in_a_follow_up_is_recorded():
    reading = _gross(["2,100 + 1,700 = 3,700 m2", "my mistake, 3,800 m2"], NEW)
    _recorded(reading, {"existing": 0, "new": 3800, "total": 3800})


def test_a_wrong_sum_reaches_the_consultant_as_a_question():
    reply, answer = at_gross_area("1,200 + 1,200 = 2,600 m2")
    assert reply.type == "clarifying_question" and answer is None
    assert "2,400" in reply.content and "2,600" in reply.content


# 4. A figure given per storey is not the gross area: its product is offered, or the storeys asked.


@pytest.mark.parametrize(
    ("message", "total"),
    [
        ("1,200 m2 on each of the three floors", 3600),
        ("Each storey is 1,100 m2, two storeys", 2200),
        ("2 levels of 1,150 m2", 2300),
        ("It's 1,150 m2 a floor over 2 floors", 2300),
    ],
)
def test_a_per_storey_figure_offers_its_product_and_records_nothing(message, total):
    reading = _gross(message, NEW)
    assert not reading.complete and reading.value is None
    assert reading.offer == {"existing": 0, "new": total, "total": total}


@pytest.mark.parametrize("message", ["950 m2 per floor", "every floor is 950 m2"])
def test_a_per_storey_figure_without_the_storeys_asks_for_them(message):
    _asked(_gross(message, NEW), "how many storeys", "950")


def test_the_building_area_given_per_storey_is_the_footprint():
    reading = read(
        BUILDING, ["1,650 m2 on every floor, 5 floors"], state_with({"3.01": "New construction"}), FORMS
    )
    assert reading.value == {"existing": 0, "new": 1650, "total": 1650}
