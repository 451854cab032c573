"""Kinds a round of unseen buildings found past the readers, each in words of its own.

- A message whose clauses, read one by one, give different answers: the whole reading is a
  proposal to confirm, never recorded at 0.8 or more; clauses that agree keep it confident.
- A total written in words beside the figures it comes from ("…, so three thousand and forty in
  total"): the words' figure is the one read, below 0.8, or offered when something else in the
  message is approximate; never the part recorded with confidence.
- A revision said as an order with the item's number or a word for its fact right after the verb
  ("change 3.13 to …", "fix gfa …", "bump the storeys to …") revises that item from any other.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, at_gross_area, state_with
from tests.support import advance_to, make_manager
from wizard_core.answers import read


def _read(section: str, *messages: str, answers: dict | None = None):
    return read(FORMS.get_item(section), list(messages), state_with(answers or {}), FORMS)


# 1. Clauses that disagree.


@pytest.mark.parametrize(
    ("section", "message"),
    [
        # A no, and a clause of its own that reads as a yes.
        ("3.12", "Standpipe not provided. Required by 3.2.9.1 since it's over 3 storeys."),
        # None superimposed, and a clause describing one occupancy above another.
        ("3.03", "Superimposed: none. The D offices are above the E retail."),
        # One kind of construction, and a clause naming the other.
        ("3.15", "Combustible permitted, actual combustible. The addition is all steel and concrete."),
    ],
)
def test_clauses_that_read_as_different_answers_leave_the_reading_to_confirm(section, message):
    reading = _read(section, message)
    assert reading.complete, reading.missing
    assert reading.confidence < 0.8, (reading.value, reading.notes)


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3.07", "Two storeys above grade, no basement. 8.3 m to the top of the roof."),
        ("3.13", "Single stage. The panel and devices are all new."),
        ("3.12", "No standpipe. It is 2 storeys and 1,100 m2, under every trigger."),
    ],
)
def test_clauses_that_agree_keep_the_reading_confident(section, message):
    reading = _read(section, message)
    assert reading.complete, reading.missing
    assert reading.confidence >= 0.8, reading.notes


# 2. A total in words beside its parts.


def test_a_total_in_words_is_the_figure_read_to_confirm():
    reply, answer = at_gross_area(
        "Main floor 1,200 m2 and upper floor 1,200 m2, so two thousand four hundred square metres gross, "
        "all new."
    )
    assert answer is not None, reply.content
    assert (answer.value["total"], answer.confidence < 0.8) == (2400, True), answer


@pytest.mark.parametrize(
    "message",
    [
        "Ground 1,200 m2 plus three upper floors at 1,150 m2 each, that's 3,450 - so four thousand six "
        "hundred and fifty square metres overall, all new construction.",
        "Both floors are 1,300 m2 - two thousand six hundred square metres in all, all new.",
        "1,250 m2 on each of the 2 floors, which makes two thousand five hundred m2 gross, all new.",
    ],
)
def test_a_total_in_words_beside_its_parts_never_leaves_a_part_recorded_with_confidence(message):
    _, answer = at_gross_area(message)
    said = {"four thousand six": 4650, "two thousand six": 2600, "two thousand five": 2500}
    total = next(v for k, v in said.items() if k in message)
    if answer is not None and answer.value["total"] != total:
        assert answer.confidence < 0.8, answer


# 3. A revision said as an order, naming the item right after the verb.


@pytest.mark.parametrize(
    ("message", "section", "expected"),
    [
        ("change 3.09 to 2 streets, the city took over the back lane", "3.09", 2),
        ("fix gfa - third floor is 1,080 not 1,000, so gross is 3,280 m2", "3.05", 3280),
        ("Please update the fire alarm to two stage; the owner asked for it.", "3.13", "Two stage"),
    ],
)
def test_an_order_naming_an_earlier_item_revises_it_from_a_later_one(message, section, expected):
    manager = make_manager()
    pid = manager.start_project("Revised by an order").project_id
    advance_to(manager, pid, "3.16")
    result = manager.process_user_response(pid, message)
    assert result.decision == "revision", result
    answer = manager.storage.load_project(pid).answer_for(section)
    value = answer.value["total"] if isinstance(answer.value, dict) else answer.value
    assert value == expected, answer


def test_an_order_verb_without_a_value_for_the_item_is_no_revision():
    manager = make_manager()
    pid = manager.start_project("Not a revision").project_id
    advance_to(manager, pid, "3.16")
    before = manager.storage.load_project(pid).answer_for("3.13")
    result = manager.process_user_response(
        pid, "We'll set the fire alarm panel in the electrical room; Normal."
    )
    assert result.decision != "revision"
    assert manager.storage.load_project(pid).answer_for("3.13") == before


# 4. Occupancies: a conclusion that stands for its own sentence; rooms that double as another use;
#    a code said not to be a separate occupancy.


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("C apartments + E shop at grade. Storage lockers and the gym serve the residents = C", ["C", "E"]),
        ("B2 care residence: bedrooms, lounges, and a nursing station that doubles as an office.", ["B2"]),
        ("F2 plant. A sales counter sits at the front, but I don't think it's a separate E.", ["F2"]),
        ("Group D offices; the reception desk isn't a separate A2, it is part of the offices.", ["D"]),
    ],
)
def test_occupancies_read_as_the_consultant_settles_them(message, expected):
    reading = _read("3.02", message)
    assert reading.complete, reading.missing
    assert sorted(reading.value) == sorted(expected), reading.notes
