"""Required fire-resistance ratings (3.21): the OAA sheet's five horizontal assemblies.

"Use what the article requires" takes each assembly's rating from the code engine (the 3.10
articles with 3.2.2.15, 3.2.1.4 and the waivers); ratings the consultant gives are read per
assembly, and a rating below what the articles require is a finding of the code checks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field

from wizard_core.answers import rows as r
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.content import FormItem
from wizard_core.engine import parse_ratings
from wizard_core.engine.assemblies import (
    ASSEMBLIES,
    ELEMENTS,
    LABELS,
    AssemblyNeed,
    describe_need,
    required_assemblies,
)
from wizard_core.models import ProjectState

AssemblyName = Literal["storeys_below_grade", "floors_over_basement", "floors", "mezzanine", "roof"]


class AssemblyRow(Record):
    assembly: AssemblyName
    rating_h: float | None = Field(default=None, ge=0, le=4)
    supporting_h: float | None = Field(default=None, ge=0, le=4)
    noncombustible_in_lieu: bool = False


class Assemblies(Record):
    assemblies: list[AssemblyRow] = Field(default_factory=list)
    note: str = ""


# "Use what the article requires", "as required by 3.2.2.60", "per code".
AS_REQUIRED = re.compile(
    r"\b(?:as|what(?:ever)?|per)\b[\w\s]{0,25}?\b(?:requir\w*|article|code|table|3\.10|classification)\b"
    r"|\brequired\s+ratings?\b|\bminimums?\b|\bwork\s+(?:it|them)\s+out\b|\bcalculate\b|\bcompute\b"
    r"|\b(?:article|code|3\.2\.2\.\d+[a-z]?)'?s?\s+(?:ratings?|figures?|requirements?|values?)\b|\bto\s+code\b",
    re.I,
)


def _schema(item: FormItem) -> dict[str, Any]:
    return Assemblies.model_json_schema()


def _validate(item: FormItem, value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        value = {"assemblies": [], "note": value}
    parsed = Assemblies.model_validate(value)
    names = [row.assembly for row in parsed.assemblies]
    if len(set(names)) != len(names):
        raise ValueError("each assembly appears once")
    if not parsed.assemblies and not parsed.note.strip():
        raise ValueError("give the assemblies' ratings, or a note")
    rows = sorted(parsed.assemblies, key=lambda row: ASSEMBLIES.index(row.assembly))
    return {"assemblies": [row.model_dump() for row in rows], "note": parsed.note}


def hours_text(value: float | None) -> str:
    if value is None:
        return "n/a"
    if value == 0:
        return "no rating"
    return f"{value:g} h" if value >= 1 else f"{round(value * 60)} min"


def row_text(row: dict[str, Any]) -> str:
    lieu = " (noncombustible in lieu of rating)" if row.get("noncombustible_in_lieu") else ""
    return (
        f"{LABELS[row['assembly']]}: {hours_text(row.get('rating_h'))}, supporting "
        f"{hours_text(row.get('supporting_h'))}{lieu}"
    )


def _describe(item: FormItem, value: Any) -> str:
    parts = [row_text(row) for row in value.get("assemblies", [])]
    if value.get("note"):
        parts.append(value["note"])
    return "; ".join(parts)


def _answers(state: ProjectState) -> dict[str, Any]:
    return {a.section: a.value for a in state.finalized_answers}


def _row(need: AssemblyNeed) -> dict[str, Any]:
    return {
        "assembly": need.assembly,
        "rating_h": need.rating_h,
        "supporting_h": need.supporting_h,
        "noncombustible_in_lieu": need.noncombustible_in_lieu,
    }


ELEMENT_ASSEMBLY = {element: name for name, element in ELEMENTS.items()}
_ESTIMATE_RATING = re.compile(r"(?:~|≈|\babout\b|\baround\b|\bapprox\w*|\broughly\b)\s*\d", re.I)
_NOT_THERE = re.compile(
    r"\b(?:n/?a|not\s+applicable|none|no\s+(?:mezzanines?|basements?|storeys?\s+below(?:\s+grade)?))\b", re.I
)
_NO_RATING = re.compile(r"\b(?:no\s+rating|not\s+rated|unrated|no\s+frr|0\s*h(?:rs?|ours?)?\b|waived)", re.I)
_IN_LIEU = re.compile(r"non-?combustible\s+(?:construction\s+)?(?:in\s+lieu|instead)|\bin\s+lieu\b", re.I)
_NAMES = (
    (
        "floors_over_basement",
        re.compile(r"(?:floors?|assembl\w*)\s+(?:over|above)\s+(?:the\s+)?basements?", re.I),
    ),
    (
        "storeys_below_grade",
        re.compile(r"below[\s-]+grade|below[\s-]+ground|underground|basements?|b\d\b|p\d\b", re.I),
    ),
    ("mezzanine", re.compile(r"mezz", re.I)),
    ("roof", re.compile(r"roof", re.I)),
    ("floors", re.compile(r"floors?|storeys?", re.I)),
)
_HEADER_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("lieu", re.compile(r"lieu|noncombustible|non-combustible|\bnc\b", re.I)),
    ("supporting", re.compile(r"support|load[\s-]*bearing|structur|columns?", re.I)),
    ("rating", re.compile(r"rating|frr|required|hours?|\bh\b|min", re.I)),
    ("assembly", re.compile(r"assembl|element|item|name|floor|horizontal", re.I)),
]


def assembly_of(text: str) -> str:
    """The assembly a name stands for ('Floor over bsmt' -> floors_over_basement), or ''."""
    text = text.replace("bsmt", "basement")
    for name, pattern in _NAMES:
        if pattern.search(text):
            return name
    return ""


@dataclass
class Thread:
    """What the consultant's texts give per assembly, and what they say besides."""

    given: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: dict[str, list[str]] = field(default_factory=dict)
    supporting: float | None = None
    as_required: bool = False
    estimates: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def read_assemblies(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    needs = required_assemblies(_answers(state))
    recorded = {k: v for k, v in r.earlier_rows(state, item.number, "assemblies").items() if k in ASSEMBLIES}
    thread = Thread()
    for text in texts:
        _read_text(_without_chat(item, text), thread)
    if thread.as_required:
        recorded = {}  # worked out afresh: what was recorded before does not stand
    note = r.join_notes(r.recorded_note(state, item.number), *thread.notes)
    problems = [p for ps in thread.problems.values() for p in ps]
    if problems:
        return Reading(missing="; ".join(problems))
    if not thread.given and thread.as_required:
        return _as_required(needs, note)
    if not thread.given and not recorded:
        if not note:
            return Reading(missing=_ASK)
        return Reading(
            {"assemblies": [], "note": note},
            True,
            confidence=0.5,
            notes=[
                "recorded as a note: no assembly ratings could be read; say 'use what the article "
                "requires' to have them worked out, or give each assembly's rating"
            ],
        )
    reading = _given(thread, needs, recorded, note)
    if thread.estimates:
        return Reading(
            missing="; ".join(thread.estimates),
            offer=reading.value,
            offer_reason="the estimates taken as exact",
        )
    return reading


def _without_chat(item: FormItem, text: str) -> str:
    pattern = rf"^\W*(?:(?:for|re|item)\s+)?{re.escape(item.number)}\b\s*[,:;.—–-]*\s*"
    return re.sub(pattern, "", text.strip(), flags=re.I)


def _read_text(text: str, thread: Thread) -> None:
    text = re.sub(r"\bbsmt\b", "basement", text, flags=re.I)
    table = r.pasted_table(text)
    if table is not None and table.header is not None:
        _table(table, thread)
        lines = r.segments(table.rest)
    elif table is not None:
        lines = [", ".join(row) for row in table.body] + r.segments(table.rest)
    else:
        lines = r.segments(text)
    if AS_REQUIRED.search(text) and not parse_ratings(text):
        thread.given.clear()  # what the articles require, instead of any rating given before
        thread.problems.clear()
        thread.estimates.clear()
        thread.as_required = True
        return
    for line in lines:
        if not _line(line, thread) and not r.is_chat(line):
            thread.notes.append(line)


def _line(line: str, thread: Thread) -> bool:
    """Read the ratings one line gives into the thread; False when it gives none."""
    read = False
    for part in re.split(r"[,;\n]", line):
        ratings = parse_ratings(part)
        support = ratings.pop("loadbearing", None)
        if support is not None:
            thread.supporting = round(support / 60, 2)
            read = True
        named = [ELEMENT_ASSEMBLY[e] for e in ratings] or ([a] if (a := assembly_of(part)) else [])
        if not named or (re.search(r"load[\s-]*bearing|support|column", part, re.I) and not ratings):
            continue
        timed = re.search(r"\d\s*-?\s*(?:h|min)", part, re.I)
        for name in named:
            row: dict[str, Any] = {}
            if _IN_LIEU.search(part):
                row["noncombustible_in_lieu"] = True
            if _NO_RATING.search(part):
                row["rating_h"] = 0.0
            elif _NOT_THERE.search(part) and not timed:
                row.update(rating_h=None, absent=True)
            elif ratings:
                element = ELEMENTS[name]
                row["rating_h"] = round(ratings.get(element, max(ratings.values())) / 60, 2)
            if not row:
                continue
            if _ESTIMATE_RATING.search(part) or r.ESTIMATE.search(part):
                thread.estimates.append(f"'{part.strip()}' is an estimate; give the rating exactly")
            thread.given[name] = {**thread.given.get(name, {}), **row}
            thread.problems.pop(name, None)
            read = True
    return read


def _table(table: r.Table, thread: Thread) -> None:
    found = r.classify_headers(table.header or [], _HEADER_RULES)
    names = found.get("assembly") or [(table.header or [""])[0]]
    for record in table.records():
        said = next((record[h].strip() for h in names if record.get(h, "").strip()), "")
        named = assembly_of(said)
        if not named:
            if said:
                thread.notes.append(" ".join(c for c in record.values() if c.strip()))
            continue
        row: dict[str, Any] = {}
        problems: list[str] = []
        for kind in ("rating", "supporting"):
            for header in found.get(kind, []):
                cell = record.get(header, "").strip()
                if r.BLANK.match(cell):
                    continue
                got = _hours_cell(cell)
                if got is None:
                    problems.append(
                        r.CellProblem(
                            said, table.title(header), cell, "expected a rating such as 1 h or 45 min"
                        ).text()
                    )
                elif got == "absent":
                    row["rating_h" if kind == "rating" else "supporting_h"] = None
                    row["absent"] = kind == "rating"
                else:
                    row["rating_h" if kind == "rating" else "supporting_h"] = got
        for header in found.get("lieu", []):
            cell = record.get(header, "").strip().casefold()
            if cell in ("yes", "y", "x", "✓", "true", "nc", "noncombustible"):
                row["noncombustible_in_lieu"] = True
        if problems:
            thread.problems[named] = problems
            continue
        thread.problems.pop(named, None)
        if r.ESTIMATE.search(" ".join(record.values())):
            thread.estimates.append(f"row '{said}' is an estimate; give the rating exactly")
        thread.given[named] = {**thread.given.get(named, {}), **row}


def _hours_cell(cell: str) -> float | str | None:
    """A rating cell in hours: '1 h', '45 min', '1.5', 'none' (0), 'n/a' (the assembly is absent)."""
    if re.fullmatch(r"n/?a|not\s+applicable|-", cell, re.I):
        return "absent"
    if _NO_RATING.search(cell) or re.fullmatch(r"none|nil|0", cell, re.I):
        return 0.0
    ratings = parse_ratings(f"floors {cell}")
    if "floors" in ratings:
        return round(ratings["floors"] / 60, 2)
    bare = re.fullmatch(r"(\d+(?:\.\d+)?)", cell)
    if bare and float(bare[1]) <= 4:
        return float(bare[1])
    return None


def _as_required(needs: list[AssemblyNeed], note: str) -> Reading:
    unknown = [n for n in needs if n.applies and n.rating_h is None]
    if unknown:
        return Reading(missing=f"{unknown[0].missing}, to work out the {unknown[0].label.lower()} rating")
    working = [describe_need(n) for n in needs]
    return Reading(
        {"assemblies": [_row(n) for n in needs], "note": note},
        True,
        confidence=0.85,
        notes=["worked out from the 3.10 article: " + "; ".join(working)],
    )


def _given(
    thread: Thread, needs: list[AssemblyNeed], recorded: dict[str, dict[str, Any]], note: str
) -> Reading:
    """Ratings the consultant gives, per assembly; others as recorded, or the articles' figure."""
    rows: list[dict[str, Any]] = []
    notes: list[str] = []
    by_name = {n.assembly: n for n in needs}
    given = dict(thread.given)
    below = by_name["storeys_below_grade"].applies and "storeys_below_grade" not in given
    if below and given.get("floors", {}).get("rating_h") is not None:
        given["storeys_below_grade"] = dict(given["floors"])
        notes.append("storeys below grade taken at the floors' rating you gave")
    for name in ASSEMBLIES:
        need = by_name[name]
        if name in given:
            row = given[name]
            rating = row.get("rating_h")
            lieu = bool(row.get("noncombustible_in_lieu"))
            if lieu and "rating_h" not in row:
                rating = need.rating_h
            supporting = (
                thread.supporting if thread.supporting is not None else row.get("supporting_h", rating)
            )
            rows.append(
                {
                    "assembly": name,
                    "rating_h": rating,
                    "supporting_h": None if row.get("absent") else supporting,
                    "noncombustible_in_lieu": lieu,
                }
            )
        elif name in recorded:
            kept = {
                k: recorded[name].get(k)
                for k in ("assembly", "rating_h", "supporting_h", "noncombustible_in_lieu")
            }
            kept["noncombustible_in_lieu"] = bool(kept["noncombustible_in_lieu"])
            if thread.supporting is not None and kept.get("rating_h"):
                kept["supporting_h"] = thread.supporting
            rows.append(kept)
        else:
            row = _row(need)
            if thread.supporting is not None and row.get("rating_h"):
                row["supporting_h"] = thread.supporting
            rows.append(row)
            if need.applies and need.rating_h is not None:
                notes.append(f"{need.label.lower()} not given: {describe_need(need)}")
    return Reading({"assemblies": rows, "note": note}, True, confidence=0.8, notes=notes)


def compute(item: FormItem, value: Any, state: ProjectState) -> Any:
    """Typed assemblies, each rating left blank taken from what the 3.10 articles require."""
    if not isinstance(value, dict) or not value.get("assemblies"):
        return value
    needs = {n.assembly: n for n in required_assemblies(_answers(state))}
    rows = []
    for row in value["assemblies"]:
        need = needs.get(str(row.get("assembly")))
        row = dict(row)
        if need is not None and row.get("rating_h") is None:
            row["rating_h"] = need.rating_h
            row["noncombustible_in_lieu"] = need.noncombustible_in_lieu
        if need is not None and row.get("supporting_h") is None:
            row["supporting_h"] = need.supporting_h
        rows.append(row)
    return {**value, "assemblies": rows}


_ASK = (
    "each assembly's rating (storeys below grade, floors over basement, floors, mezzanine, roof) and "
    "its supporting members, or say 'use what the article requires' to have them worked out from 3.10"
)

ASSEMBLIES_TYPE = AnswerType(
    "assemblies",
    "assemblies[] (five rows) with rating_h, supporting_h, noncombustible_in_lieu",
    _schema,
    _validate,
    _describe,
    read_assemblies,
    compute=compute,
)
ANSWER_TYPES = (ASSEMBLIES_TYPE,)
