"""A reading with a rival in its own message is recorded to confirm, never at 0.8 or more.

Each kind of rival, in words of its own: another figure of the value's kind, another option named,
several occupancies or articles read from a description, construction of another kind named, a
yes or no read from words pointing both ways, and a revision that reads as the answer it revises.
Beside each, the same kind of message without a rival keeps its confidence, so the rule is no
blanket cap.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, ask, state_with
from wizard_core.answers import doubt, read
from wizard_core.answers.doubt_words import several


def _read(section: str, *messages: str, answers: dict | None = None):
    return read(FORMS.get_item(section), list(messages), state_with(answers or {}), FORMS)


def _to_confirm(reading, note: str) -> None:
    assert reading.complete, reading.missing
    assert reading.confidence < 0.8, reading
    assert any(note in n for n in reading.notes), reading.notes


def _confident(reading) -> None:
    assert reading.complete, reading.missing
    assert reading.confidence >= 0.8, reading.notes


# 1. Another figure of the value's kind, not part of the working and not set aside.


@pytest.mark.parametrize(
    ("section", "message", "rival"),
    [
        (
            "3.04",
            "Existing 900 m2 plus a 400 m2 new wing, 1,300 m2 in all - the 2009 survey shows 1,600 m2.",
            "1,600 m2",
        ),
        (
            "3.05",
            "2,950 m2 gross, all new, which is the ground floor plus the 1,100 m2 second floor.",
            "1,100 m2",
        ),
        ("3.05", "Gross 4,400 m2, all new; the site plan shows 5,200 m2 of paving around it.", "5,200 m2"),
        ("3.07", "Two storeys, no basement, 8.2 m high; the grade drops 1.1 m from front to back.", "1.1 m"),
        (
            "3.07",
            "3 storeys above grade, none below, 11.5 m to the roof, and the stair tower tops out at 13.9 m.",
            "13.9 m",
        ),
        ("3.09", "It fronts on 2 streets; the planner's sketch showed 3.", "the count 3"),
        (
            "3.20",
            "Two barrier-free entrances; a third barrier-free entrance is planned in phase 2. No hazardous "
            "substances.",
            "the count 1",
        ),
    ],
)
def test_another_figure_of_the_same_kind_leaves_the_reading_to_confirm(section, message, rival):
    reading = _read(section, message)
    _to_confirm(reading, "the message also gives")
    assert any(rival in n for n in reading.notes), reading.notes


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3.05", "Three floors of 1,150 m2 each, 3,450 m2 gross, all new."),
        ("3.05", "Main floor 1,900 plus upper floor 1,300 m2, 3,200 m2 gross, all new."),
        ("3.05", "2 x 1,640 = 3,280 m2 gross, all new construction."),
        (
            "3.05",
            "3,100 m2 gross, all new. The 600 m2 parking level underneath is left out, it's below grade.",
        ),
        ("3.07", "Two storeys, no basement, 8.2 m high, on a 1962 foundation."),
        ("3.09", "Just 1 street, Queen St; 2 more frontages are private lanes."),
        ("3.20", "Three barrier-free entrances, 2 on the front and 1 at the side. No hazardous substances."),
        ("3.20", "2 barrier-free entrances. Hazardous: 3 drums of solvent in the paint room."),
    ],
)
def test_working_set_aside_figures_and_counts_of_other_nouns_are_no_rival(section, message):
    _confident(_read(section, message))


# 2. Several occupancies or articles read from a description, not named by their codes.


@pytest.mark.parametrize(
    "message",
    [
        "daycare on the main floor and apartments above",
        # the hall and the office may serve the church: a reader that reads a D too is not trusted with it
        "A church, with a hall downstairs and the priest's office upstairs.",
    ],
)
def test_several_occupancies_read_from_words_are_recorded_to_confirm(message):
    _to_confirm(_read("3.02", message), "occupancies were read from your description")


def test_one_occupancy_declared_with_its_code_keeps_the_rooms_in_it():
    message = "An A2 church, with a hall downstairs and the priest's office; all one occupancy."
    reading = _read("3.02", message)
    assert reading.value == ["A2"]


@pytest.mark.parametrize(
    "message",
    [
        "E and D",
        "Offices, D, on two floors, plus a ground floor cafe that will be its own A2 tenancy.",
    ],
)
def test_occupancies_named_by_their_codes_keep_their_confidence(message):
    reading = _read("3.02", message)
    assert len(reading.value) == 2
    _confident(reading)


def test_an_article_named_as_the_answer_but_left_out_leaves_the_reading_to_confirm():
    item = FORMS.get_item("3.10")
    value = ["3.2.2.55", "3.2.2.25"]
    assert doubt._rival(item, "3.2.2.55 for the apartments, 3.2.2.25 for the daycare", value) == ""
    rival = doubt._rival(item, "3.2.2.55 for the apartments, 3.2.2.24 for the daycare", value)
    assert "3.2.2.24" in rival


# 3. Construction of a kind the recorded construction leaves out, outside the restriction.


def test_a_material_of_another_kind_is_a_rival_to_the_actual_construction():
    item = FORMS.get_item("3.15")
    value = {"restriction": "Combustible permitted", "actual": "Noncombustible", "heavy_timber": False}
    assert doubt._rival(item, "Concrete frame throughout, but the penthouse is wood frame.", value)
    assert not doubt._rival(item, "Combustible allowed; concrete block and steel joists, so NC.", value)


def test_the_restriction_clause_is_no_rival_to_the_actual_construction():
    reading = _read(
        "3.15", "Combustible allowed; it's all concrete block and steel joists, so NC. No heavy timber."
    )
    assert reading.value["actual"] == "Noncombustible"
    _confident(reading)


# 4. A yes or no read from words pointing both ways, without a leading yes or no.


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3.14", "Adequate supply from the municipal main; no on-site tank needed."),
        ("3.12", "Standpipe isn't required in the existing part, but the new tower has one."),
    ],
)
def test_a_yes_or_no_from_words_pointing_both_ways_is_recorded_to_confirm(section, message):
    _to_confirm(_read(section, message), "pointing both ways")


def test_a_leading_yes_or_no_decides():
    _confident(_read("3.14", "Yes. Flow test done last spring; the rear shed is not covered but needs none."))


# 5. A revision that reads as the answer it revises.


def test_a_revision_that_reads_as_the_recorded_answer_is_recorded_to_confirm():
    item = FORMS.get_item("3.09")
    state = state_with({"3.09": 2})
    revised = read(
        item, ["Going back to the streets: it's 2 streets, I mis-typed the lane count earlier."], state, FORMS
    )
    assert revised.value == 2
    _to_confirm(revised, "the answer already recorded")
    plain = read(item, ["2 streets."], state, FORMS)
    _confident(plain)


# The whole turn: what the consultant sees.


def test_a_doubted_reading_is_recorded_with_its_reason_for_the_consultant_to_confirm():
    message = "Gross 4,400 m2, all new; the site plan shows 5,200 m2 of paving around it."
    results, state = ask("3.05", message)
    answer = state.answer_for("3.05")
    assert answer is not None and answer.value["total"] == 4400
    assert answer.confidence < 0.8
    assert "5,200 m2" in results[-1].content


# Kinds found by the fifth held-out round, each in other words.


def test_two_restrictions_named_leave_the_construction_to_confirm():
    reading = _read(
        "3.15",
        "Noncombustible required here. Combustible is allowed with a smaller crowd. Actual is "
        "noncombustible, steel and concrete. No heavy timber.",
    )
    _to_confirm(reading, "the message names both")


def test_both_kinds_said_of_a_construction_read_as_one_is_recorded_to_confirm():
    item = FORMS.get_item("3.15")
    value = {"restriction": "Combustible permitted", "actual": "Noncombustible", "heavy_timber": False}
    assert doubt._rival(
        item, "Combustible permitted. Actual is a mix: steel on the old part, glulam on the new.", value
    )


@pytest.mark.parametrize(
    ("message", "total"),
    [
        ("Main 1,210.4 + upper two @ 1,105.5 ea = 3,431.4 m2, all new", 3431.4),  # 3,421.4 by the working
        ("ground 2,050 + second 1,870 = 3,290 m2, new", 3290),  # 3,920 by the working
    ],
)
def test_working_that_does_not_come_to_the_figure_given_is_never_recorded_confidently(message, total):
    reading = _read("3.05", message)
    if reading.complete:
        assert reading.value["total"] == total
        _to_confirm(reading, "the working shown")
    else:
        assert reading.missing  # asked about, which is also right


def test_working_that_comes_to_the_figure_given_keeps_its_confidence():
    _confident(_read("3.05", "Main 1,210.4 + upper two @ 1,105.5 ea = 3,421.4 m2, all new"))


def test_articles_resting_on_occupancies_still_to_confirm_are_recorded_to_confirm():
    item = FORMS.get_item("3.10")
    state = state_with({"3.02": ["F2", "E"]})
    state.replace_answer("3.02", confidence=0.75)
    reading = read(item, ["3.2.2.78, 3.2.2.68"], state, FORMS)
    _to_confirm(reading, "still to confirm")
    state.replace_answer("3.02", confidence=0.95)
    _confident(read(item, ["3.2.2.78, 3.2.2.68"], state, FORMS))


def test_a_code_named_in_a_negation_does_not_vouch_for_an_occupancy():
    assert several(FORMS.get_item("3.02"), "B3 care home; not the C route at all.", ["B3", "C"])
    assert not several(FORMS.get_item("3.02"), "B3 care home with C staff flats above.", ["B3", "C"])


def test_a_correction_quoting_a_recorded_figure_revises_that_item():
    # the consultant names the gross area by a word of their own ("the floor plates") and quotes it
    _, state = ask("3.08", "Going back to the floor plates: I said 3,450 m2 but it's 3,420 m2, all new.")
    assert state.answer_for("3.05").value["total"] == 3420
    assert state.answer_for("3.08") is None  # nothing recorded at the item on screen


def test_a_question_asked_in_a_sentence_of_its_own_is_never_recorded_as_an_answer():
    results, state = ask("3.09", "For a corner lot, do I count the lane as a street? It's 6 m wide.")
    assert state.answer_for("3.09") is None
    assert results[-1].type != "form_answer"


# The consultant's own hedge, an answer with a question after it, and other round-five kinds.


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3.09", "I think it's 2 streets, the lane at the back isn't one."),
        ("3.07", "Probably 3 storeys above grade, none below, 11.8 m."),
        ("3.07", "3 storeys, no basement, and the height is 12.1 m?"),
    ],
)
def test_a_hedged_answer_is_recorded_to_confirm(section, message):
    reading = _read(section, message)
    assert reading.complete, reading.missing
    assert reading.confidence < 0.8
    assert any("guess" in n or "as a question" in n for n in reading.notes), reading.notes


def test_a_hedged_not_applicable_is_recorded_to_confirm():
    _, state = ask("3.06", "I don't think there are any mezzanines in this one.")
    answer = state.answer_for("3.06")
    assert answer is not None and answer.value is None and answer.confidence < 0.8


def test_an_answer_with_a_question_after_it_is_recorded_to_confirm_with_the_question_noted():
    message = "1,150 m2, all new. These came off the survey, should I wait for the final one?"
    results, state = ask("3.04", message)
    answer = state.answer_for("3.04")
    assert answer is not None and answer.value["total"] == 1150 and answer.confidence < 0.8
    assert "should I wait for the final one?" in results[-1].content


def test_an_item_number_given_as_a_cross_reference_is_not_the_item_revised():
    _, state = ask(
        "3.09", "Going back to the building area: it's 1,180 m2, all new (see 3.05 for the floors)."
    )
    assert state.answer_for("3.04").value["total"] == 1180
    assert state.answer_for("3.05").value["total"] == 3450  # untouched


def test_a_revised_sum_keeps_the_recorded_part_it_names():
    item = FORMS.get_item("3.04")
    state = state_with({"3.01": "Addition", "3.04": {"existing": 2200, "new": 480, "total": 2680}})
    reading = read(item, ["the wing is smaller now: 2,200 + 455 = 2,655 m2"], state, FORMS)
    assert reading.complete and reading.value == {"existing": 2200, "new": 455, "total": 2655}


def test_a_revision_giving_its_dependant_in_passing_is_checked_with_it_and_revises_both():
    # the office scenario: 3 storeys, building area 1,150 m2, gross 3,450 m2. A smaller footprint
    # alone would contradict the gross area; said with the new gross, both are revised together.
    message = (
        "Going back to the footprint: the stair bump-out came off, so 1,120 m2, all new, and the gross "
        "goes down with it to 3,360 m2."
    )
    results, state = ask("3.09", message)
    assert state.answer_for("3.04").value["total"] == 1120
    assert state.answer_for("3.05").value["total"] == 3360
    assert "3.05" in results[-1].content and "3.05" not in state.flagged


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        ("3.08", "I don't think so - the top floor is only 11 m up.", False),
        ("3.12", "We don't need one, it's two storeys.", False),
    ],
)
def test_a_no_in_other_words(section, message, value):
    reading = _read(section, message)
    assert reading.complete and reading.value is value


def test_an_article_never_an_option_or_only_what_it_would_be_is_not_the_answer():
    state = state_with({"3.02": ["A2"]})
    text = (
        "3.2.2.25 - 3.2.2.24 was never an option at this size; unsprinklered we would be pushed to 3.2.2.23."
    )
    reading = read(FORMS.get_item("3.10"), [text], state, FORMS)
    # the one article given as the answer, recorded or (with the others named around it) offered
    assert (reading.value or reading.offer) == ["3.2.2.25"]


def test_one_article_said_to_cover_every_occupancy_is_recorded_for_each_to_confirm():
    state = state_with({"3.02": ["C", "D"]})
    reading = read(FORMS.get_item("3.10"), ["3.2.2.50, the same article for both."], state, FORMS)
    assert reading.value == ["3.2.2.50", "3.2.2.50"]
    _to_confirm(reading, "for each of C, D")


def test_a_question_after_the_answer_in_its_own_sentence_is_not_the_message_being_a_question():
    message = "Two barrier-free entrances; is the loading door one? I'd say not. Nothing hazardous."
    reading = _read("3.20", message)
    assert reading.value == {"barrier_free_entrances": 2, "hazardous_substances": False}
    _, state = ask("3.09", "For a corner lot, does the lane count? It's 6 m wide.")
    assert state.answer_for("3.09") is None
