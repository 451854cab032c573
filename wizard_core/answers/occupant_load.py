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

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import Field, model_validator

from wizard_core.answers import rows as r
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.answers.wording.load_line import LoadInput, uses_named
from wizard_core.answers.wording.occupant_load import AS_GIVEN, Book, read_book
from wizard_core.content import FormItem
from wizard_core.engine import facts_from_answers
from wizard_core.engine.occupancy import CalcError, LoadResult, occupant_load
from wizard_core.engine.occupancy_uses import Use, find_use, names_of, uses
from wizard_core.engine.phrases import words
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
        return Reading(missing=_ASK)  # rows recorded earlier count only beside what this thread gives
    return _worked_out(item, book, state)


@dataclass
class Worked:
    rows: list[dict[str, Any]] = field(default_factory=list)
    working: list[str] = field(default_factory=list)
    verify: list[str] = field(default_factory=list)
    rounded: bool = False  # some row's persons were rounded up
    hard: list[str] = field(default_factory=list)  # asked about, nothing offered
    soft: list[str] = field(default_factory=list)  # asked about, the reading offered for a yes
    reasons: list[str] = field(default_factory=list)


def _worked_out(item: FormItem, book: Book, state: ProjectState) -> Reading:
    work = Worked()
    for key, row in book.rows.items():
        if book.problems.get(key):
            work.hard.extend(book.problems[key])
            continue
        _one_row(row, state, work)
    note = r.join_notes(r.recorded_note(state, item.number), *book.notes)
    if not book.rows and not work.hard:
        total = book.totals[-1][1] if book.totals else None
        if total is None:
            return Reading(missing=_ASK)
        building = _as_given("Building", total, _group(None, state))
        value = {"rows": [building], "total": total, "note": note}
        return Reading(
            missing=_ASK,
            offer=value,
            offer_reason=(
                f"{total} persons is a total without the uses and areas it comes from; on a yes it is "
                "recorded for the whole building as a design number as given, and whether a posted limit "
                "is required cannot be checked"
            ),
        )
    if work.hard:
        return Reading(missing="; ".join(dict.fromkeys(work.hard)))
    total = sum(row["persons"] for row in work.rows)
    latest_rows = max((i for i in book.origin.values()), default=-1)
    current = [t for i, t in book.totals if i >= latest_rows]  # a total said before newer rows is stale
    stated = current[-1] if current else None
    if stated is not None and stated != total:
        return Reading(
            missing=f"figures that add up: the rows come to {total} persons but you gave a total of {stated}"
        )
    value = {"rows": work.rows, "total": total, "note": note}
    if work.soft:
        return Reading(missing="; ".join(work.soft), offer=value, offer_reason="; ".join(work.reasons))
    rounding = (
        ["persons rounded up to whole persons (the code states no rounding rule)"] if work.rounded else []
    )
    notes = work.working + rounding + r.to_verify(work.verify)
    return Reading(value, True, confidence=0.85, notes=notes)


def _as_given(name: str, persons: int, group: str) -> dict[str, Any]:
    return {
        "floor": name,
        "occupancy": group,
        "use": "",
        "area_m2": None,
        "persons": persons,
        "based_on": AS_GIVEN,
        "posted_limit": False,
    }


