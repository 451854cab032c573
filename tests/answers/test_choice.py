"""Choice items: options by label or synonym, the 'none' option, and major occupancy codes."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, ask, state_with
from wizard_core.answers import read


def test_a_required_system_is_not_read_as_not_required():
    (result,), state = ask("3.13", "Yes, a single stage fire alarm system is required.")
    assert result.type == "form_answer"
    assert state.answer_for("3.13").value == "Single stage"


@pytest.mark.parametrize(("section", "message"), [("3.11", "No."), ("3.13", "nope, nothing like that")])
def test_a_plain_no_picks_the_option_marked_none(section, message):
    item = FORMS.get_item(section)
    none = [o.label for o in item.options if o.none]
    reading = read(item, [message], state_with({}), FORMS)
    assert none == ["Not required"]
    assert reading.value == "Not required" and reading.confidence == 0.8


def test_without_a_none_option_a_plain_no_is_asked_about():
    reading = read(FORMS.get_item("3.16"), ["No."], state_with({}), FORMS)
    assert not reading.complete and "which option applies" in reading.missing


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("group a division 2 and group E", ["A2", "E"]),
        ("Group A, Div 2", ["A2"]),
        ("offices and retail", ["D", "E"]),
    ],
)
def test_major_occupancies_by_code_or_name(message, expected):
    reading = read(FORMS.get_item("3.02"), [message], state_with({}), FORMS)
    assert reading.value == expected


@pytest.mark.parametrize(
    ("message", "expected", "room"),
    [
        ("A2, a secondary school; the staff offices are there to support it.", ["A2"], "offices"),
        ("Group E grocery. The storeroom at the back serves the store.", ["E"], None),
        ("B2 hospital; its small pharmacy shop is part of the hospital.", ["B2"], "pharmacy"),
        ("Hockey arena, A3. The grandstand belongs to the rink.", ["A3"], "grandstand"),
    ],
)
def test_a_room_said_to_serve_the_main_use_is_part_of_that_occupancy(message, expected, room):
    reading = read(FORMS.get_item("3.02"), [message], state_with({}), FORMS)
    assert reading.value == expected, reading.missing
    if room:
        assert any(room in note and "3.1.2" in note for note in reading.notes), reading.notes


def test_a_room_that_usually_serves_the_main_use_is_asked_about_once_then_settled():
    item = FORMS.get_item("3.02")
    first = read(item, ["A community hospital with a gift shop off the lobby."], state_with({}), FORMS)
    assert not first.complete
    assert "gift shop part of B2, or a separate Group E major occupancy" in first.missing
    assert first.offer == ["B2"]
    part = read(
        item,
        ["A community hospital with a gift shop off the lobby.", "It serves the hospital."],
        state_with({}),
        FORMS,
    )
    assert part.value == ["B2"]
    separate = read(
        item,
        ["A community hospital with a gift shop off the lobby.", "No, it's a separate tenant."],
        state_with({}),
        FORMS,
    )
    assert separate.value == ["B2", "E"]


def test_mixed_uses_named_plainly_are_all_kept():
    item = FORMS.get_item("3.02")
    assert read(item, ["Shops at grade, offices on the two floors above"], state_with({}), FORMS).value == [
        "E",
        "D",
    ]
    assert read(item, ["D offices and a separate A2 restaurant"], state_with({}), FORMS).value == ["D", "A2"]


@pytest.mark.parametrize(
    ("section", "message", "expected"),
    [
        (
            "3.01",
            "A new wing on the existing library plus a refit of the old reading room",
            "Addition and renovation",
        ),
        ("3.01", "A new build, nothing existing on site", "New construction"),
        ("3.01", "New offices inside an existing warehouse shell: a conversion", "Change of use"),
        ("3.11", "Fully sprinklered, including the basement and the attic", "Entire building"),
        ("3.16", "Normal; the building is not a designated post-disaster facility", "Normal"),
        ("3.13", "Two-stage, not a single-stage system", "Two stage"),
    ],
)
def test_options_named_together_resolve_to_the_one_meant(section, message, expected):
    reading = read(FORMS.get_item(section), [message], state_with({}), FORMS)
    assert reading.value == expected, reading.missing


def test_an_occupancy_code_said_not_to_apply_is_left_out():
    reading = read(FORMS.get_item("3.02"), ["Group C, a retirement home, not B3."], state_with({}), FORMS)
    assert reading.value == ["C"]
