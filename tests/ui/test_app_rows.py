"""The computed items' row editors through AppTest: 3.18, 3.21, 3.22 and 3.23 typed as rows.

AppTest cannot type into a data editor's cells, so each test seeds the editor's edit state (edited,
added and deleted rows, as the browser sends them) and presses the page's own Save answer button:
the page reads the edits against the rows it drew, and the core works out the other columns.
"""

from __future__ import annotations

from typing import Any

from storage import open_storage
from tests.test_review import VALUES
from tests.ui.test_app import about, button, card, create, go_to, open_app, plain, project_id, stored
from wizard_core import open_wizard

GROUP_D_SPRINKLERED = ("3.01", "3.02", "3.07", "3.10", "3.11")  # Group D, 3 storeys, sprinklered
FACES = [
    {"face": "North", "area_m2": 100.0, "limiting_distance_m": 6.0, "upo_actual_pct": 20.0},
    {"face": "East", "area_m2": 100.0, "limiting_distance_m": 1.0, "upo_actual_pct": 0.0},
    {"face": "South", "area_m2": 150.0, "limiting_distance_m": 9.0, "upo_actual_pct": 40.0},
]


def project(*extra: tuple[str, Any]) -> str:
    """A Group D sprinklered project, with ``extra`` answers entered directly."""
    at = create()
    wizard = open_wizard(open_storage())
    project = project_id(at)
    for section in GROUP_D_SPRINKLERED:
        wizard.answer_directly(project, section, VALUES[section], override="checked by the consultant")
    for section, value in extra:
        wizard.answer_directly(project, section, value, override="checked by the consultant")
    return project


def opened_at(project: str, section: str):
    at = go_to(open_app(project), section)
    assert f"{section} " in card(at)
    return at


def editor(at, section: str):
    (found,) = [d for d in at.data_editor if (d.key or "").startswith(f"entry-{section}-table-")]
    return found


def edit(
    at, section: str, edited: dict | None = None, added: list | None = None, deleted: list | None = None
):
    """Type into the editor as the browser would report it, then press Save answer."""
    key = editor(at, section).key
    at.session_state[key] = {
        "edited_rows": edited or {},
        "added_rows": added or [],
        "deleted_rows": deleted or [],
    }
    button(at, "Save answer").click().run()
    assert not at.exception
    return key


def errors(at) -> list[str]:
    return [plain(e.value) for e in at.error]


def test_faces_typed_for_a_sprinklered_group_d_building_record_the_openings_permitted():
    at = opened_at(project(), "3.22")
    assert "The wizard works out the openings permitted, rating, construction and cladding." in about(at)
    table = editor(at, "3.22")
    assert table.editing_mode == "dynamic" and table.value.empty
    edit(at, "3.22", added=FACES[:2])
    assert not errors(at)
    faces = stored(at).answer_for("3.22").value["faces"]
    assert [(f["face"], f["upo_permitted_pct"], f["upo_actual_pct"]) for f in faces] == [
        ("North", 68.0, 20.0),
        ("East", 0.0, 0.0),
    ]
    assert faces[1]["frr_h"] == 1.0 and faces[1]["construction"] == "noncombustible"
    assert faces[0]["basis"] == "Table 3.2.3.1.-D, row 100, column 6 m"

    go_to(at, "3.22")  # revising: the card shows the rows, the editor starts from them
    assert "Current answer: the rows below (confidence 1.00)" in card(at)
    (shown,) = at.get_by_key("item-card").get("dataframe")
    assert list(shown.value["upo_permitted_pct"]) == [68.0, 0.0]
    assert list(editor(at, "3.22").value["face"]) == ["North", "East"]
    assert list(editor(at, "3.22").value["upo_permitted_pct"]) == [68.0, 0.0]


