"""Heights, levels, corrections and construction as an outside consultant writes them.

Each kind has its own cases in other words than the benchmark's buildings: feet and inches, an
approximate figure, a cellar or lower level below grade, a floor's level beside the roof's, several
heights in one message, a correction that replaces a figure, partial revisions, trade words for the
construction, and a computed item whose rows are not all the consultant's own.
"""

from __future__ import annotations

import pytest

from tests.answers.support import advance_to, ask
from tests.support import answer_items, make_manager
from wizard_core.answers import parsing as p
from wizard_core.answers import read
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState

FORMS = FormQuestionService()


def _read(section: str, text: str):
    return read(FORMS.get_item(section), [text], ProjectState(project_id="p"), FORMS)


@pytest.mark.parametrize(
    ("text", "metres"),
    [
        ("2 stys, no bsmt, 24'-9\" to top of parapet", 7.54),
        ("single storey, slab on grade, 16 ft 3 in high", 4.95),
        ("one floor, no basement, ridge at 21' 6\"", 6.55),
        ("3 storeys, no basement, 38\u2032-0\u2033 to the roof", 11.58),
    ],
)
def test_feet_and_inches_keep_their_inches(text, metres):
    reading = _read("3.07", text)
    assert reading.complete and reading.value["height_m"] == pytest.approx(metres, abs=0.01)


@pytest.mark.parametrize(
    "text",
    [
        "1 sty, no bsmt, approx. 28 ft to the roof",
        "2 storeys, no basement, ca. 9 m high",
        "one storey, ~6.5 m, no bsmt",
    ],
)
def test_an_approximate_height_is_offered_never_recorded(text):
    reading = _read("3.07", text)
    assert not reading.complete and reading.offer is not None and "exact" in reading.missing


@pytest.mark.parametrize(
    ("text", "below"),
    [
        ("2 stys + cellar, 8.1 m to roof", 1),
        ("one storey over a lower level, 5.2 m high", 1),
        ("3 floors + existing partial bsmt, 11 m to the parapet", 1),
        ("Four storeys above grade and two below, 14.6 m to the roof", 2),
        ("2 storeys, slab on grade, 7.9 m", 0),
    ],
)
def test_cellars_and_lower_levels_are_storeys_below_grade(text, below):
    reading = _read("3.07", text)
    assert reading.complete and reading.value["storeys_below_grade"] == below


@pytest.mark.parametrize(
    ("text", "metres"),
    [
        ("4 storeys, no basement; top floor at 10.8 m, roof at 14.2 m", 14.2),
        ("3 stys, no bsmt, 12.9 m to roof; 3rd flr @ 7.4 m", 12.9),
        ("two storeys, no basement, 2nd floor is at 4.3 m, parapet 8.8 m", 8.8),
    ],
)
def test_a_floors_level_is_not_the_building_height(text, metres):
    reading = _read("3.07", text)
    assert reading.complete and reading.value["height_m"] == metres


def test_several_heights_in_one_message_are_recorded_only_to_confirm():
    text = "3 storeys, no basement. Eaves are at 9.1 m above grade and the roof peak at 11.7 m."
    reading = _read("3.07", text)
    assert reading.complete and reading.value["height_m"] == 11.7
    assert reading.confidence < 0.8 and any("heights given" in note for note in reading.notes)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("it's 640 m2, not 620", [640.0]),
        ("the mezz is 2,100 sf instead of 1,800 sf", [2100.0]),
        ("gross went from 2,400 to 2,650 m2 after the survey", [2650.0]),
        ("not more than 1,500 m2; we are at 1,320 m2", [1500.0, 1320.0]),  # a limit, not a correction
    ],
)
def test_a_figure_the_message_replaces_is_not_read(text, values):
    assert [q.value for q in p.quantities(text) if q.unit] == values


def _project_at(section: str, messages: list[str]):
    wizard = make_manager()
    project = wizard.start_project("Corrections").project_id
    answer_items(wizard, project, messages)
    assert wizard.load_project(project).current_form_section == section
    return wizard, project


CONDO = [
    "new bldg - 5 sty rental apartments",
    "c",
    "no",
    "1,200 m2",
    "5 x 1,200 = 6,000 m2",
    "none",
    "5 stys + bsmt, 16.8 m to roof",
    "no",
]


@pytest.mark.parametrize(
    "correction",
    [
        "oops - it's 6 stys not 5, typo. basement and height the same",
        "sorry, typo on the storeys: 6 storeys, not 5; height unchanged",
        "turns out it's 6 storeys above grade; bsmt and height stay",
    ],
)
def test_a_partial_correction_of_the_height_keeps_what_it_does_not_change(correction):
    wizard, project = _project_at("3.09", CONDO)
    reply = wizard.process_user_response(project, correction)
    answer = wizard.load_project(project).answer_for("3.07")
    assert reply.decision == "revision" and reply.section == "3.07"
    assert answer.value == {"storeys_above_grade": 6, "storeys_below_grade": 1, "height_m": 16.8}
    assert "kept from the earlier answer" in answer.advisor_note


def test_a_correction_of_the_area_takes_the_new_figure_not_the_old():
    wizard, project = _project_at("3.09", CONDO)
    reply = wizard.process_user_response(
        project, "The survey came back: the footprint is 1,260 m2, not 1,200."
    )
    assert reply.decision == "revision"
    assert wizard.load_project(project).answer_for("3.04").value["total"] == 1260


