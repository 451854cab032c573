"""Spatial separation (3.22): one row per exposing building face, its openings worked out.

The consultant gives each face's area, limiting distance and (unsprinklered) its proportions
and openings; the engine gives the permitted openings, the rating, construction and cladding
from Tables 3.2.3.1 and 3.2.3.7, for the occupancy (3.02) and sprinklers (3.11) recorded. A
permitted share or rating the consultant writes is checked against the tables: the tables' figure
is recorded, the difference said; an estimate is asked about; words that give no face figures are
kept as the note.
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
    area, ld = r.figure_text(face.get("area_m2"), "m²"), r.figure_text(face.get("limiting_distance_m"), "m")
    return (
        f"{face['face']}: {area}, LD {ld}"
        + (f", ratio {r.figure_text(face['ratio'])}" if face.get("ratio") else "")
        + f", openings {permitted} permitted / {actual} actual, FRR {frr}, "
        f"construction {face.get('construction') or '-'}, cladding {face.get('cladding') or '-'}"
    )


def _answers(state: ProjectState) -> dict[str, Any]:
    return {a.section: a.value for a in state.finalized_answers}


def building_case(state: ProjectState) -> tuple[str | None, bool | None, str]:
    """The occupancy whose table governs and whether the building is sprinklered (None: unknown)."""
    facts = facts_from_answers(_answers(state))
    groups = list(facts.classified_groups) or list(facts.groups)  # a farm building alone is asked about
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


# --- Reading one face -----------------------------------------------------------------------------------

_DIRECTION = {"n": "North", "s": "South", "e": "East", "w": "West"}
_NAME = re.compile(
    r"\b(?P<dir>(?:north|south)(?:[\s-]?(?:east|west))?|east|west)(?:ern)?\b"
    r"|\b(?P<num>ebf|face|wall|elevation|elev\.?|side)\s*#?\s*(?P<id>\d{1,2}|[a-h])\b"
    r"|\b(?P<side>front|rear|back|left|right|street|lane|courtyard|party)\b",
    re.I,
)
_LETTER = re.compile(
    r"^\W*(?P<letter>ne|nw|se|sw|n|s|e|w)\b\.?(?=\s*(?:[:\-–,]|wall|face|elev|side|ebf|\d))", re.I
)
_LD = re.compile(
    r"\bl\.?\s?d\.?(?![a-z])|limiting\s+dist|property\s+line|\bp\.?l\.?\b|lot\s+line|set\s*-?\s*back|"
    r"from\s+the\s+(?:line|street|lane)|centre\s*line|center\s*line|away|to\s+the\s+(?:line|neighbou?r)",
    re.I,
)
_RATIO = re.compile(
    r"(?:ratio|\b[lh]\s*/\s*[hl]\b)\s*(?:of|is|=|:)?\s*(\d+(?:\.\d+)?)(?:\s*:\s*1)?|(\d+(?:\.\d+)?)\s*:\s*1\b",
    re.I,
)
_BAND = re.compile(
    r"[<>]\s*\d+\s*:\s*1|\b(?:less|more|under|over)\s+than\s+\d+\s*:\s*1|\b\d+\s*:\s*1\s+to\s+\d+\s*:\s*1",
    re.I,
)
_DIMS = re.compile(
    r"(\d+(?:\.\d+)?)\s*(m|ft|')?\s*(?:long|wide|l)?\s*(?:x|×|by)\s*(\d+(?:\.\d+)?)\s*(m|ft|')\b"
    r"\s*(?:high|tall|h)?(?!\s*(?:m2|m²|sf|sq))",
    re.I,
)
_NO_OPENINGS = re.compile(
    r"\b(?:no|without|zero|nil)\s+(?:unprotected\s+)?(?:openings?|glazing|windows?|upo|doors?)\b|"
    r"\b(?:blank|blind|solid)\s+wall\b|\b(?:has|with|openings?|glazing|windows?|upo)\s*:?\s*(?:none|nil)\b|"
    r"\bno\s+(?:unprotected\s+)?(?:openings|glazing)\s+(?:are\s+)?proposed\b",
    re.I,
)
_PERMITTED = re.compile(r"permit|allow|\bmax(?:imum)?\b|\blimit\b", re.I)
_ACTUAL = re.compile(r"actual|propos|provided|glaz|opening|upo|window|door|design", re.I)
_OPENING_WORDS = re.compile(r"window|glaz|opening|upo|door|storefront|curtain\s*wall", re.I)
_FRR = re.compile(r"frr|rating|rated|fire[\s-]*resist", re.I)


@dataclass
class FaceInput:
    name: str
    key: str = ""
    area: float | None = None
    ld: float | None = None
    ratio: float | None = None
    actual_pct: float | None = None
    openings_m2: float | None = None
    given_permitted: float | None = None
    given_frr: float | None = None
    estimate: str = ""
    assumed: str = ""  # a figure read without its noun ('5 m' alone taken as the limiting distance)
    problems: list[str] = field(default_factory=list)

    def fields(self) -> set[str]:
        names = ("area", "ld", "ratio", "actual_pct", "openings_m2", "given_permitted", "given_frr")
        return {n for n in names if getattr(self, n) is not None}


def face_name(text: str) -> str:
    """The face a phrase names one way: 'N wall', 'north elevation' -> 'North'; 'ebf 2' -> 'EBF 2'."""
    letter = _LETTER.match(text) or re.fullmatch(r"\W*(?P<letter>ne|nw|se|sw|n|s|e|w)\W*", text, re.I)
    if letter:
        said = letter["letter"].lower()
        return "".join(_DIRECTION[c] if i == 0 else _DIRECTION[c].lower() for i, c in enumerate(said))
    match = _NAME.search(text)
    if not match:
        return ""
    if match["dir"]:
        return re.sub(r"[\s-]", "", match["dir"]).capitalize()
    if match["num"]:
        kind = match["num"].rstrip(".").lower()
        kind = {"ebf": "EBF", "elev": "Elevation"}.get(kind, kind.capitalize())
        return f"{kind} {match['id'].upper()}"
    return match["side"].capitalize()


def _metres(q: p.Quantity) -> float:
    return round(q.value * (p.FT_TO_M if q.unit == "ft" else 1), 2)


_CLAUSE_END = re.compile(r",|\(|\)|:|\s[-–]\s|\band\b|\bwith\b")


def _clause(text: str, start: int, end: int) -> str:
    """The clause a figure stands in (between commas, dashes, colons, 'and', 'with' or brackets)."""
    left = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=0)
    right = next((m.start() for m in _CLAUSE_END.finditer(text, end)), len(text))
    return text[left:right]


# A statement about every face ('All faces more than 9 m from the lot line') names no face: a note.
_ALL_FACES = re.compile(
    r"^\W*(?:all|every|each|other|the\s+other|remaining|the\s+remaining)\s+(?:\w+\s+)?"
    r"(?:faces?|walls?|elevations?|sides?|ebfs?)\b",
    re.I,
)


def parse_face(segment: str) -> FaceInput | None:
    """A face's inputs from one line; None when it gives no face figures."""
    text = p.normalize(segment).strip()
    if _ALL_FACES.match(text) and not re.search(r"m2|m²|sq|sf|%|\bx\b", text, re.I):
        return None
    label = ""
    if ":" in text[:40]:
        head = text.split(":", 1)[0]
        if not p.quantities(head) or face_name(head):
            label = head.strip()
    figures = p.quantities(text)
    first = figures[0].start if figures else len(text)
    name = face_name(label or text[:first] or text)
    if not name and label and not re.search(r"\d", label):
        name = label[:1].upper() + label[1:]
    face = FaceInput(name=name[:60])
    face.estimate = m[0] if (m := r.ESTIMATE.search(text)) else ""
    dims = _DIMS.search(text)
    if dims:
        factor = p.FT_TO_M if (dims[2] or dims[4] or "").lower() in ("ft", "'") else 1.0
        length, height = float(dims[1]) * factor, float(dims[3]) * factor
        if length > 0 and height > 0:
            face.area = round(length * height, 1)
            face.ratio = round(max(length / height, height / length), 2)
    lengths: list[p.Quantity] = []
    for q in figures:
        if dims and dims.start() <= q.start < dims.end():
            continue
        lead = re.split(r"[,;(]", text[max(0, q.start - 20) : q.start])[-1]
        clause = f"{lead} {_clause(text, q.start, q.end)}"
        if q.unit in ("m2", "ft2"):
            area = q.value * (p.FT2_TO_M2 if q.unit == "ft2" else 1)
            if _OPENING_WORDS.search(clause) and not re.search(
                r"\bface\s+area|\bebf\s+area|\bwall\s+area", clause, re.I
            ):
                face.openings_m2 = round(area, 2)
            elif face.area is None:
                face.area = round(area, 1)
            else:
                both = f"{r.figure_text(face.area, 'm²')} and {r.figure_text(round(area, 1), 'm²')}"
                face.problems.append(f"two face areas ({both}); which is it?")
        elif q.unit in ("m", "ft"):
            if _LD.search(clause) or _LD.search(text[max(0, q.start - 30) : q.start]):
                face.ld = _metres(q)
            else:
                lengths.append(q)
        elif q.unit == "%" and q.value > 100:
            face.problems.append(f"{r.figure_text(q.value, '%')}: a share of the face is at most 100 %")
        elif q.unit == "%":
            if _PERMITTED.search(clause) and not re.search(r"actual|propos|provided", clause, re.I):
                face.given_permitted = q.value
            else:
                face.actual_pct = q.value
        elif q.unit == "time" and _FRR.search(clause + text[max(0, q.start - 20) : q.start]):
            face.given_frr = round(
                q.value if re.search(r"\d\s*h", text[q.start : q.end + 2], re.I) else q.value / 60, 2
            )
    if face.ld is None and len(lengths) == 1:
        face.ld = _metres(lengths[0])
        face.assumed = f"{r.figure_text(face.ld, 'm')} taken as the limiting distance"
    elif face.ld is None and len(lengths) > 1:
        face.problems.append(
            f"which of {', '.join(r.figure_text(_metres(q), 'm') for q in lengths)} is the limiting distance?"
        )
    band = _BAND.search(text)
    if band:
        face.problems.append(
            f"'{band[0]}' is a band of the table; give the face's length and height (or its ratio)"
        )
    ratio = _RATIO.search(text)
    if ratio and face.ratio is None and not _BAND.search(text):
        value = float(ratio[1] or ratio[2])
        face.ratio = value if value >= 1 else None
    if _NO_OPENINGS.search(text) and face.actual_pct is None and face.openings_m2 is None:
        face.actual_pct = 0.0
    if re.search(r"\bno\s+(?:rating|frr)\b|\b(?:rating|frr)\s*:?\s*(?:none|nil|n/?a)\b", text, re.I):
        face.given_frr = 0.0
    if not face.fields() - {"given_frr"} and not face.problems:
        return None
    return face


