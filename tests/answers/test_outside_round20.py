"""Kinds a round of dictated answers (round h20, a contract administrator speaking on site) found past
the readers, fixed as kinds and tested in words of their own.

- The room a mezzanine is a share of ("open to the still house (420 m²): 96/420 = 23 %") is not its area.
- "scratch that" said in passing, after a few words, takes back only the clause just before it: the
  item on screen is answered from the rest, not started over, and no earlier item is revised.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from tests.support import advance_to, make_manager
from wizard_core.answers import read


@pytest.mark.parametrize(
    ("message", "actual"),
    [
        (
            "combustible is permitted here and um we framed it in wood scratch that it's steel joists on "
            "block, all noncombustible, no heavy timber",
            "Noncombustible",
        ),
        (
            "combustible is permitted, the walls are steel stud forget that they're wood stud with a "
            "steel roof deck, so combustible and noncombustible, no heavy timber",
            "Combustible and noncombustible",
        ),
    ],
)
def test_scratch_that_in_passing_takes_back_only_what_was_just_said(message, actual):
    manager = make_manager()
    pid = manager.start_project("Dictated").project_id
    advance_to(manager, pid, "3.15")
    before = manager.storage.load_project(pid)
    result = manager.process_user_response(pid, message)
    after = manager.storage.load_project(pid)
    assert result.decision == "continuing" and result.section == "3.15"
    assert after.answer_for("3.15").value["actual"] == actual  # type: ignore[union-attr]
    assert after.answer_for("3.14") == before.answer_for("3.14")


@pytest.mark.parametrize(
    ("message", "new"),
    [
        ("Loft mezz 64 m2 new, open to the workshop below (310 m2): 64/310 = 21 %, not a storey.", 64),
        ("mezzanine | 120 m² new | over the sales floor (900 m²) | 120 / 900 = 13.3 %", 120),
    ],
)
def test_the_room_a_mezzanine_is_a_share_of_is_not_its_area(message, new):
    reading = read(FORMS.get_item("3.06"), [message], state_with({"3.01": "New construction"}), FORMS)
    assert (reading.value or reading.offer) == {"existing": 0.0, "new": new, "total": new}


def test_a_building_area_that_a_mezzanine_is_a_share_of_is_still_the_building_area():
    message = "Building area 2,640 m2, all new; the mezz is 180/2,640 = 6.8 % of it."
    reading = read(FORMS.get_item("3.04"), [message], state_with({"3.01": "New construction"}), FORMS)
    assert (reading.value or reading.offer)["total"] == 2640