@pytest.mark.parametrize(
    ("text", "actual"),
    [
        (
            "combustible permitted; wood frame on a conc foundation wall basement",
            "Combustible and noncombustible",
        ),
        (
            "combustible permitted, steel joists on block walls, glulam canopy (HT); a mix of the two",
            "Combustible and noncombustible",
        ),
        ("combustible ok but it's OWSJ and steel deck on CMU", "Noncombustible"),
    ],
)
def test_construction_trade_words(text, actual):
    reading = _read("3.15", text)
    assert reading.complete and reading.value["actual"] == actual


@pytest.mark.parametrize(
    "text",
    [
        "gut reno of the ground floor, no added area",
        "interior alterations only",
        "reno of the existing units",
    ],
)
def test_renovation_in_trade_words(text):
    reading = _read("3.01", text)
    assert reading.complete and reading.value == "Renovation / alteration"


def test_a_floor_over_a_named_basement_level_is_that_assembly():
    _, state = ask("3.21", "floor over P1: 1 h. roof 1 h, no mezzanine")
    rows = {row["assembly"]: row["rating_h"] for row in state.answer_for("3.21").value["assemblies"]}
    assert rows["floors_over_basement"] == 1.0 and rows["roof"] == 1.0


def test_computed_rows_named_otherwise_than_the_consultant_did_are_recorded_only_to_confirm():
    _, state = ask("3.18", "offices 1,050 m2; more offices 1,150 m2; same again upstairs")
    answer = state.answer_for("3.18")  # rows named "More offices", and "same again upstairs" left over
    assert answer is not None
    assert answer.confidence < 0.8 and "Same again upstairs" in answer.advisor_note


@pytest.mark.parametrize(
    ("text", "below", "metres"),
    [
        ("Two storeys above grade and the basement below grade; roof at 8.2 m.", 1, 8.2),
        ("4 storeys, one level below (parking), 14 m to the roof", 1, 14.0),
        ("3 storeys plus the cellar under the rear half, 10.9 m to the parapet", 1, 10.9),
        ("One storey, nothing below. Roof at 7.3 m; the loading doors are 4.9 m high.", 0, 7.3),
        ("1 storey, no basement; the service pit is 1.2 m deep; 6.1 m to the roof", 0, 6.1),
    ],
)
def test_named_levels_below_and_parts_of_the_building_that_are_not_its_height(text, below, metres):
    reading = _read("3.07", text)
    assert reading.complete
    assert (reading.value["storeys_below_grade"], reading.value["height_m"]) == (below, metres)


@pytest.mark.parametrize(
    ("text", "actual"),
    [
        (
            "combustible permitted; block walls, steel joists and a wood roof deck, so it's combustible",
            "Combustible",
        ),
        ("Combustible ok. Concrete frame, wood infill walls - so a mix.", "Combustible and noncombustible"),
    ],
)
def test_the_consultants_own_conclusion_about_the_construction_stands(text, actual):
    reading = _read("3.15", text)
    assert reading.complete and reading.value["actual"] == actual


def test_sides_multiplied_out_wrongly_are_asked_about_and_right_ones_recorded():
    wrong = _read("3.04", "footprint 42.5 m x 30 m = 1,325 m2, all new")
    assert not wrong.complete and "1,275" in wrong.missing
    right = _read("3.05", "105' x 60' = 6,300 sf gross")
    assert "585.3" in right.missing and " is " not in right.missing  # read; only its split is asked


def test_a_part_plus_floors_each_adding_up_to_the_total_is_working_not_a_doubt():
    results, _ = ask("3.05", "1,150 m2 at grade plus 3 upper floors at 980 m2 each, so 4,090 m2 gross")
    assert results[-1].type in ("form_answer", "clarifying_question")
    assert "is 2,940, not" not in results[-1].content


def test_sprinklers_in_the_basement_only_beside_unsprinklered_floors_are_asked_not_recorded():
    reading = _read(
        "3.11", "Upper floors unsprinklered; the basement gets heads per 3.2.1.5 since it is over 600 m2."
    )
    assert not reading.complete or reading.value == "Basement"


@pytest.mark.parametrize(
    ("text", "groups"),
    [
        ("d - the owner calls it a pet hospital, but it's a vet office", ["D"]),
        ("F2 dry cleaning plant; mostly restaurant linens and hotel towels", ["F2"]),
        ("f3 cold room kept at 2 °C; the office is ancillary", ["F3"]),
        ("A2 church; the hall and the nursery rooms are church uses too", ["A2"]),
    ],
)
def test_uses_named_only_as_words_about_something_else(text, groups):
    reading = _read("3.02", text)
    assert reading.complete and reading.value == groups


def test_a_revision_of_one_of_two_parts_keeps_the_other():
    wizard = make_manager()
    project = wizard.start_project("Entrances").project_id
    advance_to(wizard, project, "3.21")
    before = wizard.load_project(project).answer_for("3.20").value
    reply = wizard.process_user_response(project, "Going back to the entrances: only 1 is barrier-free.")
    answer = wizard.load_project(project).answer_for("3.20")
    assert reply.decision == "revision"
    assert answer.value == {**before, "barrier_free_entrances": 1}
    assert "kept from the earlier answer" in answer.advisor_note