def _merge(old: FaceInput, new: FaceInput) -> FaceInput:
    merged = FaceInput(name=old.name, key=old.key)
    for attr in ("area", "ld", "ratio", "actual_pct", "openings_m2", "given_permitted", "given_frr"):
        value = getattr(new, attr)
        setattr(merged, attr, value if value is not None else getattr(old, attr))
    if new.actual_pct is not None:
        merged.openings_m2 = None
    if new.openings_m2 is not None:
        merged.actual_pct = None
    if new.area is not None and new.ratio is None and old.ratio is not None and new.area != old.area:
        merged.ratio = old.ratio
    merged.estimate = new.estimate
    merged.assumed = new.assumed if new.ld is not None else old.assumed
    merged.problems = list(new.problems)
    return merged


_HEADER_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("permitted", re.compile(r"permit|allow|\bmax", re.I)),
    ("ignore", re.compile(r"construct|cladding|basis|table|note", re.I)),
    ("frr", re.compile(r"frr|rating|fire[\s-]*resist", re.I)),
    ("ratio", re.compile(r"ratio|l\s*/\s*h|h\s*/\s*l", re.I)),
    ("ld", re.compile(r"\bl\.?\s?d\b|limiting|distance|set\s*back|to\s+p\.?l", re.I)),
    ("openings", re.compile(r"actual|propos|provided|upo|opening|glaz|window", re.I)),
    ("area", re.compile(r"area|size|m2|m²|sq|\bsf\b", re.I)),
    ("face", re.compile(r"face|wall|ebf|elevation|side|orientation|direction|name", re.I)),
]


