"""Required fire-resistance ratings (3.21): the OAA sheet's five horizontal assemblies.

"Use what the article requires" takes each assembly's rating from the code engine (the 3.10
articles with 3.2.2.15, 3.2.1.4 and the waivers); ratings the consultant gives are read per
assembly, and a rating below what the articles require is a finding of the code checks.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from wizard_core.answers import rows as r
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.answers.spoken import with_digits
from wizard_core.answers.wording.assemblies import Thread, assemblies_named, names_assembly, read_thread
from wizard_core.content import FormItem
from wizard_core.engine.assemblies import ASSEMBLIES, LABELS, AssemblyNeed, describe_need, required_assemblies
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


_BELOW = ("storeys_below_grade", "floors_over_basement")


def _answers(state: ProjectState) -> dict[str, Any]:
    return {a.section: a.value for a in state.finalized_answers}


def _row(need: AssemblyNeed) -> dict[str, Any]:
    return {
        "assembly": need.assembly,
        "rating_h": need.rating_h,
        "supporting_h": need.supporting_h,
        "noncombustible_in_lieu": need.noncombustible_in_lieu,
    }


def read_assemblies(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    needs = required_assemblies(_answers(state))
    recorded = {k: v for k, v in r.earlier_rows(state, item.number, "assemblies").items() if k in ASSEMBLIES}
    # "forty five minutes", as dictated: ratings in words read as figures (from 20: "one storey" stays)
    thread = read_thread(item.number, [with_digits(t, 20)[0] for t in texts])
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
    given = {"below" if n in ("storeys_below_grade", "floors_over_basement") else n for n in thread.given}
    unread = set().union(*(assemblies_named(t) for t in texts)) - given
    if reading.complete and (unread or any(names_assembly(n) for n in thread.notes)):  # words left unread
        reading.confidence = min(reading.confidence, 0.75)
        reading.notes.append(
            "some of your words were not read as a rating (kept as the note): confirm the rows"
        )
    if thread.estimates:
        return Reading(
            missing="; ".join(thread.estimates),
            offer=reading.value,
            offer_reason="the estimates taken as exact",
        )
    return reading


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
    over = by_name["floors_over_basement"].applies and "floors_over_basement" not in given
    if over and not by_name["floors"].applies and given.get("floors", {}).get("rating_h") is not None:
        # one storey over a basement ('the floor over the trap room 2 h'): its one floor is over the basement
        given["floors_over_basement"] = given.pop("floors")
        notes.append("the floor you rated taken as the floor over the basement, the building's only floor")
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
            if name in _BELOW and not need.applies and not rating and not lieu:  # 'nil' with no basement: n/a
                rating = supporting = None
            if name == "roof" and (row.get("absent") or not row):  # a roof is always there: its 'n/a' is none
                rating = supporting = 0.0
                row = {k: v for k, v in row.items() if k != "absent"}
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
