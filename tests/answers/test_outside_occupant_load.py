"""3.18 occupant load as outside consultants write it: rows split by ' / ' on one line, working shown
with divisions, rounding arrows and a total written as a sum, dwelling units counted as units times
bedrooms times two, seats with tables, floors 'same as' another (and ranges of floors), rows built up
one message at a time, and a care home's sleeping room areas.

Every figure is worked out by hand from Table 3.1.17.1 (../shared/reference/obc-2024-occupant-load-
and-plumbing.md, Part 1.2): offices 9.30, storage 46.00, warehouse 28.00, classrooms 1.85, mercantile
first storey 3.70, non-fixed seats 0.75, non-fixed seats and tables 0.95, B-3 sleeping room areas 10.00,
manufacturing 4.60; dwelling units 2 persons per sleeping room (3.1.17.1.(1)(b)).
"""

from __future__ import annotations

import pytest

from tests.answers.computed import asked, building, office, reading, recorded

OFFICE = office()
MIXED = building(("E", "D"), ("3.2.2.64", "3.2.2.60"))
SCHOOL = building(("A2",), ("3.2.2.25",), storeys=2, below=0)
HALL = building(("A2",), ("3.2.2.27",), storeys=1, below=0)
APARTMENTS = building(("C",), ("3.2.2.51",), storeys=6, below=0)
CARE_HOME = building(("B3",), ("3.2.2.42",), storeys=3, below=0)
PLANT = building(("F2",), ("3.2.2.75",), storeys=1, below=0)
WAREHOUSE = building(("F2",), ("3.2.2.75",), storeys=2, below=0)


def persons(value: dict) -> list[int]:
    return [row["persons"] for row in value["rows"]]


# --- 1. ' / ' between rows on one line; ft² with the m² in brackets -----------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # 465 ÷ 9.30 = 50 on each floor
        ("Level 1 - offices 465 m2 = 50 / Level 2 - offices 465 m2 = 50 / total 100", [50, 50]),
        # 464.5 ÷ 9.30 = 49.95 → 50; 185.8 ÷ 46 = 4.04 → 5 (the m² in brackets, not the ft²)
        (
            "2nd flr 5,000 sf (464.5 m2) office @ 9.3 = 50 / cellar 2,000 sf (185.8 m2) storage @ 46 = 5 / "
            "total 55",
            [50, 5],
        ),
        # no total given: 930 ÷ 9.30 = 100; 460 ÷ 46 = 10
        ("L2 offices 930 m2 / bsmt storage 460 m2", [100, 10]),
    ],
)
def test_rows_on_one_line_split_by_a_slash_are_rows_of_their_own(message, expected):
    value = recorded("3.18", message, state=OFFICE)
    assert persons(value) == expected
    assert value["total"] == sum(expected)


def test_a_slash_inside_a_row_or_a_division_keeps_the_row_whole():
    # 'bikes / lockers / storage' is one area: 460 ÷ 46 = 10
    value = recorded("3.18", "P1: bikes / lockers / storage 460 m2", state=OFFICE)
    assert persons(value) == [10]
    # '920 m2 / 46 = 20' is the working of one row
    value = recorded("3.18", "basement storage 920 m2 / 46 = 20", state=OFFICE)
    assert persons(value) == [20]


def test_square_feet_with_square_metres_in_brackets_take_the_square_metres():
    value = recorded("3.18", "Level 2 offices 10,000 sq ft (930 m2)", state=OFFICE)
    assert (value["rows"][0]["area_m2"], value["rows"][0]["persons"]) == (930.0, 100)


def test_a_figure_after_a_basement_is_its_area_not_a_basement_number():
    value = recorded("3.18", "bsmt 4,950 sf (460 m2) storage", state=OFFICE)
    assert value["rows"][0]["floor"] == "Basement"


# --- 2. Shown working: divisions, rounding arrows, a total written as a sum ---------------------------------


def test_working_with_arrows_and_a_summed_total_gives_each_row_and_the_sum():
    # 1,400 ÷ 28 = 50; 186 ÷ 9.30 = 20; 1,410 ÷ 28 = 50.36 → 51
    message = (
        "L1: warehouse 1,400 m2 / 28 = 50; office 186 m2 / 9.3 = 20. "
        "L2: warehouse 1,410 m2 / 28 = 50.4 → 51. Total: 50 + 20 + 51 = 121"
    )
    value = recorded("3.18", message, state=WAREHOUSE)
    assert persons(value) == [50, 20, 51]
    assert value["total"] == 121


