"""A model on a computed item: its package carries the engine's figures and the rows' schema, and the
gate works its rows out from their inputs and checks them as it does the offline advisor's.

The real langchain-openai client talks to a real HTTP server on 127.0.0.1 that answers as a model.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.advisors.llm.support import answering, start
from tests.fake_openai import FakeOpenAI

OFFICE = {
    "3.01": "New construction",
    "3.02": ["D"],
    "3.07": {"storeys_above_grade": 3, "storeys_below_grade": 0, "height_m": 12.0},
    "3.10": ["3.2.2.60"],
    "3.11": "Entire building",
}


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


def _at_3_22(fake: FakeOpenAI, faces: Any) -> tuple[Any, str]:
    fake.responder = answering({**OFFICE, "3.22": faces})
    wizard, pid = start(fake)
    for section, value in OFFICE.items():
        wizard.answer_directly(pid, section, value)
    wizard.go_to_item(pid, "3.22")
    return wizard, pid


def test_the_package_carries_the_engines_figures_and_the_rows_schema(fake):
    wizard, pid = _at_3_22(fake, {"faces": [], "note": "to follow"})
    wizard.process_user_response(pid, "North face 100 m2 at 6 m from the lot line, 30% glazing.")
    package = fake.requests[-1].text("user")[0]
    assert "Code engine: what the wizard works out for 3.22" in package
    assert "sprinklered throughout: yes" in package and "Table 3.2.3.1.-B/-C" in package
    schema = package.split("## Required Response Format\n")[1]
    assert "limiting_distance_m" in schema and "upo_permitted_pct" in schema


def test_a_models_faces_are_worked_out_from_their_inputs(fake):
    face = {"face": "North", "area_m2": 100, "limiting_distance_m": 6, "upo_actual_pct": 30}
    wizard, pid = _at_3_22(fake, {"faces": [face | {"upo_permitted_pct": 90}], "note": ""})
    result = wizard.process_user_response(pid, "North face 100 m2 at 6 m from the lot line, 30% glazing.")
    assert result.type == "form_answer"
    (north,) = wizard.load_project(pid).answer_for("3.22").value["faces"]
    # Table 3.2.3.1.-D row 100 m², column 6 m: 68 %; Table 3.2.3.7 over 50 to under 100: 45 min.
    assert (north["upo_permitted_pct"], north["frr_h"]) == (68, 0.75)


def test_a_models_openings_over_the_permitted_share_are_stopped_by_the_gate(fake):
    face = {"face": "North", "area_m2": 100, "limiting_distance_m": 6, "upo_actual_pct": 80}
    wizard, pid = _at_3_22(fake, {"faces": [face], "note": ""})
    result = wizard.process_user_response(pid, "North face 100 m2 at 6 m, 80% glazing.")
    assert result.type == "clarifying_question" and "80 %" in result.content and "68 %" in result.content
    assert wizard.load_project(pid).answer_for("3.22") is None


def test_a_model_row_the_calculators_cannot_use_becomes_a_question_naming_the_input(fake):
    face = {"face": "North", "area_m2": 2400, "limiting_distance_m": 6, "ratio": 2}
    wizard, pid = _at_3_22(fake, {"faces": [face], "note": ""})
    wizard.answer_directly(pid, "3.11", "Not required", override="pricing the unsprinklered option")
    wizard.go_to_item(pid, "3.22")
    result = wizard.process_user_response(pid, "North face 2,400 m2 at 6 m, ratio 2.")
    assert result.type == "clarifying_question" and "2,000 m²" in result.content
    assert wizard.load_project(pid).answer_for("3.22") is None
