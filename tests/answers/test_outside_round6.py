"""Kinds the sixth held-out round found, each in other words: trade shorthand for the project
type and the answers after a label ("HT - no", "Haz.: N"), rooms said to be the main use's own,
the consultant's own office, a revision addressed by the item's name without a revision word, one
part of the construction revised with the others kept, earlier working quoted to be replaced, and
a yes or no read from a message about something else."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, ask, state_with
from wizard_core.answers import read
from wizard_core.turn.decisions import DecisionEngine


def _read(section: str, message: str, answers: dict | None = None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


@pytest.mark.parametrize(
    "message", ["add/reno of the old depot", "addn + reno, 2 storeys", "Addition + renovation."]
)
def test_project_type_shorthand_for_an_addition_with_renovation(message):
    assert _read("3.01", message).value == "Addition and renovation"


@pytest.mark.parametrize(
    ("message", "heavy_timber"),
    [
        ("Combustible permitted; actual combustible (wood trusses). Heavy timber: no.", False),
        ("comb. permitted / actual comb. / HT - N", False),
        ("combustible ok; actual is steel and block = NC. no HT", False),
        ("Combustible permitted, actual combustible, heavy timber, yes - glulam arches", True),
    ],
)
def test_the_answer_after_the_words_for_heavy_timber(message, heavy_timber):
    reading = _read("3.15", message)
    assert reading.complete and reading.value["heavy_timber"] is heavy_timber


def test_an_abbreviated_hazard_label_with_its_n():
    reading = _read("3.20", "BF entrances: 2 (front, rear) / Haz. subst.: N")
    assert reading.value == {"barrier_free_entrances": 2, "hazardous_substances": False}


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        ("A2 hall. kitchen, coat room, office - all the hall's own, nothing separate", ["A2"]),
        ("C: 40 suites, with the lobby and the leasing office, which are there for the tenants.", ["C"]),
        ("E store; the stockroom and the small office, this all is for the store.", ["E"]),
        (
            "F2 shop. Our office always lists the paint booth separately, but here it is part of the F2.",
            ["F2"],
        ),
    ],
)
def test_rooms_said_to_be_the_main_uses_own_and_the_consultants_own_office(message, groups):
    reading = _read("3.02", message)
    assert reading.complete and reading.value == groups, (reading.value, reading.missing)


ENGINE = DecisionEngine(FORMS)


@pytest.mark.parametrize(
    ("message", "target"),
    [
        ("About the streets thing: only 38 % is within 15 m, so it's 1 street.", "3.09"),
        ("re construction - forgot the garage wing, it's wood frame, so both kinds. HT no.", "3.15"),
        ("As for the alarm, the owner wants two stage after all.", "3.13"),
    ],
)
def test_a_revision_addressed_by_the_items_name_without_a_revision_word(message, target):
    state = state_with(
        {
            "3.09": 2,
            "3.13": "Single stage",
            "3.15": {
                "restriction": "Combustible permitted",
                "actual": "Noncombustible",
                "heavy_timber": False,
            },
        }
    )
    state.current_form_section = "3.19"
    decision = ENGINE.decide(state, message)
    assert (decision.kind, decision.target) == ("revision", target)


def test_a_revision_of_one_part_of_the_construction_keeps_the_others():
    recorded = {"restriction": "Noncombustible required", "actual": "Noncombustible", "heavy_timber": False}
    reading = _read("3.15", "actual is noncombustible with a heavy timber roof after all", {"3.15": recorded})
    assert reading.value == {
        "restriction": "Noncombustible required",
        "actual": "Noncombustible",
        "heavy_timber": True,
    }


def test_earlier_working_quoted_to_be_replaced_is_left_out():
    answers = {"3.01": "Change of use", "3.05": {"existing": 2400, "new": 0, "total": 2400}}
    message = "I did 800 x 3, but the top floor is only 560 m2. So 800 + 800 + 560 = 2,160 m2, all existing."
    reading = _read("3.05", message, answers)
    assert reading.complete and reading.value["total"] == 2160
    assert reading.confidence >= 0.8  # the old working is quoted as old: no rival to the new figure


def test_a_yes_or_no_read_from_a_message_about_something_else_is_recorded_to_confirm():
    _, state = ask("3.12", "The lobby is wood-framed, not steel as I said.")
    answer = state.answer_for("3.12")
    assert answer is None or answer.confidence < 0.8


@pytest.mark.parametrize(
    "message",
    [
        "um quick question before the height does the bell tower count its just an open steel frame",
        "Q: the projection booths are enclosed rooms on the deck - mezzanine or storey?",
        "Side question: does a crawl space count as a storey below grade",
        "question about the gross - do I include the covered loading dock",
    ],
)
def test_a_message_that_opens_by_saying_it_is_a_question_is_never_an_answer_or_a_revision(message):
    results, state = ask("3.07", message)
    assert results[-1].type == "side_answer"
    assert state.answer_for("3.07") is None and state.current_form_section == "3.07"
    assert state.answer_for("3.05").value["total"] == 3450  # the office scenario's gross area, untouched


# Round seven's kinds, in other words.


def test_nothing_qualifying_as_heavy_timber_is_no_heavy_timber():
    reading = _read(
        "3.15",
        "Combustible permitted; actual combustible, light wood trusses - nothing that counts as "
        "heavy timber.",
    )
    assert reading.value["heavy_timber"] is False


def test_the_actual_construction_said_outright_wins_over_words_about_the_restriction():
    message = (
        "The article would let us build in wood, but it's all block and steel -> combustible permitted "
        "/ actual NC / no HT"
    )
    reading = _read("3.15", message)
    assert reading.value["actual"] == "Noncombustible"


def test_a_code_named_only_as_a_supposition_does_not_vouch_for_an_occupancy():
    reading = _read(
        "3.02",
        "F2 millwork. The small sales counter might be called E, but it's well under 10 %, so not separate.",
    )
    assert reading.value == ["F2"] or reading.confidence < 0.8


def test_a_checklists_underscored_labels_read_as_words():
    answers = {"3.01": "Addition", "3.05": {"existing": 1900, "new": 700, "total": 2600}}
    state = state_with(answers)
    state.current_form_section = "3.09"
    message = (
        "gross_area: correction - existing is 2,050 not 1,900\ngross_existing: 2050\ngross_new: 700\n"
        "gross_total: 2750 m2"
    )
    decision = ENGINE.decide(state, message)
    assert (decision.kind, decision.target) == ("revision", "3.05")
    reading = read(FORMS.get_item("3.05"), [ENGINE.naming.answer_text(message)], state, FORMS)
    assert reading.value == {"existing": 2050, "new": 700, "total": 2750}


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        (
            "Sales floor and offices are the retail side; the paint shop is the hazard -> E and F2",
            ["E", "F2"],
        ),
        ("classrooms, gym and the admin wing all for the kids, so A2.", ["A2"]),
        ("B2 clinic; the cafe and the pharmacy counter serve the patients, no seperate occupancy", ["B2"]),
    ],
)
def test_the_groups_a_description_ends_on_and_a_misspelt_separate(message, groups):
    reading = _read("3.02", message)
    assert reading.value == groups, (reading.value, reading.missing)


def test_a_range_narrowed_down_to_one_figure_reads_that_figure():
    reading = _read(
        "3.04", "Anywhere between 2,100 and 2,200 m2 on the old plans; the survey says 2,164 m2. All new."
    )
    assert reading.complete and reading.value["total"] == 2164


def test_a_recorded_figure_used_in_new_working_is_no_quotation_of_it():
    state = state_with({"3.01": "New construction", "3.04": {"existing": 0, "new": 1500, "total": 1500}})
    state.current_form_section = "3.05"
    message = "Should be 2,700 m2: the 1,500 on the main floor plus 1,200 on the upper floor. All new."
    assert ENGINE.decide(state, message).kind == "continuing"


def test_a_revision_without_a_unit_near_the_recorded_figure_keeps_its_square_metres():
    state = state_with({"3.01": "New construction", "3.04": {"existing": 0, "new": 2860, "total": 2860}})
    reading = read(FORMS.get_item("3.04"), ["fat fingers - it's 2680 not 2860"], state, FORMS)
    assert reading.complete and reading.value["total"] == 2680
    assert not read(
        FORMS.get_item("3.04"), ["it's 2680"], state_with({}), FORMS
    ).complete  # no answer to go by


def test_a_question_opened_with_q_dash_is_a_side_question():
    results, state = ask(
        "3.02", "q - the chapel seats 60 on stacking chairs; is that its own A2 or part of the main use?"
    )
    assert results[-1].type == "side_answer" and state.answer_for("3.02") is None


def test_rows_whose_factor_several_uses_share_are_offered_with_the_total_for_a_yes():
    state = state_with({"3.02": ["F2", "D"]})
    message = "brewhouse 1,200 m2 @ 4.6 = 261\nbottling 600 m2 @ 4.6 = 131\noffices 300 m2 @ 9.3 = 33"
    reading = read(FORMS.get_item("3.18"), [message], state, FORMS)
    assert not reading.complete and reading.offer is not None and reading.offer["total"] == 425
    assert "confirm the use" in reading.missing and "manufacturing or process rooms" in reading.missing