@pytest.mark.parametrize(
    "total",
    ["overall 100 + 50 = 150", "Total occupant load = 100 + 50 = 150 persons", "total 100+50=150"],
)
def test_a_total_written_as_a_sum_is_the_figure_after_the_equals_sign(total):
    # 930 ÷ 9.30 = 100; 465 ÷ 9.30 = 50
    value = recorded("3.18", f"Ground floor offices 930 m2\nLevel 2 offices 465 m2\n{total}", state=OFFICE)
    assert value["total"] == 150


def test_a_summed_total_the_rows_do_not_reach_is_asked_about():
    message = (
        "Ground floor offices 930 m2 ÷ 9.3 = 100. Level 2 offices 465 m2 ÷ 9.3 = 50. Total 100 + 50 = 160"
    )
    question = asked("3.18", message, state=OFFICE)
    assert "150" in question and "160" in question


# --- 3. Dwelling units: units × bedrooms × 2 ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # 8 × 3 = 24 rooms → 48; 20 × 1 = 20 rooms → 40
        (
            "8 corner suites x 3 bedrooms x 2 = 48 persons; 20 typical suites x 1 bedroom x 2 = 40 persons; "
            "total 88",
            [48, 40],
        ),
        # 45 bedrooms → 90 (the 30 apartments are not rooms)
        ("30 apartments, 45 bdrms x 2 = 90", [90]),
        # 16 × 3 = 48 rooms → 96
        ("16 townhomes with 3 bedrooms each", [96]),
        # 6 × 2 = 12 rooms → 24, said as the consultant's own rule
        ("Level 4: 6 units @ 2 bedrooms, 2 per bedroom = 24", [24]),
    ],
)
def test_units_times_bedrooms_times_two_are_the_sleeping_rooms_counted(message, expected):
    value = recorded("3.18", message, state=APARTMENTS)
    assert persons(value) == expected
    assert {row["based_on"] for row in value["rows"]} == {"2 per sleeping room"}


def test_a_total_said_with_a_hedge_after_the_rows_is_still_the_total():
    result = reading(
        "3.18", "10 units x 2 bedrooms x 2 = 40 persons; so 40 in total I believe", state=APARTMENTS
    )
    assert result.complete and (persons(result.value), result.value["total"]) == ([40], 40)
    assert result.confidence < 0.8  # "I believe": the consultant's own doubt, recorded to confirm


def test_units_times_bedrooms_at_a_rate_other_than_two_is_asked_about():
    question = asked("3.18", "10 units x 2 bedrooms x 3 = 60 persons", state=APARTMENTS)
    assert "60" in question and "40" in question


# --- 4. Seats with tables -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Banquet level: 475 m2, round tables and chairs", 500),  # 475 ÷ 0.95 = 500
        ("Function room - 190 m2 - non-fixed seats and tables", 200),  # 190 ÷ 0.95 = 200
        ("Multi-purpose room: 95 m2 with tables & chairs", 100),  # 95 ÷ 0.95 = 100
        ("Existing hall 380 m2 at 0.95 (chairs and tables) = 400", 400),  # 380 ÷ 0.95 = 400
    ],
)
def test_seats_with_tables_are_the_tables_row_not_seats_alone(message, expected):
    value = recorded("3.18", message, state=HALL)
    (row,) = value["rows"]
    assert (row["use"], row["persons"]) == ("space with non-fixed seats and tables", expected)


def test_non_fixed_seats_without_tables_stay_the_seats_row():
    value = recorded("3.18", "Gym floor set up with non-fixed seats, 300 m2", state=HALL)
    assert (value["rows"][0]["use"], value["rows"][0]["persons"]) == ("space with non-fixed seats", 400)


# --- 5. Same as another floor, ranges of floors, rows over several messages, care homes ---------------------


def test_a_range_of_floors_same_as_another_gives_a_row_per_floor():
    # L1: 18 bedrooms → 36; L2 to L5 each the same
    value = recorded("3.18", "L1: 12 suites / 18 bedrooms\nL2-L5 same as L1", state=APARTMENTS)
    assert [row["floor"] for row in value["rows"]] == ["Level 1", "Level 2", "Level 3", "Level 4", "Level 5"]
    assert persons(value) == [36] * 5 and value["total"] == 180
    assert value["note"] == ""


