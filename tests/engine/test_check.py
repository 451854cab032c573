"""``check``: a correct project gives no error; each kind of contradiction is caught and cited."""

from __future__ import annotations

import pytest

from wizard_core.engine import check

from .projects import area, errors, on, project

SPR = "Entire building"

CONDO = project(
    groups=("E", "C"),
    articles=("3.2.2.51", "3.2.2.51"),
    storeys=6,
    below=1,
    building_area=1400,
    height=17.5,
    sprinklers=SPR,
    actual="Combustible and noncombustible",
    **{
        "3_03": True,
        "3_05": area(8150),
        "3_06": area(60),
        "3_12": True,
        "3_13": "Single stage",
        "3_18": {
            "total": 262,
            "rows": [
                {"area": "Retail", "persons": 102, "basis": "3.70 m²/person"},
                {"area": "Apartments", "persons": 160, "basis": "2 per room"},
            ],
        },
        "3_21": "Floors 1 h, roof 1 h, mezzanine 1 h, loadbearing walls 1 h; floor over basement 1 h",
    },
)
OFFICE = project(**{"3_21": "Floors 45 min, roof 45 min, loadbearing walls 45 min"})
WAREHOUSE = project(
    groups=("F2",),
    articles=("3.2.2.79",),
    storeys=1,
    building_area=5000,
    height=9,
    sprinklers=SPR,
    actual="Noncombustible",
    **{
        "3_05": area(5400),
        "3_06": area(400),
        "3_13": "Two stage",
        "3_21": "Roof n/a; mezzanine n/a (noncombustible)",
    },
)


@pytest.mark.parametrize("answers", [CONDO, OFFICE, WAREHOUSE], ids=["condo", "office", "warehouse"])
def test_a_correct_project_has_no_error_and_no_warning(answers: dict) -> None:
    findings = check(answers)
    assert [f for f in findings if f.severity != "info"] == []


def test_a_finding_dumps_exactly_the_five_keys() -> None:
    wrong = dict(OFFICE, **{"3.10": ["3.2.2.69"]})
    dumped = check(wrong)[0].model_dump()
    assert set(dumped) == {"item", "severity", "message", "articles", "related"}


def test_focus_keeps_findings_on_the_item_or_related_to_it() -> None:
    wrong = dict(OFFICE, **{"3.10": ["3.2.2.63"]})  # a sprinklered D article for an unsprinklered office
    everything = check(wrong)
    on_310 = check(wrong, focus="3.10")
    assert on_310 and all(f.item == "3.10" or "3.10" in f.related for f in on_310)
    assert any(f.item == "3.11" for f in on_310)  # the sprinkler contradiction concerns 3.10 too
    assert check(wrong, focus="3.19") == [f for f in everything if f.item == "3.19" or "3.19" in f.related]


def test_missing_answers_switch_checks_off_rather_than_failing_them() -> None:
    assert check({}) == []
    partial = {"3.02": ["D"], "3.10": ["3.2.2.62"]}
    assert errors(partial) == []


# -- 3.10 ---------------------------------------------------------------------------------------


def test_article_of_another_group() -> None:
    found = on(check(dict(OFFICE, **{"3.10": ["3.2.2.69"]})), "3.10", "error")
    assert any("not an article for Group D" in f.message and f.articles == ["3.2.2.69"] for f in found)


def test_retirement_home_articles_are_not_for_other_occupancies() -> None:
    answers = project(groups=("D",), articles=("3.2.2.55B",), sprinklers=SPR)
    assert any("not an article for Group D" in f.message for f in errors(answers))


def test_count_of_articles_must_match_occupancies() -> None:
    found = on(check(dict(OFFICE, **{"3.02": ["D", "E"]})), "3.10", "error")
    assert found and "one article per occupancy" in found[0].message and "3.02" in found[0].related


def test_a_2012_or_unknown_article_number_is_caught() -> None:
    found = on(check(dict(OFFICE, **{"3.10": ["3.2.2.94"]})), "3.10", "error")
    assert found and "2024" in found[0].message


