"""One line of a consultant's words on spatial separation (3.22) read into a face's inputs.

The face's name in one spelling, its area (given, or its length times its height, which also give
the ratio), limiting distance, openings (in m² or as a share), and a permitted share or rating the
consultant read from the tables; each figure is placed by the clause it stands in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from wizard_core.answers import parsing as p
from wizard_core.answers.rows import figure_text
from wizard_core.answers.wording.messages import ESTIMATE, said_twice
from wizard_core.engine.spatial_faces import tables_named
from wizard_core.engine.spatial_lookup import ratio_band_between

_DIRECTION = {"n": "North", "s": "South", "e": "East", "w": "West"}
_NAME = re.compile(
    r"\b(?P<dir>(?:north|south)(?:[\s-]?(?:east|west))?|east|west)(?:ern)?\b"
    r"|\b(?P<num>ebf|face|wall|elevation|elev\.?|side)\s*#?\s*(?P<id>\d{1,2}|[a-h])\b"
    r"|\b(?P<side>front|rear|back|left|right|street|lane|courtyard|party)\b",
    re.I,
)
# 'N wall', 'E: …', 'S 12 x 4', 'E1 —', 'S / Pine St', '3. N / rear lot line': a compass letter heading the
# line (after a list's number); 'N rear yard - …' too, a letter before a word of two letters or more (not
# 'e.g.', 'w/', 'n/a')
_LETTER = re.compile(
    r"^\W*(?:\d{1,2}[.)]\s+)?(?P<letter>ne|nw|se|sw|n|s|e|w)(?P<no>\d)?\b\.?"
    r"(?=\s*(?:[:\-–—,(]|wall|face|elev|side|end\b|ebf|\d)|\s+/|\s+[a-z]{2})",
    re.I,
)
_LD = re.compile(
    r"\bl\.?\s?d\.?(?![a-z])|limiting\s+dist|property\s+line|\bp\.?l\.?\b|lot\s+line|set\s*-?\s*back|"
    r"from\s+the\s+(?:line|street|lane)|centre\s*line|center\s*line|away|to\s+the\s+(?:line|neighbou?r)",
    re.I,
)
_RATIO_WORD = r"(?:ratio|\b[lh]\s*/\s*[hl]\b)"
_RATIO = re.compile(
    rf"{_RATIO_WORD}\s*(?:of|is|=|:|≈|~)?\s*(\d+(?:\.\d+)?)(?:\s*:\s*1)?|(\d+(?:\.\d+)?)\s*:\s*1\b",
    re.I,
)
# 'L/H ≈ 13.2', 'l/h about 5.1': a ratio worked out from the face's sides and rounded, not an estimate of
# the face (the ratio only picks the table's column)
_ROUNDED_RATIO = re.compile(rf"({_RATIO_WORD}\s*)(?:≈|~|about|around|approx\w*|roughly)", re.I)
_TABLE_AT = re.compile(r"\b(?:row|column|col)\b[^.;,]{0,25}?\bat\s*$", re.I)
# 'the old windows come to about 22% on that wall': the glazing there now, rough, not a figure of the face
# the matrix records
_ACTUAL_GLAZING_ROUGH = re.compile(
    r"[^.;]*\b(?:windows?|glazing|glazed|openings)\b[^.;]*?(?:about|around|roughly|approx\w*|~)\s*\d+(?:\.\d+)?\s*%"
    r"|(?:about|around|roughly|approx\w*|~)\s*\d+(?:\.\d+)?\s*%[^.;]*\b(?:windows?|glazing|glazed)\b",
    re.I,
)
# a band of Tables 3.2.3.1.-B and -C: '>10:1', 'over 10:1', 'less than 3:1', '3:1 to 10:1', '3-10:1'
BAND = re.compile(
    r"[<>≤≥]\s*\d+\s*:\s*1|\b(?:(?:less|more|greater)\s+than|under|over|above|below)\s+\d+\s*:\s*1"
    r"|\b\d+\s*(?::\s*1\s*)?(?:to|-|–)\s*\d+\s*:\s*1",
    re.I,
)
# 'same ratio', 'same L/H as the W face': the ratio of the face given before it
_SAME_RATIO = re.compile(rf"\bsame\s+(?:{_RATIO_WORD}|proportions)", re.I)
# '34.0 × 8.4 = 285.6 m²': a length and height written without their unit, their product the face area
_SIDES_TO_AREA = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:x|×|by)\s*(\d+(?:\.\d+)?)\s*=\s*(\d+(?:\.\d+)?)\s*(?:m2|m²|sm)\b", re.I
)
# the street rule (3.2.3.10.(2)) claimed: a face facing a street, its openings unlimited
_STREET = re.compile(
    r"\bstreet\b(?!\s*(?:centre|center)\s*-?\s*line)|\bpublic\s+(?:way|thoroughfare)|3\.2\.3\.10\b", re.I
)
_UNLIMITED = re.compile(r"\bunlimited\b|3\.2\.3\.10\b", re.I)
# 'the east face's limiting distance becomes …': a face named after the line's first figure
_FACE_NAMED_LATER = re.compile(
    r"\bthe\s+((?:north|south)(?:[\s-]?(?:east|west))?|east|west)(?:ern)?\s+(?:face|wall|elevation|ebf)(?:'s)?\b",
    re.I,
)
_DIMS = re.compile(
    r"(\d+(?:\.\d+)?)\s*(m|ft|')?\s*(?:long|wide|l)?\s*(?:x|×|by)\s*(\d+(?:\.\d+)?)\s*(m|ft|')\b"
    r"\s*(?:high|tall|h)?(?!\s*(?:m2|m²|sf|sq))",
    re.I,
)
NO_OPENINGS = re.compile(
    r"\b(?:no|without|zero|nil)\s+(?:unprotected\s+)?(?:openings?|glazing|windows?|upo|doors?)\b|"
    r"\b(?:blank|blind|solid)\s+wall\b|\b(?:has|with|openings?|glazing|windows?|upo)\s*:?\s*(?:none|nil)\b|"
    r"\bno\s+(?:unprotected\s+)?(?:openings|glazing)\s+(?:are\s+)?proposed\b",
    re.I,
)
_PERMITTED = re.compile(r"permit|allow|\bmax(?:imum)?\b|\blimit\b", re.I)
# A share read off the table, the consultant's working: '→ 100 %', 'col 6 = 52%', '→ col 7 → 66 %'
_TABLE_READ = re.compile(r"(?:->|→|=>|\bcol(?:umn)?\.?\s*\d+(?:\.\d+)?\s*(?:=|->|→|:))\s*$", re.I)
# A limiting distance written without its unit right after its name: 'LD 6.5 -> col 6'
_LD_BARE = re.compile(r"\bl\.?\s?d\.?\s*(?:=|:|of|is)?\s*$", re.I)
_OPENING_WORDS = re.compile(r"window|glaz|opening|upo|door|storefront|curtain\s*wall", re.I)
_TABLE_PLACE = re.compile(r"\s*(?:row|band|column|col\b)", re.I)
# 'the house next door' names a neighbour, no opening: its door is no door of the face
_NEXT_DOOR = re.compile(r"\bnext[\s-]+door\b", re.I)
# 'W - same area as E -': the face whose area this one has
_AREA_AS = re.compile(
    r"\bsame\s+(?:area|size|wall\s+area)\s+as\s+(?:the\s+)?([a-z][\w ]{0,20}?)(?=\s*(?:[-–,;|(]|$))", re.I
)
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
    table: str = ""  # the letter of the Table 3.2.3.1 the consultant reads the face with ('D')
    same_ratio: bool = False  # 'same ratio': the ratio of the face given before it
    area_as: str = ""  # 'same area as E': the face whose area this one has
    street: str = ""  # 3.2.3.10.(2) for the face: "claimed" in the words, "confirmed" when recorded
    line: str = ""  # the words a line gave it in
    bands: list[str] = field(default_factory=list)  # bands of the table said with no ratio beside them
    band: str = ""  # the table's band those name ('over 10:1' for '>10:1'), read when no ratio is given
    problems: list[str] = field(default_factory=list)

    def fields(self) -> set[str]:
        names = ("area", "ld", "ratio", "actual_pct", "openings_m2", "given_permitted", "given_frr")
        return {n for n in names if getattr(self, n) is not None}


def face_name(text: str) -> str:
    """The face a phrase names one way: 'N wall', 'north elevation' -> 'North'; 'ebf 2' -> 'EBF 2'."""
    letter = _LETTER.match(text) or re.fullmatch(r"\W*(?P<letter>ne|nw|se|sw|n|s|e|w)\W*", text, re.I)
    if letter:
        said = letter["letter"].lower()
        name = "".join(_DIRECTION[c] if i == 0 else _DIRECTION[c].lower() for i, c in enumerate(said))
        number = letter.groupdict().get("no")
        return f"{name} {number}" if number else name  # 'E1', 'N2': the east and north faces, numbered
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


_FACE_WORDS = re.compile(
    r"\b(?:(?:north|south)(?:[\s-]?(?:east|west))?|east|west)(?:ern)?\b|^\W*(?:ne|nw|se|sw|n|s|e|w)\b\.?"
    r"|\((?:ne|nw|se|sw|n|s|e|w)\)|\b(?:walls?|faces?|elevations?|elev|sides?|ebf|exposing|building|facade)\b",
    re.I,
)


# where a face's figures start: its area, limiting distance, ratio or openings
_FIGURES_FROM = re.compile(
    r"\b(?:l\.?\s?d|limiting|ratio|l\s*/\s*h|area|openings?|glazing|upo)\b|\d+(?:[.,]\d+)?\s*(?:m2|m²|sm|sf|m\b|ft|%)"
    r"|\d+(?:\.\d+)?\s*(?:x|×|by)\s*\d",
    re.I,
)


def face_label(said: str) -> str:
    """The face's name as the consultant wrote it when it says more than the direction ('North (King
    St)', 'W end (to horse barn)', 'douro (E)'); the direction alone otherwise ('N wall' -> 'North')."""
    said = _FIGURES_FROM.split(re.sub(r"\s+", " ", said), maxsplit=1)[0].strip(" :-–,")
    said = said.lstrip(" •·▪◦‣*>-–—")  # a bullet before the name is no part of it
    said = re.sub(r"^\d{1,2}[.)]\s+", "", said).rstrip(" :-–—,")  # nor a list's number, nor a dash after it
    name = face_name(said)
    if not name or not re.search(r"[a-z]{2,}", _FACE_WORDS.sub(" ", said), re.I) or len(said) > 60:
        return name
    return said[:1].upper() + said[1:]


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


