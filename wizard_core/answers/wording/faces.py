"""The faces of spatial separation (3.22) a thread gives: lines and pasted tables, merged by face.

A face given again replaces what the new words give and keeps the rest; a line without a face's
name continues the face before it; the recorded faces are read back as inputs, so a revision works
them out again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from wizard_core.answers.rows import earlier_rows
from wizard_core.answers.wording.face_line import (
    NO_OPENINGS,
    FaceInput,
    band_problems,
    face_label,
    face_name,
    one_band,
    parse_face,
    ratio_said,
)
from wizard_core.answers.wording.messages import (
    BLANK,
    NOTHING,
    CellProblem,
    Table,
    classify_headers,
    header_unit,
    message_parts,
    number_cell,
    without_heading,
)
from wizard_core.engine.spatial_faces import by_street_rule, tables_named
from wizard_core.models import ProjectState


@dataclass
class FacesSaid:
    """The faces a thread gives, by key, the words that give none, and what each face's words lack."""

    faces: dict[str, FaceInput] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    problems: dict[str, list[str]] = field(default_factory=dict)  # key -> what its cells or words lack

    def questions(self) -> list[str]:
        """What the faces' words or cells lack, each naming its row."""
        return [
            f"row '{self.faces[k].name}': {p}" if not p.startswith("row '") else p
            for k, ps in self.problems.items()
            for p in ps
        ]


def faces_said(number: str, texts: list[str], state: ProjectState) -> FacesSaid:
    """The faces of item ``number`` the thread's ``texts`` give (oldest first), merged with those recorded."""
    said = FacesSaid(faces=_recorded(state, number))
    faces, problems = said.faces, said.problems
    origin = {key: -1 for key in faces}
    for index, text in enumerate(texts):
        text = without_heading(text, number, _HEADING.format(number=re.escape(number)))
        text, shares = _shares_by_face(text)
        _, tabled, lined = message_parts(text, _table_faces, parse_face)
        pieces = [*tabled, *lined]
        previous: FaceInput | None = None
        given_here: set[str] = set()  # the figures this message gives the face before
        named_here = any(not isinstance(piece, str) and piece.name for piece in pieces)
        # a pasted table naming its faces is the answer: a line around it naming none is its preamble
        table_named = any(piece.name for piece in tabled)
        tabled_keys: set[str] = set()
        tables = tables_named(text)
        parts = _tables_by_part(text)
        for piece in pieces:
            if isinstance(piece, str):
                said.notes.append(piece)
                continue
            # the words around a pasted table that names its faces are about them ('at forty per cent the
            # west face needs 45 min'): they change no figure of the table's, nor add a nameless face
            # ('E wall NC (existing brick), N party wall 1 h', 'N is LD to the centreline': a remark on a
            # tabled face, not a face of its own, which would give its area and limiting distance)
            if (
                table_named
                and all(piece is not t for t in tabled)
                and (
                    not piece.name
                    or _key(faces, piece.name) in tabled_keys
                    or piece.area is None
                    or piece.ld is None
                )
            ):
                said.notes.append(piece.line or _PREAMBLE_NOTE)
                continue
            # 'Sprinklered, so Table D:' before the faces: the table each face of the message is read with
            named_table = tables[0] if len(tables) == 1 else ""
            piece.table = piece.table or named_table or _table_of_part(piece, parts)
            if piece.same_ratio and piece.ratio is None and previous is not None:
                piece.ratio = previous.ratio  # 'same ratio': the face before it
            if (
                not piece.name
                and previous is not None
                and origin.get(previous.key) == index
                and not (piece.fields() & given_here)
            ):
                merged = _merge(previous, piece)
                # 'L/H 9.5; … row 350, 3:1 to 10:1': a band in a part after the face's ratio is checked by it
                bands = previous.bands + piece.bands
                alone = set(band_problems(None, bands))
                merged.problems = [x for x in previous.problems + piece.problems if x not in alone]
                merged.problems += band_problems(merged.ratio, bands)
                merged.bands = bands if merged.ratio is None else []
                merged.band = one_band(merged.bands)
                faces[previous.key] = merged
                problems[previous.key] = merged.problems
                previous = merged
                given_here |= piece.fields()
                continue
            if not piece.name and (
                named_here and (piece.ld is None or (piece.assumed and piece.area is None))
            ):
                # "Sprinklered, Table D; each face exceeds 150 m2", "EBF ht 16.0", "EBF to L3 ceiling
                # 10.2 m:" (a height, not a limiting distance): about the faces named
                said.notes.append(_PREAMBLE_NOTE)
                continue
            name = piece.name or f"Face {len(faces) + 1}"
            key = _key(faces, name)
            piece.name, piece.key = name, key
            merged = piece if key not in faces else _merge(faces[key], piece)
            merged.key = key
            faces[key] = merged
            origin[key] = index
            if any(piece is t for t in tabled):
                tabled_keys.add(key)
            given_here = piece.fields()
            problems[key] = list(piece.problems)
            previous = merged
        for name, share in shares:  # 'Proposed: W 12%, N 4%': each face's openings, after the faces
            key = _key(faces, name)
            if key in faces:
                faces[key].actual_pct = share
    return said