def _table_faces(table: r.Table) -> list[FaceInput]:
    found = r.classify_headers(table.header or [], _HEADER_RULES)
    faces: list[FaceInput] = []
    headers = table.header or []
    taken = {h for key, hs in found.items() if key != "face" for h in hs}
    names = found.get("face") or ([headers[0]] if headers and headers[0] not in taken else [])
    for index, record in enumerate(table.records(), start=1):
        said = next((record[h].strip() for h in names if record.get(h, "").strip()), "")
        name = face_name(said) or said or f"Face {index}"
        face = FaceInput(name=name)
        for key in ("area", "ld", "ratio", "openings", "permitted", "frr"):
            for header in found.get(key, []):
                cell = record.get(header, "").strip()
                title = table.title(header)
                if r.BLANK.match(cell):
                    continue
                _cell(face, key, header, title, cell)
        if face.fields() or face.problems:
            faces.append(face)
    return faces


def _cell(face: FaceInput, key: str, header: str, title: str, cell: str) -> None:
    """One cell of a pasted face table into the face, or a problem naming it."""
    name = face.name
    if key == "ratio":
        match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(?::\s*1)?", cell)
        if match and float(match[1]) >= 1:
            face.ratio = float(match[1])
        else:
            face.problems.append(r.CellProblem(name, title, cell, "expected the ratio, e.g. 3 or 3:1").text())
        return
    if key == "openings" and (r.NOTHING.match(cell) or _NO_OPENINGS.search(cell)):
        face.actual_pct = 0.0
        return
    if key == "frr":
        minutes = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(h|hr|hrs|hours?|min|minutes?)?", cell, re.I)
        if r.NOTHING.match(cell):
            face.given_frr = 0.0
        elif minutes:
            value = float(minutes[1])
            face.given_frr = (
                round(value / 60, 2) if (minutes[2] or "").lower().startswith("m") or value > 4 else value
            )
        else:
            face.problems.append(
                r.CellProblem(name, title, cell, "expected a rating such as 1 h or 45 min").text()
            )
        return
    unit = r.header_unit(header)
    got = r.number_cell(name, title, cell, allow_zero=key in ("ld", "openings", "permitted"), unit=unit)
    if isinstance(got, r.CellProblem):
        face.problems.append(got.text())
        return
    in_m2 = bool(re.search(r"m2|m²|sq|sf|ft2", cell + " " + header, re.I)) and "%" not in cell + header
    if key == "area":
        face.area = round(got, 1)
    elif key == "ld":
        face.ld = got
    elif key == "openings":
        if in_m2:
            face.openings_m2 = got
        elif got > 100:
            face.problems.append(
                r.CellProblem(name, title, cell, "a share of the face can be at most 100 %").text()
            )
        else:
            face.actual_pct = got
    elif key == "permitted":
        face.given_permitted = got


