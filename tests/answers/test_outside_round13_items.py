"""Kinds a round of unseen buildings found past the readers of the single-fact items, each in
words of its own.

- Of several lengths in a height answer, the one the message names as the building height wins;
  a rooftop enclosure's top, a crane rail, a deck's underside, a floor's level or a code limit
  beside it is not the building's height.
- A reply that quotes its item back ("Re item 3.19 –") or opens on a label ("Water supply:") gives
  its yes or no right after it ("adequate, yes –"); "n/a" after such a heading says the item does
  not apply.
- "The one about streets" is the item, not a count of streets, and a street in a compound
  ("street-facing") counts nothing.
- "The article lets us be combustible" states the restriction; "noncombustable" is noncombustible.
- A reply opening on the current item's number ("Re 3.07 –") answers it even when it cites a later
  item ("comes back at 3.22"); it is not a revision of that item.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, ask, state_with
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read

NEW = {"3.01": "New construction", "3.02": ["D"]}


def _read(section: str, message: str):
    return read(FORMS.get_item(section), [message], state_with(NEW), FORMS)


@pytest.mark.parametrize(
    ("message", "height"),
    [
        (
            "3 storeys above grade, none below; building height 13.4 m to the parapet, the top floor "
            "slab is at 7.9 m and the jib crane runs at 5.2 m.",
            13.4,
        ),
        (
            "Re 3.07 - 1 storey, 0 below; height for the matrix is 9.7 m. The underside of the deck "
            "is 8.1 m above grade.",
            9.7,
        ),
        (
            "two storeys, no basement. 7.6 m to the main roof. theres a mech penthouse on the roof for "
            "the fans that goes up to 10.2 m but thats not a storey (rooftop enclosure)",
            7.6,
        ),
        (
            "4 storeys above grade, 0 below, building height 15.1 m - the L3 floor is at 8.4 m and "
            "the code only cares when it's over 18 m.",
            15.1,
        ),
    ],
)
def test_the_height_named_wins_over_levels_and_rooftop_enclosures(message, height):
    reading = _read("3.07", message)
    assert reading.value is not None and reading.value["height_m"] == height


@pytest.mark.parametrize(
    ("section", "message", "expected"),
    [
        ("3.19", "Re item 3.19 – yes, to Section 3.8 everywhere; no exemption is claimed.", True),
        ("3.14", "Water supply: adequate, yes – 250 mm main, no fire pump needed.", True),
        ("3.12", "Standpipe: required, yes – 5 storeys, no exemption applies.", True),
    ],
)
def test_a_yes_or_no_right_after_the_heading_decides(section, message, expected):
    assert _read(section, message).value is expected


def test_not_applicable_after_a_quoted_heading():
    message = "Re item 3.25 – n/a, there are no dwelling units or hotel suites anywhere in the building."
    assert says_not_applicable(message, FORMS.get_item("3.25"))


@pytest.mark.parametrize(
    "message",
    [
        "the one about streets? it fronts King St and Queen St, 58 + 41 of 190 m = 52 % so 2 streets",
        "2 streets now, Elm and Birch (no street-facing loading dock changes the count).",
    ],
)
def test_the_item_named_and_a_compound_are_no_count_of_streets(message):
    assert _read("3.09", message).value == 2


@pytest.mark.parametrize(
    "message",
    [
        ".45 lets us be combustible, but it's all noncombustable - steel and block. no heavy timber",
        "the article lets us be combustable; it's all non-combustable steel, no heavy timber",
    ],
)
def test_lets_us_is_a_restriction_and_misspelt_materials_are_read(message):
    value = _read("3.15", message).value
    assert value == {
        "restriction": "Combustible permitted",
        "actual": "Noncombustible",
        "heavy_timber": False,
    }


def test_a_reply_opening_on_its_own_item_answers_it_though_it_cites_a_later_item():
    _, state = ask(
        "3.07",
        "Re 3.07 – 3 storeys above grade, 0 below; building height 11.2 m to the parapet "
        "(the 3.9 m ceiling height comes back at 3.22 as the wall height).",
    )
    answer = state.answer_for("3.07")
    assert answer is not None and answer.value["height_m"] == 11.2
    assert state.answer_for("3.22") is None