# a line giving one figure for each face by its name: 'Proposed: W 12%, N 4%, E 8%, S 0%'
_SHARES_LINE = re.compile(
    r"(?im)^[ \t]*(?:openings\s+)?(?:proposed|actual|provided|glazing|unprotected\s+openings)(?:\s+openings)?"
    r"\s*[:=-][ \t]*(?P<pairs>(?:[^\n,;]{1,20}?\s*\d+(?:\.\d+)?\s*%[ \t]*[,;]?[ \t]*){2,})[ \t.]*$"
)
_PAIR = re.compile(r"([^,;\d]{1,20}?)\s*(\d+(?:\.\d+)?)\s*%")


def _shares_by_face(text: str) -> tuple[str, list[tuple[str, float]]]:
    """``text`` without its lines giving each face's openings by name, and those shares by face."""
    shares: list[tuple[str, float]] = []
    for line in _SHARES_LINE.finditer(text):
        pairs = [(face_name(m[1]), float(m[2])) for m in _PAIR.finditer(line["pairs"])]
        if pairs and all(name for name, _ in pairs):
            shares.extend(pairs)
            text = text.replace(line[0], "")
    return text, shares


# 'Re item 3.22 –', 'Spatial separation:', 'Revision on 3.22 –', 'Correction to 3.22:'
_HEADING = (
    r"spatial\s+separation\s*[,:;.—–-]+|(?:revision|correction|update|change)s?\s+(?:on|to|for|of)\s+"
    r"(?:item\s+)?{number}\b\s*[,:;.—–-]*"
)
_PREAMBLE_NOTE = (
    "figures on a line that names no face and gives no limiting distance were read as about the "
    "faces named, not as a face of their own"
)


# 'Retail uses Table 3.2.3.1.-E, residential Table -D': the table each part of the building is read with
_PART_TABLE = re.compile(
    r"\b([a-z]{4,})\s+(?:(?:faces?|walls?|compartments?|portion|part)\s+)?(?:uses?|reads?|takes?|on|per|from"
    r"|(?:is|are)\s+read\s+(?:with|from|against|on))?\s*table\s+(?:3\.2\.3\.1\.?)?\s*-?\s*([b-e])\b(?!\d|\.\d)",
    re.I,
)
# words before 'Table X' that name no part of the building
_NO_PART = frozenset(
    {
        "uses",
        "reads",
        "takes",
        "from",
        "with",
        "then",
        "sprinklered",
        "unsprinklered",
        "building",
        "governing",
    }
)


def _tables_by_part(text: str) -> dict[str, str]:
    """The table named for each part of the building a message's words name ('retail' -> 'E')."""
    return {m[1].lower(): m[2].upper() for m in _PART_TABLE.finditer(text) if m[1].lower() not in _NO_PART}


def _table_of_part(face: FaceInput, parts: dict[str, str]) -> str:
    """The table of the one part of the building a face's words name ('N / rear lot line, retail'), or ""."""
    named = {t for word, t in parts.items() if re.search(rf"\b{re.escape(word)}\b", face.line, re.I)}
    return named.pop() if len(named) == 1 else ""


def _key(faces: dict[str, FaceInput], name: str) -> str:
    """A face's key: its name, or the one face given with more words that a bare direction names ('North'
    for 'North (King St)')."""
    key = name.casefold()
    if key in faces or face_name(name) != name:
        return key
    named = [k for k, face in faces.items() if face_name(face.name) == name]
    return named[0] if len(named) == 1 else key


