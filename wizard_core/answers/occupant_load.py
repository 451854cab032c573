"""Occupant load (3.18): a row per floor or area, the persons worked out from its use and area.

The consultant gives each floor or area's use and size (or its fixed seats, sleeping rooms or a
design number); the engine gives the persons from Table 3.1.17.1 and says whether a posted limit
is required (a design number other than the table's). A result the consultant writes after
their own working ("= 334 persons", "at 10 m² per person") is checked against the engine's and
asked about when it differs. Persons given with nothing to work them out from (a bare total, a
head count per floor) are not recorded as worked out: the wizard asks for the inputs and offers
to record them as given.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from wizard_core.answers import rows as r
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.answers.occupant_uses import group_for
from wizard_core.answers.occupant_work import ASK, worked_out
from wizard_core.answers.wording.occupant_load import AS_GIVEN, read_book
from wizard_core.content import FormItem
from wizard_core.engine.occupancy import CalcError, occupant_load
from wizard_core.engine.occupancy_uses import find_use
from wizard_core.engine.text import persons_text
from wizard_core.models import ProjectState


class OccupantRow(Record):
    floor: str = Field(min_length=1, max_length=80)
    occupancy: str = ""  # the major occupancy (D, A2…)
    use: str = ""  # the Table 3.1.17.1 use the persons come from
    area_m2: float | None = Field(default=None, gt=0)
    persons: int = Field(ge=0)
    based_on: str = ""
    posted_limit: bool = False


class OccupantLoad(Record):
    rows: list[OccupantRow] = Field(default_factory=list)
    total: int = Field(ge=0)
    note: str = ""

    @model_validator(mode="after")
    def _rows_add_up(self) -> OccupantLoad:
        if self.rows and sum(row.persons for row in self.rows) != self.total:
            added = sum(row.persons for row in self.rows)
            raise ValueError(f"the rows' persons add up to {added}, not the total {self.total}")
        return self


def _validate(item: FormItem, value: Any) -> dict[str, Any]:
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = {"rows": [], "total": value}
    return OccupantLoad.model_validate(value).model_dump()


def row_text(row: dict[str, Any]) -> str:
    where = row["floor"] + (f" ({row['use']})" if row.get("use") and row["use"] != row["floor"] else "")
    area = f", {r.figure_text(row['area_m2'], 'm²')}" if row.get("area_m2") else ""
    posted = ", posted limit required" if row.get("posted_limit") else ""
    basis = f", {row['based_on']}" if row.get("based_on") else ""
    return f"{where}{area}: {persons_text(row['persons'])}{basis}{posted}"


def _describe(item: FormItem, value: Any) -> str:
    rows = "; ".join(row_text(row) for row in value.get("rows", []))
    text = persons_text(value["total"]) + (f" ({rows})" if rows else "")
    return text + (f". {value['note']}" if value.get("note") else "")


def read_occupant_load(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    book = read_book(item.number, texts, state)
    if not book.totals and not any(origin >= 0 for origin in book.origin.values()):
        return Reading(missing=ASK)  # rows recorded earlier count only beside what this thread gives
    return worked_out(item, book, state)


def compute(item: FormItem, value: Any, state: ProjectState) -> Any:
    """Typed rows: persons left blank worked out from the use and area; others checked for a posted limit.

    Rows counted by fixed seats, sleeping rooms or a design number given as is keep their persons.
    """
    if not isinstance(value, dict) or not value.get("rows"):
        return value
    rows = []
    for row in value["rows"]:
        row = dict(row)
        based = str(row.get("based_on") or "")
        use = find_use(str(row.get("use") or row.get("floor") or ""))
        area = row.get("area_m2")
        counted = based in ("fixed seats", AS_GIVEN) or based.startswith("2 per")
        if use is not None and use.m2_per_person and area and not counted:
            persons = row.get("persons")
            try:
                result = occupant_load(use, float(area))
                if persons not in (None, "", 0) and int(persons) != result.persons:
                    result = occupant_load(use, float(area), design=int(persons))
            except CalcError as error:
                raise ValueError(f"row '{row.get('floor')}': {error.reason}") from None
            row.update(
                use=use.label,
                occupancy=row.get("occupancy") or group_for(use, state),
                persons=result.persons,
                based_on=result.based_on,
                posted_limit=result.posted_limit,
            )
        elif row.get("persons") is None:
            raise ValueError(
                f"row '{row.get('floor')}' needs its persons, or a use and area to work them out"
            )
        rows.append(row)
    return {**value, "rows": rows, "total": sum(int(r["persons"]) for r in rows)}


OCCUPANT_LOAD = AnswerType(
    "occupant_load",
    "rows[] per floor or area (inputs use, area_m2 or seats/rooms/design) and total",
    lambda item: OccupantLoad.model_json_schema(),
    _validate,
    _describe,
    read_occupant_load,
    compute=compute,
)
ANSWER_TYPES = (OCCUPANT_LOAD,)
