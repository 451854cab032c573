"""3.23 plumbing fixtures as rows that follow 3.18: the consultant gives what is provided per floor
and the male:female split; the water closets required come from Subsection 3.7.4, the barrier-free
stalls from Table 3.8.2.3.B and the universal washrooms from Table 3.8.2.3.A
(../shared/reference/obc-2024-occupant-load-and-plumbing.md, Parts 2, 3 and the examples of Part 5)."""

from __future__ import annotations

import pytest

from tests.answers.computed import (
    OFFICE_LOAD,
    asked,
    building,
    by_name,
    load_row,
    offered,
    office,
    reading,
    recorded,
)
from tests.answers.support import ask

# 3.18 of the office: Ground floor and Level 2, offices 930 m² (100 persons each); basement storage,
# 8 persons.
# Group D counts fixtures at 14 m² a person (3.7.4.2.(1)): 930 ÷ 14 = 66.43 → 67 → 34 M / 34 F → Table 3.7.4.7
# row 25–49 → 3 M + 3 F = 6. The basement's 8 persons → 4 M / 4 F → row up to 9 → 1 + 1, but 8 ≤ 10 lets one
# water closet serve both sexes (3.7.4.7.(2)) → 1. Three storeys → 1 universal washroom (Table 3.8.2.3.A).
OFFICE = office(**{"3_18": OFFICE_LOAD})


def provided(value: dict, column: str = "wc_provided") -> dict:
    return {row["floor"]: row[column] for row in value["rows"]}


def required(value: dict, column: str = "wc_required") -> dict:
    return {row["floor"]: row[column] for row in value["rows"]}


def test_the_rows_follow_3_18_and_say_what_is_required_and_provided():
    message = (
        "Level 1: 6 WCs, 1 barrier-free stall, 1 universal washroom; "
        "Level 2: 3 M + 3 F WCs, 2 BF stalls; basement: 1 toilet"
    )
    value = recorded("3.23", message, state=OFFICE)
    assert value["ratio"] == "50:50"
    ground, level_2, basement = value["rows"]
    assert ground == {
        "floor": "Ground floor",  # 3.18's name; "Level 1" is the same floor
        "persons": 100,
        "sentence": "3.7.4.7.(1), Table 3.7.4.7",
        "wc_required": 6,
        "wc_provided": 6,
        # each 3-WC washroom: Table 3.8.2.3.B row 1–3 → 0 with a universal washroom on the floor
        "bf_wc_required": 0,
        "bf_wc_provided": 1,
        "universal_required": 1,  # Table 3.8.2.3.A, 1 to 3 storeys, shown on the first row
        "universal_provided": 1,
    }
    # no universal washroom on Level 2: row 1–3 → 1 stall in each of the two washrooms
    assert (level_2["wc_provided"], level_2["bf_wc_required"], level_2["bf_wc_provided"]) == (6, 2, 2)
    assert (basement["wc_required"], basement["wc_provided"], basement["bf_wc_required"]) == (1, 1, 1)


CASES = [
    # one count for every floor
    ("6 water closets on each floor", {"Ground floor": 6, "Level 2": 6, "Basement": 6}),
    # "3 per sex" is 6
    ("3 WCs per sex on every floor", {"Ground floor": 6, "Level 2": 6, "Basement": 6}),
    # floors named as 3.18 names them, or another way
    ("ground: 6 wcs. 2nd floor: 6 wcs. bsmt: 1 wc", {"Ground floor": 6, "Level 2": 6, "Basement": 1}),
    (
        "Main floor - 3 men's + 3 women's WCs\nL2 - WCs: 6\nBasement - one toilet",
        {"Ground floor": 6, "Level 2": 6, "Basement": 1},
    ),
]


@pytest.mark.parametrize(("message", "expected"), CASES)
def test_what_is_provided_is_read_per_floor(message, expected):
    value = recorded("3.23", message, state=OFFICE)
    assert provided(value) == expected
    assert required(value) == {"Ground floor": 6, "Level 2": 6, "Basement": 1}


