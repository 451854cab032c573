"""3.21 ratings: read loosely, compared with the article, 3.2.1.4 and 3.2.2.15."""

from __future__ import annotations

import pytest

from wizard_core.engine import check, parse_ratings

from .projects import on, project

SPR = "Entire building"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Floors 1 h, roof 1 h, mezzanine 1 h, loadbearing walls 1 h",
            {"floors": 60, "roof": 60, "mezzanines": 60, "loadbearing": 60},
        ),
        ("floor assemblies 45 min; roof n/a", {"floors": 45, "roof": 0}),
        ("Floor over basement 45 min; storeys below grade 2 h", {"over_basement": 45, "below": 120}),
        ("Floors: 1 hr with LB walls 1.5 hr", {"floors": 60, "loadbearing": 90}),
        ("Roof: 45-minute; floors 2hrs", {"roof": 45, "floors": 120}),
        ("See SB-2 assemblies W1 and F3", {}),
    ],
)
def test_parse_ratings(text: str, expected: dict[str, int]) -> None:
    assert parse_ratings(text) == expected


def rating_findings(text: str, **kw: object) -> list:
    return on(check(project(**kw, **{"3_21": text})), "3.21")


def test_sprinklers_do_not_waive_the_1_h_roof_of_3_2_2_51() -> None:
    kw = {
        "groups": ("C",),
        "articles": ("3.2.2.51",),
        "storeys": 4,
        "building_area": 1500,
        "height": 13,
        "sprinklers": SPR,
        "streets": 2,
        "3_12": True,
    }
    found = rating_findings("Floors 1 h, roof n/a, loadbearing walls 1 h", **kw)
    assert [f.severity for f in found] == ["error"]
    assert found[0].articles == ["3.2.2.51"] and "sprinklers do not waive it" in found[0].message
    assert rating_findings("Floors 1 h, roof 1 h, loadbearing walls 1 h", **kw) == []


def test_floor_rating_below_the_article_is_caught_and_noncombustible_needs_none() -> None:
    assert rating_findings("floors 45 min") == []  # 3.2.2.62, combustible: 45 min
    found = rating_findings("floors 30 min")
    assert [f.severity for f in found] == ["error"] and found[0].articles == ["3.2.2.62"]
    assert rating_findings("floors n/a", actual="Noncombustible") == []


def test_loadbearing_walls_follow_what_they_support() -> None:
    kw = {"groups": ("E",), "articles": ("3.2.2.67",), "storeys": 3, "building_area": 1500, "sprinklers": SPR}
    assert rating_findings("floors 1 h, loadbearing walls 1 h", **kw) == []
    found = rating_findings("floors 1 h, loadbearing walls 45 min", **kw)
    assert [f.severity for f in found] == ["error"] and "loadbearing" in found[0].message


def test_roof_waivers_with_a_design_condition_only_warn() -> None:
    one_storey = {"storeys": 1, "height": 5}
    assert [f.severity for f in rating_findings("roof n/a", building_area=2400, **one_storey)] == ["warning"]
    assert [f.severity for f in rating_findings("roof n/a", building_area=3000, **one_storey)] == ["error"]
    unsprinklered_nc = {
        "articles": ("3.2.2.58",),
        "actual": "Noncombustible",
        "restriction": "Noncombustible required",
    }
    assert rating_findings("roof n/a", building_area=3000, **one_storey, **unsprinklered_nc) == []


def test_deep_basement_floors_3_2_2_15() -> None:
    kw = {"below": 2, "sprinklers": SPR, "articles": ("3.2.2.63",)}
    assert rating_findings("storeys below grade 2 h", **kw) == []
    assert [f.severity for f in rating_findings("storeys below grade 1.5 h", **kw)] == ["error"]
    shop = {"groups": ("E",), "articles": ("3.2.2.69",), "building_area": 2000}
    found = rating_findings("storeys below grade 2 h", **{**kw, **shop})
    assert [f.severity for f in found] == ["error"] and "3 h" in found[0].message
    assert found[0].articles == ["3.2.2.15"]


def test_floor_over_a_basement_at_least_45_min_3_2_1_4() -> None:
    kw = {"below": 1, "sprinklers": SPR, "articles": ("3.2.2.63",), "actual": "Noncombustible"}
    assert rating_findings("floor over basement 45 min", **kw) == []
    found = rating_findings("floor over basement 30 min", **kw)
    assert [f.severity for f in found] == ["error"] and "3.2.1.4" in found[0].articles


def test_sprinklers_in_lieu_of_a_roof_rating_are_questioned() -> None:
    answers = project(
        groups=("C",),
        articles=("3.2.2.53",),
        storeys=3,
        building_area=800,
        height=10,
        sprinklers="In lieu of roof rating",
    )
    found = on(check(answers), "3.11", "warning")
    assert found and found[0].articles == ["3.2.2.53"]


def test_unreadable_ratings_are_not_flagged() -> None:
    assert rating_findings("per SB-2, see drawings A-301") == []
