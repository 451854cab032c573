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


# --- 3.23 typed fast: sentences in lowercase, sums by sex, rows that share, counts per suite -------------

from tests.answers.computed import asked, building, by_name, load_row, offered, reading  # noqa: E402

_ROWS = [
    load_row("Ground floor (chapel)", "A2", "space with fixed seats", None, 180, "fixed seats"),
    load_row("Ground floor (parlour)", "A2", "space with non-fixed seats and tables", 95.0, 100, "table"),
    load_row("Ground floor (office)", "D", "offices", 37.0, 4, "table: 9.30 m²/person"),
    load_row("Basement (storage)", "A2", "storage", 92.0, 2, "table: 46.00 m²/person"),
]
CHAPEL = building(
    ("A2",), ("3.2.2.25",), storeys=1, below=1, **{"3_18": {"rows": _ROWS, "total": 286, "note": ""}}
)


def test_lowercase_sentences_are_rows_of_their_own_and_rows_that_share_have_none():
    message = (
        "50/50. chapel 3 m + 3 f = 6 plus 1 universal washrm (table A, 90 each sex). parlour 2 m (1 wc + 1 "
        "urinal) + 2 f = 4. office, bsmt use those = 0"
    )
    rows = by_name(offered("3.23", message, state=CHAPEL).offer["rows"])
    assert rows["Ground floor (chapel)"]["wc_provided"] == 6  # not doubled by the aside's 'each sex'
    assert rows["Ground floor (chapel)"]["universal_provided"] == 1
    assert rows["Ground floor (parlour)"]["wc_provided"] == 4
    assert rows["Ground floor (office)"]["wc_provided"] == 0
    assert rows["Basement (storage)"]["wc_provided"] == 0


def test_a_sum_by_sex_that_does_not_add_up_is_asked_about():
    question = asked("3.23", "50/50. chapel 3 m + 3 f = 7. parlour 4", state=CHAPEL)
    assert "3 + 3 is 6, not 7" in question


def test_rows_sharing_another_rooms_washrooms_in_words_have_none():
    message = (
        "- Chapel: 6 water closets and a universal washroom.\n- Parlour: 4.\n"
        "- Office and storage share the chapel washrooms; none of their own."
    )
    rows = by_name(offered("3.23", message, state=CHAPEL).offer["rows"])
    assert rows["Ground floor (office)"]["wc_provided"] == 0
    assert rows["Basement (storage)"]["wc_provided"] == 0


_FLATS = [
    load_row("Ground floor", "C", "dwelling units", None, 24, "sleeping rooms"),
    load_row("Ground floor", "C", "", 60.0, 32, "table"),
    *(load_row(f"Level {n}", "C", "dwelling units", None, 40, "sleeping rooms") for n in (2, 3, 4)),
]
FLATS = building(
    ("C",), ("3.2.2.50",), storeys=4, below=0, **{"3_18": {"rows": _FLATS, "total": 176, "note": ""}}
)


def test_each_after_a_range_of_floors_is_each_floor_and_a_count_per_suite_is_the_rule():
    message = "50:50. suites 1 wc each, the 2 beds have 2. L2-L4 14 wc each (12 suites + 2)"
    result = reading("3.23", message, state=FLATS)
    value = result.value or result.offer
    rows = {row["floor"]: row for row in value["rows"] if row["floor"].startswith("Level")}
    assert [rows[f"Level {n}"]["wc_provided"] for n in (2, 3, 4)] == [14, 14, 14]  # not 28: each floor's
    assert "suites 1 wc each" in value["note"].lower()  # the rule the counts follow, kept as said


def test_a_floor_named_beside_two_of_its_rows_is_asked_about():
    question = asked("3.23", "50:50. grnd 6 wc. L2-L4 14 wc each", state=FLATS)
    assert "which of 3.18's rows (Ground floor (row 1), Ground floor (row 2))" in question


_CINEMA = [
    load_row("Ground floor (screen 1)", "A1", "space with fixed seats", None, 120, "fixed seats"),
    load_row("Ground floor (screen 2)", "A1", "space with fixed seats", None, 90, "fixed seats"),
    load_row("Ground floor (lobby and queue)", "A1", "standing space", 80.0, 200, "table"),
    load_row("Ground floor (manager's office)", "D", "offices", 15.0, 2, "table"),
    load_row("Mezzanine (projection)", "A1", "", None, 1, "as given"),
]
CINEMA = building(
    ("A1",), ("3.2.2.20",), storeys=1, below=0, **{"3_18": {"rows": _CINEMA, "total": 413, "note": ""}}
)


def test_where_the_washrooms_are_names_their_row_and_a_plural_names_its_rows():
    message = (
        "- Table 3.7.4.3.C, 50:50.\n"
        "- Provided in the lobby washrooms, which serve both screens: men 3, women 5 — 8 water closets — "
        "plus 1 universal washroom.\n"
        "- Screens: none of their own.\n"
        "- Manager's office: 1 staff water closet.\n"
        "- Mezzanine: none."
    )
    rows = by_name(offered("3.23", message, state=CINEMA).offer["rows"])
    assert rows["Ground floor (lobby and queue)"]["wc_provided"] == 8
    assert rows["Ground floor (lobby and queue)"]["universal_provided"] == 1
    assert rows["Ground floor (screen 1)"]["wc_provided"] == 0
    assert rows["Ground floor (screen 2)"]["wc_provided"] == 0
    assert rows["Mezzanine (projection)"]["wc_provided"] == 0
