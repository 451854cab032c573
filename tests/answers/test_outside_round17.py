"""Kinds a round of unseen buildings (an owner's facilities manager in plain words; a junior consultant's
numbered checklist with copy-paste slips) found past the readers, each in words of its own.

- The project type in verbs: "we're adding a new … to" is an addition.
- A yes or no after an opening that only says something is there ("There is an old hose reel …, but a
  standpipe isn't needed") is read from the words about the item, below 0.8.
- A use's name describing another noun ("school buses") or naming the buildings served ("for the
  schools") is no occupancy of this building.
- A numbered list's markers ("1) 1 storey / 2) 0 below") are no counts.
- Revisions: "we're down to 2", "Importance = High now", "is now SC3, not SC2", a change named only by
  an option no other item has ("please make it two stage"), "change heavy timber to yes".
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from tests.support import make_manager
from wizard_core.answers import read


def _read(section: str, message: str, answers: dict | None = None):
    state = state_with(answers or {"3.01": "New construction"})
    return read(FORMS.get_item(section), [message], state, FORMS)


def test_adding_a_new_part_to_a_building_is_an_addition():
    assert _read("3.01", "We're adding a new library wing to Parkview Public School.", {}).value == "Addition"


def test_a_no_about_the_item_after_an_opening_about_something_else():
    message = "There is an old hose reel in the boiler room we'll keep, but a standpipe isn't needed here."
    reading = _read("3.12", message, {"3.01": "Renovation / alteration", "3.02": ["D"]})
    assert reading.value is False and reading.confidence < 0.8


@pytest.mark.parametrize(
    "message",
    [
        "It's where we park the school buses over the summer, with spare desks for the schools.",
        "Storage: the hospital linen and spare beds kept for the hospitals in the region.",
    ],
)
def test_a_use_describing_another_noun_is_no_occupancy(message):
    reading = _read("3.02", message)
    assert not (reading.complete and reading.confidence >= 0.8 and reading.value in (["A2"], ["B2"]))


def test_numbered_markers_are_no_counts():
    reading = _read("3.07", "1) 2 storeys above grade\n2) 0 below\n3) 8.4 m to the top of the parapet")
    assert reading.value == {"storeys_above_grade": 2, "storeys_below_grade": 0, "height_m": 8.4}


def _hall(wizard, until: str = "3.21") -> str:
    """A one-storey A2 hall answered directly up to the item ``until`` (3.21 by default)."""
    project = wizard.start_project("Hall").project_id
    for section, value in [
        ("3.01", "New construction"),
        ("3.02", ["A2"]),
        ("3.03", False),
        ("3.04", {"existing": 0, "new": 900, "total": 900}),
        ("3.05", {"existing": 0, "new": 900, "total": 900}),
        ("3.06", None),
        ("3.07", {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 7.0}),
        ("3.08", False),
        ("3.09", 1),
        ("3.10", ["3.2.2.25"]),
        ("3.11", "Not required"),
        ("3.12", False),
        ("3.13", "Single stage"),
        ("3.14", True),
        ("3.15", {"restriction": "Combustible permitted", "actual": "Combustible", "heavy_timber": False}),
        ("3.16", "Normal"),
        ("3.17", "SC2"),
        ("3.18", {"rows": [], "total": 400, "note": ""}),
        ("3.19", True),
        ("3.20", {"barrier_free_entrances": 3, "hazardous_substances": False}),
        ("3.21", {"assemblies": [], "note": "as the article requires"}),
        ("3.22", {"faces": [], "note": "all faces over 9 m from the lot lines"}),
        ("3.23", {"ratio": "50:50", "rows": [], "note": "4 WCs provided"}),
        ("3.24", {"climate_zone": "6", "degree_days": 4500}),
        ("3.25", None),
    ]:
        if section >= until:
            break
        wizard.answer_directly(project, section, value)
    assert wizard.load_project(project).current_form_section == until
    return project


@pytest.mark.parametrize(
    ("message", "section", "value"),
    [
        ("Budget review cut the side door operator, so we're down to 2 accessible entrances.", "3.20", 2),
        ("Note for 3.16: the town made it a warming centre, Importance Category = High now.", "3.16", "High"),
        ("Geotech is in: the seismic category is now SC3, not SC2.", "3.17", "SC3"),
        (
            "Correction from the fire marshal's office: they want it two stage, please make it two stage.",
            "3.13",
            "Two stage",
        ),
    ],
)
def test_a_revision_in_an_owners_or_a_checklists_words(message, section, value):
    wizard = make_manager()
    project = _hall(wizard)
    wizard.process_user_response(project, message)
    recorded = wizard.load_project(project).answer_for(section).value  # type: ignore[union-attr]
    got = recorded["barrier_free_entrances"] if isinstance(recorded, dict) else recorded
    assert got == value


def test_heavy_timber_changed_by_name():
    wizard = make_manager()
    project = _hall(wizard)
    wizard.process_user_response(project, "Update: the board approved glulam, change heavy timber to yes.")
    recorded = wizard.load_project(project).answer_for("3.15").value  # type: ignore[union-attr]
    assert recorded["heavy_timber"] is True and recorded["actual"] == "Combustible"


def test_a_fact_on_a_checklist_line_of_its_own_is_read_apart_from_the_line_before():
    from wizard_core.advisors.offline.proposals import stated_facts

    lines = "1) addition - a wing on the east end; the old hall is not altered\n2) sprinklered: Y - extended"
    assert stated_facts([lines], None) == {"sprinklered": True}


def test_a_correction_of_the_water_closets_names_the_fixtures_item():
    wizard = make_manager()
    project = _hall(wizard, until="3.24")
    reply = wizard.process_user_response(
        project, "Correction on the washrooms: the plans show 6 water closets, not 4, in the hall."
    )
    assert (reply.decision, reply.section) == ("revision", "3.23")


def test_square_feet_with_the_consultants_own_metric_read_as_the_metric():
    message = "Per the inventory the school is 38,700 sq ft, which the architect makes 3,600 m2, existing."
    reading = _read("3.04", message, {"3.01": "Renovation / alteration", "3.02": ["A2"]})
    assert reading.value == {"existing": 3600.0, "new": 0.0, "total": 3600.0}


def test_an_answer_that_explains_itself_by_another_item_stays_on_the_item_on_screen():
    wizard = make_manager()
    project = _hall(wizard, until="3.26")
    message = "Yes, one: AS-01 cuts the plumbing fixtures to 3 water closets instead of the table's number."
    reply = wizard.process_user_response(project, message)
    assert reply.section == "3.26"
