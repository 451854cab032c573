"""The reader's second tries: a misspelled option offered for a yes, numbers in words read as figures."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, advance_to, state_with
from tests.support import make_manager
from wizard_core.advisors.offline.asking import OFFER_MARK, offer_question
from wizard_core.answers import read
from wizard_core.answers.fallbacks import WORDS_CONFIDENCE
from wizard_core.answers.spoken import with_digits

NEW = state_with({"3.01": "New construction"})


@pytest.mark.parametrize(
    ("section", "message", "offered", "misspelled"),
    [
        ("3.16", "nromal importance, nothing special about this building", "Normal", "nromal importance"),
        ("3.16", "I'd call it Nromal", "Normal", "Nromal"),
        ("3.11", "It's sprinklered thoughout, NFPA 13", "Entire building", "sprinklered thoughout"),
        ("3.11", "partialy sprinklered, ground floor only", "Selected floor areas", "partialy sprinklered"),
        ("3.01", "renovaton of the existing two storey building", "Renovation / alteration", "renovaton"),
        ("3.01", "It's a change of ocupancy from warehouse to gym", "Change of use", "change of ocupancy"),
        ("3.13", "we're putting in a singel stage system", "Single stage", "singel stage system"),
        ("3.17", "seismic catgory 2 per the structural engineer", "SC2", "seismic catgory 2"),
        ("3.02", "comercial retial at grade", ["E"], "retial"),
        ("3.02", "offces over a restaurnt", ["D", "A2"], "offces"),
    ],
)
def test_a_misspelled_option_is_offered_for_a_yes_never_recorded(section, message, offered, misspelled):
    item = FORMS.get_item(section)
    reading = read(item, [message], NEW, FORMS)
    assert not reading.complete and reading.confidence < 0.8
    assert reading.offer == offered
    assert f"\u201c{misspelled}\u201d read as" in reading.offer_reason
    question = offer_question(item, reading)
    labels = offered if isinstance(offered, list) else [offered]
    assert OFFER_MARK in question and all(label in question for label in labels)


@pytest.mark.parametrize(
    ("section", "message", "expected"),
    [
        ("3.16", "Normal importance", "Normal"),
        ("3.11", "Fully sprinklered throughout", "Entire building"),
        ("3.01", "Renovation of the existing building", "Renovation / alteration"),
        ("3.02", "commercial retail at grade", ["E"]),
        ("3.13", "Two stage system", "Two stage"),
    ],
)
def test_a_clean_message_reads_as_before(section, message, expected):
    reading = read(FORMS.get_item(section), [message], NEW, FORMS)
    assert reading.complete and reading.value == expected and reading.confidence >= 0.8
    assert not reading.offer_reason and not any("read as" in n for n in reading.notes)


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3.11", "not fully sprinklred, we are still deciding"),  # negated: no positive option
        ("3.11", "the building is sprinklerd"),  # not 'unsprinklered', whatever the letters
        ("3.02", "two storey building with stone cladding"),  # 'storey' is no misspelt 'store'
        ("3.02", "one person at the front desk"),  # 'person' is no misspelt 'prison'
        ("3.02", "see the detail on the drawings"),  # 'detail' is no misspelt 'retail'
        ("3.13", "tow stage"),  # a changed word under 4 letters
        ("3.17", "seismic category 5"),  # a figure is never taken for another
        ("3.16", "Lwo"),  # short labels are not guessed at
    ],
)
def test_words_that_are_not_misspelled_options_are_not_offered(section, message):
    reading = read(FORMS.get_item(section), [message], NEW, FORMS)
    assert reading.offer is None
    if reading.complete:  # what the reader itself makes of it, never a fuzzy match
        assert not any("read as" in n for n in reading.notes)


def test_the_offer_is_made_from_the_latest_message_with_a_misspelling():
    item = FORMS.get_item("3.16")
    reading = read(item, ["Not sure yet.", "hmm, nromal I think"], NEW, FORMS)
    assert reading.offer == "Normal"


@pytest.mark.parametrize(
    ("section", "message", "expected"),
    [
        ("3.04", "One thousand four hundred square metres, all new.", {"new": 1400.0, "total": 1400.0}),
        ("3.04", "twelve thousand four hundred square feet", {"new": 1152.0, "total": 1152.0}),
        ("3.05", "Gross is two thousand one hundred m2", {"total": 2100.0}),
        (
            "3.07",
            "three storeys above grade, no basement, twelve point five metres to the roof",
            {"storeys_above_grade": 3, "storeys_below_grade": 0, "height_m": 12.5},
        ),
        (
            "3.07",
            "Two storeys, the first storey at grade, no basement; eleven metres high.",
            {"storeys_above_grade": 2, "storeys_below_grade": 0, "height_m": 11.0},
        ),
    ],
)
def test_numbers_in_words_are_read_below_confident(section, message, expected):
    reading = read(FORMS.get_item(section), [message], NEW, FORMS)
    assert reading.complete and reading.confidence == WORDS_CONFIDENCE < 0.8
    assert {k: reading.value[k] for k in expected} == expected
    assert any(n.startswith("numbers in words read as") for n in reading.notes)


def test_figures_given_in_digits_keep_their_confidence():
    reading = read(FORMS.get_item("3.04"), ["1,400 m2, all new"], NEW, FORMS)
    assert reading.complete and reading.confidence >= 0.8
    assert not any(n.startswith("numbers in words") for n in reading.notes)


def test_a_street_count_the_reader_knows_is_not_rewritten():
    reading = read(FORMS.get_item("3.09"), ["It faces the one street."], NEW, FORMS)
    assert reading.complete and reading.value == 1 and reading.confidence >= 0.8


@pytest.mark.parametrize(
    "text",
    [
        "the second floor and the first storey",
        "twenty-first floor",
        "once the permit is in",
        "which one fits?",
        "the one street",
        "one of the streets",
        "two and a half storeys",
    ],
)
def test_ordinals_once_and_one_as_a_pronoun_stay_in_words(text):
    assert with_digits(text) == (text, [])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("one thousand four hundred square metres", "1400 square metres"),
        ("Existing one thousand two hundred m2 and new four hundred m2.", "Existing 1200 m2 and new 400 m2."),
        ("a one-storey wing; one-storey at the back", "a one-storey wing; 1-storey at the back"),
        ("ten point zero five m on the second floor", "10.05 m on the second floor"),
        ("seventy-five persons", "75 persons"),
    ],
)
def test_cardinal_numbers_in_words_are_written_as_digits(text, expected):
    assert with_digits(text)[0] == expected


def test_a_misspelled_option_is_offered_and_a_yes_records_it():
    wizard = make_manager()
    project = wizard.start_project("Fallbacks").project_id
    advance_to(wizard, project, "3.16")
    reply = wizard.process_user_response(project, "nromal importance, it's a plain office building")
    assert reply.type == "clarifying_question"
    assert "I read Normal" in reply.content and "nromal importance" in reply.content
    assert OFFER_MARK in reply.content
    assert wizard.load_project(project).answer_for("3.16") is None  # offered, not recorded
    wizard.process_user_response(project, "yes")
    answer = wizard.load_project(project).answer_for("3.16")
    assert answer is not None and answer.value == "Normal"
    assert "as you confirmed" in answer.advisor_note


@pytest.mark.parametrize(
    ("section", "texts"),
    [("3.11", ["sprinklered thoughout", "no"]), ("3.13", ["singel stage system", "nope"])],
)
def test_a_no_to_an_offered_option_declines_it_and_records_no_none_option(section, texts):
    reading = read(FORMS.get_item(section), texts, NEW, FORMS)
    assert not reading.complete and reading.offer is None
    assert "which option applies, as you said it is not" in reading.missing


def test_a_plain_no_still_picks_the_none_option_after_other_words():
    reading = read(FORMS.get_item("3.11"), ["let me check the drawings", "no"], NEW, FORMS)
    assert reading.complete and reading.value == "Not required"