def test_a_split_other_than_50_50_changes_what_is_required():
    value = recorded("3.23", "6 water closets on each floor, split 60/40", state=OFFICE)
    assert value["ratio"] == "60:40"
    # 67 → ⌈40.2⌉ = 41 M / ⌈26.8⌉ = 27 F, both in row 25–49 → 3 + 3; basement 8 → 5 M / 4 F → still 1 shared
    assert required(value) == {"Ground floor": 6, "Level 2": 6, "Basement": 1}
    assert recorded("3.23", "6 WCs each floor; 55% male, 45% female", state=OFFICE)["ratio"] == "55:45"


@pytest.mark.parametrize(
    ("state", "message", "wc_required", "bf_required", "wc_provided"),
    [
        # retail first storey 1,200 m², 325 persons (Part 5, example 4): public 163 M / 163 F by
        # 3.7.4.8.(2) → ⌈163 ÷ 300⌉ = 1 M, ⌈163 ÷ 150⌉ = 2 F; over 600 m², so no one-per-sex cap
        (
            building(
                ("E",),
                ("3.2.2.64",),
                storeys=1,
                below=0,
                **{
                    "3_18": {
                        "rows": [
                            load_row(
                                "Ground floor",
                                "E",
                                "mercantile: basements and first storeys",
                                1200.0,
                                325,
                                "table: 3.70 m²/person",
                            )
                        ],
                        "total": 325,
                        "note": "",
                    }
                },
            ),
            "Ground floor: 1 M + 2 F WCs, 1 universal washroom",
            3,
            0,  # washrooms of 1 and 2 WCs, universal washroom on the floor: Table 3.8.2.3.B row 1–3 → 0
            3,
        ),
        # school classrooms, 240 persons (Part 5, example 3): 3.7.4.3.(14) ⌈120 ÷ 30⌉ = 4 M, ⌈120 ÷ 26⌉ = 5 F
        (
            building(
                ("A2",),
                ("3.2.2.25",),
                storeys=2,
                below=0,
                **{
                    "3_18": {
                        "rows": [
                            load_row("Classrooms", "A2", "classrooms", 444.0, 240, "table: 1.85 m²/person")
                        ],
                        "total": 240,
                        "note": "",
                    }
                },
            ),
            "Classrooms: 4 M + 5 F WCs, 2 BF stalls",
            9,
            2,  # washrooms of 4 and 5 WCs: Table 3.8.2.3.B row 4–9 → 1 each
            9,
        ),
    ],
)
def test_other_occupancies_take_their_own_sentence(state, message, wc_required, bf_required, wc_provided):
    (row,) = recorded("3.23", message, state=state)["rows"]
    assert (row["wc_required"], row["bf_wc_required"], row["wc_provided"]) == (
        wc_required,
        bf_required,
        wc_provided,
    )


# --- Pasted tables ----------------------------------------------------------------------------------------

SPREADSHEET = (
    "Floor\tWCs provided\tBF stalls\tUniversal\nGround floor\t6\t1\t1\nLevel 2\t6\t2\t0\nBasement\t1\t0\t0"
)
MARKDOWN = (
    "| Level | WC (M) | WC (F) | BF | UW |\n|---|---|---|---|---|\n| Ground | 3 | 3 | 0 | 1 |\n"
    "| L2 | 3 | 3 | 2 | 0 |\n| Basement | 1 | 0 | 1 | 0 |"
)


@pytest.mark.parametrize("table", [SPREADSHEET, MARKDOWN])
def test_a_pasted_table_gives_each_floors_counts(table):
    value = recorded("3.23", table, state=OFFICE)
    assert provided(value) == {"Ground floor": 6, "Level 2": 6, "Basement": 1}
    assert provided(value, "universal_provided") == {"Ground floor": 1, "Level 2": 0, "Basement": 0}
    assert provided(value, "bf_wc_provided")["Level 2"] == 2


BAD_CELL = "Floor\tWCs\tBF\nGround floor\t6\t1\nLevel 2\tsix\t1\nBasement\t1\t0"


