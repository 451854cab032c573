"""A project with every matrix item answered, rows and extra sheet cells included, for sheet tests."""

from __future__ import annotations

from typing import Any

from wizard_core import Wizard

# A three-storey office over one basement, sprinklered, noncombustible: every item answered.
VALUES: dict[str, Any] = {
    "3.01": "New construction",
    "3.02": ["D", "E"],
    "3.03": False,
    "3.04": {"existing": 0, "new": 1200, "total": 1200},
    "3.05": {"existing": 0, "new": 3600, "total": 3600},
    "3.06": {"existing": 0, "new": 0, "total": 0},
    "3.07": {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 12.5},
    "3.08": False,
    "3.09": 1,
    "3.10": ["3.2.2.60", "3.2.2.66"],
    "3.11": "Entire building",
    "3.12": True,
    "3.13": "Single stage",
    "3.14": True,
    "3.15": {"restriction": "Noncombustible required", "actual": "Noncombustible", "heavy_timber": False},
    "3.16": "Normal",
    "3.17": "SC2",
    "3.18": {
        "rows": [
            {"floor": "Ground floor", "occupancy": "E", "use": "retail", "area_m2": 1100, "persons": 0},
            {"floor": "Second floor", "occupancy": "D", "use": "office", "area_m2": 1100, "persons": 0},
        ],
        "total": 0,
        "note": "Basement storage not counted.",
    },
    "3.19": True,
    "3.20": {"barrier_free_entrances": 2, "hazardous_substances": False},
    "3.21": {
        "assemblies": [{"assembly": "storeys_below_grade"}, {"assembly": "floors"}, {"assembly": "roof"}],
        "note": "",
    },
    "3.22": {
        "faces": [
            {"face": "North", "area_m2": 180, "limiting_distance_m": 6, "upo_actual_pct": 20},
            {"face": "East", "area_m2": 150, "limiting_distance_m": 12, "upo_actual_pct": 35},
        ],
        "note": "",
    },
    "3.23": {
        "ratio": "50:50",
        "rows": [
            {
                "floor": "Ground floor",
                "persons": 298,
                "wc_provided": 4,
                "bf_wc_provided": 1,
                "universal_provided": 1,
            },
            {
                "floor": "Second floor",
                "persons": 119,
                "wc_provided": 6,
                "bf_wc_provided": 2,
                "universal_provided": 0,
            },
        ],
        "note": "",
    },
    "3.24": {"compliance_path": "SB-10, ASHRAE 90.1", "climate_zone": "5", "degree_days": 3520, "note": ""},
    "3.25": {"more_than_one_dwelling_unit": False, "option": "", "note": "Offices and shops only."},
    "3.26": "None proposed.",
    "3.27": "Existing grades to remain.\nSee A-001 for the key plan.",
}


def fill(wizard: Wizard, name: str = "Sheet office") -> str:
    """A new project with every item answered directly (3.21 and 3.23 from the engine's figures)."""
    project = wizard.start_project(name, address="100 Front St W, Toronto").project_id
    for section, value in VALUES.items():
        wizard.answer_directly(project, section, value)
    return project