def test_group_g_needs_no_article_and_is_only_noted() -> None:
    barn = project(groups=("G2",), articles=(), storeys=1, building_area=800)
    del barn["3.10"]
    findings = check(barn)
    assert [f.severity for f in findings if f.item == "3.10"] == ["info"]
    assert "Part 2" in findings[0].message and findings[0].articles == ["A-1.3.3.1A"]
    mixed = project(groups=("G3", "D"), articles=("3.2.2.62",))
    assert not on(check(mixed), "3.10", "error")


# -- 3.15 restriction -------------------------------------------------------------------------


def test_restriction_looser_than_the_article_is_an_error_and_stricter_a_warning() -> None:
    loose = project(
        groups=("E",),
        articles=("3.2.2.66",),
        storeys=2,
        building_area=9000,
        sprinklers=SPR,
        actual="Noncombustible",
        restriction="Combustible permitted",
    )
    found = on(check(loose), "3.15", "error")
    assert found and "Noncombustible required" in found[0].message and found[0].articles == ["3.2.2.66"]
    strict = project(restriction="Noncombustible required", actual="Noncombustible")
    assert [f.severity for f in on(check(strict), "3.15")] == ["warning"]


def test_side_by_side_occupancies_take_the_most_restrictive_construction() -> None:
    answers = project(groups=("D", "E"), articles=("3.2.2.62", "3.2.2.66"), sprinklers=SPR)
    found = on(check(answers), "3.15", "error")
    assert any("3.2.2.66" in f.articles for f in found)


# -- 3.11 and basements -------------------------------------------------------------------------


def test_deep_basements_must_be_sprinklered_3_2_2_15() -> None:
    answers = project(below=2)
    found = on(check(answers), "3.11", "error")
    assert found and found[0].articles == ["3.2.2.15"] and "3.07" in found[0].related
    assert not on(check(project(below=2, sprinklers="Basement")), "3.11", "error")
    assert not on(check(project(below=1)), "3.11", "error")
    assert on(check(project(below=1)), "3.11", "info")[0].articles == ["3.2.1.5"]


# -- 3.12 standpipes -------------------------------------------------------------------------


def test_standpipe_above_three_storeys() -> None:
    kw = {"groups": ("D",), "articles": ("3.2.2.61",), "building_area": 900, "sprinklers": SPR}
    assert not on(check(project(storeys=3, height=11, **kw)), "3.12")
    found = on(check(project(storeys=4, height=13.5, **kw)), "3.12", "error")
    assert found and found[0].articles == ["3.2.5.8"]


def test_standpipe_for_an_unsprinklered_building_over_table_3_2_5_8() -> None:
    kw = {"groups": ("C",), "articles": ("3.2.2.53",), "storeys": 3, "streets": 3, "height": 10}
    assert not on(check(project(building_area=1000, **kw)), "3.12")
    found = on(check(project(building_area=1001, **kw)), "3.12", "error")
    assert found and "1,000 m²" in found[0].message
    d = {"groups": ("D",), "storeys": 1, "streets": 1, "height": 5}
    assert not on(check(project(articles=("3.2.2.62",), building_area=4000, **d)), "3.12")
    assert on(check(project(articles=("3.2.2.62",), building_area=4001, **d)), "3.12", "error")
    assert not on(check(project(articles=("3.2.2.63",), building_area=4001, sprinklers=SPR, **d)), "3.12")


def test_standpipe_for_a_tall_building_is_a_warning_on_the_height_measure() -> None:
    kw = {
        "groups": ("F2",),
        "articles": ("3.2.2.79",),
        "storeys": 1,
        "building_area": 2000,
        "sprinklers": SPR,
    }
    assert not on(check(project(height=14, **kw)), "3.12")
    assert [f.severity for f in on(check(project(height=14.1, **kw)), "3.12")] == ["warning"]


# -- 3.13 fire alarm -------------------------------------------------------------------------


