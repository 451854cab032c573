"""Areas (3.04–3.06): units, roles, conversions, and the split the project type implies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.answers.support import FORMS, ask, state_with
from wizard_core.answers import read
from wizard_core.forms import DEFAULT_FORM, FormQuestionService


def test_unit_given_in_a_follow_up_completes_an_earlier_number():
    results, state = ask("3.04", "1150", "m2")
    assert [r.type for r in results] == ["clarifying_question", "form_answer"]
    # The project is new construction (3.01), so all the area is new.
    assert state.answer_for("3.04").value == {"existing": 0, "new": 1150, "total": 1150}


def test_square_feet_are_converted_and_the_conversion_is_stated():
    (result,), state = ask("3.04", "1,500 sq ft existing, no new area")
    value = state.answer_for("3.04").value
    assert value == {"existing": 139.4, "new": 0, "total": 139.4}
    assert "ft²" in result.content and "converted" in result.content
    assert result.confidence < 0.9


def test_confidence_is_lower_for_inferred_than_explicit_answers():
    (explicit,), _ = ask("3.04", "New 1,150 m2, existing 0, total 1,150 m2")
    (inferred,), _ = ask("3.04", "1,150 m2")
    assert explicit.confidence > inferred.confidence


def test_a_unit_given_afterwards_converts_figures_given_without_one():
    results, state = ask("3.04", "existing 500, new 250", "sq ft")
    assert [r.type for r in results] == ["clarifying_question", "form_answer"]
    assert state.answer_for("3.04").value == {"existing": 46.5, "new": 23.2, "total": 69.7}
    assert "500 ft² converted" in results[-1].content


AREA = FORMS.get_item("3.04")


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("120 sqm existing, 80 sq.m new, 200 sq metres total", {"existing": 120, "new": 80, "total": 200}),
        ("300 square meters new, nothing existing", {"existing": 0, "new": 300, "total": 300}),
        ("Existing: none. New 600 m2.", {"existing": 0, "new": 600, "total": 600}),
        ("all of it existing, 900 m2", {"existing": 900, "new": 0, "total": 900}),
        ("all told 600 m2, 200 existing", {"existing": 200, "new": 400, "total": 600}),
        ("the remaining 300 m2 is retained and 200 m2 added", {"existing": 300, "new": 200, "total": 500}),
    ],
)
def test_role_words_and_unit_spellings_from_the_vocabulary(message, expected):
    reading = read(AREA, [message], state_with({}), FORMS)
    assert reading.complete, reading.missing
    assert reading.value == expected


@pytest.mark.parametrize("message", ["about 200 m2", "2000ish m2", "nearly 200 m2 give or take", "~200 m2"])
def test_an_approximate_figure_is_asked_for_exactly(message):
    reading = read(AREA, [message], state_with({}), FORMS)
    assert not reading.complete and "exact" in reading.missing


@pytest.mark.parametrize(
    ("project_type", "expected"),
    [
        ("New construction", {"existing": 0, "new": 1150, "total": 1150}),
        ("Change of use", {"existing": 1150, "new": 0, "total": 1150}),
        ("Addition", None),
    ],
)
def test_a_single_figure_is_split_as_the_project_types_option_says(project_type, expected):
    reading = read(AREA, ["1,150 m2"], state_with({"3.01": project_type}), FORMS)
    assert reading.value == expected
    if expected:
        assert "as the project type in 3.01 implies" in reading.notes[-1]
    else:
        assert "how the area splits" in reading.missing


def test_the_split_comes_from_the_form_data_not_the_reader(tmp_path: Path):
    form = json.loads(DEFAULT_FORM.read_text(encoding="utf-8"))
    project_type = next(i for i in form["items"] if i["number"] == form["fact_items"]["project_type"])
    next(o for o in project_type["options"] if o["label"] == "Addition")["area_split"] = "new"
    edited = tmp_path / "form.json"
    edited.write_text(json.dumps(form), encoding="utf-8")
    forms = FormQuestionService(edited)

    reading = read(forms.get_item("3.04"), ["1,150 m2"], state_with({"3.01": "Addition"}, forms), forms)
    assert reading.value == {"existing": 0, "new": 1150, "total": 1150}


def test_an_approximate_area_is_offered_as_exact_for_a_yes():
    reading = read(AREA, ["roughly 2,300 m2"], state_with({"3.01": "New construction"}), FORMS)
    assert not reading.complete and "about 2,300 m²" in reading.missing
    assert reading.offer == {"existing": 0, "new": 2300, "total": 2300}


@pytest.mark.parametrize(
    ("message", "storeys"),
    [("Same footprint on all three floors.", 3), ("Identical floors, both of them.", 2)],
)
def test_same_footprint_on_every_floor_offers_storeys_times_the_building_area(message, storeys):
    state = state_with({"3.01": "New construction", "3.04": {"existing": 0, "new": 900, "total": 900}})
    reading = read(FORMS.get_item("3.05"), [message], state, FORMS)
    assert not reading.complete
    assert reading.offer == {"existing": 0, "new": 900 * storeys, "total": 900 * storeys}
    assert f"{storeys} storeys × 900 m² building area (3.04)" == reading.offer_reason


def test_same_footprint_without_a_storey_count_asks_for_it_unless_3_07_gives_it():
    base = {"3.01": "New construction", "3.04": {"existing": 0, "new": 900, "total": 900}}
    gross = FORMS.get_item("3.05")
    asked = read(gross, ["Same footprint on every floor."], state_with(base), FORMS)
    assert asked.offer is None and "how many storeys" in asked.missing
    height = {"storeys_above_grade": 4, "storeys_below_grade": 0, "height_m": 14}
    known = read(gross, ["Same footprint on every floor."], state_with({**base, "3.07": height}), FORMS)
    assert known.offer["total"] == 3600
