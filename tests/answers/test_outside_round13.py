"""Kinds a round of unseen buildings (a first-year designer's notes, a senior reviewer's long replies)
found past the readers, each in words of its own.

- An item's own number at the head of a reply ("Item 3.20 - 3 …") gives no count: its digits are
  not the number of anything.
- At the building area, every figure of a clause about the gross area ("with the upper floor the
  GFA works out to 2 x 900 = 1,800 m2") is the gross area's, never the building area.
- A lone area figure takes the part the message names elsewhere ("a new storage mezzanine … 75 m2"),
  or, revising an answer that was all new or all existing, that answer's part, before the project
  type decides; a message that speaks of both new and existing asks how the figure splits.
- A year ("the 1974 gross-up", "since 2009") is no figure of an area; a storey's figure that is a term of
  a sum shown is working; a total named in words wins over the result of working about something else.
- A reply opening on its own item's number stays on that item though it defers another ("… bears on
  3.16, I'll come back to that"); a range of storeys cited from a table ("at 4-6 storeys") revises no
  height.
- At 3.10, an article cited as a comparison is no rival when its group is none of the building's; an
  arrow ending the working ("… don't fit → 3.2.2.60") gives the conclusion; and a closing "So A and
  B" that names just the articles given settles a comparison made on the way.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from tests.support import answer_items, make_manager
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


@pytest.mark.parametrize(
    ("message", "total"),
    [
        ("gross per the 1996 drawings was wrong; it is 2,400 + 2,400 = 4,800 m2", 4800.0),
        ("the original 1962 building is 1,300 m2, all existing", 1300.0),
    ],
)
def test_a_year_is_no_area(message, total):
    reading = _read("3.05", message, CHANGE)
    assert reading.value is not None and reading.value["total"] == total


def test_a_storeys_figure_that_is_a_term_of_a_sum_shown_is_working():
    message = (
        "the two upper floors are 1,250 m2 each, not 1,300; so 1,400 + 1,250 + 1,250 = 3,900 m2 in all, "
        "all new"
    )
    reading = _read("3.05", message)
    assert reading.value == {"existing": 0.0, "new": 3900.0, "total": 3900.0}


def test_a_total_named_in_words_wins_over_the_result_of_other_working():
    message = (
        "mezzanine yes: the gallery is 95 m2; the room under it is 20 x 15 = 300 m2, so well under 40 %. "
        "Existing 0, new 95, total 95."
    )
    reading = _read("3.06", message)
    assert reading.value == {"existing": 0.0, "new": 95.0, "total": 95.0}


def test_a_reply_opening_on_its_own_item_that_defers_another_item_stays_on_it():
    wizard = make_manager()
    project = wizard.start_project("Clinic").project_id
    wizard.process_user_response(project, "New construction")
    reply = wizard.process_user_response(
        project, "Re 3.02 - D, a medical clinic (which also bears on 3.16, I'll come back to that later)."
    )
    state = wizard.load_project(project)
    assert reply.section == "3.02" and state.answer_for("3.02") is not None
    assert state.answer_for("3.16") is None


def test_a_range_of_storeys_cited_from_a_table_revises_no_height():
    wizard = make_manager()
    project = wizard.start_project("Offices").project_id
    answer_items(
        wizard,
        project,
        [
            "New construction",
            "Group D offices",
            "No",
            "1,000 m2 all new",
            "3,000 m2 all new",
            "none",
            "3 storeys above grade, 0 below, 12 m",
        ],
    )
    before = wizard.load_project(project).answer_for("3.07")
    cited = "the table asks for 1 universal washroom at 1-3 storeys -> 1 provided"
    wizard.process_user_response(project, cited)
    after = wizard.load_project(project).answer_for("3.07")
    assert after == before