def read_faces(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    faces = _recorded(state, item.number)
    origin = {key: -1 for key in faces}
    notes: list[str] = []
    problems: dict[str, list[str]] = {}
    for index, text in enumerate(texts):
        text = _without_chat(item, text)
        table = r.pasted_table(text)
        pieces: list[FaceInput | str] = []
        if table is not None and table.header is not None:
            pieces.extend(_table_faces(table))
            lines = r.segments(table.rest)
        elif table is not None:
            lines = [", ".join(row) for row in table.body] + r.segments(table.rest)
        else:
            lines = r.segments(text)
        for line in lines:
            parsed = parse_face(line)
            pieces.append(line if parsed is None else parsed)
        previous: FaceInput | None = None
        for piece in pieces:
            if isinstance(piece, str):
                if not r.is_chat(piece):
                    notes.append(piece)
                continue
            if (
                not piece.name
                and previous is not None
                and origin.get(previous.key) == index
                and not (piece.fields() & previous.fields())
            ):
                merged = _merge(previous, piece)
                merged.problems = previous.problems + piece.problems
                faces[previous.key] = merged
                problems[previous.key] = merged.problems
                previous = merged
                continue
            name = piece.name or f"Face {len(faces) + 1}"
            key = name.casefold()
            piece.name, piece.key = name, key
            merged = piece if key not in faces else _merge(faces[key], piece)
            merged.key = key
            faces[key] = merged
            origin[key] = index
            problems[key] = list(piece.problems)
            previous = merged
    hard = [
        f"row '{faces[k].name}': {p}" if not p.startswith("row '") else p
        for k, ps in problems.items()
        for p in ps
    ]
    note = r.join_notes(r.recorded_note(state, item.number), *notes)
    if hard:
        return Reading(missing="; ".join(dict.fromkeys(hard)))
    if not faces:
        if not note:
            return Reading(missing=_ASK)
        return Reading({"faces": [], "note": note}, True, confidence=0.5, notes=[_NOT_COMPUTED])
    return _computed(faces, note, state)


def _without_chat(item: FormItem, text: str) -> str:
    said = rf"{re.escape(item.number)}\b\s*[,:;.—–-]*|spatial\s+separation\s*[,:;.—–-]+"
    pattern = rf"^\W*(?:(?:for|re|item)\s+)?(?:{said})\s*"
    return re.sub(pattern, "", text.strip(), flags=re.I)


def _recorded(state: ProjectState, section: str) -> dict[str, FaceInput]:
    faces: dict[str, FaceInput] = {}
    for key, row in r.earlier_rows(state, section, "faces").items():
        face = FaceInput(name=str(row.get("face")), key=key)
        face.area = row.get("area_m2")
        face.ld = row.get("limiting_distance_m")
        face.ratio = row.get("ratio")
        face.actual_pct = row.get("upo_actual_pct")
        faces[key] = face
    return faces


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
    group, sprinklered, group_note = building_case(state)
    if group is None:
        return Reading(missing="the major occupancy (3.02), which picks the spatial separation table")
    if sprinklered is None:
        return Reading(missing="whether the building is sprinklered throughout (3.11), which picks the table")
    rows: list[dict[str, Any]] = []
    working: list[str] = [group_note] if group_note else []
    verify: list[str] = []
    hard: list[str] = []
    soft: list[str] = []
    differs: list[str] = []
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
        try:
            result = spatial_separation(group, sprinklered, face.area, face.ld, face.ratio)
        except CalcError as error:
            hard.append(f"row '{name}': {_input_question(error, sprinklered)}")
            continue
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
        if face.given_permitted is not None and abs(face.given_permitted - result.upo_permitted_pct) > 0.5:
            differs.append(
                f"{name}: you gave {r.figure_text(face.given_permitted, '%')} permitted; the table gives "
                f"{r.figure_text(result.upo_permitted_pct, '%')}, which is what I recorded"
            )
        if face.given_frr is not None and face.given_frr != (result.frr_h or 0):
            differs.append(
                f"{name}: you gave a rating of {hours_text(face.given_frr or None)}; Table 3.2.3.7 gives "
                f"{hours_text(result.frr_h)}, which is what I recorded"
            )
        if face.estimate:
            soft.append(f"row '{name}' is an estimate ('{face.estimate}'); give the exact figures")
        if face.assumed:
            soft.append(f"row '{name}': is {face.assumed.replace(' taken as', '')}? (say 'LD')")
        rows.append(
            {
                "face": name,
                "area_m2": face.area,
                "limiting_distance_m": face.ld,
                "ratio": face.ratio,
                "upo_permitted_pct": result.upo_permitted_pct,
                "upo_actual_pct": actual,
                "frr_h": result.frr_h,
                "construction": result.construction,
                "cladding": result.cladding,
                "basis": f"Table {result.table.removeprefix('Table ')}, row {result.row}"
                + (f", {result.ratio_band}" if result.ratio_band else "")
                + f", column {r.figure_text(result.column_m, 'm')}",
            }
        )
        frr = "no requirement" if result.frr_h is None else hours_text(result.frr_h)
        working.append(
            f"{name}: {rows[-1]['basis']} → {r.figure_text(result.upo_permitted_pct, '%')}; "
            f"Table 3.2.3.7 → {frr}"
        )
        if face.openings_m2 is not None:
            working.append(
                f"{name}: openings {r.figure_text(face.openings_m2, 'm²')} ÷ "
                f"{r.figure_text(face.area, 'm²')} = {r.figure_text(actual, '%')}"
            )
        if actual is not None and actual > result.upo_permitted_pct:
            working.append(
                f"{name}: {r.figure_text(actual, '%')} proposed is more than the "
                f"{r.figure_text(result.upo_permitted_pct, '%')} permitted"
            )
        working.extend(f"{name}: {n}" for n in result.notes)
        verify.extend(result.to_verify)
    if hard:
        return Reading(missing="; ".join(hard))
    value = {"faces": rows, "note": note}
    if soft:
        reasons = [f.assumed for f in faces.values() if f.assumed]
        if any(f.estimate for f in faces.values()):
            reasons.insert(0, "the estimates taken as exact")
        return Reading(missing="; ".join(soft), offer=value, offer_reason="; ".join(reasons))
    working.extend(r.to_verify(verify))
    return Reading(value, True, confidence=0.7 if differs else 0.85, notes=differs + working)


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
        if not isinstance(row, dict):
            continue
        face = FaceInput(name=str(row.get("face", "")))
        face.area = row.get("area_m2")
        face.ld = row.get("limiting_distance_m")
        face.ratio = row.get("ratio")
        face.actual_pct = row.get("upo_actual_pct")
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
