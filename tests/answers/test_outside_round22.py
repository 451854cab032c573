"""Kinds a round of new buildings (round h22, a fire-protection engineer's numbered points and an architect
texting from site) found past the readers on its first run, fixed as kinds and tested in words of their own.

- 'no new mezzanine' beside an existing one's area denies only the new part: the existing area is the
  answer, never 'not applicable'.
- 'grocery' alone names a mercantile use, so 'e - grocery' is Group E, and the rooms said to be part of
  the store are no occupancy of their own.
- 'no rating required' for the floors of a one-storey building is a rating of 0 h; only the storeys below
  grade and the floor over a basement the building does not have are not applicable.
- Where the table was read ('→ 500 m² row, 25 m column') is no figure of the face.
- Articles listed after a colon that sets them aside ("The unsprinklered routes fail: 3.2.2.80 allows …")
  are no answers.
- An unsprinklered building's face given without its ratio but with another face's area ('the south face
  is also 129.2 m²') is offered at that face's ratio, with the reason.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import NOT_SPRINKLERED, building, office
from tests.answers.support import FORMS, state_with
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read
from wizard_core.answers.article_words import named_articles


@pytest.mark.parametrize(
    "message",
    [
        "Existing storage mezzanine 140 m² kept; no new mezzanine in the addition.",
        "mezz: 140 m2 existing (steel, stays), no additional mezzanine proposed",
    ],
)
def test_no_new_mezzanine_beside_an_existing_one_is_the_existing_area(message):
    item = FORMS.get_item("3.06")
    assert not says_not_applicable(message, item)
    state = state_with({"3.01": "Addition", "3.04": {"existing": 2100, "new": 600, "total": 2700}})
    reading = read(item, [message], state, FORMS)
    assert (reading.value or reading.offer) == {"existing": 140.0, "new": 0.0, "total": 140.0}


def test_no_mezzanine_at_all_is_still_not_applicable():
    assert says_not_applicable("There is no mezzanine.", FORMS.get_item("3.06"))


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        ("e - grocery. the mezz office and the butcher's prep room are part of the store", ["E"]),
        ("E – grocery, with the staff room and office on the mezz serving it", ["E"]),
    ],
)
def test_a_grocery_is_mercantile_and_its_office_part_of_it(message, groups):
    reading = read(FORMS.get_item("3.02"), [message], state_with({"3.01": "New construction"}), FORMS)
    assert reading.value == groups


def test_no_rating_for_the_floors_of_a_one_storey_building_is_zero_hours():
    message = "1. Below grade: none.\n2. Floor over basement: n/a.\n3. Floors: no rating required.\n"
    message += "4. Roof: no rating."
    store = building(("E",), ("3.2.2.70",), storeys=1, below=0)
    reading = read(FORMS.get_item("3.21"), [message], store, FORMS)
    rows = {row["assembly"]: row["rating_h"] for row in (reading.value or reading.offer)["assemblies"]}
    assert rows["floors"] == 0.0 and rows["roof"] == 0.0
    assert rows["storeys_below_grade"] is None and rows["floors_over_basement"] is None


def test_a_face_of_the_same_area_as_another_is_offered_at_that_faces_ratio():
    # unsprinklered A2: Table 3.2.3.1.-B reads the ratio; the rear wall is the front wall's twin
    hall = building(("A2",), ("3.2.2.25",), storeys=1, below=0, sprinklers=NOT_SPRINKLERED)
    message = (
        "Front (north) wall: 36.0 x 4.0 = 144 m2, ratio 9:1, LD 20 m to the centreline.\n"
        "Rear (south) wall: also 144 m2, LD 8.0 m."
    )
    reading = read(FORMS.get_item("3.22"), [message], hall, FORMS)
    assert not reading.complete and "ratio 9 taken from" in (reading.missing or "")
    faces = {f["face"]: f for f in reading.offer["faces"]}
    assert [f["ratio"] for f in faces.values()] == [9.0, 9.0]


def test_a_neighbour_next_door_is_no_opening():
    message = "East, the bakery next door: 16.0 x 5.0 = 80 m2, LD 3.0 m, no openings"
    reading = read(FORMS.get_item("3.22"), [message], office(), FORMS)
    (face,) = (reading.value or reading.offer)["faces"]
    assert (face["area_m2"], face["limiting_distance_m"], face["upo_actual_pct"]) == (80.0, 3.0, 0.0)


# --- Occupant load (3.18): a multiplier, what the table would give, the cap -----------------------------

APARTMENTS = building(("C", "A2"), ("3.2.2.50",), storeys=3, below=0)


@pytest.mark.parametrize(
    ("line", "persons", "based_on"),
    [
        ("Level 3 — 24 sleeping rooms × 2 persons = 48", 48, "2 per sleeping room"),
        # a sentence saying what the table would give is an aside of the row, not the row
        ("Ground: hall 300 m², design 180, posted. The table would give 400.", 180, "design number"),
        ("gnd hall 600m2 design 250, posted (table /0.75 would give 800)", 250, "design number"),
        # the cap of 3.1.17.1.(7) a dining design number is checked against is no rate of the row
        ("Ground: dining 240 m², design 150 seats; posted. The 0.6 m²/p cap is 400.", 150, "design number"),
    ],
)
def test_a_multiplier_a_hypothetical_and_a_cap_are_no_figures_of_the_row(line, persons, based_on):
    reading = read(FORMS.get_item("3.18"), [line], APARTMENTS, FORMS)
    (row,) = (reading.value or reading.offer)["rows"]
    assert (row["persons"], row["based_on"]) == (persons, based_on)


# --- Barrier-free entrances with where they are; a gross area with its floors after it ------------------


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("Barrier-free entrances: 2 — the main doors and the clinic side door. Hazardous: none.", 2),
        ("bf entrances 1 - main door, auto opener. no haz", 1),
        ("bf entrances 3 at the north lobby and both tenant doors; hazardous substances no", 3),
    ],
)
def test_a_count_of_entrances_followed_by_where_they_are_is_the_count(message, count):
    reading = read(FORMS.get_item("3.20"), [message], state_with({"3.01": "New construction"}), FORMS)
    assert reading.value == {"barrier_free_entrances": count, "hazardous_substances": False}


@pytest.mark.parametrize(
    "message",
    [
        "Gross area 2,880 m², all new: ground floor 1,440 m² + level 2 1,440 m².",
        "GFA 2,880 sm, new - 1,440 sm + 1,440 sm (two floors)",
    ],
)
def test_a_gross_area_with_its_floors_added_after_it_is_the_gross_area(message):
    state = state_with({"3.01": "New construction", "3.04": {"existing": 0, "new": 1440, "total": 1440}})
    reading = read(FORMS.get_item("3.05"), [message], state, FORMS)
    assert (reading.value or reading.offer) == {"existing": 0.0, "new": 2880.0, "total": 2880.0}


def test_a_gross_area_split_into_its_named_parts_keeps_the_split():
    state = state_with({"3.01": "Addition", "3.04": {"existing": 1300, "new": 600, "total": 1900}})
    reading = read(FORMS.get_item("3.05"), ["GFA 3,100 m2: existing 2,200 m2 + new 900 m2"], state, FORMS)
    assert (reading.value or reading.offer) == {"existing": 2200.0, "new": 900.0, "total": 3100.0}


@pytest.mark.parametrize(
    ("message", "articles"),
    [
        (
            "3.2.2.70 - one storey, E, 2,200 m² against 4,800 m². The unsprinklered articles do not fit on "
            "area: 3.2.2.68 is capped at 1,000 m² and 3.2.2.69 at 1,500 m².",
            ["3.2.2.70"],
        ),
        ("3.2.2.50 for the C. Taller routes fail: 3.2.2.48 is noncombustible, 3.2.2.49 too.", ["3.2.2.50"]),
    ],
)
def test_articles_set_aside_before_a_colon_are_not_answers(message, articles):
    assert named_articles(message) == articles


def test_where_the_table_was_read_is_no_figure_of_the_face():
    # '→ 250 m² row, 9 m column': the table's row and column, after the face's own area and distance
    hall = building(("A2",), ("3.2.2.25",), storeys=1, below=0, sprinklers=NOT_SPRINKLERED)
    message = (
        "1. East — side yard: 20.0 × 6.0 = 120 m², L/H 3.3; LD 9.0 m → 250 m² row, 9 m column, 33 %.\n"
        "2. West — lane: 120 m², L/H 3.3; LD 4.0 m → 250 m² row, 4 m column, 12 % permitted."
    )
    reading = read(FORMS.get_item("3.22"), [message], hall, FORMS)
    faces = (reading.value or reading.offer)["faces"]
    assert [(f["area_m2"], f["limiting_distance_m"]) for f in faces] == [(120.0, 9.0), (120.0, 4.0)]
