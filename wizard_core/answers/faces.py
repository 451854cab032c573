"""Spatial separation (3.22): one row per exposing building face, its openings worked out.

The consultant gives each face's area, limiting distance and (unsprinklered) its proportions
and openings; the engine gives the permitted openings, the rating, construction and cladding
from Tables 3.2.3.1 and 3.2.3.7, for the occupancy (3.02) and sprinklers (3.11) recorded.
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
from wizard_core.engine.spatial import CalcError, SpatialResult, spatial_separation
from wizard_core.models import ProjectState


class Face(Record):
    face: str = Field(min_length=1, max_length=80)
    area_m2: float | None = Field(default=None, gt=0)
    limiting_distance_m: float | None = Field(default=None, ge=0)
    ratio: float | None = Field(default=None, ge=1)
    upo_permitted_pct: float | None = Field(default=None, ge=0, le=100)
    upo_actual_pct: float | None = Field(default=None, ge=0, le=100)
    frr_h: float | None = Field(default=None, ge=0, le=4)
    construction: str = ""
    cladding: str = ""
    basis: str = ""  # the table, row and column the permitted figure comes from


class Faces(Record):
    faces: list[Face] = Field(default_factory=list)
    note: str = ""  # what was said that is not a face's figures (kept, never lost)


_FACE = re.compile(
    r"^\W*((?:north|south|east|west|front|rear|back|left|right|side|street)(?:[\s-]*(?:east|west))?"
    r"|[nsew]{1,2}\b|ebf\s*\d+|face\s*\d+|wall\s*\d+|elevation\s*\d+)"
    r"(?:\s*(?:wall|face|elevation|side|ebf))?",
    re.I,
)
_LD = re.compile(
    r"\bl\.?\s?d\.?\b|limiting\s+dist|property\s+line|lot\s+line|set\s*back|from\s+the\s+line", re.I
)
_RATIO = re.compile(
    r"(?:ratio|[lh]\s*/\s*[hl])\D{0,12}?(\d+(?:\.\d+)?)(?:\s*:\s*1)?|(\d+(?:\.\d+)?)\s*:\s*1\b", re.I
)
_DIMS = re.compile(
    r"(\d+(?:\.\d+)?)\s*(m|ft|')?\s*(?:x|×|by)\s*(\d+(?:\.\d+)?)\s*(m|ft|')?\b(?!\s*(?:m2|m²|sf|sq))", re.I
)
_NO_OPENINGS = re.compile(
    r"\b(?:no|without|zero|nil)\s+(?:unprotected\s+)?(?:openings?|glazing|windows?|upo)\b|\bblank\s+wall\b|\bblind\s+wall\b",
    re.I,
)
_PERMITTED = re.compile(r"permit|allow", re.I)
_ACTUAL = re.compile(r"actual|propos|provided|glaz|opening|upo|window", re.I)
_HEADERS = {
    "face": ("face", "wall", "ebf", "elevation"),
    "area": ("area",),
    "ld": ("l.d", "ld", "limiting", "distance"),
    "ratio": ("ratio", "l/h", "h/l"),
    "actual": ("actual", "proposed", "upo", "opening", "glaz"),
}


def _schema(item: FormItem) -> dict[str, Any]:
    return Faces.model_json_schema()


def _validate(item: FormItem, value: Any) -> dict[str, Any]:
    if isinstance(value, str):  # a model's free text: kept as the note
        value = {"faces": [], "note": value}
    faces = Faces.model_validate(value)
    if not faces.faces and not faces.note.strip():
        raise ValueError("give at least one exposing building face, or a note")
    names = [f.face.casefold() for f in faces.faces]
    if len(set(names)) != len(names):
        raise ValueError("each exposing building face appears once")
    return faces.model_dump()


def _describe(item: FormItem, value: Any) -> str:
    lines = [face_text(f) for f in value.get("faces", [])]
    if value.get("note"):
        lines.append(value["note"])
    return "; ".join(lines)


def hours_text(value: float | None) -> str:
    if value is None:
        return "none required"
    return f"{value:g} h" if value >= 1 else f"{round(value * 60)} min"


def face_text(face: dict[str, Any]) -> str:
    permitted = r.figure_text(face.get("upo_permitted_pct"), "%")
    actual = r.figure_text(face.get("upo_actual_pct"), "%")
    frr = hours_text(face.get("frr_h"))
    return (
        f"{face['face']}: {r.figure_text(face.get('area_m2'), 'm²')}, LD {r.figure_text(face.get('limiting_distance_m'), 'm')}"
        + (f", ratio {r.figure_text(face['ratio'])}" if face.get("ratio") else "")
        + f", openings {permitted} permitted / {actual} actual, FRR {frr}, "
        f"construction {face.get('construction') or '-'}, cladding {face.get('cladding') or '-'}"
    )


def _answers(state: ProjectState) -> dict[str, Any]:
    return {a.section: a.value for a in state.finalized_answers}


def building_case(state: ProjectState) -> tuple[str | None, bool | None, str]:
    """The occupancy whose table governs and whether the building is sprinklered (None: unknown)."""
    facts = facts_from_answers(_answers(state))
    groups = list(facts.classified_groups)
    if not groups:
        return None, facts.sprinklered, ""
    strict = [g for g in groups if g in ("E", "F1", "F2")]
    group = (strict or groups)[0]
    note = (
        f"Group {group} taken for every face, the most demanding of {', '.join(groups)}"
        if len(groups) > 1
        else ""
    )
    return group, facts.sprinklered, note


def face_result(face: dict[str, Any], group: str, sprinklered: bool) -> SpatialResult:
    return spatial_separation(
        group, sprinklered, face["area_m2"], face["limiting_distance_m"], face.get("ratio")
    )


def _segment_face(segment: str, index: int) -> tuple[str, dict[str, Any]] | None:
    """A face's inputs from one plain sentence; None when it names no face figures."""
    text = p.normalize(segment)
    name_match = _FACE.match(text)
    label = text.split(":", 1)[0].strip() if ":" in text[:40] else ""
    name = (label or (name_match.group(0).strip() if name_match else "")) or f"Face {index}"
    figures = p.quantities(text)
    face: dict[str, Any] = {"face": name[:1].upper() + name[1:]}
    dims = _DIMS.search(text)
    if dims:
        length, height = float(dims[1]), float(dims[3])
        if (dims[2] or dims[4] or "").lower() in ("ft", "'"):
            length, height = length * p.FT_TO_M, height * p.FT_TO_M
        face["area_m2"] = round(length * height, 1)
        face["ratio"] = round(max(length / height, height / length), 2) if length and height else None
    for q in figures:
        if dims and dims.start() <= q.start < dims.end():
            continue
        if q.unit in ("m2", "ft2"):
            area = q.value * (p.FT2_TO_M2 if q.unit == "ft2" else 1)
            if _ACTUAL.search(text[max(0, q.start - 20) : q.start]) and "area_m2" in face:
                face["openings_m2"] = round(area, 2)
            else:
                face["area_m2"] = round(area, 1)
        elif q.unit in ("m", "ft") and _LD.search(text[max(0, q.start - 30) : q.end + 30]):
            face["limiting_distance_m"] = round(q.value * (p.FT_TO_M if q.unit == "ft" else 1), 2)
        elif q.unit == "%":
            before = text[max(0, q.start - 25) : q.start] + text[q.end : q.end + 25]
            if _PERMITTED.search(before) and not _ACTUAL.search(text[q.end : q.end + 15]):
                face["given_permitted"] = q.value
            else:
                face["upo_actual_pct"] = q.value
    if _NO_OPENINGS.search(text) and "upo_actual_pct" not in face:
        face["upo_actual_pct"] = 0.0
    ratio = _RATIO.search(text)
    if ratio and "ratio" not in face:
        face["ratio"] = float(ratio[1] or ratio[2])
    if "limiting_distance_m" not in face:
        lengths = [
            q
            for q in figures
            if q.unit in ("m", "ft") and not (dims and dims.start() <= q.start < dims.end())
        ]
        if len(lengths) == 1:
            face["limiting_distance_m"] = round(
                lengths[0].value * (p.FT_TO_M if lengths[0].unit == "ft" else 1), 2
            )
    if "openings_m2" in face and face.get("area_m2"):
        face["upo_actual_pct"] = round(100 * face.pop("openings_m2") / face["area_m2"], 1)
    if "area_m2" not in face and "limiting_distance_m" not in face:
        return None
    return name.casefold(), face


