"""Answers copied from an earlier sheet or the drawings: options ticked in the sheet's own boxes
('☐ Yes  ☒ No', '[x] yes [ ] no', '( ) STC 50 (x) ASTC 47'), and area schedules with a column for each
unit ('sq ft | sq m'), whose square feet are never read as square metres."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read
from wizard_core.answers.wording.marks import checked_only


def _read(section: str, message: str):
    return read(FORMS.get_item(section), [message], state_with({}), FORMS)


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        ("3.03", "☐ Yes   ☒ No", False),
        ("3.08", "[ ] yes [x] no - top floor well under 18 m", False),
        ("3.12", "☒ Yes ☐ No — five storeys, so required", True),
        ("3.14", "(x) Yes ( ) No — hydrant on the street frontage", True),
        ("3.19", "Yes ✓", True),
        ("3.13", "☐ Single stage   ☒ Two stage", "Two stage"),
        (
            "3.20",
            "Barrier-free entrances: 3\n"
            "Hazardous substances: [X] Yes  [ ] No — propane cylinders in the cage",
            {"barrier_free_entrances": 3, "hazardous_substances": True},
        ),
        (
            "3.25",
            "More than one dwelling unit: ☑ Yes ☐ No (24 suites)\nOption: ☐ STC 50 ☑ ASTC 47",
            {"more_than_one_dwelling_unit": True, "option": "ASTC 47"},
        ),
    ],
)
def test_the_options_ticked_on_a_copied_sheet_are_the_answer(section, message, value):
    reading = _read(section, message)
    got = reading.value
    if isinstance(value, dict) and isinstance(got, dict):
        got = {key: got.get(key) for key in value}  # the note the words are kept in aside
    assert got == value, reading.missing


def test_a_line_with_no_box_ticked_chooses_nothing():
    assert checked_only("Sprinklered: ☐ Yes ☐ No") == "Sprinklered:"
    assert _read("3.03", "☐ Yes ☐ No").value is None


@pytest.mark.parametrize(
    "message",
    [
        "From the area schedule on A0.02:\n\n          sq ft     sq m\nExisting  12,900    1,198.5\n"
        "New        4,300      399.5\nTotal     17,200    1,598.0",
        "Area | SF | SM\nExisting | 12,900 | 1,198.5\nNew | 4,300 | 399.5\nTotal | 17,200 | 1,598.0",
    ],
)
def test_an_area_schedule_with_a_column_for_each_unit_gives_the_square_metres(message):
    assert _read("3.04", message).value == {"existing": 1198.5, "new": 399.5, "total": 1598.0}


def test_an_area_schedule_in_square_feet_alone_is_never_recorded_as_square_metres():
    reading = _read("3.04", "Area | sq ft\nExisting | 10,000\nNew | 2,000\nTotal | 12,000")
    value = reading.value if reading.value is not None else reading.offer
    assert value is None or value["total"] == pytest.approx(1114.8, abs=1)
