"""Plumbing fixtures (3.23): water closets per floor from the occupant load, with Section 3.8's share.

The rows follow 3.18's floors or areas: the engine works out the water closets each needs
(Subsection 3.7.4, by occupancy and use), the barrier-free stalls (Table 3.8.2.3.B) and the
building's universal washrooms (Table 3.8.2.3.A); the consultant gives what is provided and the
male:female ratio when it is not 50:50. A required figure the consultant writes is checked
against the engine's: the engine's is recorded and the difference said; a count not tied to a
floor, a floor that 3.18 does not have, and an estimate are asked about.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import Field

from wizard_core.answers import rows as r
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.answers.wording.fixture_line import RATIO
from wizard_core.answers.wording.fixture_rows import row_keys, row_names
from wizard_core.answers.wording.fixtures import NOUNS, given_by, provided_counts
from wizard_core.content import FormItem
from wizard_core.engine import facts_from_answers
from wizard_core.engine.barrier_free import bf_stalls, universal_washrooms
from wizard_core.engine.calculated import fixture_area
from wizard_core.engine.occupancy import CalcError
from wizard_core.engine.plumbing import FixtureResult, fixtures
from wizard_core.engine.text import persons_text, plural
from wizard_core.models import ProjectState


class FixtureRow(Record):
    floor: str = Field(min_length=1, max_length=80)
    persons: int = Field(ge=0)
    sentence: str = ""
    wc_required: int | None = Field(default=None, ge=0)
    wc_provided: int | None = Field(default=None, ge=0)
    bf_wc_required: int | None = Field(default=None, ge=0)
    bf_wc_provided: int | None = Field(default=None, ge=0)
    universal_required: int | None = Field(default=None, ge=0)
    universal_provided: int | None = Field(default=None, ge=0)


class Fixtures(Record):
    ratio: str = "50:50"  # male : female
    rows: list[FixtureRow] = Field(default_factory=list)
    note: str = ""


def _validate(item: FormItem, value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        value = {"rows": [], "note": value}
    parsed = Fixtures.model_validate(value)
    if not RATIO.fullmatch(parsed.ratio.replace(" ", "")):
        raise ValueError(f"the ratio '{parsed.ratio}' is not male:female such as 50:50")
    if not parsed.rows and not parsed.note.strip():
        raise ValueError("give the rows per floor, or a note")
    return parsed.model_dump()


def _pair(required: int | None, provided: int | None) -> str:
    return f"{'-' if required is None else required} / {'-' if provided is None else provided}"


def row_text(row: dict[str, Any]) -> str:
    return (
        f"{row['floor']}: {persons_text(row['persons'])}, {row.get('sentence') or '-'}; WCs "
        f"{_pair(row.get('wc_required'), row.get('wc_provided'))}, barrier-free "
        f"{_pair(row.get('bf_wc_required'), row.get('bf_wc_provided'))}, universal "
        f"{_pair(row.get('universal_required'), row.get('universal_provided'))} (required / provided)"
    )


def _describe(item: FormItem, value: Any) -> str:
    parts = [f"Male:female {value.get('ratio', '50:50')}"] if value.get("rows") else []
    parts += [row_text(row) for row in value.get("rows", [])]
    if value.get("note"):
        parts.append(value["note"])
    return "; ".join(parts)


def _source_rows(state: ProjectState) -> list[dict[str, Any]] | None:
    answer = state.answer_for("3.18")
    value = answer.value if answer is not None else None
    if not isinstance(value, dict):
        return None
    rows = [row for row in value.get("rows") or [] if isinstance(row, dict)]
    if rows:
        return rows
    return [{"floor": "Building", "persons": value.get("total", 0), "occupancy": "", "area_m2": None}]


def read_fixtures(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    source = _source_rows(state)
    names = [str(row["floor"]) for row in source or []]
    floors = dict(zip(row_keys(names), row_names(names), strict=True))
    persons = dict(zip(row_keys(names), [row.get("persons") for row in source or []], strict=True))
    given = given_by(item.number, texts, state, floors, persons)
    note = r.join_notes(r.recorded_note(state, item.number), *given.notes)
    if given.hard:
        return Reading(missing="; ".join(dict.fromkeys(given.hard)))
    male_pct = 50.0 if given.male_pct is None else given.male_pct
    reading = worked_out(state, given.provided, male_pct, note, given.required)
    if not reading.complete:
        return reading
    as_required = _required_as_provided(reading.value, given.required)
    if as_required:
        given.soft.append(
            f"the water closets provided on {', '.join(as_required)}: only what is required was given "
            "(taken as provided, confirm)"
        )
    if given.soft:
        return Reading(
            missing="; ".join(given.soft), offer=reading.value, offer_reason="the estimates taken as exact"
        )
    if not given.any_figure and not given.recorded:
        if not note:
            return Reading(missing=_ASK)
        reading.confidence = 0.5
        reading.notes.insert(
            0,
            "no provided fixtures were given, so only the required figures are recorded, with your words "
            "as the note",
        )
        return reading
    unread = [  # (a row given only its universal washroom has no water closets of its own to give)
        str(row["floor"])
        for row in reading.value["rows"]
        if row.get("wc_provided") is None
        and row.get("universal_provided") is None
        and not row.get("bf_wc_provided")
    ]
    if unread:  # some rows' water closets given, these not: recorded for the consultant to fill in
        reading.confidence = min(reading.confidence, PARTLY_GIVEN_CONFIDENCE)
        reading.notes.insert(0, f"no water closets provided were read for {', '.join(unread)}: give them")
    return reading


PARTLY_GIVEN_CONFIDENCE = 0.7


def _required_as_provided(
    value: dict[str, Any], required: dict[str, dict[str, tuple[int, bool]]]
) -> list[str]:
    """The rows whose water closets the consultant gave only as required ('Aud.: 280 → 3 M + 6 F = 9 WC'),
    with those counts put in as provided, to be offered for a yes; the rows' names."""
    rows = value.get("rows") or []
    named = []
    for key, row in zip(row_keys([str(row["floor"]) for row in rows]), rows, strict=True):
        said = required.get(key, {}).get("wc")
        if row.get("wc_provided") is None and said is not None:
            row["wc_provided"] = said[0] * 2 if said[1] else said[0]
            named.append(f"'{row['floor']}'")
    return named


