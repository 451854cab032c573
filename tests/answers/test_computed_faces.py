"""3.22 spatial separation as rows: the consultant gives each face's area, limiting distance, ratio
(unsprinklered) and openings; the permitted share comes from Table 3.2.3.1.-B to -E and the rating,
construction and cladding from Table 3.2.3.7 (../shared/reference/obc-2024-3.2.3-spatial-separation.md,
Parts 3, 4 and the worked examples of Part 6). The lookup reads the first row at or above the face
area and the largest column at or below the limiting distance."""

from __future__ import annotations

import pytest

from tests.answers.computed import (
    C_OR_NC,
    CEN,
    NC,
    NO_REQUIREMENT,
    NOT_SPRINKLERED,
    asked,
    building,
    by_name,
    offered,
    office,
    reading,
    recorded,
)
from tests.answers.support import ask

OFFICE = office()  # Group D, sprinklered: Table 3.2.3.1.-D
OFFICE_UNSPRINKLERED = building(("D",), ("3.2.2.62",), storeys=2, below=0, sprinklers=NOT_SPRINKLERED)  # -B
HALL = building(("A2",), ("3.2.2.25",), storeys=1, below=0, sprinklers=NOT_SPRINKLERED)  # -B
HOUSING = building(("C",), ("3.2.2.50",), storeys=2, below=0, sprinklers=NOT_SPRINKLERED)  # -B
FACTORY = building(("F2",), ("3.2.2.79",), storeys=1, below=0, sprinklers=NOT_SPRINKLERED)  # -C
STORE = building(("E",), ("3.2.2.64",), storeys=1, below=0)  # sprinklered: -E
BARN = building(("G2",), (), storeys=1, below=0, sprinklers=NOT_SPRINKLERED)


def figures(face: dict) -> tuple:
    return (face["upo_permitted_pct"], face["frr_h"], face["construction"], face["cladding"])


CASES = [
    # -D, row "150 or more" (first row at or above 120 m²), column 5 m → 40 %; 3.2.3.7 over 25 to 50 %
    (OFFICE, "North: 120 m2, LD 5 m, 18% glazing", "North", (40.0, 0.75, CEN, NC), 18.0),
    # 30 m × 5 m = 150 m² (ratio 6, not read by -D); row "150 or more", column 6 m → 52 %; over 50 %
    (OFFICE, "east elevation 30 m x 5 m, L.D. 6m, 10% openings", "East", (52.0, 0.75, CEN, C_OR_NC), 10.0),
    # 1,200 ft² = 111.5 m²; 40 ft = 12.19 m → column 9 m → 100 %: no row of 3.2.3.7; 12 ÷ 111.5 = 10.8 %
    (
        OFFICE,
        "West wall 1,200 sf, LD 40 ft, 12 m2 of windows",
        "West",
        (100.0, None, NO_REQUIREMENT, NO_REQUIREMENT),
        10.8,
    ),
    # row 100, column 0 (LD under 1.2 m) → 0 %; 0 to 10 % → 1 h, noncombustible (Part 6, example 11)
    (OFFICE, "S face - 100 m2 - 1.0 m to property line - blank wall", "South", (0.0, 1.0, NC, NC), 0.0),
    # row 15 (first at or above 12 m²), column 2 m (largest at or below 2.2 m) → 34 % (Part 6, example 10)
    (OFFICE, "EBF 2: 12 m2, limiting distance 2.2 m, 5 %", "EBF 2", (34.0, 0.75, CEN, NC), 5.0),
    # -B, row 100, 3:1 to 10:1, column 6 m → 34 % (Part 6, example 2)
    (
        OFFICE_UNSPRINKLERED,
        "North wall 100 m2, ratio 3:1, LD 6 m, 20 % glazing",
        "North",
        (34.0, 0.75, CEN, NC),
        20.0,
    ),
    # 14 m × 4 m = 56 m², ratio 3.5; -B row 60, 3:1 to 10:1, column 5 m → 36 % (Part 6, example 14)
    (HALL, "rear: 14 m x 4 m, 5.5 m from the lot line", "Rear", (36.0, 0.75, CEN, NC), None),
    # -B row 60, less than 3:1, column 1.5 m → 8 %; 0 to 10 % → 1 h, noncombustible (Part 6, example 6)
    (HOUSING, "N: 60 m2, 2:1, LD 1.5 m, no windows", "North", (8.0, 1.0, NC, NC), 0.0),
    # -C row 150, 3:1 to 10:1 (30 ÷ 5 = 6), column 10 m → 30 %; E/F1/F2 over 25 to 50 % → 1 h
    # (Part 6, example 9)
    (FACTORY, "East (loading dock): 30 m x 5 m, LD 10 m", "East (loading dock)", (30.0, 1.0, CEN, NC), None),
    # -E row 150, column 10 m → 60 %; E/F1/F2 over 50 % → 1 h, cladding either (Part 6, example 8)
    (STORE, "South: 150 m2, LD 10 m", "South", (60.0, 1.0, CEN, C_OR_NC), None),
    # -D row "150 or more", column 7 m (largest at or below 7.5) → 66 % (Part 6, example 12)
    (OFFICE, "NE wall: 300 m2, LD 7.5 m, glazing 35%", "Northeast", (66.0, 0.75, CEN, C_OR_NC), 35.0),
]


