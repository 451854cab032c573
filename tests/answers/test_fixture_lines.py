"""3.23 lines as consultants write them: a total with its breakdown by sex, a split the working arrives at,
'req' and 'prov', a line naming its 3.18 row by the persons it states, and rows said to have none.

- "6 provided (M 2 WC + 1 urinal, F 3)" and "M 2 WC + 1 urinal, F 3 = 6": six provided (the consultant's
  total, urinals counted in as they counted them), when the breakdown adds up to it; asked about when
  it adds up to another figure.
- "120/sex → public 3 M + 3 F" is what the working needs, not what is provided.
- "hall 240 -> 120/sex -> …" names the 3.18 row of 240 persons; offered for a yes, never recorded unasked.
- "kitchen, storage rows: 0" and "All other rows nil": those rows have no water closets.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import asked, building, load_row, offered, recorded

NON_FIXED = "table: 0.75 m²/person"
HALL_LOAD = {
    "rows": [
        # 180 m² ÷ 0.75 = 240 (non-fixed seats); 80 ÷ 9.30 = 8.6 -> 9; 300 ÷ 46 = 6.5 -> 7
        load_row("Ground floor (assembly hall)", "A2", "space with non-fixed seats", 180.0, 240, NON_FIXED),
        load_row("Ground floor (kitchen)", "A2", "kitchens", 80.0, 9, "table: 9.30 m²/person"),
        load_row("Basement (storage)", "A2", "storage", 300.0, 7, "table: 46.00 m²/person"),
    ],
    "total": 256,
    "note": "",
}
FLATS_LOAD = {
    "rows": [
        load_row("Ground floor (lobby)", "C", "lounges", 37.0, 20, "table: 1.85 m²/person"),
        load_row("Level 2", "C", "dwelling units", None, 24, "2 per sleeping room"),
        load_row("Level 3", "C", "dwelling units", None, 24, "2 per sleeping room"),
    ],
    "total": 68,
    "note": "",
}
HALL = building(("A2",), ("3.2.2.25",), storeys=1, below=1, **{"3_18": HALL_LOAD})


def provided(value: dict) -> list[int | None]:
    return [row.get("wc_provided") for row in value["rows"]]


@pytest.mark.parametrize(
    "message",
    [
        "50:50\nGround, assembly hall: 6 provided (M 2 WC + 1 urinal, F 3), 1 universal\n"
        "kitchen, storage rows: 0",
        "50:50\nGround, assembly hall: M 2 WC + 1 urinal, F 3 = 6, + 1 universal\nAll other rows nil",
        # the urinals are counted within the men's figure, not added to it
        "50:50\nGround, assembly hall: 6 (3 M including 1 urinal, 3 F)\nkitchen, storage rows: 0",
    ],
)
def test_a_total_written_with_its_breakdown_by_sex_is_the_total(message):
    assert provided(recorded("3.23", message, state=HALL)) == [6, 0, 0]


@pytest.mark.parametrize(
    "message",
    [
        # 2 + 1 + 3 = 6, not 8
        "50:50\nGround, assembly hall: 8 provided (M 2 WC + 1 urinal, F 3)\nother rows 0",
        # 3 + 4 = 7, not 9
        "ratio 50:50\nassembly hall - we put in 9 (men's 3, women's 4), plus 1 universal\nall other rows nil",
        # 2 + 2 + 4 = 8, not 10
        "50/50 split\nhall: M 2 WC + 2 urinals, F 4 = 10\nkitchen, storage rows: 0",
    ],
)
def test_a_total_whose_breakdown_adds_up_to_another_figure_is_asked_about(message):
    question = asked("3.23", message, state=HALL)
    assert "adds up to" in question


def test_a_split_the_working_arrives_at_is_not_what_is_provided():
    message = "50:50\nGround, assembly hall 120/sex → public 3 M + 3 F, 7 prov (M 2 WC + 2 urinals, F 3)"
    message += "\nother rows none"
    assert provided(recorded("3.23", message, state=HALL))[0] == 7


def test_req_and_prov_without_a_noun_are_water_closets():
    value = recorded("3.23", "50:50\nGround, assembly hall: 8 req, 9 prov\nthe remaining rows: 0", state=HALL)
    assert provided(value) == [9, 0, 0]  # 120 M / 120 F: 3 + 5 = 8 required (Table 3.7.4.3.A)


def test_a_line_naming_its_row_by_its_persons_is_offered_on_that_row():
    message = "50:50\n240 -> 120/sex -> 3 + 3 = 6 req, 6 prov + 1 universal\nall other rows 0"
    result = offered("3.23", message, state=HALL)
    assert "240 persons" in result.missing
    assert provided(result.offer) == [6, 0, 0]


def test_a_line_of_working_to_what_is_needed_provides_nothing():
    # '… → 120/sex → … = 3 WCs per sex, 6 WCs in all' works out the need; no count there is provided
    message = "50:50\nGround, assembly hall: 240 → 120/sex → 3 + 5 = 8 WCs in all\nother rows none"
    value = recorded("3.23", message, state=HALL)
    assert provided(value)[0] in (None, 0)


def test_a_count_before_req_is_required_and_the_next_provided():
    message = "50:50\nGround, assembly hall: 240 → 120/sex → 8 req, 9 prov (M 3 WC + 1 urinal, F 5)"
    message += "\nother rows 0"
    assert provided(recorded("3.23", message, state=HALL)) == [9, 0, 0]


def test_a_rows_words_after_off_are_its_name():
    # 'washrooms off the assembly hall': 'off' is no word of a row's name ('office')
    office = load_row("Basement (office)", "A2", "offices", 93.0, 10, "table: 9.30 m²/person")
    rows = {**HALL_LOAD, "rows": [*HALL_LOAD["rows"][:2], office], "total": 259}
    state = building(("A2",), ("3.2.2.25",), storeys=1, below=1, **{"3_18": rows})
    message = "50:50\nwashrooms off the assembly hall: 9 water closets provided\nother rows 0"
    result = offered("3.23", message, state=state)
    assert provided(result.offer) == [9, 0, 0]


def test_a_count_for_each_sex_is_their_sum():
    message = "50:50\nGround, assembly hall: men 3 WCs, women 4 WCs, 1 BF stall in each\nother rows: 0"
    assert provided(recorded("3.23", message, state=HALL)) == [7, 0, 0]


def test_a_breakdown_with_its_barrier_free_stalls_after_it_adds_up_without_them():
    message = "50:50\nGround, assembly hall: 7 provided (men 3 WCs, women 4 WCs; BF stalls 1 + 1)\nrest 0"
    assert provided(recorded("3.23", message, state=HALL)) == [7, 0, 0]


def test_provided_after_a_semicolon_belongs_to_the_row_named_before_it():
    message = "50:50\nGround, assembly hall 240 → 120/120 → 3 M + 5 F; provided 8\nkitchen, storage rows: 0"
    assert provided(recorded("3.23", message, state=HALL)) == [8, 0, 0]


def test_a_range_of_floors_with_a_count_per_floor_is_those_floors_only():
    apartments = building(("C",), ("3.2.2.50",), storeys=3, below=0, **{"3_18": FLATS_LOAD})
    message = "50:50\nGround, lobby: 2 WCs\nLevels 2 to 3: 12 WCs per floor, one per suite"
    assert provided(recorded("3.23", message, state=apartments)) == [2, 12, 12]