TWIN = 0.02  # a length in brackets this close to the one before it is the same length in other units


_LIST_NUMBER = re.compile(r"^\d{1,2}[.)]\s+(?=\D)")


def parse_face(segment: str) -> FaceInput | None:
    """A face's inputs from one line; None when it gives no face figures."""
    text = _LIST_NUMBER.sub("", p.normalize(segment).strip())  # '3. N / rear lot line, retail — …'
    if _ALL_FACES.match(text) and not re.search(r"m2|m²|sq|sf|%|\bx\b", text, re.I):
        return None
    label = ""
    if ":" in text[:40]:
        head = text.split(":", 1)[0]
        if not p.quantities(head) or face_name(head):
            label = head.strip()
    figures = p.quantities(text)
    first = figures[0].start if figures else len(text)
    # the name as set apart ('S (Pine St)', 'N / rear lot line, retail —'), not 'north is', 'W parking lot -'
    head = label or (text[:first] if re.search(r"\(|\s/\s", text[:first]) else "")
    name = face_label(head) or face_name(label or text[:first] or text)
    if not name and len(later := {m[1].casefold() for m in _FACE_NAMED_LATER.finditer(text)}) == 1:
        name = face_name(later.pop())  # 'so the east face's limiting distance becomes 3.0 m'
    compass = re.search(r"\b(?:north|south|east|west|[nsew]\d?)\b", label, re.I)
    if label and not compass and _HEIGHT.search(label) and not re.search(r"m2|m²|sq|sf|%", text, re.I):
        return None  # 'EBF heights to the highest ceiling: wing 8,0 m, gym 7,0 m': no face of its own
    if not name and label and not re.search(r"\d", label) and not _FIELD_LABEL.match(label):
        label = label.lstrip(" -–•*")  # ('LD nil: 0 %' labels a figure of the face before, no face)
        name = label[:1].upper() + label[1:]
    face = FaceInput(name=name[:60], line=segment.strip())
    rough = _ACTUAL_GLAZING_ROUGH.sub(" ", _ROUNDED_RATIO.sub(r"\1", text))
    face.estimate = m[0] if (m := ESTIMATE.search(rough)) else ""
    face.table = tables[0] if len(tables := tables_named(text)) == 1 else ""
    face.same_ratio = bool(_SAME_RATIO.search(text))
    sides = _sides(text)
    if sides:
        length, height, _ = sides
        if length > 0 and height > 0:
            face.area = round(length * height, 1)
            face.ratio = round(max(length / height, height / length), 2)
    lengths: list[p.Quantity] = []
    loose: list[float] = []  # shares said as neither permitted nor proposed
    masked = _NEXT_DOOR.sub(lambda m: " " * len(m[0]), text)  # the same positions, no neighbour's door
    proposed = False
    for q in figures:
        if sides and sides[2][0] <= q.start < sides[2][1]:
            continue
        if _COMPARED.search(text[max(0, q.start - 14) : q.start]):
            continue  # 'brick cladding b/c LD < 5 m': a limit of the code, not this face's figure
        if q.unit and _TABLE_PLACE.match(text[q.end : q.end + 12]):
            continue  # '→ 500 m² row, 25 m column': where the table was read, no figure of the face
        lead = re.split(r"[,;(]", masked[max(0, q.start - 20) : q.start])[-1]
        clause = f"{lead} {_clause(masked, q.start, q.end)}"
        if q.unit in ("m2", "ft2"):
            area = q.value * (p.FT2_TO_M2 if q.unit == "ft2" else 1)
            if _OPENING_WORDS.search(clause) and not re.search(
                r"\bface\s+area|\bebf\s+area|\bwall\s+area", clause, re.I
            ):
                face.openings_m2 = round(area, 2)
            elif face.area is None:
                face.area = round(area, 1)
            elif abs(face.area - area) > 0.01 * area + 0.05:  # '34 x 8.4 = 285.6 m²': the same area twice
                both = f"{figure_text(face.area, 'm²')} and {figure_text(round(area, 1), 'm²')}"
                face.problems.append(f"two face areas ({both}); which is it?")
        elif q.unit in ("m", "ft"):
            bracketed = text[: q.start].count("(") > text[: q.start].count(")")
            if face.ld is not None and bracketed and abs(_metres(q) - face.ld) > TWIN * face.ld:
                continue  # 'limiting distance 13.0 m (3.0 m to the street line plus half the road)': working
            before = re.split(r"[.;]\s", text[max(0, q.start - 30) : q.start])[-1]  # this sentence's words
            if _TABLE_AT.search(text[max(0, q.start - 40) : q.start]):
                continue  # 'the 150-or-more row at 7 m gives 66%': the table's column, no figure of the face
            if _LD.search(clause) or _LD.search(before):
                face.ld = _metres(q)
            else:
                lengths.append(q)
        elif q.unit == "%" and q.value > 100:
            face.problems.append(f"{figure_text(q.value, '%')}: a share of the face is at most 100 %")
        elif q.unit == "%" and re.search(r"\d\s*(?:-|to)\s*$", text[max(0, q.start - 6) : q.start]):
            continue  # '(10-25 % band)': a band of Table 3.2.3.7, not a share of this face
        elif q.unit == "%":
            permitted = _PERMITTED.search(clause) or _TABLE_READ.search(text[max(0, q.start - 16) : q.start])
            if re.search(r"actual|propos|provided", clause, re.I):
                face.actual_pct, proposed = q.value, True
            elif permitted:
                face.given_permitted = q.value
            else:
                loose.append(q.value)
        elif q.unit == "" and face.ld is None and _LD_BARE.search(text[max(0, q.start - 12) : q.start]):
            face.ld = q.value
        elif q.unit == "time" and _FRR.search(clause + text[max(0, q.start - 20) : q.start]):
            face.given_frr = round(
                q.value if re.search(r"\d\s*h", text[q.start : q.end + 2], re.I) else q.value / 60, 2
            )
    if face.ld is None and _LD_NIL.search(text):
        face.ld = 0.0  # 'LD nil', 'limiting distance: none' (a wall on the lot line)
    if loose and proposed and face.given_permitted is None:
        face.given_permitted = loose[0]  # 'a street so 100%, 10% proposed': the other share is the permitted
    elif loose:
        face.actual_pct = loose[-1]
    if _UNLIMITED.search(text) or (face.given_permitted == 100 and _STREET.search(text)):
        face.street = "claimed" if _STREET.search(text) else ""
    if face.area is None and face.ld is not None and not sides:
        # 'N lane 770, LD 6,0 -> 52 %': a bare figure before the limiting distance, the face area
        bare = [q for q in figures if q.unit == "" and q.value >= 10 and q.end <= _first_ld(text)]
        if len(bare) == 1:
            face.area = bare[0].value
            face.assumed = f"{figure_text(face.area, 'm²')} taken as the face area"
    lengths = _twins_dropped(lengths)  # '1.2 m (4' walkway)': one distance in two units
    if face.area is None and (as_of := _AREA_AS.search(text)):
        face.area_as = face_name(as_of[1]) or as_of[1].strip()
    if face.ld is None and len(lengths) == 1:
        face.ld = _metres(lengths[0])
        face.assumed = f"{figure_text(face.ld, 'm')} taken as the limiting distance"
    elif face.ld is None and len(lengths) > 1:
        face.problems.append(
            f"which of {', '.join(figure_text(_metres(q), 'm') for q in lengths)} is the limiting distance?"
        )
    bands = list(BAND.finditer(text))
    if face.ratio is None:
        face.ratio = ratio_said(text)
    face.bands = [band[0] for band in bands if face.ratio is None]
    face.band = one_band(face.bands)
    face.problems += band_problems(face.ratio, [band[0] for band in bands])
    if NO_OPENINGS.search(text) and face.actual_pct is None and face.openings_m2 is None:
        face.actual_pct = 0.0
    if re.search(r"\bno\s+(?:rating|frr)\b|\b(?:rating|frr)\s*:?\s*(?:none|nil|n/?a)\b", text, re.I):
        face.given_frr = 0.0
    if not face.fields() - {"given_frr"} and not face.problems:
        if not face.street or name not in ("", "Street"):
            return None
        # 'Street-level storey facing the street, … 3.2.3.10(2)': the rule claimed for the face before
        face.name = ""
    if not name and face.area is None and _HEIGHT.search(text):
        return None  # 'Walls are 9.0 m from grade to the ceiling': the height the ratio came from, no face
    return face