def test_a_sprinklered_building_needs_a_fire_alarm() -> None:
    answers = project(
        groups=("E",),
        articles=("3.2.2.69",),
        storeys=1,
        building_area=5000,
        sprinklers=SPR,
        **{"3_13": "Not required"},
    )
    found = on(check(answers), "3.13", "error")
    assert found and found[0].articles == ["3.2.4.1"] and "3.11" in found[0].related


def test_unsprinklered_alarm_triggers_at_their_limits() -> None:
    no_alarm = {"3_13": "Not required"}
    assert not on(check(project(storeys=3, building_area=1500, height=11, **no_alarm)), "3.13")
    assert on(check(project(storeys=3, below=1, building_area=1500, height=11, **no_alarm)), "3.13", "error")
    f1 = {"groups": ("F1",), "articles": ("3.2.2.75",), "storeys": 1, "building_area": 500, **no_alarm}
    assert not on(check(project(**f1, **{"3_18": {"total": 25, "rows": []}})), "3.13")
    assert on(check(project(**f1, **{"3_18": {"total": 26, "rows": []}})), "3.13", "error")
    assert not on(check(project(**{"3_18": {"total": 300, "rows": []}}, **no_alarm)), "3.13")
    over = on(check(project(**{"3_18": {"total": 301, "rows": []}}, **no_alarm)), "3.13")
    assert [f.severity for f in over] == ["warning"] and "uncertain (OCR)" in over[0].message


@pytest.mark.parametrize(
    ("group", "article", "storeys", "stage", "caught"),
    [
        ("F1", "3.2.2.74", 2, "Two stage", True),
        ("F1", "3.2.2.74", 2, "Single stage", False),
        ("B2", "3.2.2.40", 2, "Single stage", True),
        ("B2", "3.2.2.40", 2, "Two stage", False),
        ("B3", "3.2.2.44", 3, "Single stage", False),
        ("B3", "3.2.2.43", 4, "Single stage", True),
        ("D", "3.2.2.63", 2, "Two stage", False),
    ],
)
def test_alarm_stage_3_2_4_3(group: str, article: str, storeys: int, stage: str, caught: bool) -> None:
    answers = project(
        groups=(group,),
        articles=(article,),
        storeys=storeys,
        building_area=800,
        sprinklers=SPR,
        actual="Noncombustible",
        **{"3_13": stage, "3_12": storeys > 3},
    )
    found = on(check(answers), "3.13", "error")
    assert bool(found) is caught
    if caught:
        assert found[0].articles == ["3.2.4.3"]


def test_two_stage_alarm_in_a_school_is_questioned() -> None:
    school = project(
        groups=("A2",),
        articles=("3.2.2.26",),
        storeys=1,
        building_area=2000,
        sprinklers=SPR,
        **{
            "3_13": "Two stage",
            "3_18": {
                "total": 300,
                "rows": [{"area": "Classrooms", "persons": 300, "basis": "1.85 m²/person"}],
            },
        },
    )
    assert [f.severity for f in on(check(school), "3.13")] == ["warning"]


# -- 3.08 high building ----------------------------------------------------------------------


def test_care_floors_above_the_third_storey_make_a_high_building() -> None:
    kw = {
        "groups": ("B2",),
        "building_area": 3000,
        "sprinklers": SPR,
        "actual": "Noncombustible",
        "restriction": "Noncombustible required",
        "3_12": True,
        "3_13": "Two stage",
    }
    assert not on(check(project(articles=("3.2.2.39",), storeys=3, height=12, **kw)), "3.08")
    found = on(check(project(articles=("3.2.2.38",), storeys=4, height=15, **kw)), "3.08", "error")
    assert found and "3.2.6.1" in found[0].articles


def test_residential_height_against_18_m() -> None:
    kw = {
        "groups": ("C",),
        "articles": ("3.2.2.49",),
        "storeys": 6,
        "building_area": 1500,
        "sprinklers": SPR,
        "actual": "Noncombustible",
        "restriction": "Noncombustible required",
        "3_12": True,
    }
    assert not on(check(project(height=18, **kw)), "3.08")
    assert [f.severity for f in on(check(project(height=18.1, **kw)), "3.08")] == ["warning"]
    assert [f.severity for f in on(check(project(height=12, **kw, **{"3_08": True})), "3.08")] == ["warning"]
    assert not on(check(project(height=25, **kw, **{"3_08": True})), "3.08")


