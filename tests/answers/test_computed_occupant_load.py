"""3.18 occupant load as rows: the consultant gives each floor's use and area (or its fixed seats,
sleeping rooms or a design number), and the persons come from Article 3.1.17.1 and Table 3.1.17.1
(../shared/reference/obc-2024-occupant-load-and-plumbing.md, Part 1.2 and the worked examples of Part 5)."""

from __future__ import annotations

import pytest

from tests.answers.computed import OFFICE_LOAD, asked, building, by_name, offered, office, reading, recorded
from tests.answers.support import FORMS, ask
from wizard_core.answers import worked_out

OFFICE = office()
MIXED = building(("E", "D"), ("3.2.2.64", "3.2.2.60"))  # retail below offices
SCHOOL = building(("A2",), ("3.2.2.25",), storeys=2, below=0)
THEATRE = building(("A1",), ("3.2.2.22",), storeys=1, below=0)
APARTMENTS = building(("C",), ("3.2.2.51",), storeys=6, below=0)
RESTAURANT = building(("A2",), ("3.2.2.27",), storeys=1, below=0)


def persons(value: dict) -> dict[str, int]:
    return {row["floor"]: row["persons"] for row in value["rows"]}


# --- Messages in consultants' own words, one figure each worked out by hand -------------------------------

CASES = [
    # 930 ÷ 9.30 (offices) = 100
    (OFFICE, "Level 2: offices 930 m2", {"Level 2": 100}),
    # 10,000 ft² = 929.0 m²; 929.0 ÷ 9.30 = 99.89 → 100 (offices)
    (OFFICE, "main floor offices 10,000 sf", {"Ground floor": 100}),
    # 350 ÷ 46.00 (storage) = 7.61 → 8; 3,100 ÷ 9.30 (offices) = 333.33 → 334
    (
        OFFICE,
        "Offices: 3,100 m2 at 9.3 m2 per person = 334 persons; basement storage 350 m2 at 46 m2 per "
        "person = 8 persons. Total 342.",
        {"Offices": 334, "Basement": 8},
    ),
    # 8 × 55.5 m² = 444 m²; 444 ÷ 1.85 (classrooms) = 240 (Part 5, example 3)
    (SCHOOL, "8 classrooms x 55.5 m2", {"Classrooms": 240}),
    # 380 fixed seats = 380 persons (3.1.17.1.(1)(a); Part 5, example 5)
    # a one-storey building without a basement: a row naming no floor is on its ground floor
    (THEATRE, "Auditorium: 380 fixed seats", {"Ground floor (auditorium)": 380}),
    # 2 × (4 × 1 + 4 × 2 + 2 × 3) = 36 (3.1.17.1.(1)(b); Part 5, example 15)
    (APARTMENTS, "lvl 3 - 4 one-bed, 4 two-bed and 2 three-bed units", {"Level 3": 36}),
    # retail on the first storey: 1,200 ÷ 3.70 = 324.32 → 325 (Part 5, example 4); L2 offices 100
    (MIXED, "Ground floor: retail 1,200 m2\nLevel 2: offices 930 m2", {"Ground floor": 325, "Level 2": 100}),
    # retail above the first storey takes "other storeys": 1,200 ft² = 111.5 m²; 111.5 ÷ 5.60 = 19.91 → 20
    (MIXED, "2nd flr - retail - 1,200 sf", {"Level 2": 20}),
    # a multi-purpose hall with chairs only: 300 ÷ 0.75 (non-fixed seats) = 400 (Part 5, example 8)
    (SCHOOL, "Multi-purpose hall: 300 m2, chairs only", {"Multi-purpose hall": 400}),
    # "non-fixed seats" names the use, not a count: 300 ÷ 0.75 = 400 (space with non-fixed seats)
    (SCHOOL, "Second floor: assembly hall with non-fixed seats 300 m2", {"Level 2": 400}),
    # 30 m × 31 m = 930 m² of offices → 100
    (OFFICE, "L2 offices, 30 m x 31 m", {"Level 2": 100}),
]


@pytest.mark.parametrize(("state", "message", "expected"), CASES)
def test_each_row_is_worked_out_from_its_use_and_area(state, message, expected):
    value = recorded("3.18", message, state=state)
    assert persons(value) == expected
    assert value["total"] == sum(expected.values())


