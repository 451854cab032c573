"""Kinds a round of unseen buildings (a plans examiner's review comments; an assistant typing in
French-flavoured English) found past the readers, each in words of its own.

- Figures written the French way: spaces between thousands ("3 125 m²") and a decimal comma before a
  unit or after "@" ("7,5 m", "@ 0,95"); three digits after a comma stay thousands ("1,250").
- 3.21: a rating said under a condition the building does not meet ("1 h only if it were wood") is not
  the rating; the clause's conclusion ("…, so no rating", "so none") is; a roof is always there, so
  "roof: none" is no rating, not an absent roof.
- A floor named by its ordinal alone in a floor column ("THIRD") is that level.
- A storey count in a sentence citing a table or an article is the code's figure and revises no height;
  a reading whose value the item would refuse ("0 storeys above grade") is asked about, never sent on.
- Of one choice, an option said to be replaced ("SC1 instead of SC2") is not named; "a revision on …"
  opens a revision; a correction naming one item and saying another stands ("the footprint does not
  change") revises the one named first, never the one that stands.
- A use the owner "calls it" in quote marks is set aside like one without them.
- A notes lead-in ("In the notes:", "For the notes, please write:") is no part of the note; of a drawing's
  figure and a takeoff a little off it, the one the message says it uses is the area.
- An area said to be no mezzanine ("the stair penthouse, 30 m2, is not a mezzanine") leaves "n/a" the
  answer; in a revision, an item named after "same as …" several words on is only compared.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from tests.support import answer_items, make_manager
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read
from wizard_core.answers.wording.floors import floor_key

NEW = {"3.01": "New construction", "3.02": ["E"]}


def _read(section: str, message: str, answers: dict | None = None):
    return read(FORMS.get_item(section), [message], state_with(answers or NEW), FORMS)


@pytest.mark.parametrize(
    ("message", "total"),
    [
        ("la superficie du bâtiment: 3 125 m², all new", 3125.0),
        ("The building area is 1 962,5 m², entirely new.", 1962.5),
        ("building area 2,150 m2, all new", 2150.0),
    ],
)
def test_figures_written_the_french_way(message, total):
    reading = _read("3.04", message)
    assert reading.value is not None and reading.value["total"] == total


def test_a_height_with_a_decimal_comma():
    reading = _read("3.07", "2 étages above grade, no sous-sol; height 7,5 m to the roof")
    assert reading.value is not None and reading.value["height_m"] == 7.5


def _ratings(message: str) -> dict[str, float | None]:
    answers = dict(NEW) | {
        "3.06": {"existing": 0, "new": 120, "total": 120},
        "3.07": {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 7.0},
        "3.10": ["3.2.2.70"],
    }
    reading = _read("3.21", message, answers)
    assert reading.value is not None
    return {a["assembly"]: a["rating_h"] for a in reading.value["assemblies"]}


@pytest.mark.parametrize(
    "message",
    [
        "single storey; the mezzanine would get 1 h only if it were wood, but it is steel, so no rating; "
        "roof - none",
        "Mezzanine: 45 min if combustible, and ours is all steel, so none. Roof: nil.",
    ],
)
def test_a_rating_under_a_condition_is_not_the_rating(message):
    ratings = _ratings(message)
    assert ratings["mezzanine"] == 0.0
    assert ratings["roof"] == 0.0


@pytest.mark.parametrize(("label", "key"), [("THIRD", "level 3"), ("Second", "level 2")])
def test_an_ordinal_alone_in_a_floor_column_is_that_level(label, key):
    assert floor_key(label) == key


@pytest.mark.parametrize(
    "message",
    [
        "N/A. The stair penthouse on the roof (30 m2) is not a mezzanine.",
        "none; the 0,45 m high stage isn't a mezzanine.",
    ],
)
def test_an_area_said_to_be_no_mezzanine_leaves_not_applicable(message):
    assert says_not_applicable(message, FORMS.get_item("3.06"))


def test_an_item_named_well_after_same_as_is_only_compared():
    wizard = make_manager()
    project = wizard.start_project("Hall").project_id
    answer_items(
        wizard,
        project,
        ["New construction", "Group E retail", "No", "1,210 m2 all new", "4,800 m2 all new, four floors"],
    )
    wizard.process_user_response(
        project, "Re 3.04 - typo on my part: 1,200 m2, same as the floor plate I used for the gross."
    )
    state = wizard.load_project(project)
    assert state.answer_for("3.04").value["total"] == 1200.0  # type: ignore[union-attr]
    assert state.answer_for("3.05").value["total"] == 4800.0  # type: ignore[union-attr]


def test_a_reading_the_item_would_refuse_is_asked_about():
    reading = _read("3.07", "0 storeys above grade, 1 below, 3.5 m")
    assert reading.value is None and not reading.complete
    assert "takes" in (reading.missing or "")


def test_a_storey_count_cited_from_a_table_revises_no_height():
    wizard = make_manager()
    project = wizard.start_project("Two floors").project_id
    answer_items(
        wizard,
        project,
        [
            "New construction",
            "Group D offices",
            "No",
            "800 m2 all new",
            "1,600 m2 all new",
            "none",
            "2 storeys above grade, 0 below, 8 m",
        ],
    )
    before = wizard.load_project(project).answer_for("3.07")
    cited = "Only 1 universal washroom, that is what Table 3.8.2.3.A needs for 3 storeys."
    wizard.process_user_response(project, cited)
    assert wizard.load_project(project).answer_for("3.07") == before


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Revision: the engineer now puts it at SC3 instead of SC2 after the site class came in.", "SC3"),
        ("Post-disaster in place of high, since the fire hall was added.", "Post-disaster"),
    ],
)
def test_of_one_choice_the_option_replaced_is_not_named(message, expected):
    section = "3.17" if expected.startswith("SC") else "3.16"
    answers = dict(NEW) | {"3.17": "SC2", "3.16": "High"}
    reading = _read(section, message, answers)
    assert reading.value == expected


def test_a_correction_naming_one_item_and_saying_another_stands_revises_the_first():
    wizard = make_manager()
    project = wizard.start_project("School").project_id
    answer_items(
        wizard,
        project,
        ["New construction", "A2 school", "No", "2,000 m2 all new", "3,400 m2 all new", "none"],
    )
    correction = (
        "A correction on the gross area: it is 3,460 m2, we forgot a stair. The footprint does not change."
    )
    wizard.process_user_response(project, correction)
    state = wizard.load_project(project)
    assert state.answer_for("3.05").value["total"] == 3460.0  # type: ignore[union-attr]
    assert state.answer_for("3.04").value["total"] == 2000.0  # type: ignore[union-attr]


def test_a_use_the_owner_calls_it_in_quotes_is_set_aside():
    message = "Occupancy: the developer calls it a 'retirement residence', but it is licensed care, so B3."
    reading = _read("3.02", message, {"3.01": "New construction"})
    assert reading.value == ["B3"]


@pytest.mark.parametrize(
    "message",
    [
        "In the notes: the kitchen exhaust is by the tenant under a separate permit.",
        "For the notes, please write: the kitchen exhaust is by the tenant under a separate permit.",
    ],
)
def test_a_notes_lead_in_is_no_part_of_the_note(message):
    reading = _read("3.27", message)
    assert reading.value == "The kitchen exhaust is by the tenant under a separate permit."


def test_the_figure_a_takeoff_is_set_aside_for_is_the_one_used():
    message = (
        "Plans show 1,180 m2; my takeoff 1,176 m2 (a notch at the stair) - using 1,180. 40.0 x 29.5, all new."
    )
    reading = _read("3.04", message)
    assert reading.value == {"existing": 0.0, "new": 1180.0, "total": 1180.0}
