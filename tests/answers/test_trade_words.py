"""Consultants' shorthand and trade words, read as they mean (issue: reading a consultant's own words)."""

from __future__ import annotations

import pytest

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
