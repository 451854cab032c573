"""Answers laid out as a consultant pastes them: a header row over a row of figures (tabs or
pipes), bullet lines, and counts written after their labels."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read


def _read(section: str, message: str, answers: dict | None = None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        ("3.04", "existing\tnew\ttotal\n2,340\t0\t2,340 m2", {"existing": 2340, "new": 0, "total": 2340}),
        (
            "3.05",
            "| existing | new | total |\n| 900 | 1,450 | 2,350 m2 |",
            {"existing": 900, "new": 1450, "total": 2350},
        ),
        (
            "3.07",
            "storeys above grade | storeys below grade | height\n4 | 1 | 15.2 m",
            {"storeys_above_grade": 4, "storeys_below_grade": 1, "height_m": 15.2},
        ),
        (
            "3.07",
            "above\tbelow\theight (m)\n2\t0\t8.6 m",
            {"storeys_above_grade": 2, "storeys_below_grade": 0, "height_m": 8.6},
        ),
    ],
)
def test_a_header_row_over_figures_reads_each_figure_by_its_label(section, message, value):
    reading = _read(section, message)
    assert reading.complete, reading.missing
    assert reading.value == value


@pytest.mark.parametrize(
    "message",
    [
        "- existing: 3 floors x 800 = 2,400\n- new: 1 floor @ 650 = 650\n- total 3,050 m2\n"
        "parking not counted",
        "• existing 2,400\n• new 650\n• total 3,050 m2",
        "* existing: 2,400 m2\n* new: 650 m2\n* total: 3,050 m2",
    ],
)
def test_bullet_lines_read_as_the_parts_they_label(message):
    reading = _read("3.05", message, {"3.01": "Addition"})
    assert reading.complete, reading.missing
    assert reading.value == {"existing": 2400, "new": 650, "total": 3050}


def test_a_left_out_line_does_not_take_the_total_on_the_line_above():
    reading = _read("3.05", "existing 2,400\nnew 650\ntotal 3,050 m2\nthe basement not included")
    assert reading.value["total"] == 3050


@pytest.mark.parametrize(
    ("message", "above", "below"),
    [
        ("storeys above grade: 5, storeys below grade: 2, height: 17.9 m", 5, 2),
        ("above 3 / below 0, 11 m to the roof", 3, 0),
        ("three storeys, one below for the parking, 11.6 m", 3, 1),
        ("2 storeys, 1 below (the old cellar), 8.8 m", 2, 1),
    ],
)
def test_storey_counts_after_their_labels_or_with_what_is_below(message, above, below):
    reading = _read("3.07", message)
    assert reading.complete, reading.missing
    assert (reading.value["storeys_above_grade"], reading.value["storeys_below_grade"]) == (above, below)


def test_the_height_the_consultant_settles_on_among_several_is_taken_and_left_to_confirm():
    reading = _read(
        "3.07", "Two storeys. The old wing is 8.1 m and the new roof 9.3 m; I'd go with 9.3 m as the higher."
    )
    assert reading.value["height_m"] == 9.3
    assert reading.confidence < 0.8  # the other height is in the message: to confirm


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        (
            "3.20",
            "barrier-free entrances | 3 (front, side, garage lobby)\nhazardous substances | Y",
            {"barrier_free_entrances": 3, "hazardous_substances": True},
        ),
        (
            "3.15",
            "restriction\tnoncombustible required\nactual\tnoncombustible\nheavy timber\tN",
            {"restriction": "Noncombustible required", "actual": "Noncombustible", "heavy_timber": False},
        ),
        ("3.09", "1 | Lakeshore Blvd | the rear lane is private, not a street", 1),
    ],
)
def test_a_label_and_its_value_on_each_line_or_one_row_of_cells(section, message, value):
    reading = _read(section, message)
    assert reading.complete, reading.missing
    assert reading.value == value


@pytest.mark.parametrize(
    ("message", "actual", "heavy_timber"),
    [
        (
            "comb. ok | actual NC: steel columns, concrete on metal deck; not wood | HT: no",
            "Noncombustible",
            False,
        ),
        (
            "Combustible permitted; actual noncombustible block and steel, never wood. HT: no",
            "Noncombustible",
            False,
        ),
        (
            "Combustible permitted; actual combustible + noncombustible; HT yes (glulam roof)",
            "Combustible and noncombustible",
            True,
        ),
    ],
)
def test_a_material_named_only_to_deny_it_and_the_trade_shorthand(message, actual, heavy_timber):
    reading = _read("3.15", message)
    assert reading.complete, reading.missing
    assert (reading.value["actual"], reading.value["heavy_timber"]) == (actual, heavy_timber)


def test_a_figure_for_the_other_storeys_is_not_the_building_area():
    reading = _read("3.04", "1,610 m2 at grade, the biggest plate; the floors above are 1,540 each. All new.")
    assert reading.complete and reading.value["total"] == 1610