@pytest.mark.parametrize(("state", "message", "face", "expected", "actual"), CASES)
def test_each_face_is_worked_out_from_the_tables(state, message, face, expected, actual):
    value = recorded("3.22", message, state=state)
    (row,) = value["faces"]
    assert row["face"] == face
    assert figures(row) == expected
    assert row["upo_actual_pct"] == actual


def test_a_face_records_its_inputs_and_where_the_figure_was_read():
    value = recorded("3.22", "east elevation 30 m x 5 m, L.D. 6m, 10% openings", state=OFFICE)
    assert value["faces"] == [
        {
            "face": "East",
            "area_m2": 150.0,
            "limiting_distance_m": 6.0,
            "ratio": 6.0,
            "ratio_band": "",
            "upo_permitted_pct": 52.0,
            "upo_actual_pct": 10.0,
            "frr_h": 0.75,
            "construction": CEN,
            "cladding": C_OR_NC,
            "basis": "Table 3.2.3.1.-D, row 150 or more, column 6 m",
        }
    ]


def test_several_faces_in_one_message_one_per_line_or_semicolon():
    message = "North: 120 m2, LD 5 m, 18% glazing; South: 90 m2, LD 2.5 m, 5%\nwest 80 m2 LD 3 m 0%"
    faces = by_name(recorded("3.22", message, state=OFFICE)["faces"], "face")
    # -D: 120 → row 150 or more, col 5 → 40; 90 → row 100, col 2.5 → 22; 80 → row 80, col 3 → 28
    assert {name: f["upo_permitted_pct"] for name, f in faces.items()} == {
        "North": 40.0,
        "South": 22.0,
        "West": 28.0,
    }


def test_a_face_continued_over_semicolons_stays_one_face():
    value = recorded("3.22", "EBF 1: 85 m2; LD 3.2 m; 20% glazing", state=OFFICE)
    (face,) = value["faces"]
    # -D row 100 (first at or above 85), column 3 m → 26 %; over 25 to 50 % → 45 min
    assert (face["face"], face["area_m2"], face["limiting_distance_m"], face["upo_actual_pct"]) == (
        "EBF 1",
        85.0,
        3.2,
        20.0,
    )
    assert figures(face) == (26.0, 0.75, CEN, NC)


# --- Pasted tables ----------------------------------------------------------------------------------------

SPREADSHEET = "Wall\tEBF Area (sf)\tL.D. (ft)\tGlazing %\nNorth\t1,615\t20\t15\nSouth\t1,076\t4\t0"
MARKDOWN = (
    "| Face | Area m² | LD m | UPO proposed |\n|---|---|---|---|\n| East | 80 | 3 | 12 % |\n"
    "| West | 80 | 12 | 40 % |"
)


