"""Kinds a round of new buildings (round h41: a project architect who points at the drawing set and the
file in every answer, and a consultant at design development who tells the schemes weighed before the one
carried) found past the readers on its first run, fixed as kinds and tested in words of their own.

- The drawing set's and the file's numbers are no fact of the building: a sheet ('A2.1', 'sheet A3',
  'detail 2/A-4', '4 of 19'), a grid ('grids 1–9 / A–G'), a room ('Rm 112'), a revision or instruction
  ('Rev C', 'ASI #4'), a date, a scale ('1:200'), the firm's or the town's file number, an appendix's
  letter. A level ('L01', 'P1'), a group ('A2', 'F3') and a face ('E1') stay.
- The schemes set aside are no fact either: a scheme told in the past ('Option A was …'), the first or
  original version ('the first plan had …'), a counterfactual ('… would have been 180'), a thing taken out
  ('the loft (about 40 m²) is being removed'), what someone wanted or started on, up to the 'but'.
- A slab on grade said of a part ('the new wing is slab on grade') leaves the building's basement counted.
- A word of revising in a later sentence than an item's name revises nothing there; a figure of another
  item quoted before a question answers nothing on screen.
- 3.22: a list's number and 'S / Main St' before a face are its name, two faces of one side in different
  parts of the building stay two, and the table named for a part ('retail uses Table E, residential Table
  D') reads that part's faces.
- 3.21: a rating said to apply only to another kind of assembly is no rating; 3.18: '24 persons, design
  number' is a design number; 3.26: 'none proposed on this one' is none.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read
from wizard_core.answers.wording.drawing_refs import blanked
from wizard_core.answers.wording.marks import answer_in
from wizard_core.turn.decisions import DecisionEngine

ENGINE = DecisionEngine(FORMS)
ONE_STOREY_F2 = {
    "3.02": ["F2"],
    "3.07": {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 8.0},
    "3.10": ["3.2.2.78"],
}


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [answer_in(message)], state_with(answers or {}), FORMS)


def _value(section: str, message: str, answers=None):
    result = _read(section, message, answers)
    assert result.complete, result.missing
    return result.value


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        (
            "3.04",
            "1,310 m², measured on sheet A2.1 (4 of 19) at 1:200, grids 1–9 / A–G, Rev C dated 2025-02-03 "
            "— all new",
            {"existing": 0, "new": 1310, "total": 1310},
        ),
        ("3.02", "Group D — see Appendix B of the owner's brief and sheet A-3", ["D"]),
        ("3.09", "One street, Main St — site plan C-101, file SPA-2024-017, ASI #4", 1),
        ("3.07", "3 storeys, none below; 11.2 m to the parapet per detail 2/A-4, Proj 25-044", (3, 0, 11.2)),
        # an option chosen stays the option, the reference beside it left out
        ("3.16", "Normal — S-001 general notes, Rev 2", "Normal"),
        ("3.01", "New construction — Proj BRD-0612, vacant lot", "New construction"),
    ],
)
def test_the_drawing_sets_and_the_files_numbers_are_no_fact(section, message, value):
    got = _value(section, message)
    if section == "3.07":
        got = (got["storeys_above_grade"], got["storeys_below_grade"], got["height_m"])
    assert got == value


@pytest.mark.parametrize(
    "text",
    ["L01 offices 900 m2 @ 9.3", "P1 and P2 parking", "A2 assembly", "F3 storage", "E1 face", "SB-10 Div 3"],
)
def test_levels_groups_faces_and_packages_are_no_drawing_number(text):
    assert blanked(text) == text


def test_a_note_keeps_the_references_it_was_given_with():
    value = _value("3.22", "N: 120 m2, LD 12 m, 10 % glazing.\nSee the spatial plan on A-102 (Rev 3).", MIXED)
    assert value["note"] == "See the spatial plan on A-102 (Rev 3)"


def test_a_none_beside_the_sheets_checked_is_none():
    item = FORMS.get_item("3.06")
    assert says_not_applicable("None — checked sheets A2 to A5 and A-501, Rev C.", item)


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        (
            "3.04",
            "Option A was two storeys at 1,900 m²; we're carrying Option B: 1,320 m², new.",
            {"existing": 0, "new": 1320, "total": 1320},
        ),
        (
            "3.06",
            "Yes, a storage loft. The first plan had it at 150 m², so it was cut back. Now 70 m², new.",
            {"existing": 0, "new": 70, "total": 70},
        ),
        (
            "3.18",
            "Ground floor: offices 930 m2 @ 9.30 → 100 (we thought about a posted 40 for the boardroom, but "
            "kept the table)",
            100,
        ),
    ],
)
def test_a_scheme_set_aside_beside_the_one_carried_is_no_rival(section, message, value):
    got = _value(section, message, {"3.02": ["D"]})
    assert (got["total"] if section == "3.18" else got) == value


def test_a_turn_from_what_someone_wanted_keeps_the_rating_after_it():
    message = "Floors: 1 h — the owner wanted 45 min to save cost, but the article needs 1 h. Roof: none."
    value = _value("3.21", message, {"3.10": ["3.2.2.52"]})
    rows = {r["assembly"]: r["rating_h"] for r in value["assemblies"]}
    assert (rows["floors"], rows["roof"]) == (1.0, 0.0)


def test_a_thing_being_taken_out_is_no_mezzanine():
    item = FORMS.get_item("3.06")
    assert says_not_applicable("None — the existing storage loft (about 40 m²) is being removed.", item)


def test_a_slab_on_grade_under_a_part_leaves_the_basement_counted():
    message = "2 storeys above grade, one below (the old cellar); the new wing is slab on grade. 8.4 m high."
    got = _value("3.07", message)
    assert (got["storeys_above_grade"], got["storeys_below_grade"]) == (2, 1)
    whole = _value("3.07", "2 storeys, slab on grade, 8.4 m")
    assert whole["storeys_below_grade"] == 0


def test_a_word_of_revising_in_a_later_sentence_revises_no_item_named_before():
    state = state_with({**ONE_STOREY_F2, "3.06": {"existing": 0, "new": 96, "total": 96}})
    state.current_form_section = "3.18"
    message = (
        "Ground floor\nbays 600 m2 @ 4.6 → 131\nMezzanine\nparts 96 m2 @ 28 → 4\n"
        "Total 135. Only two bays are actually worked in."
    )
    assert ENGINE.decide(state, message).kind != "revision"


def test_another_items_figure_quoted_before_a_question_answers_nothing_on_screen():
    state = state_with({"3.04": {"existing": 0, "new": 1240, "total": 1240}})
    state.current_form_section = "3.05"
    message = (
        "While I'm on it: the entry canopy isn't in the 1,240. "
        "Does a canopy open on three sides count as area?"
    )
    assert ENGINE.decide(state, message).kind == "side_question"


MIXED = {
    "3.02": ["C", "E"],
    "3.10": ["3.2.2.52", "3.2.2.67"],
    "3.11": "Entire building",
    "3.07": {"storeys_above_grade": 4, "storeys_below_grade": 0, "height_m": 14.0},
}


def test_faces_of_one_side_in_two_parts_stay_two_and_each_reads_its_parts_table():
    message = (
        "Shops read Table 3.2.3.1.-E, the apartments Table -D.\n"
        "1. S / King St — 40.0 x 13 = 520 m², LD 16.0 → 100 %\n"
        "2. N / lane, shops — 40.0 x 4.5 = 180 m², LD 4.0 → 16 % → 2 h\n"
        "3. N / lane, apartments — 40.0 x 8.5 = 340 m², LD 4.0 → 30 % → 45 min"
    )
    faces = {f["face"]: f for f in _read("3.22", message, MIXED).value["faces"]}
    assert set(faces) == {"S / King St", "N / lane, shops", "N / lane, apartments"}
    assert faces["N / lane, shops"]["basis"].startswith("Table 3.2.3.1.-E")
    assert faces["N / lane, apartments"]["basis"].startswith("Table 3.2.3.1.-D")
    assert faces["N / lane, apartments"]["upo_permitted_pct"] != faces["N / lane, shops"]["upo_permitted_pct"]


@pytest.mark.parametrize(
    "roof",
    [
        "roof — none: steel deck, so the 45 min that applies only to a combustible roof doesn't kick in",
        "roof — none, steel deck; the 45 min only applies where it's wood",
    ],
)
def test_a_rating_said_to_apply_only_to_another_kind_of_assembly_is_no_rating(roof):
    rows = {r["assembly"]: r["rating_h"] for r in _read("3.21", roof, ONE_STOREY_F2).value["assemblies"]}
    assert rows["roof"] == 0.0


def test_persons_then_design_number_is_a_design_number():
    message = "Ground floor — repair bays, 640 m²: 18 persons, design number (6 bays x 3), sign posted"
    (row,) = _value("3.18", message, ONE_STOREY_F2)["rows"]
    assert (row["persons"], row["based_on"], row["posted_limit"]) == (18, "design number", True)


@pytest.mark.parametrize(
    ("message", "none"),
    [
        ("None proposed on this one — the register on A-002 is blank at Rev 2.", True),
        ("None needed for this project.", True),
        ("None proposed, except AS-01 for the north stair width.", False),
    ],
)
def test_none_in_the_trades_idiom_is_none_and_an_exception_is_an_answer(message, none):
    assert says_not_applicable(message, FORMS.get_item("3.26")) is none


@pytest.mark.parametrize(
    "line",
    ["4th floor: same stack → 22", "4th floor - same suites, 22", "4th floor: identical floor → 22"],
)
def test_a_floor_the_same_as_the_one_before_gives_its_persons(line):
    message = f"2nd floor: 6 suites, 11 bedrooms @ 2 per bedroom → 22\n3rd floor: same → 22\n{line}\nTotal 66"
    value = _value("3.18", message, {"3.02": ["C"]})
    assert [row["persons"] for row in value["rows"]] == [22, 22, 22]


def test_rows_after_a_semicolon_stay_on_a_floor_named_with_its_part():
    message = (
        "Existing wing, 1st floor: resident rooms 300 m² @ 10.00 = 30; offices 93 m² @ 9.30 = 10\n"
        "Addition, 1st floor: resident suites 200 m² @ 10.00 = 20; lounge 74 m² @ 1.85 = 40\nTotal 100."
    )
    value = _value("3.18", message, {"3.02": ["B3"]})
    assert [(row["floor"].split(" (")[0], row["persons"]) for row in value["rows"]] == [
        ("Level 1", 30),
        ("Level 1", 10),
        ("Level 1", 20),
        ("Level 1", 40),
    ]


def test_an_aside_weighing_another_figure_is_no_part_of_the_rows_name():
    message = "Ground floor: offices 930 m² @ 9.30 → 100 (we thought about posting 40, but kept the table)"
    (row,) = _value("3.18", message, {"3.02": ["D"]})["rows"]
    assert row["persons"] == 100 and not {"kept", "table", "posting"} & set(row["floor"].lower().split())
