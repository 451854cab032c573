"""Consultants' shorthand and trade words, read as they mean (issue: reading a consultant's own words)."""

from __future__ import annotations

import pytest

from tests.answers.support import at_gross_area
from tests.support import make_manager
from wizard_core.answers import read
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState

FORMS = FormQuestionService()


def _read(section: str, text: str):
    return read(FORMS.get_item(section), [text], ProjectState(project_id="p"), FORMS)


@pytest.mark.parametrize(
    ("text", "groups"),
    [
        ("b2", ["B2"]),
        ("f3 storage, no hazardous goods", ["F3"]),
        ("Group c apartments", ["C"]),
        ("a daycare on the ground floor", ["A2"]),
        ("stacked flats", ["C"]),
        ("condos over retail stores", ["C", "E"]),
        ("a walk-in clinic", ["D"]),
        ("sc3 site", None),  # not an occupancy: asked about, never guessed
    ],
)
def test_lowercase_codes_and_trade_synonyms_name_the_occupancy(text, groups):
    reading = _read("3.02", text)
    if groups is None:
        assert not reading.complete
    else:
        assert reading.complete and reading.value == groups


def test_a_lone_letter_stays_case_sensitive():
    assert not _read("3.02", "see note d on the plan").complete


@pytest.mark.parametrize(
    ("message", "total"),
    [("12k sf", 1114.8), ("12K SF footprint", 1114.8), ("1.2k m2", 1200), ("15k sq ft, all new", 1393.5)],
)
def test_a_figure_in_thousands_before_an_area_unit_is_read_in_full(message, total):
    wizard = make_manager()
    project = wizard.start_project(f"Thousands {message}").project_id
    for answer in ("New construction", "D offices", "no"):
        wizard.process_user_response(project, answer)
    reply = wizard.process_user_response(project, message)
    value = wizard.load_project(project).answer_for("3.04").value
    assert reply.type == "form_answer" and value["total"] == total


def test_thousands_without_an_area_unit_is_not_guessed():
    reading = _read("3.04", "about 12k")
    assert not reading.complete


@pytest.mark.parametrize(
    ("text", "below"),
    [
        ("4 floors, P1 and P2 parking below, 14 m", 2),
        ("5 storeys above, parking P1-P3, 17.5 m", 3),
        ("P1 parking, 5 storeys above, 17 m", 1),
        ("3 storeys over 2 levels of underground parking (P1, P2), 11 m", 2),
        ("2 storeys, 8.4 m, no bsmt", 0),
        ("2 flrs plus a bsmt, 7.9 m", 1),
    ],
)
def test_parking_levels_and_basements_in_shorthand_are_storeys_below_grade(text, below):
    reading = _read("3.07", text)
    assert reading.complete and reading.value["storeys_below_grade"] == below
    assert reading.confidence >= 0.8


@pytest.mark.parametrize(
    "message",
    [
        "2,400 m2 all new, 2 storeys of 1,200",
        "4 x 1,200 = 4,800 m2",
        "(4 floors @ 1,200 m2) = 4,800 m2 gross, all new",
        "1,200 m2 x 4 = 4,800 m2",
    ],
)
def test_shown_working_that_multiplies_out_records_its_result(message):
    reply, answer = at_gross_area(message)
    expected = 2400 if message.startswith("2,400") else 4800
    assert reply.type == "form_answer" and answer is not None and answer.value["total"] == expected


@pytest.mark.parametrize(
    "message",
    ["3 storeys of 1,200 = 4,800 m2", "4 floors @ 1,150 m2 = 4,800 m2 all new", "1,200 x 3 = 4,800 m2"],
)
def test_working_that_does_not_multiply_out_is_asked_about_never_recorded(message):
    reply, answer = at_gross_area(message)
    assert reply.type == "clarifying_question" and answer is None
