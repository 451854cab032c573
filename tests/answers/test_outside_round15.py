"""Kinds a round of unseen buildings (a sole practitioner's phone shorthand; an engineer's key = value
pairs and pasted rows) and the rest of the round before it found past the readers, each in words of
its own.

- Corrections said in passing, with no word of revising: "480 seats not 450", "so 4 bf entrances now",
  "the count was off", "wait, …", "my bad on …", "rev - …", "… after all"; and the count nearest its
  noun ("a door at unit a, so 2 bf entrances"), never an ordinal ("a 3rd unit") as a quantity.
- 3.07: a finished floor level ("L5 FFL = 15.2 m") is no building height, "|" sets clauses apart, and
  a count below set off on its own ("5 storeys, 2 below, …") is the storeys below grade.
- 3.18 in the French way: decimal commas in shown working ("at 1,85 = 43,2 → 44"), "at <rate> =" as the
  rate, rez-de-chaussée / sous-sol / étage as floors, a lead line naming a floor over the rows, rows
  named "Floor – room", several rows under one "Mezzanine:" heading, a heading of no known floor ending
  the one before, a room whose words name two uses taking the one the rate is, a staff room of
  another group's use belonging to the building's one occupancy, posted seats.
- 3.21: "|" between assemblies, working that ends on 0 ("→ 0"), "mezz" for the mezzanine, and "waived"
  said after an assembly's rating.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from tests.support import answer_items, make_manager
from wizard_core.answers import parsing, read
from wizard_core.answers.vocabulary import vocabulary
from wizard_core.answers.wording.floors import floor_name

NEW = {"3.01": "New construction", "3.02": ["E"]}


def _read(section: str, message: str, answers: dict | None = None):
    return read(FORMS.get_item(section), [message], state_with(answers or NEW), FORMS)


def _rows(message: str, answers: dict) -> list[tuple[str, int]]:
    reading = _read("3.18", message, answers)
    value = reading.value or reading.offer
    assert value is not None, reading.missing
    return [(row["floor"], row["persons"]) for row in value["rows"]]


# --- corrections said in passing -------------------------------------------------------------------


def _office_to_312(wizard) -> str:
    project = wizard.start_project("Offices").project_id
    answer_items(
        wizard,
        project,
        [
            "New construction",
            "D offices",
            "No",
            "1,200 m2 all new",
            "3,600 m2 all new",
            "none",
            "3 storeys, no basement, 11.5 m",
            "No",
            "1 street",
            "3.2.2.61",
            "sprinklered throughout",
        ],
    )
    assert wizard.load_project(project).current_form_section == "3.12"
    return project


@pytest.mark.parametrize(
    ("correction", "total"),
    [
        ("footprint came out at 1,260 m2 not 1,200 once the canopy columns were in", 1260.0),
        ("the BA was off - the stair tower adds 45 m2, so 1,245 m2", 1245.0),
        ("wait, building area is 1,230 m2, the drawing had the old wall line", 1230.0),
        ("my bad on the building area, it is 1,215 m2", 1215.0),
        ("rev - building area 1,250 m2 with the new vestibule", 1250.0),
        ("building area: vestibule came in after all, 1,238 m2", 1238.0),
    ],
)
def test_a_correction_said_in_passing_revises_the_item_it_names(correction, total):
    wizard = make_manager()
    project = _office_to_312(wizard)
    wizard.process_user_response(project, correction)
    state = wizard.load_project(project)
    assert state.answer_for("3.04").value["total"] == total  # type: ignore[union-attr]


def test_a_figure_said_against_another_for_the_item_on_screen_stays_an_answer_to_it():
    wizard = make_manager()
    project = _office_to_312(wizard)
    reply = wizard.process_user_response(project, "standpipe: no, 3 storeys not 4, and sprinklered")
    assert reply.section == "3.12"
    state = wizard.load_project(project)
    assert state.answer_for("3.07").value["storeys_above_grade"] == 3  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("owner approved a ramp at unit a, so 2 bf entrances now", 2),
        ("a second door on the lane side - that makes 3 accessible entrances", 3),
        ("one at the front, one at the back: 2 barrier-free entrances", 2),
        ("3 of the 4 entrances are bf, the loading door is not", 3),
    ],
)
def test_the_count_nearest_its_noun_is_the_count(message, count):
    assert parsing.count_before(message, vocabulary().entrances.entrance_words) == count


def test_an_ordinal_is_no_quantity():
    found = parsing.quantities("they added a 3rd rooftop unit, so the platform is 90 m2 now")
    assert [(q.value, q.unit) for q in found] == [(90.0, "m2")]
    reading = _read("3.06", "mech added a 3rd unit, the platform is 90 m2 now", {"3.01": "New construction"})
    assert reading.value == {"existing": 0.0, "new": 90.0, "total": 90.0}


# --- 3.07 --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "storeys = 5 | below = 1 | ht = 18.9 m grade to roof | L5 FFL = 15.2 m",
        "5 storeys, 1 below, 18.9 m to the roof; top finished floor at 15.2 m",
    ],
)
def test_a_finished_floor_level_is_no_building_height(message):
    reading = _read("3.07", message)
    assert reading.value == {"storeys_above_grade": 5, "storeys_below_grade": 1, "height_m": 18.9}


def test_a_count_below_set_off_on_its_own_is_the_storeys_below_grade():
    reading = _read("3.07", "4 storeys; 2 below; 13.6 m")
    assert reading.value == {"storeys_above_grade": 4, "storeys_below_grade": 2, "height_m": 13.6}
    footing = _read("3.07", "2 storeys above grade, 8 m to the roof, footings 1.2 m below.")
    assert footing.value is not None and footing.value["storeys_below_grade"] == 0


# --- 3.18 --------------------------------------------------------------------------------------

STORE = {
    "3.01": "New construction",
    "3.02": ["E"],
    "3.07": {"storeys_above_grade": 2, "storeys_below_grade": 1, "height_m": 9.0},
}


@pytest.mark.parametrize(
    ("text", "floor"),
    [
        ("Rez-de-chaussée:", "Ground floor"),
        ("rez de chaussee", "Ground floor"),
        ("Sous-sol — rangement", "Basement"),
        ("Étage 3 —", "Level 3"),
        ("l'étage", "Level 2"),
    ],
)
def test_floors_named_in_french(text, floor):
    assert floor_name(text) == floor


def test_shown_working_with_decimal_commas_and_at_rates_under_french_floor_headings():
    message = (
        "La charge d'occupation, par niveau:\n"
        "Sous-sol:\n"
        "- storage: 690 m² at 46 = 15 → 15\n"
        "Rez-de-chaussée:\n"
        "- sales floor: 1 240 m² at 3,70 = 335,1 → 336\n"
        "Étage:\n"
        "- offices: 320 m² / 9,30 = 34,4 → 35\n"
        "Total: 386 persons."
    )
    assert _rows(message, STORE) == [
        ("Basement (storage)", 15),
        ("Ground floor (sales floor)", 336),
        ("Level 2 (offices)", 35),
    ]


def test_a_lead_line_naming_a_floor_heads_the_rows_under_it():
    message = (
        "Occupant load, all on the ground floor except the office:\n"
        "• sales 900 m2 @ 3.7 = 244\n"
        "• storage 300 m2 @ 46 = 7\n"
        "• second floor office 120 m2 @ 9.3 = 13\n"
        "Total 264."
    )
    assert _rows(message, STORE) == [
        ("Ground floor (sales)", 244),
        ("Ground floor (storage)", 7),
        ("Level 2", 13),
    ]


def test_rows_named_floor_then_room_and_several_rows_under_one_heading():
    message = (
        "Basement – storage: 500 m2 @ 46 = 11\n"
        "Ground floor — sales, front: 1,100 m2 @ 3.7 = 298\n"
        "Mezzanine:\n"
        "  offices — 150 m2 at 9.30 = 16.1 → 17\n"
        "  stock — 200 m2 at 46 = 4.3 → 5\n"
        "Total: 331"
    )
    assert _rows(message, STORE) == [
        ("Basement (storage)", 11),
        ("Ground floor (sales, front)", 298),
        ("Mezzanine (offices)", 17),
        ("Mezzanine (stock)", 5),
    ]


def test_a_heading_of_no_known_floor_ends_the_one_before():
    message = (
        "Ground floor:\n- sales 800 m2 @ 3.7 = 217\n"
        "Main building annex:\n- storage 230 m2 @ 46 = 5\nTotal 222"
    )
    floors = [floor for floor, _ in _rows(message, STORE)]
    assert floors[0] == "Ground floor (sales)" and not floors[1].startswith("Ground floor")


def test_of_two_uses_named_the_one_the_rate_is_counts():
    care = {
        "3.01": "New construction",
        "3.02": ["B3"],
        "3.07": {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 5.0},
    }
    reading = _read("3.18", "Ground floor: dining room and lounge, 111 m2 @ 1.85 = 60\nTotal 60", care)
    value = reading.value or reading.offer
    assert value is not None and value["rows"][0]["persons"] == 60, reading.missing
    assert "1.10" not in (reading.missing or "")


def test_a_staff_room_belongs_to_the_buildings_one_occupancy():
    message = "Ground floor: sales 900 m2 @ 3.7 = 244; staff room 40 m2 @ 1.85 = 22\nTotal 266"
    reading = _read("3.18", message, STORE)
    value = reading.value or reading.offer
    assert value is not None and {row["occupancy"] for row in value["rows"]} == {"E"}


def test_seats_said_to_be_posted_are_a_posted_limit():
    hall = {
        "3.01": "New construction",
        "3.02": ["A2"],
        "3.07": {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 6.0},
    }
    reading = _read("3.18", "Ground floor: banquet room, 120 seats, a design number, it will be posted", hall)
    value = reading.value or reading.offer
    assert value is not None and value["rows"][0]["posted_limit"] is True


# --- 3.21 --------------------------------------------------------------------------------------

POOL = {
    "3.01": "New construction",
    "3.02": ["A3"],
    "3.06": {"existing": 0, "new": 80, "total": 80},
    "3.07": {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 9.5},
    "3.10": ["3.2.2.30"],
}


def _ratings(message: str) -> dict[str, float | None]:
    reading = _read("3.21", message, POOL)
    assert reading.value is not None, reading.missing
    return {row["assembly"]: row["rating_h"] for row in reading.value["assemblies"]}


@pytest.mark.parametrize(
    "message",
    [
        "floors n/a (1 storey) | mezz = 1 h | roof = 45 min by the article, but over 6 m above the deck -> 0",
        "mezz 1 h; roof 45 min, waived under 3.2.2.17(1)",
    ],
)
def test_pipes_working_to_zero_and_a_waiver_after_the_rating(message):
    ratings = _ratings(message)
    assert ratings["mezzanine"] == 1.0 and ratings["roof"] == 0.0


def test_bars_between_a_label_and_its_cells_keep_one_row():
    ratings = _ratings("Mezz (booth) | 1 h | steel\nRoof | 45 min | existing trusses, no waiver")
    assert ratings["mezzanine"] == 1.0 and ratings["roof"] == 0.75


# --- keyed answers, as on a sheet ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "restriction = NC reqd | actual = NC | HT = N",
            ("Noncombustible required", "Noncombustible", False),
        ),
        ("comb. perm. | actual: wood frame | HT N", ("Combustible permitted", "Combustible", False)),
        ("NC req'd | actual = NC | HT = Y, glulam roof", ("Noncombustible required", "Noncombustible", True)),
    ],
)
def test_construction_keyed_with_abbreviations(message, expected):
    reading = _read("3.15", message, {**NEW, "3.10": ["3.2.2.61"]})
    value = reading.value
    assert value is not None, reading.missing
    assert (value["restriction"], value["actual"], value["heavy_timber"]) == expected


def test_storeys_keyed_before_their_count():
    reading = _read("3.07", "storeys above grade: 4; storeys below grade: 0; height: 14 m")
    assert reading.value == {"storeys_above_grade": 4, "storeys_below_grade": 0, "height_m": 14.0}


def test_keyed_counts_on_lines_of_their_own_stay_on_their_line():
    message = "storeys_above: 3\nstoreys_below: 1 (old boiler room)\nheight: 12.2 m (top of new roof)"
    reading = _read("3.07", message)
    assert reading.value == {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 12.2}


def test_an_item_named_as_the_reason_for_the_answer_on_screen_is_not_revised():
    wizard = make_manager()
    project = _office_to_312(wizard)
    wizard.answer_directly(project, "3.12", False)
    wizard.answer_directly(project, "3.13", "Single stage")
    wizard.answer_directly(project, "3.14", True)
    built = {"restriction": "Noncombustible required", "actual": "Noncombustible", "heavy_timber": False}
    wizard.answer_directly(project, "3.15", built)
    wizard.answer_directly(project, "3.16", "High")
    reply = wizard.process_user_response(project, "SC3 - bumped up from SC2 owing to the high importance")
    assert (reply.decision, reply.section) == ("continuing", "3.17")


def test_a_revision_gives_an_item_it_names_in_a_sentence_without_a_figure_nothing():
    wizard = make_manager()
    project = wizard.start_project("Hall").project_id
    answer_items(
        wizard,
        project,
        ["New construction", "A2 hall", "No", "BA = 30.0 x 20.0 = 600 m2, all new", "GFA 1,800 m2 all new"],
    )
    wizard.process_user_response(
        project, "re BA - wrong grid line, it's 30.0 x 21.0 = 630 m2. The GFA took this plate too."
    )
    state = wizard.load_project(project)
    assert state.answer_for("3.04").value["total"] == 630.0  # type: ignore[union-attr]
    assert state.answer_for("3.05").value["total"] == 1800.0  # type: ignore[union-attr]


def test_a_revision_naming_its_fact_only_by_the_words_of_the_earlier_answer():
    wizard = make_manager()
    project = wizard.start_project("Town hall").project_id
    answer_items(
        wizard,
        project,
        [
            "New construction",
            "D offices",
            "No",
            "800 m2 all new",
            "1,600 m2 all new",
            "none",
            "2 storeys, no basement, 9.1 m to the top of the clock tower parapet",
            "No",
            "1 street",
        ],
    )
    assert wizard.load_project(project).current_form_section == "3.10"
    revision = "rev - heritage board wants the clock tower parapet higher, 10.4 m now"
    wizard.process_user_response(project, revision)
    state = wizard.load_project(project)
    assert state.answer_for("3.07").value["height_m"] == 10.4  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Hydrant flow adequate — yes; enough for the sprinklers without a booster pump.", True),
        ("Water supply – no, not without a fire pump; the main is only 150 mm.", False),
    ],
)
def test_a_yes_or_no_after_a_label_set_off_by_a_dash_decides(message, expected):
    assert _read("3.14", message).value is expected


def test_a_gross_areas_working_with_thousands_is_not_the_building_area():
    message = "Footprint now 40.0 x 31.0 = 1,240 m2 and GFA 3 x 1,240 = 3,720 m2."
    reading = _read("3.04", message)
    assert reading.value is not None and reading.value["total"] == 1240.0
    assert _read("3.05", message).value["total"] == 3720.0  # type: ignore[index]
