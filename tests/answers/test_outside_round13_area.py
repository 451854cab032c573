"""Kinds a round of unseen buildings found past the area and occupancy readers, each in words of its own.

- Sums shown whole are working: several in one message, their terms labelled ("L1 2,100 + L2
  2,100 = 4,200"), written result first ("1,530 = shop 1,200 + office 330"), their terms worked out
  from sides ("office 15 x 22 = 330"), or an arrow for the "=": each sum is its result, and the
  word before the sum names that result.
- A share worked out ("95 / 1,900 = 5 %") is working for a percentage: neither figure is the area.
- A code limit quoted beside the building's own figure ("under the 2,400 m² cap", "inside the
  7,200 m² figure of the article", "over the 600 m² of Div A 1.3.3.2", "under 40 % of the 500 m²
  hall") is not the building's figure.
- Figures without a unit at the gross area that are the building area's parts times the storeys,
  or the sum of those, are in the building area's unit.
- "All existing, none new": "none" before a part's name says that part is none, not the part before.
- A heading naming the item ("For mezzanine: none - n/a; …") is no part of the answer after it.
- A use named only to say it is not a major occupancy is not one: "not a D", "would have been A2",
  "rather than being carried as a D", "unlike the F1 rule", a code listed with one set aside
  ("would be F2/F3"); a heading "Re 3.02 -" before the opening code keeps it the opening code.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read

NEW = {"3.01": "New construction", "3.02": ["E"]}
ADDITION = {"3.01": "Addition", "3.02": ["D"]}


def _read(section: str, message: str, answers: dict):
    return read(FORMS.get_item(section), [message], state_with(answers), FORMS)


def _area(existing: float, new: float) -> dict:
    return {"existing": float(existing), "new": float(new), "total": float(existing + new)}


@pytest.mark.parametrize(
    ("section", "message", "answers", "expected"),
    [
        (
            "3.05",
            "GFA: existing L1 2,100 + L2 2,100 + L3 1,900 = 6,100 m2; new L1 800 + L2 800 = 1,600 m2; "
            "total 7,700 m2, the cellar left out.",
            {**ADDITION, "3.04": _area(2100, 800)},
            _area(6100, 1600),
        ),
        (
            "3.04",
            "existing 1530 m2 = shop 30 x 40 = 1200 + office 15 x 22 = 330. nothing new",
            {"3.01": "Alteration", "3.02": ["E"]},
            _area(1530, 0),
        ),
        (
            "3.04",
            "Footprint: existing hall 40.0 × 20.0 = 800 m²; new wing 300 + 60 = 360 m², total 1,160 m².",
            ADDITION,
            _area(800, 360),
        ),
        (
            "3.05",
            "Gross: 1,500 m² ground (same as the footprint, see 3.04) + 450 m² upstairs over the office "
            "(30.0 × 15.0) → 1,950 m², all new.",
            {**NEW, "3.04": _area(0, 1500)},
            _area(0, 1950),
        ),
        (
            "3.05",
            "office 250 x 2 floors = 500 + shop 900 = 1400 m2, all new",
            {**NEW, "3.04": _area(0, 1150)},
            _area(0, 1400),
        ),
    ],
)
def test_sums_shown_whole_are_their_results(section, message, answers, expected):
    reading = _read(section, message, answers)
    assert reading.value == expected
    assert reading.confidence >= 0.8


@pytest.mark.parametrize(
    "message",
    [
        "one mezz - the parts loft over the office, 95 m2, new. its walled in so the 10% kind, and "
        "95 / 1900 = 5% so not a storey",
        "mezzanine of 95 m2 (new), open to below; 95/1,900 ≈ 5 % of the floor",
    ],
)
def test_a_share_worked_out_is_working(message):
    answers = {**NEW, "3.04": _area(0, 1900), "3.05": _area(0, 1900)}
    assert _read("3.06", message, answers).value == _area(0, 95)


@pytest.mark.parametrize(
    ("message", "total"),
    [
        ("Building area 40.0 × 55.0 = 2,200 m², all new, safely under the 2,400 m² cap of 3.2.2.50.", 2200),
        (
            "Building area 80 × 75 m = 6,000 m², all new, well inside the 7,200 m² one-storey figure of "
            "the article, and over the 4,800 m² of the one below it.",
            6000,
        ),
        (
            "Building area 36.0 × 25.0 = 900 m², all new, just below the 1,000 m² the article allows for "
            "three storeys.",
            900,
        ),
    ],
)
def test_a_code_limit_beside_the_figure_is_not_the_building_area(message, total):
    reading = _read("3.04", message, NEW)
    assert reading.value == _area(0, total)
    assert reading.confidence >= 0.8


def test_the_base_of_a_share_is_not_the_area():
    message = "- yes, a viewing gallery over the pool, 90 sm new\n- under 40% of the 500 sm hall, no storey"
    reading = _read("3.06", message, {**NEW, "3.04": _area(0, 1800)})
    assert reading.value == _area(0, 90)


def test_bare_figures_that_are_the_building_areas_parts_times_storeys_are_in_its_unit():
    answers = {**ADDITION, "3.04": _area(600, 450)}
    reading = _read("3.05", "existing 600 (one floor), new 450 x 3 floors = 1350, total 1950", answers)
    assert reading.value == _area(600, 1350)


def test_none_before_a_parts_name_is_that_part():
    answers = {"3.01": "Alteration", "3.02": ["D"], "3.04": _area(700, 0)}
    reading = _read("3.05", "GFA: 700 + 700 = 1,400 m2, all existing, none new.", answers)
    assert reading.value == _area(1400, 0)


@pytest.mark.parametrize(
    "message",
    [
        "For mezzanine: none - n/a; the catwalk over the stage is a service platform, not a floor.",
        "Mezzanine area: nil (n/a) - the plant room on the roof is a rooftop enclosure under 3.2.1.1(1).",
    ],
)
def test_a_heading_naming_the_item_is_no_part_of_not_applicable(message):
    assert says_not_applicable(message, FORMS.get_item("3.06"))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Re 3.02 - E, retail: the lunchroom and the stock room belong to the store, not a D "
            "(a separate office suite would have been D).",
            ["E"],
        ),
        (
            "Re 3.02 - A3, arena: the snack bar is a counter for the games, so no A2 - a real "
            "restaurant would have landed there.",
            ["A3"],
        ),
        (
            "Re 3.02 - F1, high-hazard: the small office is under 10 %, so it goes along as F1 rather "
            "than being carried as a D.",
            ["F1"],
        ),
        (
            "Re 3.02 - B3, care: the laundry serves the residents, unlike a commercial laundry, which "
            "would be F2/F3.",
            ["B3"],
        ),
    ],
)
def test_a_use_named_only_to_say_it_is_not_one_is_not_a_major_occupancy(message, expected):
    reading = _read("3.02", message, {"3.01": "New construction"})
    assert reading.value == expected
    assert reading.confidence >= 0.8
