"""Kinds a round of new buildings (round h39: a consultant lettering answers as a drawing's general notes,
in capitals, and a consultant who points at other items and hedges) found past the readers on its first
run, fixed as kinds and tested in words of their own.

- A drawing's lettering: abbreviations with their stops ('L.D. 12.5', 'E.B.F. 88.0 M2', '2 W.C.', 'B.F.
  ENTRANCES', 'COMB. CONST.', 'NO H.T.'), a figure after such a stop or with its unit not taken for a
  report's paragraph number, 'MULTI-PURPOSE RM', a room's '(EXIST'G)' kept in its name.
- Site shorthand: '3 up, 1 down', '2 / 0 / 8.8 m', a count before an arrow ('2 → Queen St …'), a count
  before a dash ('2 — the front door …').
- An earlier item revised at a note item ('3.24 again — …', 'back on 3.25 — switch it to …'), the fields
  the revision leaves out kept from the recorded answer; an item cited for what the answer follows ('same
  order as 3.02: …') moves nowhere.
- A group weighed and set aside ('went back and forth on E, but …'); a count argued and given up ("I'd
  argue 3 — … — so no. 2 streets").
"""

from __future__ import annotations

import pytest

from tests.answers.computed import building, load_row, reading
from tests.answers.support import FORMS, state_with
from wizard_core.answers import read
from wizard_core.answers.wording.marks import answer_in
from wizard_core.turn.decisions import DecisionEngine

ENGINE = DecisionEngine(FORMS)


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [answer_in(message)], state_with(answers or {}), FORMS)


@pytest.mark.parametrize(
    ("message", "value"),
    [
        (
            "COMB. CONST. PERMITTED (3.2.2.50).\nACTUAL: LOADBEARING BLOCK, OWSJ, STEEL DECK → NC.\nNO H.T.",
            {"restriction": "Combustible permitted", "actual": "Noncombustible", "heavy_timber": False},
        ),
        (
            "B.F. ENTRANCES — 3 (MAIN, SIDE, REAR).\nHAZ. SUBST. — NO.",
            {"barrier_free_entrances": 3, "hazardous_substances": False},
        ),
        (
            "2 — the front door and the door from the parking lot. hazardous: none",
            {"barrier_free_entrances": 2, "hazardous_substances": False},
        ),
    ],
)
def test_a_drawings_lettering_and_a_count_before_a_dash_are_read(message, value):
    section = "3.15" if "CONST" in message else "3.20"
    result = _read(section, message, {"3.10": ["3.2.2.50"]})
    assert result.value == value and result.confidence >= 0.8


@pytest.mark.parametrize(
    ("message", "value"),
    [
        (
            "3 up, 1 down (full basement). 11.2 m",
            {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 11.2},
        ),
        ("2 / 0 / 8.8 m", {"storeys_above_grade": 2, "storeys_below_grade": 0, "height_m": 8.8}),
    ],
)
def test_site_shorthand_for_the_storeys_and_height_is_read(message, value):
    result = _read("3.07", message)
    assert result.value == value and result.confidence >= 0.8


def test_a_count_before_an_arrow_is_the_answer():
    result = _read("3.09", "2 → Queen St along the front and Elm St on the side")
    assert result.value == 2 and result.confidence >= 0.8


def test_a_count_argued_and_given_up_is_not_the_answer():
    message = (
        "I'd argue 3 — the service road counts in width — but it isn't built to 3.2.5, so no. 2 streets."
    )
    result = _read("3.09", message)
    assert result.value == 2


def test_a_group_weighed_and_set_aside_is_not_read():
    message = "A2. We went back and forth on E for the gift shop, but it's part of the museum, so A2."
    assert _read("3.02", message).value == ["A2"]


@pytest.mark.parametrize(
    ("message", "target"),
    [
        ("3.24 AGAIN — THE TOWN WANTS SUDBURY VALUES.\n4,950 HDD. ZONE STAYS 7A.", "3.24"),
        ("back on 3.25 — the acoustician wants the flanking calcs. switch it to ASTC 47", "3.25"),
    ],
)
def test_an_earlier_item_revised_at_a_note_item_is_revised(message, target):
    state = state_with({"3.24": {"compliance_path": "SB-10", "climate_zone": "7A", "degree_days": 5200}})
    state.current_form_section = "3.27"
    decision = ENGINE.decide(state, message)
    assert (decision.kind, decision.target) == ("revision", target)


