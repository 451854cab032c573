"""The sheet's other cells as the consultant fills them in: checked, kept beside the answer, exported."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from storage import TinyDBStorage
from tests.sheet.full_project import fill
from tests.support import Clock
from wizard_core import InputError, Wizard, open_wizard

CELLS = {
    "3.01": {"description": "Fit-out of floors 2 and 3; new stair to the roof."},
    "3.02": {"groups.1.use": "Offices", "groups.2.use": "Shops at grade"},
    "3.04": {
        "parts.1.description": "Existing building",
        "parts.1.existing": "0",
        "parts.1.new": "1,200 m²",
        "parts.1.total": "1200",
        "parts.2.description": "Canopy",
        "parts.2.new": "0",
    },
    # 3.06's total is 0: figures in its rows would be read back as its total (the rows' sum) on import.
    "3.06": {"parts.1.description": "Storage over the shop", "parts.1.type": "Open", "parts.1.new": "0.0"},
    "3.17": {"site_class": "C", "site_class_detail": "Geotechnical report GR-12", "reason": "Post-disaster"},
    "3.20": {"entrances": "Main entrance and the parking garage door"},
}


def _wizard(tmp_path: Path) -> Wizard:
    return open_wizard(TinyDBStorage(tmp_path / "data"), clock=Clock())


def _filled(wizard: Wizard) -> str:
    project = fill(wizard)
    for section, cells in CELLS.items():
        wizard.set_sheet_cells(project, section, cells)
    return project


def _sheet(data: bytes):
    return load_workbook(io.BytesIO(data))["Part 3"]


def _block(sheet, item: str) -> list[list[Any]]:
    """Columns A to L of the item's rows: from its number in column A to the next item's."""
    rows = [list(row[:12]) for row in sheet.iter_rows(values_only=True)]
    start = next(n for n, row in enumerate(rows) if row[0] == item)
    end = next(n for n in range(start + 1, len(rows)) if str(rows[n][0] or "").startswith(("3.", "Ontario")))
    return rows[start:end]


def _rows(data: bytes) -> list[list[Any]]:
    """Columns A to L from the project rows on (the date row is the export's own)."""
    return [list(row[:12]) for row in _sheet(data).iter_rows(min_row=10, values_only=True)]


def _column(letter: str) -> int:
    return "ABCDEFGHIJKL".index(letter)


def test_cells_are_kept_beside_the_answer_and_the_answer_stays_as_it_was(tmp_path):
    wizard = _wizard(tmp_path)
    project = fill(wizard)
    before = wizard.load_project(project)
    answer = wizard.set_sheet_cells(project, "3.02", CELLS["3.02"])
    assert answer.sheet_cells == {"groups.1.use": "Offices", "groups.2.use": "Shops at grade"}
    after = wizard.load_project(project)
    kept = after.answer_for("3.02")
    assert kept is not None and kept.sheet_cells == answer.sheet_cells
    assert kept.value == ["D", "E"] and kept.confirmed and not kept.proposed
    assert kept.answer == before.answer_for("3.02").answer  # type: ignore[union-attr]
    assert after.revision == before.revision + 1 and after.updated_at > before.updated_at
    assert after.flagged == before.flagged


def test_several_items_repeated_rows_and_3_20s_explanation(tmp_path):
    wizard = _wizard(tmp_path)
    state = wizard.load_project(_filled(wizard))
    cells = {section: state.answer_for(section).sheet_cells for section in CELLS}  # type: ignore[union-attr]
    assert cells["3.01"] == CELLS["3.01"]
    # Figures are kept as figures: "1,200 m²" is 1200.
    assert cells["3.04"] == {**CELLS["3.04"], "parts.1.new": "1200"}
    assert cells["3.06"] == {**CELLS["3.06"], "parts.1.new": "0"}
    assert cells["3.17"] == CELLS["3.17"]
    assert cells["3.20"] == CELLS["3.20"]


def test_an_empty_entry_clears_its_cell_and_leaves_the_others(tmp_path):
    wizard = _wizard(tmp_path)
    project = _filled(wizard)
    answer = wizard.set_sheet_cells(
        project, "3.04", {"parts.2.description": "", "parts.2.new": "  ", "parts.1.total": "\x00"}
    )
    assert answer.sheet_cells == {
        "parts.1.description": "Existing building",
        "parts.1.existing": "0",
        "parts.1.new": "1200",
    }
    assert wizard.set_sheet_cells(project, "3.01", {"description": ""}).sheet_cells == {}
    # A placeholder the sheet reads as blank ("-") is blank here too.
    assert wizard.set_sheet_cells(project, "3.20", {"entrances": "-"}).sheet_cells == {}
    assert wizard.load_project(project).answer_for("3.01").sheet_cells == {}  # type: ignore[union-attr]


def test_text_is_cleaned_like_other_typed_text(tmp_path):
    wizard = _wizard(tmp_path)
    project = fill(wizard)
    answer = wizard.set_sheet_cells(project, "3.13", {"type_provided": "  Single\x07 stage\x1b  "})
    assert answer.sheet_cells == {"type_provided": "Single stage"}
    long = "x" * 500
    assert wizard.set_sheet_cells(project, "3.11", {"description": long}).sheet_cells == {"description": long}


@pytest.mark.parametrize(
    ("section", "cells", "says"),
    [
        ("3.01", {"use": "Offices"}, "3.01 has no cell “use” on the sheet"),
        ("3.02", {"groups.1.description": "Offices"}, "3.02 has no cell"),
        ("3.04", {"parts.51.description": "Too far down"}, "numbered 1 to 50"),
        ("3.04", {"parts.0.description": "Above the first"}, "numbered 1 to 50"),
        ("3.04", {"parts.01.description": "Zero-padded"}, "numbered 1 to 50"),
        ("3.19", {"entrances": "On 3.19"}, "3.19 has no cell"),
        ("3.01", {"description": "x" * 501}, "501 characters long; the limit is 500"),
        ("3.04", {"parts.1.new": "about half"}, "expected a number"),
        ("3.04", {"parts.1.existing": "-20"}, "a number of zero or more"),
        ("3.06", {"parts.1.total": "400 sq ft"}, "metric"),
        # One bad entry among good ones: none of them is saved.
        ("3.02", {"groups.1.use": "Offices", "groups.2.nope": "x"}, "3.02 has no cell “groups.2.nope”"),
    ],
)
def test_a_bad_entry_is_refused_with_a_clear_message_and_nothing_is_saved(tmp_path, section, cells, says):
    wizard = _wizard(tmp_path)
    project = fill(wizard)
    before = wizard.load_project(project)
    with pytest.raises(InputError) as refused:
        wizard.set_sheet_cells(project, section, cells)
    assert says in str(refused.value) and "nothing was saved" in str(refused.value).casefold()
    after = wizard.load_project(project)
    assert after.revision == before.revision
    assert [a.sheet_cells for a in after.finalized_answers] == [
        a.sheet_cells for a in before.finalized_answers
    ]


def test_an_unanswered_item_is_answered_first(tmp_path):
    wizard = _wizard(tmp_path)
    project = wizard.start_project("Not yet").project_id
    before = wizard.load_project(project)
    with pytest.raises(InputError, match=r"answer 3\.01 first"):
        wizard.set_sheet_cells(project, "3.01", {"description": "Fit-out"})
    assert wizard.load_project(project).revision == before.revision


def test_a_proposed_answer_stays_proposed(tmp_path):
    wizard = _wizard(tmp_path)
    data = wizard.export(wizard.load_project(fill(wizard)), "xlsx")
    copy = wizard.import_matrix(data, "office.xlsx", name="Imported office").state.project_id
    answer = wizard.set_sheet_cells(copy, "3.01", {"description": "Fit-out"})
    assert answer.proposed and not answer.confirmed
    assert wizard.load_project(copy).answer_for("3.01").proposed  # type: ignore[union-attr]


def test_the_cells_print_in_the_sheets_own_cells(tmp_path):
    wizard = _wizard(tmp_path)
    sheet = _sheet(wizard.export(wizard.load_project(_filled(wizard)), "xlsx"))
    d, e, f, h, i, j, k = (_column(c) for c in "DEFHIJK")
    assert _block(sheet, "3.01")[1][d] == CELLS["3.01"]["description"]
    uses = {row[d]: row[j] for row in _block(sheet, "3.02")[1:] if row[d]}
    assert uses == {"D": "Offices", "E": "Shops at grade"}  # USE in J, beside its group
    parts = _block(sheet, "3.04")[1:3]
    assert [(r[d], r[i], r[j], r[k]) for r in parts] == [
        ("Existing building", 0, 1200, 1200),
        ("Canopy", None, 0, None),
    ]
    mezzanine = _block(sheet, "3.06")[1]
    assert (mezzanine[d], mezzanine[h], mezzanine[j]) == ("Storage over the shop", "Open", 0)
    seismic = _block(sheet, "3.17")
    assert (seismic[1][e], seismic[1][f]) == ("C", "Geotechnical report GR-12")
    assert seismic[3][_column("G")] == "Post-disaster"
    entrances = next(r for r in _block(sheet, "3.19") if r[_column("B")] == "BARRIER-FREE ENTRANCES")
    assert (entrances[d], entrances[f]) == (2, CELLS["3.20"]["entrances"])


def test_based_on_prints_3_10s_articles_until_the_consultant_gives_it(tmp_path):
    wizard = _wizard(tmp_path)
    project = fill(wizard)
    state = wizard.load_project(project)
    assert wizard.sheet_defaults(state, "3.15") == {"based_on": "3.2.2.60, 3.2.2.66"}
    assert wizard.sheet_defaults(state, "3.01") == {}
    assert state.answer_for("3.15").sheet_cells == {}  # type: ignore[union-attr]  # shown, not stored
    based_on = _block(_sheet(wizard.export(state, "xlsx")), "3.15")[0]
    assert (based_on[_column("D")], based_on[_column("E")]) == ("BASED ON", "3.2.2.60, 3.2.2.66")
    wizard.set_sheet_cells(project, "3.15", {"based_on": "3.2.2.60 (sprinklered)"})
    based_on = _block(_sheet(wizard.export(wizard.load_project(project), "xlsx")), "3.15")[0]
    assert based_on[_column("E")] == "3.2.2.60 (sprinklered)"


def test_the_cells_survive_export_import_export(tmp_path):
    wizard = _wizard(tmp_path)
    project = _filled(wizard)
    first = wizard.export(wizard.load_project(project), "xlsx")
    imported = wizard.import_matrix(first, "x.xlsx", name="Cells again")
    assert imported.problems == []
    again = wizard.load_project(imported.state.project_id)
    second = wizard.export(again, "xlsx")
    assert _rows(second) == _rows(first)
    original = wizard.load_project(project)
    for section in CELLS:
        assert again.answer_for(section).sheet_cells == original.answer_for(section).sheet_cells, section  # type: ignore[union-attr]
    # The default came back as 3.15's own entry, and prints the same.
    assert again.answer_for("3.15").sheet_cells == {"based_on": "3.2.2.60, 3.2.2.66"}  # type: ignore[union-attr]
