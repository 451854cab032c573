"""Spatial separation (3.22): one row per exposing building face, its openings worked out.

The consultant gives each face's area, limiting distance and (unsprinklered) its proportions
and openings; the engine gives the permitted openings, the rating, construction and cladding
from Tables 3.2.3.1 and 3.2.3.7, for the occupancy (3.02) and sprinklers (3.11) recorded. A
permitted share or rating the consultant writes is checked against the tables: the tables' figure
is recorded, the difference said; an estimate is asked about; words that give no face figures are
kept as the note. In a building of several occupancies a face is read with the table the consultant
names for it (below 0.8, the governing table said); a face on a street given unlimited openings
(3.2.3.10.(2)) is offered so for a one-storey building and kept at the table's figure otherwise.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wizard_core.answers import rows as r
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record
from wizard_core.answers.faces_case import building_case, street_offer, street_rule
from wizard_core.answers.wording.face_line import BAND, FaceInput, band_named
from wizard_core.answers.wording.faces import face_from_row, faces_said
from wizard_core.content import FormItem
from wizard_core.engine.spatial import CalcError, load_spatial, spatial_separation
from wizard_core.engine.spatial_faces import STREET_RULE
from wizard_core.engine.spatial_lookup import table_for
from wizard_core.models import ProjectState


class Face(Record):
    face: str = Field(min_length=1, max_length=80)
    area_m2: float | None = Field(default=None, gt=0)
    limiting_distance_m: float | None = Field(default=None, ge=0)
    ratio: float | None = Field(default=None, ge=1)
    ratio_band: str = ""  # the band of Table B or C named in place of the ratio ('over 10:1')
    upo_permitted_pct: float | None = Field(default=None, ge=0, le=100)
    upo_actual_pct: float | None = Field(default=None, ge=0, le=100)
    frr_h: float | None = Field(default=None, ge=0, le=4)
    construction: str = ""
    cladding: str = ""
    basis: str = ""  # the table, row and column the permitted figure comes from


class Faces(Record):
    faces: list[Face] = Field(default_factory=list)
    note: str = ""  # what was said that is not a face's figures (kept, never lost)


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
    for face in faces.faces:
        said = face.ratio_band.strip()
        if said:  # 'over 10:1' as the table names it, or '>10:1' as a consultant writes it
            face.ratio_band = (band_named(said) if BAND.fullmatch(said) else None) or ""
            if not face.ratio_band:
                raise ValueError(
                    f"{face.face}: “{said[:40]}” is not one band of Table 3.2.3.1.-B or -C (less than 3:1, "
                    "3:1 to 10:1 or over 10:1)"
                )
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
    area, ld = r.figure_text(face.get("area_m2"), "m²"), r.figure_text(face.get("limiting_distance_m"), "m")
    return (
        f"{face['face']}: {area}, LD {ld}"
        + (f", ratio {r.figure_text(face['ratio'])}" if face.get("ratio") else "")
        + (f", ratio {face['ratio_band']}" if face.get("ratio_band") and not face.get("ratio") else "")
        + f", openings {permitted} permitted / {actual} actual, FRR {frr}, "
        f"construction {face.get('construction') or '-'}, cladding {face.get('cladding') or '-'}"
    )


def read_faces(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    said = faces_said(item.number, texts, state)
    hard = said.questions()
    note = r.join_notes(r.recorded_note(state, item.number), *said.notes)
    if hard:
        return Reading(missing="; ".join(dict.fromkeys(hard)))
    if not said.faces:
        if not note:
            return Reading(missing=_ASK)
        return Reading({"faces": [], "note": note}, True, confidence=0.5, notes=[_NOT_COMPUTED])
    return _computed(said.faces, note, state)


_ASK = (
    "each exposing building face: its name (north, east…), face area in m², limiting distance in m, "
    "length ÷ height ratio (or its length and height) if the building is not sprinklered, and the "
    "area or % of openings proposed"
)
_NOT_COMPUTED = (
    "recorded as a note: no face figures were given, so nothing was computed; give each face's area "
    "and limiting distance to have the permitted openings worked out"
)


def _computed(faces: dict[str, FaceInput], note: str, state: ProjectState) -> Reading:
    case = building_case(state)
    group, sprinklered = case.group, case.sprinklered
    if group is None:
        return Reading(missing="the major occupancy (3.02), which picks the spatial separation table")
    if sprinklered is None:
        return Reading(missing="whether the building is sprinklered throughout (3.11), which picks the table")
    rows: list[dict[str, Any]] = []
    groups_used = {case.face_group(face.table) for face in faces.values()}
    working: list[str] = [case.note] if case.note and groups_used == {group} else []
    verify: list[str] = []
    hard: list[str] = []
    soft: list[str] = []
    differs: list[str] = []
    streets: list[str] = []  # the faces given unlimited openings by the street rule, to confirm: the table's
    departs = False  # a face read with the table the consultant named, not the governing occupancy's
    _areas_shared(faces)  # 'W - same area as E': the area of the face it names
    shared = [] if sprinklered else _ratios_shared(faces)
    soft.extend(f"row '{name}': {why}; confirm" for name, why in shared)
    for face in faces.values():
        name = face.name
        lacking = [
            what
            for what, value in (("face area in m²", face.area), ("limiting distance in m", face.ld))
            if value is None
        ]
        if lacking:
            hard.append(f"row '{name}': its {' and '.join(lacking)}")
            continue
        assert face.area is not None and face.ld is not None
        read_as = case.face_group(face.table)
        try:
            result = spatial_separation(
                read_as, sprinklered, face.area, face.ld, face.ratio, band=face.band or None
            )
        except CalcError as error:
            hard.append(f"row '{name}': {_input_question(error, sprinklered)}")
            continue
        if read_as != group:
            departs = True
            working.append(
                f"{name}: Table {result.table} as you named it, the table of Group {read_as} (a face of that "
                f"occupancy's fire compartments, 3.2.3.1.(1)); Group {group}, the most demanding of "
                f"{', '.join(case.groups)}, would read Table {table_for(group, sprinklered)}"
            )
        basis = (
            f"Table {result.table.removeprefix('Table ')}, row {result.row}"
            + (f", {result.ratio_band}" if result.ratio_band else "")
            + f", column {r.figure_text(result.column_m, 'm')}"
        )
        permitted, frr_h = result.upo_permitted_pct, result.frr_h
        construction, cladding = result.construction, result.cladding
        street = street_rule(face, case, permitted, basis)
        if street.applies:
            none = load_spatial().construction.no_requirement
            permitted, frr_h, construction, cladding = 100.0, None, none, none
            basis = f"{STREET_RULE}, a street-level storey facing a street, LD of 9 m or more ({street.text})"
            if face.street == "claimed":
                streets.append(f"{name}: LD {r.figure_text(face.ld, 'm')}, {street.text}")
        elif street.text:
            differs.append(street.text)
        actual = face.actual_pct
        if face.openings_m2 is not None:
            actual = round(100 * face.openings_m2 / face.area, 1)
            if actual > 100:
                hard.append(
                    f"row '{name}': {r.figure_text(face.openings_m2, 'm²')} of openings is more than the "
                    f"face's {r.figure_text(face.area, 'm²')}"
                )
                continue
        # A share or rating the consultant read from the tables themselves: the tables' figure is what
        # the face gets (it has no other meaning), said plainly and at a confidence that asks for a look.
        if (
            face.given_permitted is not None
            and abs(face.given_permitted - permitted) > 0.5
            and not street.text
        ):
            differs.append(
                f"{name}: you gave {r.figure_text(face.given_permitted, '%')} permitted; the table gives "
                f"{r.figure_text(permitted, '%')}, which is what I recorded"
            )
        if face.given_frr is not None and face.given_frr != (frr_h or 0):
            differs.append(
                f"{name}: you gave a rating of {hours_text(face.given_frr or None)}; Table 3.2.3.7 gives "
                f"{hours_text(frr_h)}, which is what I recorded"
            )
        if face.estimate:
            soft.append(f"row '{name}' is an estimate ('{face.estimate}'); give the exact figures")
        if face.assumed:
            hint = " (say 'LD')" if "limiting distance" in face.assumed else ""
            soft.append(f"row '{name}': is {face.assumed.replace(' taken as', '')}?{hint}")
        rows.append(
            {
                "face": name,
                "area_m2": face.area,
                "limiting_distance_m": face.ld,
                "ratio": face.ratio,
                "ratio_band": result.ratio_band or "" if face.ratio is None else "",
                "upo_permitted_pct": permitted,
                "upo_actual_pct": actual,
                "frr_h": frr_h,
                "construction": construction,
                "cladding": cladding,
                "basis": basis,
            }
        )
        frr = "no requirement" if frr_h is None else hours_text(frr_h)
        working.append(f"{name}: {basis} → {r.figure_text(permitted, '%')}; Table 3.2.3.7 → {frr}")
        if face.openings_m2 is not None:
            working.append(
                f"{name}: openings {r.figure_text(face.openings_m2, 'm²')} ÷ "
                f"{r.figure_text(face.area, 'm²')} = {r.figure_text(actual, '%')}"
            )
        if actual is not None and actual > permitted:
            working.append(
                f"{name}: {r.figure_text(actual, '%')} proposed is more than the "
                f"{r.figure_text(permitted, '%')} permitted"
            )
        working.extend(f"{name}: {n}" for n in result.notes)
        verify.extend(result.to_verify)
    if hard:
        return Reading(missing="; ".join(hard))
    value = {"faces": rows, "note": note}
    if soft or streets:
        reasons = [f.assumed for f in faces.values() if f.assumed] + [why for _, why in shared]
        if any(f.estimate for f in faces.values()):
            reasons.insert(0, "the estimates taken as exact")
        if streets:
            reasons.insert(0, street_offer(streets))
            soft.append(
                "whether those faces are each a storey at street level facing a street (3.2.3.10.(2)), or "
                "that their openings are the table's"
            )
        return Reading(missing="; ".join(soft), offer=value, offer_reason="; ".join(reasons))
    working.extend(r.to_verify(verify))
    confidence = 0.7 if differs else 0.75 if departs else 0.85
    return Reading(value, True, confidence=confidence, notes=differs + working)


def _areas_shared(faces: dict[str, FaceInput]) -> None:
    """A face said to have another face's area takes it, with that face's ratio when it has none."""
    for face in faces.values():
        if not face.area_as or face.area is not None:
            continue
        source = next((f for f in faces.values() if f is not face and f.name.startswith(face.area_as)), None)
        if source is not None and source.area is not None:
            face.area = source.area
            if face.ratio is None and not face.band:
                face.ratio, face.band = source.ratio, source.band


def _ratios_shared(faces: dict[str, FaceInput]) -> list[tuple[str, str]]:
    """A face given without its ratio whose area is another face's, that face's ratio given: the
    opposite wall of a rectangle ('the south face is also 129.2 m²'), taken at its ratio, to confirm."""
    shared = []
    for face in faces.values():
        if face.ratio is not None or face.band or face.area is None:
            continue
        same = [
            f for f in faces.values() if f.ratio is not None and f.area and abs(f.area - face.area) < 0.05
        ]
        if len({f.ratio for f in same}) == 1:
            face.ratio = same[0].ratio
            area = r.figure_text(face.area, "m²")
            shared.append(
                (
                    face.name,
                    f"ratio {r.figure_text(face.ratio)} taken from '{same[0].name}', of the same {area}",
                )
            )
    return shared


def _input_question(error: CalcError, sprinklered: bool) -> str:
    if error.field == "ratio":
        return (
            "its length ÷ height ratio, or its length and height (e.g. '30 m x 5 m'): the building is not "
            "sprinklered, so Table 3.2.3.1.-B or -C reads the ratio"
        )
    return str(error)


def compute(item: FormItem, value: Any, state: ProjectState) -> Any:
    """Typed faces with the permitted openings, rating, construction and cladding worked out."""
    if isinstance(value, str) or not isinstance(value, dict) or not value.get("faces"):
        return value
    faces: dict[str, FaceInput] = {}
    for row in value["faces"]:
        if isinstance(row, dict):
            face = face_from_row(row, str(row.get("face", "")))
            faces[face.name.casefold()] = face
    reading = _computed(faces, str(value.get("note") or ""), state)
    if reading.offer is not None:
        return reading.offer
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
