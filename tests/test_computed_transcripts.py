"""Whole projects replayed from consultants' transcripts that give per-floor areas, per-face figures
and "use what the article requires": the exported rows carry the engine's figures, each checked
by hand against the tables in ../shared/reference (row and column in the comments)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from storage import TinyDBStorage
from tests.support import TRANSCRIPTS, Clock
from wizard_core import open_wizard
from wizard_core.replay import ReplayClock, load_transcript, replay

ANY = "combustible, encapsulated mass timber or noncombustible"
NC = "noncombustible"


def _exported(tmp_path: Path, name: str) -> dict[str, Any]:
    clock = ReplayClock()
    wizard = open_wizard(TinyDBStorage(tmp_path / "data"), clock=clock)
    report = replay(wizard, load_transcript(TRANSCRIPTS / name), clock)
    assert report["complete"], report["current_section"]
    state = wizard.load_project(report["project_id"])
    document = json.loads(wizard.export(state, "json"))
    return {item["item"]: item for item in document["items"]} | {"_md": wizard.export(state, "md")}


@pytest.fixture(scope="module")
def office(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _exported(tmp_path_factory.mktemp("office"), "office-rows.json")


def test_occupant_load_is_worked_out_per_floor(office):
    value = office["3.18"]["value"]
    rows = [
        (r["floor"], r["occupancy"], r["area_m2"], r["persons"], r["posted_limit"]) for r in value["rows"]
    ]
    assert rows == [
        ("Basement", "D", 350, 8, False),  # 350 ÷ 46.00 (storage) = 7.6 -> 8
        ("Level 1", "D", 1050, 113, False),  # 1,050 ÷ 9.30 (offices) = 112.9 -> 113
        ("Level 2", "D", 1150, 124, False),  # 1,150 ÷ 9.30 = 123.7 -> 124
        ("Level 3", "D", 1150, 124, False),
    ]
    assert value["total"] == 369
    assert [r["based_on"] for r in value["rows"][:2]] == ["table: 46.00 m²/person", "table: 9.30 m²/person"]


def test_ratings_are_what_the_article_requires(office):
    rows = {r["assembly"]: r for r in office["3.21"]["value"]["assemblies"]}
    # 3.2.2.60: floors, the floor over the basement and the roof 1 h, each carried at 1 h.
    for name in ("storeys_below_grade", "floors_over_basement", "floors", "roof"):
        assert (rows[name]["rating_h"], rows[name]["supporting_h"]) == (1.0, 1.0), name
    assert rows["mezzanine"]["rating_h"] is None
    assert list(rows) == ["storeys_below_grade", "floors_over_basement", "floors", "mezzanine", "roof"]


def test_each_face_has_its_permitted_openings_rating_and_construction(office):
    faces = {f["face"]: f for f in office["3.22"]["value"]["faces"]}
    got = {
        name: (f["upo_permitted_pct"], f["upo_actual_pct"], f["frr_h"], f["construction"], f["cladding"])
        for name, f in faces.items()
    }
    assert got == {
        "North": (30, 30, 0.75, ANY, NC),  # Table 3.2.3.1.-D row 150 or more, column 4 m; 3.2.3.7 >25-50
        "East": (16, 5, 1.0, ANY, NC),  # column 2 m; 3.2.3.7 >10-25
        "South": (100, 45, None, "no requirement", "no requirement"),  # column 9 m: 100 %
        "West": (0, 0, 1.0, NC, NC),  # LD 1.0 m reads the 0 column; 3.2.3.7 0-10
    }
    assert faces["North"]["basis"].startswith("Table 3.2.3.1.-D")


def test_fixtures_follow_the_floors_of_the_occupant_load(office):
    value = office["3.23"]["value"]
    assert value["ratio"] == "50:50"
    rows = {r["floor"]: r for r in value["rows"]}
    # Basement: 8 persons, at most 10 in Group D: one water closet for both sexes (3.7.4.7.(2)).
    assert (rows["Basement"]["wc_required"], rows["Basement"]["wc_provided"]) == (1, 1)
    # Level 1: 1,050 ÷ 14 = 75 (3.7.4.2.(1)); 38 per sex; Table 3.7.4.7 row 25-49: 3 + 3.
    assert (rows["Level 1"]["wc_required"], rows["Level 1"]["wc_provided"]) == (6, 6)
    # Level 2: 1,150 ÷ 14 = 82.1 -> 83; 42 per sex; 3 + 3. Each 3-WC washroom: 1 barrier-free stall
    # (Table 3.8.2.3.B row 1-3, no universal washroom on the floor).
    assert (rows["Level 2"]["wc_required"], rows["Level 2"]["bf_wc_required"]) == (6, 2)
    # Level 1 has the universal washroom: its 3-WC washrooms need no barrier-free stall.
    assert (rows["Level 1"]["bf_wc_required"], rows["Level 1"]["universal_provided"]) == (0, 1)
    # Table 3.8.2.3.A: 1 to 3 storeys, 1 universal washroom for the building.
    assert rows["Basement"]["universal_required"] == 1


def test_the_matrix_shows_the_computed_figures(office):
    markdown = office["_md"]
    assert "North: 460 m², LD 4.5 m, openings 30 % permitted / 30 % actual" in markdown
    assert "1,050 m²: 113 persons, table: 9.30 m²/person" in markdown


def test_the_finished_project_has_no_code_finding_on_the_computed_items(office):
    for item in ("3.18", "3.21", "3.22", "3.23"):
        assert office[item]["code_checks"] == [], item


def test_a_wrong_figure_in_the_consultants_own_working_is_asked_about(tmp_path):
    wizard = open_wizard(TinyDBStorage(tmp_path / "data"), clock=Clock())
    project = wizard.start_project("Checked").project_id
    for message in load_transcript(TRANSCRIPTS / "office-rows.json").messages[:17]:
        wizard.process_user_response(project, message if isinstance(message, str) else message.text)
    assert wizard.load_project(project).current_form_section == "3.18"
    result = wizard.process_user_response(
        project, "Level 2: offices 930 m2 at 9.3 m2 per person = 93 persons"
    )
    assert result.type == "clarifying_question" and "100" in result.content
    assert wizard.load_project(project).answer_for("3.18") is None


def test_taking_the_sprinklers_away_flags_the_ratings_and_faces_and_says_what_is_missing(tmp_path):
    clock = ReplayClock()
    wizard = open_wizard(TinyDBStorage(tmp_path / "data"), clock=clock)
    project = replay(wizard, load_transcript(TRANSCRIPTS / "office-rows.json"), clock)["project_id"]
    result = wizard.process_user_response(
        project, "Correction to 3.11: sprinklers not required. Record it anyway: we are pricing that option."
    )
    assert (result.decision, result.section, result.type) == ("revision", "3.11", "form_answer")
    flagged = wizard.load_project(project).flagged
    assert {"3.21", "3.22"} <= set(flagged) and "3.18" not in flagged
    faces = [f for f in wizard.check(project) if f.item == "3.22"]
    # Unsprinklered faces read Table 3.2.3.1.-B, which needs each face's L/H ratio.
    assert len(faces) == 4 and all("Table 3.2.3.1.-B" in f.message for f in faces)


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _exported(tmp_path_factory.mktemp("hall"), "hall-unsprinklered-rows.json")


def test_an_unsprinklered_hall_reads_table_b_with_each_faces_ratio_from_a_pasted_table(hall):
    faces = {f["face"]: f for f in hall["3.22"]["value"]["faces"]}
    got = {
        name: (f["upo_permitted_pct"], f["frr_h"], f["construction"], f["cladding"])
        for name, f in faces.items()
    }
    assert got == {
        "North": (16, 1.0, ANY, NC),  # Table 3.2.3.1.-B row 60, 3:1 to 10:1, column 3 m; 3.2.3.7 >10-25
        "South": (33, 0.75, ANY, NC),  # row 150, 3:1 to 10:1, column 7 m; 3.2.3.7 >25-50
        "East": (7, 1.0, NC, NC),  # row 80, less than 3:1, column 1.5 m; 3.2.3.7 0-10
        "West": (100, None, "no requirement", "no requirement"),  # row 40, less than 3:1, column 12 m
    }
    assert faces["East"]["basis"] == "Table 3.2.3.1.-B, row 80, less than 3:1, column 1.5 m"


def test_an_assembly_floor_with_loose_chairs_counts_0_75_m2_a_person(hall):
    rows = [(r["use"], r["persons"]) for r in hall["3.18"]["value"]["rows"]]
    # 370 ÷ 1.85 = 200 (classrooms); 300 ÷ 0.75 = 400 (non-fixed seats)
    assert rows == [("classrooms", 200), ("space with non-fixed seats", 400)]
    assert hall["3.18"]["value"]["total"] == 600


def test_the_halls_fixtures_take_the_school_and_assembly_rules(hall):
    rows = {r["floor"]: r for r in hall["3.23"]["value"]["rows"]}
    # Classrooms: 100 per sex, 3.7.4.3.(14): 1 per 30 males (4) and 1 per 26 females (4).
    assert (rows["Ground floor"]["sentence"], rows["Ground floor"]["wc_required"]) == ("3.7.4.3.(14)", 8)
    # 400 on loose chairs: 200 per sex, Table 3.7.4.3.A row 176-200: 4 males + 8 females.
    second = next(r for name, r in rows.items() if name != "Ground floor")
    assert (second["wc_required"], second["wc_provided"]) == (12, 12)


def test_the_halls_wood_floors_are_rated_45_min_by_3_2_2_25(hall):
    rows = {r["assembly"]: r for r in hall["3.21"]["value"]["assemblies"]}
    assert rows["floors"]["rating_h"] == 0.75 and rows["storeys_below_grade"]["rating_h"] is None


def test_the_computed_figures_are_shown_with_their_table_and_put_to_the_consultant(tmp_path):
    wizard = open_wizard(TinyDBStorage(tmp_path / "data"), clock=Clock())
    project = wizard.start_project("Shown").project_id
    messages = load_transcript(TRANSCRIPTS / "office-rows.json").messages
    for message in messages[:21]:
        wizard.process_user_response(project, message if isinstance(message, str) else message.text)
    result = wizard.process_user_response(project, "North: 100 m2, LD 6 m, 30% glazing")
    assert result.type == "form_answer" and "Table 3.2.3.1.-D, row 100, column 6 m" in result.content
    assert "confirm them, or tell me which row to change" in result.content
    answer = wizard.load_project(project).answer_for("3.22")
    assert answer.proposed  # the engine's figures wait for the consultant's confirmation