@pytest.mark.parametrize(
    "line",
    ["Levels 3 to 4 typical of level 2", "3rd-4th floors: same as L2", "L3\u2013L4 same as 2nd floor"],
)
def test_ranges_and_references_written_other_ways(line):
    value = recorded("3.18", f"Level 2: offices 465 m2\n{line}", state=OFFICE)
    assert persons(value) == [50, 50, 50]  # 465 ÷ 9.30 = 50 each


def test_a_pasted_table_row_same_as_another_takes_its_area():
    table = "Ground\tD\toffices\t5,000 sf\nL2\tD\toffices\t5,000 sf\nL3\tD\toffices\tsame as L2"
    value = recorded("3.18", table, state=OFFICE)
    # 5,000 ft² = 464.5 m²; 464.5 ÷ 9.30 = 49.95 → 50 on each floor
    assert persons(value) == [50, 50, 50]


def test_rows_given_one_floor_a_message_build_up_the_load():
    thread = [
        "Ground - retail 1,200 m2",
        "Level 2 - offices 930 m2",
        "Level 3 - same as L2",
        "that's everything",
    ]
    value = recorded("3.18", *thread, state=MIXED)
    # 1,200 ÷ 3.70 = 324.32 → 325; 930 ÷ 9.30 = 100 on L2 and L3
    assert persons(value) == [325, 100, 100]
    assert value["note"] == ""


def test_same_as_a_floor_not_given_is_asked_about():
    result = reading("3.18", "L4 same as L3", state=OFFICE)
    assert not result.complete and "Level 3" in result.missing


def test_same_as_words_that_name_no_floor_are_not_a_copy():
    assert "use and floor area" in asked("3.18", "Same as the architect's summary.", state=OFFICE)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Level 2: sleeping room areas 900 m2", 90),  # 900 ÷ 10 = 90
        ("resident home area (B-3 sleeping room areas) 750 m2", 75),  # not 3 sleeping rooms
        ("2nd floor - B3 sleeping room areas 1,200 m2", 120),
    ],
)
def test_a_care_homes_sleeping_room_areas_are_the_b3_row_not_dwelling_units(message, expected):
    value = recorded("3.18", message, state=CARE_HOME)
    (row,) = value["rows"]
    assert (row["use"], row["occupancy"], row["persons"]) == ("B-3 sleeping room areas", "B3", expected)


def test_sleeping_room_areas_in_an_apartment_building_are_not_taken_as_a_care_home():
    result = reading("3.18", "Level 2: sleeping room areas 900 m2", state=APARTMENTS)
    assert not result.complete


def test_a_design_ol_is_a_design_number():
    value = recorded("3.18", "Ground: gym 480 m2, design OL 250 (posted sign)", state=SCHOOL)
    assert (value["rows"][0]["persons"], value["rows"][0]["based_on"]) == (250, "design number")


def test_uses_with_their_own_areas_on_one_line_are_rows_of_their_own():
    # 370 ÷ 1.85 = 200 classrooms; 93 ÷ 9.30 = 10 offices; total 210
    value = recorded(
        "3.18", "Ground floor: classrooms totalling 370 m2, plus the admin offices at 93 m2", state=SCHOOL
    )
    assert persons(value) == [200, 10]


def test_a_shop_floor_in_a_plant_is_its_manufacturing_not_retail():
    # 920 ÷ 4.60 = 200
    value = recorded("3.18", "shop floor (machining and assembly manufacturing) - 920 m2", state=PLANT)
    assert (value["rows"][0]["use"], value["rows"][0]["persons"]) == ("manufacturing or process rooms", 200)


def test_a_row_keeps_the_name_the_consultant_gave_it():
    value = recorded("3.18", "plant floor (machining) | 920 m2\nshipping/whse | 280 m2", state=PLANT)
    # the plant has one storey and no basement: each row on its ground floor, under the consultant's name
    floors = [row["floor"] for row in value["rows"]]
    assert floors == ["Ground floor (plant floor (machining))", "Ground floor (shipping/whse)"]
    assert persons(value) == [200, 10]  # 920 ÷ 4.60 = 200; 280 ÷ 28 = 10
