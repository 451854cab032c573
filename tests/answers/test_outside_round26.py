"""Kinds a round of new buildings (round h26, a consultant typing fast on a phone, and a former plans
examiner answering in bullets with the reasons first) found past the readers on its first run, fixed
as kinds and tested in words of their own.

- 3.02: a use set aside as no major occupancy in shorthand ("disregarded as a major occ"), and codes
  denied in a slash list ("not F1/F2": both denied).
- 3.04 and 3.06: a share of another area worked out ("10 % of 1,100 = 110") is the limit the area is
  checked against, not the area; a sum closed by "total" instead of "=" ("600 + 150, total 750 m2")
  is the total, its terms taken out like any other sum's.
- A bulleted "- N/A." is not applicable, as the same words without the bullet.
- A message announcing itself as a question in other words ("One for you.", "Here's one for you:") is
  a question, and its figures answer nothing.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read
from wizard_core.answers.replies import is_question


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        (
            "A2 - parish hall. coffee kiosk is E, 6% of the storey, disregarded as a major occ (3.2.2.8)",
            ["A2"],
        ),
        ("F3 warehouse. the battery charging rm is not F1/F2, just part of the F3", ["F3"]),
        ("B3 hospice; kitchen serves the residents, its not A2/F1", ["B3"]),
    ],
)
def test_uses_set_aside_and_codes_denied_in_a_slash_list(message, groups):
    assert _read("3.02", message).value == groups


@pytest.mark.parametrize(
    "message",
    [
        "mezz 95 m2 new; 10 % of 1,100 = 110 so its fine, not a storey",
        "mezzanine 95 m2 (new). checked: 10% x 1100 m2 -> 110 m2 allowed",
    ],
)
def test_a_share_of_another_area_worked_out_is_no_mezzanine_area(message):
    answers = {"3.01": "New construction", "3.04": {"existing": 0, "new": 1100, "total": 1100}}
    assert _read("3.06", message, answers).value == {"existing": 0, "new": 95.0, "total": 95.0}


@pytest.mark.parametrize(
    "message",
    [
        "block A 30.0 x 20.0 = 600 + block B 15.0 x 10.0 = 150, total 750 m2 new",
        "600 + 150 for a total of 750 m2, all new",
    ],
)
def test_a_sum_closed_by_total_is_the_total(message):
    reading = _read("3.04", message, {"3.01": "New construction"})
    assert reading.value == {"existing": 0, "new": 750.0, "total": 750.0}


@pytest.mark.parametrize(
    "message",
    ["- N/A. No suites of any kind — it's a warehouse.", "• Not applicable; no dwelling units here."],
)
def test_a_bulleted_not_applicable_is_not_applicable(message):
    assert says_not_applicable(message, FORMS.get_item("3.25"))


@pytest.mark.parametrize(
    "message",
    [
        "- One for you. The canopy is 30 m2, open on three sides. Does it count toward the building area?",
        "Here's one for you: the loading dock roof, 45 m2 - in or out of the building area?",
    ],
)
def test_a_message_that_says_it_is_a_question_is_one(message):
    assert is_question(message)
