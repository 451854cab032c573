"""Kinds a round of new buildings (round h32: an engineer trained in the UK, and a consultant pasting
passages of their own report's PDF) found past the readers on its first run, fixed as kinds and tested in
words of their own.

- A count in the British way ('2 No. entrances', '3no. WCs') and a count written twice ('Two (2)').
- A report's section heading ('4.1 Building Area', '6. OCCUPANT LOAD (3.1.17)') gives no figure.
- A PDF's page header or footer caught in the paste, a word hyphenated across a line end, a list wrapped
  onto the next line, and its private bullet characters.
- The consultant's own line after a pasted passage replaces what the passage says.
- 3.24: the degree-days before 'so zone 6'.
- 3.18: 'designing for 96 covers', a design number its working comes to ('… = 40, to be posted'), a cap
  checked 'below 140/0.6', 'Level 3: as Level 2', rows under 'Ground floor (new extension):' keeping the
  part of the building, and 'first floor' beside a ground floor recorded to confirm.
- A 'lower ground floor' is a basement.
- 3.02: a use 'not treated as a separate A2' in the past tense, and one that 'was E before'.
- 'scratch that' before anything is said at the next item takes back the answer just given.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import building, reading
from tests.answers.support import FORMS, state_with
from wizard_core.answers import read
from wizard_core.answers.wording.floors import floor_name
from wizard_core.answers.wording.marks import answer_in


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("3 No. barrier-free entrances: front, side and the lift lobby. No hazardous substances.", 3),
        ("2no. accessible entrances off the car park; no hazardous substances", 2),
        ("• Two (2) barrier-free entrances, both with power operators.\n• Hazardous substances: none.", 2),
    ],
)
def test_a_count_in_the_british_way_or_written_twice(message, count):
    value = _read("3.20", message).value
    assert value == {"barrier_free_entrances": count, "hazardous_substances": False}


def test_a_reports_section_heading_gives_no_figure():
    message = "3.2 Building Area\nThe footprint is 40.0 m x 31.0 m, a building area of\n1,240 m²"
    value = _read("3.04", message, {"3.01": "New construction"}).value
    assert value == {"existing": 0, "new": 1240, "total": 1240}


def test_a_pdfs_page_line_hyphenation_and_bullets_are_left_as_typed():
    pasted = (
        "5. CONSTRUCTION\n\uf0b7 Existing: wood joists and roof, wood stud walls with brick ve-\n"
        "neer — combustible construction\nRiverside Clinic — Code Review — Page 6 of 9\n"
        "\uf0b7 Heavy timber: none"
    )
    typed = answer_in(pasted)
    assert "Page 6" not in typed and "brick veneer" in typed and "\uf0b7" not in typed
    value = _read("3.15", "Permitted: combustible (3.2.2.64)\n" + pasted).value
    assert value["actual"] == "Combustible"


def test_a_list_wrapped_at_a_pdfs_line_end_stays_on_its_floor():
    state = building(("B3",), ("3.2.2.43",), storeys=2, below=0)
    message = (
        "Ground: admin 93 m² @ 9.3 = 10 ; kitchen 93 m² @ 9.3 = 10 ;\n"
        "resident home area (24 beds) 720 m² @ 10.0 = 72\n"
        "Level 2: resident home area 900 m² @ 10.0 = 90\nTotal 182"
    )
    value = reading("3.18", message, state=state).value
    assert [row["floor"].split(" (")[0] for row in value["rows"]] == ["Ground floor"] * 3 + ["Level 2"]


def test_the_consultants_own_line_after_a_pasted_passage_replaces_it():
    message = (
        "4.4 Building Height\nThree (3) storeys above grade, none below; 11.6 m from average grade to the "
        "roof.\n\n"
        "the 11.6 is old — parapet raised, use 12.2 m now"
    )
    value = _read("3.07", message).value
    assert value["height_m"] == 12.2


def test_degree_days_before_the_zone_they_give():
    value = _read("3.24", "SB-10 Div 3; town not listed, nearest is Walkerton at 4,150, so zone 6.").value
    assert (value["climate_zone"], value["degree_days"]) == ("6", 4150)


HALL = building(("A3",), ("3.2.2.32",), storeys=1, below=0)


def test_design_numbers_worked_out_designed_for_and_checked_against_a_cap():
    message = (
        "Ground floor only:\n"
        "- Rink (1,800 m2): no table figure, so a design number - 10 a side plus officials = 30, posted.\n"
        "- Lounge, 150 m2: designing for 90 covers, below 150/0.6 = 250, posted at 90.\n"
        "Total 120."
    )
    result = reading("3.18", message, state=HALL)
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    assert [(row["persons"], row["posted_limit"]) for row in value["rows"]] == [(30, True), (90, True)]


def test_a_floor_as_another_and_rows_under_a_wing_heading():
    state = building(("F2",), ("3.2.2.78",), storeys=1, below=0)
    message = (
        "Ground floor (existing):\n- Shop: 500 m2 @ 4.6 = 108.7 -> 109\n"
        "Ground floor (new extension):\n- Warehouse: 280 m2 @ 28 = 10\nTotal 119"
    )
    value = reading("3.18", message, state=state).value
    assert [row["floor"] for row in value["rows"]] == [
        "Ground floor (existing) (shop)",
        "Ground floor (new extension) (warehouse)",
    ]
    care = building(("B3",), ("3.2.2.43",), storeys=3, below=0)
    rows = reading(
        "3.18", "L2: resident rooms 800 m² @ 10.0 = 80\nLevel 3: as Level 2 = 80\nTotal 160", state=care
    ).value["rows"]
    assert [row["persons"] for row in rows] == [80, 80]


def test_a_first_floor_beside_a_ground_floor_is_recorded_to_confirm():
    state = building(("A2",), ("3.2.2.27",), storeys=2, below=0)
    message = "Ground floor: cafe 100 m2 @ 0.95 = 106\nFirst floor: offices 93 m2 @ 9.3 = 10\nTotal 116"
    result = reading("3.18", message, state=state)
    assert result.value is not None and result.confidence < 0.8 and "first floor" in result.notes[0]


def test_a_lower_ground_floor_is_a_basement():
    assert floor_name("Lower ground floor") == "Basement"


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        ("A3 rink. The bar is 8% of the floor, so I have not treated it as a separate A2.", ["A3"]),
        ("D — dental clinic and offices (it was E before, not any more)", ["D"]),
    ],
)
def test_a_use_set_aside_in_the_past_tense_is_no_major_occupancy(message, groups):
    assert _read("3.02", message, {"3.01": "Change of use"}).value == groups


def test_a_last_paragraph_that_replaces_nothing_is_read_with_the_rest():
    message = "D — offices throughout.\n\nthe ground floor use is a bank branch, which is D as well"
    assert _read("3.02", message).value == ["D"]
    result = _read("3.09", "Streets: 1 (King St).\n\nnow 2 — the lane on the east is a fire route")
    assert result.value == 2 and result.confidence < 0.8


def test_fixtures_given_for_some_rows_only_are_recorded_to_confirm():
    from tests.answers.computed import load_row

    rows = [
        load_row("Ground floor", "C", "dwelling units", None, 48, "2 per sleeping room"),
        load_row("Level 2", "C", "dwelling units", None, 24, "2 per sleeping room"),
    ]
    state = building(("C",), ("3.2.2.50",), storeys=2, below=0, **{"3_18": {"rows": rows, "total": 72}})
    result = reading("3.23", "GF - 12 WCs (one bath each)\nL2 - the upper units share those", state=state)
    assert result.value is not None and result.confidence < 0.8
    assert [row["wc_provided"] for row in result.value["rows"]] == [12, None]
