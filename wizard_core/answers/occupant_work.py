"""An occupant load's rows worked out: the engine's persons from each row's inputs, checked
against the consultant's own figures, or asked about.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from typing import Any

from wizard_core.answers import rows as r
from wizard_core.answers.base import Reading
from wizard_core.answers.occupant_uses import (
    building_uses_at,
    care_use,
    fitting_use,
    group_for,
    rate_implied,
    storey_use,
    tied_uses,
    use_by_rate,
)
from wizard_core.answers.wording.load_book import Book
from wizard_core.answers.wording.load_line import LoadInput
from wizard_core.answers.wording.occupant_load import AS_GIVEN
from wizard_core.content import FormItem
from wizard_core.engine.occupancy import CalcError, LoadResult, occupant_load
from wizard_core.engine.occupancy_uses import Use, find_use, uses
from wizard_core.models import ProjectState


@dataclass
class Worked:
    rows: list[dict[str, Any]] = field(default_factory=list)
    working: list[str] = field(default_factory=list)
    verify: list[str] = field(default_factory=list)
    rounded: bool = False  # some row's persons were rounded up
    hard: list[str] = field(default_factory=list)  # asked about, nothing offered
    soft: list[str] = field(default_factory=list)  # asked about, the reading offered for a yes
    reasons: list[str] = field(default_factory=list)


def worked_out(item: FormItem, book: Book, state: ProjectState) -> Reading:
    work = Worked()
    remarks: list[str] = []
    for key, row in book.rows.items():
        if _the_rest_of(row, state):
            remarks.append(row.line)  # 'corridors and the mechanical room make up the rest of the 1,450 m²'
            continue
        if book.problems.get(key):
            work.hard.extend(book.problems[key])
            continue
        _one_row(row, state, work)
    note = r.join_notes(r.recorded_note(state, item.number), *book.notes, *remarks)
    if not book.rows and not work.hard:
        total = book.totals[-1][1] if book.totals else None
        if total is None:
            return Reading(missing=ASK)
        building = _as_given("Building", total, group_for(None, state))
        value = {"rows": [building], "total": total, "note": note}
        return Reading(
            missing=ASK,
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
    lines = " ".join(row.line for row in book.rows.values())
    if _GROUND.search(lines) and _FIRST.search(lines):  # 'Ground floor …' and 'First floor …': which storey?
        notes.insert(
            0,
            "'first floor' is named beside a ground floor: if it is the storey above the ground floor "
            "(British usage), say so and name it Level 2; confirm",
        )
        return Reading(value, True, confidence=0.75, notes=notes)
    return Reading(value, True, confidence=0.85, notes=notes)


_GROUND = re.compile(r"\bground\s+(?:floor|flr|level)\b", re.I)
_FIRST = re.compile(r"\b(?:first|1st)\s+(?:floor|flr)\b", re.I)


_THE_REST = re.compile(r"\b(?:the\s+rest|the\s+remainder|the\s+balance|make\s+up|makes\s+up)\b", re.I)


def _the_rest_of(row: LoadInput, state: ProjectState) -> bool:
    """A line about the floor area left over, its only figure the building's own area ('Corridors,
    washrooms and the mechanical room make up the rest of the 1,450 m²'): a remark, no row."""
    if row.area is None or row.rate or row.stated or row.seats or row.rooms or row.design:
        return False
    areas = set()
    for section in ("3.04", "3.05"):
        answer = state.answer_for(section)
        if answer is not None and isinstance(answer.value, dict) and answer.value.get("total"):
            areas.add(float(answer.value["total"]))
    return row.area in areas and _THE_REST.search(row.line) is not None


def _as_given(name: str, persons: int, group: str) -> dict[str, Any]:
    return {
        "floor": _fitting(name),
        "occupancy": group,
        "use": "",
        "area_m2": None,
        "persons": persons,
        "based_on": AS_GIVEN,
        "posted_limit": False,
    }