# -- scope, areas, occupant load ---------------------------------------------------------------


def test_small_c_d_e_f2_f3_buildings_belong_on_the_part_9_matrix() -> None:
    small = project(storeys=3, building_area=600, height=10)
    found = on(check(small), "3.02", "warning")
    assert found and found[0].articles == ["A-1.3.3.3"] and {"3.04", "3.07"} <= set(found[0].related)
    assert not on(check(project(storeys=3, building_area=601, height=10)), "3.02")
    assert not on(check(project(storeys=4, building_area=600, height=13, **{"3_12": True})), "3.02")
    assert not on(
        check(project(groups=("A2",), articles=("3.2.2.28",), storeys=1, building_area=400)), "3.02"
    )
    home = project(groups=("C",), articles=("3.2.2.55E",), storeys=2, building_area=500, sprinklers=SPR)
    assert not on(check(home), "3.02")


def test_gross_area_between_building_area_and_storeys_times_it() -> None:
    assert not on(check(project(**{"3_05": area(4000)})), "3.05")
    assert on(check(project(**{"3_05": area(4001)})), "3.05", "error")
    assert not on(check(project(**{"3_05": area(4200), "3_06": area(200)})), "3.05")
    assert on(check(project(**{"3_05": area(4201), "3_06": area(200)})), "3.05", "error")
    assert not on(check(project(**{"3_05": area(2000)})), "3.05")
    assert on(check(project(**{"3_05": area(1999)})), "3.05", "error")


def test_mezzanine_limits_3_2_1_1() -> None:
    kw = {
        "groups": ("F2",),
        "articles": ("3.2.2.79",),
        "storeys": 1,
        "building_area": 1000,
        "sprinklers": SPR,
    }
    assert not on(check(project(**kw, **{"3_06": area(100), "3_05": area(1100)})), "3.06")
    assert [
        f.severity for f in on(check(project(**kw, **{"3_06": area(101), "3_05": area(1101)})), "3.06")
    ] == ["info"]
    assert [
        f.severity for f in on(check(project(**kw, **{"3_06": area(400), "3_05": area(1400)})), "3.06")
    ] == ["info"]
    found = on(check(project(**kw, **{"3_06": area(401), "3_05": area(1401)})), "3.06", "error")
    assert found and found[0].articles == ["3.2.1.1"]


def test_occupant_load_rows_add_up_to_the_total() -> None:
    rows = [
        {"area": "Ground", "persons": 60, "basis": "9.3"},
        {"area": "Second", "persons": 60, "basis": "9.3"},
    ]
    assert not on(check(project(**{"3_18": {"total": 120, "rows": rows}})), "3.18")
    assert on(check(project(**{"3_18": {"total": 121, "rows": rows}})), "3.18", "error")


def test_a_farm_occupancy_records_division_b_part_2_and_no_other_group_may():
    """Group G has no 3.2.2 article: 3.10 records Division B Part 2 for it, and only for it."""
    farm = check({"3.02": ["G2"], "3.10": ["Division B Part 2"]})
    assert [f.severity for f in farm] == ["info"] and "Division B Part 2" in farm[0].message
    office = check({"3.02": ["D"], "3.10": ["Division B Part 2"]})
    assert [(f.item, f.severity) for f in office] == [("3.10", "error")]
    assert "give D its classification article" in office[0].message


def test_areas_converted_from_square_feet_are_not_a_contradiction_by_their_rounding() -> None:
    # 19,000 sf is 1,765.16 m² and 57,000 sf 5,295.5 m²: rounded apart, not a larger gross area
    rounded = project(storeys=3, building_area=1765.16, **{"3_05": area(5295.5)})
    assert not on(check(rounded), "3.05")
    assert on(check(project(storeys=3, building_area=1765.16, **{"3_05": area(5297)})), "3.05", "error")
