"""Plumbing fixtures (3.23): water closets per floor from the occupant load, with Section 3.8's share.

The rows follow 3.18's floors or areas: the engine works out the water closets each needs
(Subsection 3.7.4, by occupancy and use), the barrier-free stalls (Table 3.8.2.3.B) and the
building's universal washrooms (Table 3.8.2.3.A); the consultant gives what is provided and the
male:female ratio when it is not 50:50.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field

from wizard_core.answers import parsing as p
from wizard_core.answers import rows as r
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.content import FormItem
from wizard_core.engine import facts_from_answers
from wizard_core.engine.calculated import fixture_area
from wizard_core.engine.occupancy import CalcError
from wizard_core.engine.plumbing import bf_stalls, fixtures, universal_washrooms
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


_RATIO = re.compile(r"\b(\d{1,3})\s*[:/]\s*(\d{1,3})\b")
_PROVIDED = {
    "universal_provided": re.compile(
        r"(\d+|one|two|three|a|an)\s+universal\s+(?:washrooms?|wcs?|toilet rooms?)", re.I
    ),
    "bf_wc_provided": re.compile(
        r"(\d+|one|two|three|a|an)\s+(?:barrier[\s-]*free|bf|accessible)\s+(?:wcs?|water closets?|stalls?)",
        re.I,
    ),
    "wc_provided": re.compile(
        r"(\d+)\s+(?:water\s+closets?|wcs?|toilets?)(?:\s+(?:are\s+)?provided|\s+in\s+total)?", re.I
    ),
}
_PER_SEX = re.compile(r"\bper\s+sex\b|\beach\s+sex\b|\bprovided\s+each\b|\bper\s+(?:gender|washroom)\b", re.I)
_EACH_FLOOR = re.compile(r"\b(?:each|every|per)\s+(?:floor|storey|level)\b|\bon\s+all\s+floors\b", re.I)
_WORDS = {"one": 1, "two": 2, "three": 3, "a": 1, "an": 1}


def _validate(item: FormItem, value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        value = {"rows": [], "note": value}
    parsed = Fixtures.model_validate(value)
    if not _RATIO.fullmatch(parsed.ratio.replace(" ", "")):
        raise ValueError(f"the ratio '{parsed.ratio}' is not male:female such as 50:50")
    if not parsed.rows and not parsed.note.strip():
        raise ValueError("give the rows per floor, or a note")
    return parsed.model_dump()


def _pair(required: int | None, provided: int | None) -> str:
    return f"{'-' if required is None else required} / {'-' if provided is None else provided}"


def row_text(row: dict[str, Any]) -> str:
    return (
        f"{row['floor']}: {row['persons']} persons, {row.get('sentence') or '-'}; WCs "
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


def _number(word: str) -> int:
    return _WORDS.get(word.lower()) or int(word)


def _provided(text: str) -> dict[str, int]:
    found: dict[str, int] = {}
    rest = text
    for key, pattern in _PROVIDED.items():
        match = pattern.search(rest)
        if match and not re.search(r"requir", rest[match.end() : match.end() + 12], re.I):
            found[key] = _number(match[1])
            rest = rest[: match.start()] + " " * len(match[0]) + rest[match.end() :]
    if "wc_provided" in found and _PER_SEX.search(text):
        found["wc_provided"] *= 2
    return found


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
    text = texts[-1]
    ratio = _RATIO.search(text)
    male_pct = 50.0
    if ratio and int(ratio[1]) + int(ratio[2]) == 100:
        male_pct = float(ratio[1])
    source = _source_rows(state)
    floors = [row["floor"] for row in source or []]
    earlier = r.earlier_rows(state, item.number, "rows")
    provided, leftover = _provided_per_floor(texts, floors)
    kept = {floor: {**_kept(row), **provided.get(floor, {})} for floor, row in earlier.items()}
    return worked_out(state, {**provided, **kept}, male_pct, ". ".join(leftover))


def compute(item: FormItem, value: Any, state: ProjectState) -> Any:
    """A typed value with its required figures worked out again from 3.18 (what is provided kept)."""
    if not isinstance(value, dict):
        return value
    ratio = _RATIO.search(str(value.get("ratio") or "50:50"))
    male_pct = float(ratio[1]) if ratio and int(ratio[1]) + int(ratio[2]) == 100 else 50.0
    provided = {
        str(row.get("floor", "")).casefold(): _kept(row)
        for row in value.get("rows") or []
        if isinstance(row, dict)
    }
    reading = worked_out(state, provided, male_pct, str(value.get("note") or ""))
    if not reading.complete:
        raise ValueError(f"to work out the fixtures I need {reading.missing}")
    return reading.value


def worked_out(
    state: ProjectState, provided: dict[str, dict[str, int]], male_pct: float, note: str
) -> Reading:
    """The rows per 3.18 floor: required figures from the calculators, provided ones as given."""
    source = _source_rows(state)
    if source is None:
        return Reading(
            missing="the occupant load per floor or area (3.18), which the fixtures are worked out from"
        )
    facts = facts_from_answers({a.section: a.value for a in state.finalized_answers})
    rows: list[dict[str, Any]] = []
    working: list[str] = []
    verify: list[str] = []
    general: list[str] = []
    for index, row in enumerate(source):
        group = row.get("occupancy") or (facts.groups[0] if len(facts.groups) == 1 else "")
        if not group:
            return Reading(missing=f"the major occupancy of '{row['floor']}' (3.02 or 3.18)")
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
        given = provided.get(row["floor"].casefold(), {})
        universal_here = given.get("universal_provided")
        rows.append(
            {
                "floor": row["floor"],
                "persons": int(row["persons"]),
                "sentence": result.sentence,
                "wc_required": result.wc_required,
                "wc_provided": given.get("wc_provided"),
                "bf_wc_required": _bf_required(
                    result.wc_male, result.wc_female, result.unisex, bool(universal_here)
                ),
                "bf_wc_provided": given.get("bf_wc_provided"),
                "universal_required": universal_washrooms(facts.storeys)
                if index == 0 and facts.storeys
                else None,
                "universal_provided": universal_here,
            }
        )
        working.append(f"{row['floor']}: {result.working()}")
        general.extend(result.notes)
        verify.extend(result.to_verify)
    if facts.storeys:
        working.append(
            f"universal washrooms: {universal_washrooms(facts.storeys)} for a building of "
            f"{facts.storeys} storeys (Table 3.8.2.3.A, per building; shown on the first row)"
        )
    working.extend(dict.fromkeys(general))
    working.extend(f"to be verified: {v}" for v in dict.fromkeys(verify))
    ratio_text = f"{male_pct:g}:{100 - male_pct:g}"
    return Reading({"ratio": ratio_text, "rows": rows, "note": note}, True, confidence=0.85, notes=working)


def _kept(row: dict[str, Any]) -> dict[str, int]:
    return {k: v for k, v in row.items() if k.endswith("_provided") and isinstance(v, int)}


def _bf_required(male: int, female: int, unisex: bool, universal_here: bool) -> int:
    if unisex:
        return bf_stalls(1, universal_here)
    return sum(bf_stalls(count, universal_here) for count in (male, female) if count)


def _provided_per_floor(texts: list[str], floors: list[str]) -> tuple[dict[str, dict[str, int]], list[str]]:
    """What each floor provides: a sentence naming the floor, or one for every floor ('on each floor')."""
    by_floor: dict[str, dict[str, int]] = {}
    leftover: list[str] = []
    keys = {f.casefold(): f for f in floors}
    for position, text in enumerate(texts):
        for segment in r.segments(p.normalize(text)):
            provided = _provided(segment)
            if not provided:
                continue
            named = [k for k in keys if re.search(rf"\b{re.escape(k)}\b", segment, re.I)]
            if named:
                for key in named:
                    by_floor.setdefault(key, {}).update(provided)
            elif _EACH_FLOOR.search(segment) or len(keys) == 1:
                for key in keys:
                    by_floor.setdefault(key, {}).update(provided)
            elif position == len(texts) - 1:
                leftover.append(f"provided (not tied to a floor): {segment}")
    return by_floor, leftover


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
