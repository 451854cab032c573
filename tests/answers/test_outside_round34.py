"""Kinds a round of new buildings (round h34: a consultant pasting a checklist tool's key: value blocks,
and a busy one whose messages carry numbers that are not the answer) found past the readers on its first
run, fixed as kinds and tested in words of their own.

- A checklist tool's block ('storeys_ag: 2', '# comment', '- floor: main' records, '~') is read as the
  consultant's words: keys spelled out, units from the key, records as a table at the items answered
  in rows, a figure per floor as a floor's row, comments as asides; a bulleted 'existing: 800' is not.
- 3.02: a group under 'minor occupancy', 'previous occupancy' or 'it was E' is no major occupancy; nor one
  'not called out as a separate D'.
- 3.04: the 600 m² where Part 9 stops is no figure of the building; a figure the message calls a draft
  to ignore is no rival.
- 3.07: an exposing building face's height, a floor's level after a colon and a measure between floors
  are set aside, and no rival to the height.
- 3.09: a measure written to its tenth ('50.0') counts no streets.
- 3.18: a paragraph of rows each ending on its persons is a row a sentence; 'the same 56' copies the
  row before with its persons; 'also on the ground floor:' carries its floor over the rows after it; a
  row giving its area and persons but no use is worked at the building's own figure that fits.
- 3.21: '1.0 h' is an hour, not '0 h'; a rating of a rule said not to apply is no rating; 'nothing to
  rate' below grade is no assembly there.
- 3.22: a remark beside a face's figures gives its ratio ('L/H 11.7', or sides that multiply to its area).
- 3.26: 'none (…)' is none, the bracket its reason.
- 3.18: a row with no label is named by its own words before its figures, not by every word of its line.
- Numbers that are not the answer beside it: a denial with a remark after a dash or in brackets ('no
  mezzanine (sheet 3 of 4)'); 'all new — 0 existing' and 'all new so 0 existing / 1,650 new'; sides
  'along' their streets; a time of day after 'around'; 'it'll' is no lower level.
- 3.15: 'what's there is combustible' is the consultant's own word for the construction.
- 3.18: a row's clause saying what the table would give, between a dash and ', so …', is dropped and
  the row kept; 'we'll post it'; a lead saying where the rows are ('all on the shop floor:') gives them
  no use.
- A side question opened as 'random q —' is a side question.
- 3.21: a reading the consultant had and set aside ('I had it as no rating because …') is not the
  rating; 'so 45 min it is' is, for the assembly named before.
- 3.23: 'Levels 2 to 5: 16 WCs per floor' goes to each of those floors' one row, named by its room or not.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import building, load_row, reading
from tests.answers.support import FORMS, decided, state_with
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


def _value_or_offer(result):
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    return value


@pytest.mark.parametrize(
    "message",
    [
        "2,310 m2, all of it new. More than 600 so it's Part 3.",
        "all new construction, 2,310 m2 (Part 9 only goes up to 600 m2).",
        "2,310 m2, all new. larger than 600, therefore part 3",
    ],
)
def test_the_part_9_threshold_beside_the_area_is_not_a_second_figure(message):
    result = _read("3.04", message)
    assert result.value == {"existing": 0.0, "new": 2310.0, "total": 2310.0}


def test_a_figure_the_message_calls_a_draft_to_ignore_is_no_rival():
    message = "existing 0 m2\nnew 1,875 m2\ntotal 1,875 m2\ndraft area 2,040 m2 (scheme B, ignore)"
    result = _read("3.04", message)
    assert result.value == {"existing": 0.0, "new": 1875.0, "total": 1875.0}
    assert result.confidence >= 0.8


@pytest.mark.parametrize(
    ("message", "height"),
    [
        ("storeys_ag: 2\nstoreys_bg: 0\nbldg_ht_to_roof_m: 8.3\nebf_height_m: 7.1   # spatial calc", 8.3),
        ("storeys_ag: 4\nstoreys_bg: 1\nheight_to_top_of_roof_m: 15.2\ntop_flr_above_grade_m: 10.9", 15.2),
        ("storeys_ag: 6\nstoreys_bg: 1\nheight_m: 20.4\nfirst_flr_to_top_flr_m: 15.5", 20.4),
    ],
)
def test_a_keyed_height_block_gives_the_building_height_not_a_level_or_a_wall(message, height):
    result = _read("3.07", message)
    assert result.value["height_m"] == height
    assert result.confidence >= 0.8


def test_a_count_of_streets_beside_frontages_written_to_the_tenth():
    message = 'streets: 2\nfrontages:\n  - "Elm St"  # north face 44.0\n  - "Ridge Rd"  # west face 31.5'
    result = _read("3.09", message)
    assert result.value == 2 and result.confidence >= 0.8


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        (
            "occ_class:\n  - grp: F1\n    use: feed mill\nminor_occ:   # each under 10% of the floor\n"
            "  - grp: D\n    use: weigh office\n  - grp: E\n    use: farm store counter",
            ["F1"],
        ),
        ("occupancy: B2\nprev_occ: D   # the old dental offices, Part 10 only", ["B2"]),
        ("A2, a church hall now. It was E when it was the hardware store.", ["A2"]),
        (
            "F3 warehouse. The dispatch office is maybe 40 m2 of 2,600, I'm not calling that out as a "
            "separate "
            "D.",
            ["F3"],
        ),
    ],
)
def test_groups_named_minor_former_or_not_called_out_are_no_major_occupancy(message, groups):
    assert _read("3.02", message).value == groups


def test_a_tools_records_are_a_table_at_an_item_answered_in_rows():
    state = building(("E",), ("3.2.2.68",), storeys=1, below=0)
    message = (
        "occ_load:\n"
        "  - floor: ground\n    use: sales_floor\n    area_m2: 740\n    m2_pp: 3.70\n    persons: 200\n"
        "  - floor: ground\n    use: stock_room\n    area_m2: 230\n    m2_pp: 46.0\n    persons: 5\n"
        "ol_total: 205"
    )
    value = _value_or_offer(reading("3.18", message, state=state))
    assert [(row["area_m2"], row["persons"]) for row in value["rows"]] == [(740.0, 200), (230.0, 5)]
    assert value["total"] == 205


def test_a_figure_per_floor_key_is_that_floors_row_with_its_remark_as_working():
    state = building(("D",), ("3.2.2.62",), storeys=2, below=0)
    message = (
        "ol_floor_1: 66   # offices, 610 m2 @ 9.30 = 65.6\n"
        "ol_floor_2: 66   # offices, 610 m2 @ 9.30\n"
        "ol_total: 132"
    )
    value = _value_or_offer(reading("3.18", message, state=state))
    assert [(row["floor"], row["area_m2"], row["persons"]) for row in value["rows"]] == [
        ("Level 1", 610.0, 66),
        ("Level 2", 610.0, 66),
    ]


def test_bulleted_lines_with_colons_are_the_consultants_own_not_a_tools_block():
    from wizard_core.answers.wording.keyed import as_words

    message = "- existing: 2 floors x 700 = 1,400\n- new: 1 floor @ 560 = 560\n- total 1,960 m2"
    assert as_words(message) == message


def test_an_empty_mezzanine_key_is_not_applicable():
    assert says_not_applicable("mezz_area: ~", FORMS.get_item("3.06"))
    assert says_not_applicable("mezzanine: null", FORMS.get_item("3.06"))


@pytest.mark.parametrize(
    ("message", "note"),
    [
        ('notes: "3.09: the lane is no street. 3.18: hall posted at 150."', "3.09: the lane is no street."),
        ('alt_solution: "AS-2: a 45 m travel distance on level 2, report rev 1"', "AS-2: a 45 m travel"),
    ],
)
def test_a_note_given_as_one_keyed_line_is_the_note_alone(message, note):
    section = "3.27" if message.startswith("notes") else "3.26"
    value = _read(section, message).value
    assert value.startswith(note) and not value.startswith(('"', "notes", "alt"))


@pytest.mark.parametrize(
    "message",
    [
        "alt_solutions: none   # the old stair is a Part 11 compliance alternative, not this item",
        "None (the guard height is handled under Part 11 compliance alternatives).",
    ],
)
def test_none_with_its_reason_after_it_is_none(message):
    assert says_not_applicable(message, FORMS.get_item("3.26"))


def test_ratings_under_a_tools_frr_heading_are_hours():
    message = "frr:\n  storeys_bg: n/a\n  floor_over_bsmt: 1.0  # 3.2.1.4\n  floors: 1.0\n  mezz: n/a\n"
    message += "  roof: 0"
    rows = {row["assembly"]: row["rating_h"] for row in _read("3.21", message).value["assemblies"]}
    assert rows["floors_over_basement"] == 1.0 and rows["floors"] == 1.0 and rows["roof"] == 0.0


@pytest.mark.parametrize("said", ["1.0 h", "2.0 hr", "1.0 hours"])
def test_a_rating_written_to_its_tenth_is_not_zero(said):
    rows = {row["assembly"]: row["rating_h"] for row in _read("3.21", f"floors: {said}").value["assemblies"]}
    assert rows["floors"] == float(said.split()[0])


def test_a_rating_of_a_rule_said_not_to_apply_is_no_rating():
    message = (
        "one basement only, so the 2 h rule for deeper basements does not apply, nothing to rate for storeys "
        "below grade; floor over the basement 45 min; upper floors 45 min; roof 45 min"
    )
    rows = {row["assembly"]: row["rating_h"] for row in _read("3.21", message).value["assemblies"]}
    assert rows["storeys_below_grade"] is None
    assert rows["floors_over_basement"] == 0.75 and rows["roof"] == 0.75


def test_a_faces_remark_gives_its_ratio_for_an_unsprinklered_building():
    state = building(("D",), ("3.2.2.62",), storeys=2, below=0, sprinklers="Not sprinklered")
    message = (
        "spatial:\n"
        "  - face: E\n    ebf_m2: 180.0  # 24.0 x 7.5\n    ld_m: 20.0\n    upo_allowed_pct: 100\n"
        "    frr_req_h: ~\n"
        "  - face: W\n    ebf_m2: 180.0  # L/H 3.2\n    ld_m: 20.0\n    upo_allowed_pct: 100\n"
        "    frr_req_h: ~"
    )
    result = reading("3.22", message, state=state)
    assert "ratio" not in result.missing
    faces = _value_or_offer(result)["faces"]
    assert [face["upo_permitted_pct"] for face in faces] == [100.0, 100.0]


def test_rows_of_a_paragraph_each_ending_on_their_persons():
    state = building(("C",), ("3.2.2.50",), storeys=3, below=0)
    message = (
        "main floor: the party room is 70 m2 with tables and chairs at 0.95, 70 / 0.95 = 73.7 so 74. "
        "the nine main-floor suites have 14 bedrooms, 2 each, that's 28. level 2 has 12 suites, "
        "20 bedrooms, so 40 people; level 3 the same 40. total 74 + 28 + 40 + 40 = 182."
    )
    value = _value_or_offer(reading("3.18", message, state=state))
    assert [row["persons"] for row in value["rows"]] == [74, 28, 40, 40]
    assert value["total"] == 182


def test_a_floor_lead_after_also_carries_over_the_rows_after_semicolons():
    state = building(("B3",), ("3.2.2.38",), storeys=2, below=0)
    message = (
        "the resident wing is 900 m2 at 10, so 90. also on the ground floor: offices 140 m2 at 9.30, so 16; "
        "kitchen 95 m2 at 9.30, so 11. level 2 is 900 m2, 90 people."
    )
    value = _value_or_offer(reading("3.18", message, state=state))
    floors = [row["floor"] for row in value["rows"]]
    assert floors[1:3] == ["Ground floor (offices)", "Ground floor (kitchen)"]


def test_a_row_with_area_and_persons_but_no_use_is_worked_at_the_buildings_figure():
    state = building(("B3",), ("3.2.2.38",), storeys=2, below=0)
    message = "ground floor: care home area 800 m2, so 80\nlevel 2: two wings totalling 1,000 m2, 100 people"
    result = reading("3.18", message, state=state)
    value = _value_or_offer(result)
    assert [row["persons"] for row in value["rows"]] == [80, 100]
    assert "is not a use" not in result.missing


@pytest.mark.parametrize(
    "message",
    [
        "no mezzanine (see A-301, sheet 2 of 5)",
        "no mezzanine — the 1950s plans show a hay loft but it came out in 1988",
    ],
)
def test_a_denial_with_a_remark_beside_it_is_not_applicable(message):
    assert says_not_applicable(message, FORMS.get_item("3.06"))


@pytest.mark.parametrize(
    "message",
    ["no mezzanine - except a 35 m2 loft over the office", "no mezzanine (a 35 m2 storage loft only)"],
)
def test_a_denial_whose_remark_measures_one_is_not_not_applicable(message):
    assert not says_not_applicable(message, FORMS.get_item("3.06"))


@pytest.mark.parametrize(
    "message",
    [
        "footprint 1,320 m2 (40.0 along Queen x 33.0 along Bay), all new — 0 existing. the survey says "
        "14,210 sf, same thing",
        "building area 1,320 m2 (40.0 along Queen x 33.0 along Bay), all new so 0 existing / 1,320 new. "
        "lot coverage is 41% of the 3,220 m2 lot, fyi",
    ],
)
def test_all_new_with_its_zero_and_sides_along_streets(message):
    result = _read("3.04", message)
    assert result.value == {"existing": 0.0, "new": 1320.0, "total": 1320.0}
    assert result.confidence >= 0.8


def test_what_is_there_is_the_construction_the_parts_named_after_it_explain():
    message = (
        "the article allows combustible, and what's there is combustible: the stone is only the outer "
        "bearing wall, everything inside is timber joists and plank floors. no heavy timber."
    )
    assert _read("3.15", message).value["actual"] == "Combustible"


def test_a_rows_clause_on_what_the_table_would_give_is_dropped_and_the_row_kept():
    state = building(("A2",), ("3.2.2.25",), storeys=1, below=0)
    message = (
        "assembly hall: 300 m2 at 0.75 = 400\n"
        "foyer: 120 m2 — standing space at 0.40 would be 300, silly for this hall, so a design occupant load "
        "of 60 and we'll post it\n"
        "total 460"
    )
    rows = _value_or_offer(reading("3.18", message, state=state))["rows"]
    foyer = rows[1]
    assert (foyer["area_m2"], foyer["persons"], foyer["posted_limit"]) == (120.0, 60, True)
    assert "Basement" not in foyer["floor"]


def test_a_time_of_day_after_around_is_no_estimate_and_itll_is_no_floor():
    state = building(("F2",), ("3.2.2.78",), storeys=1, below=0)
    message = (
        "work bays 900 m2, design occupant load of 30 (two crews that overlap around 2:30) and it'll be "
        "posted"
    )
    result = reading("3.18", message, state=state)
    row = _value_or_offer(result)["rows"][0]
    assert (row["persons"], row["posted_limit"]) == (30, True)
    assert "estimate" not in result.missing and "Basement" not in row["floor"]


def test_a_lead_saying_where_the_rows_are_gives_them_no_use():
    state = building(("F2",), ("3.2.2.78",), storeys=1, below=0)
    message = (
        "all on the shop floor except the last:\n- office 50 m2 @ 9.30 = 5.4, so 6\n"
        "- tool crib 92 m2 @ 46 = 2\n- mezz: spares 46 m2 @ 46 = 1\ntotal 9"
    )
    rows = _value_or_offer(reading("3.18", message, state=state))["rows"]
    assert [row["persons"] for row in rows] == [6, 2, 1]
    assert rows[1]["use"] != "mercantile: basements and first storeys"


def test_a_question_opened_as_random_q_is_a_side_question():
    message = (
        "random q - if the owner later finishes the crawl space as archive storage, does it become a "
        "basement that counts for the fire alarm? that would change 3.13"
    )
    assert decided("3.14", message).kind == "side_question"


def test_a_rating_the_consultant_had_and_set_aside_is_not_the_rating():
    message = (
        "floors 45 min; mezzanine 45 min — we had it as no rating since it is steel, but the roof is heavy "
        "timber so the building is combustible construction, so 45 min it is; roof no rating"
    )
    rows = {row["assembly"]: row["rating_h"] for row in _read("3.21", message).value["assemblies"]}
    assert rows["mezzanine"] == 0.75 and rows["roof"] == 0.0


def test_a_range_of_floors_goes_to_each_floors_one_row_named_by_its_room():
    rows = [
        load_row("Level 1 (amenity)", "C", "lounges", 40.0, 22, "table: 1.85 m²/person"),
        load_row("Level 1 (suites)", "C", "dwelling units", None, 20, "2 per sleeping room"),
        *(load_row(f"Level {n} (suites)", "C", "dwelling units", None, 36, "2 per bedroom") for n in (2, 3)),
    ]
    state = building(("C",), ("3.2.2.50",), storeys=3, below=0, **{"3_18": {"rows": rows, "total": 114}})
    message = (
        "50:50, a set of fixtures in each suite.\n"
        "Level 1 amenity (22): no WCs of its own, 1 universal washroom beside it\n"
        "Level 1 suites (20): 10 WCs\n"
        "Levels 2 to 3 (36 each): 18 WCs per floor"
    )
    value = _value_or_offer(reading("3.23", message, state=state))
    assert [row["wc_provided"] for row in value["rows"]] == [0, 10, 18, 18]


def test_a_bare_figure_under_a_tools_frr_heading_too_big_for_hours_is_minutes():
    message = "frr:\n  floor_over_bsmt: 45  # 3.2.1.4 minimum\n  floors: 45\n  roof: 0"
    rows = {row["assembly"]: row["rating_h"] for row in _read("3.21", message).value["assemblies"]}
    assert rows["floors_over_basement"] == 0.75 and rows["floors"] == 0.75


def test_a_row_with_no_label_is_named_by_its_own_words_before_its_figures():
    state = building(("F2",), ("3.2.2.78",), storeys=1, below=0)
    message = (
        "wash bays (both of them) 400 m2 - the table would give 87, so a design occupant load of 12 and "
        "we'll post it\ntool crib 46 m2 @ 46 = 1\ntotal 13"
    )
    rows = _value_or_offer(reading("3.18", message, state=state))["rows"]
    assert [row["floor"] for row in rows] == ["Ground floor (wash bays)", "Ground floor (tool crib)"]
