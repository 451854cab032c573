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