def ratio_said(text: str, area: float | None = None) -> float | None:
    """The face's length ÷ height ratio a text gives ('L/H 11.7', 'ratio 3:1'), not a band of the table
    ('>10:1'), or worked from its sides whose product is the face's ``area`` ('30.0 x 8.2' beside 246
    m²); None when it gives none."""
    bands = list(BAND.finditer(text))
    ratio = next((m for m in _RATIO.finditer(text) if not any(_within(m, b) for b in bands)), None)
    value = float(ratio[1] or ratio[2]) if ratio else None
    if value is None and area:
        for sides in _SIDES.finditer(text):
            a, b = float(sides[1]), float(sides[2])
            if min(a, b) > 0 and abs(a * b - area) <= 0.01 * area + 0.05:
                return round(max(a, b) / min(a, b), 2)
    return value if value is not None and value >= 1 else None


_SIDES = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*m?\s*(?:x|×|by)\s*(\d+(?:\.\d+)?)(?![\d.])", re.I)


def _twins_dropped(lengths: list[p.Quantity]) -> list[p.Quantity]:
    metres = [q for q in lengths if q.unit == "m"]
    return [q for q in lengths if q.unit == "m" or not any(said_twice([q, m]) is not None for m in metres)]


def _first_ld(text: str) -> int:
    """Where the line first names the limiting distance (its end if it does not)."""
    found = _LD_WORD.search(text)
    return found.start() if found else len(text)


