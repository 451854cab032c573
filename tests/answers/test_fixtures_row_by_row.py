"""3.23 given row by row, each row's working before what it provides, as consultants write it: the
counts provided in a sentence of their own after the row's working, a row named with its persons in
brackets whose working names other rows, rows served by another's washrooms, a count per room multiplied
out, and the building's universal washrooms summed up after the rows that hold them."""

from __future__ import annotations

from tests.answers.computed import building, load_row, reading
from wizard_core.answers.written_figures import figures_as_written_here

_ROWS = [
    load_row("Ground floor (offices)", "D", "offices", 600.0, 58, "as given"),
    load_row("Ground floor (meeting room)", "D", "meeting room", 90.0, 44, "as given"),
    load_row("Ground floor (garage)", "D", "garage", 160.0, 4, "as given"),
    load_row("Level 2 (offices)", "D", "offices", 1000.0, 96, "as given"),
]
SERVICES = building(("D",), ("3.2.2.62",), storeys=2, below=0, **{"3_18": {"rows": _ROWS, "total": 202}})


def _counts(message: str) -> list[tuple[int, int | None, int | None]]:
    result = reading("3.23", message, state=SERVICES)
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    return [(row["persons"], row["wc_provided"], row["universal_provided"]) for row in value["rows"]]


def test_the_counts_provided_after_a_rows_working_are_that_rows():
    message = (
        "Split 50:50.\n"
        "Ground floor - offices (58): offices + meeting room (600 + 90) / 14 = 49.3 -> 50 -> 25 per sex, "
        "Table 3.7.4.7 -> 3 per sex. Provided M 2 WC + 1 urinal, F 3 WC = 6, plus 1 universal washroom.\n"
        "Ground floor - meeting room (44): served by the office washrooms, none of its own.\n"
        "Ground floor - garage (4): none.\n"
        "Level 2 - offices (96): 1,000 / 14 = 71.4 -> 72 -> 36 per sex -> 3 per sex = 6 required. "
        "Provided 6.\n"
        "Universal washrooms: 1 required for two storeys (Table 3.8.2.3.A), 1 provided on the ground floor."
    )
    assert _counts(message) == [(58, 6, 1), (44, 0, None), (4, 0, None), (96, 6, None)]


def test_the_buildings_universal_washrooms_summed_up_after_the_rows_that_hold_them_ask_nothing():
    message = (
        "50:50.\n- Offices, 58: 3 men's and 3 women's WCs, plus one universal washroom.\n"
        "- Meeting room, 44: uses the office washrooms - 0.\n- Garage, 4: nil.\n"
        "- Level 2 offices, 96: 6 WCs.\n"
        "Two storeys, so Table 3.8.2.3.A wants one universal washroom; one provided."
    )
    assert _counts(message) == [(58, 6, 1), (44, 0, None), (4, 0, None), (96, 6, None)]


def test_a_buildings_universal_washroom_that_no_row_holds_is_asked_where_it_is():
    message = (
        "50:50.\n- Offices, 58: 6 WCs.\n- Meeting room, 44: 0.\n- Garage, 4: 0.\n"
        "- Level 2 offices, 96: 6 WCs.\n"
        "Table 3.8.2.3.A, two storeys: one universal washroom, one provided."
    )
    result = reading("3.23", message, state=SERVICES)
    assert result.value is None and "universal" in result.missing


_CARE = [
    load_row("Ground floor (resident bedrooms)", "B3", "resident bedrooms", None, 40, "as given"),
    load_row("Ground floor (dining room)", "B3", "dining room", 120.0, 60, "as given"),
]
CARE = building(("B3",), ("3.2.2.43",), storeys=1, below=0, **{"3_18": {"rows": _CARE, "total": 100}})


def test_one_per_room_multiplied_out_is_the_total_not_one():
    message = (
        "50:50.\nResident bedrooms (40): one ensuite WC per bedroom = 20 WCs.\n"
        "Dining room (60): 2 WCs for men, 2 for women, and a universal washroom."
    )
    result = reading("3.23", message, state=CARE)
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    assert [(row["wc_provided"], row["universal_provided"]) for row in value["rows"]] == [(20, None), (4, 1)]


def test_a_count_standing_alone_after_a_rows_name_is_its_water_closets():
    message = (
        "Table 3.7.4.7 on the fixture load, 50:50:\nGround floor offices: 6 + 1 universal\n"
        "Meeting room: 0\nGarage: 0\nLevel 2 offices: 6"
    )
    assert _counts(message) == [(58, 6, 1), (44, 0, None), (4, 0, None), (96, 6, None)]


def test_a_count_alone_that_is_the_rows_persons_is_not_taken_for_its_water_closets():
    result = reading("3.23", "50:50\nGarage: 4\nLevel 2 offices: 96", state=SERVICES)
    value = result.value if result.value is not None else result.offer
    assert value is None or all(row["wc_provided"] != row["persons"] for row in value["rows"])


_TOWER = [
    load_row("Ground floor (lobby)", "D", "lobby", 300.0, 40, "as given"),
    load_row("Level 2 (offices)", "D", "offices", 1200.0, 130, "as given"),
    load_row("Level 3 (offices)", "D", "offices", 1200.0, 130, "as given"),
]
TOWER = building(("D",), ("3.2.2.60",), storeys=3, below=0, **{"3_18": {"rows": _TOWER, "total": 300}})


def test_a_row_said_to_be_the_same_as_another_has_its_counts():
    message = (
        "50:50, D at 14 m2 a person.\nGround floor lobby: 2 + 1 universal\n"
        "Level 2 offices: 1,200 / 14 = 86 -> 43/sex -> 6 req'd, 6 provided\n"
        "Level 3 offices: same as L2, 6 / 6"
    )
    result = reading("3.23", message, state=TOWER)
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    assert [(row["wc_provided"], row["universal_provided"]) for row in value["rows"]] == [
        (2, 1),
        (6, None),
        (6, None),
    ]


_WINGS = [
    load_row("P1 (parking)", "F3", "parking", 900.0, 20, "as given"),
    load_row("Ground floor", "D", "offices", 1550.0, 166, "as given"),
    load_row("Ground floor (new training room)", "D", "training", 150.0, 200, "as given"),
    load_row("Level 2", "D", "offices", 1550.0, 166, "as given"),
]
WINGS = building(("D",), ("3.2.2.60",), storeys=2, below=1, **{"3_18": {"rows": _WINGS, "total": 552}})


def test_rows_said_to_have_none_with_a_reason_after_and_rows_told_apart_by_their_persons():
    message = (
        "50:50\nP1: none, people use the washrooms upstairs\n"
        "existing ground 166: 6 wc + 1 universal\ntraining 200: none of its own\nexisting L2 166: 6 wc"
    )
    result = reading("3.23", message, state=WINGS)
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    assert [(row["wc_provided"], row["universal_provided"]) for row in value["rows"]] == [
        (0, None),
        (6, 1),
        (0, None),
        (6, None),
    ]


def test_a_floors_name_before_a_figure_is_no_thousands_written_the_french_way():
    assert figures_as_written_here("existing L2 166: 6 wc") == "existing L2 166: 6 wc"
    assert figures_as_written_here("aire de bâtiment 2 350,5 m²") == "aire de bâtiment 2350.5 m²"