def _one_row(row: LoadInput, state: ProjectState, work: Worked) -> None:
    name = row.name
    use = storey_use(row)
    if row.seats is not None and (use is None or use.group != "A"):  # 'house: 612 fixed seats' is a theatre's
        use = row.use = find_use("fixed seats")
    care = care_use(row, use, state) or fitting_use(row, use, state)
    if care is not None:
        use = row.use = care
    if use is None and (implied := rate_implied(row, state)) is not None:
        row.rate = implied  # its persons worked from its area at a figure of the building's own uses
        rate = r.figure_text(implied)
        work.reasons.append(f"'{name}': {rate} m² per person, read from its area and persons")
    by_rate = use_by_rate(row, use, state)
    tied = tied_uses(row, use, state) if by_rate is None else []
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
        given = _as_given(name, row.stated, row.group or group_for(use, state))
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
    if use is not None and row.rate is not None and row.rate == use.other_m2_per_person and row.area:
        result = _at_other_figure(use, row, result, work)
    if row.rate is not None and result.m2_per_person and abs(row.rate - result.m2_per_person) > 0.01:
        if (other := _at_the_rate_used(row, state, use)) is not None:
            use, result = other
            work.soft.append(
                f"row '{name}': you used {r.figure_text(row.rate)} m² per person, Table 3.1.17.1's figure "
                f"for {result.use}, where the words read as another use; taken as you worked it "
                f"({result.persons} persons), confirm"
            )
            work.reasons.append(f"'{name}' at {r.figure_text(row.rate)} m² per person, as you worked it")
        else:
            work.hard.append(
                f"row '{name}': you used {r.figure_text(row.rate)} m² per person, but Table 3.1.17.1 gives "
                f"{result.m2_per_person:.2f} for {result.use}; which is right? (say 'design number' if it is "
                "one)"
            )
            return
    if row.stated is not None and result.unrounded is not None and 0 < result.unrounded - row.stated < 0.1:
        # '800 / 9.3 = 86': the consultant's own rounding of 86.02 (the code states no rounding rule)
        work.working.append(f"{name}: {row.stated} persons as you rounded {result.unrounded:.2f}")
        result = replace(result, persons=row.stated)
    if row.stated is not None and row.stated != result.persons:
        work.hard.append(
            f"row '{name}': you wrote {row.stated} persons, but {result.working()}; which is right?"
        )
        return
    counted = find_use(result.use) if result.use != "design number" else None
    work.rows.append(
        {
            "floor": _fitting(name),
            "occupancy": row.group or group_for(use or counted, state),
            "use": result.use if (use or counted) is not None else "",
            "area_m2": row.area,
            "persons": result.persons,
            "based_on": result.based_on,
            # a design number the consultant says is posted is a posted limit, though no use tells the table's
            # ('64 seats, a design number, it will be posted': the seats counted, the sign posted)
            "posted_limit": result.posted_limit
            or (row.posted and (row.design is not None or row.seats is not None)),
        }
    )
    work.working.append(f"{name}: {result.working()}")
    if use is not None and row.use is not None and use.key != row.use.key:
        work.working.append(f"{name}: {row.use.label} is read as {use.label} above the first storey")
    work.working.extend(f"{name}: {n}" for n in result.notes if "sign" in n)
    if result.unrounded is not None and result.unrounded != result.persons:
        work.rounded = True
    work.verify.extend(result.to_verify)


def _fitting(name: str, limit: int = 80) -> str:
    """A row's name cut at a word to what the row's floor holds ('Ground floor (ice pad we're using …)')."""
    if len(name) <= limit:
        return name
    cut = name[: limit - 2].rsplit(" ", 1)[0].rstrip(" ,;(")
    return cut + (" …)" if "(" in cut and ")" not in cut[cut.index("(") :] else " …")


def _at_other_figure(use: Use, row: LoadInput, result: LoadResult, work: Worked) -> LoadResult:
    """'dining rm 240 m² @ 1.20': the figure the 2024 text may give for the use (the national code's),
    not the 2012 one the table holds; the persons worked out at it and offered, with the reason."""
    assert row.area is not None and row.rate is not None
    unrounded = row.area / row.rate
    persons = math.ceil(round(unrounded, 6))
    work.soft.append(
        f"row '{row.name}': {r.figure_text(row.rate)} m² per person for {use.label} is the national code's "
        f"figure; the 2012 text gives {result.m2_per_person:.2f}, and the 2024 figure is unconfirmed: "
        f"taken as you wrote it ({persons} persons), confirm"
    )
    work.reasons.append(f"'{row.name}' at {r.figure_text(row.rate)} m² per person")
    return replace(
        result,
        persons=persons,
        unrounded=unrounded,
        m2_per_person=row.rate,
        table_persons=persons,
        based_on=f"table: {row.rate:.2f} m²/person (2024 figure unconfirmed)",
        posted_limit=False,
    )


def _at_the_rate_used(
    row: LoadInput, state: ProjectState, read_as: Use | None = None
) -> tuple[Use, LoadResult] | None:
    """The use of the building's occupancies whose Table 3.1.17.1 figure is the rate the consultant used
    for a row its words read as another use ('lounge 168 m² @ 0.95 → 177' in a curling club: the table's
    figure for seats and tables), or else the one use at that rate named by the same word ('storage /
    receiving' at 28 in a store: the table's storage spaces of a warehouse), with the persons at it, when
    the persons the consultant wrote (if any) are those; else None."""
    if row.rate is None or row.area is None or row.seats or row.rooms or row.design is not None:
        return None
    at_rate = building_uses_at(row.rate, state)
    if not at_rate and read_as is not None:
        named = _WORD.findall(read_as.label.lower())
        at_rate = [
            u
            for u in uses()
            if u.m2_per_person == row.rate
            and not u.named_only
            and set(named) & set(_WORD.findall(u.label.lower()))
        ]
    if len(at_rate) != 1:
        return None
    result = occupant_load(at_rate[0], row.area)
    if row.stated is not None and row.stated != result.persons:
        return None
    return at_rate[0], result


_WORD = re.compile(r"[a-z]{4,}")


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


ASK = (
    "each floor or area's use and floor area in m² (or its fixed seats, sleeping rooms, or a design "
    "number of persons), one per line, so the persons can be worked out from Table 3.1.17.1"
)
