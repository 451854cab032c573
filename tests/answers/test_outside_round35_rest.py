"""Kinds the round h35 buildings still found past the readers after their first fixes, fixed as kinds
and tested in words of their own.

- 3.23: persons added up in the working ('80 + 40 = 120, 60 of each sex') are no water closets; 'a toilet
  in each of the three dressing rooms' makes three, 'one WC for each suite, 12 in all' twelve; a row's
  line ending on 'nil' after its reasons, or naming its row by the persons before the colon, gives it
  none; a chain ending '→ 6 WCs provided' is provided; 'provided 5.' at a sentence's end is read; '1
  provided, on the ground floor' after the universal washroom stays the universal washroom's; a row
  named with its persons after a comma ('Old shop, 9 ppl → 0'); a summary whose total is the rows'
  own added up is no figure to confirm.
- 3.05: 'nil existing' beside a figure of the whole is no existing area.
- 3.06: the limit a mezzanine is kept under ('i.e. under 150 m²', '0.4 x 500 = 200') and the whole a
  share is taken of ('10 % of 1 500 m²') are not the mezzanine's area.
- 3.10: articles 'capped at …' and then set aside ('… and fail') are not the answer.
- 3.14: the item's own article cited before the yes ('3.2.5.7: yes, …') is no doubt about the subject.
- 3.21: a row labelled, given its reasons, then 'N/A' after a semicolon is not applicable.
- 3.22: a band of the table in one part and the face's ratio in another; 'LD nil' is 0 m and no face;
  in a message marked as a revision, 'LD 6.0 → 32 % → 1 h' is the table's working, no revision.
- 3.18: a heading of references ending '(c), (2)' is no row; 'the Table gives 300' then 'the room is
  designed for 45, … posted' is the row's design figure, posted.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import building, by_name, load_row, reading
from tests.answers.support import FORMS, state_with
from wizard_core.answers import read


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


def _value_or_offer(result):
    return result.value if result.value is not None else result.offer


def _hall(*rows):
    """A one-storey assembly hall with the given 3.18 rows (floor, use, area, persons)."""
    load = [load_row(floor, "A2", use, area, persons, "table") for floor, use, area, persons in rows]
    total = sum(persons for *_, persons in rows)
    return building(("A2",), ("3.2.2.28",), storeys=1, below=0, **{"3_18": {"rows": load, "total": total}})


def _provided(message, *rows):
    value = _value_or_offer(reading("3.23", message, state=_hall(*rows)))
    assert value is not None
    return [(row["wc_provided"], row.get("universal_provided")) for row in value["rows"]]


def test_persons_added_up_in_the_working_are_no_water_closets():
    message = (
        "50:50.\n"
        "Ground floor, hall, 80: counted with the foyer, 80 + 40 = 120, 60 of each sex, so 2 and 2; "
        "6 provided, 3 M and 3 F, plus 1 universal washroom.\n"
        "Ground floor, foyer, 40: nil, it uses the hall washrooms."
    )
    rows = (("Ground floor", "dining", 80.0, 80), ("Ground floor", "lobby", 40.0, 40))
    assert _provided(message, *rows) == [(6, 1), (0, None)]


@pytest.mark.parametrize(
    ("said", "count"),
    [
        ("a toilet in each of the three dressing rooms", 3),
        ("one WC in each of the 4 guest suites", 4),
        ("a washroom with one water closet for each room, 12 in all", 12),
    ],
)
def test_so_many_in_each_of_several_rooms_is_their_count(said, count):
    message = f"50:50.\nGround floor, dressing rooms, 24: {said}."
    assert _provided(message, ("Ground floor", "dressing rooms", 60.0, 24)) == [(count, None)]


def test_a_row_ending_on_nil_after_its_reasons_has_none():
    message = (
        "50:50.\n"
        "Cellar (9 by the exit count): dead storage, seldom entered; no washroom, nil.\n"
        "Main floor (60): 3 and 3 required; provided 6."
    )
    rows = (("Basement", "storage", 400.0, 9), ("Ground floor", "dining", 57.0, 60))
    assert _provided(message, *rows) == [(0, None), (6, None)]


def test_a_row_named_by_its_persons_before_the_colon_has_none():
    message = (
        "50:50.\n"
        "2. Ground floor, coat check (15): nil, the lobby washrooms serve it.\n"
        "1. Ground floor, banquet room (150): 4 and 4 required; 9 provided."
    )
    rows = (("Ground floor", "dining", 142.0, 150), ("Ground floor", "storage", 20.0, 15))
    assert _provided(message, *rows) == [(9, None), (0, None)]


def test_a_chain_ending_on_what_is_provided_is_provided():
    message = (
        "50:50\n"
        "Main room, 150 ppl → 75 each → 3 M + 4 F req'd → 8 WCs provided\n"
        "Old shop, 9 ppl → 0, uses the main room washrooms\n"
        "8 WCs in all against 7 required."
    )
    rows = (("Main room", "dining", 142.0, 150), ("Old shop", "storage", 200.0, 9))
    result = reading("3.23", message, state=_hall(*rows))
    assert result.complete and result.confidence >= 0.8, result.missing
    assert [row["wc_provided"] for row in result.value["rows"]] == [8, 0]


def test_the_universal_washroom_placed_on_a_floor_stays_the_universal_washrooms():
    message = (
        "50:50.\n"
        "Ground floor (60): 3 and 3 required; provided 6.\n"
        "Table 3.8.2.3.A: one storey, 1 universal washroom; 1 provided, on the ground floor."
    )
    assert _provided(message, ("Ground floor", "dining", 57.0, 60)) == [(6, 1)]


def test_nil_existing_beside_a_figure_of_the_whole_is_no_existing_area():
    state = {"3.01": "New", "3.04": {"existing": 0, "new": 1680, "total": 1680}}
    message = "one storey, so the gross area is 1 680 m²: nil existing, 1 680 m² new, 1 680 m² total."
    assert _read("3.05", message, state).value == {"existing": 0.0, "new": 1680.0, "total": 1680.0}


@pytest.mark.parametrize(
    "message",
    [
        "a storage mezzanine of 120 m², all new; within 10 % of the 1 500 m² storey, i.e. under 150 m².",
        "a storage mezzanine of 120 m², all new; 10 % of 1 500 m² is 150 m², so not a storey.",
    ],
)
def test_the_limit_a_mezzanine_is_kept_under_is_not_its_area(message):
    state = {"3.01": "New", "3.04": {"existing": 0, "new": 1500, "total": 1500}}
    result = _read("3.06", message, state)
    assert result.value == {"existing": 0.0, "new": 120.0, "total": 120.0}
    assert result.confidence >= 0.8


def test_a_share_worked_out_to_its_limit_is_not_the_mezzanines_total():
    state = {"3.01": "New", "3.04": {"existing": 0, "new": 500, "total": 500}}
    result = _read("3.06", "gallery 140 m² new, inside the 40% cap: 0.4 x 500 = 200 m²", state)
    assert result.value is None or result.value["total"] == 140.0


def test_articles_capped_and_then_failing_are_not_the_answer():
    state = {"3.02": ["F2"], "3.04": {"existing": 0, "new": 1900, "total": 1900}, "3.09": 1}
    state["3.07"] = {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 7.0}
    message = (
        "3.2.2.81: F2, sprinklered, one storey, against 1 900 m². The unsprinklered articles 3.2.2.78 "
        "and 3.2.2.80 are capped at 1 500 m² and so fail."
    )
    result = _read("3.10", message, state)
    assert result.value == ["3.2.2.81"] and result.confidence >= 0.8


def test_the_items_own_article_cited_before_the_yes_is_no_doubt():
    result = _read("3.14", "3.2.5.7: yes, though not off the town main; a 300 m³ tank and a fire pump.")
    assert result.value is True and result.confidence >= 0.8


def test_another_items_article_cited_before_a_no_is_still_asked_about():
    result = _read("3.14", "3.2.9.1: no.")
    assert result.confidence < 0.8


def test_a_labelled_row_given_its_reasons_then_na_is_not_applicable():
    state = {"3.02": ["D"], "3.10": ["3.2.2.64"]}
    state["3.07"] = {"storeys_above_grade": 2, "storeys_below_grade": 1, "height_m": 8.0}
    message = (
        "(a) storeys below grade: a single basement, so the 2 h rule of 3.2.2.15 does not bite; N/A. "
        "(b) Floor over basement: 45 min. (c) Floors: 45 min. (d) Mezzanine: N/A. (e) Roof: none."
    )
    rows = {row["assembly"]: row["rating_h"] for row in _read("3.21", message, state).value["assemblies"]}
    assert rows["storeys_below_grade"] is None and rows["floors_over_basement"] == 0.75


def _faces_state():
    state = {"3.02": ["A2"], "3.11": "None", "3.10": ["3.2.2.28"]}
    state["3.07"] = {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 6.0}
    return state


def test_a_band_in_one_part_is_checked_by_the_ratio_in_another():
    message = "South: 240.0 m²; L/H 6.7; LD 12.0 m; row 250, 3:1 to 10:1, column 12: 58 %; 45 min."
    faces = _read("3.22", message, _faces_state()).value["faces"]
    assert faces[0]["ratio"] == 6.7 and faces[0]["limiting_distance_m"] == 12.0


def test_a_band_the_ratio_in_another_part_is_outside_of_is_asked():
    message = "South: 240.0 m²; L/H 2.2; LD 12.0 m; row 250, 3:1 to 10:1, column 12: 58 %; 45 min."
    assert "not in the band" in _read("3.22", message, _faces_state()).missing


def test_ld_nil_is_a_limiting_distance_of_zero_and_no_face():
    message = (
        "East, party wall: 18.0 × 6.0 = 108.0 m²; L/H 3.0; LD nil: 0 %; 2 h, noncombustible.\n"
        "West, side yard: 108.0 m²; L/H 3.0; LD 6.0 m; 26 %; 1 h."
    )
    faces = by_name(_read("3.22", message, _faces_state()).value["faces"], "face")
    assert faces["East, party wall"]["limiting_distance_m"] == 0.0
    assert len(faces) == 2


def test_a_tables_working_in_a_revised_message_is_no_revision():
    message = (
        "(rev.) every face at full height this time.\n"
        "N — Main St: 30.0 x 6.0 = 180.0 m², LD 16.0 to centreline → 100 %, no rating\n"
        "E — side: 180.0 m², LD 6.0 → 27 % → 1 h, NC cladding"
    )
    faces = by_name(_value_or_offer(_read("3.22", message, _faces_state()))["faces"], "face")
    assert faces["East"]["limiting_distance_m"] == 6.0


def test_a_heading_of_references_is_no_row():
    state = building(("A3",), ("3.2.2.32",), storeys=1, below=0)
    message = (
        "Table 3.1.17.1 and 3.1.17.1.(1)(c), (2); the one storey:\n"
        "Main floor, lounge, 95 m² at 0.95 m²/person: 100.\n"
        "Main floor, kitchen, 28 m² at 9.30 m²/person: 3.0, so 4.\n"
        "Total 104."
    )
    value = _value_or_offer(reading("3.18", message, state=state))
    assert [row["persons"] for row in value["rows"]] == [100, 4]


def test_the_tables_figure_then_a_design_figure_is_the_rows_design_posted():
    state = building(("F2",), ("3.2.2.81",), storeys=1, below=0)
    message = (
        "1. Ground floor, press shop: 1 380 m². At 4.60 m²/person the Table gives 300; the room is designed "
        "for 45, both shifts together, and that number will be posted.\n"
        "2. Mezzanine, offices: 150 m² at 9.30 m²/person, 16.1, so 17.\n"
        "Total 62."
    )
    value = _value_or_offer(reading("3.18", message, state=state))
    rows = [(row["persons"], row["posted_limit"]) for row in value["rows"]]
    assert rows == [(45, True), (17, False)]


def test_a_mezzanines_own_area_is_kept_though_it_is_a_share_of_the_limit():
    # 46 is 40 % of 115: a share of the limit said in another sentence, not the limit itself
    state = {"3.01": "New", "3.04": {"existing": 0, "new": 1150, "total": 1150}}
    message = (
        "- One mezzanine: the projection platform.\n- 10 % of the 1,150 m² floor area is 115 m².\n"
        "- 46 m² new, 46 m² total."
    )
    assert _read("3.06", message, state).value == {"existing": 0.0, "new": 46.0, "total": 46.0}
