"""Kinds a ninth round of unseen buildings found past the readers, each in words of its own.

1. Occupancies: a message that opens with its group and then describes the building ("B1, detention.
   … the kitchen, the gym and the visiting offices …") keeps the group given; uses named only by words
   are taken as part of it, to confirm, or settled by "nothing else in it" / "throughout". A use said
   not to be one ("none of it is retail", "not listing D", "would be D on its own") or in another
   building ("a separate building across the lot") is not read as a major occupancy.
2. A correction of another item in words: the fact's name before the word for changing it ("storeys
   fix - …"), a fact "now" changed ("… so 4 BF entrances now"), taken back or withdrawn, or said to be
   none ("so the mezzanine answer is none").
3. Items read wrong with confidence: "haz mat yes: …" after a line with a "not" in it; "more than one
   dwelling unit"; a roof that "carries none"; a sum shown whole with a product in it; an article
   cited with its sentence ("3.2.1.1.(6)") is no quantity.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from tests.support import advance_to, make_manager
from wizard_core.answers import read


def _read(section: str, message: str, answers: dict | None = None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


# 1. Occupancies


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "B1, detention. The unit has cells, a servery kitchen, an exercise gym and the visiting "
            "offices, all run by the ministry.",
            ["B1"],
        ),
        ("Group E, retail. The back of house has a loading bay and a staff lunchroom.", ["E"]),
    ],
)
def test_words_after_an_opening_group_are_taken_as_part_of_it_to_confirm(message, expected):
    reading = _read("3.02", message)
    assert reading.complete and reading.value == expected, reading
    assert reading.confidence < 0.8
    assert any("as you gave the group first" in note for note in reading.notes)


def test_a_message_saying_the_building_is_one_use_settles_the_words():
    reading = _read("3.02", "- b3 throughout. resident rooms, dining, a hair salon, offices for the nurses")
    assert reading.complete and reading.value == ["B3"], reading
    assert reading.confidence >= 0.8


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Group A, Division 2 library. None of it is retail; the book sale table is part of the library.",
            ["A2"],
        ),
        ("- F3 storage, the dispatch room is 6 % of the floor so not listing D", ["F3"]),
        ("C apartments. The leasing suite would be D on its own, but it serves the building.", ["C"]),
        ("D offices. The coffee shop is a separate building across the parking lot.", ["D"]),
    ],
)
def test_a_use_said_not_to_be_one_is_not_read(message, expected):
    reading = _read("3.02", message)
    assert reading.complete and reading.value == expected, reading


# 2. Corrections of another item in words, sent at a later item


@pytest.mark.parametrize(
    ("message", "section", "expected"),
    [
        ("gross area fix - 2nd flr is 1,100 not 1,150. so 1,150 + 1,100 + 1,150 = 3,400 m2", "3.05", 3400),
        ("the owner added an automatic opener at the side door, so 3 BF entrances now", "3.20", 3),
        ("I have to take back the street count: the lane is too narrow, so it faces 1 street.", "3.09", 1),
    ],
)
def test_a_correction_in_words_revises_the_item_that_holds_the_fact(message, section, expected):
    manager = make_manager()
    pid = manager.start_project("Corrected in words").project_id
    advance_to(manager, pid, "3.21")
    result = manager.process_user_response(pid, message)
    assert result.decision == "revision", result
    answer = manager.storage.load_project(pid).answer_for(section)
    value = answer.value
    value = value.get("total", value.get("barrier_free_entrances")) if isinstance(value, dict) else value
    assert value == expected, answer


def test_a_withdrawn_fact_said_to_be_none_revises_it_to_not_applicable():
    manager = make_manager()
    pid = manager.start_project("Withdrawn").project_id
    advance_to(manager, pid, "3.06")
    manager.process_user_response(pid, "A 95 m2 mezzanine over the lobby, all new.")
    assert manager.storage.load_project(pid).answer_for("3.06").value["total"] == 95
    advance_to(manager, pid, "3.09")
    message = (
        "I withdraw the mezzanine: it is a service platform for the air handlers, which 3.2.1.1.(6) "
        "says is not a mezzanine. So the mezzanine answer is none."
    )
    result = manager.process_user_response(pid, message)
    assert result.decision == "revision", result
    assert manager.storage.load_project(pid).answer_for("3.06").value is None


# 3. Read wrong with confidence before


def test_hazards_said_yes_after_a_line_with_a_not_in_it():
    message = "- 2 BF entrances, the loading doors aren't\n- haz mat yes: paint and solvent in a flam cabinet"
    reading = _read("3.20", message)
    assert reading.value == {"barrier_free_entrances": 2, "hazardous_substances": True}


def test_more_than_one_dwelling_unit_is_more_than_one():
    reading = _read("3.25", "Yes: more than one dwelling unit (sixteen), STC 50 walls from SB-3.")
    assert reading.value["more_than_one_dwelling_unit"] is True
    reading = _read("3.25", "No, not more than one dwelling unit: it is a single house with an office.")
    assert reading.value["more_than_one_dwelling_unit"] is False


def test_a_roof_that_carries_none_has_no_rating():
    message = "Floors 45 min under the article. No basement, no mezzanine, and the roof carries none."
    rows = {row["assembly"]: row for row in _read("3.21", message).value["assemblies"]}
    assert rows["roof"]["rating_h"] == 0.0
    assert rows["floors"]["rating_h"] == 0.75


def test_a_sum_shown_whole_with_a_product_in_it_is_the_area():
    message = "correcting the gross: the 2nd is 880 not 900. so 1,020 + 880 + 2 x 900 = 3,700 m2"
    reading = _read("3.05", message, {"3.01": "New construction"})
    assert reading.complete and reading.value["total"] == 3700


def test_an_article_cited_with_its_sentence_is_no_quantity():
    reading = _read("3.06", "Not a mezzanine under 3.2.1.1.(6): the platform only serves equipment. n/a")
    assert "is that in square metres" not in reading.missing


# 4. Rows named the consultant's way, and what is not a row


def test_rows_of_one_floor_keep_their_own_words_and_fixtures_find_them():
    from tests.answers.computed import building, recorded

    cinema = building(("A1",), ("3.2.2.20",), storeys=2, below=0)
    load = recorded(
        "3.18",
        "- ground: screen 1, 140 fixed seats = 140\n- ground: screen 2, 60 fixed seats = 60\n"
        "- 2nd: screen 3, 80 fixed seats = 80",
        state=cinema,
    )
    assert [r["floor"] for r in load["rows"]] == [
        "Ground floor (screen 1)",
        "Ground floor (screen 2)",
        "Level 2",
    ]
    state = building(("A1",), ("3.2.2.20",), storeys=2, below=0, **{"3_18": load})
    reading = read(
        FORMS.get_item("3.23"),
        ["50:50. provided:\n- ground screen 2: 0 WCs\n- ground screen 1: 4 WCs\n- 2nd screen 3: 2 WCs"],
        state,
        FORMS,
    )
    provided = {r["floor"]: r["wc_provided"] for r in (reading.value or reading.offer)["rows"]}
    assert provided == {"Ground floor (screen 1)": 4, "Ground floor (screen 2)": 0, "Level 2": 2}


def test_a_height_line_is_no_face_and_a_quoted_limit_is_no_limiting_distance():
    from tests.answers.computed import office, recorded

    message = (
        "Walls are 7.5 m from grade to the roof.\nN (Main St): 300 m2, LD 14 m, 20%\n"
        "E side: 200 m2, LD 3.8 m, 5%, masonry veneer since LD < 5 m"
    )
    faces = recorded("3.22", message, state=office())["faces"]
    assert [f["face"] for f in faces] == ["N (Main St)", "East"]
    assert faces[1]["limiting_distance_m"] == 3.8


@pytest.mark.parametrize(
    "message",
    [
        "q before the height - does a loft over the garage count?",
        "One question for you on the sprinklers: is the attic exempt?",
        "May I ask something about the basement before we move on? Is it a storey?",
        "Before I give the streets, let me put one to you: does a lane count?",
    ],
)
def test_a_message_announcing_a_question_is_a_side_question(message):
    manager = make_manager()
    pid = manager.start_project("Asked first").project_id
    advance_to(manager, pid, "3.07")
    result = manager.process_user_response(pid, message)
    assert result.decision == "side_question", result
    assert manager.storage.load_project(pid).current_form_section == "3.07"


# 5. Articles: the working ends on the answer


@pytest.mark.parametrize(
    ("message", "groups", "expected"),
    [
        (
            "- D: over the 2 storeys of .62 -> .60 needs spk, 3 storeys\n"
            "- F3 under it, as if all F3 -> 3.2.2.82\n- so D = .60, F3 = .82",
            ["D", "F3"],
            ["3.2.2.60", "3.2.2.82"],
        ),
        (
            "For the shops I first tried 3.2.2.70, which stops at two storeys, and then 3.2.2.66. "
            "For the apartments, 3.2.2.50. In the order of 3.02: 3.2.2.50, then 3.2.2.66.",
            ["C", "E"],
            ["3.2.2.50", "3.2.2.66"],
        ),
    ],
)
def test_articles_are_read_from_the_conclusion_the_working_ends_on(message, groups, expected):
    reading = _read("3.10", message, {"3.02": groups})
    # recorded to confirm, or offered for a yes: never taken at full confidence from the working
    assert (reading.value if reading.complete else reading.offer) == expected, reading
    assert reading.confidence < 0.9


# 6. Round h10's first kinds: dictated and pasted answers


def test_a_table_of_several_facts_gives_each_item_its_own_row():
    table = (
        "Area (m2) | Existing | New | Total\n"
        "Bldg area | 2,900 (to remain) | 640 | 3,540\n"
        "GFA | 5,800 (2,900 x 2) | 640 | 6,440"
    )
    answers = {"3.01": "Addition"}
    assert _read("3.04", table, answers).value == {"existing": 2900, "new": 640, "total": 3540}
    assert _read("3.05", table, answers).value == {"existing": 5800, "new": 640, "total": 6440}


def test_a_labelled_yes_or_no_decides_over_a_remark_in_brackets():
    reading = _read("3.14", "Water supply | Y (hydrant test 95 L/s, no booster pump needed)")
    assert reading.value is True
    reading = _read("3.12", "Standpipe | N (2 storeys, not required)")
    assert reading.value is False


def test_a_note_that_opens_with_no_is_a_note():
    manager = make_manager()
    pid = manager.start_project("Notes").project_id
    advance_to(manager, pid, "3.27")
    message = (
        "no kitchen exhaust in this phase, the tenant fit-out will add it under a separate permit "
        "and we will update the matrix then"
    )
    manager.process_user_response(pid, message)
    assert manager.storage.load_project(pid).answer_for("3.27").value == message


def test_a_question_dictated_without_its_mark_is_a_side_question():
    manager = make_manager()
    pid = manager.start_project("Dictated").project_id
    advance_to(manager, pid, "3.07")
    message = (
        "the loading dock canopy is open on two sides about sixty square metres does that count "
        "toward the building area"
    )
    result = manager.process_user_response(pid, message)
    assert result.decision == "side_question", result
    assert manager.storage.load_project(pid).current_form_section == "3.07"