_FIELD_LABEL = re.compile(
    r"^\W*(?:l\.?\s?d\.?|l/h|limiting\s+distance|ratio|area|upo|unprotected|openings?|glazing|frr|fire[\s-]resistance"
    r"|rating|construction|cladding)\b",
    re.I,
)
_LD_NIL = re.compile(r"(?:\bl\.?\s?d\.?|limiting\s+distance)\s*(?:=|:|of|is)?\s*(?:nil|none|zero)\b", re.I)
_LD_WORD = re.compile(r"\bl\.?\s?d\.?(?![a-z])|limiting\s+dist", re.I)


def _within(inner: re.Match[str], outer: re.Match[str]) -> bool:
    return outer.start() <= inner.start() and inner.end() <= outer.end()


def band_problems(ratio: float | None, bands: list[str]) -> list[str]:
    """What to ask of bands of the table said for a face: a band beside the face's own ratio is the
    consultant's working, checked; a band alone is read when it names one band of the table ('>10:1'),
    asked about when it spans two ('> 3:1') or the bands said differ."""
    if ratio is None:
        if one_band(bands):
            return []
        ask = "does not name one band of the table; give the face's length and height (or its ratio)"
        return [f"'{b}' {ask}" for b in bands]
    return [
        f"a ratio of {figure_text(ratio)} is not in the band '{b}'" for b in bands if not _in_band(ratio, b)
    ]


