"""Version-2 projects (3.18 as a total with loose rows, 3.21-3.23 as free text) open in version 3.

A project is written by the real wizard into a real TinyDB folder, then its stored record is put
back to how version 2 kept those four items; opening it must keep every figure and every word.
"""

from __future__ import annotations

import json
from pathlib import Path

from storage import TinyDBStorage
from storage.migrations import MIGRATIONS, upgrade
from tests.support import Clock
from wizard_core import archive, open_wizard
from wizard_core.advisors.offline.advisor import OfflineAdvisor
from wizard_core.models import SCHEMA_VERSION

OLD_VALUES = {
    "3.18": {"total": 342, "rows": [{"area": "Offices", "persons": 334, "basis": "9.3 m²/person"},
                                    {"area": "Basement storage", "persons": 8, "basis": ""}]},
    "3.21": "Floors 1 h, basement floor assembly 1 h, roof 1 h; supporting members 1 h.",
    "3.22": "North wall: 420 m2, limiting distance 9.0 m, 40% permitted, 25% proposed.",
    "3.23": "Occupant load 342, split 50/50: 8 water closets per sex, 9 provided each.",
}  # fmt: skip


def _version_2_project(folder: Path) -> str:
    wizard = open_wizard(TinyDBStorage(folder), OfflineAdvisor(), clock=Clock())
    project = wizard.start_project("Old office").project_id
    placeholders = {
        "3.18": {"rows": [], "total": 1},
        "3.21": {"assemblies": [], "note": "to follow"},
        "3.22": {"faces": [], "note": "to follow"},
        "3.23": {"rows": [], "note": "to follow"},
    }
    for section, value in placeholders.items():
        wizard.answer_directly(project, section, value)
    path = folder / "projects" / f"{project}.json"
    stored = json.loads(path.read_text())
    record = stored["project"]["1"]
    record["schema_version"] = 2
    for answer in record["finalized_answers"]:
        if answer["section"] in OLD_VALUES:
            answer["value"] = OLD_VALUES[answer["section"]]
    earlier = dict(record["finalized_answers"][-1], section="3.21", value="Floors 45 min")
    record["answer_history"] = {"3.21": [earlier]}
    path.write_text(json.dumps(stored))
    return project


def test_a_version_2_project_opens_with_its_rows_and_every_word_kept(tmp_path: Path) -> None:
    project = _version_2_project(tmp_path)
    state = TinyDBStorage(tmp_path).load_project(project)
    assert state.schema_version == SCHEMA_VERSION == len(MIGRATIONS)
    load = state.answer_for("3.18").value
    assert load["total"] == 342
    assert [(r["floor"], r["persons"], r["based_on"]) for r in load["rows"]] == [
        ("Offices", 334, "9.3 m²/person"),
        ("Basement storage", 8, ""),
    ]
    assert state.answer_for("3.21").value == {"assemblies": [], "note": OLD_VALUES["3.21"]}
    assert state.answer_for("3.22").value == {"faces": [], "note": OLD_VALUES["3.22"]}
    assert state.answer_for("3.23").value == {"rows": [], "note": OLD_VALUES["3.23"]}
    store = TinyDBStorage(tmp_path)
    [earlier] = archive.answers(store, store.load_project(project), "3.21")  # in the archive log since 6
    assert earlier.value == {"assemblies": [], "note": "Floors 45 min"}


def test_the_migrated_project_exports_and_saves_in_the_new_shape(tmp_path: Path) -> None:
    project = _version_2_project(tmp_path)
    wizard = open_wizard(TinyDBStorage(tmp_path), OfflineAdvisor(), clock=Clock())
    state = wizard.load_project(project)
    document = json.loads(wizard.export(state, "json"))
    notes = {i["item"]: i["value"] for i in document["items"] if i["item"] in OLD_VALUES}
    assert notes["3.22"]["note"].startswith("North wall: 420 m2")
    assert OLD_VALUES["3.23"] in wizard.export(state, "md")
    wizard.storage.save_project(state)
    stored = json.loads((tmp_path / "projects" / f"{project}.json").read_text())["project"]["1"]
    assert stored["schema_version"] == SCHEMA_VERSION


def test_upgrading_leaves_values_of_the_new_shape_and_other_items_alone() -> None:
    record = {
        "schema_version": 2,
        "project_id": "p",
        "finalized_answers": [
            {"section": "3.22", "value": {"faces": [], "note": "kept"}},
            {"section": "3.27", "value": "Plain notes stay text."},
            {"section": "3.23", "value": None},
        ],
    }
    upgraded = upgrade(record)
    assert [a["value"] for a in upgraded["finalized_answers"]] == [
        {"faces": [], "note": "kept"},
        "Plain notes stay text.",
        None,
    ]


def test_energy_and_sound_text_become_the_notes_of_their_fields() -> None:
    record = {
        "schema_version": 2,
        "project_id": "p",
        "finalized_answers": [
            {"section": "3.24", "value": "SB-10, zone 5"},
            {"section": "3.25", "value": "STC 50 party walls"},
        ],
    }
    energy, sound = (a["value"] for a in upgrade(record)["finalized_answers"])
    assert energy == {"compliance_path": "", "climate_zone": "", "degree_days": None, "note": "SB-10, zone 5"}
    assert sound == {"more_than_one_dwelling_unit": None, "option": "", "note": "STC 50 party walls"}
