"""Occupant load (3.18): a row per floor or area, the persons worked out from its use and area.

The consultant gives each floor or area's use and size (or its fixed seats, sleeping rooms or a
design number); the engine gives the persons from Table 3.1.17.1 and says whether a posted limit
is required (a design number other than the table's). A result the consultant writes after
their own working ("= 334 persons") is checked against the engine's, and asked about when it
differs.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, model_validator

from wizard_core.answers import parsing as p
from wizard_core.answers import rows as r
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.content import FormItem
from wizard_core.engine import facts_from_answers
from wizard_core.engine.occupancy import CalcError, LoadResult, Use, find_use, occupant_load
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
            raise ValueError(
                f"the rows' persons add up to {sum(row.persons for row in self.rows)}, not the total {self.total}"
            )
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
    return f"{where}{area}: {row['persons']} persons{basis}{posted}"


def _describe(item: FormItem, value: Any) -> str:
    rows = "; ".join(row_text(row) for row in value.get("rows", []))
    text = f"{value['total']} persons" + (f" ({rows})" if rows else "")
    return text + (f". {value['note']}" if value.get("note") else "")


_FLOOR = re.compile(
    r"^\W*((?:ground|main|first|second|third|fourth|fifth|top|upper|lower|mezzanine|basement|cellar|"
    r"roof|penthouse|\d+(?:st|nd|rd|th)|\w+)\s+(?:floor|storey|story|level)s?\b|"
    r"(?:level|floor|storey|lvl|l)\s*-?\s*[\dpb]+\b|p\d\b|b\d\b|basement|mezzanine|penthouse)",
    re.I,
)
_SEATS = re.compile(r"(\d[\d,]*)\s*(?:fixed\s+)?seats?\b", re.I)
_UNITS = re.compile(
    r"(\d+)\s*(?:x\s*)?(?:(\d|one|two|three|four)[\s-]*bed(?:room)?s?[\s-]*)?"
    r"(?:suites?|units?|apartments?|dwelling units?|condos?|flats?)\b"
    r"(?:[^;\d]{0,25}?(\d|one|two|three|four)\s*(?:bed(?:room)?s?|sleeping rooms?))?",
    re.I,
)
_ROOMS = re.compile(r"(\d+)\s*(?:bed(?:room)?s|sleeping rooms?)\b", re.I)
_DESIGN = re.compile(r"design(?:ed)?\s*(?:for|load|number|occupant load)?\D{0,15}?(\d[\d,]*)", re.I)
_PERSONS = re.compile(r"(\d[\d,]*)\s*(?:persons?|people|occupants?|pax)\b", re.I)
_RATE = re.compile(r"(?:at|@|/|÷)\s*(\d+(?:\.\d+)?)\s*(?:m2|m²|sm)?\s*(?:/|per)\s*(?:person|p)\b", re.I)
_TOTAL = re.compile(r"^\W*(?:total|in total|overall|building total)\b", re.I)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


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


def _count(word: str | None) -> int | None:
    if word is None:
        return None
    return _WORDS.get(word.lower()) or int(word)


def _sleeping_rooms(text: str) -> int | None:
    units = _UNITS.search(text)
    if units:
        per = _count(units[2]) or _count(units[3])
        if per:
            return int(units[1]) * per
    rooms = _ROOMS.search(text)
    return int(rooms[1]) if rooms else None


def _row(segment: str, state: ProjectState, index: int) -> tuple[dict[str, Any] | None, str]:
    """One row's inputs worked out; (None, why) when the sentence gives no usable row."""
    text = p.normalize(segment)
    if _TOTAL.match(text):
        return None, ""
    label = text.split(":", 1)[0].strip() if ":" in text[:50] else ""
    floor_match = _FLOOR.match(text)
    areas = [q for q in p.quantities(text) if q.unit in ("m2", "ft2")]
    if any(q.approximate for q in p.quantities(text)):
        return None, f"'{segment}' is an estimate; give the exact area or count"
    seats = _SEATS.search(text)
    rooms = _sleeping_rooms(text)
    design = _DESIGN.search(text)
    if not (areas or seats or rooms or design):
        return None, ""
    use = find_use(re.sub(r"\d[\d,.]*\s*(?:m2|m²|sq\.? ?ft|sf)?", " ", text))
    area = None
    if areas:
        q = areas[0]
        area = round(q.value * (p.FT2_TO_M2 if q.unit == "ft2" else 1), 1)
    rate = _RATE.search(text)
    try:
        result = _load(use, area, seats, rooms, design, rate)
    except CalcError as error:
        return None, f"'{segment.strip()}': {error}"
    floor = (
        label
        or (floor_match.group(0).strip() if floor_match else "")
        or (use.label if use else f"Area {index}")
    )
    row = {
        "floor": floor[:1].upper() + floor[1:],
        "occupancy": _group(use, state),
        "use": use.label if use else "",
        "area_m2": area,
        "persons": result.persons,
        "based_on": result.based_on,
        "posted_limit": result.posted_limit,
    }
    stated = _stated_result(text)
    if stated is not None and stated != result.persons:
        return None, (
            f"'{segment.strip()}': you wrote {stated} persons, but {result.working()}; which is right?"
        )
    return {"row": row, "working": result.working(), "to_verify": result.to_verify}, ""


