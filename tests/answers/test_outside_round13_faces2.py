"""Round 13, spatial separation (3.22) per face. Kinds:

- a bullet ('•', '▪') before a face is no part of its name, and the face's figures are read;
- 'L/H ≈ 12.5' is the face's ratio (rounded from its sides, not an estimate to ask about); a band
  written '3:1–10:1' is the table's band, checked, never the ratio 3; '24.0 × 7.5 = 180 m²' gives
  the length and height though they carry no unit; 'same ratio' is the ratio of the face before;
- a reply opening on its own item ('Re item 3.22 – not sprinklered, …') answers that item, not a
  revision of sprinklers (3.11);
- in a building of several occupancies, the table the consultant names (Table D) reads the faces
  as that occupancy's (3.2.3.1.(1)), recorded below 0.8 with the governing table named; the
  checks that work the faces out again read them the same way;
- a revision naming the face after its first figure ('so the west wall's limiting distance is now
  6 m') revises that face; a share closing a range ('the 50–100 % band') is not the face's;
- a face on a street given unlimited openings (3.2.3.10.(2)) while the table gives less: a
  one-storey building's face is offered at 100 % with no rating, naming the rule and the table's
  figure (never recorded without a yes); a taller building, or a limiting distance under 9 m,
  keeps the table's figure below 0.8 with both figures and the rule said; once confirmed, the
  face stays unlimited when worked out again;
- a share said as neither permitted nor proposed beside a proposed one is the permitted share
  the consultant read, checked against the table.

Figures are read by hand from ../shared/reference (Tables 3.2.3.1.-B, -D, -E and 3.2.3.7); each
case names its row and column.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.answers.computed import NOT_SPRINKLERED, building, offered, reading, recorded
from tests.answers.support import FORMS, state_with
from tests.engine.projects import project
from wizard_core.answers import worked_out
from wizard_core.engine import check
from wizard_core.turn.decisions import DecisionEngine

# two-storey townhouses, Group C, not sprinklered: Table 3.2.3.1.-B
TOWNHOUSES = building(("C",), ("3.2.2.50",), storeys=2, below=0, sprinklers=NOT_SPRINKLERED)
# a one-storey community hall, Group A2, not sprinklered: Table 3.2.3.1.-B
HALL = building(("A2",), ("3.2.2.25",), storeys=1, below=0, sprinklers=NOT_SPRINKLERED)
# a one-storey hardware store, Group E, sprinklered: Table 3.2.3.1.-E
STORE = building(("E",), ("3.2.2.64",), storeys=1, below=0)
# shops under four storeys of flats, Groups E and C, sprinklered: Table -E governs, -D for the flats
SHOPS_AND_FLATS = building(("E", "C"), ("3.2.2.51", "3.2.2.51"), storeys=4)
# a three-storey sprinklered office, Group D: Table 3.2.3.1.-D
OFFICE = building(("D",), ("3.2.2.60",))


def faces(value: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {face["face"]: face for face in value["faces"]}


# --- bullets, rounded ratios, bands, sides without units, 'same ratio' -----------------------------


@pytest.mark.parametrize("bullet", ["•", "▪", "·"])
def test_a_bullet_before_a_face_is_no_part_of_its_name(bullet):
    message = (
        "Not sprinklered, Table B:\n"
        f"{bullet} N (Birch Cres) – 180 m², L/H 4.6, LD 8 m → 28 %\n"
        f"{bullet} S back yard (lane) – 180 m², L/H 4.6, LD 12 m → 55 %"
    )
    value = recorded("3.22", message, state=TOWNHOUSES)
    # Table 3.2.3.1.-B, row 250, 3:1 to 10:1: column 8 m → 28 %, column 12 m → 55 %
    assert {name: f["upo_permitted_pct"] for name, f in faces(value).items()} == {
        "N (Birch Cres)": 28.0,
        "S back yard (lane)": 55.0,
    }


@pytest.mark.parametrize(
    ("line", "ratio", "permitted"),
    [
        # row 250, over 10:1, column 8 m → 43 %
        ("S (yard) – 180 m², L/H ≈ 12.5 (> 10:1), LD 8 m → 43 %", 12.5, 43.0),
        ("S (yard) – 180 m², ratio ~12.5, LD 8.0 m", 12.5, 43.0),
        # row 250, 3:1 to 10:1, column 8 m → 28 %: the band is checked, the ratio is 4.6, not 3
        ("S (yard) – 180 m², L/H ≈ 4.6, LD 8 m → row 250, 3:1–10:1, col 8 → 28 %", 4.6, 28.0),
        ("S (yard) - 180 m2, row 250, 3:1-10:1, L/H 4.6, LD 8 m -> 28%", 4.6, 28.0),
    ],
)
def test_a_rounded_ratio_is_the_faces_and_a_band_is_not(line, ratio, permitted):
    face = faces(recorded("3.22", line, state=TOWNHOUSES))["S (yard)"]
    assert (face["ratio"], face["upo_permitted_pct"]) == (ratio, permitted)


def test_a_band_beside_a_ratio_outside_it_is_asked_about():
    result = reading("3.22", "S (yard) – 180 m², L/H ≈ 12.5, LD 8 m → 3:1–10:1 → 28 %", state=TOWNHOUSES)
    assert not result.complete and "is not in the band" in result.missing


@pytest.mark.parametrize(
    "line",
    ["E (driveway) – 24.0 × 7.5 = 180 m², LD 8 m", "E (driveway) - 24 x 7.5 = 180 m2, LD 8 m to the line"],
)
def test_sides_without_units_whose_product_is_the_area_give_the_ratio(line):
    face = faces(recorded("3.22", line, state=TOWNHOUSES))["E (driveway)"]
    # 24 ÷ 7.5 = 3.2 → row 250, 3:1 to 10:1, column 8 m → 28 %
    assert (face["area_m2"], face["ratio"], face["upo_permitted_pct"]) == (180.0, 3.2, 28.0)


def test_same_ratio_is_the_ratio_of_the_face_before():
    message = "N (road) – 180 m², L/H ≈ 12.5, LD 8 m\nS (orchard) – 180 m², same ratio, LD 20 m, open"
    value = faces(recorded("3.22", message, state=TOWNHOUSES))
    # row 250, over 10:1: column 8 m → 43 %; column 20 m → 100 %
    assert value["S (orchard)"]["ratio"] == 12.5
    assert value["S (orchard)"]["upo_permitted_pct"] == 100.0


# --- a reply opening on its own item --------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "Re item 3.22 – not sprinklered, so Table B for every face:\nN – 180 m², L/H 5, LD 12 m",
        "Re 3.22: no sprinklers, so table B with the ratios. N wall 180 m2, ratio 5, LD 12 m",
    ],
)
def test_a_reply_opening_on_its_own_item_is_not_a_revision_of_sprinklers(message):
    state = state_with({"3.02": ["C"], "3.11": NOT_SPRINKLERED})
    state.current_form_section = "3.22"
    decision = DecisionEngine(FORMS).decide(state, message)
    assert decision.kind == "continuing"


# --- a mixed building's faces read with the table named ------------------------------------------

MIXED = (
    "Sprinklered, Table 3.2.3.1.-D for these faces (the flats are behind them):\n"
    "N (Queen St) – 600 m², LD 8 m → 82 %\nS (lane) – 240 m², LD 4 m → 30 %"
)


@pytest.mark.parametrize(
    "message",
    [MIXED, "sprinklered so table D\nN (Queen St) - 600 m2, LD 8 m\nS (lane) - 240 m2, LD 4 m -> col 4 of D"],
)
def test_the_table_named_reads_a_mixed_buildings_faces_below_confident(message):
    result = reading("3.22", message, state=SHOPS_AND_FLATS)
    assert result.complete and result.confidence < 0.8
    value = faces(result.value)
    # Table 3.2.3.1.-D, row 150 or more: column 8 m → 82 % (45 min), column 4 m → 30 % (45 min)
    assert (value["N (Queen St)"]["upo_permitted_pct"], value["N (Queen St)"]["frr_h"]) == (82.0, 0.75)
    assert (value["S (lane)"]["upo_permitted_pct"], value["S (lane)"]["frr_h"]) == (30.0, 0.75)
    assert any("Table 3.2.3.1.-E" in note and "Group C" in note for note in result.notes)
    # no table named: Table 3.2.3.1.-E, the governing occupancy's, row 200 or more: 8 m → 34 %, 4 m → 14 %
    unnamed = "N (Queen St) – 600 m², LD 8 m\nS (lane) – 240 m², LD 4 m"
    plain = faces(recorded("3.22", unnamed, state=SHOPS_AND_FLATS))
    assert [plain[name]["upo_permitted_pct"] for name in ("N (Queen St)", "S (lane)")] == [34.0, 14.0]


def test_the_checks_read_a_face_recorded_with_its_named_table_the_same_way():
    face = {
        "face": "N (Queen St)",
        "area_m2": 600.0,
        "limiting_distance_m": 8.0,
        "ratio": None,
        "upo_permitted_pct": 82.0,  # Table 3.2.3.1.-D, row 150 or more, column 8 m
        "upo_actual_pct": 60.0,
        "frr_h": 0.75,
        "construction": "",
        "cladding": "",
        "basis": "Table 3.2.3.1.-D, row 150 or more, column 8 m",
    }
    answers = project(
        groups=("E", "C"),
        articles=("3.2.2.51", "3.2.2.51"),
        storeys=4,
        sprinklers="Entire building",
        actual="Noncombustible",
    )
    answers["3.22"] = {"faces": [face], "note": ""}
    assert [f.message for f in check(answers) if f.item == "3.22"] == []
    # without the table named, Table -E gives 34 %: the 60 % proposed is over it
    answers["3.22"] = {"faces": [face | {"basis": ""}], "note": ""}
    assert any("more than the 34 % permitted" in f.message for f in check(answers) if f.item == "3.22")


# --- a revision naming its face after its first figure ----------------------------------------------


def test_a_revision_naming_the_face_late_revises_that_face():
    given = "North (Bay St): 300 m2, LD 16 m, 30%\nWest (yard): 200 m2, LD 4 m, 10%"
    first = recorded("3.22", given, state=OFFICE)
    state = building(("D",), ("3.2.2.60",), **{"3_22": first})
    revision = (
        "Correction to 3.22 – we bought a 2 m strip from the neighbour, so the west wall's limiting distance "
        "is now 6 m instead of 4 m; that's col 6 → 52 % permitted, still 45 min (the 50–100 % band). "
        "The north face stays as it was."
    )
    value = recorded("3.22", revision, state=state)
    assert [f["face"] for f in value["faces"]] == ["North (Bay St)", "West (yard)"]
    west = faces(value)["West (yard)"]
    # Table 3.2.3.1.-D, row 200 → 150 or more, column 6 m → 52 %; over 50 % → 45 min
    assert (west["limiting_distance_m"], west["upo_permitted_pct"], west["frr_h"]) == (6.0, 52.0, 0.75)
    assert west["upo_actual_pct"] == 10.0  # the share proposed stays; '50–100 %' is a band


# --- the street rule, 3.2.3.10.(2) -----------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "N (Main St) – 270 m², L/H 6, LD 12 m to the centreline, it's a street so unlimited openings "
        "(3.2.3.10) → 100 %, 35 % proposed",
        "n main st - 45 x 6 = 270 m2, LD 12 m, on a street so 100%, 35% proposed",
        "N main st: 270 m2, ratio 6, LD 12 m, street -> 100 % (35 % glazed)",
    ],
)
def test_a_one_storey_face_on_a_street_is_offered_unlimited_naming_the_rule_and_the_table(line):
    result = offered("3.22", line, state=HALL)
    face = result.offer["faces"][0]
    assert (face["upo_permitted_pct"], face["frr_h"]) == (100.0, None)
    assert face["basis"].startswith("3.2.3.10.(2)")
    # the table alone: Table 3.2.3.1.-B, row 350, 3:1 to 10:1, column 12 m → 42 %
    assert "3.2.3.10.(2)" in result.offer_reason and "42 %" in result.offer_reason
    assert "3.2.3.10.(2)" in result.missing
    # a yes records the offer: worked out again, the face stays unlimited
    again = worked_out(FORMS.get_item("3.22"), result.offer, HALL)
    assert again["faces"][0]["upo_permitted_pct"] == 100.0


def test_a_confirmed_street_face_stays_unlimited_when_another_face_is_revised():
    given = "N (Main St) – 270 m², L/H 6, LD 12 m, street → unlimited\nS (yard) – 270 m², L/H 6, LD 6 m"
    first = offered("3.22", given, state=HALL)
    state = building(
        ("A2",), ("3.2.2.25",), storeys=1, below=0, sprinklers=NOT_SPRINKLERED, **{"3_22": first.offer}
    )
    value = faces(recorded("3.22", "south LD is actually 7 m", state=state))
    assert value["N (Main St)"]["upo_permitted_pct"] == 100.0
    # Table 3.2.3.1.-B, row 350, 3:1 to 10:1, column 7 m → 19 %
    assert value["S (yard)"]["upo_permitted_pct"] == 19.0


@pytest.mark.parametrize(
    ("state", "line", "table", "why"),
    [
        # two storeys: Table 3.2.3.1.-B, row 250, 3:1 to 10:1, column 12 m → 55 %
        (TOWNHOUSES, "N (Elm St) – 180 m², L/H 5, LD 12 m, street → unlimited", "55 %", "level only"),
        # LD 7 m: Table 3.2.3.1.-B, row 250, 3:1 to 10:1, column 7 m → 24 %
        (HALL, "E (Park Rd) – 180 m², L/H 4, LD 7 m, on a street so unlimited openings", "24 %", "9 m or"),
    ],
)
def test_a_street_face_the_rule_does_not_cover_keeps_the_table_below_confident(state, line, table, why):
    result = reading("3.22", line, state=state)
    assert result.complete and result.confidence < 0.8
    face = result.value["faces"][0]
    assert face["upo_permitted_pct"] == float(table.removesuffix(" %"))
    said = [note for note in result.notes if "3.2.3.10.(2)" in note]
    assert said and table in said[0] and why in said[0]


def test_a_street_face_on_a_sprinklered_store_is_offered_unlimited():
    # Table 3.2.3.1.-E, row 200 or more, column 9 m → 42 %
    line = "W (Essex Rd) - 68 x 6.2 = 421.6 m2, LD 9.5 to the centreline, street -> 100%"
    result = offered("3.22", line, state=STORE)
    assert result.offer["faces"][0]["upo_permitted_pct"] == 100.0
    assert "42 %" in result.offer_reason


# --- a share said plainly beside a proposed one ------------------------------------------------------


def test_a_plain_share_beside_a_proposed_one_is_the_permitted_share_checked():
    # Table 3.2.3.1.-B, row 250, 3:1 to 10:1, column 10 m → 40 %
    result = reading("3.22", "W (Oak Ave) – 180 m², L/H 4, LD 10 m, so 55 %, 12 % proposed", state=HALL)
    assert result.complete and result.confidence < 0.8
    face = result.value["faces"][0]
    assert (face["upo_permitted_pct"], face["upo_actual_pct"]) == (40.0, 12.0)
    assert any("you gave 55 % permitted" in note for note in result.notes)
