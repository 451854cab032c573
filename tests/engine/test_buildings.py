"""Realistic buildings across A1–F3 and the articles the code facts say fit them, least demanding first.

Each expected list is worked out by hand from the facts table (test order per group, then storeys,
area for the streets faced, sprinklers and construction), as a consultant would.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wizard_core.engine import Facts, candidates, propose_for


def facts(group: str, **kw: Any) -> Facts:
    base: dict[str, Any] = {"groups": (group,), "storeys_below": 0, "streets": 1, "height_m": None}
    base.update(kw)
    return Facts(**base)


NC, C, EMT = "noncombustible", "combustible", "emtc"

# (description, facts, fitting articles in order, the proposed article)
BUILDINGS: list[tuple[str, Facts, list[str], str | None]] = [
    (
        "A1 450-seat theatre, 1 storey, 1,200 m², sprinklered, NC",
        facts("A1", storeys=1, building_area=1200, sprinklered=True, construction=NC, occupant_load=450),
        ["3.2.2.22", "3.2.2.20"],
        "3.2.2.22",
    ),
    (
        "A1 250-seat studio theatre, 1 storey, 500 m², sprinklered, NC",
        facts("A1", storeys=1, building_area=500, sprinklered=True, construction=NC, occupant_load=250),
        ["3.2.2.22", "3.2.2.21", "3.2.2.20"],
        "3.2.2.22",
    ),
    (
        "A2 restaurant (Example 5), 1 storey, 700 m², no basement, 1 street, unsprinklered, wood",
        facts("A2", storeys=1, building_area=700, sprinklered=False, construction=C),
        ["3.2.2.28", "3.2.2.25"],
        "3.2.2.25",
    ),
    (
        "A2 church, 2 storeys, 1,100 m², 2 streets, sprinklered, wood",
        facts("A2", storeys=2, building_area=1100, streets=2, sprinklered=True, construction=C),
        ["3.2.2.26"],
        "3.2.2.26",
    ),
    (
        "A2 school, 2 storeys, 3,000 m², sprinklered, steel and concrete",
        facts("A2", storeys=2, building_area=3000, height_m=9, sprinklered=True, construction=NC),
        ["3.2.2.24", "3.2.2.93", "3.2.2.23"],
        "3.2.2.24",
    ),
    (
        "A3 arena, 1 storey, 4,500 m², 2 streets, unsprinklered, steel with a heavy timber roof",
        facts(
            "A3",
            storeys=1,
            building_area=4500,
            streets=2,
            sprinklered=False,
            construction=NC,
            heavy_timber=True,
        ),
        ["3.2.2.30"],
        "3.2.2.30",
    ),
    (
        "A3 community rink, 1 storey, 2,000 m², unsprinklered, wood",
        facts("A3", storeys=1, building_area=2000, sprinklered=False, construction=C),
        ["3.2.2.32"],
        "3.2.2.32",
    ),
    (
        "A4 concrete grandstand for 2,000",
        facts("A4", storeys=1, building_area=800, sprinklered=False, construction=NC, occupant_load=2000),
        ["3.2.2.35"],
        "3.2.2.35",
    ),
    (
        "B1 detention centre, 2 storeys, 5,000 m², sprinklered, concrete",
        facts("B1", storeys=2, building_area=5000, sprinklered=True, construction=NC),
        ["3.2.2.37", "3.2.2.36"],
        "3.2.2.37",
    ),
    (
        "B2 hospital, 5 storeys, 6,000 m², sprinklered, concrete",
        facts("B2", storeys=5, building_area=6000, sprinklered=True, construction=NC),
        ["3.2.2.38"],
        "3.2.2.38",
    ),
    (
        "B2 day surgery, 1 storey, 450 m², sprinklered, wood",
        facts("B2", storeys=1, building_area=450, sprinklered=True, construction=C),
        ["3.2.2.41", "3.2.2.40"],
        "3.2.2.41",
    ),
    (
        "B3 care home, 3 storeys, 1,700 m², sprinklered, wood",
        facts("B3", storeys=3, building_area=1700, sprinklered=True, construction=C),
        ["3.2.2.44"],
        "3.2.2.44",
    ),
    (
        "C walk-up (Example 1), 3 storeys, 1,000 m², 2 streets, unsprinklered, wood",
        facts(
            "C",
            storeys=3,
            building_area=1000,
            streets=2,
            sprinklered=False,
            construction=C,
            retirement_home=False,
        ),
        ["3.2.2.53"],
        "3.2.2.53",
    ),
    (
        "C walk-up (Example 1) sprinklered instead",
        facts(
            "C",
            storeys=3,
            building_area=1000,
            streets=2,
            height_m=10,
            sprinklered=True,
            construction=C,
            retirement_home=False,
        ),
        ["3.2.2.53", "3.2.2.55", "3.2.2.52", "3.2.2.51"],
        "3.2.2.53",
    ),
    (
        "C condo (Example 2), 6 storeys, 1,400 m², 15.5 m, sprinklered, wood",
        facts(
            "C",
            storeys=6,
            building_area=1400,
            height_m=15.5,
            sprinklered=True,
            construction=C,
            retirement_home=False,
        ),
        ["3.2.2.51"],
        "3.2.2.51",
    ),
    (
        "C retirement home (Example 6), 4 storeys, 2,500 m², sprinklered, wood",
        facts("C", storeys=4, building_area=2500, sprinklered=True, construction=C, retirement_home=True),
        ["3.2.2.55B"],
        "3.2.2.55B",
    ),
    (
        "D office (Example 4), 2 storeys, 2,000 m², unsprinklered, wood",
        facts("D", storeys=2, building_area=2000, sprinklered=False, construction=C),
        ["3.2.2.62"],
        "3.2.2.62",
    ),
    (
        "D office (Example 4) built noncombustible",
        facts("D", storeys=2, building_area=2000, sprinklered=False, construction=NC),
        ["3.2.2.62", "3.2.2.58"],
        "3.2.2.62",
    ),
    (
        "D office, 6 storeys, 2,800 m², 17 m, sprinklered, wood",
        facts("D", storeys=6, building_area=2800, height_m=17, sprinklered=True, construction=C),
        ["3.2.2.60"],
        "3.2.2.60",
    ),
    (
        "D office, 10 storeys, 2,000 m², 38 m, sprinklered, encapsulated mass timber",
        facts("D", storeys=10, building_area=2000, height_m=38, sprinklered=True, construction=EMT),
        ["3.2.2.57", "3.2.2.93"],
        "3.2.2.57",
    ),
    (
        "E big-box store, 1 storey, 6,000 m², sprinklered, wood roof",
        facts("E", storeys=1, building_area=6000, sprinklered=True, construction=C),
        ["3.2.2.69"],
        "3.2.2.69",
    ),
    (
        "E corner store, 1 storey, 1,400 m², unsprinklered, wood",
        facts("E", storeys=1, building_area=1400, sprinklered=False, construction=C),
        ["3.2.2.68"],
        "3.2.2.68",
    ),
    (
        "E corner store, 1 storey, 1,400 m², sprinklered, wood",
        facts("E", storeys=1, building_area=1400, sprinklered=True, construction=C),
        ["3.2.2.68", "3.2.2.71", "3.2.2.69", "3.2.2.67"],
        "3.2.2.68",
    ),
    (
        "F1 paint store room, 1 storey, 700 m², unsprinklered, wood",
        facts("F1", storeys=1, building_area=700, sprinklered=False, construction=C),
        ["3.2.2.75"],
        "3.2.2.75",
    ),
    (
        "F1 solvent plant, 2 storeys, 2,000 m², sprinklered, steel",
        facts("F1", storeys=2, building_area=2000, sprinklered=True, construction=NC),
        ["3.2.2.72"],
        "3.2.2.72",
    ),
    (
        "F2 warehouse (Example 3), 1 storey, 5,000 m², sprinklered, steel",
        facts("F2", storeys=1, building_area=5000, sprinklered=True, construction=NC),
        ["3.2.2.79", "3.2.2.77", "3.2.2.76"],
        "3.2.2.79",
    ),
    (
        "F3 warehouse, 1 storey, 6,500 m², 2 streets, unsprinklered, steel",
        facts("F3", storeys=1, building_area=6500, streets=2, height_m=9, sprinklered=False, construction=NC),
        ["3.2.2.92", "3.2.2.91", "3.2.2.89", "3.2.2.83"],
        "3.2.2.89",
    ),
    (
        "F3 open-air parking garage, 4 storeys, 8,000 m², 12 m, unsprinklered, concrete",
        facts("F3", storeys=4, building_area=8000, height_m=12, sprinklered=False, construction=NC),
        ["3.2.2.92"],
        "3.2.2.92",
    ),
]


@pytest.mark.parametrize(
    ("description", "building", "expected", "best"), BUILDINGS, ids=[b[0] for b in BUILDINGS]
)
def test_fitting_articles(description: str, building: Facts, expected: list[str], best: str | None) -> None:
    assert [c.article for c in candidates(building)] == expected, description
    assert propose_for(building).articles == [best]


def test_every_group_a1_to_f3_is_covered() -> None:
    assert {b[1].groups[0] for b in BUILDINGS} >= {
        "A1",
        "A2",
        "A3",
        "A4",
        "B1",
        "B2",
        "B3",
        "C",
        "D",
        "E",
        "F1",
        "F2",
        "F3",
    }
    assert len(BUILDINGS) >= 20


def test_an_unsprinklered_church_too_big_for_the_unsprinklered_article_has_no_article() -> None:
    church = facts("A2", storeys=2, building_area=1100, streets=2, sprinklered=False, construction=C)
    assert candidates(church) == []
    result = propose_for(church).occupancies[0]
    assert result.article is None and "no article fits" in result.reason


def test_b_buildings_have_no_unsprinklered_article() -> None:
    for group in ("B1", "B2", "B3"):
        assert (
            candidates(facts(group, storeys=1, building_area=300, sprinklered=False, construction=NC)) == []
        )


def test_f1_has_nothing_above_four_storeys() -> None:
    assert candidates(facts("F1", storeys=5, building_area=500, sprinklered=True, construction=NC)) == []


def test_mixed_condo_puts_the_shops_on_the_residential_article_under_3_2_2_51_5() -> None:
    condo = Facts(
        groups=("E", "C"),
        storeys=6,
        storeys_below=0,
        building_area=1400,
        height_m=15.5,
        streets=1,
        sprinklered=True,
        construction=C,
        retirement_home=False,
    )
    proposal = propose_for(condo)
    assert proposal.articles == ["3.2.2.51", "3.2.2.51"]
    shops = proposal.occupancies[0]
    assert "3.2.2.51(5)" in shops.reason and "below storey 3" in shops.reason


def test_a_candidate_reason_reads_as_a_comparison() -> None:
    store = facts("E", storeys=1, building_area=6000, sprinklered=True, construction=C)
    reason = candidates(store)[0].reason
    assert reason.startswith("E, 1 storey, 6,000 m² ≤ 7,200 m²")
    assert "sprinklered" in reason
    unsprinklered = facts("D", storeys=2, building_area=2000, sprinklered=False, construction=C)
    assert "2,000 m² ≤ 2,400 m² facing 1 street" in candidates(unsprinklered)[0].reason


def test_a_candidate_on_an_uncertain_figure_says_so() -> None:
    home = facts("C", storeys=4, building_area=1600, sprinklered=True, construction=C, retirement_home=True)
    found = {c.article: c for c in candidates(home)}
    assert found["3.2.2.55C"].uncertain and "uncertain (OCR)" in found["3.2.2.55C"].reason
    assert not found["3.2.2.55B"].uncertain
    emt = candidates(
        replace(facts("D", storeys=10, building_area=2000, height_m=38, sprinklered=True, construction=EMT))
    )
    assert [c.uncertain for c in emt] == [False, True]  # 3.2.2.57 is clean, Table 3.2.2.93 is not
