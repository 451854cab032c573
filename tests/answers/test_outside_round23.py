"""Kinds a round of new buildings (round h23, a permit expediter's lines copied off the drawings and a
retired architect's formal prose) found past the readers on its first run, fixed as kinds and tested in
words of their own.

- Working that concludes a use is no major occupancy ("café (A-2) 60 sm / 900 sm = 6.7 % → not a major
  occupancy") sets that use aside, as does a group given thought to, or named as what the building is not.
- At the notes item (3.27), a note citing other items ("3.18: the hall's design load is posted") or
  saying when to come back to them ("if the café grows, revisit 3.02/3.10") is the note, not a move.
- "I must correct myself at 3.09", "let me correct 3.07" revise the item they name.
- A row named by its floor and its room ("L1 suites", "gnd lobby") is the room on that floor.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import building, recorded
from tests.answers.support import FORMS, state_with
from tests.support import advance_to, make_manager
from wizard_core.answers import read
from wizard_core.turn.decisions import DecisionEngine


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        ("D - offices. Café (A-2) 60 sm / 900 sm = 6.7% → not a major occupancy (3.2.2.8).", ["D"]),
        ("F-3 warehouse; the trade counter (E) is 45 / 2,000 = 2.3 %, so not major", ["F3"]),
        # a group given thought to, or named as what the building is not, is set aside
        ("Group A, Division 3. We gave some thought to Group E for the pro shop. It is the arena's.", ["A3"]),
        ("B-1: the holding cells decide it, and not the business offices of Group D.", ["B1"]),
    ],
)
def test_working_that_concludes_a_use_is_no_major_occupancy_sets_it_aside(message, groups):
    reading = read(FORMS.get_item("3.02"), [message], state_with({"3.01": "New construction"}), FORMS)
    assert (reading.value or reading.offer) == groups


@pytest.mark.parametrize(
    "message",
    [
        "3.18: the hall's design load of 200 is posted at the doors. 3.10 rests on the hall alone.",
        "Café kept under 10 %. If it ever grows past 90 sm, revisit 3.02 and 3.10.",
    ],
)
def test_a_note_citing_other_items_is_the_note(message):
    manager = make_manager()
    pid = manager.start_project("Notes").project_id
    advance_to(manager, pid, "3.27")
    state = manager.storage.load_project(pid)
    assert DecisionEngine(manager.forms).decide(state, message).kind == "continuing"


@pytest.mark.parametrize(
    ("message", "target"),
    [
        ("I must correct myself at 3.09: the side road counts, so two streets.", "3.09"),
        ("Let me correct 3.07 - it is 4 storeys, not 3.", "3.07"),
    ],
)
def test_correcting_oneself_at_an_item_revises_it(message, target):
    manager = make_manager()
    pid = manager.start_project("Corrections").project_id
    advance_to(manager, pid, "3.15")
    state = manager.storage.load_project(pid)
    decision = DecisionEngine(manager.forms).decide(state, message)
    assert (decision.kind, decision.target) == ("revision", target)


def test_a_row_named_by_its_floor_and_room_is_the_room_on_that_floor():
    apartments = building(("C",), ("3.2.2.50",), storeys=3, below=0)
    message = "L1 offices: 186 sm @ 9.3 = 20 ppl\nL2 suites: 12 units / 18 bdrms x 2 = 36 ppl"
    floors = [row["floor"] for row in recorded("3.18", message, state=apartments)["rows"]]
    assert floors == ["Level 1 (offices)", "Level 2 (suites)"]
