"""Kinds a round of new buildings (round h30: a senior consultant's letter report with numbered
paragraphs and footnotes, and an architect trained in the United States who thinks in IBC terms and
square feet) found past the readers on its first run, fixed as kinds and tested in words of their own.

- A report's paragraph numbers ('4.1 …', '4.2 …' under '4. Streets') are no figures of the answer.
- A correction naming its item after the word of revising ('An amendment to section 7 (item 3.18). …')
  revises that item, even where its reader must ask what it cannot read.
- A note recording a change already made ('3.07: height corrected to 19.6 m') revises nothing.
- 'One query for the record, not an answer to any item. …?' is a question.
- 3.25: the option chosen ('going with ASTC 47') beside one the consultant set aside.
- 3.18: a table's TOTAL row giving both the area and the persons, a closing sentence giving the table's
  total again, and the rows' divisions written out again below it are no rows.
- A revision word said not to happen ('streets don't change the number') is no revision.
- A group named in another country's code ('in IBC terms an A-3') and one 'not called a separate A-2'
  are no major occupancies.
"""

from __future__ import annotations

import pytest

from tests.answers.computed import building, reading
from tests.answers.support import FORMS, state_with
from tests.support import advance_to, make_manager
from wizard_core.answers import read
from wizard_core.answers.replies import opens_as_question


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


def test_a_reports_paragraph_numbers_are_no_figures():
    message = (
        "4. Streets\n\n4.1 Main Street runs along the 40.0 m south wall.\n\n"
        "4.2 No other Street or access route lies within 15 m of the building.\n\n"
        "4.3 Accordingly, the building faces one Street."
    )
    assert _read("3.09", message).value == 1


def test_a_reports_numbered_area_paragraphs_give_the_area():
    message = (
        "3. Building Area\n\n"
        "3.1 The footprint is 30.0 m by 25.0 m, measured to the outside face of the walls.\n\n"
        "3.2 Accordingly, the Building Area is 750 m², all of it new."
    )
    assert _read("3.04", message).value == {"existing": 0, "new": 750, "total": 750}


def test_a_correction_naming_its_item_after_the_word_of_revising_revises_it():
    manager = make_manager()
    pid = manager.start_project("Amended").project_id
    advance_to(manager, pid, "3.12")
    result = manager.process_user_response(
        pid,
        "An amendment to section 7 (item 3.04). The footprint grew by the new vestibule; please take "
        "1,180 m² as the Building Area, all new.",
    )
    assert (result.decision, result.section) == ("revision", "3.04")


def test_a_note_recording_a_change_already_made_revises_nothing():
    manager = make_manager()
    pid = manager.start_project("Noted").project_id
    advance_to(manager, pid, "3.27")
    height = manager.storage.load_project(pid).answer_for("3.07").value["height_m"]
    note = f"3.07: height corrected to {height} m after the survey. 3.20: the loading door is not counted."
    result = manager.process_user_response(pid, note)
    assert (result.decision, result.section) == ("continuing", "3.27")


def test_a_query_for_the_record_is_a_question():
    assert opens_as_question("A query for the record, not an answer to any item: does 13R do here?")


def test_the_sound_option_chosen_beside_one_set_aside():
    value = _read(
        "3.25",
        "Many suites. We're using STC 50; we looked at ASTC 47 but the flanking testing "
        "is not in the budget.",
    ).value
    assert value["option"] == "STC 50"


def test_a_load_tables_total_row_closing_sentence_and_working_are_no_rows():
    message = (
        "| Storey | Use | Floor area (m²) | m² per person | Occupant Load (persons) |\n"
        "|---|---|---|---|---|\n"
        "| Ground floor | offices | 930 | 9.30 | 100 |\n| Second floor | offices | 465 | 9.30 | 50 |\n"
        "| TOTAL | | 1,395 | | 150 |\n\n"
        "Each figure is rounded up (930 ÷ 9.30 = 100; 465 ÷ 9.30 = 50). "
        "Accordingly, the Occupant Load is 150 persons."
    )
    result = reading("3.18", message, state=building(("D",), ("3.2.2.60",), storeys=2, below=0))
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    assert value["total"] == 150 and [row["persons"] for row in value["rows"]] == [100, 50]


