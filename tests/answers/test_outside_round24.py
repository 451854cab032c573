"""Kinds a round of new buildings (round h24, a junior designer's quick lines in feet and a
fire-protection engineer's bilingual code-speak) found past the readers on its first run, fixed as
kinds and tested in words of their own.

- A mezzanine is measured against the room it is in: the room's area ("the nave is 5,200 sf", the whole
  of "900/5,200 = 17 %") is not the mezzanine's.
- Sides in feet worked out to square feet with the m² in brackets ("40' x 25' = 1,000 sf (92.9 m2)")
  add up; a share worked out for the 10 % or 40 % rule is no area working.
- A guard's or the headroom's millimetres ("guard 1070") are no area.
- 3.21: "roof none" or "roof - nothing" between slashes is no rating; a rating in brackets after "n/a"
  ("n/a (one storey; the article's 2 h floor …)") is an aside, and a semicolon inside brackets ends no row.
- 3.07: the height an arrow concludes on ("… = 16,60 m, plus 0,20 m → 16,8 m") is the height, and a
  decimal comma before "+" is a decimal.
- "S-sol" is the basement.
- An aside announced first ("Aside, not for this item: … ?", "btw - … ?") is a side question;
  "aside from the lobby ramp, none" is an answer.
- 3.18: seats worked out by rows ("12 rows x 40 = 480 fixed seats") are the result; a cross-check or a
  figure "for ref." beside a row is no row; rooms at a size each worked to an area ("(3 @ 90 m² + 5 @ 66
  m²) = 600 m²") are that area, the "@" no rate.
- 3.18 lines: "10 upper units, 1 br each" are sleeping rooms and "L2 - 10 upper units" no range of floors;
  a lettered list's "a)"; "Étages 2 à 4" a range; a check in brackets after a semicolon stays in its row;
  "GF" the ground floor and "same as GF" its copy; "@ 0.75 non-fixed seats = 200" a use, no seat count.
- 3.22: a cell in two units ("1,760 sf / 163.5 m2", "6.0m (19'-8\")"), with working in feet, or leading to
  its consequence ("16% -> 1h, NC clad"), and a ratio cell with its working ("90/20 = 4.5") are read; "same
  area as E" takes E's area; a line of the faces' heights is no face; "E1 —" is a face.
- Faces said aloud ("LD fourteen, a hundred percent") are read, below 0.8 to confirm; a sound rating said
  in words ("ASTC forty seven") is the option, and "option one" beside it is not.
- "the loft is in 3.06", "parking goes under 3.18": where a fact belongs, not a change to that item.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import NOT_SPRINKLERED, building, recorded
from tests.answers.support import FORMS, state_with
from tests.support import advance_to, make_manager
from wizard_core.answers import read
from wizard_core.answers.wording.floors import floor_name
from wizard_core.turn.decisions import DecisionEngine


def _mezzanine(message: str):
    return read(FORMS.get_item("3.06"), [message], state_with({"3.01": "New construction"}), FORMS)


@pytest.mark.parametrize(
    "message",
    [
        "choir loft 900 sf (83.6 m2) new. nave is 65' x 80' = 5,200 sf, 900/5,200 = 17 % so a mezz",
        "gallery 83.6 m2, all new; the gym below it is 483 m2",
        "83.6 m2 new mezzanine, open to the shop floor (483 m2): 83.6/483 = 17%",
    ],
)
def test_the_room_a_mezzanine_is_measured_against_is_not_its_area(message):
    reading = _mezzanine(message)
    value = reading.value or reading.offer or {}
    assert value.get("total") != 483.1 and value.get("total") != 483
    assert 483 not in value.values() and 483.1 not in value.values()
    if reading.complete and reading.confidence >= 0.8:
        assert value["total"] == 83.6


@pytest.mark.parametrize(
    "message",
    [
        "platform 83.6 m2 new, open below, guard 1070, the floor under it stays open",
        "new loft 83.6 m2 (headroom 2100 under it)",
    ],
)
def test_a_guard_or_headroom_in_millimetres_is_no_area(message):
    reading = _mezzanine(message)
    assert (reading.value or reading.offer or {}).get("total") == 83.6, reading.missing


@pytest.mark.parametrize(
    "message",
    [
        "storage mezz 40' x 25' = 1,000 sf (92.9 m2), new",
        "new mezz 40'x25' = 1,000 sf (92.9 m2); 10% rule: 1,000/24,000 = 4.2 %, fine",
    ],
)
def test_sides_in_feet_worked_to_square_feet_with_the_metric_in_brackets_add_up(message):
    reading = _mezzanine(message)
    assert reading.complete, reading.missing
    assert reading.value["total"] == 92.9
    assert not any("working" in note for note in reading.notes)


@pytest.mark.parametrize(
    "message",
    [
        "see 3.04 - same 9k sf, it's one storey. mezz is in 3.06",
        "see 3.04 - 1 storey so same 9,000 sf. the loft area goes under 3.06",
    ],
)
def test_saying_where_a_fact_belongs_is_no_revision_of_that_item(message):
    manager = make_manager()
    pid = manager.start_project("Where it goes").project_id
    advance_to(manager, pid, "3.05")
    state = manager.storage.load_project(pid)
    assert DecisionEngine(manager.forms).decide(state, message).kind == "continuing"


def _ratings(message: str, store) -> dict[str, float | None]:
    reading = read(FORMS.get_item("3.21"), [message], store, FORMS)
    value = reading.value or reading.offer
    return {row["assembly"]: row["rating_h"] for row in value["assemblies"]}


def test_a_roof_of_none_between_slashes_is_no_rating_beside_a_rated_mezzanine():
    shed = building(("F2",), ("3.2.2.77",), storeys=1, below=0)
    message = (
        "per the article: no basement / no floors (one storey) / mezz 1 h (steel, posts 1 h too) / roof none"
    )
    rows = _ratings(message, shed)
    assert rows["mezzanine"] == 1.0 and rows["roof"] == 0.0


def test_a_roof_of_nothing_is_no_rating():
    clinic = building(("D",), ("3.2.2.64",), storeys=2, below=1, actual="Noncombustible")
    message = (
        "lower level: no rating needed. floor above the bsmt = FS, 45 min (3.2.1.4), its cols 45 min too. "
        "2nd flr - no FRR reqd since NC. no mezz. roof - nothing"
    )
    rows = _ratings(message, clinic)
    assert rows["floors_over_basement"] == 0.75 and rows["roof"] == 0.0


def test_a_rating_in_brackets_after_not_applicable_is_an_aside():
    store = building(("E",), ("3.2.2.66",), storeys=1, below=0)
    message = (
        "1. basement: n/a\n2. floors: n/a (one storey; the 2 h floor of the article has nothing to act on)\n"
        "3. mezz: 1 h\n4. roof: no rating"
    )
    rows = _ratings(message, store)
    assert rows["floors"] is None and rows["mezzanine"] == 1.0 and rows["roof"] == 0.0


def test_a_rating_beside_brackets_is_the_rating_not_the_one_inside_them():
    clinic = building(("B2",), ("3.2.2.38",), storeys=3, below=1)
    message = (
        "- floor over the basement: 2 h FS (the article's 2 h applies; the 45 min of 3.2.1.4 is a minimum, "
        "not ours)\n- floors: 2 h\n- roof: no rating"
    )
    assert _ratings(message, clinic)["floors_over_basement"] == 2.0


def test_the_height_an_arrow_concludes_on_is_the_building_height():
    message = "5 storeys, no basement. 4,20 + 4 × 3,10 = 16,60 m to the roof, plus 0,20 m to grade → 16,8 m"
    reading = read(FORMS.get_item("3.07"), [message], state_with({}), FORMS)
    assert reading.value["height_m"] == 16.8


@pytest.mark.parametrize(
    ("said", "floor"), [("S-sol", "Basement"), ("s.-sol", "Basement"), ("RDC", "Ground floor")]
)
def test_french_floor_shorthand_names_the_floor(said, floor):
    assert floor_name(f"{said} - salle mécanique : 300 m² @ 46 → 7") == floor


@pytest.mark.parametrize(
    "message",
    [
        "Aside, not for this item: does a fire shutter in the STC wall count toward the rating? Later.",
        "btw - do connecting-suite doors need their own STC figure?",
        "An aside (no answer yet): is a rooftop amenity room a storey?",
    ],
)
def test_an_aside_announced_first_with_a_question_in_it_is_a_side_question(message):
    manager = make_manager()
    pid = manager.start_project("Asides").project_id
    advance_to(manager, pid, "3.26")
    state = manager.storage.load_project(pid)
    assert DecisionEngine(manager.forms).decide(state, message).kind == "side_question"


def test_aside_from_in_an_answer_is_no_side_question():
    manager = make_manager()
    pid = manager.start_project("Asides").project_id
    advance_to(manager, pid, "3.26")
    state = manager.storage.load_project(pid)
    assert DecisionEngine(manager.forms).decide(state, "aside from the lobby ramp, none").kind == "continuing"


HALL = building(("A1",), ("3.2.2.22",), storeys=1, below=0)
SCHOOL = building(("A2",), ("3.2.2.24",), storeys=2, below=0)


@pytest.mark.parametrize(
    "message",
    [
        "Seats: 12 rows x 40 = 480 fixed seats\nlobby 60 m² @ 0.40 = 150",
        "house - 24 rows × 20 upholstered seats = 480 seats -> 480 persons\nlobby 60 m2 / 0.40 = 150",
    ],
)
def test_seats_worked_out_by_rows_are_the_result_not_the_rows(message):
    value = recorded("3.18", message, state=HALL)
    assert [row["persons"] for row in value["rows"]] == [480, 150]


def test_a_cross_check_beside_the_seat_count_is_no_row():
    message = (
        "1. Seats: 480 fixed seats -> 480 persons. Cross-check at 0.60 m²/pers. on the 300 m² of seats "
        "= 500 - the seats govern.\n2. Store under the stage: 46 m² / 46 = 1"
    )
    value = recorded("3.18", message, state=HALL)
    assert [row["persons"] for row in value["rows"]] == [480, 1]


def test_rooms_at_a_size_each_worked_to_an_area_are_that_area_not_a_rate():
    # (3 × 90 + 5 × 66) = 600 m² ÷ 1.85 = 324.3 -> 325
    message = "Gnd - classrooms (3 K @ 90 m² + 5 @ 66 m²) = 600 m² ÷ 1.85 = 325\n"
    message += "L2 - offices 93 m2 / 9.3 = 10"
    value = recorded("3.18", message, state=SCHOOL)
    assert [(row["area_m2"], row["persons"]) for row in value["rows"]] == [(600.0, 325), (93.0, 10)]


TOWNHOUSES = building(("C",), ("3.2.2.50",), storeys=3, below=0)
INN = building(("C",), ("3.2.2.49",), storeys=4, below=0)
CLINIC = building(("D",), ("3.2.2.62",), storeys=2, below=1)


def test_units_then_bedrooms_each_are_sleeping_rooms_and_no_range_of_floors():
    message = "2 per bedroom:\nGF - 10 lower units x 2 br -> 40\nL2 - 10 upper units, 1 br each -> 20\n"
    message += "L3 - same 10 units, 2 br each -> 40\ntotal 100"
    value = recorded("3.18", message, state=TOWNHOUSES)
    assert [(row["floor"], row["persons"]) for row in value["rows"]] == [
        ("Ground floor", 40),
        ("Level 2", 20),
        ("Level 3", 40),
    ]


def test_a_lettered_list_a_french_range_of_floors_and_a_check_in_brackets_are_read():
    message = (
        "RDC\n a) Dining 90 m²: design 50 seats → 50, posted (table 90 ÷ 1,10 = 82; cap 90 ÷ 0,6 = 150)\n"
        " b) Offices 46,5 m² ÷ 9,30 = 5\nÉtages 2 à 4 (each): 20 suites × 2 → 40\n"
        "Total: 50 + 5 + 3 × 40 = 175."
    )
    value = recorded("3.18", message, state=INN)
    assert [row["persons"] for row in value["rows"]] == [50, 5, 40, 40, 40]
    assert not value["rows"][0]["floor"].startswith(("Ground floor (a ", "Ground floor (A "))


def test_gf_is_the_ground_floor_and_same_as_gf_copies_it():
    message = "bsmt - storage 200 m2 / 46 = 4.3 -> 5\nGF   - clinic 465 m2 / 9.3 = 50\n"
    message += "2nd  - same as GF -> 50\ntot 105"
    value = recorded("3.18", message, state=CLINIC)
    assert [(row["floor"].split(" (")[0], row["persons"]) for row in value["rows"]] == [
        ("Basement", 5),
        ("Ground floor", 50),
        ("Level 2", 50),
    ]


def test_non_fixed_seats_named_as_the_use_are_no_seat_count():
    hall = building(("A2",), ("3.2.2.25",), storeys=1, below=0)
    message = "- hall 149.5 m2 @ 0.75 non-fixed seats = 199.3 -> 200\n- kitchen 28 m2 @ 9.3 = 3.01 -> 4"
    value = recorded("3.18", message, state=hall)
    assert [row["persons"] for row in value["rows"]] == [200, 4]


def _faces(message: str, store) -> dict[str, dict]:
    reading = read(FORMS.get_item("3.22"), [message], store, FORMS)
    value = reading.value or reading.offer
    assert value is not None, reading.missing
    return {face["face"].split(" ")[0]: face for face in value["faces"]}


HALL_NOT_SPRINKLERED = building(("A2",), ("3.2.2.25",), storeys=1, below=0, sprinklers=NOT_SPRINKLERED)


def test_face_table_cells_in_two_units_with_working_and_with_what_they_lead_to_are_read():
    message = (
        "unspr'd -> tbl B\nface | area | LD | L/H | % permitted\n"
        "N | 70'x20' + 30'x12' = 1,760 sf / 163.5 m2 | 6.0m (19'-8\") | 90/20 = 4.5 | 16% -> 1h, NC clad\n"
        "S | 163.5 m2 | 12.0m | 4.5 | 45% -> 45 min"
    )
    faces = _faces(message, HALL_NOT_SPRINKLERED)
    north = faces["North"]
    assert (north["area_m2"], north["limiting_distance_m"], north["ratio"]) == (163.5, 6.0, 4.5)


def test_a_face_of_the_same_area_as_another_named_face_takes_that_area():
    shed = building(("F2",), ("3.2.2.77",), storeys=1, below=0)
    message = (
        "spr'd -> tbl E\nE - rail spur - 250'x32' = 8,000 sf (743.2 m2) - LD 14.0 m - 100%\n"
        "W - side yard - same area as E - LD 7.5 m - 40% -> 1h"
    )
    faces = _faces(message, shed)
    assert faces["West"]["area_m2"] == 743.2


def test_a_metric_distance_with_its_feet_in_brackets_is_one_distance():
    shop = building(("E",), ("3.2.2.70",), storeys=1, below=0)
    faces = _faces("spr'd, tbl E\nW | 120.0 m2 | 1.5 m (5' walkway) | 8% -> 1 hr NC", shop)
    assert faces["West"]["limiting_distance_m"] == 1.5


def test_a_line_of_the_faces_heights_is_no_face_and_numbered_compass_faces_are_faces():
    school = building(("A2",), ("3.2.2.24",), storeys=2, below=0)
    message = (
        "Sprinklered, Table D. EBF heights to the highest ceiling: wing 7,5 m, hall 6,0 m.\n"
        " E1 — wing end: 20,0 × 7,5 = 150,0 m²; LD 5,0 m → 42 %\n"
        " E2 — hall wall: 30,0 × 6,0 = 180,0 m²; LD 40,0 m → 100 %"
    )
    faces = _faces(message, school)
    assert sorted(faces) == ["E1", "E2"]
    assert faces["E1"]["area_m2"] == 150.0


def test_faces_said_aloud_are_read_as_a_proposal_to_confirm():
    shop = building(("E",), ("3.2.2.70",), storeys=1, below=0, sprinklers=NOT_SPRINKLERED)
    message = (
        "not sprinklered so table B, walls four metres. North on the main street thirty long so a hundred "
        "twenty square metres ratio seven point five LD twenty a hundred percent"
    )
    reading = read(FORMS.get_item("3.22"), [message], shop, FORMS)
    assert reading.confidence < 0.8
    face = (reading.value or reading.offer)["faces"][0]
    assert (face["area_m2"], face["limiting_distance_m"], face["ratio"]) == (120.0, 20.0, 7.5)


def test_a_sound_rating_said_in_words_is_the_option_not_the_options_number():
    message = "yes, 40 suites, we're going option one ASTC forty seven with flanking"
    reading = read(FORMS.get_item("3.25"), [message], state_with({}), FORMS)
    assert reading.value["option"] == "ASTC 47"
