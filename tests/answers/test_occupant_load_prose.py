"""3.18 occupant load said in a consultant's prose: the kinds a round of unseen buildings found.

- Floors listed with per-floor figures ("B1 and B2 … 1,800 m2 each", "levels 3, 4 and 5 … per
  floor") are a row per floor; a floor number is never a count of rooms ("L9 are offices at 700 m2
  each" is not nine times 700).
- Two areas of one floor in one sentence, each with its own result, are two rows on that floor.
- A closing sum ("= 412 so under the 500 cap", "that comes to 96", "tot 88") is the total, never a row.
- Sentences of what the table "would give" are not rows; a design number "for the whole building"
  is the building's row.
- A note of the rates used ("I used 28 for the racking and 9.30 for the front office") gives the
  rows it names their rate and use; "stores" at the storage figure is storage.
- Suites with their persons ("8 suites = 16") are sleeping rooms at 2 persons each; seats with a word
  between ("300 fixed stadium seats") are fixed seats.

Figures from Table 3.1.17.1 (../shared/reference/obc-2024-occupant-load-and-plumbing.md): offices
9.30, storage 46.00, warehouse 28.00, storage garages 46.00, manufacturing 4.60; dwelling units 2
persons per sleeping room; fixed seats one person a seat.
"""

from __future__ import annotations

from tests.answers.computed import building, office, reading, recorded

OFFICE = office()
TOWER = building(("D", "F3"), ("3.2.2.56", "3.2.2.82"), storeys=9, below=2)
WAREHOUSE = building(("F2", "D"), ("3.2.2.75", "3.2.2.60"), storeys=1, below=0)
APARTMENTS = building(("C",), ("3.2.2.51",), storeys=4, below=0)
PLANT = building(("F3",), ("3.2.2.83",), storeys=1, below=0)


def rows(value: dict) -> list[tuple[str, int]]:
    return [(row["floor"], row["persons"]) for row in value["rows"]]


def test_floors_listed_with_figures_each_are_a_row_per_floor():
    message = (
        "Levels 3 to 9 are offices at 700 m² each, 76 a floor. B1 and B2 are parking garage, "
        "1,800 m² each at 46, so 40 each."
    )
    value = recorded("3.18", message, state=TOWER)
    # 700 ÷ 9.30 = 75.3 → 76 on each of seven floors; 1,800 ÷ 46 = 39.1 → 40 on each parking level
    assert [p for _, p in rows(value)] == [76] * 7 + [40, 40]
    assert [f for f, _ in rows(value)][-2:] == ["Basement", "Basement 2"]
    assert value["total"] == 76 * 7 + 80


def test_a_list_of_numbered_floors_per_floor_is_a_row_each():
    value = recorded("3.18", "floors 2, 3 and 4: offices 465 m2 per floor", state=OFFICE)
    assert rows(value) == [("Level 2", 50), ("Level 3", 50), ("Level 4", 50)]


def test_two_areas_of_one_floor_in_one_sentence_are_two_rows_on_it():
    message = (
        "On the main floor the leasing office is 186 m², counted as offices at 9.30, so 20, and the "
        "mailroom office behind it is 56 m², also at 9.30, so 7."
    )
    value = recorded("3.18", message, state=OFFICE)
    assert [p for _, p in rows(value)] == [20, 7]
    assert all(f.startswith("Ground floor") for f, _ in rows(value))


def test_a_closing_sum_is_the_total_not_a_row():
    message = (
        "racking 2,800 m2 @ 28 = 100\nfront office 120 m2 @ 9.3 = 13\n= 113 so well under the 300 we posted"
    )
    value = recorded("3.18", message, state=WAREHOUSE)
    assert [p for _, p in rows(value)] == [100, 13]
    assert value["total"] == 113
    for closing in ("That comes to 113.", "tot 113", "which gives 113 people in all"):
        value = recorded(
            "3.18", f"racking 2,800 m2 @ 28 = 100\nfront office 120 m2 @ 9.3 = 13\n{closing}", state=WAREHOUSE
        )
        assert value["total"] == 113, closing


def test_what_the_table_would_give_is_not_a_row_and_a_whole_building_design_number_is():
    message = (
        "It is a valve chamber building with one operator on a visit, so we are using a design occupant "
        "load of 4 for the whole building, posted at the door. The table's 4.6 m² a person would give "
        "about thirty, which makes no sense here."
    )
    result = reading("3.18", message, state=PLANT)
    assert result.complete, result.missing
    assert rows(result.value) == [("Whole building", 4)]


def test_a_note_of_the_rates_used_gives_the_rows_it_names_their_use():
    message = (
        "We've used warehouse storage at 28 m² per person for the racking bays and offices at 9.30 "
        "for the dispatch office:\nRacking bays: 2,240 m²\nDispatch office: 93 m²"
    )
    value = recorded("3.18", message, state=WAREHOUSE)
    # 2,240 ÷ 28 = 80; 93 ÷ 9.30 = 10
    assert [p for _, p in rows(value)] == [80, 10]
    assert [row["use"] for row in value["rows"]][1] == "offices"


def test_stores_at_the_storage_figure_are_storage():
    value = recorded("3.18", "bsmt stores + elec 920 m2 @ 46 = 20", state=OFFICE)
    assert [p for _, p in rows(value)] == [20]
    assert value["rows"][0]["use"] == "storage"


def test_suites_with_their_persons_and_seats_with_a_word_between():
    value = recorded("3.18", "L2 8 suites = 16\nL3 same as L2", state=APARTMENTS)
    assert [p for _, p in rows(value)] == [16, 16]
    hall = building(("A1",), ("3.2.2.20",), storeys=1, below=0)
    value = recorded("3.18", "Auditorium: 300 fixed stadium seats", state=hall)
    assert [p for _, p in rows(value)] == [300]