def compute(item: FormItem, value: Any, state: ProjectState) -> Any:
    """A typed value with its required figures worked out again from 3.18 (what is provided kept)."""
    if not isinstance(value, dict) or not value.get("rows"):  # a note alone is kept as written
        return value
    ratio = RATIO.search(str(value.get("ratio") or "50:50"))
    male_pct = float(ratio[1]) if ratio and int(ratio[1]) + int(ratio[2]) == 100 else 50.0
    recorded = [row for row in value.get("rows") or [] if isinstance(row, dict)]
    keys = row_keys([str(row.get("floor", "")) for row in recorded])
    provided = {key: provided_counts(row) for key, row in zip(keys, recorded, strict=True)}
    reading = worked_out(state, provided, male_pct, str(value.get("note") or ""))
    if not reading.complete:
        raise ValueError(f"to work out the fixtures I need {reading.missing}")
    return reading.value


def worked_out(
    state: ProjectState,
    provided: dict[str, dict[str, int]],
    male_pct: float,
    note: str,
    stated: dict[str, dict[str, tuple[int, bool]]] | None = None,
) -> Reading:
    """The rows per 3.18 floor: required figures from the calculators, provided ones as given."""
    source = _source_rows(state)
    if source is None:
        if note and not provided:
            return Reading({"ratio": "50:50", "rows": [], "note": note}, True, confidence=0.5)
        return Reading(
            missing="the occupant load per floor or area (3.18), which the fixtures are worked out from"
        )
    facts = facts_from_answers({a.section: a.value for a in state.finalized_answers})
    rows: list[dict[str, Any]] = []
    working: list[str] = []
    verify: list[str] = []
    general: list[str] = []
    disagree: list[str] = []
    assumed: list[str] = []
    keys = row_keys([str(row["floor"]) for row in source])
    for index, row in enumerate(source):
        group, why = _row_group(row, source, facts.groups)
        if not group:
            return Reading(missing=f"the major occupancy of '{row['floor']}' (3.02 or 3.18)")
        if why:
            assumed.append(
                f"'{row['floor']}' has no major occupancy in 3.18, so its fixtures were worked out as "
                f"{group}, {why}: confirm it, or give its occupancy at 3.18"
            )
        try:
            result = fixtures(
                group,
                int(row["persons"]),
                use=row.get("use") or None,
                area_m2=fixture_area(row),
                male_pct=male_pct,
            )
        except CalcError as error:
            return Reading(missing=f"'{row['floor']}': {error}")
        key = keys[index]
        given = provided.get(key, {})
        universal_here = given.get("universal_provided")
        universal_required = universal_washrooms(facts.storeys) if index == 0 and facts.storeys else None
        bf_required = _bf_required(result.wc_male, result.wc_female, result.unisex, bool(universal_here))
        rows.append(
            {
                "floor": row["floor"],
                "persons": int(row["persons"]),
                "sentence": result.sentence,
                "wc_required": result.wc_required,
                "wc_provided": given.get("wc_provided"),
                "bf_wc_required": bf_required,
                "bf_wc_provided": given.get("bf_wc_provided"),
                "universal_required": universal_required,
                "universal_provided": universal_here,
            }
        )
        for kind, (count, per_sex) in (stated or {}).get(key, {}).items():
            engine = {"wc": result.wc_required, "bf": bf_required, "universal": universal_required}[kind]
            if kind == "wc" and per_sex:
                engine = max(result.wc_male, result.wc_female) if not result.unisex else 1
            if engine is not None and count != engine:
                what = f"{count} {NOUNS[kind]} required{' per sex' if per_sex else ''}"
                disagree.append(
                    f"{row['floor']}: you wrote {what}; {_why(result, kind, engine)}, "
                    "which is what I recorded"
                )
        working.append(f"{row['floor']}: {result.working()}")
        general.extend(n for n in result.notes if not n.startswith("give the area"))
        verify.extend(result.to_verify)
    if facts.storeys:
        working.append(
            f"universal washrooms: {universal_washrooms(facts.storeys)} for a building of "
            f"{plural(facts.storeys, 'storey')} (Table 3.8.2.3.A, per building; shown on the first row)"
        )
    working.extend(dict.fromkeys(general))
    working.extend(r.to_verify(verify))
    ratio_text = f"{male_pct:g}:{100 - male_pct:g}"
    # A required count read from the tables by hand has no other meaning than the tables' own: the
    # engine's figure is recorded, the difference said, at a confidence that asks for a look.
    value = {"ratio": ratio_text, "rows": rows, "note": note}
    confidence = 0.7 if disagree or assumed else 0.85
    return Reading(value, True, confidence=confidence, notes=disagree + assumed + working)


