"""3.21's five assemblies worked out from the 3.10 article and the facts, checked by hand.

Each expectation is read from the article's data in content/code/part3-2024.json (2024 edition)
and the rules of 3.2.2.15 (deep basements) and 3.2.1.4 (the floor over a basement).
"""

from __future__ import annotations

import pytest

from tests.engine.projects import area, project
from wizard_core.engine import check
from wizard_core.engine.assemblies import ASSEMBLIES, required_assemblies


def _needs(answers: dict) -> dict[str, tuple[float | None, float | None, bool, bool]]:
    return {
        n.assembly: (n.rating_h, n.supporting_h, n.noncombustible_in_lieu, n.applies)
        for n in required_assemblies(answers)
    }


def test_every_assembly_is_answered_in_the_sheet_order():
    assert [n.assembly for n in required_assemblies(project())] == list(ASSEMBLIES)


def test_a_sprinklered_office_under_3_2_2_60_rates_floors_roof_and_basement_at_1_h():
    answers = project(
        articles=("3.2.2.60",), storeys=3, below=1, sprinklers="Entire building", actual="Noncombustible"
    )
    needs = _needs(answers)
    # 3.2.2.60: floors 60 min fire separations, roof 60 min, loadbearing as what it supports.
    assert needs["floors"] == (1.0, 1.0, False, True)
    assert needs["roof"] == (1.0, 1.0, False, True)
    # One storey below grade: the basement's floors take the article's 1 h; 3.2.1.4 the floor over it.
    assert needs["storeys_below_grade"] == (1.0, 1.0, False, True)
    assert needs["floors_over_basement"] == (1.0, 1.0, False, True)
    assert needs["mezzanine"][3] is False  # no mezzanine in 3.06


@pytest.mark.parametrize(
    ("actual", "floors", "in_lieu"),
    [("Combustible", 0.75, False), ("Noncombustible", 0.0, True)],
)
def test_3_2_2_63_rates_floors_only_where_they_are_combustible(actual, floors, in_lieu):
    # 3.2.2.63 (D, up to 3 storeys, sprinklered): floors 45 min "if combustible"; loadbearing 45 or NC.
    answers = project(articles=("3.2.2.63",), storeys=3, sprinklers="Entire building", actual=actual)
    rating, supporting, lieu, applies = _needs(answers)["floors"]
    assert (rating, supporting, lieu, applies) == (floors, floors, in_lieu, True)


def test_the_roof_of_an_article_that_states_no_roof_rating_needs_none():
    # 3.2.2.61 (D, up to 4 storeys, sprinklered): the article gives no roof rating.
    answers = project(articles=("3.2.2.61",), storeys=4, sprinklers="Entire building")
    assert _needs(answers)["roof"][:2] == (0.0, 0.0)


def test_more_than_one_storey_below_grade_takes_3_2_2_15s_two_hours():
    answers = project(
        articles=("3.2.2.60",), storeys=3, below=2, sprinklers="Entire building", actual="Noncombustible"
    )
    assert _needs(answers)["storeys_below_grade"][0] == 2.0


def test_deep_basements_under_a_mercantile_occupancy_take_three_hours():
    answers = project(
        groups=("E",),
        articles=("3.2.2.66",),
        storeys=2,
        below=2,
        sprinklers="Entire building",
        actual="Noncombustible",
    )
    assert _needs(answers)["storeys_below_grade"][0] == 3.0


def test_a_mezzanine_takes_the_articles_mezzanine_rating():
    answers = project(articles=("3.2.2.60",), storeys=3, sprinklers="Entire building", **{"3_06": area(120)})
    assert _needs(answers)["mezzanine"][:2] == (1.0, 1.0)


def test_without_the_article_nothing_is_guessed():
    answers = project(articles=())
    needs = required_assemblies(answers)
    assert all(n.rating_h is None for n in needs if n.applies)
    assert all("3.10" in n.missing for n in needs if n.applies)


def test_a_combustible_only_rating_waits_for_the_actual_construction():
    answers = project(articles=("3.2.2.63",), storeys=3, sprinklers="Entire building")
    del answers["3.15"]
    floors = next(n for n in required_assemblies(answers) if n.assembly == "floors")
    assert floors.rating_h is None and "3.15" in floors.missing


def test_a_given_rating_below_the_articles_is_an_error_and_at_it_is_none():
    base = project(articles=("3.2.2.60",), storeys=3, sprinklers="Entire building", actual="Noncombustible")

    def rows(floors: float) -> dict:
        return {
            "assemblies": [
                {
                    "assembly": "floors",
                    "rating_h": floors,
                    "supporting_h": floors,
                    "noncombustible_in_lieu": False,
                },
                {"assembly": "roof", "rating_h": 1.0, "supporting_h": 1.0, "noncombustible_in_lieu": False},
            ],
            "note": "",
        }

    low = [f for f in check({**base, "3.21": rows(0.75)}) if f.item == "3.21"]
    assert [f.severity for f in low] == ["error", "error"]  # the floors, and what carries them
    assert all("3.2.2.60" in f.articles and "45 min" in f.message for f in low)
    assert any("loadbearing" in f.message for f in low)
    assert not [f for f in check({**base, "3.21": rows(1.0)}) if f.item == "3.21"]
