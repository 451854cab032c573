"""3.22 of an unsprinklered building read from the band of Table 3.2.3.1.-B or -C the consultant names
in place of the face's ratio ('>10:1', 'over 10:1', '3-10:1', 'less than 3:1'): the table reads only the
band, so the face is worked out in it, recorded with the band, and the band goes to the sheet's L/H cell.
A band that spans two of the table's ('> 3:1', '≥ 10:1': exactly 10:1 is in the middle band) is asked
about, and 'over 10:1' is never read as a ratio of 10. A limiting distance typed onto its abbreviation
('LD9') is read as one."""

from __future__ import annotations

import pytest

from tests.answers.computed import NOT_SPRINKLERED, asked, building, recorded
from tests.answers.support import FORMS
from wizard_core.answers import validate_value
from wizard_core.engine.spatial import spatial_separation
from wizard_core.errors import InvalidReplyError
from wizard_core.sheet import cells

HALL = building(("A2",), ("3.2.2.25",), storeys=1, below=0, sprinklers=NOT_SPRINKLERED)  # Table B
GARAGE = building(("F2",), ("3.2.2.79",), storeys=1, below=0, sprinklers=NOT_SPRINKLERED)  # Table C


@pytest.mark.parametrize(
    ("state", "group", "message", "band", "in_band"),
    [
        (HALL, "A2", "Rear wall: 120 m2, LD 6 m, L/H > 10:1, no glazing", "over 10:1", 12.0),
        (HALL, "A2", "west elevation 90 sm, limiting distance 4.5 m, more than 10:1", "over 10:1", 15.0),
        (HALL, "A2", "North - 75 m2 - 3-10:1 - LD 3.0 m", "3:1 to 10:1", 5.0),
        (GARAGE, "F2", "East side, 200 m², 8 m to the lot line, ratio under 3:1", "less than 3:1", 2.0),
        (GARAGE, "F2", "S: 140 m2, LD 12 m, band 3:1 to 10:1, 10 % openings", "3:1 to 10:1", 7.0),
    ],
)
def test_a_band_named_for_the_ratio_works_the_face_out_in_that_band(state, group, message, band, in_band):
    (face,) = recorded("3.22", message, state=state)["faces"]
    by_ratio = spatial_separation(group, False, face["area_m2"], face["limiting_distance_m"], in_band)
    assert (face["ratio"], face["ratio_band"]) == (None, band)
    assert (face["upo_permitted_pct"], face["frr_h"]) == (by_ratio.upo_permitted_pct, by_ratio.frr_h)
    assert band in face["basis"]


def test_over_ten_to_one_is_never_read_as_a_ratio_of_ten():
    # a ratio of exactly 10 is in the middle band, whose figure at 5 m is lower than the band over 10:1's
    (face,) = recorded("3.22", "East: 100 m2, LD 5 m, over 10:1", state=HALL)["faces"]
    middle = spatial_separation("A2", False, 100.0, 5.0, 10.0)
    over = spatial_separation("A2", False, 100.0, 5.0, 11.0)
    assert middle.upo_permitted_pct != over.upo_permitted_pct
    assert face["upo_permitted_pct"] == over.upo_permitted_pct


@pytest.mark.parametrize(
    "message",
    [
        "South: 100 m2, LD 5 m, ratio > 3:1",
        "South: 100 m2, LD 5 m, L/H ≥ 10:1",
        "South: 100 m2, LD 5 m, less than 10:1",
    ],
)
def test_a_band_spanning_two_of_the_tables_is_asked_about(message):
    assert "does not name one band of the table" in asked("3.22", message, state=HALL)


def test_a_band_beside_the_faces_own_ratio_is_still_checked_by_it():
    question = asked("3.22", "South: 50 x 4 = 200 m2, L/H 12.5 (3:1 to 10:1), LD 14 m", state=HALL)
    assert "a ratio of 12.5 is not in the band" in question


def test_a_limiting_distance_typed_onto_its_abbreviation_is_read():
    (face,) = recorded("3.22", "N parking 200m2 >10:1 LD9 -> 50%", state=HALL)["faces"]
    assert face["limiting_distance_m"] == 9.0


def test_a_band_typed_in_the_row_table_is_kept_as_the_tables_band_and_junk_is_refused():
    item = FORMS.get_item("3.22")
    face = {"face": "North", "area_m2": 120.0, "limiting_distance_m": 6.0, "ratio_band": ">10:1"}
    (kept,) = validate_value(item, {"faces": [face]})["faces"]
    assert kept["ratio_band"] == "over 10:1"
    with pytest.raises(InvalidReplyError, match="not one band"):
        validate_value(item, {"faces": [{**face, "ratio_band": "tall and narrow"}]})


@pytest.mark.parametrize("band", ["less than 3:1", "3:1 to 10:1", "over 10:1"])
def test_the_sheets_l_over_h_cell_holds_the_band_and_reads_it_back(band):
    written = cells.write("face_ratio", (None, band))
    assert written == band
    assert cells.read("face_ratio", written.upper()) == (None, band)
    with pytest.raises(cells.CellError):
        cells.read("face_ratio", "narrow")
