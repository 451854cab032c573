"""Where occupant-load rows that name no floor stand: on the ground floor when the words say all of
them are ('all at ground level'), or when the building has one storey and no basement (3.07), or only
its basement is named besides; each keeps its own name within its floor's."""

from __future__ import annotations

import re
from typing import Any

from wizard_core.answers.wording.load_line import LoadInput
from wizard_core.models import ProjectState

_ALL_GROUND = re.compile(
    r"\ball\s+(?:(?:at|on)\s+)?(?:the\s+)?(?:(?:ground|grade|main|first)(?:\s+(?:floor|flr|level|storey))?\b"
    r"|rez[- ]de[- ]chauss[ée]e)",
    re.I,
)


def everywhere_floor(text: str, state: ProjectState, *, below: bool, first: bool) -> str:
    """The floor of a message's rows naming none: 'Ground floor' when the words put every row there
    ('(all ground floor except the mezz)'), or, for the item's first rows, in a building of one storey
    whose rows name only its basement (``below``) or that has no basement; '' otherwise."""
    if _ALL_GROUND.search(text):
        return "Ground floor"
    storeys = _storeys(state)
    one_storey = storeys.get("storeys_above_grade") == 1
    return (
        "Ground floor" if first and one_storey and (below or storeys.get("storeys_below_grade") == 0) else ""
    )


def _storeys(state: ProjectState) -> dict[str, Any]:
    answer = state.answer_for("3.07")
    value = answer.value if answer is not None else None
    return value if isinstance(value, dict) else {}


def lowered(name: str) -> str:
    """A row's own name within its floor's: 'Sales floor' -> 'sales floor'; 'BOH storage' as it is."""
    return name[:1].lower() + name[1:] if name[1:2].islower() else name


def whole_building(row: LoadInput) -> bool:
    """A row for the whole building ('a design occupant load of 4 for the whole building')."""
    return row.name == "Whole building"