def _one_row(row: LoadInput, state: ProjectState, work: Worked) -> None:
    name = row.name
    use = _storey_use(row)
    if row.seats is not None and (use is None or use.group != "A"):  # 'house: 612 fixed seats' is a theatre's
        use = row.use = find_use("fixed seats")
    care = _care_use(row, use, state) or _fitting_use(row, use, state)
    if care is not None:
        use = row.use = care
    by_rate = _use_by_rate(row, use, state)
    tied = _tied_uses(row, use, state) if by_rate is None else []
    if tied:  # "parts rm 140 / 46": storage or a storage garage, the persons the same either way
        by_rate = tied[0]
        others = " or ".join(u.label for u in tied)
        work.soft.append(
            f"row '{name}': {r.figure_text(row.rate)} m² per person is Table 3.1.17.1's figure for {others}; "
            f"taken as {tied[0].label}, the persons being the same: confirm the use"
        )
        work.reasons.append(f"'{name}' taken as {tied[0].label}")
    if by_rate is not None:
        work.working.append(
            f"{name}: {r.figure_text(row.rate)} m² per person is Table 3.1.17.1's figure for {by_rate.label}"
        )
        use = row.use = by_rate
    only_persons = row.stated is not None and row.area is None and not (row.seats or row.rooms or row.design)
    if only_persons and row.estimate:  # an estimated result: nothing to offer, the inputs are asked for
        need = "its floor area" if use is not None else "its use and floor area"
        work.hard.append(
            f"'{row.line}' is an estimate of the persons; give {need} (or its fixed seats or sleeping rooms)"
        )
        return
    if row.estimate:
        work.soft.append(f"row '{name}' is an estimate ('{row.estimate}'); give the exact figures")
        work.reasons.append(f"'{name}' taken as exact")
    if only_persons:
        assert row.stated is not None
        given = _as_given(name, row.stated, row.group or _group(use, state))
        given["use"] = use.label if use is not None else ""
        work.rows.append(given)
        need = "its floor area" if use is not None else "its use and floor area"
        work.soft.append(
            f"row '{name}': {row.stated} persons is a result; give {need} (or its fixed seats, sleeping "
            "rooms, or say it is a design number)"
        )
        work.reasons.append(f"'{name}': {row.stated} persons as given")
        return
    if use is None and row.area is not None and not (row.seats or row.rooms or row.design):
        said = f"'{row.use_said}' is not a use of Table 3.1.17.1; " if row.use_said else ""
        rated = [u.label for u in uses() if row.rate is not None and u.m2_per_person == row.rate]
        if rated:
            said += f"{r.figure_text(row.rate)} m² per person is Table 3.1.17.1's for {' or '.join(rated)}; "
        work.hard.append(
            f"row '{name}': {said}name its use (offices, classrooms, retail, storage, dining…) so the "
            "persons can be worked out from Table 3.1.17.1"
        )
        return
    if not row.has_figures():
        what = f"its {use.label} floor area in m²" if use is not None else "its use and floor area"
        work.hard.append(f"row '{name}': {what}")
        return
    if row.rooms is not None and row.area is not None and use is not None and use.key != "dwelling_units":
        row.rooms = None  # 'home area A, 24 beds, 1,150 m2 @ 10': a care floor counts by its area
    try:
        result = _load(use, row)
    except CalcError as error:
        work.hard.append(f"row '{name}': {error.reason}")
        return
    if row.rate is not None and result.m2_per_person and abs(row.rate - result.m2_per_person) > 0.01:
        work.hard.append(
            f"row '{name}': you used {r.figure_text(row.rate)} m² per person, but Table 3.1.17.1 gives "
            f"{result.m2_per_person:.2f} for {result.use}; which is right? (say 'design number' if it is one)"
        )
        return
    if row.stated is not None and row.stated != result.persons:
        work.hard.append(
            f"row '{name}': you wrote {row.stated} persons, but {result.working()}; which is right?"
        )
        return
    counted = find_use(result.use) if result.use != "design number" else None
    work.rows.append(
        {
            "floor": name,
            "occupancy": row.group or _group(use or counted, state),
            "use": result.use if (use or counted) is not None else "",
            "area_m2": row.area,
            "persons": result.persons,
            "based_on": result.based_on,
            "posted_limit": result.posted_limit,
        }
    )
    work.working.append(f"{name}: {result.working()}")
    if use is not None and row.use is not None and use.key != row.use.key:
        work.working.append(f"{name}: {row.use.label} is read as {use.label} above the first storey")
    work.working.extend(f"{name}: {n}" for n in result.notes if "sign" in n)
    if result.unrounded is not None and result.unrounded != result.persons:
        work.rounded = True
    work.verify.extend(result.to_verify)


def _use_by_rate(row: LoadInput, use: Use | None, state: ProjectState) -> Use | None:
    """The use a consultant's m² per person names, when the words name none or another ('storage at 28').

    Only a use of the building's own occupancies (3.02) whose figure is that rate, and that the
    words do not contradict: one such use, or none is taken.
    """
    if row.rate is None or (use is not None and use.m2_per_person == row.rate):
        return None
    groups = facts_from_answers(_answers(state)).groups
    fitting = [
        u
        for u in uses()
        if u.m2_per_person == row.rate and (u.group == "any" or any(g.startswith(u.group) for g in groups))
    ]
    if use is not None:  # the words name a use: only a use sharing a word with them may replace it
        said = _stems(row.use_said or use.label)  # 'stores + mech @ 46': storage, not a retail store
        fitting = [u for u in fitting if said & _stems(" ".join(names_of(u)))]
    elif len(fitting) > 1:  # an occupancy's own use before a use of any building
        fitting = [u for u in fitting if u.group != "any"] or fitting
    return fitting[0] if len(fitting) == 1 else None