def face_from_row(row: dict[str, Any], name: str, key: str = "") -> FaceInput:
    """A recorded face's inputs, so it is worked out again."""
    face = FaceInput(name=name, key=key)
    face.area = row.get("area_m2")
    face.ld = row.get("limiting_distance_m")
    face.ratio = row.get("ratio")
    face.band = "" if face.ratio is not None else str(row.get("ratio_band") or "")
    face.actual_pct = row.get("upo_actual_pct")
    basis = str(row.get("basis") or "")
    face.table = tables[0] if (tables := tables_named(basis)) else ""
    face.street = "confirmed" if by_street_rule(basis) else ""
    return face


def _recorded(state: ProjectState, section: str) -> dict[str, FaceInput]:
    rows = earlier_rows(state, section, "faces")
    return {key: face_from_row(row, str(row.get("face")), key) for key, row in rows.items()}


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
    merged.band = "" if new.ratio is not None else new.band or old.band
    merged.table = new.table or old.table
    merged.street = new.street or ("" if new.given_permitted is not None else old.street)
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


def _table_faces(table: Table) -> list[FaceInput]:
    found = classify_headers(table.header or [], _HEADER_RULES)
    faces: list[FaceInput] = []
    headers = table.header or []
    taken = {h for key, hs in found.items() if key != "face" for h in hs}
    names = found.get("face") or ([headers[0]] if headers and headers[0] not in taken else [])
    for index, record in enumerate(table.records(), start=1):
        said = next((record[h].strip() for h in names if record.get(h, "").strip()), "")
        name = face_label(said) or said or f"Face {index}"
        face = FaceInput(name=name)
        for key in ("area", "ld", "ratio", "openings", "permitted", "frr"):
            for header in found.get(key, []):
                cell = record.get(header, "").strip()
                title = table.title(header)
                if BLANK.match(cell):
                    continue
                _cell(face, key, header, title, cell)
        if face.ratio is None:  # a remark beside the figures ('70.0 x 6.0, L/H 11.7 (>10:1)'): its ratio
            remarks = [record.get(h, "") for h in headers if h not in taken and h not in names]
            ratios = (ratio_said(cell, face.area) for cell in remarks)
            face.ratio = next((r for r in ratios if r is not None), None)
        if face.fields() or face.problems:
            faces.append(face)
    return faces


def _cell(face: FaceInput, key: str, header: str, title: str, cell: str) -> None:
    """One cell of a pasted face table into the face, or a problem naming it."""
    name = face.name
    if key == "ratio":
        match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(?::\s*1)?", cell)
        worked = number_cell(name, title, cell) if not match and "=" in cell else None  # '163/22 = 7.4'
        if match and float(match[1]) >= 1:
            face.ratio = float(match[1])
        elif isinstance(worked, float) and worked >= 1:
            face.ratio = worked
        else:
            face.problems.append(CellProblem(name, title, cell, "expected the ratio, e.g. 3 or 3:1").text())
        return
    if key == "openings" and (NOTHING.match(cell) or NO_OPENINGS.search(cell)):
        face.actual_pct = 0.0
        return
    if key == "frr":
        # '1 h', '45 min', and '1 h, NC cladding', '45 min (ground storey unlimited, 3.2.3.10(2))': a remark
        minutes = re.fullmatch(
            r"(\d+(?:\.\d+)?)\s*(h|hr|hrs|hours?|min|minutes?)?(?:\s*[,;(]\s*\D.*|\s+[a-z].*)?",
            cell,
            re.I | re.S,
        )
        if NOTHING.match(cell):
            face.given_frr = 0.0
        elif minutes:
            value = float(minutes[1])
            face.given_frr = (
                round(value / 60, 2) if (minutes[2] or "").lower().startswith("m") or value > 4 else value
            )
        else:
            face.problems.append(
                CellProblem(name, title, cell, "expected a rating such as 1 h or 45 min").text()
            )
        return
    unit = header_unit(header)
    got = number_cell(name, title, cell, allow_zero=key in ("ld", "openings", "permitted"), unit=unit)
    if isinstance(got, CellProblem):
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
                CellProblem(name, title, cell, "a share of the face can be at most 100 %").text()
            )
        else:
            face.actual_pct = got
    elif key == "permitted":
        face.given_permitted = got
