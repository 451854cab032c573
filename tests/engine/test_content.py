"""The code content file: valid, complete, edition-tagged, with the source's uncertain marks kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wizard_core.engine import load_code
from wizard_core.engine.code import DEFAULT_PATH
from wizard_core.errors import ContentError

EXPECTED = [f"3.2.2.{n}" for n in range(20, 56)] + [f"3.2.2.55{s}" for s in "ABCDE"]
EXPECTED += [f"3.2.2.{n}" for n in range(56, 94)]
# 3.2.2.18(1) as rebuilt in the facts file: 56 articles require sprinklers, the 23 below do not.
_UNSPRINKLERED = {25, 28, 30, 32, 34, 35, 50, 53, 54, 58, 62, 64, 68, 70, 75, 78, 80, 83, 85, 87, 89, 91, 92}
SPRINKLERED = {f"3.2.2.{n}" for n in range(20, 94) if n not in _UNSPRINKLERED} | {
    f"3.2.2.55{s}" for s in "ABCDE"
}


def test_every_article_from_20_to_93_with_55a_to_e_is_present_exactly_once() -> None:
    ids = [a.id for a in load_code().articles]
    assert sorted(ids) == sorted(EXPECTED)
    assert len(ids) == len(set(ids)) == 79


def test_the_file_is_the_2024_edition_and_validates_strictly() -> None:
    raw = json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    assert raw["edition"] == "2024" and raw["regulation"] == "O. Reg. 163/24"
    code = load_code()
    assert code.edition == "2024"
    assert code.rules.sprinklers.ref == "3.2.2.18"


def test_sprinkler_requirement_matches_the_rebuilt_3_2_2_18_list() -> None:
    code = load_code()
    assert len(SPRINKLERED) == 56
    assert {a.id for a in code.articles if a.sprinklers.required} == SPRINKLERED
    assert set(code.rules.sprinklers.required_by) == SPRINKLERED


def test_every_group_has_a_test_order_covering_its_own_articles_and_no_group_g() -> None:
    code = load_code()
    for article in code.articles:
        for group in article.groups:
            key = "C-retirement" if article.retirement_home else group
            assert article.id in code.test_order[key], (article.id, key)
    assert not any(g.startswith("G") for a in code.articles for g in a.groups)
    assert code.rules.farm_buildings.groups == ["G1", "G2", "G3", "G4"]


@pytest.mark.parametrize(
    ("article", "needle"),
    [
        ("3.2.2.55C", "1 .650"),
        ("3.2.2.58", "2,800"),
        ("3.2.2.63", "i1 4400"),
    ],
)
def test_uncertain_area_figures_keep_their_mark(article: str, needle: str) -> None:
    rows = load_code().by_id[article].areas
    marked = [r for r in rows if r.uncertain]
    assert len(marked) == 1 and needle in (marked[0].uncertain or "")


def test_uncertain_tables_and_rules_keep_their_marks() -> None:
    code = load_code()
    assert code.by_id["3.2.2.93"].uncertain_for("D")  # Table 3.2.2.93 headings
    assert "Group r" in code.by_id["3.2.2.93"].uncertain_for("F2")
    assert "Group r" not in code.by_id["3.2.2.93"].uncertain_for("C")
    assert "3Oo0" in code.rules.fire_alarm.occupant_load_over_uncertain
    assert "B, E or F1" in code.rules.standpipes.area_table_uncertain
    wheres = {u.where for u in code.uncertain}
    assert {"Table 3.2.2.93", "3.2.2.18(1)", "Table 3.2.5.8", "3.2.2.55C(1)(c)(iv)"} <= wheres


@pytest.mark.parametrize(
    ("article", "storeys", "expected"),
    [
        ("3.2.2.62", 3, [1600, 2000, 2400]),
        ("3.2.2.60", 6, [3000, 3000, 3000]),
        ("3.2.2.50", 2, [6000, None, None]),
        ("3.2.2.78", 3, [1070, 1340, 1500]),
        ("3.2.2.83", 5, [2880, 3600, 4320]),
    ],
)
def test_area_tables_read_as_in_the_facts(article: str, storeys: int, expected: list[float | None]) -> None:
    rows = [r for r in load_code().by_id[article].areas if r.up_to_storeys == storeys]
    assert list(rows[0].limits()) == expected


def test_rule_tables_carry_their_figures() -> None:
    rules = load_code().rules
    assert rules.standpipes.unsprinklered_area_m2["C"] == [2000, 1500, 1000]
    assert (rules.below_ground.floor_minutes, rules.below_ground.floor_minutes_hazard) == (120, 180)
    assert (rules.heavy_timber_roof.max_storeys, rules.heavy_timber_roof.sprinklered) == (2, True)
    assert rules.streets.one_street_min_pct.pct == 25
    assert rules.streets.one_street_min_pct.articles == ["3.2.2.51", "3.2.2.60"]


def test_a_missing_or_invalid_file_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="missing"):
        load_code(tmp_path / "nope.json")
    raw = json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    raw["articles"][0]["colour"] = "red"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ContentError, match="invalid"):
        load_code(bad)
    raw["articles"][0].pop("colour")
    raw["articles"].append(raw["articles"][0])
    bad.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ContentError, match="more than once"):
        load_code(bad)
