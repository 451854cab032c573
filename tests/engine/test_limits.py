"""Each rule at its limit: exactly at the limit passes, just over is caught (and the article is cited)."""

from __future__ import annotations

import pytest

from wizard_core.engine import check

from .projects import errors, on, project

SPR, UNSPR = "Entire building", "Not required"


def classification_errors(answers: dict) -> list:
    return on(check(answers), "3.10", "error")


# -- area, with and without the street variation ------------------------------------------------


@pytest.mark.parametrize(("streets", "limit"), [(1, 1600), (2, 2000), (3, 2400)])
def test_area_limit_varies_with_streets_faced(streets: int, limit: int) -> None:
    at = project(articles=("3.2.2.62",), storeys=3, building_area=limit, streets=streets, height=11)
    assert classification_errors(at) == []
    over = project(articles=("3.2.2.62",), storeys=3, building_area=limit + 1, streets=streets, height=11)
    found = classification_errors(over)
    assert len(found) == 1 and found[0].articles == ["3.2.2.62"]
    assert f"{limit:,} m²" in found[0].message and "3.04" in found[0].related


def test_area_limit_without_street_variation() -> None:
    kw = {"articles": ("3.2.2.60",), "storeys": 6, "height": 17, "sprinklers": SPR}
    assert classification_errors(project(building_area=3000, **kw)) == []
    assert classification_errors(project(building_area=3000, streets=3, **kw)) == []
    over = classification_errors(project(building_area=3001, streets=3, **kw))
    assert over and over[0].articles == ["3.2.2.60"]


def test_area_not_limited_for_two_streets_in_3_2_2_50() -> None:
    kw = {
        "groups": ("C",),
        "articles": ("3.2.2.50",),
        "storeys": 2,
        "actual": "Noncombustible",
        "restriction": "Noncombustible required",
    }
    assert classification_errors(project(building_area=50000, streets=2, **kw)) == []
    assert classification_errors(project(building_area=6000, streets=1, **kw)) == []
    assert classification_errors(project(building_area=6001, streets=1, **kw))


def test_unknown_streets_do_not_decide_an_area_between_the_street_limits() -> None:
    between = project(articles=("3.2.2.62",), storeys=3, building_area=2000, height=11)
    del between["3.09"]
    assert classification_errors(between) == []
    beyond = project(articles=("3.2.2.62",), storeys=3, building_area=2401, height=11)
    del beyond["3.09"]
    assert classification_errors(beyond)


def test_3_2_2_28_2_compartments_allow_double_the_area_without_a_basement() -> None:
    kw = {"groups": ("A2",), "articles": ("3.2.2.28",), "storeys": 1, "height": 5}
    assert on(check(project(building_area=800, **kw)), "3.10", "warning")[0].articles == [
        "3.2.2.28",
        "3.2.2.28(2)",
    ]
    assert classification_errors(project(building_area=800, **kw)) == []
    assert classification_errors(project(building_area=801, **kw))
    assert classification_errors(project(building_area=800, below=1, **kw))


# -- storeys and heights ----------------------------------------------------------------------


def test_storey_limit() -> None:
    kw = {"groups": ("C",), "articles": ("3.2.2.52",), "building_area": 1000, "sprinklers": SPR}
    assert classification_errors(project(storeys=4, height=12, **kw)) == []
    found = classification_errors(project(storeys=5, height=15, **kw))
    assert found and "at most 4 storeys" in found[0].message and found[0].articles == ["3.2.2.52"]


def test_fourth_storey_of_3_2_2_50_is_conditional() -> None:
    kw = {
        "groups": ("C",),
        "articles": ("3.2.2.50",),
        "building_area": 3000,
        "actual": "Noncombustible",
        "restriction": "Noncombustible required",
    }
    four = check(project(storeys=4, height=12, **kw))
    assert not on(four, "3.10", "error")
    assert any("3.2.2.50(4)" in f.articles for f in on(four, "3.10", "warning"))
    assert classification_errors(project(storeys=5, height=15, **kw))


@pytest.mark.parametrize(
    ("article", "limit", "storeys"),
    [("3.2.2.51", 18, 6), ("3.2.2.60", 18, 6), ("3.2.2.48", 42, 12), ("3.2.2.57", 42, 12)],
)
def test_height_limit_in_metres(article: str, limit: float, storeys: int) -> None:
    group = "C" if article in ("3.2.2.51", "3.2.2.48") else "D"
    actual = "Encapsulated mass timber" if article in ("3.2.2.48", "3.2.2.57") else "Combustible"
    restriction = "Encapsulated mass timber permitted" if actual != "Combustible" else "Combustible permitted"
    kw = {
        "groups": (group,),
        "articles": (article,),
        "storeys": storeys,
        "building_area": 1000,
        "sprinklers": SPR,
        "actual": actual,
        "restriction": restriction,
        "streets": 2,
    }

    def height_findings(h: float) -> list:
        return [
            f
            for f in check(project(height=h, **kw))
            if f.item == "3.10" and "m" in f.message and f"{limit} m" in f.message
        ]

    assert height_findings(limit) == []
    over = height_findings(limit + 0.1)
    assert over and over[0].severity == "warning" and article in over[0].articles