def test_a_spreadsheet_in_feet_is_read_in_metres():
    faces = by_name(recorded("3.22", SPREADSHEET, state=OFFICE)["faces"], "face")
    # 1,615 ft² = 150.0 m², 20 ft = 6.1 m → -D row 150 or more, column 6 m → 52 %
    assert (faces["North"]["area_m2"], faces["North"]["limiting_distance_m"]) == (150.0, 6.1)
    assert figures(faces["North"]) == (52.0, 0.75, CEN, C_OR_NC)
    # 1,076 ft² = 100.0 m², 4 ft = 1.22 m → row 100, column 1.2 m → 14 %; over 10 to 25 % → 1 h
    assert figures(faces["South"]) == (14.0, 1.0, CEN, NC)
    assert faces["South"]["upo_actual_pct"] == 0.0


def test_a_markdown_table_is_read_by_its_headers():
    faces = by_name(recorded("3.22", MARKDOWN, state=OFFICE)["faces"], "face")
    # -D row 80, column 3 m → 28 %; LD 12 m → column 9 m → 100 %
    assert figures(faces["East"]) == (28.0, 0.75, CEN, NC)
    assert figures(faces["West"]) == (100.0, None, NO_REQUIREMENT, NO_REQUIREMENT)
    assert (faces["East"]["upo_actual_pct"], faces["West"]["upo_actual_pct"]) == (12.0, 40.0)


BAD_CELL = "Face\tArea\tLD\tUPO %\nNorth\t120\tfive\t10\nSouth\t90\t2.5\t5"


def test_a_table_with_one_bad_cell_names_it_and_the_corrected_row_records_them_all():
    assert asked("3.22", BAD_CELL, state=OFFICE) == "row 'North', LD ('five'): expected one figure"
    faces = by_name(recorded("3.22", BAD_CELL, "North: LD 5 m", state=OFFICE)["faces"], "face")
    # North 120 m² at 5 m → 40 % (row 150 or more); South 90 m² at 2.5 m → 22 % (row 100)
    assert {name: f["upo_permitted_pct"] for name, f in faces.items()} == {"North": 40.0, "South": 22.0}
    assert faces["North"]["upo_actual_pct"] == 10.0, "the good cells of the bad row were kept"


def test_the_whole_turn_asks_about_the_bad_cell_then_records_both_faces():
    results, state = ask("3.22", BAD_CELL, "north is 5 m from the property line")
    assert [r.type for r in results] == ["clarifying_question", "form_answer"]
    assert "row 'North', LD ('five')" in results[0].content
    assert [f["face"] for f in state.answer_for("3.22").value["faces"]] == ["North", "South"]


# --- Revisions, estimates, the consultant's own results ---------------------------------------------------


def test_a_later_revision_of_one_face_keeps_the_others():
    first = recorded("3.22", "North: 120 m2, LD 5 m, 10%; South: 90 m2, LD 2.5 m, 5%", state=OFFICE)
    state = office(**{"3_22": first})
    faces = by_name(recorded("3.22", "South LD is actually 3 m", state=state)["faces"], "face")
    # South 90 m² at 3 m → -D row 100, column 3 m → 26 %; North as recorded
    assert faces["South"]["upo_permitted_pct"] == 26.0 and faces["South"]["upo_actual_pct"] == 5.0
    assert faces["North"] == by_name(first["faces"], "face")["North"]


@pytest.mark.parametrize(
    "message", ["East ~80 m2, LD 4 m", "East: approx 80 m2, LD 4 m", "East 80 m2 (est.), LD 4 m"]
)
def test_an_estimate_is_asked_about_and_offered_as_exact(message):
    result = offered("3.22", message, state=OFFICE)
    assert "estimate" in result.missing
    # -D row 80, column 4 m → 42 %
    assert result.offer["faces"][0]["upo_permitted_pct"] == 42.0