def one_band(bands: list[str]) -> str:
    """The table's band that every band said names, or ""."""
    named = {band_named(b) for b in bands}
    return named.pop() or "" if len(named) == 1 else ""


def band_named(said: str) -> str | None:
    """The band of Tables 3.2.3.1.-B and -C a band as written names: '>10:1' and 'more than 10:1' are
    'over 10:1', '3-10:1' is '3:1 to 10:1'; None for one spanning two bands ('> 3:1', '< 10:1', '≥ 10:1',
    exactly 10:1 being in the middle band)."""
    return None if re.search("[≤≥]", said) else ratio_band_between(*_bounds(said))


def _bounds(band: str) -> tuple[float | None, float | None]:
    """The lower and upper ratio of a band as written (None: open at that end)."""
    figures = sorted(float(n) for n in re.findall(r"\d+", re.sub(r"\s*:\s*1\b", "", band)))
    if len(figures) == 2:
        return figures[0], figures[1]
    if re.search(r"[<≤]|less|under|below", band, re.I):
        return None, figures[0]
    return figures[0], None


def _in_band(ratio: float, band: str) -> bool:
    """Whether a face's ratio lies in a band as written ('3:1 to 10:1', '< 3:1', 'more than 10:1')."""
    lower, upper = _bounds(band)
    return (lower is None or ratio >= lower) and (upper is None or ratio <= upper)