def test_a_revision_giving_part_of_the_energy_fields_keeps_the_rest():
    before = {
        "3.24": {"compliance_path": "SB-10, ASHRAE 90.1-2016", "climate_zone": "7A", "degree_days": 5200}
    }
    result = _read("3.24", "THE TOWN WANTS SUDBURY VALUES. 4,950 HDD. ZONE STAYS 7A.", before)
    value = result.value
    assert (value["climate_zone"], value["degree_days"], value["compliance_path"]) == (
        "7A",
        4950,
        "SB-10, ASHRAE 90.1-2016",
    )
    assert result.confidence >= 0.8


def test_a_revision_of_the_sound_option_keeps_the_dwelling_units():
    before = {"3.25": {"more_than_one_dwelling_unit": True, "option": "STC 50"}}
    result = _read(
        "3.25", "the acoustician wants the flanking calcs rather than STC 50. switch it to ASTC 47", before
    )
    assert (result.value["more_than_one_dwelling_unit"], result.value["option"]) == (True, "ASTC 47")


def test_an_item_cited_for_what_the_answer_follows_moves_nowhere():
    state = state_with({"3.02": ["C", "D"]})
    state.current_form_section = "3.10"
    decision = ENGINE.decide(state, "same order as 3.02: .52 for the C, .63 for the D")
    assert decision.kind != "revision"


def test_a_lettered_face_line_keeps_its_figures():
    state = building(("E",), ("3.2.2.68",), storeys=1, below=0, sprinklers="Not required")
    message = (
        "SPATIAL SEP. — TABLE 3.2.3.1.-B\n"
        "1. N (KING ST): E.B.F. 210.0 M2, L/H 7.0, L.D. 12.5 (TO C/L) → 71% U.P.O. PERMITTED, 20% PROP'D\n"
        "2. E (LOT LINE): 88.0 M2, L/H 3.0, L.D. 4.0 → 16% PERMITTED, 5% PROP'D → 1 H, NC CLADDING"
    )
    result = reading("3.22", message, state=state)
    value = result.value or result.offer
    faces = {face["face"].split()[0]: face for face in value["faces"]}
    assert (faces["N"]["limiting_distance_m"], faces["E"]["area_m2"]) == (12.5, 88.0)


def test_lettered_fixture_counts_are_read():
    load = [
        load_row("Level 1", "D", "offices", 600.0, 65, "table"),
        load_row("Level 2 (admin)", "D", "offices", 130.0, 14, "table"),
    ]
    state = building(("D",), ("3.2.2.62",), storeys=2, below=0, **{"3_18": {"rows": load, "total": 79}})
    result = reading("3.23", "50:50\n1ST FLR (65): 4 W.C. + 1 UW\n2ND FLR ADMIN (14): 2 W.C.", state=state)
    value = result.value or result.offer
    assert [row["wc_provided"] for row in value["rows"]] == [4, 2]


def test_a_room_of_an_addition_keeps_its_part_in_its_name():
    answers = {"3.02": ["A2"], "3.07": {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 6.0}}
    message = (
        "HALL (EXIST'G) 240 M2 @ 0.95 = 252.6 → 253\nMULTI-PURPOSE RM (NEW) 90 M2 @ 0.75 = 120\nTOTAL 373"
    )
    result = _read("3.18", message, answers)
    value = result.value or result.offer
    names = [row["floor"].casefold() for row in value["rows"]]
    assert "(existing)" in names[0] and "room (new)" in names[1]


def test_a_design_number_revised_in_a_sentence_of_its_own_is_the_rows_new_design_number():
    load = [
        load_row("Level 1", "B3", "care", None, 16, "design number"),
        load_row("Level 2", "B3", "care", None, 11, "design number"),
    ]
    state = building(("B3",), ("3.2.2.45",), storeys=2, below=0, **{"3_18": {"rows": load, "total": 27}})
    message = (
        "the operator says 10 residents will live upstairs, not 8. so 2nd floor = 13 (10 + 3 staff), posted, "
        "total 29"
    )
    result = reading("3.18", message, state=state)
    value = result.value or result.offer
    assert [row["persons"] for row in value["rows"]] == [16, 13] and value["total"] == 29


def test_a_note_keeps_a_drawings_lettering_as_typed():
    result = _read("3.27", "NOTE 1: S WALL L.D. 2.5 M, 2 W.C. IN THE EXIST'G BLDG")
    assert result.value == "NOTE 1: S WALL L.D. 2.5 M, 2 W.C. IN THE EXIST'G BLDG"