def test_a_cell_that_is_not_a_number_is_named_and_nothing_is_recorded():
    at = opened_at(project(), "3.22")
    typed = [{"face": "North", "area_m2": "abc", "limiting_distance_m": 6}]
    key = edit(at, "3.22", added=typed)
    assert errors(at) == [
        "Not saved: row 1 (North), “Face area (m²)”: “abc” is not a number. "
        "Correct the cell and save again (your entries are kept)."
    ]
    assert stored(at).answer_for("3.22") is None
    assert "3.22 Spatial separation" in card(at)
    assert editor(at, "3.22").key == key and at.session_state[key]["added_rows"] == typed  # kept


def test_an_input_the_engine_cannot_use_is_named_and_the_entries_are_kept():
    at = opened_at(project(), "3.22")
    typed = [{"face": "North", "area_m2": 100}]
    key = edit(at, "3.22", added=typed)
    (error,) = errors(at)
    assert error.startswith("The value for item 3.22 cannot be worked out:")
    assert "North" in error and "limiting distance" in error  # the row and the input, in the core's words
    assert stored(at).answer_for("3.22") is None
    assert at.session_state[key]["added_rows"] == typed


def test_floor_areas_and_uses_record_persons_from_the_table():
    at = opened_at(project(), "3.18")
    edit(at, "3.18", added=[{"floor": "Ground floor", "use": "offices", "area_m2": 930}])
    assert not errors(at)
    value = stored(at).answer_for("3.18").value
    assert value["total"] == 100
    assert value["rows"] == [
        {
            "floor": "Ground floor",
            "occupancy": "D",
            "use": "offices",
            "area_m2": 930.0,
            "persons": 100,
            "based_on": "table: 9.30 m²/person",
            "posted_limit": False,
        }
    ]
    go_to(at, "3.18")
    assert "Current answer: the rows below" in card(at) and "Total: 100 persons." in card(at)


def test_occupant_load_needs_a_row():
    at = opened_at(project(), "3.18")
    edit(at, "3.18", added=[{"floor": " ", "use": ""}])
    assert errors(at) == [
        "Add a floor or area to 3.18 before saving: its use and floor area, or a design number of persons."
    ]
    assert stored(at).answer_for("3.18") is None


def test_a_design_number_is_kept_and_a_changed_area_is_worked_out_again():
    first = {"floor": "Ground floor", "use": "offices", "area_m2": 930.0, "persons": None}
    second = {"floor": "Level 2", "use": "offices", "area_m2": 465.0, "persons": 80}
    at = opened_at(project(("3.18", {"rows": [first, second], "total": 80})), "3.18")
    shown = editor(at, "3.18").value
    assert list(shown["persons"]) == [100, 80]
    assert list(shown["design_persons"].isna()) == [True, False]  # the table figure is not a design number
    edit(at, "3.18", edited={0: {"area_m2": 1860}})
    rows = stored(at).answer_for("3.18").value["rows"]
    assert [(r["persons"], r["posted_limit"]) for r in rows] == [(200, False), (80, True)]
    assert stored(at).answer_for("3.18").value["total"] == 280


def test_revising_one_face_keeps_the_others():
    at = opened_at(project(("3.22", {"faces": FACES, "note": "EBF per A-201"})), "3.22")
    before = stored(at).answer_for("3.22").value["faces"]
    assert len(editor(at, "3.22").value) == 3
    edit(at, "3.22", edited={1: {"limiting_distance_m": 3.0}})
    assert not errors(at)
    value = stored(at).answer_for("3.22").value
    after = value["faces"]
    assert after[0] == before[0] and after[2] == before[2]
    assert (
        after[1]["limiting_distance_m"] == 3.0
        and after[1]["upo_permitted_pct"] > before[1]["upo_permitted_pct"]
    )
    assert value["note"] == "EBF per A-201"  # the note is pre-filled and kept

    go_to(at, "3.22")
    edit(at, "3.22", deleted=[2])
    assert [f["face"] for f in stored(at).answer_for("3.22").value["faces"]] == ["North", "East"]


