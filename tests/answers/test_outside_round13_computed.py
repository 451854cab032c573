"""Kinds a round of unseen buildings found past the computed readers (occupant load, spatial
separation), each in words of its own.

- A band of the table ('3:1 to 10:1') beside the face's own ratio or its length and height is the
  consultant's working, checked against the ratio, not a question.
- A limiting distance written without its unit right after its name ('LD 7.5 -> col 7') is metres.
- A share read off the table ('-> col 4 = 30%', '→ 100 %') is the permitted share, not the openings
  proposed; an arrow is not a 'more than' sign.
- A compass letter heading a face line before a word ('W parking lot - …') names the direction.
- An abbreviated height ('EBF ht 4.2 m') on a line naming no face is the height, not a face.
- 'All at ground level' said once puts every row that names no floor on the ground floor.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read
from wizard_core.answers.wording.face_line import parse_face

UNSPRINKLERED = {"3.01": "New construction", "3.02": ["D"], "3.11": False}


@pytest.mark.parametrize(
    ("line", "ratio"),
    [
        ("W yard side - 30 x 5 = 150 m2, L/H 6.0, LD 4.0 m -> row 150, 3:1 to 10:1, col 4", 6.0),
        ("N lane - 12 m x 5 m, LD 6 m, in the 3:1 to 10:1 band", 2.4),
    ],
)
def test_a_band_beside_the_faces_own_ratio_is_working(line, ratio):
    face = parse_face(line)
    assert face is not None and face.ratio == ratio
    if ratio >= 3:
        assert face.problems == []
    else:
        assert any("not in the band" in problem for problem in face.problems)


@pytest.mark.parametrize(
    ("line", "ld"),
    [("E side yard - 210 m2, LD 7.5 -> col 7 = 40%", 7.5), ("S lane - 96 m2, L.D. 2.0 → 8 %", 2.0)],
)
def test_a_limiting_distance_without_its_unit_after_its_name(line, ld):
    face = parse_face(line)
    assert face is not None and face.ld == ld and not face.assumed


@pytest.mark.parametrize(
    ("line", "permitted", "actual"),
    [
        ("E side yard - 210 m2, LD 4.0 m -> col 4 = 30%, 12% proposed", 30.0, 12.0),
        ("W lot line - 180 m2, LD 14 m → 100 %, storefront about 40 % glazed", 100.0, 40.0),
        ("N rear - 300 m2, LD 9 m -> 61%, 1 h. loading doors are 20%", 61.0, 20.0),
    ],
)
def test_a_share_read_off_the_table_is_the_permitted_share(line, permitted, actual):
    face = parse_face(line)
    assert face is not None
    assert face.given_permitted == permitted and face.actual_pct == actual


@pytest.mark.parametrize(
    ("line", "name"), [("W parking lot - 150 m2, LD 12 m", "West"), ("s lane - 90 m2, LD 3 m", "South")]
)
def test_a_compass_letter_before_a_word_names_the_face(line, name):
    face = parse_face(line)
    assert face is not None and face.name == name


@pytest.mark.parametrize(
    "line", ["addition faces only, unsprinklered so table B, EBF ht 4.2 m", "wall hgt 6 m"]
)
def test_an_abbreviated_height_on_a_line_naming_no_face_is_no_face(line):
    assert parse_face(line) is None


ONE_STOREY = {
    "3.01": "New construction",
    "3.02": ["A2"],
    "3.07": {"storeys_above_grade": 1, "storeys_below_grade": 1, "height_m": 6.0},
}
TWO_STOREY = {
    "3.01": "New construction",
    "3.02": ["D"],
    "3.07": {"storeys_above_grade": 2, "storeys_below_grade": 0, "height_m": 8.0},
}


def _load(message: str, answers: dict):
    return read(FORMS.get_item("3.18"), [message], state_with(answers), FORMS)


def _rows(reading):
    value = reading.value if reading.value is not None else reading.offer
    assert value is not None, reading.missing
    return value["rows"]


@pytest.mark.parametrize(
    ("message", "answers"),
    [
        (
            "loads (all at ground level):\nworkroom 93 m2 @ 9.3 = 10\nstores 92 m2 @ 46 = 2\ntotal 12",
            TWO_STOREY,
        ),
    ],
)
def test_rows_naming_no_floor_are_on_the_ground_floor(message, answers):
    rows = _rows(_load(message, answers))
    assert all(row["floor"].startswith("Ground floor") for row in rows)
