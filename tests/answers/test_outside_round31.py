"""Kinds a round of new buildings (round h31: a consultant pasting straight from an Excel workbook, tabs,
formulas and all, and a senior reviewer writing in dense notation, code reference first, arrows and
symbols) found past the readers on its first run, fixed as kinds and tested in words of their own.

- A spreadsheet's formula pasted in its cell ('=1215*4', '=B2+C2', '=ROUNDUP(C3/D3,0)') is the figure it
  gives; one that only checks the figure beside it says nothing more; one naming a cell of another row is
  not worked out.
- A row's label carrying its unit ('Building height (m)<TAB>11.6') gives the figure that unit.
- An area schedule with a blank corner ('<TAB>Existing<TAB>New<TAB>Total'), a sheet's '-' for nothing, and
  a triple '0 / 2,480 / 2,480' whose first two add up to the third are existing, new and total.
- Storeys as a pair ('4 / 1 ; 15.2 m') or a count beside the word alone ('Storeys<TAB>2').
- A count in the cell beside its label with a remark after it ('Streets<TAB>2<TAB>queen + mill …').
- 3.18: 'Σ' for the total; a row's clauses after semicolons (the Table's figure, a design number); a
  bracketed remark that a space is not added; a quotient shown before the whole it rounds to; a rate of
  another use of the building's own occupancy; 'DU' and 'SR'; 'POSTED' in a notes cell; rows a table
  names alike kept apart by their use.
- 3.23: a sheet's title line over the header; a 'Use' column naming rows; two rows read as one row of
  3.18 asked about, never merged; the persons halved by sex on the way to the count; a count given only
  as what the row needs offered as provided.
- A copied cell's label before 'N/A' or '-'; 'addn'; 'C + NC'; an option opening the message before its
  reasons; a group '→ ignored'; a table's row looked up by a count of streets.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import building, load_row, reading
from tests.answers.support import FORMS, state_with
from tests.support import advance_to, make_manager
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read
from wizard_core.answers.formulas import worked_out

NEW = {"3.01": "New construction"}
ADDITION = {"3.01": "Addition"}


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


@pytest.mark.parametrize(
    ("pasted", "worked"),
    [
        ("GFA (m2)\t=1215*4", "GFA (m2)\t4860"),
        (
            "\tExist\tNew\tTotal\nFootprint\t900\t350\t=B2+C2",
            "\tExist\tNew\tTotal\nFootprint\t900\t350\t1250",
        ),
        (
            "Level\tArea\tRate\tPersons\nL1\t455\t9.3\t=ROUNDUP(B2/C2,0)",
            "Level\tArea\tRate\tPersons\nL1\t455\t9.3\t49",
        ),
        ("Footprint (m2)\t1,404\t=36.0*39.0", "Footprint (m2)\t1,404\t"),
    ],
)
def test_a_formula_pasted_in_its_cell_is_the_figure_it_gives(pasted, worked):
    assert worked_out(pasted) == worked


@pytest.mark.parametrize(
    "pasted",
    [
        "Level\tArea\tPersons\nL1\t455\t=B3/9.3\nL2\t600\t65",  # a cell of another row
        "Total\t=SUM(B1:B4)",  # cells not in the paste
        "Note\t=import os",  # no arithmetic
        "4 x 1,200 = 4,800 m2",  # working with its result, no cell
    ],
)
def test_a_formula_that_cannot_be_worked_out_from_the_paste_is_left_as_it_is(pasted):
    assert worked_out(pasted) == pasted


def test_a_gross_area_pasted_as_a_formula_is_its_product():
    value = _read("3.05", "Gross floor area (m2)\t=1215*4", NEW).value
    assert value == {"existing": 0, "new": 4860, "total": 4860}


def test_an_area_schedule_with_a_blank_corner_and_a_dash_for_nothing():
    message = "\tExisting\tNew\tTotal\nFootprint (m2)\t2,050\t-\t2,050"
    value = _read("3.04", message, {"3.01": "Change of use"}).value
    assert value == {"existing": 2050, "new": 0, "total": 2050}


def test_an_area_schedule_with_a_total_formula_and_a_remark_past_the_header():
    message = "\tExisting\tNew\tTotal\nMezz (m2)\t0\t95\t=B2+C2\tparts storage, 4% of the floor"
    assert _read("3.06", message, ADDITION).value == {"existing": 0, "new": 95, "total": 95}


@pytest.mark.parametrize(
    ("message", "answers", "expected"),
    [
        ("BA 42.0 × 59.0 = 2,478 m² → 0 / 2,478 / 2,478", NEW, {"existing": 0, "new": 2478, "total": 2478}),
        (
            "exist 30 × 40 = 1,200 ; addn 20 × 15 = 300 ; Σ 1,500 m²",
            ADDITION,
            {"existing": 1200, "new": 300, "total": 1500},
        ),
    ],
)
def test_existing_new_and_total_in_a_reviewers_shorthand(message, answers, expected):
    assert _read("3.04", message, answers).value == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Storeys above grade\t4\nStoreys below grade\t1\nBuilding height (m)\t15.2", (4, 1, 15.2)),
        ("4 / 1 ; 15.2 m (avg grade → top of roof)", (4, 1, 15.2)),
        ("Storeys\t2\t0 below\nHeight (m)\t8.1\tto top of parapet", (2, 0, 8.1)),
        ("Storeys\t3 / 0\nHeight (m)\t11.4", (3, 0, 11.4)),
    ],
)
def test_storeys_and_height_pasted_from_a_sheet_or_written_as_a_pair(message, expected):
    value = _read("3.07", message, NEW).value
    assert (value["storeys_above_grade"], value["storeys_below_grade"], value["height_m"]) == expected


@pytest.mark.parametrize(
    "message",
    [
        "Streets\t2\tqueen + mill = 96/180 = 53%",
        "No. of streets\t2\tking st 60 m + fire route 30 m (3.2.2.10(2)) = 90/176 = 51%",
    ],
)
def test_a_count_in_the_cell_beside_its_label_with_a_remark_after_it(message):
    assert _read("3.09", message).value == 2


def test_a_copied_cells_label_before_n_a_or_a_dash_says_the_item_does_not_apply():
    assert says_not_applicable("Acoustics\tN/A - offices only, nothing residential", FORMS.get_item("3.25"))
    assert says_not_applicable("Mezzanine (m2)\t-", FORMS.get_item("3.06"))
    assert not says_not_applicable("Mezzanine (m2)\t140", FORMS.get_item("3.06"))


def test_addn_is_an_addition():
    message = "Addn — one-storey classroom addn to the existing school, Pine St"
    assert _read("3.01", message).value == "Addition"


@pytest.mark.parametrize("said", ["⇒ C + NC", "actual NC/C ; HT no", "actual: NC & C"])
def test_both_kinds_in_a_reviewers_shorthand(said):
    value = _read("3.15", f".33 → C permitted ; actual: timber trusses over block walls {said}").value
    assert value["actual"] == "Combustible and noncombustible"


def test_an_option_opening_the_message_before_its_reasons_is_proposed():
    result = _read("3.11", "Bsmt only — 3.2.1.5: bsmt 700 m² > 600 ⇒ SPR bsmt ; upper floors none req'd")
    assert result.value == "Basement" and result.confidence < 0.8


def test_a_group_worked_out_to_be_ignored_is_no_major_occupancy():
    message = "F3 — cold storage ; sales counter 60 m² (E) ÷ 1,400 ≈ 4.3 % → ignored per 3.2.2.8"
    assert _read("3.02", message).value == ["F3"]


def test_a_table_row_looked_up_by_a_count_of_streets_revises_nothing():
    manager = make_manager()
    pid = manager.start_project("Looked up").project_id
    advance_to(manager, pid, "3.10")
    result = manager.process_user_response(
        pid, "3.2.2.70 — E, non-SPR, C/NC ; 1 st. / 2 streets → 1,000 m² ≥ 940 ✓ (n.b. 1 street → 800 ✗)"
    )
    assert result.decision != "revision"


# 3.18: a one-storey hall in a reviewer's notation
HALL = building(("A2",), ("3.2.2.25",), storeys=1, below=0)


def _load(message: str, state=HALL):
    result = reading("3.18", message, state=state)
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    return result, [(row["persons"], row["posted_limit"]) for row in value["rows"]], value["total"]


def test_a_rows_clauses_after_semicolons_and_a_bracketed_remark():
    message = (
        "T3.1.17.1:\n"
        "Hall: 300 m² ; T @ 0.75 → 400 ; design 150 (banquet layout) → 150, posted per 3.1.17.1(2)\n"
        "Office: 40 m² @ 9.3 ≈ 4.3 → 5\n"
        "(n.b. corridor 60 m² serves the hall — not additive)\n"
        "Σ 155"
    )
    result, rows, total = _load(message)
    assert rows == [(150, True), (5, False)] and total == 155
    assert result.value is not None and result.confidence >= 0.8


def test_a_rate_of_another_use_of_the_buildings_occupancy_is_offered_not_recorded():
    result, rows, _ = _load("Lounge: 120 m² @ 0.95 → 127 (tables and chairs)")
    assert result.value is None and rows == [(127, False)] and "0.95" in result.missing


def test_dwelling_units_and_sleeping_rooms_in_capitals():
    flats = building(("C",), ("3.2.2.50",), storeys=2, below=0)
    _, rows, total = _load("L1: 6 DU = 10 SR × 2 → 20\nL2: 6 DU = 10 SR × 2 → 20\nΣ 40", state=flats)
    assert rows == [(20, False), (20, False)] and total == 40


def test_a_sheets_rows_named_alike_are_kept_apart_and_posted_in_a_notes_cell():
    message = (
        "OL calc\nLevel\tPart\tUse\tArea (m2)\tm2/p\tPersons\tBasis\tNotes\n"
        "L1\tExisting\thall\t300\t-\t120\tdesign\tPOSTED - banquet layout\n"
        "L1\tExisting\toffices\t93\t9.30\t10\ttable\t\n"
        "L1\tNew wing\toffices\t186\t9.30\t20\ttable\t\n"
        "Total\t\t\t\t\t150\t\t"
    )
    result = reading("3.18", message, state=HALL)
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    assert [row["floor"] for row in value["rows"]] == [
        "Level 1 (Existing, hall)",
        "Level 1 (Existing, offices)",
        "Level 1 (New wing)",
    ]
    assert value["rows"][0]["posted_limit"] is True


# 3.23 for a two-storey office with two rows on its ground floor
_ROWS = [
    load_row("Level 1", "D", "offices", 600.0, 65, "as given"),
    load_row("Level 1 (Lunch room)", "D", "lunch room", 60.0, 40, "as given"),
    load_row("Level 2", "D", "offices", 600.0, 65, "as given"),
]
OFFICE = building(("D",), ("3.2.2.62",), storeys=2, below=0, **{"3_18": {"rows": _ROWS, "total": 170}})


def _fixtures(message: str):
    result = reading("3.23", message, state=OFFICE)
    value = result.value if result.value is not None else result.offer
    if value is None:
        return result, None
    return result, [(row["persons"], row["wc_provided"], row["universal_provided"]) for row in value["rows"]]


def test_a_fixtures_sheet_with_a_title_line_and_a_use_column():
    message = (
        "Fixtures\t\tM:F 50:50\n"
        "Level\tUse\tOL\tWC prov'd\tUW\tNotes\n"
        "L1\tOffices\t65\t4\t1\tUW off lobby\n"
        "L1\tLunch room\t40\t0\t-\tuses office wr\n"
        "L2\tOffices\t65\t4\t-\t"
    )
    result, rows = _fixtures(message)
    assert rows == [(65, 4, 1), (40, 0, None), (65, 4, None)], result.missing


def test_two_table_rows_read_as_one_row_of_3_18_are_asked_about_never_merged():
    message = "Level\tOL\tWC prov'd\tUW\nL1\t65\t4\t1\nL1\t40\t2\t-\nL2\t65\t4\t-"
    result, _ = _fixtures(message)
    assert result.value is None and result.offer is None and "both read as" in result.missing


def test_the_persons_halved_by_sex_on_the_way_to_the_count_and_a_count_needed_offered_as_provided():
    message = (
        "50:50 ; T3.7.4.7 ; T3.8.2.3.A 2 st. → 1 UW:\n"
        "L1: 65 → 33 / 33 → 3 M + 3 F = 6 WC + 1 UW\n"
        "Lunch room: 40 → 0 (uses L1 offices)\n"
        "L2: 65 → 33 / 33 → 3 + 3 = 6 WC"
    )
    result, rows = _fixtures(message)
    assert result.value is None and rows == [(65, 6, 1), (40, 0, None), (65, 6, None)], result.missing
    assert "taken as provided" in result.missing


def test_a_correction_giving_a_crawl_spaces_depth_keeps_the_buildings_height():
    answers = {"3.07": {"storeys_above_grade": 2, "storeys_below_grade": 1, "height_m": 9.4}}
    message = "fix on 3.07 - the 'basement' is really a 1.2 m crawl space, so 0 below grade"
    result = _read("3.07", message, answers)
    assert result.value["height_m"] == 9.4 and result.value["storeys_below_grade"] == 0


def test_a_notes_word_of_revising_belongs_to_its_own_sentence():
    manager = make_manager()
    pid = manager.start_project("Noted").project_id
    advance_to(manager, pid, "3.27")
    state = manager.storage.load_project(pid)
    height, gross = state.answer_for("3.07").value, state.answer_for("3.05").value["total"]
    # the gross area's correction, already made; then a check's figure
    note = f"3.05: GFA corrected to {gross:,.0f} m². 3.10: ht check for .60 11.8 m, 1st flr → top flr."
    result = manager.process_user_response(pid, note)
    assert result.decision != "revision"
    assert manager.storage.load_project(pid).answer_for("3.07").value == height


def test_a_sheets_labels_values_and_remarks_for_entrances_and_hazards():
    message = "BF entrances\t2\tfront + rear\nHazardous subst.\tN\tcleaning supplies, under fire code qty"
    assert _read("3.20", message).value == {"barrier_free_entrances": 2, "hazardous_substances": False}


def test_a_sheets_climate_zone_and_degree_days_under_their_labels():
    value = _read("3.24", "Energy\tSB-10 div 2\nCZ\t7A\nHDD\t5,650").value
    assert (value["climate_zone"], value["degree_days"]) == ("7A", 5650)


@pytest.mark.parametrize(
    "message",
    [
        "> 1 DU → yes ; 5.9.1.2 → ASTC ≥ 47 between suites ; STC 55 at the elev. shaft",
        "Acoustics\tmore than 1 DU - yes\tASTC 47 (tested assemblies)",
    ],
)
def test_sound_in_a_reviewers_signs_and_capitals(message):
    value = _read("3.25", message, {"3.02": ["C"]}).value
    assert (value["more_than_one_dwelling_unit"], value["option"]) == (True, "ASTC 47")


def test_a_lone_c_where_the_kind_is_said_is_combustible():
    message = ".48 → C permitted ; actual C (block walls, wood roof trusses ⇒ C, not NC) ; no HT"
    value = _read("3.15", message).value
    assert value["actual"] == "Combustible"


def test_the_building_areas_own_figures_given_at_the_gross_area_are_recorded_to_confirm():
    answers = {"3.01": "Addition", "3.04": {"existing": 610, "new": 190, "total": 800}}
    result = _read("3.05", "hold on, the addn is 9.5 deep, not 10 - so 190 new and 800 total", answers)
    assert result.value == {"existing": 610, "new": 190, "total": 800} and result.confidence < 0.8
    one_storey = {**answers, "3.07": {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 6}}
    assert _read("3.05", "610 existing, 190 new, 800 total", one_storey).confidence >= 0.8


def test_words_taking_back_said_before_anything_at_the_next_item_revise_the_answer_just_given():
    manager = make_manager()
    pid = manager.start_project("Taken back").project_id
    advance_to(manager, pid, "3.04")
    manager.process_user_response(pid, "Building area: 610 m² (main block 560 m², plus a 50 m² annex)")
    assert manager.storage.load_project(pid).current_form_section == "3.05"
    result = manager.process_user_response(
        pid, "actually scratch that - the annex comes down, so it's the main block only, 560 m², all existing"
    )
    assert result.section == "3.04"
    assert manager.storage.load_project(pid).answer_for("3.04").value["total"] == 560