def test_a_row_records_its_occupancy_use_area_and_basis_like_the_oaa_sheet():
    value = recorded("3.18", "Ground floor: retail 1,200 m2\nLevel 2: offices 930 m2", state=MIXED)
    ground, level_2 = value["rows"]
    assert ground == {
        "floor": "Ground floor",
        "occupancy": "E",  # the 3.02 occupancy of a mercantile use
        "use": "mercantile: basements and first storeys",
        "area_m2": 1200.0,
        "persons": 325,  # 1,200 ÷ 3.70 = 324.32, rounded up
        "based_on": "table: 3.70 m²/person",
        "posted_limit": False,
    }
    assert (level_2["occupancy"], level_2["use"], level_2["based_on"]) == (
        "D",
        "offices",
        "table: 9.30 m²/person",
    )


def test_a_design_number_other_than_the_tables_needs_a_posted_limit():
    # 150 ÷ 1.10 (dining) = 136.36 → 137 by the table; designed for 120 seats, under the cap of
    # 150 ÷ 0.6 = 250 (3.1.17.1.(6), (7)); 120 ≠ 137, so a sign is posted (3.1.17.1.(2); Part 5, example 2)
    value = recorded("3.18", "Restaurant: 150 m2 dining, designed for 120 seats", state=RESTAURANT)
    (row,) = value["rows"]
    assert (row["persons"], row["based_on"], row["posted_limit"]) == (120, "design number", True)
    # offices designed for 80 where the table gives 930 ÷ 9.30 = 100: posted as well
    (office_row,) = recorded("3.18", "Office area 930 m2 designed for 80 people", state=OFFICE)["rows"]
    assert (office_row["persons"], office_row["posted_limit"]) == (80, True)


def test_a_dining_design_number_over_the_cap_is_asked_about():
    # 90 m² ÷ 0.6 = 150 at most (3.1.17.1.(7)); 200 is over it
    question = asked("3.18", "Bar: 90 m2, design occupant load 200", state=RESTAURANT)
    assert "row 'Ground floor (bar)'" in question and "150 persons at most" in question


# --- Pasted tables ----------------------------------------------------------------------------------------

SPREADSHEET = (
    "Floor\tUse\tArea (m²)\nGround floor\tRetail\t600\nLevel 2\tOffices\t930\nBasement\tStorage\t200"
)
MARKDOWN = "| Level | Occupancy | Area m2 |\n|---|---|---|\n| L1 | retail | 450 |\n| L2 | office | 930 |\n"
SQUARE_FEET = "Location\tSpace type\tGFA (sf)\n1st floor\tOffice\t10,000\n2nd floor\tOffice\t5,000"


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        # 600 ÷ 3.70 = 162.16 → 163 (retail, first storey); 930 ÷ 9.30 = 100; 200 ÷ 46.00 = 4.35 → 5
        (SPREADSHEET, {"Ground floor": 163, "Level 2": 100, "Basement": 5}),
        # 450 ÷ 3.70 = 121.62 → 122; 930 ÷ 9.30 = 100
        (MARKDOWN, {"Level 1": 122, "Level 2": 100}),
        # 10,000 ft² = 929.0 m² → 99.89 → 100; 5,000 ft² = 464.5 m² → 49.95 → 50 (offices)
        (SQUARE_FEET, {"Level 1": 100, "Level 2": 50}),
    ],
)
def test_a_pasted_table_with_its_own_headers_gives_one_row_per_line(table, expected):
    value = recorded("3.18", table, state=MIXED)
    assert persons(value) == expected


def test_a_pasted_table_with_a_persons_column_is_checked_against_the_table():
    table = "Floor\tUse\tArea\tPersons\nLevel 1\tOffices\t930\t100\nLevel 2\tOffices\t930\t93"
    question = asked("3.18", table, state=OFFICE)
    assert "row 'Level 2': you wrote 93 persons" in question and "= 100 persons" in question


BAD_CELL = "Floor\tUse\tArea\nLevel 1\tOffices\t930\nLevel 2\tOffices\t9S0\nLevel 3\tOffices\t465"


def test_a_table_with_one_bad_cell_names_it_and_the_corrected_row_records_them_all():
    question = asked("3.18", BAD_CELL, state=OFFICE)
    assert question == "row 'Level 2', Area ('9S0'): expected one figure"
    # the good rows were kept pending: re-read from the thread with the corrected row
    value = recorded("3.18", BAD_CELL, "Level 2: offices 950 m2", state=OFFICE)
    # 930 ÷ 9.30 = 100; 950 ÷ 9.30 = 102.15 → 103; 465 ÷ 9.30 = 50
    assert persons(value) == {"Level 1": 100, "Level 2": 103, "Level 3": 50}
    assert value["total"] == 253 and value["note"] == ""


