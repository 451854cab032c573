"""Occupant load (3.18): Table 3.1.17.1 and Article 3.1.17.1, from the worked examples and by hand."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_core.engine.occupancy import CalcError, occupant_load
from wizard_core.engine.occupancy_data import DEFAULT_PATH, load_occupancy
from wizard_core.engine.occupancy_uses import Use, find_use, uses
from wizard_core.errors import ContentError, InputError

REFERENCE = "shared/reference/obc-2024-occupant-load-and-plumbing.md"

# Table 3.1.17.1 as read by hand from the reference (Part 1.2, 2012 text): key → m² per person.
TABLE = {
    "non_fixed_seats": 0.75,
    "stages": 0.75,
    "seats_and_tables": 0.95,
    "standing": 0.40,
    "stadia": 0.60,
    "bowling": 9.30,
    "classrooms": 1.85,
    "school_shops": 9.30,
    "reading_rooms": 1.85,
    "dining": 1.10,
    "school_labs": 4.60,
    "exhibition": 2.80,
    "detention": 11.60,
    "treatment": 10.00,
    "care_sleeping": 10.00,
    "dormitories": 4.60,
    "personal_service": 4.60,
    "offices": 9.30,
    "mercantile_first": 3.70,
    "mercantile_second": 3.70,
    "mercantile_dining": 1.10,
    "mercantile_other": 5.60,
    "manufacturing": 4.60,
    "storage_garages": 46.00,
    "warehouse": 28.00,
    "hangars": 46.00,
    "cleaning_repair": 4.60,
    "kitchens": 9.30,
    "storage": 46.00,
    "public_corridors": 3.70,
}
TABLE_USES = [u for u in uses() if u.basis == "table"]


def use(key: str) -> Use:
    return next(u for u in uses() if u.key == key)


# --- Part 5 worked examples: the occupant-load column -------------------------------------------------


def test_example_1_office_floor_930_m2() -> None:
    r = occupant_load("offices", 930)
    assert (r.persons, r.table_persons, r.posted_limit, r.based_on) == (
        100,
        100,
        False,
        "table: 9.30 m²/person",
    )
    assert r.articles == ("3.1.17.1.(1)(c)", "Table 3.1.17.1")
    assert r.working() == "930 m² ÷ 9.30 m²/person = 100 persons (Table 3.1.17.1, offices)"


def test_example_2_restaurant_design_number_with_posted_sign_and_the_06_cap() -> None:
    r = occupant_load("restaurant dining", 150, design=120)
    assert (r.persons, r.table_persons, r.posted_limit, r.based_on) == (120, 137, True, "design number")
    assert r.unrounded == pytest.approx(136.36, abs=0.01)
    assert "3.1.17.1.(7)" in r.articles and "3.1.17.1.(2)" in r.articles
    assert any("150 m² ÷ 0.6 = 250" in n for n in r.notes)
    assert any("1.20" in v for v in r.to_verify)  # the dining figure is uncertain for 2024
    assert "136.36 → 137" in r.working() and "sign must be posted" in r.working()


def test_example_3_classrooms_444_m2() -> None:
    assert occupant_load("classroom", 444).persons == 240


def test_example_4_retail_first_storey_1200_m2_rounds_up() -> None:
    r = occupant_load("sales floor", 1200)
    assert r.persons == 325 and r.unrounded == pytest.approx(324.32, abs=0.01)
    assert r.use == "mercantile: basements and first storeys"
    assert r.working() == (
        "1200 m² ÷ 3.70 m²/person = 324.32 → 325 persons "
        "(Table 3.1.17.1, mercantile: basements and first storeys)"
    )
    assert any("rounded up" in n for n in r.notes)


def test_example_5_live_theatre_380_fixed_seats() -> None:
    r = occupant_load("fixed seats", seats=380)
    assert (r.persons, r.based_on, r.posted_limit, r.table_persons) == (380, "fixed seats", False, None)
    assert r.articles == ("3.1.17.1.(1)(a)",)
    assert r.working() == "380 fixed seats = 380 persons (3.1.17.1.(1)(a), space with fixed seats)"


def test_example_6_warehouse_5600_m2_and_the_storage_row_it_must_not_be_confused_with() -> None:
    assert occupant_load("warehouse", 5600).persons == 200
    assert occupant_load("storage", 5600).persons == 122


@pytest.mark.parametrize(("area", "persons"), [(3000, 323), (120, 13), (200, 22)])
def test_examples_7_10_11_office_areas(area: float, persons: int) -> None:
    assert occupant_load("offices", area).persons == persons


def test_example_8_multi_purpose_hall_non_fixed_chairs_300_m2() -> None:
    assert occupant_load("multi-purpose hall", 300).persons == 400


def test_example_12_bar_90_m2() -> None:
    r = occupant_load("bar", 90)
    assert r.persons == 82 and r.use == "dining, alcoholic beverage and cafeteria space"


def test_example_15_apartment_floor_two_per_sleeping_room() -> None:
    r = occupant_load("dwelling units", sleeping_rooms=4 * 1 + 4 * 2 + 2 * 3)
    assert (r.persons, r.based_on, r.posted_limit) == (36, "2 per sleeping room", False)
    assert r.working() == "2 × 18 sleeping rooms = 36 persons (3.1.17.1.(1)(b), dwelling units)"


def test_rounding_per_room_and_per_floor_differ_as_the_reference_warns() -> None:
    per_room = sum(occupant_load("classrooms", 65).persons for _ in range(8))
    assert (per_room, occupant_load("classrooms", 8 * 65).persons) == (288, 282)


def test_the_brief_working_example() -> None:
    assert occupant_load("classrooms", 370).working() == (
        "370 m² ÷ 1.85 m²/person = 200 persons (Table 3.1.17.1, classrooms)"
    )


# --- Table 3.1.17.1 by hand ----------------------------------------------------------------------------


def test_the_table_holds_exactly_the_hand_read_figures() -> None:
    assert {u.key: u.m2_per_person for u in TABLE_USES} == TABLE
    assert {u.key: u.basis for u in uses() if u.basis != "table"} == {
        "fixed_seats": "fixed seats",
        "dwelling_units": "2 per sleeping room",
    }


@pytest.mark.parametrize("key", sorted(TABLE))
@pytest.mark.parametrize("k", [1, 7, 100])
def test_each_use_steps_up_exactly_at_its_row_edge(key: str, k: int) -> None:
    # k × (m² per person) is exactly k persons; a hair more is one more person.
    m2 = TABLE[key]
    at = occupant_load(use(key), round(k * m2, 2))
    assert at.persons == k and at.table_persons == k
    assert occupant_load(use(key), round(k * m2, 2) + 0.01).persons == k + 1


def test_every_use_is_the_2012_figure_and_to_be_verified() -> None:
    assert uses() and all(u.edition == "2012" and u.to_verify for u in uses())
    r = occupant_load("offices", 93)
    assert r.to_verify == ("Table 3.1.17.1, offices: 9.30 m²/person (2012 figure)",)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("classroom", "classrooms"),
        ("Classrooms", "classrooms"),
        ("offices", "offices"),
        ("Ground floor: Offices", "offices"),
        ("sales floor", "mercantile_first"),
        ("retail", "mercantile_first"),
        ("retail upper floor", "mercantile_other"),
        ("food court", "mercantile_dining"),
        ("warehouse storage", "warehouse"),
        ("storage", "storage"),
        ("storage garage", "storage_garages"),
        ("restaurant", "dining"),
        ("Bars", "dining"),
        ("school shop classroom", "school_shops"),
        ("science lab", "school_labs"),
        ("apartments", "dwelling_units"),
        ("fixed seating", "fixed_seats"),
        ("space with non-fixed seats and tables", "seats_and_tables"),
        ("standing room", "standing"),
        ("aircraft hangars", "hangars"),
    ],
)
def test_find_use_reads_plain_names(text: str, key: str) -> None:
    found = find_use(text)
    assert found is not None and found.key == key


@pytest.mark.parametrize("text", ["", "lobby", "swimming pool", "spaceship", "design"])
def test_find_use_returns_none_when_nothing_fits(text: str) -> None:
    assert find_use(text) is None


# --- design numbers, posted limits and the dining cap --------------------------------------------------


def test_a_design_number_equal_to_the_table_needs_no_sign() -> None:
    r = occupant_load("offices", 930, design=100)
    assert (r.persons, r.table_persons, r.posted_limit) == (100, 100, False)


@pytest.mark.parametrize("design", [50, 150])
def test_a_design_number_above_or_below_the_table_needs_a_sign(design: int) -> None:
    r = occupant_load("offices", 930, design=design)
    assert (r.persons, r.posted_limit) == (design, True)
    assert any(f"stating {design} persons" in n for n in r.notes)


def test_a_design_number_without_an_area_cannot_say_whether_a_sign_is_needed() -> None:
    r = occupant_load("offices", design=40)
    assert (r.persons, r.table_persons, r.posted_limit) == (40, None, False)


def test_design_alone_with_no_use_named() -> None:
    r = occupant_load("design", 200, design=50)
    assert (r.persons, r.use, r.based_on, r.posted_limit) == (50, "design number", "design number", False)


def test_the_dining_cap_is_inclusive_at_06_m2_per_person() -> None:
    assert occupant_load("dining", 60, design=100).persons == 100  # 60 ÷ 0.6 = 100
    with pytest.raises(CalcError) as caught:
        occupant_load("dining", 60, design=101)
    assert (
        caught.value.field == "design"
        and "0.6" in str(caught.value)
        and "100 persons at most" in str(caught.value)
    )


def test_the_cap_also_holds_for_mercantile_dining_and_for_seats_given_as_the_design_number() -> None:
    with pytest.raises(CalcError):
        occupant_load("food court", 30, design=51)
    r = occupant_load("restaurant", 150, seats=120)  # a dining space's seats are its design number
    assert (r.persons, r.based_on, r.posted_limit) == (120, "design number", True)


def test_seats_in_an_assembly_use_are_fixed_seats() -> None:
    r = occupant_load("classrooms", 100, seats=30)
    assert (r.persons, r.based_on) == (30, "fixed seats")
    assert any("gives 55 persons" in n for n in r.notes)  # 100 ÷ 1.85 = 54.05 → 55, for comparison


# --- bad input -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("area", [0, -5, math.nan, math.inf, True, "100"])
def test_a_bad_area_is_refused(area: object) -> None:
    with pytest.raises(CalcError) as caught:
        occupant_load("offices", area)  # type: ignore[arg-type]
    assert caught.value.field == "area_m2"


def test_an_unknown_use_names_some_known_uses() -> None:
    with pytest.raises(CalcError) as caught:
        occupant_load("spaceship", 100)
    error = caught.value
    assert error.field == "use" and "not a use of Table 3.1.17.1" in str(error) and "offices" in str(error)
    assert len(str(error)) < 300
    assert isinstance(error, ValueError) and isinstance(error, InputError)


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: occupant_load("offices"), "area_m2"),
        (lambda: occupant_load("fixed seats", 100), "seats"),
        (lambda: occupant_load("fixed seats", seats=-1), "seats"),
        (lambda: occupant_load("dwelling units", 80), "sleeping_rooms"),
        (lambda: occupant_load("dwelling units", sleeping_rooms=-2), "sleeping_rooms"),
        (lambda: occupant_load("offices", 100, seats=10), "seats"),
        (lambda: occupant_load("offices", 100, sleeping_rooms=3), "sleeping_rooms"),
        (lambda: occupant_load("offices", 100, design=0), "design"),
        (lambda: occupant_load("fixed seats", design=100), "seats"),
        (lambda: occupant_load("fixed seats", seats=100, design=90), "design"),
        (lambda: occupant_load("dwelling units", sleeping_rooms=3, design=4), "design"),
        (lambda: occupant_load("design", 100), "design"),
        (lambda: occupant_load("offices", 100, seats=2.5), "seats"),  # type: ignore[arg-type]
    ],
)
def test_inputs_that_cannot_be_used(call: object, field: str) -> None:
    with pytest.raises(CalcError) as caught:
        call()  # type: ignore[operator]
    assert caught.value.field == field and str(caught.value)


# --- the content file ----------------------------------------------------------------------------------


def test_the_content_file_is_the_2024_file_and_loads_strictly() -> None:
    data = load_occupancy()
    assert data.edition == "2024" and data.regulation == "O. Reg. 163/24"
    assert data.rule("dining_cap").value == 0.6 and data.rule("sleeping_rooms").value == 2


def test_a_missing_or_broken_content_file_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError):
        load_occupancy(tmp_path / "absent.json")
    raw = json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    raw["occupant_load"]["uses"][0]["edition"] = "2024"  # marked 2024 but still to_verify: inconsistent
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_occupancy(bad)
    assert "invalid at occupant_load.uses.0" in str(caught.value)


# --- properties ----------------------------------------------------------------------------------------


@given(
    st.sampled_from(TABLE_USES),
    st.floats(0.1, 50_000, allow_nan=False),
    st.floats(0, 5_000, allow_nan=False),
)
def test_more_area_never_gives_fewer_persons(u: Use, area: float, more: float) -> None:
    small, large = occupant_load(u, area), occupant_load(u, area + more)
    assert large.persons >= small.persons >= 1
    assert isinstance(small.persons, int)
    assert small.unrounded is not None and small.persons - 1 < small.unrounded <= small.persons + 1e-6
