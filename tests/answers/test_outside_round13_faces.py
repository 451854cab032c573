"""Round 13, plumbing fixtures (3.23) lines that follow 3.18's rows. Kinds:

- several 3.18 rows on one floor keep a row each: a list that follows them one for one, in
  order, fills each row (said to follow the rows: recorded; not said: offered to confirm);
- a line ending in ':' opens the list and is none of its rows; the working before a list's
  opener ('provided, following the 3.18 rows:') is not a row;
- a line naming several rows ('lockers, showers: 0 each', 'kitchen 3, laundry 0, stores 1')
  is as many rows; 'name -> 0', 'name -> none' and a count closing a listed piece are the WCs,
  as is '5 wall-hung WCs' (a count with words describing the fixture);
- counts with no noun ('4 reqd, 4 prov') are the water closets required and provided;
- 'a 2nd universal washroom' is one; the universal washrooms the building needs (Table
  3.8.2.3.A, no floor named) are no row's.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.answers.computed import building, load_row, offered, reading, recorded


def _load(*rows: tuple[str, int]) -> dict[str, Any]:
    return {
        "rows": [load_row(floor, "", "", None, persons, "") for floor, persons in rows],
        "total": sum(p for _, p in rows),
        "note": "",
    }


# a one-storey medical office (Group D) with four areas on the ground floor and a basement
CLINIC = building(
    ("D",),
    ("3.2.2.60",),
    storeys=1,
    **{"3_18": _load(("Basement", 6), ("Ground", 40), ("Ground", 25), ("Ground", 4), ("Ground", 2))},
)


def _provided(value: dict[str, Any]) -> list[tuple[int | None, int | None]]:
    return [(row["wc_provided"], row["universal_provided"]) for row in value["rows"]]


@pytest.mark.parametrize(
    "message, expected",
    [
        (
            "Provided, following the 3.18 rows:\n- cellar stores -> none\n"
            "- treatment rooms -> 5 wall-hung WCs\n- waiting area -> 2 WCs\n"
            "- reception -> 1 universal washroom\n- sterilizing -> 0",
            [(0, None), (5, None), (2, None), (None, 1), (0, None)],
        ),
        (
            "fixtures per the 3.18 rows in order:\nbasement: 0\nexam wing: 4 (2 M, 2 F)\n"
            "waiting, reception: 0 each\nstaff lounge: 2 plus a 2nd universal washroom",
            [(0, None), (4, None), (0, None), (0, None), (2, 1)],
        ),
    ],
)
def test_lines_said_to_follow_the_rows_fill_them_in_order(message, expected):
    assert _provided(recorded("3.23", message, state=CLINIC)) == expected


def test_lines_in_the_rows_order_not_said_to_follow_them_are_offered():
    message = "each exam room has its own WC:\nlower -> 0\nexams -> 6\nlobby -> 2\ndesk -> 0\nsoiled -> 0"
    result = offered("3.23", message, state=CLINIC)
    assert "in order" in result.missing
    assert _provided(result.offer) == [(0, None), (6, None), (2, None), (0, None), (0, None)]


def test_listed_pieces_with_their_figures_and_the_buildings_universal_count():
    message = (
        "Provided, following the 3.18 rows in order:\n"
        "- basement stores 0, exam suite 3 + 1 universal washroom, waiting 2, desk 0, sterile 0\n"
        "Table 3.8.2.3.A wants 1 universal washroom at 1 storey -> 1 provided."
    )
    value = recorded("3.23", message, state=CLINIC)
    assert _provided(value) == [(0, None), (3, 1), (2, None), (0, None), (0, None)]


def test_counts_with_no_noun_are_the_water_closets():
    message = (
        "following the 3.18 rows:\nbsmt -> 0\nexam 40 -> 20 per sex -> 2 reqd, 3 prov\n"
        "waiting -> 1\ndesk -> 0\nsterile -> 0"
    )
    result = reading("3.23", message, state=CLINIC)
    assert result.complete and result.value["rows"][1]["wc_provided"] == 3
    assert any("you wrote 2 water closets required" in note for note in result.notes)
