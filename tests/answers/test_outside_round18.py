"""Kinds the held-out buildings of round h17 left, fixed as kinds and tested in words of their own.

- A wing known by its name ("C wing", "the north wing", "the existing one-storey wing") is a part of the
  building there is: renovating it is a renovation, never an addition, and a "new" said of its doors
  or windows is no new building.
- "2 occs: e - …, c - rental apts …": a message that counts its occupancies is never recorded with fewer;
  "apts" are apartments; storeys written "stry"/"strys".
- "No sprinklers, so Table C …" at 3.22: a "no" said of another item's thing is no "not applicable".
- The trade's shorthand: "B/F", "b.f.", "spr'd", "comb."; "One more question: …" is a side question.
- "One fix to the people count: …" at a later item goes back to the item it names, even when what
  follows cannot be read as a value yet (the item's own reader asks), never filed as the item on
  screen's note.
- "Scratch that" right after an item was answered, with a new value for it, takes back that answer;
  the sentence that only says the old figure again is no part of the new value (``test_decisions.py``).
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from tests.support import advance_to, make_manager
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read
from wizard_core.turn.decisions import DecisionEngine


def _read(section: str, message: str, answers: dict | None = None):
    state = state_with(answers or {})
    return read(FORMS.get_item(section), [message], state, FORMS)


@pytest.mark.parametrize(
    "message",
    [
        "Fit-up of C wing for the new science labs, no floor area added.",
        "We are renovating the north wing of the arena.",
        "Interior alterations in wing 2 only.",
        "The existing one-storey wing is being renovated; nothing is added.",
        "renovate the 1974 wing: new doors, new washrooms",
    ],
)
def test_work_on_a_named_wing_of_the_building_is_a_renovation(message):
    reading = _read("3.01", message)
    assert reading.value == "Renovation / alteration"


@pytest.mark.parametrize(
    "message",
    ["The old gym wing gets new windows and a new roof.", "the east wing of the existing school"],
)
def test_a_named_wing_with_nothing_said_of_the_work_is_asked_about(message):
    reading = _read("3.01", message)
    assert not reading.complete or reading.value not in ("New construction", "Addition")


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("A new wing goes on the east side of the school.", "Addition"),
        ("We're adding a wing and redoing the old classrooms, a reno of those.", "Addition and renovation"),
    ],
)
def test_a_wing_that_is_added_is_still_an_addition(message, value):
    assert _read("3.01", message).value == value


@pytest.mark.parametrize(
    "message",
    [
        "Salt dome and plow garage with a small dispatch office; the office is only for the yard, so it is"
        " all one use - our fire consultant calls it F3.",
        "Transit garage with a crew room and dispatch office. The reviewer says F2 for the whole building.",
    ],
)
def test_a_code_said_of_the_whole_building_is_not_set_aside_for_a_room_in_it(message):
    reading = _read("3.02", message)
    code = "F3" if "F3" in message else "F2"
    assert reading.complete and reading.value == [code]


def test_an_office_beside_a_code_said_of_the_building_is_taken_within_it_and_confirmed():
    message = "Tire storage, low hazard, with a little sales office at the front. I'd call it F2."
    reading = _read("3.02", message)
    assert reading.value == ["F2"] and reading.confidence < 0.8


@pytest.mark.parametrize(
    "message",
    ["Our other site is F2; this building is a D office.", "the owner calls it a dog spa, but it's a D shop"],
)
def test_a_code_of_something_else_is_still_set_aside(message):
    assert _read("3.02", message).value == ["D"]


def test_a_new_wing_named_by_where_it_goes_is_an_addition():
    message = "A new two-storey north wing on the existing school, plus alterations where it joins."
    assert _read("3.01", message).value == "Addition and renovation"


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("2 strys, slab on grade, no bsmt. 8.9 m to the ridge", (2, 0, 8.9)),
        ("1 stry + mezz, 7.2 m to top of parapet", (1, 0, 7.2)),
        ("5 strys above, 1 below (P1), 18.6 m", (5, 1, 18.6)),
    ],
)
def test_storeys_written_as_stry(message, value):
    reading = _read("3.07", message)
    got = reading.value or reading.offer
    assert (got["storeys_above_grade"], got["storeys_below_grade"], got["height_m"]) == value


@pytest.mark.parametrize(
    "message",
    [
        "2 occs: f2 - the plant, and the offices upstairs with their own tenant",
        "Three major occupancies in this one: retail at grade, offices on 2, and a gym.",
        "mixed use - bakery at grade, owners' suite above",
    ],
)
def test_a_message_that_counts_its_occupancies_is_never_recorded_with_fewer(message):
    reading = _read("3.02", message)
    stated = 3 if message.startswith("Three") else 2
    assert not (reading.complete and reading.confidence >= 0.8 and len(reading.value) < stated)


def test_apartments_in_shorthand_are_residential():
    assert _read("3.02", "2 occs: e - shops at grade, c - rental apts on 2-4").value == ["E", "C"]


@pytest.mark.parametrize(
    ("section", "message", "applies"),
    [
        ("3.22", "No sprinklers here, so Table B with the ratios: north 120 m2, LD 6 m ...", True),
        ("3.21", "No standpipe either way; floors 45 min, roof none.", True),
        ("3.06", "No mezzanine.", False),
        ("3.22", "No.", False),
        ("3.25", "No dwelling units.", False),
    ],
)
def test_a_no_said_of_another_items_thing_is_not_a_no_to_this_one(section, message, applies):
    assert says_not_applicable(message, FORMS.get_item(section)) is not applies


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        ("3.20", "3 B/F entrances (front, side, loading dock ramp). no haz", (3, False)),
        ("3.20", "1 b.f. entrance; haz: yes, the chlorine room", (1, True)),
    ],
)
def test_barrier_free_written_with_a_slash_or_stops(section, message, value):
    reading = _read(section, message)
    assert (reading.value["barrier_free_entrances"], reading.value["hazardous_substances"]) == value


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        ("3.11", "fully spr'd, NFPA 13", "Entire building"),
        ("3.15", "non-comb. req'd and provided, no HT", "Noncombustible required"),
    ],
)
def test_the_trades_shorthand_for_sprinklered_and_combustible(section, message, value):
    reading = _read(section, message)
    got = reading.value["restriction"] if isinstance(reading.value, dict) else reading.value
    assert got == value


@pytest.mark.parametrize(
    "message",
    [
        "One more question: does a rooftop patio count toward the building area?",
        "Last question - can the storage room share the washroom count?",
    ],
)
def test_a_message_announcing_one_more_question_is_a_side_question(message):
    manager = make_manager()
    pid = manager.start_project("Questions").project_id
    advance_to(manager, pid, "3.21")
    state = manager.storage.load_project(pid)
    assert DecisionEngine(manager.forms).decide(state, message).kind == "side_question"


@pytest.mark.parametrize(
    "message",
    [
        "Small fix on the occupant load: the storage room upstairs was counted twice, take it out.",
        "A fix to the head count - I used the old plan for the top floor, the program room got bigger.",
    ],
)
def test_a_fix_worded_before_an_answered_item_goes_back_to_it_even_unread(message):
    manager = make_manager()
    pid = manager.start_project("Fixes").project_id
    advance_to(manager, pid, "3.21")
    state = manager.storage.load_project(pid)
    decision = DecisionEngine(manager.forms).decide(state, message)
    assert (decision.kind, decision.target) == ("revision", "3.18")