# -- sprinklers and construction -----------------------------------------------------------------


def test_a_sprinklered_article_needs_sprinklers_throughout() -> None:
    kw = {"groups": ("E",), "articles": ("3.2.2.69",), "storeys": 1, "building_area": 5000, "height": 6}
    assert errors(project(sprinklers=SPR, **kw)) == []
    for partial in (UNSPR, "Selected floor areas", "Basement", "In lieu of roof rating"):
        found = on(check(project(sprinklers=partial, **kw)), "3.11", "error")
        assert found and "3.2.2.18" in found[0].articles and "3.10" in found[0].related


def test_an_unsprinklered_article_may_still_be_sprinklered() -> None:
    kw = {"groups": ("E",), "articles": ("3.2.2.68",), "storeys": 1, "building_area": 1500, "height": 6}
    assert errors(project(sprinklers=SPR, **kw)) == []


def test_noncombustible_article_rejects_combustible_construction() -> None:
    kw = {
        "groups": ("E",),
        "articles": ("3.2.2.66",),
        "storeys": 2,
        "building_area": 9000,
        "sprinklers": SPR,
        "height": 9,
    }
    ok = project(actual="Noncombustible", restriction="Noncombustible required", **kw)
    assert errors(ok) == []
    wood = on(
        check(project(actual="Combustible", restriction="Noncombustible required", **kw)), "3.15", "error"
    )
    assert wood and wood[0].articles == ["3.2.2.66"]


def test_emtc_articles_take_mass_timber_but_not_light_frame() -> None:
    kw = {
        "articles": ("3.2.2.57",),
        "storeys": 8,
        "building_area": 2000,
        "sprinklers": SPR,
        "height": 30,
        "restriction": "Encapsulated mass timber permitted",
        "streets": 2,
        "3_08": False,
    }
    assert errors(project(actual="Encapsulated mass timber", **kw), focus="3.15") == []
    assert on(check(project(actual="Combustible", **kw)), "3.15", "error")


@pytest.mark.parametrize(
    ("storeys", "sprinklers", "warned"), [(2, SPR, False), (3, SPR, True), (2, UNSPR, True)]
)
def test_heavy_timber_roof_on_a_noncombustible_article_3_2_2_16(
    storeys: int, sprinklers: str, warned: bool
) -> None:
    article = "3.2.2.24" if sprinklers == SPR else "3.2.2.58"
    group = "A2" if sprinklers == SPR else "D"
    answers = project(
        groups=(group,),
        articles=(article,),
        storeys=storeys,
        building_area=1000,
        sprinklers=sprinklers,
        actual="Noncombustible",
        restriction="Noncombustible required",
        heavy_timber=True,
        height=4.0 * storeys,
    )
    warnings = [f for f in on(check(answers), "3.15", "warning") if "3.2.2.16" in f.articles]
    assert bool(warnings) is warned
    assert not on(check(answers), "3.15", "error")


# -- streets: 3.2.2.10(3) -------------------------------------------------------------------------


def test_one_street_for_3_2_2_60_asks_for_the_25_percent_test() -> None:
    kw = {"articles": ("3.2.2.60",), "storeys": 4, "building_area": 2000, "height": 13, "sprinklers": SPR}
    one = [f for f in check(project(streets=1, **kw)) if "3.2.2.10(3)" in f.articles]
    assert one and one[0].severity == "info" and "25 %" in one[0].message
    assert not [f for f in check(project(streets=2, **kw)) if "3.2.2.10(3)" in f.articles]


# -- uncertain figures ----------------------------------------------------------------------------


def test_a_misfit_on_an_uncertain_figure_is_only_a_warning_and_says_so() -> None:
    kw = {"groups": ("C",), "articles": ("3.2.2.55C",), "storeys": 4, "sprinklers": SPR, "height": 12}
    at = check(project(building_area=1650, **kw))
    assert not on(at, "3.10", "error")
    assert any("uncertain (OCR)" in f.message for f in on(at, "3.10", "info"))
    over = on(check(project(building_area=1651, **kw)), "3.10")
    assert [f.severity for f in over if "1,650" in f.message] == ["warning"]
    assert "uncertain (OCR)" in over[0].message


def test_the_uncertain_2880_figure_of_3_2_2_58_only_touches_one_street() -> None:
    kw = {
        "articles": ("3.2.2.58",),
        "storeys": 5,
        "actual": "Noncombustible",
        "restriction": "Noncombustible required",
        "height": 17,
        "3_12": True,
    }
    assert [
        f.severity for f in on(check(project(building_area=2881, **kw)), "3.10") if "2,880" in f.message
    ] == ["warning"]
    assert classification_errors(project(building_area=3601, streets=2, **kw))