def test_a_revision_word_said_not_to_happen_revises_nothing():
    manager = make_manager()
    pid = manager.start_project("Not changed").project_id
    advance_to(manager, pid, "3.10")
    result = manager.process_user_response(
        pid, "3.2.2.60 - sprinklered offices; the streets don't change the number for that article."
    )
    assert result.section == "3.10" and result.decision == "continuing"


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        (
            "In IBC terms this is a B occupancy with an A-3 gym; here in Ontario it is Group A, Division 2, "
            "a school.",
            ["A2"],
        ),
        (
            "Group E store. Back home I'd have called the mezzanine office a B, but it serves the store.",
            ["E"],
        ),
        (
            "A2 banquet hall. The bar is 60 m² of a 900 m² storey and I'm not calling it a separate A-2 "
            "licensed use.",
            ["A2"],
        ),
    ],
)
def test_groups_of_another_code_or_not_called_separate_are_no_major_occupancies(message, groups):
    assert _read("3.02", message).value == groups


def _load(message: str, storeys: int = 3):
    result = reading("3.18", message, state=building(("C",), ("3.2.2.50",), storeys=storeys, below=0))
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    return [(row["floor"], row["persons"]) for row in value["rows"]], value["total"]


def test_a_tables_rows_on_one_floor_told_apart_by_their_wing_and_footnote_marks_left_out():
    rows, total = _load(
        "| Floor | Use | Floor area (m²) | m² per person | Persons |\n|---|---|---|---|---|\n"
        "| Ground floor (existing)‡ | offices | 465 | 9.30 | 50 |\n"
        "| Ground floor (addition) | offices | 186 | 9.30 | 20 |\n"
        "| Second floor (existing)‡ | offices | 465 | 9.30 | 50 |\n"
        "| TOTAL | | 1,116 | | 120 |\n\n‡ existing to remain."
    )
    assert total == 120 and [persons for _, persons in rows] == [50, 20, 50]


def test_a_table_row_for_a_range_of_floors_each_is_a_row_per_floor():
    rows, total = _load(
        "| Level | Sleeping rooms | Basis | Persons |\n|---|---|---|---|\n"
        "| Ground, suites | 10 | 2 per sleeping room | 20 |\n"
        "| Levels 2 to 4, each* | 12 | 2 per sleeping room | 24 |\n"
        "| TOTAL | | | 92 |\n\n* the three upper floors are the same.",
        storeys=4,
    )
    assert total == 92 and [persons for _, persons in rows] == [20, 24, 24, 24]


def _theatre(message: str):
    result = reading("3.18", message, state=building(("A1",), ("3.2.2.22",), storeys=1, below=0))
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    return value


def test_wheelchair_spaces_beside_the_fixed_seats_are_persons_too():
    value = _theatre("Hall: 180 fixed seats plus 3 wheelchair spaces")
    assert [row["persons"] for row in value["rows"]] == [183]


def test_a_footnote_giving_a_rows_design_figure_again_posts_it_and_adds_no_row():
    value = _theatre(
        "| Area | Basis | Floor area (m²) | Persons |\n|---|---|---|---|\n"
        "| Hall | 180 fixed seats + 3 wheelchair spaces | — | 183 |\n"
        "| Foyer | design number* | 120 | 150 |\n| TOTAL | | | 333 |\n\n"
        "* The foyer would hold 300 standing by the table; it is designed for 150 persons, and that figure "
        "shall be posted."
    )
    assert value["total"] == 333
    assert [(row["persons"], row["posted_limit"]) for row in value["rows"]] == [(183, False), (150, True)]
