"""Kinds a round of new buildings (round h33: a consultant pasting the model's schedules as quoted
comma-separated rows, and one who thinks out loud before concluding) found past the readers on its first
run, fixed as kinds and tested in words of their own.

- Rows exported as quoted cells ('"L01 - GROUND","DINING","104.250 m²"') are a table at the items
  answered in rows.
- A message that reasons its way to a conclusion is read from the conclusion: 'B2 only.', '…, so it's
  SC1.', 'so four streets', 'so combustible permitted, and what's built is noncombustible', a closing
  'none.' or 'no alternative solutions.'; a figure of a dropped scheme or another building set aside.
- 'One major occupancy, E' keeps the rooms in E; a group of the existing phase is the former use.
- 3.20: a count opening the message ('two. the front door …').
- 3.25: no dwelling units at all is 'not applicable'; 'ASTC 47 is the option' names the one chosen.
- 3.21: what the articles ask, then the rating built.
- 3.23: a count followed by its sum ('2 in the men's and 3 in the women's, 5 in all'), a row named by its
  occupant load having none of its own, and the universal washroom named in the singular.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import building, load_row, reading
from tests.answers.support import FORMS, state_with
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


def test_quoted_rows_of_an_export_are_read_as_a_table():
    state = building(("A2",), ("3.2.2.25",), storeys=2, below=0)
    message = (
        '"Level","Room","Area","Rate","Persons"\n'
        '"L01 - MAIN","HALL","215.400 m²","0.95","227"\n'
        '"L02 - UPPER","OFFICE","96.000 m²","9.30","11"\n'
        "Total 238, rounded up per room."
    )
    result = reading("3.18", message, state=state)
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    assert [(row["persons"], row["area_m2"]) for row in value["rows"]] == [(227, 215.4), (11, 96.0)]


def test_what_the_articles_ask_then_the_rating_built():
    state = building(("D", "C"), ("3.2.2.62", "3.2.2.50"), storeys=2, below=0, actual="Combustible")
    message = (
        '"Assembly","Rating"\n"FLOORS","1 h"\n"ROOF","none"\n'
        "The article only wants 45 min at the floor, but it separates the clinic from the flats "
        "so it's built 1 h."
    )
    assemblies = reading("3.21", message, state=state).value["assemblies"]
    rows = {row["assembly"]: row["rating_h"] for row in assemblies}
    assert rows["floors"] == 1.0 and rows["roof"] == 0.0


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        (
            "it's a care and treatment building, b2, no question. i did wonder whether the outpatient "
            "waiting room reads as an a2 assembly space, but it's small and it serves the clinic. B2 only.",
            ["B2"],
        ),
        ("Single major occupancy, F2 - joinery shop. Offices, lunchroom, showroom serve the shop.", ["F2"]),
    ],
)
def test_the_groups_a_reasoned_message_concludes_on(message, groups):
    result = _read("3.02", message)
    assert result.value == groups and result.confidence < 0.9


def test_a_group_of_the_existing_phase_is_the_former_use():
    message = 'D - offices. In the model the rooms were "F2" in the existing phase; all "D" in the new phase.'
    assert _read("3.02", message, {"3.01": "Change of use"}).value == ["D"]


@pytest.mark.parametrize(
    ("message", "count"),
    [
        (
            "only one public street, mill street, along the front. but the fire route runs round the east "
            "end and the back, built to 3.2.5.6, so we count it: 60 + 25 + 60 = 145 m of 170 m, 85%, "
            "so three streets. not that the article needs them.",
            3,
        ),
        (
            "the side road is 40% of the perimeter, short of the 50% we'd need to call it two streets, and "
            "the lane isn't a fire route. one street. the article only asks for 25% anyway.",
            1,
        ),
    ],
)
def test_the_count_a_reasoned_message_concludes_on(message, count):
    result = _read("3.09", message)
    assert result.value == count and result.confidence < 0.8


@pytest.mark.parametrize(
    ("message", "category"),
    [
        (
            "the engineer's letter says sc2. i thought the clay might push it to sc3, but the piles reach "
            "rock, so it's sc2.",
            "SC2",
        ),
        ("sc1, per the structural letter. they mentioned sc2 only for the tower scheme we dropped.", "SC1"),
    ],
)
def test_the_category_a_reasoned_message_ends_or_opens_on(message, category):
    result = _read("3.17", message)
    assert result.value == category and result.confidence < 0.8


def test_a_message_hedging_between_two_categories_is_asked():
    assert _read("3.17", "SC2, or SC3 if the soils report comes back worse.").value is None


@pytest.mark.parametrize(
    ("message", "actual"),
    [
        (
            "the article allows combustible. the old drawings showed timber trusses, but the roof we opened "
            "up is open-web steel on masonry. so combustible is permitted, but what's built is "
            "noncombustible.",
            "Noncombustible",
        ),
        ("Combustible permitted. Masonry walls, timber joists and roof -> combustible. No HT", "Combustible"),
        (
            "Combustible permitted. Concrete block walls -> noncombustible, glulam roof -> combustible. "
            "No HT.",
            "Combustible and noncombustible",
        ),
    ],
)
def test_the_construction_built_after_the_reasoning(message, actual):
    assert _read("3.15", message).value["actual"] == actual


@pytest.mark.parametrize(
    ("message", "count"),
    [
        (
            "three. the front doors, the side door off the lot and the daycare entrance, all with operators. "
            "no hazardous substances.",
            3,
        ),
        ("one: the ramp entrance at the back. the front is up six steps. no hazardous substances here.", 1),
    ],
)
def test_a_count_opening_the_entrances_answer(message, count):
    assert _read("3.20", message).value == {"barrier_free_entrances": count, "hazardous_substances": False}


def test_no_dwelling_units_at_all_is_not_applicable_and_one_is_not():
    gone = "the old janitor's suite is gone and the offices have nothing residential. no dwelling units."
    none = _read("3.25", gone)
    assert none.complete and none.value is None
    one = _read("3.25", "One dwelling unit (the owner's flat over the shop), nothing to separate it from.")
    assert one.value["more_than_one_dwelling_unit"] is False


def test_the_sound_option_named_as_the_one_chosen():
    message = "yes, 40 suites. stc 50 walls pass on paper but flanking is poor. so astc 47 is the route."
    assert _read("3.25", message).value["option"] == "ASTC 47"


@pytest.mark.parametrize(
    ("section", "message", "applies"),
    [
        ("3.26", "i checked the travel distance on the mezzanine, 38 m against 45 allowed. none.", False),
        ("3.26", "we checked the stair headroom, it meets 3.4.6. so nothing, no alternative solutions.", 0),
        ("3.06", "they call the shelf over the cooler a loft, no one stands on it. so no mezzanine.", 0),
        ("3.26", "The exit stair width follows report AS-2 by the fire engineer. Nothing else.", True),
        ("3.22", "east: 300 m², ld 4.0 m, 8%, 1 h. west: 300 m², ld 2.0 m. no openings on that side.", 1),
    ],
)
def test_a_reasoned_message_closing_on_none(section, message, applies):
    assert says_not_applicable(message, FORMS.get_item(section)) is not bool(applies)


def test_the_degree_days_concluded_before_the_zone_and_not_a_year():
    message = "not in sb-1; the two nearest are 4,610 and 4,720. i'll take the colder, so 4,720. zone 6."
    value = _read("3.24", message).value
    assert value["degree_days"] == 4720 and value["climate_zone"] == "6"
    assert _read("3.24", "OBC 2024. Zone 6, HDD to follow.").value["degree_days"] is None


@pytest.mark.parametrize(
    ("message", "area"),
    [
        (
            "62.0 m by 25.0 m, 1,550 m². an early option had a wing at about 1,900 m², which would have "
            "needed sprinklers; dropped. all new.",
            {"existing": 0, "new": 1550, "total": 1550},
        ),
        (
            "old hall 30.0 by 20.0, 600 m²; the new gym 24.0 by 20.0, 480 m². total 1,080 m². (the "
            "church's fundraising sheet says about 1,200, which counts the porch.)",
            {"existing": 600, "new": 480, "total": 1080},
        ),
    ],
)
def test_a_rough_figure_of_something_else_beside_the_exact_one(message, area):
    assert _read("3.04", message, {"3.01": "Addition"}).value == area


def _fixtures_state():
    rows = [
        load_row("Ground floor", "A2", "dining", 180.0, 190, "table: 0.95 m²/person"),
        load_row("Ground floor", "A2", "kitchen", 75.0, 9, "table: 9.30 m²/person"),
        load_row("Ground floor", "A2", "storage", 90.0, 2, "table: 46.00 m²/person"),
        load_row("Level 2", "A2", "function room", 150.0, 158, "table: 0.95 m²/person"),
    ]
    return building(("A2",), ("3.2.2.25",), storeys=2, below=0, **{"3_18": {"rows": rows, "total": 359}})


def test_fixtures_said_with_their_sums_and_rows_with_none_of_their_own():
    message = (
        "50:50. the diners (190) use the front washrooms, 2 wcs in the men's and 3 in the women's, 5 in all, "
        "plus the staff's universal washroom by the office. the kitchen (9) has 2 staff wcs. the storage "
        "room (2) has none of its own. upstairs the function room (158) has its own pair, 3 and 3, so 6."
    )
    result = reading("3.23", message, state=_fixtures_state())
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    assert [(row["wc_provided"], row["universal_provided"]) for row in value["rows"]] == [
        (5, 1),
        (2, None),
        (0, None),
        (6, None),
    ]


def test_persons_added_up_are_no_water_closets():
    from wizard_core.answers.wording.fixture_line import totals_kept

    said = "shop 60 — 30 per sex -> 2 each, 4 WCs (these also take the yard, 60 + 12 = 72, 36 per sex)"
    assert "72 water closets" not in totals_kept(said)


def test_a_thought_out_occupant_load_by_floor_with_its_total_after():
    state = building(("D",), ("3.2.2.62",), storeys=2, below=1)
    message = (
        "lower level: the studio is 120 m² at 1.85, 64.9, so 65; the files are 230 m² at 46, 5. "
        "first storey: offices 700 m² at 9.30, 75.3, so 76; the meeting room is 90 m². with tables at "
        "0.95 it would be 95, but it's all rows of chairs, so the 0.75 figure, 120. "
        "second storey: offices 720 m², 77.4, so 78. total 65 + 5 + 76 + 120 + 78 = 344."
    )
    result = reading("3.18", message, state=state)  # (offered: the 1.85 and 0.75 rates name two uses each)
    value = result.value if result.value is not None else result.offer
    assert [row["persons"] for row in value["rows"]] == [65, 5, 76, 120, 78] and value["total"] == 344
    assert [row["floor"].split(" (")[0] for row in value["rows"]] == [
        "Basement",
        "Basement",
        "Level 1",
        "Level 1",
        "Level 2",
    ]


def test_a_design_number_multiplied_out_in_words():
    state = building(("A3",), ("3.2.2.32",), storeys=1, below=0)
    message = "Ground floor: the pool deck, a design number - 12 swimmers times 5 lanes, 60, posted."
    result = reading("3.18", message, state=state)
    value = result.value if result.value is not None else result.offer
    assert value is not None and value["rows"][0]["persons"] == 60


def test_a_models_level_zero_is_named_after_its_code():
    from wizard_core.answers.wording.floors import floor_name

    assert floor_name("L00 - CELLAR") == "Basement" and floor_name("L00 - P2") == "P2"


def test_spatial_separation_remarks_under_a_table_and_the_table_column_read():
    state = building(("E",), ("3.2.2.71",), storeys=1, below=0)
    pasted = (
        '"Face","EBF Area","LD","UPO Permitted","FRR"\n'
        '"N - KING ST","300.00 m²","20.0 m","100%","-"\n'
        '"S - REAR","300.00 m²","9.0 m","42%","1 h"\n'
        "N is measured to the centre of King St (12 m setback + half the road). S gets NC cladding."
    )
    faces = reading("3.22", pasted, state=state).value["faces"]
    assert [(face["face"], face["limiting_distance_m"]) for face in faces] == [
        ("N - KING ST", 20.0),
        ("S - REAR", 9.0),
    ]
    said = (
        "sprinklered, table 3.2.3.1.-e. east, to the lot line: 30.0 × 6.0 = 180 m², l/h about 5, ld 6.5 m. "
        "the 150-or-more row at 6 m gives 28%. the shop windows there now are about 15%."
    )
    result = reading("3.22", said, state=state)
    assert result.value is not None, result.missing
    assert result.value["faces"][0]["limiting_distance_m"] == 6.5


def test_a_fixture_schedule_naming_the_rows_it_serves():
    rows = [
        load_row("Ground floor (SALES)", "E", "sales", 900.0, 244, "table: 3.70 m²/person"),
        load_row("Ground floor (STOCKROOM)", "E", "stockroom", 300.0, 7, "table: 46.00 m²/person"),
    ]
    state = building(("E",), ("3.2.2.68",), storeys=1, below=0, **{"3_18": {"rows": rows, "total": 251}})
    pasted = (
        '"Level","Serves","OL","WC","Universal"\n'
        '"L01 - GROUND","SALES","244","4","1"\n'
        '"L01 - GROUND","STOCKROOM","7","0","0"'
    )
    result = reading("3.23", pasted, state=state)
    assert result.value is not None, result.missing
    assert [row["wc_provided"] for row in result.value["rows"]] == [4, 0]


def test_a_note_citing_items_is_no_revision_of_the_first_one_it_names():
    from tests.support import advance_to, make_manager
    from wizard_core.turn.decisions import DecisionEngine

    manager = make_manager()
    pid = manager.start_project("Round 33").project_id
    advance_to(manager, pid, "3.27")
    message = (
        "3.18 - the hall's design load of 200 is posted. 3.09 - the lane is not counted as a street. "
        "3.20 - revised to 2 entrances when the side door got its operator."
    )
    decision = DecisionEngine(manager.forms).decide(manager.storage.load_project(pid), message)
    assert decision.target != "3.18"


def test_the_consultants_own_line_under_a_pasted_schedule_is_the_area():
    pasted = (
        "Area schedule (Gross Building):\n"
        '"Level","Area"\n"L01 - GROUND FLOOR","1834.412 m²"\n"L02 - SECOND FLOOR","1790.006 m²"\n'
        "Building area is the ground floor plate, 1,834 m2 rounded, all new."
    )
    result = _read("3.04", pasted, {"3.01": "New construction"})
    assert result.value == {"existing": 0, "new": 1834, "total": 1834} and result.confidence < 0.9


def test_a_share_said_against_the_whole_is_working():
    message = "Mezzanine 80 m² over the shop; 80 against 1,240 is about 6%, under the 10%. All new."
    assert _read("3.06", message, {"3.01": "Addition"}).value == {"existing": 0, "new": 80, "total": 80}


def test_a_room_group_column_names_the_rows():
    state = building(("B3",), ("3.2.2.44",), storeys=2, below=0)
    pasted = (
        '"Level","Room Group","Area","m²/person","Persons"\n'
        '"L01 - GROUND","HOME AREA 1 - BEDROOMS (24)","600.000","10.00","60"\n'
        '"L01 - GROUND","HOME AREA 1 - LOUNGE","120.000","1.85","65"\n'
        "Total 125."
    )
    result = reading("3.18", pasted, state=state)
    value = result.value if result.value is not None else result.offer
    assert [row["floor"] for row in value["rows"]] == [
        "Level 1 (HOME AREA 1 - BEDROOMS)",
        "Level 1 (HOME AREA 1 - LOUNGE)",
    ]
