"""Kinds a round of unseen buildings (dictated answers, e-mail-style answers) found past the readers,
each in words of its own.

- Sides given with their units ("42 by 27.5 metres", "18.0 m × 36.0 m") that multiply out to the
  area given are working, not figures of their own, whether typed or said in words.
- A gross area copied from a building area still to confirm is no surer than that figure; a
  gross area given in figures of its own near the building area's keeps the figure given.
- "Nil" says an item with no answer does not apply, and a sign-off with a name or initial
  ("Cheers, M.") is no part of a note.
- An order to change a fact with its new value in words ("make that five accessible entrances"),
  said at a later item, revises the item that holds the fact.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from tests.support import advance_to, make_manager
from wizard_core.answers import read

NEW = {"3.01": "New construction", "3.02": ["E"]}


def _read(section: str, message: str, answers: dict | None = None):
    return read(FORMS.get_item(section), [message], state_with(answers or NEW), FORMS)


@pytest.mark.parametrize(
    ("message", "total"),
    [
        ("the hall is 42 by 27.5 metres so 1155 square metres, all new", 1155),
        ("18.0 m × 36.0 m = 648 m2 new", 648),
        ("footprint forty two by twenty two metres which is nine twenty four square metres, all new", 924),
    ],
)
def test_sides_with_their_units_that_multiply_out_are_working(message, total):
    reading = _read("3.04", message)
    assert reading.value == {"existing": 0.0, "new": float(total), "total": float(total)}


def test_sides_that_multiply_to_no_figure_given_are_not_taken_for_working():
    reading = _read("3.04", "the hall is 42 by 27.5 metres and the area is 1,300 m2, all new")
    assert reading.value is None or reading.confidence < 0.8


def test_a_gross_area_copied_from_an_area_still_to_confirm_is_no_surer():
    state = state_with({**NEW, "3.04": {"existing": 0.0, "new": 860.0, "total": 860.0}})
    state.finalized_answers[-1] = state.finalized_answers[-1].model_copy(update={"confidence": 0.7})
    reading = read(FORMS.get_item("3.05"), ["Same as 3.04, it's a single storey."], state, FORMS)
    assert reading.value == {"existing": 0.0, "new": 860.0, "total": 860.0}
    assert reading.confidence < 0.8


def test_a_gross_area_near_the_building_area_keeps_its_own_figure():
    answers = {**NEW, "3.04": {"existing": 0.0, "new": 1858.1, "total": 1858.1}}
    reading = _read("3.05", "GFA 19,980 sq ft, one storey", answers)
    assert reading.value is not None and abs(reading.value["total"] - 1856.2) < 0.5


@pytest.mark.parametrize("message", ["Nil.", "nil - Cheers, M.", "Nil. Regards, J."])
def test_nil_says_there_are_no_alternative_solutions(message):
    manager = make_manager()
    pid = manager.start_project("Nil").project_id
    advance_to(manager, pid, "3.26")
    manager.process_user_response(pid, message)
    assert manager.storage.load_project(pid).answer_for("3.26").value is None


def test_a_sign_off_with_an_initial_is_no_part_of_a_note():
    reading = _read("3.27", "Site servicing per C-101; the pylon sign is under a separate permit. Cheers, M.")
    assert reading.value == "Site servicing per C-101; the pylon sign is under a separate permit."


def test_an_order_with_the_new_count_in_words_revises_the_item_that_holds_it():
    manager = make_manager()
    pid = manager.start_project("Revised in words").project_id
    advance_to(manager, pid, "3.22")
    message = "the owner wants an opener on the loading door as well, so make that five accessible entrances"
    result = manager.process_user_response(pid, message)
    assert result.decision == "revision", result
    assert manager.storage.load_project(pid).answer_for("3.20").value["barrier_free_entrances"] == 5


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Bakery production floor with ovens and proofers, a retail counter at the front and the "
            "owners' office upstairs; the counter and office are there for the bakery. F2 only.",
            ["F2"],
        ),
        (
            "Twin-pad arena with change rooms, a snack bar and the association's meeting room, all run "
            "by the same operator. A3.",
            ["A3"],
        ),
        ("Shops at grade, rental flats on the four floors above. E and C.", ["C", "E"]),
    ],
)
def test_a_message_closing_on_its_groups_alone_is_read_for_those_groups(message, expected):
    reading = _read("3.02", message, {"3.01": "New construction"})
    assert sorted(reading.value) == expected


@pytest.mark.parametrize(
    "message",
    [
        "Before we classify - the retail counter is about 40 m2 of a 900 m2 bakery. Its own E occupancy?",
        "Before I answer this one: the parish office sits under the sanctuary, do I list it separately?",
    ],
)
def test_a_pause_before_answering_to_ask_is_never_taken_for_the_answer(message):
    manager = make_manager()
    pid = manager.start_project("Asked before answering").project_id
    advance_to(manager, pid, "3.02")
    result = manager.process_user_response(pid, message)
    assert result.type != "form_answer", result
    assert manager.storage.load_project(pid).answer_for("3.02") is None


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("accessible entrances three, the front, the gym lobby and the rear, no hazardous materials", 3),
        ("Barrier-free entrances: nil (stacked units, stairs up). Hazardous substances: none.", 0),
        ("Every tenant bay gets its own barrier-free front door - 6 in all. Nothing hazardous.", 6),
    ],
)
def test_an_entrance_count_said_after_its_label_or_as_a_total(message, count):
    reading = _read("3.20", message)
    assert reading.value == {"barrier_free_entrances": count, "hazardous_substances": False}


@pytest.mark.parametrize(
    ("message", "above"),
    [
        ("to storeys above grade no basement, twenty nine feet so eight point eight metres", 2),
        ("to floors over the parking level, 7.6 m to the top of the parapet, nothing below grade", 2),
    ],
)
def test_to_for_two_before_a_count_is_two(message, above):
    reading = _read("3.07", message)
    assert reading.value["storeys_above_grade"] == above


@pytest.mark.parametrize(
    ("message", "section", "check"),
    [
        ("FA -> 2-stage now, the fire department asked for it at the site plan meeting", "3.13", "Two stage"),
        (
            "The Gross Area stated above was in error: the three storeys are identical at 1,150 m² each, "
            "and the Gross Area is therefore 3,450 m², all new.",
            "3.05",
            3450.0,
        ),
        (
            "The owner has since agreed to add a power operator at the service door. The number of "
            "barrier-free entrances is accordingly revised from two to three.",
            "3.20",
            3,
        ),
    ],
)
def test_a_revision_in_shorthand_or_report_words_revises_from_a_later_item(message, section, check):
    manager = make_manager()
    pid = manager.start_project("Revised in report words").project_id
    advance_to(manager, pid, "3.23")
    result = manager.process_user_response(pid, message)
    assert result.decision == "revision", result
    value = manager.storage.load_project(pid).answer_for(section).value
    value = value.get("total", value.get("barrier_free_entrances")) if isinstance(value, dict) else value
    assert value == check


def test_a_word_then_an_arrow_to_no_value_is_no_revision():
    manager = make_manager()
    pid = manager.start_project("Arrow").project_id
    advance_to(manager, pid, "3.23")
    result = manager.process_user_response(pid, "ok so 3 storeys -> go with that for the fixtures too")
    assert result.decision != "revision", result


def test_a_contradiction_met_again_by_revisions_from_another_item_is_not_asked_a_third_time():
    manager = make_manager()
    pid = manager.start_project("Repeated contradiction").project_id
    advance_to(manager, pid, "3.23")
    replies = [
        manager.process_user_response(pid, "storeys -> 2 above grade, 1 below, 12.8 m").content
        for _ in range(3)
    ]
    assert len(set(replies)) > 1, replies


# Round h12: kinds found by a site-meeting shorthand voice and a formal report voice.


def test_exist_as_shorthand_for_existing_binds_its_figure():
    reading = _read("3.04", "ftprt 40 x 30 -> 1200 m2 new / 0 exist")
    assert reading.value == {"existing": 0.0, "new": 1200.0, "total": 1200.0}


@pytest.mark.parametrize(
    ("message", "hazards"),
    [
        ("BF entr 2 / haz subst N - only janitorial supplies", False),
        ("bf entr 1 / haz subst Y - propane", True),
    ],
)
def test_hazardous_substances_in_shorthand_after_the_entrances(message, hazards):
    assert _read("3.20", message).value["hazardous_substances"] is hazards


@pytest.mark.parametrize(
    ("section", "message", "expected"),
    [
        (
            "3.03",
            "It is confirmed that no major occupancy is located above another; the building is one storey.",
            False,
        ),
        ("3.12", "We confirm that a standpipe system is required, the building being four storeys.", True),
    ],
)
def test_a_formal_confirmation_is_read_for_what_it_confirms(section, message, expected):
    assert _read(section, message).value is expected


@pytest.mark.parametrize(
    "message",
    [
        "Combustible construction is permitted under both Articles and is proposed: wood trusses and wood "
        "stud walls on a concrete slab on grade. No heavy timber.",
        "comb. permitted, actual comb. - 2x6 wood frame on concrete footings, HT no",
    ],
)
def test_what_the_building_stands_on_is_not_its_construction(message):
    reading = _read("3.15", message)
    assert reading.value["actual"] == "Combustible"
    assert reading.value["restriction"] == "Combustible permitted"


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "The building is classified as Group E. The staff room and office, although Group D uses, "
            "amount to 4 % of the floor area and are not considered a major occupancy (3.2.2.8).",
            ["E"],
        ),
        ("Group F, Division 2 throughout; the showroom isn't a separate major occupancy.", ["F2"]),
    ],
)
def test_a_use_said_to_be_no_major_occupancy_is_set_aside(message, expected):
    assert _read("3.02", message, {"3.01": "New construction"}).value == expected


def test_a_question_announced_in_report_words_is_never_taken_for_the_answer():
    manager = make_manager()
    pid = manager.start_project("Formal question").project_id
    advance_to(manager, pid, "3.10")
    message = (
        "One question arises regarding the rooftop mechanical penthouse: would it count as a storey under "
        "Article 3.2.2.62, so that the building would be four storeys?"
    )
    result = manager.process_user_response(pid, message)
    assert result.type != "form_answer", result
    assert manager.storage.load_project(pid).answer_for("3.10") is None


def test_a_fact_word_then_an_arrow_to_an_article_is_no_revision():
    manager = make_manager()
    pid = manager.start_project("Arrow to an article").project_id
    advance_to(manager, pid, "3.10")
    result = manager.process_user_response(pid, "D at 3 storeys -> 3.2.2.62, sprinklered")
    assert result.decision != "revision", result
    assert manager.storage.load_project(pid).answer_for("3.07").value["storeys_above_grade"] == 3


def test_an_occupant_load_table_typed_with_spaces_is_read_by_its_columns():
    table = (
        "flr   room              m2     m2/p   ppl\n"
        "L1    offices           450    9.30   49\n"
        "L1    staff lounge      60     1.85   33\n"
        "L2    offices           520    9.30   56\n"
        "total 138"
    )
    reading = _read("3.18", table, {"3.01": "New construction", "3.02": ["D"]})
    value = reading.value if reading.value is not None else reading.offer
    assert value is not None and value["total"] == 138
    assert [(row["area_m2"], row["persons"]) for row in value["rows"]] == [(450, 49), (60, 33), (520, 56)]
    assert [row["floor"].split(" (")[0] for row in value["rows"]] == ["Level 1", "Level 1", "Level 2"]


def test_a_table_whose_rows_are_read_gives_its_rows_not_a_lone_total():
    table = (
        "lvl   what                  ppl\n"
        "P1    garage 1,900 m2       42\n"
        "L1    lounge 150 m2         82\n"
        "L2    apartments            60\n"
        "tot 184"
    )
    reading = _read("3.18", table, {"3.01": "New construction", "3.02": ["C"]})
    value = reading.value if reading.value is not None else reading.offer
    assert value is not None, reading.missing
    assert [(row["area_m2"], row["persons"]) for row in value["rows"]] == [(1900, 42), (150, 82), (None, 60)]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("3 abv / 1 below (P1) / 11.9 m grade -> top of parapet", (3, 1, 11.9)),
        ("2 abv / 1 bsmt (storage) / 8.7 m to parapet", (2, 1, 8.7)),
        ("1 st / 0 below / 9.1 m to parapet (overhead doors 16 ft high)", (1, 0, 9.1)),
    ],
)
def test_storeys_and_height_in_site_shorthand(message, expected):
    value = _read("3.07", message).value
    assert (value["storeys_above_grade"], value["storeys_below_grade"], value["height_m"]) == expected


@pytest.mark.parametrize(
    "message", ["3 flrs x 1150 = 3450 total, all new", "gross 3450, all new - three floors of 1150"]
)
def test_a_gross_area_without_its_unit_in_multiples_of_the_building_area_is_in_its_unit(message):
    answers = {**NEW, "3.04": {"existing": 0.0, "new": 1150.0, "total": 1150.0}}
    reading = _read("3.05", message, answers)
    assert reading.value == {"existing": 0.0, "new": 3450.0, "total": 3450.0}
