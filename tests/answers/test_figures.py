"""A figure counts only when its words tie it to what the item asks: other numbers are left alone.

Each kind of mistake the consultants met, in words of our own: a share of the perimeter read as
the number of streets, a head count or a rating read as an area, a standard's or a drawing's
number read as a figure, a general article cited as a reason read as the classification.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import parsing as p
from wizard_core.answers import read

NEW = state_with({"3.01": "New construction"})


def value(section: str, message: str, state=NEW):
    reading = read(FORMS.get_item(section), [message], state, FORMS)
    assert reading.complete, reading.missing
    return reading.value


@pytest.mark.parametrize(
    ("message", "streets"),
    [
        ("Roughly 55 % of the perimeter is within 15 m of the two streets.", 2),
        ("Just the one street out front; the fire route is 6 m wide.", 1),
        ("Corner site: 2 streets, each over 9 m wide, per 3.2.2.10.", 2),
        ("3 streets (well past the 75 percent threshold)", 3),
        ("One.", 1),
    ],
)
def test_streets_count_only_figures_about_streets(message, streets):
    assert value("3.09", message) == streets


def test_a_count_of_something_else_is_not_taken_as_the_streets():
    streets = FORMS.get_item("3.09")
    reading = read(streets, ["Three sides face parking and one side faces a street."], NEW, FORMS)
    assert reading.value == 1, "three sides are not three streets; 'a street' is one"
    vague = read(streets, ["Three sides face the parking lot."], NEW, FORMS)
    assert not vague.complete and vague.value is None


@pytest.mark.parametrize(
    ("section", "message", "total"),
    [
        ("3.04", "Footprint 2,100 m2, laid out for about 300 students.", 2100),
        ("3.04", "1,640 m2 as shown on drawing A-101.", 1640),
        ("3.06", "A 95 m2 mezzanine with a 1 h floor assembly.", 95),
        ("3.06", "Storage mezzanine of 60 m2, about 5 % of the floor.", 60),
        ("3.05", "3 floors at 800 m2 each = 2,400 m2", 2400),
        ("3.05", "Main floor 900 plus 700 m2 upstairs, so 1,600 m2 in all.", 1600),
        ("3.04", "Sprinklered to NFPA 13, footprint 1,200 m2.", 1200),
    ],
)
def test_areas_ignore_heads_ratings_shares_and_standards(section, message, total):
    assert value(section, message)["total"] == total


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("1,800 m2 existing 1,200 new 600", {"existing": 1200, "new": 600, "total": 1800}),
        ("existing 950 m2 plus new 250", {"existing": 950, "new": 250, "total": 1200}),
        ("950 m2 existing and 250 m2 new", {"existing": 950, "new": 250, "total": 1200}),
        ("total 1,200 m2 of which 250 is the addition", {"existing": 950, "new": 250, "total": 1200}),
    ],
)
def test_role_words_before_or_after_a_figure_are_read_the_way_that_adds_up(message, expected):
    assert value("3.04", message, state_with({"3.01": "Addition"})) == expected


def test_an_area_given_in_both_units_is_one_area():
    assert value("3.04", "Footprint is 2,000 m2 (21,530 sq ft).")["total"] == 2000
    assert value("3.04", "21,530 sf, i.e. 2,000 m²")["total"] == 2000


def test_a_figure_after_a_standards_name_is_not_a_quantity():
    found = p.quantities("NFPA 13 sprinklers, CSA B651 entrances, ASHRAE 90.1-2016, see A-201")
    assert all(q.standard for q in found) and not any(q.bare for q in found)


@pytest.mark.parametrize(
    ("message", "articles"),
    [
        ("3.2.2.60; sprinklers per 3.2.2.18 and two streets per 3.2.2.10", ["3.2.2.60"]),
        ("3.2.2.62, not 3.2.2.64: we are over the small-building area", ["3.2.2.62"]),
        ("We use 3.2.2.51 rather than 3.2.2.55", ["3.2.2.51"]),
        ("3.2.2.8 lets us ignore the small shop, so 3.2.2.69", ["3.2.2.69"]),
    ],
)
def test_general_articles_cited_as_reasons_are_not_classification_articles(message, articles):
    state = state_with({"3.02": ["E"]}) if "3.2.2.69" in articles else state_with({})
    assert value("3.10", message, state) == articles


@pytest.mark.parametrize(
    ("message", "actual"),
    [
        ("Combustible permitted; steel and concrete frame with cedar siding.", "Noncombustible"),
        ("Combustible permitted; wood-framed, with a brick veneer.", "Combustible"),
        ("Combustible permitted; timber framing throughout.", "Combustible"),
        ("Combustible permitted; masonry walls with a wood roof.", "Combustible and noncombustible"),
    ],
)
def test_construction_reads_everyday_names_and_leaves_out_the_cladding(message, actual):
    assert value("3.15", message)["actual"] == actual


def test_a_restriction_named_as_two_permitted_kinds_is_the_more_permissive_one():
    reading = value("3.15", "Either combustible or noncombustible construction may be used; concrete block.")
    assert reading["restriction"] == "Combustible permitted" and reading["actual"] == "Noncombustible"


def test_a_rate_per_bedroom_is_not_a_rows_head_count():
    message = "Suites: 2 persons per bedroom x 40 bedrooms = 80 persons; lobby: 10 persons; total 90"
    reading = read(FORMS.get_item("3.18"), [message], NEW, FORMS)
    # the suites are worked out (2 x 40 sleeping rooms); the lobby's 10 persons come with nothing to
    # work them out from, so they are asked about and offered as given, never taken as worked out
    assert not reading.complete and "'Lobby'" in reading.missing and "floor area" in reading.missing
    load = reading.offer
    assert [r["persons"] for r in load["rows"]] == [80, 10] and load["total"] == 90
    assert [r["based_on"] for r in load["rows"]] == ["2 per sleeping room", "design number (as given)"]


def test_an_item_number_named_in_a_message_is_not_a_figure():
    (item_number, area) = p.quantities("3.04 should say 1,200 m2")
    assert item_number.standard and not item_number.bare and area.unit == "m2"


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Noncombustible or heavy timber required; concrete block walls, steel roof, no heavy timber.",
            {"restriction": "Noncombustible required", "actual": "Noncombustible", "heavy_timber": False},
        ),
        (
            "Combustible permitted; existing brick walls, new hall in wood frame.",
            {
                "restriction": "Combustible permitted",
                "actual": "Combustible and noncombustible",
                "heavy_timber": False,
            },
        ),
    ],
)
def test_construction_named_part_by_part_or_as_two_permitted_kinds(message, expected):
    assert value("3.15", message) == expected


def test_role_words_in_other_forms_and_counts_in_words():
    assert (
        value("3.04", "existing 650 m2, the hall adds 300 m2", state_with({"3.01": "Addition"}))["new"] == 300
    )
    assert value("3.09", "single street frontage") == 1
    assert value("3.20", "None of the entrances is barrier-free (exempt); hazardous substances: yes.") == {
        "barrier_free_entrances": 0,
        "hazardous_substances": True,
    }
