"""Answers dictated rather than typed: figures read aloud in two parts, fillers, a figure taken back.

Each is read as the consultant meant it, and a figure read from words stays a proposal to confirm
(below 0.8); a typed answer beside such words is read as before.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read
from wizard_core.answers.spoken import as_meant, with_digits

NEW = {"3.01": "New construction", "3.02": ["D"]}


def _read(section: str, *messages: str):
    return read(FORMS.get_item(section), list(messages), state_with(NEW), FORMS)


@pytest.mark.parametrize(
    ("words", "figure"),
    [
        ("nineteen twenty", "1920"),
        ("eight fifty five", "855"),
        ("thirty eight twenty", "3820"),
        ("twenty oh four", "2004"),
        ("fourteen sixty point five", "1460.5"),
    ],
)
def test_a_figure_read_aloud_in_two_parts_is_one_figure(words, figure):
    assert with_digits(f"it comes to {words} overall")[0] == f"it comes to {figure} overall"


@pytest.mark.parametrize(
    "words",
    ["one two three", "two and a half storeys", "the one street", "floors two, three and four"],
)
def test_counts_lists_and_fractions_are_not_joined(words):
    written = with_digits(words)[0]
    assert not any(len(part) >= 3 and part.isdigit() for part in written.replace(",", " ").split())


def test_an_area_read_aloud_is_proposed_not_recorded():
    reading = _read("3.04", "all new, the footprint comes to nineteen twenty square metres")
    assert reading.value == {"existing": 0.0, "new": 1920.0, "total": 1920.0}
    assert reading.confidence < 0.8
    assert any("1920" in note for note in reading.notes)


def test_degree_days_read_aloud_are_proposed_not_recorded():
    reading = _read(
        "3.24", "SB-12 doesn't apply, SB-10 prescriptive, zone five, thirty eight twenty degree days"
    )
    assert reading.value["degree_days"] == 3820
    assert reading.confidence < 0.8


def test_fillers_do_not_hide_shown_working():
    reading = _read("3.04", "uh so it's 48 by 31.5 so, um, 1512 square metres, all of it new")
    assert reading.value == {"existing": 0.0, "new": 1512.0, "total": 1512.0}


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        (
            "3.05",
            "gross floor area 2,310 m2 - I mean 2,130 m2, all new",
            {"existing": 0.0, "new": 2130.0, "total": 2130.0},
        ),
        ("3.09", "it faces two streets, no sorry, three", 3),
        ("3.07", "four storeys or rather five above grade, one below, 17.9 m", None),
    ],
)
def test_a_figure_taken_back_is_not_read(section, message, value):
    reading = _read(section, message)
    if value is None:
        assert reading.value["storeys_above_grade"] == 5
    else:
        assert reading.value == value


@pytest.mark.parametrize(
    "message",
    [
        "three storeys, no basement, 11.8 m",
        "4 exits, sorry for the slow reply",
        "Sum of the floor areas is 2,400 m2",
    ],
)
def test_words_that_only_look_like_a_correction_are_kept(message):
    assert as_meant(message) == message


@pytest.mark.parametrize(
    ("message", "zone", "days"),
    [
        ("SB-10 Division 3, this far north it's zone seven B and sixty two forty degree days", "7B", 6240),
        ("SB-10 prescriptive. Zone six, forty one twenty HDD.", "6", 4120),
        ("sb-10 div 3 - zone 5, 3650", "5", 3650),
    ],
)
def test_a_climate_zone_and_degree_days_said_or_left_bare_are_proposed(message, zone, days):
    reading = _read("3.24", message)
    assert (reading.value["climate_zone"], reading.value["degree_days"]) == (zone, days)
    assert reading.confidence < 0.8


def test_a_bare_figure_after_the_zone_is_not_an_area():
    reading = _read("3.24", "SB-10, zone 5, 1200 m2 of roof")
    assert reading.value["degree_days"] is None