def test_a_table_with_one_bad_cell_names_it_and_the_corrected_row_records_them_all():
    assert asked("3.23", BAD_CELL, state=OFFICE) == "row 'Level 2', WCs ('six'): expected a whole number"
    value = recorded("3.23", BAD_CELL, "Level 2: 6 WCs", state=OFFICE)
    assert provided(value) == {"Ground floor": 6, "Level 2": 6, "Basement": 1}
    assert provided(value, "bf_wc_provided") == {"Ground floor": 1, "Level 2": None, "Basement": 0}


# --- Revisions, estimates, the consultant's own results ---------------------------------------------------


def test_a_later_revision_of_one_floor_keeps_the_others():
    first = recorded("3.23", SPREADSHEET, state=OFFICE)
    state = office(**{"3_18": OFFICE_LOAD, "3_23": first})
    value = recorded("3.23", "Level 2 now has 8 WCs", state=state)
    assert provided(value) == {"Ground floor": 6, "Level 2": 8, "Basement": 1}
    assert provided(value, "bf_wc_provided") == {"Ground floor": 1, "Level 2": 2, "Basement": 0}


@pytest.mark.parametrize("message", ["about 6 WCs on each floor", "~6 toilets per floor"])
def test_an_estimate_is_asked_about_and_offered(message):
    result = offered("3.23", message, state=OFFICE)
    assert "estimate" in result.missing
    assert provided(result.offer) == {"Ground floor": 6, "Level 2": 6, "Basement": 6}


@pytest.mark.parametrize(
    ("message", "said"),
    [
        # 3 M + 3 F are required on Level 2, not 4 a sex
        ("Level 2: 4 WCs required per sex, 4 provided per sex", "you wrote 4 water closets required per sex"),
        # the office scenario's figure: 8 a sex where Table 3.7.4.7 gives 3 on each office floor
        (
            "Split 50/50: 8 water closets required per sex, 9 provided each, plus one universal washroom "
            "on each floor.",
            "you wrote 8 water closets required per sex",
        ),
        # Table 3.8.2.3.A: 1 universal washroom for 3 storeys
        ("Ground floor: 6 WCs, 2 universal washrooms required", "you wrote 2 universal washrooms required"),
    ],
)
def test_a_required_figure_the_engine_does_not_give_is_recorded_as_the_engine_says_and_said(message, said):
    result = reading("3.23", message, state=OFFICE)
    assert result.complete and 0.5 < result.confidence < 0.8  # recorded, with a look asked for
    assert any(said in note and "which is what I recorded" in note for note in result.notes)


# --- Inputs that are missing or cannot be used ------------------------------------------------------------


def test_a_floor_that_3_18_does_not_have_is_asked_about():
    question = asked("3.23", "Level 5: 4 WCs", state=OFFICE)
    assert (
        "'Level 5' is not a floor or area of the occupant load (3.18: Ground floor, Level 2, Basement)"
        in question
    )


def test_a_count_not_tied_to_a_floor_is_asked_about():
    question = asked("3.23", "4 WCs", state=OFFICE)
    assert "which floor or area of 3.18" in question and "4 water closets" in question


def test_without_3_18_the_fixtures_cannot_be_worked_out():
    assert "the occupant load per floor or area (3.18)" in asked(
        "3.23", "6 WCs on each floor", state=office()
    )


def test_a_farm_building_is_asked_about_by_its_group():
    load = {
        "rows": [load_row("Building", "G2", "", None, 12, "design number (as given)")],
        "total": 12,
        "note": "",
    }
    barn = building(("G2",), (), storeys=1, below=0, **{"3_18": load})
    assert "Group G2 (agricultural) is not covered" in asked("3.23", "2 WCs", state=barn)


