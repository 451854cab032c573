"""Kinds a round of new buildings (round h27, rows pasted from an office spreadsheet with semicolons, and a
senior consultant's clipped shorthand) found past the readers on its first run, fixed as kinds and tested
in words of their own.

- Rows exported with semicolons ("EXIST;NEW;TOTAL" over "0;2210.00;2210.00", "BF ENTR;1") are cells, as
  tabs or pipes are; a semicolon followed by a space stays a sentence's.
- A spreadsheet's "#N/A" is not applicable, never a rating of 0.
- A reply opening on a bare "Y" or "N" ("Y - town main, no fire pump needed") is that answer, whatever
  words follow it.
- Area figures given without a unit, large enough to be a building's, are offered in m² for a yes,
  never recorded.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


def test_semicolon_rows_are_cells():
    reading = _read("3.04", "EXIST;NEW;TOTAL m2\n0;2210.00;2210.00 (65.00 x 34.00)")
    assert reading.value == {"existing": 0.0, "new": 2210.0, "total": 2210.0}
    reading = _read("3.20", "BF ENTR;1 (front door, power operator)\nHAZ SUBST;N (no fuel stored)")
    assert reading.value == {"barrier_free_entrances": 1, "hazardous_substances": False}


def test_a_semicolon_with_a_space_after_it_is_a_sentences():
    reading = _read("3.04", "existing 1,200 m2; new 800 m2; total 2,000 m2")
    assert reading.value == {"existing": 1200.0, "new": 800.0, "total": 2000.0}


def test_hash_n_a_is_no_rating():
    state = state_with({"3.02": ["D"], "3.10": ["3.2.2.60"], "3.07": {"storeys_above_grade": 2}})
    message = "ASSY;FRR h;NOTE\nFLOORS;1;FS\nMEZZ;#N/A;none\nROOF;0;no rating"
    value = read(FORMS.get_item("3.21"), [message], state, FORMS).value
    ratings = {row["assembly"]: row["rating_h"] for row in value["assemblies"]}
    assert ratings["mezzanine"] is None
    assert ratings["floors"] == 1.0


@pytest.mark.parametrize(
    ("message", "answer"),
    [
        ("Y - municipal main on King St, no booster pump needed", True),
        ("N - nearest hydrant 140 m away, no tank either", False),
    ],
)
def test_a_leading_y_or_n_is_the_answer(message, answer):
    assert _read("3.14", message).value is answer


def test_figures_without_a_unit_are_offered_as_square_metres():
    reading = _read("3.04", "EXIST;NEW;TOTAL\n0;1725.00;1725.00")
    assert reading.value is None  # never recorded without its unit
    assert reading.offer == {"existing": 0.0, "new": 1725.0, "total": 1725.0}
    assert "m²" in reading.offer_reason


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        ("F3 - paper products and packaging, racked. Offices under 6 %, no separate D.", ["F3"]),
        ("E: hardware and building supplies. Staff room is part of it.", ["E"]),
    ],
)
def test_a_code_then_the_goods_it_holds_is_the_buildings_group(message, groups):
    assert _read("3.02", message).value == groups


def test_the_trades_shorthand_names_the_floor_over_the_basement():
    state = state_with(
        {"3.02": ["C"], "3.10": ["3.2.2.50"], "3.07": {"storeys_above_grade": 4, "storeys_below_grade": 1}}
    )
    message = "ASSY;FRR h\nFLR OVER BSMT;1.5\nFLOORS;1\nROOF;1"
    value = read(FORMS.get_item("3.21"), [message], state, FORMS).value
    ratings = {row["assembly"]: row["rating_h"] for row in value["assemblies"]}
    assert ratings["floors_over_basement"] == 1.5


def test_a_rating_on_a_row_no_assembly_is_named_by_is_asked_about():
    state = state_with({"3.02": ["D"], "3.10": ["3.2.2.60"], "3.07": {"storeys_above_grade": 3}})
    reading = read(FORMS.get_item("3.21"), ["ASSY;FRR h\nFLOORS;1\nPODIUM DECK;2\nROOF;0"], state, FORMS)
    assert reading.value is None
    assert "row 'PODIUM DECK': which assembly is it" in reading.missing


# --- 3.23 in shorthand: a floor's rows listed with their persons, and a summary after them ------------

from tests.answers.computed import building, load_row, offered  # noqa: E402

_HOME = [
    load_row("Ground floor", "B3", "", None, 30, "as given"),
    load_row("Ground floor", "B3", "", None, 45, "as given"),
    load_row("Ground floor", "B3", "", None, 6, "as given"),
    load_row("Level 2", "D", "", None, 18, "as given"),
    load_row("Level 2", "D", "", None, 40, "as given"),
]
HOME = building(
    ("B3",), ("3.2.2.45",), storeys=2, below=0, **{"3_18": {"rows": _HOME, "total": 139, "note": ""}}
)


def test_a_floors_rows_listed_with_their_persons_and_a_summary_after_them():
    message = (
        "50:50. Gnd: bedrooms 30 - 12 ensuite WCs, one per room; family lounge 45 - 1 UW, nothing else; "
        "med room 6 - nil.\nL2: admin 18 - 1 M + 1 F; meeting rm 40 - nil.\n"
        "Staff 20 on shift -> 1 + 1; 3 provided in all. Table 3.8.2.3.A -> 1 UW, 1 provided."
    )
    reading = offered("3.23", message, state=HOME)
    rows = reading.offer["rows"]
    counts = [(row["persons"], row["wc_provided"]) for row in rows]
    assert counts == [(30, 12), (45, 0), (6, 0), (18, 2), (40, 0)]
    assert rows[1]["universal_provided"] == 1
    assert "read as a summary of the rows given" in reading.missing  # said back, to confirm
