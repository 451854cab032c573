"""Answer sets for the engine tests: one realistic project, varied one item at a time."""

from __future__ import annotations

from typing import Any

from wizard_core.engine import Candidate, Facts, Finding, check

ACTUAL = {
    "combustible": "Combustible",
    "noncombustible": "Noncombustible",
    "mixed": "Combustible and noncombustible",
    "emtc": "Encapsulated mass timber",
}


def area(total: float, existing: float = 0) -> dict[str, float]:
    return {"existing": existing, "new": total - existing, "total": total}


def project(
    groups: tuple[str, ...] = ("D",),
    articles: tuple[str, ...] = ("3.2.2.62",),
    storeys: int = 2,
    below: int = 0,
    building_area: float = 2000,
    height: float = 8.0,
    streets: int = 1,
    sprinklers: str = "Not required",
    actual: str = "Combustible",
    restriction: str = "Combustible permitted",
    heavy_timber: bool = False,
    **items: Any,
) -> dict[str, Any]:
    """A consistent, fully answered matrix (by default Example 4: a 2-storey wood office, 3.2.2.62)."""
    answers: dict[str, Any] = {
        "3.00": "O. Reg. 163/24",
        "3.01": "New construction",
        "3.02": list(groups),
        "3.03": False,
        "3.04": area(building_area),
        "3.05": area(building_area * storeys),
        "3.06": None,
        "3.07": {"storeys_above_grade": storeys, "storeys_below_grade": below, "height_m": height},
        "3.08": False,
        "3.09": streets,
        "3.10": list(articles),
        "3.11": sprinklers,
        "3.12": False,
        "3.13": "Single stage",
        "3.14": True,
        "3.15": {"restriction": restriction, "actual": actual, "heavy_timber": heavy_timber},
        "3.16": "Normal",
        "3.18": {"total": 120, "rows": [{"area": "All floors", "persons": 120, "basis": "9.30 m²/person"}]},
        "3.19": True,
    }
    answers.update({key.replace("_", "."): value for key, value in items.items()})
    return answers


def from_candidate(facts: Facts, candidate: Candidate) -> dict[str, Any]:
    """The answers a consultant records when taking ``candidate`` for a one-occupancy building."""
    deep = (facts.storeys_below or 0) > 1  # 3.2.2.15: basements more than one storey deep are sprinklered
    answers: dict[str, Any] = {
        "3.02": [candidate.group],
        "3.03": False,
        "3.10": [candidate.article],
        "3.11": "Entire building" if facts.sprinklered else "Basement" if deep else "Not required",
        "3.15": {
            "restriction": candidate.restriction,
            "actual": ACTUAL[facts.construction or "noncombustible"],
            "heavy_timber": bool(facts.heavy_timber),
        },
    }
    if facts.building_area is not None:
        answers["3.04"] = area(facts.building_area)
    if facts.storeys is not None:
        answers["3.07"] = {
            "storeys_above_grade": facts.storeys,
            "storeys_below_grade": facts.storeys_below or 0,
            "height_m": facts.height_m or 3.0 * facts.storeys,
        }
    if facts.streets is not None:
        answers["3.09"] = facts.streets
    if facts.occupant_load is not None:
        answers["3.18"] = {"total": facts.occupant_load, "rows": []}
    return answers


def errors(answers: dict[str, Any], focus: str | None = None) -> list[Finding]:
    return [f for f in check(answers, focus) if f.severity == "error"]


def on(findings: list[Finding], item: str, severity: str | None = None) -> list[Finding]:
    return [f for f in findings if f.item == item and (severity is None or f.severity == severity)]