def test_the_whole_turn_asks_about_the_bad_cell_then_records_every_row():
    results, state = ask("3.18", BAD_CELL, "Sorry - level 2 is 950 m2")
    assert [r.type for r in results] == ["clarifying_question", "form_answer"]
    assert "row 'Level 2', Area ('9S0')" in results[0].content
    assert persons(state.answer_for("3.18").value) == {"Level 1": 100, "Level 2": 103, "Level 3": 50}


# --- Revisions, estimates, the consultant's own results ---------------------------------------------------


def test_a_later_revision_of_one_row_keeps_the_others():
    state = office(**{"3_18": OFFICE_LOAD})
    value = recorded("3.18", "Level 2 is actually 1,000 m2", state=state)
    # 1,000 ÷ 9.30 = 107.53 → 108; the ground floor and basement stay as recorded
    assert persons(value) == {"Ground floor": 100, "Level 2": 108, "Basement": 8}
    assert value["total"] == 216


def test_a_row_revised_in_the_same_thread_replaces_only_that_row():
    value = recorded("3.18", "L1 offices 930 m2; L2 offices 930 m2", "Correction: L2 is 465 m2", state=OFFICE)
    assert persons(value) == {"Level 1": 100, "Level 2": 50}


@pytest.mark.parametrize(
    "message",
    ["Offices ~900 m2", "offices approx. 900 sm", "Level 2 offices, about 900 m2", "900 m2 +/- of office"],
)
def test_an_estimate_is_asked_about_and_offered_as_exact(message):
    result = offered("3.18", message, state=OFFICE)
    assert "estimate" in result.missing
    # 900 ÷ 9.30 = 96.77 → 97, offered for a yes, never recorded as it stands
    assert result.offer["total"] == 97


@pytest.mark.parametrize(
    ("message", "said"),
    [
        # 930 ÷ 9.30 = 100, not 110
        ("Offices: 930 m2 / 9.3 = 110 persons", "you wrote 110 persons"),
        # offices are 9.30 m² a person in Table 3.1.17.1, not 10
        ("Offices 930 m2 at 10 m2/person", "you used 10 m² per person"),
    ],
)
def test_wrong_shown_arithmetic_is_asked_about_never_recorded(message, said):
    question = asked("3.18", message, state=OFFICE)
    assert said in question and "9.30" in question


def test_a_total_that_the_rows_do_not_add_up_to_is_asked_about():
    question = asked("3.18", "Level 1: offices 930 m2; Level 2: offices 930 m2; total 210", state=OFFICE)
    assert "the rows come to 200 persons but you gave a total of 210" in question


# --- Inputs that are missing or cannot be used ------------------------------------------------------------


def test_an_unknown_use_is_asked_for_by_its_name_and_the_answer_completes_the_row():
    question = asked("3.18", "Lobby 100 m2", state=OFFICE)
    assert "'Lobby' is not a use of Table 3.1.17.1" in question
    # 100 ÷ 3.70 (public corridors used for more than travel) = 27.03 → 28
    value = recorded("3.18", "Lobby 100 m2", "It's a public corridor", state=OFFICE)
    assert persons(value) == {"Lobby": 28}


def test_a_use_without_its_area_is_asked_for_the_area():
    question = asked("3.18", "Level 2: offices; Level 3: offices 930 m2", state=OFFICE)
    assert question == "row 'Level 2': its offices floor area in m²"


def test_a_head_count_without_inputs_is_offered_as_given_and_not_worked_out():
    result = offered("3.18", "Level 1: 120 people", state=OFFICE)
    assert "row 'Level 1': 120 persons is a result" in result.missing
    (row,) = result.offer["rows"]
    assert (row["persons"], row["based_on"]) == (120, "design number (as given)")


def test_words_without_figures_are_kept_as_the_note():
    value = recorded("3.18", "Offices 930 m2. Mezzanine counted in the floor area.", state=OFFICE)
    assert value["note"] == "Mezzanine counted in the floor area"
    assert persons(value) == {"Offices": 100}


def test_free_text_alone_is_asked_about_not_recorded_as_an_occupant_load_of_zero():
    assert "use and floor area" in asked("3.18", "As per the architect's code review.", state=OFFICE)