def test_a_row_whose_occupancy_is_not_known_is_worked_out_under_a_stated_assumption_to_confirm():
    """A 3.18 row without an occupancy, in a building of several, no longer blocks the whole item: it
    takes the occupancy of the other areas on its floor, or else the first of 3.02, and says so, below
    0.8 so that the consultant confirms it."""
    load = {
        "rows": [
            load_row("Cellar", "", "", None, 12, "design number (as given)"),
            load_row("Main floor", "E", "shop", 400, 134, "3.1.17.1"),
            load_row("Main floor", "", "", None, 6, "design number (as given)"),
            load_row("Second floor", "D", "offices", 400, 44, "3.1.17.1"),
        ],
        "total": 196,
        "note": "",
    }
    mixed = building(("D", "E"), ("3.2.2.60", "3.2.2.64"), **{"3_18": load})
    result = reading("3.23", "cellar none, main floor 4 WCs and 1 UWR, second floor 4 WCs", state=mixed)
    assert result.complete and result.confidence < 0.8
    said = " ".join(result.notes)
    assert "'Cellar' has no major occupancy in 3.18, so its fixtures were worked out as D" in said
    assert "'Main floor' has no major occupancy in 3.18, so its fixtures were worked out as E" in said
    cellar, shop, back_room, offices = result.value["rows"]
    assert shop["sentence"].startswith("3.7.4.8") and back_room["sentence"].startswith("3.7.4.8")
    assert offices["sentence"].startswith("3.7.4.7") and cellar["sentence"].startswith("3.7.4.7")


def test_words_without_counts_keep_the_required_rows_with_the_note_at_modest_confidence():
    result = reading("3.23", "Per code; see plumbing drawings P-101.", state=OFFICE)
    assert result.complete and result.confidence == 0.5
    assert result.value["note"] == "Per code. See plumbing drawings P-101"
    assert required(result.value) == {"Ground floor": 6, "Level 2": 6, "Basement": 1}
    assert provided(result.value) == {"Ground floor": None, "Level 2": None, "Basement": None}


def test_the_whole_turn_records_what_a_floor_provides():
    results, state = ask("3.23", "Offices: 9 WCs per sex, 1 universal washroom; basement: 1 toilet")
    assert results[-1].type == "form_answer", results[-1].content
    rows = by_name(state.answer_for("3.23").value["rows"])
    # the office scenario's 3.18: offices 3,100 m² → 3,100 ÷ 14 = 221.43 → 222 → 111 a sex → Table 3.7.4.7
    # over 100: 6 + ⌈11 ÷ 30⌉ = 7 a sex → 14
    assert (rows["Offices"]["wc_required"], rows["Offices"]["wc_provided"]) == (14, 18)


def test_the_whole_turn_asks_about_a_bad_cell_then_records_every_floor():
    table = "Floor\tWCs\tUniversal\nOffices\t18\t1\nBasement\tone?\t0"
    results, state = ask("3.23", table, "Basement: 1 WC")
    assert [r.type for r in results] == ["clarifying_question", "form_answer"], results[-1].content
    assert "row 'Basement', WCs ('one?'): expected a whole number" in results[0].content
    rows = by_name(state.answer_for("3.23").value["rows"])
    assert (rows["Offices"]["wc_provided"], rows["Basement"]["wc_provided"]) == (18, 1)
    assert rows["Offices"]["universal_provided"] == 1


NAMED_ROWS = {
    "rows": [
        load_row("Level 1 (retail sales floor)", "E", "retail", 600.0, 163, "table: 3.70 m²/person"),
        load_row("Level 1 (stock room)", "E", "storage", 200.0, 5, "table: 46.00 m²/person"),
        load_row("Level 2 (offices)", "D", "offices", 930.0, 100, "table: 9.30 m²/person"),
    ],
    "total": 268,
    "note": "",
}


def test_rows_named_in_other_words_than_3_18_are_matched_by_their_words_and_offered():
    state = office(**{"3_18": NAMED_ROWS})
    table = "row\tWC prov\tuniv\nL1 sales\t4\t1\nL1 stock\t0\t0\nL2\t6\t1"
    result = offered("3.23", table, state=state)
    assert provided(result.offer) == {
        "Level 1 (retail sales floor)": 4,
        "Level 1 (stock room)": 0,
        "Level 2 (offices)": 6,
    }
    assert "taken as 3.18's" in result.missing or "taken as 3.18's" in result.offer_reason
