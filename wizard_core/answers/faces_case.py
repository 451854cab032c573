"""What 3.22's faces are read with: the building's case (the governing occupancy, its occupancies,
sprinklers, storeys) and the street rule 3.2.3.10.(2) for a face the consultant says faces a street."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wizard_core.answers import rows as r
from wizard_core.answers.wording.face_line import FaceInput
from wizard_core.engine import facts_from_answers
from wizard_core.engine.spatial_faces import STREET_MIN_LD_M, face_group, street_rule_applies
from wizard_core.models import ProjectState


def _answers(state: ProjectState) -> dict[str, Any]:
    return {a.section: a.value for a in state.finalized_answers}


@dataclass(frozen=True)
class BuildingCase:
    """What the faces are read with: the governing occupancy, the building's occupancies, sprinklers
    (None: unknown) and storeys above grade."""

    group: str | None
    groups: tuple[str, ...]
    sprinklered: bool | None
    storeys: int | None

    @property
    def note(self) -> str:
        if len(self.groups) < 2:
            return ""
        return f"Group {self.group} taken for every face, the most demanding of {', '.join(self.groups)}"

    def face_group(self, table: str) -> str:
        """The occupancy a face is read with: the one whose table the consultant names for it, else the
        governing one."""
        assert self.group is not None and self.sprinklered is not None
        return face_group(self.groups, self.group, self.sprinklered, table)


def building_case(state: ProjectState) -> BuildingCase:
    """The occupancy whose table governs, the building's occupancies, sprinklers and storeys."""
    facts = facts_from_answers(_answers(state))
    groups = list(facts.classified_groups) or list(facts.groups)  # a farm building alone is asked about
    strict = [g for g in groups if g in ("E", "F1", "F2")]
    group = (strict or groups)[0] if groups else None
    return BuildingCase(group, tuple(groups), facts.sprinklered, facts.storeys)


@dataclass(frozen=True)
class Street:
    """Whether the street rule (3.2.3.10.(2)) gives a face unlimited openings, and what to say of it."""

    applies: bool = False
    text: str = ""


def street_rule(face: FaceInput, case: BuildingCase, permitted: float, basis: str) -> Street:
    """3.2.3.10.(2) for a face the consultant says faces a street: unlimited openings for the storey at
    street level when the limiting distance is 9 m or more. A one-storey building's face is that storey
    (unlimited, no rating: 3.2.3.7 yields to 3.2.3.10); a taller face keeps the table's figure."""
    if not face.street or permitted >= 100 or face.ld is None:
        return Street()
    name, table = face.name, f"{basis} gives {r.figure_text(permitted, '%')}"
    if street_rule_applies(face.ld, case.storeys):
        return Street(applies=True, text=f"{basis} alone gives {r.figure_text(permitted, '%')}")
    if face.ld < STREET_MIN_LD_M:
        return Street(
            text=f"{name}: you gave unlimited openings for a face on a street, but 3.2.3.10.(2) needs a "
            f"limiting distance of 9 m or more and this face has {r.figure_text(face.ld, 'm')}; {table}, "
            "which is what I recorded"
        )
    storeys = f"has {case.storeys} storeys" if case.storeys else "has storeys not yet given (3.07)"
    return Street(
        text=f"{name}: you gave unlimited openings by the street rule; 3.2.3.10.(2) allows them for the "
        f"storey at street level only, and the building {storeys}, so the face as a whole is read from the "
        f"table: {table}, which is what I recorded"
    )


def street_offer(streets: list[str]) -> str:
    """Why faces on a street are offered at unlimited openings, with what the table alone gives them."""
    return (
        "unlimited openings on the street, as you gave them: 3.2.3.10.(2) allows them for a storey at "
        "street level facing a street with a limiting distance of 9 m or more, and this one-storey "
        "building's face is that storey, so no rating is required; the table alone gives less "
        f"({'; '.join(streets)})"
    )