def test_a_face_given_twice_or_unnamed_is_refused():
    at = opened_at(project(), "3.22")
    edit(at, "3.22", added=[FACES[0], {**FACES[1], "face": "north"}])
    assert errors(at) == [
        "Not saved: the face “north” is in rows 1 and 2; give each face once (your entries are kept)."
    ]
    edit(at, "3.22", added=[{"area_m2": 100, "limiting_distance_m": 6}])
    assert errors(at) == [
        "Not saved: row 1 has figures but no face named in “Face”. "
        "Name it, or clear the row (your entries are kept)."
    ]
    assert stored(at).answer_for("3.22") is None


def test_not_applicable_with_faces_typed_is_refused_and_alone_is_recorded():
    at = opened_at(project(), "3.22")
    at.checkbox(key="entry-3.22-na").check()
    edit(at, "3.22", added=[FACES[0]])
    assert errors(at) == [
        "Not saved: “Not applicable / none” is ticked but 3.22 also has the faces filled in. "
        "Untick “Not applicable / none” to save the figures, or clear them to record not applicable "
        "(your entries are kept)."
    ]
    assert stored(at).answer_for("3.22") is None
    edit(at, "3.22", added=[{"face": "", "area_m2": None}])  # an empty row is no entry
    assert not errors(at) and stored(at).answer_for("3.22").not_applicable


def test_assemblies_are_five_fixed_rows_and_blank_ratings_come_from_the_article():
    at = opened_at(project(), "3.21")
    table = editor(at, "3.21")
    assert table.editing_mode == "fixed"
    assert list(table.value["assembly"]) == [
        "Storeys below grade",
        "Floors over basement",
        "Floors",
        "Mezzanine",
        "Roof",
    ]
    edit(at, "3.21", edited={2: {"rating_h": 2, "supporting_h": 2}})
    assert not errors(at)
    rows = {r["assembly"]: r for r in stored(at).answer_for("3.21").value["assemblies"]}
    assert (rows["floors"]["rating_h"], rows["floors"]["supporting_h"]) == (2.0, 2.0)
    assert rows["roof"]["rating_h"] == 1.0 and rows["storeys_below_grade"]["rating_h"] == 1.0
    assert rows["mezzanine"]["rating_h"] is None


def test_fixtures_follow_the_floors_of_the_occupant_load():
    rows = [
        {"floor": "Ground floor", "use": "offices", "area_m2": 930.0, "persons": None},
        {"floor": "Level 2", "use": "offices", "area_m2": 465.0, "persons": None},
    ]
    at = opened_at(project(("3.18", {"rows": rows, "total": 0})), "3.23")
    table = editor(at, "3.23")
    assert table.editing_mode == "fixed" and list(table.value["floor"]) == ["Ground floor", "Level 2"]
    edit(at, "3.23", edited={0: {"wc_provided": 6, "universal_provided": 1}, 1: {"wc_provided": "2.5"}})
    assert errors(at) == [
        "Not saved: row 2 (Level 2), “Water closets provided”: “2.5” is not a whole number. "
        "Correct the cell and save again (your entries are kept)."
    ]
    at.text_input(key="entry-3.23-ratio").set_value("60:40")
    edit(at, "3.23", edited={0: {"wc_provided": 6, "universal_provided": 1}, 1: {"wc_provided": "4"}})
    assert not errors(at)
    value = stored(at).answer_for("3.23").value
    assert value["ratio"] == "60:40"
    assert [(r["floor"], r["persons"], r["wc_provided"]) for r in value["rows"]] == [
        ("Ground floor", 100, 6),
        ("Level 2", 50, 4),
    ]
    assert value["rows"][0]["wc_required"] is not None and value["rows"][0]["universal_provided"] == 1
    go_to(at, "3.23")
    assert list(editor(at, "3.23").value["wc_provided"]) == [6, 4]  # revising starts from the answer


def test_fixtures_with_no_occupant_load_start_from_an_empty_editor_and_say_what_is_missing():
    at = opened_at(project(), "3.23")
    assert editor(at, "3.23").editing_mode == "dynamic"
    edit(at, "3.23", added=[{"floor": "Ground floor", "wc_provided": 4}])
    assert len(errors(at)) == 1 and "the occupant load per floor or area (3.18)" in errors(at)[0]
    assert stored(at).answer_for("3.23") is None