def _load(
    use: Use | None, area: float | None, seats: Any, rooms: int | None, design: Any, rate: Any
) -> LoadResult:
    if seats:
        return occupant_load(use or "fixed seats", area, seats=int(seats[1].replace(",", "")))
    if rooms:
        return occupant_load(use or "dwelling units", area, sleeping_rooms=rooms)
    if design:
        return occupant_load(use or "design", area, design=int(design[1].replace(",", "")))
    if use is None and rate and area:
        return occupant_load("design", area, design=-(-int(area * 1000) // int(float(rate[1]) * 1000)))
    if use is None:
        raise CalcError(
            "use", "name the use of the floor area (offices, classrooms, retail…) from Table 3.1.17.1"
        )
    return occupant_load(use, area)


def _stated_result(text: str) -> int | None:
    """The persons the consultant worked out themselves ('= 334 persons'), if written."""
    found = list(_PERSONS.finditer(text))
    if not found or _DESIGN.search(text):
        return None
    return int(found[-1][1].replace(",", ""))


def read_occupant_load(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    rows = r.earlier_rows(state, item.number, "rows")
    working: list[str] = []
    verify: list[str] = []
    problems: list[str] = []
    leftover: list[str] = []
    for position, text in enumerate(texts):
        latest = position == len(texts) - 1
        for segment in r.segments(text):
            found, why = _row(segment, state, len(rows) + 1)
            if found is None:
                if latest and why:
                    problems.append(why)
                elif latest and not _TOTAL.match(segment):
                    leftover.append(segment)
                continue
            row = found["row"]
            rows[row["floor"].casefold()] = row
            if latest:
                working.append(found["working"])
                verify.extend(found["to_verify"])
    if problems:
        return Reading(missing="; ".join(problems))
    if not rows:
        return Reading(missing=_ASK)
    values = list(rows.values())
    total = sum(row["persons"] for row in values)
    stated_total = _total_given(texts[-1])
    if stated_total is not None and stated_total != total:
        return Reading(
            missing=f"figures that add up: the rows come to {total} persons but you gave a total of {stated_total}"
        )
    working = (working or [row_text(row) for row in values]) + [
        f"to be verified: {v}" for v in dict.fromkeys(verify)
    ]
    return Reading(
        {"rows": values, "total": total, "note": ". ".join(leftover)},
        True,
        confidence=0.85,
        notes=working,
    )


def _total_given(text: str) -> int | None:
    match = re.search(
        r"\btotal\b\D{0,20}?(\d[\d,]*)|(\d[\d,]*)\s*(?:persons?|people)?\s*(?:in )?total\b", text, re.I
    )
    return int((match[1] or match[2]).replace(",", "")) if match else None


def compute(item: FormItem, value: Any, state: ProjectState) -> Any:
    """Typed rows: persons left blank worked out from the use and area; others checked for a posted limit."""
    if not isinstance(value, dict) or not value.get("rows"):
        return value
    rows = []
    for row in value["rows"]:
        row = dict(row)
        use = find_use(str(row.get("use") or row.get("floor") or ""))
        area = row.get("area_m2")
        if use is not None and area:
            persons = row.get("persons")
            result = occupant_load(use, float(area))
            if persons not in (None, "") and int(persons) != result.persons:
                result = occupant_load(use, float(area), design=int(persons))
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
