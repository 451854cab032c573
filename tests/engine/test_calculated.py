"""The checks of the computed items' rows: each figure worked out again from its own inputs.

Figures are read by hand from the tables in ../shared/reference (Table 3.2.3.1.-B/-D, 3.2.3.7,
3.1.17.1, 3.7.4.7); each test says which row and column.
"""

from __future__ import annotations

from typing import Any

from tests.engine.projects import project
from wizard_core.engine import check


def _office(**items: Any) -> dict[str, Any]:
    """A sprinklered three-storey Group D office under 3.2.2.60."""
    answers = project(
        articles=("3.2.2.60",), storeys=3, height=12.0, sprinklers="Entire building", actual="Noncombustible"
    )
    answers.update({key.replace("_", "."): value for key, value in items.items()})
    return answers


def _face(**given: Any) -> dict[str, Any]:
    face = {
        "face": "North",
        "area_m2": 100.0,
        "limiting_distance_m": 6.0,
        "ratio": None,
        "upo_permitted_pct": 68.0,  # Table 3.2.3.1.-D, row 100 m², column 6 m
        "upo_actual_pct": 30.0,
        "frr_h": 0.75,  # Table 3.2.3.7: over 50 to under 100 % -> 45 min
        "construction": "",
        "cladding": "",
    }
    return face | given


def _found(answers: dict[str, Any], item: str) -> list[tuple[str, str]]:
    return [(f.severity, f.message) for f in check(answers) if f.item == item]


def test_a_face_worked_out_right_has_no_finding():
    assert _found(_office(**{"3_22": {"faces": [_face()], "note": ""}}), "3.22") == []


def test_openings_over_the_permitted_share_are_an_error():
    found = _found(_office(**{"3_22": {"faces": [_face(upo_actual_pct=75.0)], "note": ""}}), "3.22")
    assert [s for s, _ in found] == ["error"] and "75 %" in found[0][1] and "68 %" in found[0][1]


def test_a_permitted_share_that_the_table_does_not_give_is_flagged_naming_the_table_row():
    found = _found(_office(**{"3_22": {"faces": [_face(upo_permitted_pct=90.0)], "note": ""}}), "3.22")
    assert any(s == "warning" and "Table 3.2.3.1.-D" in m and "68 %" in m for s, m in found)


def test_a_stale_face_never_bars_revising_the_sprinklers_it_rests_on():
    answers = _office(**{"3_22": {"faces": [_face(ratio=3.0)], "note": ""}})
    answers["3.11"] = "Not required"
    assert not [f for f in check(answers, focus="3.11") if f.item == "3.22" and f.severity == "error"]


def test_sprinklers_taken_away_make_the_recorded_share_wrong():
    # Not sprinklered the same face reads Table 3.2.3.1.-B, row 100 m², 3:1 to 10:1, column 6 m: 34 %.
    answers = _office(**{"3_22": {"faces": [_face(ratio=3.0)], "note": ""}})
    answers["3.11"] = "Not required"
    found = _found(answers, "3.22")
    assert any("34 %" in m for _, m in found)


def test_a_missing_limiting_distance_is_a_finding():
    face = _face(limiting_distance_m=None, upo_permitted_pct=None)
    found = _found(_office(**{"3_22": {"faces": [face], "note": ""}}), "3.22")
    assert [s for s, _ in found] == ["warning"] and "limiting distance" in found[0][1]


def test_a_rating_under_table_3_2_3_7_is_flagged():
    # 16 % permitted (Table D, row 150 or more, column 2 m) falls in "over 10 to 25": 1 h.
    face = _face(
        area_m2=180.0, limiting_distance_m=2.0, upo_permitted_pct=16.0, upo_actual_pct=5.0, frr_h=0.75
    )
    found = _found(_office(**{"3_22": {"faces": [face], "note": ""}}), "3.22")
    assert [s for s, _ in found] == ["warning"] and "1 h" in found[0][1]


def _load(persons: int, posted: bool = False) -> dict[str, Any]:
    row = {
        "floor": "Level 2",
        "occupancy": "D",
        "use": "offices",
        "area_m2": 930.0,
        "persons": persons,
        "based_on": "table: 9.30 m²/person",
        "posted_limit": posted,
    }
    return {"rows": [row], "total": persons, "note": ""}


def test_persons_from_the_table_raise_nothing():
    # 930 m² ÷ 9.30 m²/person (offices) = 100 persons.
    assert _found(_office(**{"3_18": _load(100)}), "3.18") == []


def test_a_design_number_without_a_posted_limit_is_a_finding():
    found = _found(_office(**{"3_18": _load(80)}), "3.18")
    assert any("posting" in m for _, m in found)
    assert _found(_office(**{"3_18": _load(80, posted=True)}), "3.18") == []


def test_persons_far_from_the_table_are_questioned():
    found = _found(_office(**{"3_18": _load(400, posted=True)}), "3.18")
    assert [s for s, _ in found] == ["warning"] and "far from" in found[0][1]


def _fixtures(required: int, provided: int | None) -> dict[str, Any]:
    row = {
        "floor": "Level 2",
        "persons": 100,
        "sentence": "3.7.4.7.(1), Table 3.7.4.7",
        "wc_required": required,
        "wc_provided": provided,
        "bf_wc_required": None,
        "bf_wc_provided": None,
        "universal_required": None,
        "universal_provided": None,
    }
    return {"ratio": "50:50", "rows": [row], "note": ""}


def test_water_closets_below_the_requirement_are_flagged_as_to_be_verified():
    # Group D at 14 m²/person: 930 ÷ 14 = 66.4 -> 67, 34 per sex -> Table 3.7.4.7 row 25-49: 3 each = 6.
    answers = _office(**{"3_18": _load(100), "3_23": _fixtures(6, 6)})
    assert _found(answers, "3.23") == []
    answers["3.23"] = _fixtures(6, 4)
    found = _found(answers, "3.23")
    assert [s for s, _ in found] == ["warning"] and "4 water closets provided" in found[0][1]
    assert "to be verified" in found[0][1]


def test_a_required_count_the_tables_do_not_give_is_flagged():
    found = _found(_office(**{"3_18": _load(100), "3_23": _fixtures(4, 4)}), "3.23")
    assert any("Table 3.7.4.7" in m for _, m in found)


def test_storeys_far_taller_than_usual_are_questioned():
    answers = _office()
    answers["3.07"] = {"storeys_above_grade": 3, "storeys_below_grade": 0, "height_m": 30.0}
    found = _found(answers, "3.07")
    assert [s for s, _ in found] == ["warning"] and "10 m a storey" in found[0][1]
    answers["3.07"]["height_m"] = 11.0
    assert _found(answers, "3.07") == []


def test_a_climate_zone_that_its_degree_days_do_not_give_is_questioned():
    energy = {"compliance_path": "SB-10", "climate_zone": "5", "degree_days": 4200, "note": ""}
    found = _found(_office(**{"3_24": energy}), "3.24")
    assert [s for s, _ in found] == ["warning"] and "zone 6" in found[0][1]
    assert _found(_office(**{"3_24": {**energy, "climate_zone": "6"}}), "3.24") == []
