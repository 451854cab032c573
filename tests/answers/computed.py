"""Projects for the computed items' reader tests (3.18, 3.21, 3.22, 3.23), built as a consultant records them.

Every project starts from the engine tests' realistic answer set (tests/engine/projects.py) with the
facts the calculators read: the occupancies (3.02), storeys (3.07), the 3.10 article, sprinklers
(3.11) and the construction (3.15). The expected figures in the tests are worked out by hand from
../shared/reference/*.md, and each test says which table row and column it read.
"""

from __future__ import annotations

from typing import Any

from tests.answers.support import FORMS, state_with
from tests.engine.projects import project
from wizard_core.answers import Reading, read
from wizard_core.models import ProjectState

SPRINKLERED = "Entire building"
NOT_SPRINKLERED = "Not required"
NC = "noncombustible"
CEN = "combustible, encapsulated mass timber or noncombustible"
C_OR_NC = "combustible or noncombustible"
NO_REQUIREMENT = "no requirement"


def office(**items: Any) -> ProjectState:
    """A 3-storey sprinklered office over one basement, 3.2.2.60, built noncombustible (no 3.18 yet)."""
    return building(("D",), ("3.2.2.60",), **items)


def building(
    groups: tuple[str, ...],
    articles: tuple[str, ...],
    *,
    storeys: int = 3,
    below: int = 1,
    sprinklers: str = SPRINKLERED,
    actual: str = "Noncombustible",
    **items: Any,
) -> ProjectState:
    """The recorded answers of a building, 3.18 left for the test to give (or not)."""
    answers = project(
        groups=groups, articles=articles, storeys=storeys, below=below, sprinklers=sprinklers, actual=actual
    )
    answers.pop("3.18")
    answers.update({key.replace("_", "."): value for key, value in items.items()})
    return state_with(answers)


def load_row(
    floor: str, group: str, use: str, area: float | None, persons: int, based_on: str
) -> dict[str, Any]:
    return {
        "floor": floor,
        "occupancy": group,
        "use": use,
        "area_m2": area,
        "persons": persons,
        "based_on": based_on,
        "posted_limit": False,
    }


OFFICE_LOAD = {
    "rows": [
        # 930 m² ÷ 9.30 m²/person = 100 (Table 3.1.17.1, offices)
        load_row("Ground floor", "D", "offices", 930.0, 100, "table: 9.30 m²/person"),
        load_row("Level 2", "D", "offices", 930.0, 100, "table: 9.30 m²/person"),
        # 350 m² ÷ 46.00 m²/person = 7.61 → 8 (Table 3.1.17.1, storage)
        load_row("Basement", "D", "storage", 350.0, 8, "table: 46.00 m²/person"),
    ],
    "total": 208,
    "note": "",
}


def reading(section: str, *texts: str, state: ProjectState) -> Reading:
    """The offline reading of the consultant's ``texts`` (oldest first) for ``section``."""
    return read(FORMS.get_item(section), list(texts), state, FORMS)


def recorded(section: str, *texts: str, state: ProjectState) -> Any:
    """The value a thread records; the reading must be complete at 0.8 or more."""
    result = reading(section, *texts, state=state)
    assert result.complete, result.missing
    assert result.confidence >= 0.8, result.notes
    return result.value


def asked(section: str, *texts: str, state: ProjectState) -> str:
    """The question a thread leaves open (nothing recorded, nothing offered)."""
    result = reading(section, *texts, state=state)
    assert not result.complete and result.value is None, result.value
    assert result.offer is None, result.offer
    return result.missing


def offered(section: str, *texts: str, state: ProjectState) -> Reading:
    """A reading asked about with an offer a yes would record (an estimate, a figure as given)."""
    result = reading(section, *texts, state=state)
    assert not result.complete and result.value is None, result.value
    assert result.offer is not None, result.missing
    return result


def by_name(rows: list[dict[str, Any]], key: str = "floor") -> dict[str, dict[str, Any]]:
    return {row[key]: row for row in rows}
