"""Kinds a round of new buildings (round h36: a consultant replying by e-mail from a phone, quoting the
wizard's question and signing off with a signature block, and a project lead relaying a team's inputs
with their sources, dates and drawing numbers) found past the readers on its first run, fixed as kinds
and tested in words of their own.

- A reply from a phone: a signature with no sign-off (name, credentials, firm, an address with its postal
  code, phone numbers), a '-- J.' delimiter, initials or a first name alone, a confidentiality notice, an
  earlier message quoted under 'On …, … wrote:', and a closing line on when to call are no part of the
  answer; a question quoted back in halves, an answer under each, keeps each half as its answer's label.
- The answer put off, then a question ('I'll get back to this one. Quick q - …?') is a side question, even
  in the item's own words; a reply quoting the question of an item answered before revises that item.
- Figures that are no figure of the building: the day of a date ('per the Oct 14 survey'), a number in a
  series ('OAC mtg #4'), a drawing's number ('A-301'), another document's figure said to take in what the
  area leaves out ('the 1,150 on the permit form included the canopy, which is out').
- 3.07: '1 above. 1 below.' with stops between; 'nothing below', 'neither a basement nor a storey'.
- 3.09: a count said of a case supposed or compared ('the 50 % for two streets', 'without the lane it'd be
  …, i.e. 2 streets') is not the building's.
- 3.18: a table's basis cell naming its use before its figure ('warehouse storage 28.0'); bench seating by
  its length ('54.0 m of pew ÷ 0.45 m'); a line saying its figure is superseded; 'not the occupant load;
  using 30' after the row; an aside with another document's figures; a 'control gallery' is no exhibition.
- 3.21: 'only one storey below' leaves the deep-basement row without a rating; the one floor of a
  one-storey building over a basement is the floor over the basement; 'X and Y only if combustible - we're
  steel, so neither needs a rating'.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import building, load_row, reading
from tests.answers.support import FORMS, decided, state_with
from wizard_core.answers import read
from wizard_core.answers.wording.marks import answer_in


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [answer_in(message)], state_with(answers or {}), FORMS)


def _value_or_offer(result):
    return result.value if result.value is not None else result.offer


def _load(groups: tuple[str, ...], article: str, message: str, storeys: int = 1):
    """The 3.18 value (recorded or offered) a message gives a building of ``storeys`` with no basement."""
    state = building(groups, (article,), storeys=storeys, below=0)
    return _value_or_offer(reading("3.18", message, state=state))


SIGNATURE = (
    "\n\nMarta Kowalczyk, P.Eng., BCIN 51234\nSenior Code Reviewer\nLakeview Fire & Code Inc.\n"
    "Unit 2, 14 Front Street, Grand Bend ON  N0M 1T0\nT 519.555.0199 x 4 | C 519.555.8832"
)
NOTICE = (
    "\n\nCONFIDENTIAL: this message is intended only for the addressee. If you have received it in error, "
    "please delete it and tell the sender."
)


@pytest.mark.parametrize(
    "closing",
    [
        SIGNATURE + "\n\nSent from my iPhone" + NOTICE,
        "\n\n-- M.\n\nSent from my iPhone",
        "\n\nMK\nSent from my iPhone",
        "\n\nMarta\nSent from my iPhone",
        "\n\nOn Mon, Oct 5, 2026 at 8:02 AM Marta Kowalczyk <mk@lakeview.ca> wrote:\n> we had 3 streets then",
    ],
)
def test_what_a_phone_reply_carries_after_the_answer_is_no_part_of_it(closing):
    message = "> How many streets does the building face?\n\n1 - only Front St is within 15 m." + closing
    result = _read("3.09", message)
    assert result.value == 1 and result.confidence >= 0.8


def test_a_note_sent_from_a_phone_is_the_notes_alone():
    message = (
        "> Are there any other notes the building official should know about the code analysis?\n\n"
        "3.18: the hall's design load of 90 will be posted.\n\nOn site till 4 today, call me after that."
        + SIGNATURE
        + "\n\nSent from my iPhone"
    )
    assert answer_in(message) == "3.18: the hall's design load of 90 will be posted."


def test_a_signature_is_not_cut_from_a_message_that_is_no_email():
    message = "Main floor 120 m2 @ 1.85 = 65\nUpper floor 80 m2 @ 9.3 = 9\n\nTotal 74"
    assert answer_in(message) == message


def test_a_question_quoted_in_halves_keeps_each_answer_with_its_half():
    message = (
        "> How many barrier-free entrances are provided,\n\n"
        "The front doors and the parking-lot door, both with operators = 2.\n\n"
        "> and are hazardous substances stored or used in the building?\n\n"
        "No. The fuel for the generator is stored off site.\n\n-- M."
    )
    assert _read("3.20", message).value == {"barrier_free_entrances": 2, "hazardous_substances": False}


def test_storeys_given_as_one_above_then_one_below_in_their_own_sentences():
    message = (
        "> How many storeys?\n\n1 above. 1 below, the boiler room.\n\n> height?\n\n7.9 m to the parapet."
    )
    assert _read("3.07", message).value == {
        "storeys_above_grade": 1,
        "storeys_below_grade": 1,
        "height_m": 7.9,
    }


@pytest.mark.parametrize(
    ("section", "message"),
    [
        (
            "3.16",
            "> What importance category applies?\n\nBefore I answer this one - the township lists the hall "
            "as a cooling centre. Does that alone make it High importance?\n\n-- M.",
        ),
        (
            "3.13",
            "I'll get back to this one. Quick q for you - can the storage room on the mezzanine be left "
            "without a heat detector?",
        ),
        (
            "3.22",
            "Elevations are coming, Sam is on them. Meanwhile - does an unrated wall on the lot line need "
            "noncombustible cladding?",
        ),
        ("3.12", "answer to follow -\n\nQ - is the basement's hose cabinet enough on its own?"),
    ],
)
def test_the_answer_put_off_then_a_question_is_a_side_question(section, message):
    assert decided(section, message).kind == "side_question"


def test_a_reply_quoting_an_earlier_items_question_revises_that_item():
    message = (
        "> How many streets does the building face for the purposes of 3.2.2.10 (1, 2 or 3)?\n\n"
        "Fixing this one: the side road is a proper street as well, 55 % of the perimeter, so 2 streets."
    )
    decision = decided("3.11", message)
    assert (decision.kind, decision.target) == ("revision", "3.09")


@pytest.mark.parametrize(
    "message",
    [
        "980 m² all new, per the Oct 14 survey.",
        "980 m² all new (OAC mtg #4 confirmed it).",
        "980 m² all new. The 1,150 on the permit form included the canopy, which is out.",
        "980 m² all new per the survey; sheet A-301 says 1,004 because it picked up the porch columns.",
    ],
)
def test_figures_of_no_building_measure_are_not_rivals_of_the_area(message):
    result = _read("3.04", message, {"3.01": "New"})
    assert result.value == {"existing": 0.0, "new": 980.0, "total": 980.0}
    assert result.confidence >= 0.8


@pytest.mark.parametrize(
    "message",
    [
        "1 storey, nothing below. 5.6 m to the ridge.",
        "1 storey. The crawl space is 0.9 m high and unused, so it is neither a basement nor a storey. 5.6 m",
    ],
)
def test_nothing_below_is_no_storey_below_grade(message):
    value = _read("3.07", message).value
    assert value["storeys_below_grade"] == 0 and value["storeys_above_grade"] == 1


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("1. Only the front is within 15 m, 30 % - short of the 50 % for two streets.", 1),
        ("3. Three frontages, 80 %. Without the lane it'd be 52.0 m, 45 %, i.e. 1 street.", 3),
    ],
)
def test_a_count_of_a_supposed_case_is_not_the_buildings(message, count):
    result = _read("3.09", message)
    assert result.value == count and result.confidence >= 0.8


def test_a_table_basis_cell_naming_its_use_then_its_figure():
    message = (
        "Area\tm²\tbasis\tpersons\n"
        "Shop floor\t600\tmercantile, 1st storey 3.70\t163\n"
        "Back stock (80 + 60)\t140\twarehouse storage 28.0\t5\n"
        "Total\t\t\t168"
    )
    value = _load(("E",), "3.2.2.68", message)
    assert [row["persons"] for row in value["rows"]] == [163, 5]


def test_bench_seating_by_its_length_is_its_fixed_seats():
    message = (
        "Floor | area | basis | persons\n"
        "Main – sanctuary | 54.0 m of pew ÷ 0.45 m | fixed seats | 120\n"
        "Main – parlour | 60 m² | lounge 1.85 | 33\n"
        "Total 153."
    )
    value = _load(("A2",), "3.2.2.28", message)
    assert [row["persons"] for row in value["rows"]] == [120, 33]


def test_a_line_saying_its_figure_is_superseded_is_no_row():
    message = (
        "Sales 500 m² @ 3.70 = 136\nStock 100 m² @ 28 = 4\nTotal 140\n"
        "The spring memo's 120 was on the old layout with 430 m² of sales - superseded."
    )
    value = _load(("E",), "3.2.2.68", message)
    assert value["total"] == 140 and len(value["rows"]) == 2


def test_a_planning_number_set_aside_then_using_the_load():
    message = (
        "- North wing: 300 m² at 10.00 m²/p = 30. The program says 12 beds — a planning number, not the "
        "occupant load; using 30.\n- Lounge: 55 m² at 1.85 = 29.7 → 30.\nTotal 60."
    )
    value = _load(("B3",), "3.2.2.45", message)
    assert [row["persons"] for row in value["rows"]] == [30, 30]


def test_an_aside_with_another_documents_figures_is_no_row():
    message = (
        "Occupant load, checked against A-201 and A-202:\n"
        "L1: lounge 60 m² at 1.85 m²/p = 32.4 → 33 (the leasing sheet had 30 off a 55 m² net; it's 60 to the "
        "wall faces).\n"
        "L2: 8 suites, 12 bedrooms × 2 = 24.\n"
        "Total 57."
    )
    value = _load(("C",), "3.2.2.50", message, storeys=2)
    assert [row["persons"] for row in value["rows"]] == [33, 24]


def test_a_control_gallery_at_the_office_rate_is_no_exhibition_hall():
    state = building(("A1",), ("3.2.2.20",), storeys=1, below=0)
    message = "Auditorium: 180 fixed seats\nMezzanine / control gallery: 30 m2 @ 9.30 = 4"
    result = reading("3.18", message, state=state)
    assert "exhibition" not in result.missing
    assert [row["persons"] for row in _value_or_offer(result)["rows"]] == [180, 4]


def _ratings(result):
    return {row["assembly"]: row["rating_h"] for row in result.value["assemblies"]}


def _one_storey_over_basement():
    state = {"3.02": ["A1"], "3.10": ["3.2.2.20"], "3.11": "Entire building"}
    state["3.07"] = {"storeys_above_grade": 1, "storeys_below_grade": 1, "height_m": 9.0}
    state["3.15"] = {"restriction": "Noncombustible required", "actual": "Noncombustible"}
    state["3.15"]["heavy_timber"] = False
    return state


def test_only_one_storey_below_leaves_the_deep_basement_row_unrated():
    message = "floor over the basement 2 h, roof no rating. Only one storey below, so 3.2.2.15 does not apply"
    rows = _ratings(_read("3.21", message, _one_storey_over_basement()))
    assert rows["storeys_below_grade"] is None and rows["floors_over_basement"] == 2.0


def test_the_one_floor_over_a_basement_is_the_floor_over_the_basement():
    message = "floor over the boiler room 2 h (concrete), roof no rating."
    rows = _ratings(_read("3.21", message, _one_storey_over_basement()))
    assert rows["floors_over_basement"] == 2.0 and rows["floors"] is None


def test_two_ratings_under_a_condition_the_building_fails_are_neither_given():
    state = {"3.02": ["A3"], "3.10": ["3.2.2.32"], "3.11": "None"}
    state["3.06"] = {"existing": 0, "new": 80, "total": 80}
    state["3.07"] = {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 7.0}
    message = ".32: roof 45 min and mezzanine 45 min only if combustible - it's steel, so neither is rated"
    rows = {r["assembly"]: r["rating_h"] for r in _read("3.21", message, state).value["assemblies"]}
    assert rows["roof"] == 0.0 and rows["mezzanine"] == 0.0


def test_a_line_of_each_faces_openings_by_name_goes_to_those_faces():
    state = {"3.02": ["F2"], "3.11": "None", "3.10": ["3.2.2.78"]}
    state["3.07"] = {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 6.0}
    message = (
        "N: 30.0 x 6.0 = 180 m2, LD 12.0, L/H 5.0 -> 25% -> 1 h\n"
        "S: 30.0 x 6.0 = 180 m2, LD 20.0, L/H 5.0 -> 55% -> 1 h\n"
        "Proposed: N 6%, S 12%."
    )
    faces = {f["face"]: f for f in _value_or_offer(_read("3.22", message, state))["faces"]}
    assert (faces["North"]["upo_actual_pct"], faces["South"]["upo_actual_pct"]) == (6.0, 12.0)


def test_the_street_rule_claimed_in_the_sentence_after_a_face_is_that_faces():
    state = {"3.02": ["F2"], "3.11": "None", "3.10": ["3.2.2.78"]}
    state["3.07"] = {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 6.0}
    message = (
        "W (Mill St): 30.0 x 6.0 = 180 m2, LD 14.0 m, L/H 5.0. A storey at street level facing the street, "
        "LD over 9 m, so unlimited openings under 3.2.3.10(2) - no rating.\n"
        "E: 30.0 x 6.0 = 180 m2, LD 20.0, L/H 5.0 -> 55% -> 1 h"
    )
    result = _read("3.22", message, state)
    west = next(f for f in _value_or_offer(result)["faces"] if f["face"].startswith("W"))
    assert west["upo_permitted_pct"] == 100.0 or "3.2.3.10" in result.missing


@pytest.mark.parametrize(
    ("line", "provided"),
    [
        ("Addn packing 40 -> 20/sex -> 2 + 2, 4 provided, plus the universal washroom by the door", (4, 1)),
        ("Addn stores 14 -> 2 more WCs in the new washroom block", (2, None)),
        ("Exist'g stores 8 -> uses plant washrooms, 0", (0, None)),
    ],
)
def test_a_plants_rows_in_shorthand_keep_their_counts(line, provided):
    rows = (("Existing", "manufacturing", 400.0, 100), ("Existing", "storage", 370.0, 8))
    rows += (("Addition", "manufacturing", 180.0, 40), ("Addition", "storage", 380.0, 14))
    load = [load_row(floor, "F2", use, area, persons, "table") for floor, use, area, persons in rows]
    total = sum(persons for *_, persons in rows)
    state = building(("F2",), ("3.2.2.78",), storeys=1, below=0, **{"3_18": {"rows": load, "total": total}})
    message = "50:50.\nExist'g plant 100 -> 50/sex -> 3 + 3 req'd, 6 provided\n" + line
    value = _value_or_offer(reading("3.23", message, state=state))
    persons = int(line.split("->")[0].split()[-1])
    row = next(r for r in value["rows"] if r["persons"] == persons)
    assert (row["wc_provided"], row.get("universal_provided")) == provided


def test_a_design_figure_after_its_working_of_persons():
    message = "Ice level - rink, 4 sheets x 8 curlers = 32, design number, posted\n"
    value = _load(("A3",), "3.2.2.32", message + "Ice level - kitchen 24 m2 @ 9.3 = 3\nTotal 35.")
    assert [(row["persons"], row["posted_limit"]) for row in value["rows"]] == [(32, True), (3, False)]


def test_a_quoted_half_listing_the_questions_choices_is_no_label():
    message = (
        "> What is the gross area in m², split into existing, new and total?\n\nsee below\n\n"
        "> split into existing, new and total?\n\n0 / 1,050 / 1,050 - one storey.\n\n-- M."
    )
    result = _read("3.05", message, {"3.01": "New", "3.04": {"existing": 0, "new": 1050, "total": 1050}})
    assert result.value == {"existing": 0.0, "new": 1050.0, "total": 1050.0}


def test_an_unrated_other_floor_after_the_floor_over_the_basement_keeps_the_articles_rating():
    message = (
        " 1. Storeys below grade — one basement, 3.2.2.15 not triggered → no rating of its own;\n"
        " 2. Floor over the basement — fire separation, 45 min;\n 3. Other floors — n/a (1 storey);\n"
        " 4. Roof — no rating."
    )
    state = _one_storey_over_basement() | {"3.10": ["3.2.2.40"], "3.02": ["B2"]}
    rows = _ratings(_read("3.21", message, state))
    assert rows["floors_over_basement"] is not None and rows["floors"] is None
