"""``propose``: the best article per occupancy, or the facts still missing, never a guess."""

from __future__ import annotations

from wizard_core.engine import Facts, candidates, propose, propose_for

from .projects import area


def test_propose_reads_the_answers_in_3_02_order() -> None:
    answers = {
        "3.02": ["E", "C"],
        "3.04": area(1400),
        "3.09": 1,
        "3.11": "Entire building",
        "3.07": {"storeys_above_grade": 6, "storeys_below_grade": 0, "height_m": 15.5},
        "3.15": {"restriction": "Combustible permitted", "actual": "Combustible", "heavy_timber": False},
    }
    proposal = propose(answers, retirement_home=False)
    assert proposal.articles == ["3.2.2.51", "3.2.2.51"] and proposal.complete
    assert "1,400 m² ≤ 1,500 m²" in proposal.occupancies[1].reason


def test_unknown_sprinklers_give_only_articles_that_fit_either_way() -> None:
    office = Facts(
        groups=("D",), storeys=2, storeys_below=0, building_area=2000, streets=1, construction="combustible"
    )
    assert [c.article for c in candidates(office)] == ["3.2.2.62"]
    assert propose_for(office).articles == ["3.2.2.62"]


def test_a_fact_that_could_unlock_a_less_demanding_article_is_reported_missing() -> None:
    office = Facts(
        groups=("D",),
        storeys=2,
        storeys_below=0,
        building_area=1100,
        construction="combustible",
        sprinklered=False,
    )
    result = propose_for(office).occupancies[0]
    assert result.article == "3.2.2.62"  # fits even facing one street
    assert [m.fact for m in result.missing] == ["streets"]  # 3.2.2.64 allows 1,200 m² facing 3 streets
    assert result.missing[0].item == "3.09"


def test_nothing_can_be_proposed_without_storeys_and_area() -> None:
    proposal = propose({"3.02": ["F2"], "3.11": "Entire building"})
    occupancy = proposal.occupancies[0]
    assert occupancy.article is None
    assert {m.fact for m in occupancy.missing} >= {"storeys", "building_area"}
    assert not proposal.complete


def test_residential_asks_whether_it_is_a_retirement_home() -> None:
    apartments = Facts(
        groups=("C",),
        storeys=3,
        storeys_below=0,
        building_area=1000,
        streets=2,
        sprinklered=False,
        construction="combustible",
    )
    result = propose_for(apartments).occupancies[0]
    assert result.article is None and [m.fact for m in result.missing] == ["retirement_home"]
    assert result.missing[0].question.startswith("Is the Group C occupancy a retirement home")


def test_the_recorded_article_settles_the_retirement_home_question() -> None:
    answers = {
        "3.02": ["C"],
        "3.10": ["3.2.2.55E"],
        "3.04": area(1500),
        "3.11": "Entire building",
        "3.07": {"storeys_above_grade": 3, "storeys_below_grade": 0, "height_m": 10},
        "3.15": {"restriction": "Combustible permitted", "actual": "Combustible", "heavy_timber": False},
    }
    assert propose(answers).articles == ["3.2.2.55E"]


def test_farm_buildings_get_the_part_2_statement_not_an_article() -> None:
    proposal = propose(
        {
            "3.02": ["G1", "D"],
            "3.04": area(1000),
            "3.09": 1,
            "3.11": "Not required",
            "3.07": {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 6},
            "3.15": {"restriction": "Combustible permitted", "actual": "Combustible", "heavy_timber": False},
        }
    )
    farm, office = proposal.occupancies
    assert farm.article is None and "Division B Part 2" in farm.reason and "3.2.2" in farm.reason
    assert office.article == "3.2.2.64"
    assert proposal.complete


def test_unknown_construction_keeps_only_articles_that_permit_combustible() -> None:
    tower = Facts(
        groups=("D",),
        storeys=10,
        storeys_below=0,
        building_area=2000,
        streets=1,
        sprinklered=True,
        height_m=38,
    )
    assert candidates(tower) == []
    assert [m.fact for m in propose_for(tower).missing] == ["construction"]


def test_a_doubtful_special_use_article_is_not_proposed_over_a_plain_fit() -> None:
    shed = Facts(
        groups=("F3",),
        storeys=1,
        storeys_below=0,
        building_area=3000,
        streets=1,
        height_m=7,
        sprinklered=False,
        construction="noncombustible",
    )
    found = candidates(shed)
    assert found[0].article == "3.2.2.92" and found[0].doubtful
    assert propose_for(shed).articles == ["3.2.2.85"]