def _stems(text: str) -> set[str]:
    return {word[:4] for word in words(text) if len(word) >= 4}


def _tied_uses(row: LoadInput, use: Use | None, state: ProjectState) -> list[Use]:
    """The uses a consultant's m² per person fits when the words name none and several of the
    building's occupancies (or any building) share that figure, the building's first occupancy's
    first; [] when the words name a use or the figure fits none or one."""
    if row.rate is None or use is not None or row.area is None:
        return []
    groups = facts_from_answers(_answers(state)).groups
    fitting = [
        u
        for u in uses()
        if u.m2_per_person == row.rate and (u.group == "any" or any(g.startswith(u.group) for g in groups))
    ]
    order = [g[:1] for g in groups] + ["any"]
    fitting.sort(key=lambda u: order.index(u.group) if u.group in order else len(order))
    return fitting if len(fitting) > 1 else []


_CARE_USES = {"B1": "detention", "B2": "treatment", "B3": "care_sleeping"}


def _care_use(row: LoadInput, use: Use | None, state: ProjectState) -> Use | None:
    """'Sleeping room areas 1,480 m2' in a care or treatment building: its own group's sleeping room
    areas of Table 3.1.17.1, not dwelling units (which count rooms, not area). Only one such group."""
    if use is not None or row.area is None or row.rooms or row.seats or row.design:
        return None
    if not re.search(r"\bsleeping\b|\bresidents?\b|\bpatients?\b", row.line, re.I):
        return None
    groups = {re.sub(r"[\s\-–.]", "", g).upper()[:2] for g in facts_from_answers(_answers(state)).groups}
    keys = [key for group, key in _CARE_USES.items() if group in groups]
    if len(keys) != 1:
        return None
    return next(u for u in uses() if u.key == keys[0])


def _fitting_use(row: LoadInput, use: Use | None, state: ProjectState) -> Use | None:
    """Words naming two uses ('shop floor (manufacturing)'): the one of the building's occupancies
    when the use read first is of none of them (a 'shop' in an F2 plant is its manufacturing)."""
    if use is None or use.group == "any":
        return None
    groups = facts_from_answers(_answers(state)).groups
    if not groups or any(g.startswith(use.group) for g in groups):
        return None
    fitting = [
        u
        for u in uses_named(row.line)
        if u.key != use.key and u.group != "any" and any(g.startswith(u.group) for g in groups)
    ]
    return fitting[0] if len(fitting) == 1 else None


def _storey_use(row: LoadInput) -> Use | None:
    """Retail above the first storey takes 'other storeys', unless it has a principal entrance."""
    use = row.use
    if use is None or use.key != "mercantile_first" or row.principal_entrance:
        return use
    level = re.fullmatch(r"Level (\d+)", row.floor or "")
    if level and int(level[1]) >= 2:
        return next((u for u in uses() if u.key == "mercantile_other"), use)
    return use


def _load(use: Use | None, row: LoadInput) -> LoadResult:
    if row.seats is not None:
        return occupant_load(use or "fixed seats", row.area, seats=row.seats)
    if row.rooms is not None:
        return occupant_load(use or "dwelling units", row.area, sleeping_rooms=row.rooms)
    if row.design is not None:
        return occupant_load(use or "design", row.area, design=row.design)
    if use is None:
        raise CalcError("use", "name its use from Table 3.1.17.1")
    return occupant_load(use, row.area)


def _answers(state: ProjectState) -> dict[str, Any]:
    return {a.section: a.value for a in state.finalized_answers}


def _group(use: Use | None, state: ProjectState) -> str:
    groups = facts_from_answers(_answers(state)).groups
    if use is not None:
        fitting = [g for g in groups if g.startswith(use.group)]
        if fitting:
            return fitting[0]
        if use.group not in ("any", ""):
            return use.group
    return groups[0] if len(groups) == 1 else ""


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
                occupancy=row.get("occupancy") or _group(use, state),
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


_ASK = (
    "each floor or area's use and floor area in m² (or its fixed seats, sleeping rooms, or a design "
    "number of persons), one per line, so the persons can be worked out from Table 3.1.17.1"
)

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
