"""Kinds a round of unseen buildings (a first-year designer's notes, a senior reviewer's long replies)
found past the readers, each in words of its own.

- An item's own number at the head of a reply ("Item 3.20 - 3 …") gives no count: its digits are
  not the number of anything.
- At the building area, every figure of a clause about the gross area ("with the upper floor the
  GFA works out to 2 x 900 = 1,800 m2") is the gross area's, never the building area.
- A lone area figure takes the part the message names elsewhere ("a new storage mezzanine … 75 m2"),
  or, revising an answer that was all new or all existing, that answer's part, before the project
  type decides; a message that speaks of both new and existing asks how the figure splits.
- At 3.10, an article cited as a comparison is no rival when its group is none of the building's; an
  arrow ending the working ("… don't fit → 3.2.2.60") gives the conclusion; and a closing "So A and
  B" that names just the articles given settles a comparison made on the way.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read

NEW = {"3.01": "New construction", "3.02": ["D"]}
CHANGE = {"3.01": "Change of use", "3.02": ["D", "F2"]}


def _read(section: str, message: str, answers: dict | None = None):
    return read(FORMS.get_item(section), [message], state_with(answers or NEW), FORMS)


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("Item 3.20 - 3 barrier-free doors, no hazardous materials on site", 3),
        ("For 3.20 – one accessible entrance (the main one); hazardous substances: none", 1),
        ("3.20 - 2 bf entries, haz subs no", 2),
    ],
)
def test_the_items_own_number_is_no_count(message, count):
    reading = _read("3.20", message)
    assert reading.value is not None
    assert reading.value["barrier_free_entrances"] == count


@pytest.mark.parametrize(
    "message",
    [
        "footprint is 900 m2; with the upper floor the GFA works out to 2 x 900 = 1,800 m2",
        "900 m2 building area, and the gross floor area would be 1,800 m2 over both floors",
        "building area 900 m2 - gross comes to 1,800 m2",
    ],
)
def test_a_clause_about_the_gross_area_is_not_the_building_area(message):
    reading = _read("3.04", message)
    assert reading.value is not None
    assert reading.value["total"] == 900.0


def test_a_lone_figure_takes_the_part_the_message_names():
    reading = _read("3.06", "we are adding a new storage mezzanine over the shop floor, 75 m2", CHANGE)
    assert reading.value == {"existing": 0.0, "new": 75.0, "total": 75.0}
    assert reading.confidence <= 0.8  # read from words apart from the figure: shown to confirm


def test_a_revision_keeps_the_part_of_the_answer_it_revises():
    answers = dict(CHANGE) | {"3.06": {"existing": 0, "new": 75, "total": 75}}
    reading = _read("3.06", "client wants it a bit bigger, 110 m2 now", answers)
    assert reading.value == {"existing": 0.0, "new": 110.0, "total": 110.0}


def test_a_figure_beside_both_new_and_existing_is_asked_about():
    reading = _read("3.05", "a new upper floor over the existing warehouse, 2,400 m2 in all", CHANGE)
    assert reading.value is None
    assert "splits" in (reading.missing or "")


def test_a_comparison_with_an_article_of_no_group_the_building_has_is_no_rival():
    answers = {"3.01": "New construction", "3.02": ["E"]}
    message = "3.2.2.68 for the store - nothing like the 3.2.2.50 figure for apartments applies here"
    reading = _read("3.10", message, answers)
    assert reading.value == ["3.2.2.68"]
    assert reading.complete and reading.confidence >= 0.8


def test_an_arrow_ending_the_working_gives_the_article():
    answers = {"3.01": "New construction", "3.02": ["D"]}
    message = (
        "3.2.2.62 (1 storey) and .61 (2 storeys, unsprinklered) don't fit us → 3.2.2.60, sprinklered, "
        "any construction"
    )
    reading = _read("3.10", message, answers)
    assert reading.value == ["3.2.2.60"]
    assert reading.complete


def test_a_conclusion_naming_just_the_articles_given_settles_a_comparison_on_the_way():
    answers = {"3.01": "New construction", "3.02": ["C", "E"]}
    message = (
        "C: 3.2.2.51 for the flats; E: 3.2.2.67 for the shops, since 3.2.2.69 stops at 3 storeys. "
        "So 3.2.2.51 and 3.2.2.67."
    )
    reading = _read("3.10", message, answers)
    assert reading.value == ["3.2.2.51", "3.2.2.67"]
    assert reading.complete
