"""Plumbing fixtures (3.23): water closets per floor from the occupant load, with Section 3.8's share.

The rows follow 3.18's floors or areas: the engine works out the water closets each needs
(Subsection 3.7.4, by occupancy and use), the barrier-free stalls (Table 3.8.2.3.B) and the
building's universal washrooms (Table 3.8.2.3.A); the consultant gives what is provided and the
male:female ratio when it is not 50:50. A required figure the consultant writes is checked
against the engine's: the engine's is recorded and the difference said; a count not tied to a
floor, a floor that 3.18 does not have, and an estimate are asked about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from wizard_core.answers import parsing as p
from wizard_core.answers import rows as r
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.content import FormItem
from wizard_core.engine import facts_from_answers
from wizard_core.engine.calculated import fixture_area
from wizard_core.engine.occupancy import CalcError
from wizard_core.engine.plumbing import FixtureResult, bf_stalls, fixtures, universal_washrooms
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
_RATIO_WORDS = re.compile(
    r"\b(\d{1,3})\s*%?\s*(?:male|men|m)\b.{0,12}?\b(\d{1,3})\s*%?\s*(?:female|women|f)\b"
    r"|\b(?:male|men)\s*:?\s*(\d{1,3})\s*%?.{0,12}?\b(?:female|women)\s*:?\s*(\d{1,3})\s*%?",
    re.I,
)
_COUNT = r"(\d+|one|two|three|four|five|six|a|an)"
_SEXES = r"(?:\s*(?:m|male|men'?s?)\s*(?:\+|and|&|/|,)\s*(\d+)\s*(?:f|female|women'?s?))"
_KINDS = {
    "universal": r"(?:universal|uw|unisex\s+barrier[\s-]*free)\s*"
    r"(?:washrooms?|wcs?|w\.c\.s?|toilet\s+rooms?|rooms?)?",
    "bf": r"(?:barrier[\s-]*free|b\.?f\.?|accessible|ambulant|ambulatory)\s*"
    r"(?:wcs?|w\.c\.s?|water\s+closets?|stalls?|toilets?|enclosures?|cubicles?)?",
    "wc": r"(?:water\s+closets?|wcs?|w\.c\.s?|toilets?)",
}
_BEFORE = {kind: re.compile(rf"{_COUNT}{_SEXES}?\s*(?:x\s*)?{noun}", re.I) for kind, noun in _KINDS.items()}
_AFTER = {
    kind: re.compile(rf"\b{noun}\s*(?:provided)?\s*[:=]\s*{_COUNT}\b{_SEXES}?", re.I)
    for kind, noun in _KINDS.items()
}
_PER_SEX = re.compile(
    r"\b(?:per|each|for\s+each|for\s+both)\s+(?:sex|gender|washroom)\b|\bprovided\s+each\b|\beach\s*(?:m|f)\b|\bper\s+side\b",
    re.I,
)
_REQUIRED = re.compile(r"requir|req'?d|\bneeded\b|\bminimum\b|\bmin\.?\b", re.I)
_EACH_FLOOR = re.compile(
    r"\b(?:each|every|per|all|typical)\s+(?:floors?|storeys?|levels?)\b|\bon\s+all\s+(?:floors|storeys|levels)\b",
    re.I,
)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a": 1, "an": 1}


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


@dataclass
class Said:
    """What one line says: counts provided, required figures it states, and which floors."""

    provided: dict[str, int] = field(default_factory=dict)
    required: dict[str, tuple[int, bool]] = field(default_factory=dict)  # kind -> (count, per sex)
    floors: list[str] = field(default_factory=list)  # keys of 3.18 rows
    each_floor: bool = False
    unknown_floor: str = ""
    estimate: str = ""


def _counts(text: str) -> tuple[dict[str, int], dict[str, tuple[int, bool]]]:
    provided: dict[str, int] = {}
    required: dict[str, tuple[int, bool]] = {}
    rest = text
    for kind in ("universal", "bf", "wc"):
        for pattern in (_BEFORE[kind], _AFTER[kind]):
            for match in list(pattern.finditer(rest)):
                count = _number(match[1]) + (int(match[2]) if match[2] else 0)
                after = rest[match.end() : match.end() + 30]
                per_sex = not match[2] and bool(
                    _PER_SEX.search(after[:25])
                    or re.match(r"\s*(?:provided\s+)?each\b(?!\s+(?:floor|storey|level))", after)
                )
                if _REQUIRED.search(after[:20]) or _REQUIRED.search(
                    rest[max(0, match.start() - 12) : match.start()]
                ):
                    required[kind] = (count, per_sex)
                elif kind not in provided:
                    provided[kind] = count * 2 if per_sex and kind == "wc" else count
                rest = rest[: match.start()] + " " * len(match[0]) + rest[match.end() :]
    # "Level 2: 3 M + 3 F": a split of counts with no noun is the water closets
    pair = re.search(
        r"\b(\d+)\s*(?:m|males?|men)\s*(?:\+|/|and|&|,)\s*(\d+)\s*(?:f|females?|women)\b", rest, re.I
    )
    if pair and "wc" not in provided and not _REQUIRED.search(rest[pair.end() : pair.end() + 20]):
        provided["wc"] = int(pair[1]) + int(pair[2])
    # "8 WCs required per sex, 9 provided each": the provided count names no noun of its own
    bare = re.search(r"\b(\d+)\s+(?:are\s+)?provided(\s+each|\s+per\s+sex)?\b", rest, re.I)
    if bare and "wc" in required and "wc" not in provided:
        count = int(bare[1])
        provided["wc"] = count * 2 if bare[2] or required["wc"][1] else count
    return provided, required


def _said(segment: str, floors: dict[str, str]) -> Said:
    text = p.normalize(segment)
    provided, required = _counts(text)
    said = Said(provided=provided, required=required)
    said.estimate = m[0] if (m := r.ESTIMATE.search(text)) else ""
    said.each_floor = bool(_EACH_FLOOR.search(text))
    named = r.floor_name(text)
    if named:
        key = r.floor_key(named)
        if key in floors:
            said.floors.append(key)
        else:
            said.unknown_floor = named
    for key, name in floors.items():
        if key not in said.floors and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.I):
            said.floors.append(key)
            said.unknown_floor = ""
    return said


def _source_rows(state: ProjectState) -> list[dict[str, Any]] | None:
    answer = state.answer_for("3.18")
    value = answer.value if answer is not None else None
    if not isinstance(value, dict):
        return None
    rows = [row for row in value.get("rows") or [] if isinstance(row, dict)]
    if rows:
        return rows
    return [{"floor": "Building", "persons": value.get("total", 0), "occupancy": "", "area_m2": None}]


@dataclass
class Given:
    """What the thread gives, per 3.18 floor."""

    provided: dict[str, dict[str, int]] = field(default_factory=dict)
    required: dict[str, dict[str, tuple[int, bool]]] = field(default_factory=dict)
    male_pct: float | None = None
    hard: list[str] = field(default_factory=list)
    soft: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    any_figure: bool = False


_FIELDS = {"wc": "wc_provided", "bf": "bf_wc_provided", "universal": "universal_provided"}


def read_fixtures(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    source = _source_rows(state)
    floors = {r.floor_key(str(row["floor"])): str(row["floor"]) for row in source or []}
    given = Given()
    earlier = r.earlier_rows(state, item.number, "rows", r.floor_key)
    for key, row in earlier.items():
        given.provided[key] = _kept(row)
    recorded = state.answer_for(item.number)
    if recorded is not None and isinstance(recorded.value, dict):
        ratio = _RATIO.search(str(recorded.value.get("ratio") or ""))
        given.male_pct = float(ratio[1]) if ratio else None
    for index, text in enumerate(texts):
        latest = index == len(texts) - 1
        _read_text(item, text, floors, given, latest)
    note = r.join_notes(r.recorded_note(state, item.number), *given.notes)
    if given.hard:
        return Reading(missing="; ".join(dict.fromkeys(given.hard)))
    male_pct = 50.0 if given.male_pct is None else given.male_pct
    reading = worked_out(state, given.provided, male_pct, note, given.required)
    if not reading.complete:
        return reading
    if given.soft:
        return Reading(
            missing="; ".join(given.soft), offer=reading.value, offer_reason="the estimates taken as exact"
        )
    if not given.any_figure and not earlier:
        if not note:
            return Reading(missing=_ASK)
        reading.confidence = 0.5
        reading.notes.insert(
            0,
            "no provided fixtures were given, so only the required figures are recorded, with your words "
            "as the note",
        )
    return reading


def _read_text(item: FormItem, text: str, floors: dict[str, str], given: Given, latest: bool) -> None:
    text = re.sub(
        rf"^\W*(?:(?:for|re|item)\s+)?{re.escape(item.number)}\b\s*[,:;.—–-]*\s*",
        "",
        text.strip(),
        flags=re.I,
    )
    male = _male_pct(text)
    if male is not None:
        given.male_pct = male
        given.any_figure = True
    table = r.pasted_table(text)
    if table is not None and table.header is not None:
        _table(table, floors, given, latest)
        lines = r.segments(table.rest)
    elif table is not None:
        lines = [", ".join(row) for row in table.body] + r.segments(table.rest)
    else:
        lines = r.segments(text)
    for line in lines:
        said = _said(line, floors)
        if not said.provided and not said.required:
            if not r.is_chat(line) and not (male is not None and _only_ratio(line)):
                given.notes.append(line)
            continue
        given.any_figure = True
        _apply(said, line, floors, given, latest)


def _male_pct(text: str) -> float | None:
    """The share of males a male:female split gives ('60/40 M/F', 'split 50:50', '55% male, 45% female')."""
    words = _RATIO_WORDS.search(text)
    if words:
        male, female = (int(g) for g in (words.groups()[0:2] if words[1] else words.groups()[2:4]))
        return float(male) if male + female == 100 else None
    for match in _RATIO.finditer(text):
        male, female = int(match[1]), int(match[2])
        said = re.search(r"split|ratio|\bm\s*[:/]\s*f\b|male|men|sex|gender", text, re.I)
        if male + female == 100 and (said or re.fullmatch(r"\d+[:/]\d+", match[0])):
            return float(male)
    return None


def _only_ratio(line: str) -> bool:
    rest = _RATIO_WORDS.sub(" ", _RATIO.sub(" ", line))
    return not re.search(r"\d", rest) and len(rest.split()) <= 6


def _apply(said: Said, line: str, floors: dict[str, str], given: Given, latest: bool) -> None:
    if not floors:  # 3.18 is not answered: the question asks for it
        return
    if said.unknown_floor and not said.floors:
        if latest:
            names = ", ".join(floors.values())
            given.hard.append(
                f"'{said.unknown_floor}' is not a floor or area of the occupant load (3.18: {names}); "
                "which one is it?"
            )
        return
    targets = said.floors
    if not targets and (said.each_floor or len(floors) == 1):
        targets = list(floors)
    if not targets:
        if latest:
            counts = ", ".join(f"{n} {_NOUNS[k]}" for k, n in said.provided.items()) or "these figures"
            given.hard.append(
                f"which floor or area of 3.18 ({', '.join(floors.values())}) has the {counts} in "
                f"'{line.strip()}', or say 'on each floor'"
            )
        return
    if said.estimate:
        given.soft.append(f"'{line.strip()}' is an estimate ('{said.estimate}'); give the exact counts")
    for key in targets:
        given.provided.setdefault(key, {}).update({_FIELDS[k]: v for k, v in said.provided.items()})
        if said.required:
            given.required.setdefault(key, {}).update(said.required)


_NOUNS = {"wc": "water closets", "bf": "barrier-free stalls", "universal": "universal washrooms"}

_HEADER_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("ignore", re.compile(r"persons|people|occupant|load|sentence|article|obc|note", re.I)),
    ("universal_required", re.compile(r"(?=.*(?:universal|\buw\b))(?=.*req)", re.I)),
    ("universal", re.compile(r"universal|\buw\b", re.I)),
    ("bf_required", re.compile(r"(?=.*(?:barrier|\bbf\b|accessib))(?=.*req)", re.I)),
    ("bf", re.compile(r"barrier|\bbf\b|accessib|ambula", re.I)),
    ("wc_required", re.compile(r"(?=.*(?:wc|water\s+closet|toilet))(?=.*req)", re.I)),
    ("wc", re.compile(r"\bwcs?\b|w\.c|water\s+closet|toilet|fixtures?|provided", re.I)),
    ("floor", re.compile(r"floor|level|storey|story|area|location|name|space", re.I)),
]


def _table(table: r.Table, floors: dict[str, str], given: Given, latest: bool) -> None:
    found = r.classify_headers(table.header or [], _HEADER_RULES)
    names = found.get("floor") or [(table.header or [""])[0]]
    for index, record in enumerate(table.records(), start=1):
        said_name = (
            next((record[h].strip() for h in names if record.get(h, "").strip()), "") or f"Row {index}"
        )
        key = _floor_for(said_name, floors)
        counts: dict[str, int] = {}
        stated: dict[str, tuple[int, bool]] = {}
        problems: list[str] = []
        for kind in ("wc", "bf", "universal", "wc_required", "bf_required", "universal_required"):
            for header in found.get(kind, []):
                cell = record.get(header, "")
                if r.BLANK.match(cell):
                    continue
                got = r.count_cell(said_name, table.title(header), cell)
                if isinstance(got, r.CellProblem):
                    problems.append(got.text())
                    continue
                if kind.endswith("_required"):
                    base = kind.removesuffix("_required")
                    stated[base] = (stated.get(base, (0, False))[0] + got, False)
                else:
                    counts[kind] = counts.get(kind, 0) + got
        given.any_figure = given.any_figure or bool(counts or stated)
        if key is None:
            if latest:
                given.hard.append(
                    f"row '{said_name}' is not a floor or area of the occupant load (3.18: "
                    f"{', '.join(floors.values())}); which one is it?"
                )
            continue
        if problems:
            if latest:
                given.hard.extend(problems)
            continue
        given.provided.setdefault(key, {}).update({_FIELDS[k]: v for k, v in counts.items()})
        if stated:
            given.required.setdefault(key, {}).update(stated)


def _floor_for(said: str, floors: dict[str, str]) -> str | None:
    key = r.floor_key(said)
    if key in floors:
        return key
    named = r.floor_name(said)
    if named and r.floor_key(named) in floors:
        return r.floor_key(named)
    if re.search(r"\b(?:each|every|all|typical)\b", said, re.I) and len(floors) == 1:
        return next(iter(floors))
    return None


def compute(item: FormItem, value: Any, state: ProjectState) -> Any:
    """A typed value with its required figures worked out again from 3.18 (what is provided kept)."""
    if not isinstance(value, dict) or not value.get("rows"):  # a note alone is kept as written
        return value
    ratio = _RATIO.search(str(value.get("ratio") or "50:50"))
    male_pct = float(ratio[1]) if ratio and int(ratio[1]) + int(ratio[2]) == 100 else 50.0
    provided = {
        r.floor_key(str(row.get("floor", ""))): _kept(row)
        for row in value.get("rows") or []
        if isinstance(row, dict)
    }
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
        key = r.floor_key(str(row["floor"]))
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
                what = f"{count} {_NOUNS[kind]} required{' per sex' if per_sex else ''}"
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
            f"{facts.storeys} storeys (Table 3.8.2.3.A, per building; shown on the first row)"
        )
    working.extend(dict.fromkeys(general))
    working.extend(r.to_verify(verify))
    ratio_text = f"{male_pct:g}:{100 - male_pct:g}"
    # A required count read from the tables by hand has no other meaning than the tables' own: the
    # engine's figure is recorded, the difference said, at a confidence that asks for a look.
    value = {"ratio": ratio_text, "rows": rows, "note": note}
    return Reading(value, True, confidence=0.7 if disagree else 0.85, notes=disagree + working)


def _why(result: FixtureResult, kind: str, engine: int) -> str:
    if kind == "wc":
        split = "1 for both sexes" if result.unisex else f"{result.wc_male} M + {result.wc_female} F"
        return f"{result.working()} → {split} ({result.sentence})"
    if kind == "bf":
        sizes = f"{result.wc_male} and {result.wc_female}"
        return f"Table 3.8.2.3.B gives {engine} for washrooms of {sizes} water closets"
    return f"Table 3.8.2.3.A gives {engine} for the building"


def _kept(row: dict[str, Any]) -> dict[str, int]:
    return {k: v for k, v in row.items() if k.endswith("_provided") and isinstance(v, int)}


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