def _row_group(row: dict[str, Any], rows: list[dict[str, Any]], groups: Sequence[str]) -> tuple[str, str]:
    """The major occupancy a 3.18 row's fixtures are worked out for, and why, when it is assumed.

    A row without one (a basement of lockers and plant in a building of several occupancies) takes
    that of the other rows on its floor when they agree, else the first of 3.02: a proposal to confirm,
    never a reason to refuse the whole item."""
    if row.get("occupancy"):
        return str(row["occupancy"]), ""
    if len(groups) == 1:
        return groups[0], ""
    beside = {str(r["occupancy"]) for r in rows if r.get("occupancy") and r.get("floor") == row.get("floor")}
    if len(beside) == 1:
        return next(iter(beside)), "as the other areas of that floor"
    if groups:
        return groups[0], "the first major occupancy of 3.02"
    return "", ""


def _why(result: FixtureResult, kind: str, engine: int) -> str:
    if kind == "wc":
        split = "1 for both sexes" if result.unisex else f"{result.wc_male} M + {result.wc_female} F"
        return f"{result.working()} → {split} ({result.sentence})"
    if kind == "bf":
        sizes = f"{result.wc_male} and {result.wc_female}"
        return f"Table 3.8.2.3.B gives {engine} for washrooms of {sizes} water closets"
    return f"Table 3.8.2.3.A gives {engine} for the building"


def _bf_required(male: int, female: int, unisex: bool, universal_here: bool) -> int:
    if unisex:
        return bf_stalls(1, universal_here)
    return sum(bf_stalls(count, universal_here) for count in (male, female) if count)


_ASK = (
    "what is provided per floor or area of 3.18: water closets, barrier-free stalls and universal "
    "washrooms (e.g. 'Level 1: 4 WCs, 1 barrier-free stall, 1 universal washroom' or '6 WCs on each "
    "floor'), and the male:female split if it is not 50:50"
)

FIXTURES = AnswerType(
    "fixtures",
    "ratio and rows[] per 3.18 floor; inputs the *_provided counts",
    lambda item: Fixtures.model_json_schema(),
    _validate,
    _describe,
    read_fixtures,
    compute=compute,
)
ANSWER_TYPES = (FIXTURES,)
