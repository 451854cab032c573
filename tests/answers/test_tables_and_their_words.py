"""A pasted table is the answer; the words a consultant writes around it are its working.

Kinds a first run of formal prose with markdown tables left after its own fixes, tested here in words
of their own:

- 3.22: a face table with a header names the faces; a sentence around it that names no face ("every
  face falls in the 150 m² band, 9.5 m to the eaves") adds no face, and one that names a face of the
  table ("at sixty per cent the north wall wants an hour") changes none of its figures.
- 3.23: a table whose rows are named in two columns (floor, then room) is matched to 3.18's rows by both,
  or by its persons column; a count in the words after a table that gave every row its counts is their
  working, kept as a note, not asked about.
- 3.18: a 'Basis' cell giving the rate and the use it is the figure of ("0.95 m²/person (tables and
  chairs)") names the row's use; a name cell with its area worked out ("4 × 25 m² = 100 m²") gives the
  area it comes to; "L4 same = 52" copies the floor before and is checked against its figure.
"""

from __future__ import annotations

from tests.answers.computed import asked, building, by_name, load_row, offered, recorded

HALL = building(("A2",), ("3.2.2.25",), storeys=1, below=0)


FACES_TABLE = """Sprinklered, so Table 3.2.3.1.-D. Each wall is measured to the eaves, 9.5 m up, and every one
of them falls in the band of 150 m² or more.

| Wall | Area | LD | % permitted |
|---|---|---|---|
| North (Elm Street) | 480 m² | 18.0 m | 100 |
| East (lane) | 300 m² | 6.0 m | 52 |
| South (parking) | 480 m² | 25.0 m | 100 |

At fifty-two per cent the east wall needs three quarters of an hour and we give it block. The old barn
stands some 40 m north of us."""


def test_the_words_around_a_face_table_add_no_face_and_change_none():
    value = recorded("3.22", FACES_TABLE, state=HALL)
    faces = {face["face"]: face for face in value["faces"]}
    assert list(faces) == ["North (Elm Street)", "East (lane)", "South (parking)"]
    assert faces["North (Elm Street)"]["limiting_distance_m"] == 18.0
    assert faces["East (lane)"]["upo_permitted_pct"] == 52.0
    assert faces["East (lane)"]["upo_actual_pct"] is None


CHURCH_LOAD = {
    "rows": [
        load_row("Ground floor (Nave)", "A2", "space with non-fixed seats", 300.0, 400, "table: 0.75"),
        load_row("Ground floor (Parish office)", "D", "offices", 40.0, 5, "table: 9.30 m²/person"),
        load_row("Basement (Hall)", "A2", "space with non-fixed seats and tables", 190.0, 200, "table"),
    ],
    "total": 605,
    "note": "",
}
CHURCH = building(("A2",), ("3.2.2.25",), storeys=1, below=1, **{"3_18": CHURCH_LOAD})


def test_a_fixture_table_named_by_floor_and_room_columns_with_its_working_after_it():
    message = """Fifty-fifty, Table 3.7.4.3.A for the assembly rooms.

| Floor | Room | Persons | WCs provided | Universal |
|---|---|---|---|---|
| Ground floor | Nave | 400 | 10 | 1 |
| Ground floor | Parish office | 5 | 1 | – |
| Basement | Hall | 200 | 6 | – |

The parish office may share one toilet between both sexes, the code allowing a single water closet for
so few, and the nave's ten serve the narthex too."""
    value = recorded("3.23", message, state=CHURCH)
    rows = by_name(value["rows"])
    assert rows["Ground floor (Nave)"]["wc_provided"] == 10
    assert rows["Ground floor (Nave)"]["universal_provided"] == 1
    assert rows["Ground floor (Parish office)"]["wc_provided"] == 1
    assert rows["Basement (Hall)"]["wc_provided"] == 6
    assert "single water closet" in value["note"]


def test_a_fixture_table_row_named_only_by_its_floor_is_found_by_its_persons():
    message = """50:50.

| Level | Occupant load | WCs provided |
|---|---|---|
| Ground floor | 400 | 10 |
| Ground floor | 5 | 1 |
| Basement | 200 | 6 |"""
    reading = offered("3.23", message, state=CHURCH)
    rows = by_name(reading.offer["rows"])
    assert rows["Ground floor (Nave)"]["wc_provided"] == 10
    assert rows["Ground floor (Parish office)"]["wc_provided"] == 1
    assert "400 persons" in reading.missing  # said back: the row taken by its persons, for a yes


def test_a_basis_cell_names_the_use_its_rate_is_the_figure_of():
    message = """| Floor | Area | Basis | Persons |
|---|---|---|---|
| Ground floor | Parish hall, 190 m² | 0.95 m²/person (tables and chairs) | 200 |
| Ground floor | Quiet rooms, 4 × 25 m² = 100 m² | 1.85 m²/person (lounges) | 55 |
| Total | | | 255 |"""
    value = recorded("3.18", message, state=HALL)
    rows = value["rows"]
    assert [row["area_m2"] for row in rows] == [190.0, 100.0]
    assert [row["persons"] for row in rows] == [200, 55]
    assert rows[0]["use"] == "space with non-fixed seats and tables"
    assert value["total"] == 255


HOTEL = building(("C",), ("3.2.2.50",), storeys=4, below=0)


def test_a_floor_the_same_as_the_one_before_with_its_persons_after_an_equals_sign():
    message = """L2  20 suites, 22 sleeping rooms x 2 = 44
L3  same = 44
L4  same -> 44"""
    rows = recorded("3.18", message, state=HOTEL)["rows"]
    assert [(row["floor"], row["persons"]) for row in rows] == [
        ("Level 2", 44),
        ("Level 3", 44),
        ("Level 4", 44),
    ]


def test_a_floor_the_same_as_the_one_before_but_with_another_figure_is_asked_about():
    question = asked("3.18", "L2  20 suites, 22 sleeping rooms x 2 = 44\nL3  same = 40", state=HOTEL)
    assert "40" in question and "44" in question


def test_a_count_the_fixture_table_had_no_column_for_is_taken_from_the_words_after_it():
    message = """50:50.

| Floor | Room | Persons | WCs provided |
|---|---|---|---|
| Ground floor | Nave | 400 | 10 |
| Ground floor | Parish office | 5 | 1 |
| Basement | Hall | 200 | 6 |

Nave: plus 1 universal washroom."""
    reading = offered("3.23", message, state=CHURCH)
    rows = by_name(reading.offer["rows"])
    assert rows["Ground floor (Nave)"]["wc_provided"] == 10
    assert rows["Ground floor (Nave)"]["universal_provided"] == 1