def test_the_recorded_rows_are_worked_out_again_from_their_inputs():
    # a typed value (direct entry, a model's reply): the persons follow the use and area
    typed = {"rows": [{"floor": "L2", "use": "offices", "area_m2": 465, "persons": 0}], "total": 0}
    value = worked_out(FORMS.get_item("3.18"), typed, OFFICE)
    assert (value["rows"][0]["persons"], value["total"]) == (50, 50)  # 465 ÷ 9.30 = 50


def test_lower_case_abbreviations_and_units_attached_read_the_same():
    texts = ("bsmt storage 350m2\nlvl 2 office 930sm", "2nd flr office 465m²")
    value = recorded("3.18", *texts, state=OFFICE)
    # "lvl 2" and "2nd flr" are one floor: the later message revises it (465 ÷ 9.30 = 50)
    assert by_name(value["rows"]).keys() == {"Basement", "Level 2"}
    assert persons(value) == {"Basement": 8, "Level 2": 50}


def test_the_occupant_loads_reading_says_its_working():
    result = reading("3.18", "Offices: 930 m2", state=OFFICE)
    assert "Offices: 930 m² ÷ 9.30 m²/person = 100 persons (Table 3.1.17.1, offices)" in result.notes


def test_a_figure_without_its_unit_is_asked_about():
    question = asked("3.18", "Offices 930; storage 50 m2", state=OFFICE)
    assert question == "row 'Offices': 930 — is that the floor area in m² or in ft², or a number of persons?"
    value = recorded("3.18", "Offices 930; storage 50 m2", "Offices 930 m2", state=OFFICE)
    # 930 ÷ 9.30 = 100; 50 ÷ 46.00 = 1.09 → 2 (storage)
    assert persons(value) == {"Offices": 100, "Storage": 2}


# --- A rate or a basis written beside the figure names the input --------------------------------------


@pytest.mark.parametrize(
    ("state", "message", "use", "persons"),
    [
        # 9.30 m² per person in a Group D building can only be offices: 2,400 ÷ 9.30 = 258.1 -> 259
        (OFFICE, "2,400 m2 at 9.3 m2 per person = 259 persons.", "offices", 259),
        # 28 m² per person with the word storage, in a warehouse: storage spaces (warehouse), 5,600 ÷ 28 = 200
        (
            building(("F2",), ("3.2.2.78",), storeys=1, below=0),
            "bulk storage: 5,600 m2 @ 28 m2/person",
            "storage spaces (warehouse)",
            200,
        ),
    ],
)
def test_a_rate_that_only_one_use_of_the_building_has_names_that_use(state, message, use, persons):
    (row,) = recorded("3.18", message, state=state)["rows"]
    assert (row["use"], row["persons"], row["posted_limit"]) == (use, persons, False)


def test_a_rate_that_several_uses_share_is_offered_for_a_yes_naming_them():
    # the persons are the same whichever use the figure is for: offered with the first, never recorded
    garage = building(("F3",), ("3.2.2.82",), storeys=1, below=0)
    result = offered("3.18", "12,000 m2 at 46 m2 per person = 261 persons.", state=garage)
    assert "storage garages or aircraft hangars" in result.missing and "confirm the use" in result.missing
    assert result.offer["total"] == 261


@pytest.mark.parametrize(
    ("state", "message", "expected"),
    [
        # A head count with its basis is that input: fixed seats counted, 2 persons a sleeping room.
        (THEATRE, "Auditorium: 420 persons (fixed seats); lobby: 60 persons (design)", [420, 60]),
        (APARTMENTS, "Residents: 64 persons (sleeping rooms); staff: 6 persons by design", [64, 6]),
        (THEATRE, "house: 612 people - fixed seating", [612]),
    ],
)
def test_a_head_count_with_its_basis_is_recorded_on_that_basis(state, message, expected):
    rows = recorded("3.18", message, state=state)["rows"]
    assert [row["persons"] for row in rows] == expected
    assert rows[0]["based_on"] in ("fixed seats", "2 per sleeping room")


def test_back_of_house_is_a_place_in_a_shop_not_a_dwelling():
    store = building(("E",), ("3.2.2.70",), storeys=1, below=0)
    (row,) = recorded("3.18", "storage and back of house: 250 m2", state=store)["rows"]
    assert (row["use"], row["persons"]) == ("storage", 6)  # 250 ÷ 46.00 = 5.4 -> 6