def _table_faces(table: r.Table) -> r.RowsRead:
    read = r.RowsRead()
    for index, record in enumerate(table.records(), start=1):
        named = r.column(record, _HEADERS["face"])
        name = named[1].strip() if named and named[1].strip() else f"Face {index}"
        face: dict[str, Any] = {"face": name}
        for key, field, allow_zero in (
            ("area", "area_m2", False),
            ("ld", "limiting_distance_m", True),
            ("ratio", "ratio", False),
            ("actual", "upo_actual_pct", True),
        ):
            cell = r.column(record, _HEADERS[key])
            if cell is None or not cell[1].strip() or cell[1].strip() in ("-", "/"):
                continue
            got = r.number_cell(name, cell[0], cell[1], allow_zero=allow_zero)
            if isinstance(got, r.CellProblem):
                read.problems.append(got)
            else:
                face[field] = got
        read.rows[name.casefold()] = face
    return read


def read_faces(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    faces = {k: v for k, v in r.earlier_rows(state, item.number, "faces").items()}
    notes_text: list[str] = []
    problems: list[r.CellProblem] = []
    for position, text in enumerate(texts):
        latest = position == len(texts) - 1
        table = r.pasted_table(text)
        if table is not None:
            read = _table_faces(table)
            faces.update({k: {**faces.get(k, {}), **v} for k, v in read.rows.items()})
            if latest:
                problems = read.problems
            continue
        for segment in r.segments(text):
            found = _segment_face(segment, len(faces) + 1)
            if found is None:
                if latest:
                    notes_text.append(segment)
                continue
            key, face = found
            faces[key] = {**faces.get(key, {}), **face}
    if problems:
        return Reading(missing=f"usable figures for {r.problems_text(problems)}")
    if not faces:
        note = ". ".join(notes_text).strip()
        if not note:
            return Reading(missing=_ASK)
        return Reading(
            {"faces": [], "note": note},
            True,
            confidence=0.5,
            notes=[_NOT_COMPUTED],
        )
    return _computed(faces, notes_text, state)


_ASK = (
    "each exposing building face: its name (north, east…), face area in m², limiting distance in m, "
    "length ÷ height ratio (or its length and height) if the building is not sprinklered, and the "
    "area or % of openings proposed"
)
_NOT_COMPUTED = (
    "recorded as a note: no face figures were given, so nothing was computed; give each face's area "
    "and limiting distance to have the permitted openings worked out"
)


def _computed(faces: dict[str, dict[str, Any]], notes_text: list[str], state: ProjectState) -> Reading:
    group, sprinklered, group_note = building_case(state)
    if group is None:
        return Reading(missing="the major occupancy (3.02), which picks the spatial separation table")
    if sprinklered is None:
        return Reading(missing="whether the building is sprinklered throughout (3.11), which picks the table")
    rows: list[dict[str, Any]] = []
    working: list[str] = [group_note] if group_note else []
    verify: list[str] = []
    problems: list[str] = []
    for face in faces.values():
        name = face["face"]
        if face.get("area_m2") is None or face.get("limiting_distance_m") is None:
            problems.append(
                f"{name}: its {'face area' if face.get('area_m2') is None else 'limiting distance'}"
            )
            continue
        try:
            result = face_result(face, group, sprinklered)
        except CalcError as error:
            problems.append(f"{name}: {error}")
            continue
        given = face.pop("given_permitted", None)
        row = {k: v for k, v in face.items() if k in Face.model_fields}
        row.update(
            upo_permitted_pct=result.upo_permitted_pct,
            frr_h=result.frr_h,
            construction=result.construction,
            cladding=result.cladding,
            basis=f"Table {result.table.removeprefix('Table ')}, row {result.row}"
            + (f", {result.ratio_band}" if result.ratio_band else "")
            + f", column {r.figure_text(result.column_m, 'm')}",
        )
        if result.ratio is None:
            row["ratio"] = face.get("ratio")
        rows.append(row)
        working.append(result.working())
        if given is not None and abs(given - result.upo_permitted_pct) > 0.5:
            working.append(
                f"{name}: you gave {r.figure_text(given, '%')} permitted; the table gives "
                f"{r.figure_text(result.upo_permitted_pct, '%')}, which is what I recorded"
            )
        working.extend(f"{name}: {n}" for n in result.notes)
        verify.extend(result.to_verify)
    if problems:
        return Reading(missing="; ".join(problems))
    value = {"faces": rows, "note": ". ".join(notes_text)}
    working.extend(f"to be verified: {v}" for v in dict.fromkeys(verify))
    return Reading(value, True, confidence=0.85, notes=working)


def compute(item: FormItem, value: Any, state: ProjectState) -> Any:
    """Typed faces with the permitted openings, rating, construction and cladding worked out."""
    if isinstance(value, str) or not isinstance(value, dict) or not value.get("faces"):
        return value
    faces = {str(f.get("face", "")).casefold(): dict(f) for f in value["faces"] if isinstance(f, dict)}
    reading = _computed(faces, [str(value.get("note") or "")] if value.get("note") else [], state)
    if not reading.complete:
        raise ValueError(f"to work out the faces I need {reading.missing}")
    return reading.value


FACES = AnswerType(
    "spatial",
    "faces[] per exposing building face; inputs area_m2, limiting_distance_m, ratio, upo_actual_pct",
    _schema,
    _validate,
    _describe,
    read_faces,
    compute=compute,
)
ANSWER_TYPES = (FACES,)
