"""What the row items' values share (3.18, 3.21, 3.22, 3.23): the rows and note recorded before,
notes joined once each, figures as written, and the one line of figures still to be verified.

Reading the consultant's words into rows is in ``wizard_core/answers/wording/``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from wizard_core.answers.base import fmt_number
from wizard_core.models import ProjectState


def earlier_rows(
    state: ProjectState, section: str, key: str, name_key: Callable[[str], str] | None = None
) -> dict[str, dict[str, Any]]:
    """The rows already recorded for ``section``, by name, so a revision changes only what it names."""
    answer = state.answer_for(section)
    value = answer.value if answer is not None else None
    if not isinstance(value, dict):
        return {}
    rows = value.get(key)
    if not isinstance(rows, list):
        return {}
    first = {"faces": "face", "rows": "floor", "assemblies": "assembly"}[key]
    keyed = name_key or str.casefold
    return {keyed(str(r.get(first, ""))): dict(r) for r in rows if isinstance(r, dict)}


def recorded_note(state: ProjectState, section: str) -> str:
    answer = state.answer_for(section)
    value = answer.value if answer is not None else None
    return str(value.get("note") or "") if isinstance(value, dict) else ""


def join_notes(*parts: str) -> str:
    """Notes joined once each, in order."""
    seen: list[str] = []
    for part in parts:
        for piece in re.split(r"(?<=\.)\s+(?=[A-Z])|\.\s*$", part or ""):
            piece = piece.strip(" .")
            if re.match(r"[a-z]+\b(?![/.])", piece):
                piece = piece[:1].upper() + piece[1:]
            if piece and piece.casefold() not in (s.casefold() for s in seen):
                seen.append(piece)
    return ". ".join(seen)


def figure_text(value: float | None, unit: str = "") -> str:
    if value is None:
        return "-"
    return f"{fmt_number(value)}{(' ' + unit) if unit else ''}"


def to_verify(figures: list[str]) -> list[str]:
    """One line naming every figure the working rests on that is still to be verified, or none."""
    named = list(dict.fromkeys(figures))
    return [f"to be verified against the 2024 e-Laws text: {'; '.join(named)}"] if named else []