_COMPARED = re.compile(  # '< 5 m', 'over 9 m'; not the arrow of '-> 100%'
    r"(?:<|(?<![-=])>|[≤≥]|\bless\s+than|\bmore\s+than|\bunder|\bover|\bbelow|\babove)\s*$", re.I
)
_HEIGHT = re.compile(
    r"\b(?:high|heights?|ht|hgt|tall|from\s+grade|to\s+the\s+(?:\w+\s+)?(?:ceiling|roof|eave|parapet))\b",
    re.I,
)


def _sides(text: str) -> tuple[float, float, tuple[int, int]] | None:
    """The face's length and height in metres and where they are written: '30 m x 5 m', '100' x 18'', or
    '34.0 × 8.4 = 285.6 m²' (no unit, their product the face area given)."""
    dims = _DIMS.search(text)
    if dims:
        factor = p.FT_TO_M if (dims[2] or dims[4] or "").lower() in ("ft", "'") else 1.0
        return float(dims[1]) * factor, float(dims[3]) * factor, dims.span()
    match = _SIDES_TO_AREA.search(text)
    if match and abs(float(match[1]) * float(match[2]) - float(match[3])) <= 0.01 * float(match[3]) + 0.05:
        return float(match[1]), float(match[2]), (match.start(), match.start(3))
    return None
