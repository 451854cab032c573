"""Text answers store the fact, not the chat around it."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read


@pytest.mark.parametrize(
    ("section", "message", "stored"),
    [
        (
            "3.26",
            "Yes - AS-2 for the atrium smoke control, see report R-4.",
            "AS-2 for the atrium smoke control, see report R-4.",
        ),
        ("3.27", "OK so, phase 2 is under a separate permit.", "Phase 2 is under a separate permit."),
        ("3.27", "Phase 2 is under a separate permit.", "Phase 2 is under a separate permit."),
    ],
)
def test_leading_chat_item_numbers_and_titles_are_left_out(section, message, stored):
    assert read(FORMS.get_item(section), [message], state_with({}), FORMS).value == stored


def test_a_text_that_is_all_filler_is_kept_as_given():
    assert read(FORMS.get_item("3.27"), ["Yes."], state_with({}), FORMS).value == "Yes."
