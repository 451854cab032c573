"""Plumbing fixtures (3.23): Subsection 3.7.4 and Tables 3.8.2.3.A/B, from the worked examples and by hand."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_core.engine.barrier_free import bf_stalls, universal_washrooms
from wizard_core.engine.occupancy import CalcError
from wizard_core.engine.occupancy_data import DEFAULT_PATH, load_occupancy
from wizard_core.engine.plumbing import FixtureResult, fixtures
from wizard_core.errors import ContentError


def wcs(r: FixtureResult) -> tuple[int, int, int]:
    return r.wc_male, r.wc_female, r.wc_required


def staff(r: FixtureResult) -> tuple[int | None, int | None, int | None]:
    return r.employee_wc_male, r.employee_wc_female, r.employee_lavatories


# --- Part 5 worked examples: the fixture columns -------------------------------------------------------


def test_example_1_office_930_m2_counts_fixtures_at_14_m2_per_person() -> None:
    r = fixtures("D", 100, area_m2=930)
    assert (r.persons, r.fixture_persons, r.male, r.female) == (100, 67, 34, 34)
    assert wcs(r) == (3, 3, 6) and not r.unisex and r.lavatories is None
    assert r.sentence == "3.7.4.7.(1), Table 3.7.4.7"
    assert any("up to 2 of the 3 male" in n for n in r.notes)
    assert any("3.7.4.2.(7)" in n for n in r.notes)
    assert {"Table 3.7.4.7 (2012 figures)", "3.7.4.2.(1) (2012 text)"} <= set(r.to_verify)
    assert "930 m² ÷ 14 m²/person = 66.43 → 67" in r.working() and "row 25–49 → 3" in r.working()
    # the egress load used by mistake would give 50/50 → row 50–74
    wrong = fixtures("D", 100)
    assert wcs(wrong)[:2] == (4, 4) and any("give the area" in n for n in wrong.notes)
    assert (bf_stalls(3, universal_within_45m=True), bf_stalls(3)) == (0, 1)


def test_example_2_restaurant_120_seats_with_12_staff() -> None:
    r = fixtures("A2", 120, use="restaurant", employees=12)
    assert (r.male, r.female) == (60, 60) and wcs(r) == (2, 2, 4)
    assert staff(r) == (1, 1, 2)  # Table 3.7.4.3.F row 1–9: 1 WC and 1 lavatory per sex
    assert r.sentence == "3.7.4.3.(4), Table 3.7.4.3.D; 3.7.4.3.(6), Table 3.7.4.3.F"
    assert wcs(fixtures("A2", 137, use="restaurant"))[:2] == (2, 2)  # the table load 137 → 69/69
    assert wcs(fixtures("A2", 125, use="restaurant"))[:2] == (2, 2)  # at 1.20 m²/person: 125 → 63/63


def test_example_3_school_240_persons() -> None:
    r = fixtures("A2", 240, use="classrooms")
    assert (r.male, r.female, r.sentence) == (120, 120, "3.7.4.3.(14)")
    assert wcs(r) == (4, 5, 9)
    assert any("up to 2 of the 4 male" in n for n in r.notes)
    assert "3.7.4.3.(14): part increments counted as whole ones (the code states no rule)" in r.to_verify


def test_example_4_retail_1200_m2_with_20_employees() -> None:
    r = fixtures("E", 325, area_m2=1200, employees=20)
    assert (r.male, r.female) == (163, 163) and wcs(r) == (1, 2, 3)
    assert staff(r) == (2, 2, None)  # Table 3.7.4.8 row 10–24
    assert r.sentence == "3.7.4.8.(2); 3.7.4.8.(1), Table 3.7.4.8"
    assert any("open to the public count" in n for n in r.notes)
    no_staff = fixtures("E", 325, area_m2=1200)
    assert staff(no_staff) == (None, None, None) and any("Table 3.7.4.8" in n for n in no_staff.notes)


def test_example_5_live_theatre_and_the_cinema_alternative() -> None:
    r = fixtures("A1", 380)
    assert (r.male, r.female, r.sentence) == (190, 190, "3.7.4.3.(2), Table 3.7.4.3.B")
    assert wcs(r) == (4, 8, 12)
    cinema = fixtures("A1", 380, use="motion picture theatre")
    assert cinema.sentence == "3.7.4.3.(3), Table 3.7.4.3.C" and wcs(cinema) == (3, 3, 6)
    assert bf_stalls(8) == 1 and universal_washrooms(3) == 1


def test_example_6_warehouse_sets_lavatories_directly() -> None:
    r = fixtures("F2", 200)
    assert wcs(r) == (5, 5, 10) and r.lavatories == 10 and r.sentence == "3.7.4.9.(1), Table 3.7.4.9"
    assert wcs(fixtures("F3", 122))[:2] == (4, 4)  # the general storage row: 122 → 61/61


def test_example_7_office_3000_m2_beyond_the_table() -> None:
    r = fixtures("D", 323, area_m2=3000)
    assert (r.fixture_persons, r.male, r.female) == (215, 108, 108) and wcs(r) == (7, 7, 14)
    assert "108 M over 100: 6 + ⌈8 ÷ 30⌉ = 7" in r.working()
    assert any("whole ones only: 6" in n for n in r.notes)
    assert "Table 3.7.4.7: part increments counted as whole ones (the code states no rule)" in r.to_verify


def test_example_8_multi_purpose_hall_400_persons() -> None:
    assert wcs(fixtures("A2", 400, use="space with non-fixed seats")) == (4, 8, 12)


@pytest.mark.parametrize(("persons", "male", "female"), [(1000, 8, 14), (900, 8, 14)])
def test_example_9_large_assembly_over_400(persons: int, male: int, female: int) -> None:
    assert wcs(fixtures("A2", persons))[:2] == (male, female)


def test_example_10_small_office_one_water_closet_for_both_sexes() -> None:
    r = fixtures("D", 13, area_m2=120)
    assert r.fixture_persons == 9 and r.unisex and r.wc_required == 1
    assert r.sentence == "3.7.4.7.(1), Table 3.7.4.7; 3.7.4.7.(2)"
    assert "3.7.4.7.(2) (2012 text)" in r.to_verify


def test_example_11_group_d_suite_200_m2_may_swap_for_a_universal_washroom() -> None:
    r = fixtures("D", 22, area_m2=200)
    assert (r.fixture_persons, r.male, r.female) == (15, 8, 8) and wcs(r) == (1, 1, 2) and not r.unisex
    assert any("3.7.4.2.(8)" in n for n in r.notes)


def test_example_12_bar_82_persons() -> None:
    r = fixtures("A2", 82, use="bar")
    assert (r.male, r.female, r.sentence) == (41, 41, "3.7.4.3.(5), Table 3.7.4.3.E") and wcs(r) == (2, 2, 4)
    assert any("separate employee washrooms" in n for n in r.notes)
    assert wcs(fixtures("A2", 75, use="bar"))[:2] == (2, 2)  # at 1.20 m²/person


@pytest.mark.parametrize(
    ("storeys", "washrooms"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 4), (9, 4), (12, 5)]
)
def test_example_13_universal_washrooms_per_building(storeys: int, washrooms: int) -> None:
    assert universal_washrooms(storeys) == washrooms


@pytest.mark.parametrize(
    ("wcs_in_room", "stalls"), [(3, 1), (4, 1), (9, 1), (12, 2), (18, 3), (25, 4), (31, 6)]
)
def test_example_14_barrier_free_stalls_per_washroom(wcs_in_room: int, stalls: int) -> None:
    assert bf_stalls(wcs_in_room) == stalls


def test_example_15_apartment_floor_counts_per_dwelling_unit() -> None:
    r = fixtures("C", 36)
    assert wcs(r) == (0, 0, 0) and r.sentence == "3.7.4.5.(1)"
    assert any(n.startswith("per dwelling unit") for n in r.notes)
    assert r.working() and "3.7.4.5.(1) (2012 text)" in r.to_verify


# --- each table by hand: first row, a middle row edge, the "over" increments ---------------------------
# Loads are even so the 50:50 split gives the stated persons of each sex.


@pytest.mark.parametrize(
    ("group", "use", "persons", "male", "female"),
    [
        # Table 3.7.4.3.A: rows 1–25 (1/1), 26–50 (1/2); 101–125 (3/5) | 126–150 (3/6);
        # over 400: +1 per 200 M and per 100 F
        ("A2", None, 50, 1, 1),
        ("A2", None, 52, 1, 2),
        ("A2", None, 250, 3, 5),
        ("A2", None, 252, 3, 6),
        ("A2", None, 800, 6, 12),
        ("A2", None, 802, 8, 14),
        ("A2", None, 1200, 8, 15),
        ("A2", None, 1202, 9, 16),
        # Table 3.7.4.3.B: row 1–50 (1/2), then as Table A
        ("A1", None, 100, 1, 2),
        ("A1", None, 102, 2, 3),
        ("A1", None, 802, 8, 14),
        # Table 3.7.4.3.C: 1–50 (1), 51–150 (2), 376–500 (5); over 500: 6 + 1 per 150
        ("A3", None, 100, 1, 1),
        ("A4", None, 102, 2, 2),
        ("A3", None, 1000, 5, 5),
        ("A3", None, 1002, 7, 7),
        ("A3", None, 1300, 7, 7),
        ("A3", None, 1302, 8, 8),
        # Table 3.7.4.3.D: 1–20 (1), 21–70 (2), 376–425 (11); over 425: 12 + 1 per 50
        ("A2", "restaurant", 40, 1, 1),
        ("A2", "cafeteria", 42, 2, 2),
        ("A2", "dining room", 850, 11, 11),
        ("A2", "restaurant", 852, 13, 13),
        ("A2", "restaurant", 950, 13, 13),
        ("A2", "restaurant", 952, 14, 14),
        ("E", "restaurant", 852, 13, 13),  # a mercantile restaurant follows 3.7.4.3 (3.7.4.8.(4))
        # Table 3.7.4.3.E: 1–50 (2), 51–70 (3), 221–260 (9); over 260: 10 + 1 per 40
        ("A2", "bar", 100, 2, 2),
        ("A2", "pub", 102, 3, 3),
        ("A2", "tavern", 520, 9, 9),
        ("A2", "bar", 522, 11, 11),
        ("A2", "bar", 600, 11, 11),
        ("A2", "bar", 602, 12, 12),
        # Table 3.7.4.9 (the standard table): up to 9 (1), 10–24 (2), 25–49 (3) | 50–74 (4), 75–100 (5);
        # over 100: 6 + 1 per 30
        ("F1", None, 18, 1, 1),
        ("F1", None, 20, 2, 2),
        ("F2", None, 98, 3, 3),
        ("F2", None, 100, 4, 4),
        ("F3", None, 200, 5, 5),
        ("F3", None, 202, 7, 7),
        ("F3", None, 260, 7, 7),
        ("F3", None, 262, 8, 8),
        # Table 3.7.4.6 (residential other than dwelling units), same figures
        ("C", "dormitory", 18, 1, 1),
        ("C", "boarding house", 20, 2, 2),
        ("C", "dormitories", 202, 7, 7),
        # Table 3.7.4.7 (Group D, no area given: the load as given)
        ("D", None, 48, 2, 2),
        ("D", None, 50, 3, 3),
        ("D", None, 202, 7, 7),
        # per-N rules: schools 30 M / 26 F; dance halls and colleges 100 / 75; worship 150 each
        ("A2", "school", 60, 1, 2),
        ("A2", "elementary school", 62, 2, 2),
        ("A2", "dance hall", 200, 1, 2),
        ("A2", "college", 202, 2, 2),
        ("A2", "church", 300, 1, 1),
        ("A2", "funeral home", 302, 2, 2),
        # 3.7.4.8.(2): 1 per 300 M, 1 per 150 F (no area given: no cap)
        ("E", None, 600, 1, 2),
        ("E", None, 602, 2, 3),
    ],
)
def test_table_rows_by_hand(group: str, use: str | None, persons: int, male: int, female: int) -> None:
    r = fixtures(group, persons, use=use)
    assert (r.wc_male, r.wc_female) == (male, female)
    assert r.wc_required == male + female


def test_table_3_7_4_3_f_employees_first_row_edge_and_over() -> None:
    # 1–9 (1), 10–24 (2); over 100: 6 + 1 per 30 — WCs and lavatories alike
    assert staff(fixtures("A2", 100, use="restaurant", employees=18)) == (1, 1, 2)
    assert staff(fixtures("A2", 100, use="restaurant", employees=20)) == (2, 2, 4)
    assert staff(fixtures("A2", 100, use="restaurant", employees=200)) == (5, 5, 10)
    assert staff(fixtures("A2", 100, use="restaurant", employees=202)) == (7, 7, 14)


def test_table_3_7_4_4_counts_employees_in_b2_and_b3() -> None:
    r = fixtures("B2", 120, employees=30)  # 15 / 15 → row 10–24 → 2 each
    assert (r.fixture_persons, r.male, r.female) == (30, 15, 15) and wcs(r) == (2, 2, 4)
    assert r.sentence == "3.7.4.4.(3), Table 3.7.4.4"
    assert any("at most 4 patients" in n for n in r.notes)
    # one-fifth of 2 allows no urinal, but 3.7.4.2.(4) lets 1 of exactly 2 be one in any occupancy
    assert any("up to 1 of the 2 male water closets (3.7.4.2.(4))" in n for n in r.notes)
    big = fixtures("B2", 500, employees=202)  # 101 M → 7 WCs; one-fifth → 1 urinal
    assert any("up to 1 of the 7 male water closets in hospitals" in n for n in big.notes)
    assert wcs(fixtures("B3", 500, employees=202))[:2] == (7, 7)
    bare = fixtures("B3", 60)
    assert wcs(bare) == (0, 0, 0) and any("give their number" in n for n in bare.notes) and bare.working()


def test_table_3_7_4_8_employees_of_a_shop() -> None:
    assert staff(fixtures("E", 100, employees=18)) == (1, 1, None)
    assert staff(fixtures("E", 100, employees=202)) == (7, 7, None)


def test_group_b1_has_no_table() -> None:
    r = fixtures("B1", 40)
    assert wcs(r) == (0, 0, 0) and r.sentence == "3.7.4.4.(1)" and "special needs" in r.working()


# --- the small-occupancy and staff rules ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("group", "persons", "area", "use", "unisex"),
    [
        ("A2", 10, None, None, True),  # 3.7.4.2.(9)
        ("A2", 11, None, None, False),
        ("A1", 10, None, None, True),
        ("A2", 10, None, "restaurant", True),
        ("A2", 8, None, "school", False),  # the exceptions of 3.7.4.2.(9)
        ("A2", 8, None, "place of worship", False),
        ("A2", 8, None, "undertaking premises", False),
        ("D", 99, 140, None, True),  # 3.7.4.7.(2): 140 ÷ 14 = 10
        ("D", 99, 141, None, False),  # 11
        ("D", 10, None, None, True),
        ("E", 9, None, None, True),  # 3.7.4.8.(3)
        ("E", 10, None, None, False),
        ("E", 10, 300, None, True),
        ("E", 10, 301, None, False),
        ("F2", 10, None, None, True),  # 3.7.4.9.(2)
        ("F2", 11, 300, None, True),
        ("F2", 11, 301, None, False),
        ("C", 4, None, "dormitory", False),  # no such rule for residential
    ],
)
def test_one_water_closet_for_both_sexes(
    group: str, persons: int, area: float | None, use: str | None, unisex: bool
) -> None:
    r = fixtures(group, persons, area_m2=area, use=use)
    assert r.unisex is unisex
    assert r.wc_required == (1 if unisex else r.wc_male + r.wc_female)


def test_an_industrial_unisex_room_has_one_lavatory() -> None:
    r = fixtures("F1", 6)
    assert r.unisex and r.wc_required == 1 and r.lavatories == 1


def test_a_shop_of_600_m2_or_less_needs_at_most_one_water_closet_per_sex() -> None:
    assert wcs(fixtures("E", 1000, area_m2=600))[:2] == (1, 1)
    assert wcs(fixtures("E", 1000, area_m2=601))[:2] == (2, 4)  # 500 M ÷ 300, 500 F ÷ 150


def test_forty_seats_or_fewer_staff_share_and_the_table_is_d() -> None:
    r = fixtures("A2", 40, use="restaurant", employees=6)  # 20 + 3 per sex → row 21–70
    assert wcs(r) == (2, 2, 4) and staff(r) == (None, None, None)
    assert r.sentence == "3.7.4.3.(7), Table 3.7.4.3.D"
    bar = fixtures("A2", 40, use="bar", employees=0)  # 3.7.4.3.(7) names Table D even for a bar
    assert wcs(bar)[:2] == (1, 1)
    assert wcs(fixtures("A2", 40, use="bar"))[:2] == (2, 2)  # no staff count: the bar's own Table E
    assert any("3.7.4.3.(7)" in n for n in fixtures("A2", 40, use="restaurant").notes)


def test_five_staff_or_fewer_may_share_one_staff_washroom() -> None:
    assert any("3.7.4.3.(8)" in n for n in fixtures("A2", 60, use="restaurant", employees=5).notes)
    assert not any("3.7.4.3.(8)" in n for n in fixtures("A2", 60, use="restaurant", employees=6).notes)


def test_the_male_share_can_be_set() -> None:
    r = fixtures("A2", 200, male_pct=100)
    assert (r.male, r.female, r.wc_female) == (200, 0, 0) and r.wc_male == 4
    r = fixtures("D", 67, male_pct=60)  # 40.2 → 41 M, 26.8 → 27 F
    assert (r.male, r.female) == (41, 27)


def test_a_use_the_group_has_no_rule_for_is_noted() -> None:
    r = fixtures("D", 60, use="classroom")
    assert r.sentence == "3.7.4.7.(1), Table 3.7.4.7" and any("does not change" in n for n in r.notes)


@pytest.mark.parametrize("group", ["a-2", "A2", "a 2", "Group A, Division 2", "A-2", "A"])
def test_group_spellings(group: str) -> None:
    r = fixtures(group, 400)
    assert r.sentence == "3.7.4.3.(1), Table 3.7.4.3.A" and wcs(r)[:2] == (4, 8)


# --- bad input -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"group": "G1", "persons": 10}, "group"),
        ({"group": "X", "persons": 10}, "group"),
        ({"group": "", "persons": 10}, "group"),
        ({"group": "B", "persons": 10}, "group"),
        ({"group": "A5", "persons": 10}, "group"),
        ({"group": "D", "persons": -1}, "persons"),
        ({"group": "D", "persons": 2.5}, "persons"),
        ({"group": "D", "persons": 10, "male_pct": 120}, "male_pct"),
        ({"group": "D", "persons": 10, "male_pct": math.nan}, "male_pct"),
        ({"group": "D", "persons": 10, "area_m2": 0}, "area_m2"),
        ({"group": "D", "persons": 10, "employees": -3}, "employees"),
        ({"group": "A2", "persons": 30, "use": "child care"}, "use"),
        ({"group": "A2", "persons": 30, "use": "daycare centre"}, "use"),
    ],
)
def test_inputs_that_cannot_be_used(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(CalcError) as caught:
        fixtures(**kwargs)  # type: ignore[arg-type]
    assert caught.value.field == field and str(caught.value)


def test_group_g_is_named_in_the_message() -> None:
    with pytest.raises(CalcError, match="Group G2"):
        fixtures("G-2", 10)


@pytest.mark.parametrize(("call", "field"), [(lambda: universal_washrooms(0), "storeys"),
                                             (lambda: bf_stalls(-1), "wcs_in_washroom")])  # fmt: skip
def test_bad_counts_for_section_3_8(call: object, field: str) -> None:
    with pytest.raises(CalcError) as caught:
        call()  # type: ignore[operator]
    assert caught.value.field == field


# --- Tables 3.8.2.3.A and B by hand --------------------------------------------------------------------


@pytest.mark.parametrize(("storeys", "washrooms"), [(1, 1), (3, 1), (4, 2), (6, 2), (7, 4), (10, 5), (13, 6)])
def test_table_3_8_2_3_a_edges(storeys: int, washrooms: int) -> None:
    assert universal_washrooms(storeys) == washrooms


@pytest.mark.parametrize(
    ("wcs_in_room", "near", "stalls"),
    [(0, False, 0), (1, False, 1), (1, True, 0), (3, True, 0), (4, True, 1), (9, False, 1), (10, False, 2),
     (16, False, 2), (17, False, 3), (20, False, 3), (21, False, 4), (30, True, 4), (40, False, 6),
     (41, False, 7)],
)  # fmt: skip
def test_table_3_8_2_3_b_edges(wcs_in_room: int, near: bool, stalls: int) -> None:
    assert bf_stalls(wcs_in_room, near) == stalls


# --- the data: ordered tables, editions ----------------------------------------------------------------


def test_every_table_row_is_ordered_and_non_decreasing() -> None:
    for table in load_occupancy().tables:
        assert table.rows[0].min == 1, table.id
        last = dict.fromkeys(table.columns, 0)
        for before, row in zip([None, *table.rows], table.rows, strict=False):
            assert before is None or row.min == before.max + 1, (table.id, row.label)
            assert row.max >= row.min
            for column in table.columns:
                assert row.values[column] >= last[column], (table.id, row.label, column)
                last[column] = row.values[column]
        assert table.over.over == table.rows[-1].max
        for column, step in table.over.values.items():
            assert step.base >= last[column] and step.per >= 1, (table.id, column)


def test_the_tables_carry_every_figure_of_the_reference() -> None:
    ids = {t.id for t in load_occupancy().tables}
    assert ids == {"3.7.4.3.A", "3.7.4.3.B", "3.7.4.3.C", "3.7.4.3.D", "3.7.4.3.E", "3.7.4.3.F", "3.7.4.4",
                   "3.7.4.6", "3.7.4.7", "3.7.4.8", "3.7.4.9", "3.8.2.3.A", "3.8.2.3.B"}  # fmt: skip
    assert all(t.edition == "2012" and t.to_verify for t in load_occupancy().tables)
    ages = [(r.ages, r.per_male, r.per_female) for r in load_occupancy().plumbing.child_care.rows]
    assert ages == [("under 2", 10, 10), ("2 to 5", 10, 10), ("6 to 9", 15, 15), ("over 9", 30, 26)]
    assert load_occupancy().rule("group_d_area").value == 14


def test_a_table_that_falls_is_refused(tmp_path: Path) -> None:
    raw = json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    raw["tables"][0]["rows"][1]["values"]["male"] = 0
    bad = tmp_path / "falling.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ContentError, match="falls"):
        load_occupancy(bad)


# --- properties ----------------------------------------------------------------------------------------

ROUTES = [
    ("A1", None), ("A2", None), ("A3", None), ("A2", "restaurant"), ("A2", "bar"), ("A2", "school"),
    ("A2", "dance hall"), ("A2", "college"), ("A2", "church"), ("B2", None), ("C", None), ("C", "dormitory"),
    ("D", None), ("E", None), ("E", "restaurant"), ("F1", None),
]  # fmt: skip


@given(
    st.sampled_from(ROUTES),
    st.integers(0, 5_000),
    st.integers(0, 2_000),
    st.sampled_from([50.0, 0.0, 100.0, 37.5]),
    st.sampled_from([None, 250.0, 900.0]),
)
def test_more_persons_never_need_fewer_water_closets(
    route: tuple[str, str | None], persons: int, more: int, male_pct: float, area: float | None
) -> None:
    group, use = route
    employees = persons if group == "B2" else None
    area = None if group == "D" else area  # Group D's area sets its load
    a = fixtures(group, persons, use=use, male_pct=male_pct, area_m2=area, employees=employees)
    b = fixtures(group, persons + more, use=use, male_pct=male_pct, area_m2=area,
                 employees=None if employees is None else persons + more)  # fmt: skip
    assert b.wc_male >= a.wc_male and b.wc_female >= a.wc_female and b.wc_required >= a.wc_required
    for r in (a, b):
        counts = (r.wc_male, r.wc_female, r.wc_required, r.male, r.female, r.fixture_persons)
        assert all(isinstance(n, int) and n >= 0 for n in counts)
        assert r.lavatories is None or r.lavatories >= 0


@given(st.integers(1, 200), st.integers(0, 50))
def test_section_3_8_counts_never_fall(n: int, more: int) -> None:
    assert universal_washrooms(n + more) >= universal_washrooms(n) >= 1
    for near in (False, True):
        assert bf_stalls(n + more, near) >= bf_stalls(n, near) >= 0