def test_a_permitted_share_the_tables_do_not_give_is_recorded_as_the_tables_say_and_said():
    result = reading("3.22", "North wall: 420 m2, LD 9 m, 40% permitted, 25% proposed", state=OFFICE)
    # -D row 150 or more, column 9 m → 100 %: the table's figure is the face's, below 0.8 for a look
    assert result.complete and 0.5 < result.confidence < 0.8
    (north,) = result.value["faces"]
    assert (north["upo_permitted_pct"], north["upo_actual_pct"]) == (100, 25)
    assert "North: you gave 40 % permitted; the table gives 100 %, which is what I recorded" in result.notes


def test_a_rating_the_tables_do_not_give_is_recorded_as_table_3_2_3_7_says_and_said():
    result = reading("3.22", "East: 150 m2, LD 6 m, 2 h rating", state=OFFICE)
    # 52 % permitted → over 50 % → 45 min, not 2 h
    assert result.complete and result.confidence < 0.8
    assert result.value["faces"][0]["frr_h"] == 0.75
    assert any("you gave a rating of 2 h; Table 3.2.3.7 gives 45 min" in note for note in result.notes)


# --- Inputs that are missing or cannot be used ------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "message", "named"),
    [
        (OFFICE, "North: 120 m2, 10% glazing", "row 'North': its limiting distance in m"),
        (OFFICE, "For 3.22: east face LD 2.4 m, 7 % openings.", "row 'East': its face area in m²"),
        (OFFICE_UNSPRINKLERED, "North: 100 m2, LD 6 m", "row 'North': its length ÷ height ratio"),
        (BARN, "North: 100 m2, LD 6 m", "Group G2 (agricultural)"),
        (OFFICE, "North 120 m2, 4 m and 6 m", "which of 4 m, 6 m is the limiting distance?"),
        (OFFICE_UNSPRINKLERED, "West: 80 m2, LD 5 m, ratio > 3:1", "'> 3:1' does not name one band"),
    ],
)
def test_a_missing_or_unusable_input_is_asked_for_by_name(state, message, named):
    assert named in asked("3.22", message, state=state)


def test_without_the_occupancy_the_table_cannot_be_picked():
    state = office(**{"3_02": []})
    assert "the major occupancy (3.02)" in asked("3.22", "North: 120 m2, LD 5 m", state=state)


def test_words_without_face_figures_are_kept_as_the_note():
    value = recorded("3.22", "North: 120 m2, LD 5 m, 10%. Other faces front on streets.", state=OFFICE)
    assert value["note"] == "Other faces front on streets"
    only_words = reading("3.22", "Spatial separation to be confirmed once the survey is in.", state=OFFICE)
    assert only_words.complete and only_words.confidence == 0.5
    assert only_words.value == {
        "faces": [],
        "note": "Spatial separation to be confirmed once the survey is in",
    }


def test_a_face_without_openings_is_zero_not_a_not_applicable():
    for message in ("South: 100 m2, LD 2 m, no openings", "south 100 m2 LD 2 m - openings: none"):
        (face,) = recorded("3.22", message, state=OFFICE)["faces"]
        assert face["upo_actual_pct"] == 0.0
        assert face["upo_permitted_pct"] == 18.0  # -D row 100, column 2 m


def test_a_length_without_its_noun_is_offered_as_the_limiting_distance_not_recorded():
    result = offered("3.22", "North 120 m2, 5 m, 10%", state=OFFICE)
    assert result.missing == "row 'North': is 5 m the limiting distance? (say 'LD')"
    assert result.offer["faces"][0]["upo_permitted_pct"] == 40.0
    assert (
        recorded("3.22", "North 120 m2, 5 m, 10%", "North: LD 5 m", state=OFFICE)["faces"][0][
            "limiting_distance_m"
        ]
        == 5.0
    )


def test_a_statement_about_every_face_names_no_face_and_is_kept_as_the_note():
    result = reading("3.22", "All faces more than 9 m from property lines", state=OFFICE)
    # no face area, so nothing can be read from the tables: the words are the note, at modest confidence
    assert result.complete and result.confidence == 0.5
    assert result.value == {"faces": [], "note": "All faces more than 9 m from property lines"}
