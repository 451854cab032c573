"""A checklist tool's key: value export, written the way the readers read a consultant's words.

Some firms keep their code review in a tool that exports each item as a block of ``key: value`` lines,
YAML-like: snake_case keys ('storeys_ag', 'ebf_m2', 'wc_prov_floor_1'), '# comments', lists of
records ('- floor: main' over '  persons: 84'), and '~', 'null', 'true' for values. The block is
written again as the readers know it:

- a key in words, its unit after its figure: 'height_to_top_of_roof_m: 6.9' -> 'height to top of
  roof: 6.9 m';
- a comment in brackets after its line, where the readers take asides: '(old scheme, ignore)';
- a list of records as a pasted table: a header of the keys in words, a row a record, and the
  records' comments in a 'remarks' column, which no reader takes figures from;
- keys of one field per floor ('ol_floor_1', 'ol_bsmt') as a table with a floor column;
- '~' and 'null' as 'none', 'true' and 'false' as 'yes' and 'no', 'ice_hall' as 'ice hall'.

A message with no key of the tool's (no snake_case key, no record, no comment after a key) is left
as it is: 'Ground: 120 m2' is the consultant's own.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from wizard_core.answers.vocabulary import vocabulary
from wizard_core.answers.wording import footnotes, revised

# '  - floor: main   # from A-101': indent, the list's dash, the key, the value
_KEYED = re.compile(
    r"^(?P<indent>[ \t]*)(?P<dash>-[ \t]+)?(?P<key>[A-Za-z][\w.]*(?:[ \t][A-Za-z][\w.]*){0,2})[ \t]*:"
    r"(?:[ \t]+(?P<value>.*?))?[ \t]*$"
)
_ITEM = re.compile(r"^(?P<indent>[ \t]*)-[ \t]+(?P<value>.+?)[ \t]*$")  # '  - "Queen St"'
_COMMENT = re.compile(r"(?:^|(?<=[ \t]))#[ \t]?(?P<comment>.*)$")
_SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$", re.I)
_NONE = re.compile(r"^(?:~|null|none|nil)$", re.I)
_RATINGS = re.compile(r"\brating", re.I)  # 'frr:' over the assemblies' ratings, in hours
_TOOL_VALUE = re.compile(r"^(?:~|null|true|false)$", re.I)  # 'mezz: ~': a tool's value, no one's words
_FIGURE = re.compile(r"^[-+]?\d[\d,]*(?:\.\d+)?$")
# 'ol_floor_1', 'wc_prov_bsmt', 'ol_l2': a field of one floor, the floor last
_PER_FLOOR = re.compile(
    r"^(?P<field>[a-z][a-z0-9_]*?)_(?P<floor>(?:floor|flr|level|lvl)_?\d{1,2}|l\d{1,2}|b\d|p\d|bsmt|basement"
    r"|ground|gnd|main|mezz|roof)$",
    re.I,
)


@dataclass
class _Line:
    indent: int
    dash: bool
    key: str
    value: str
    comment: str
    raw: str


@dataclass
class _Records:
    """A list of records in the block: the keys in the order first given, and each record's cells."""

    keys: list[str] = field(default_factory=list)
    rows: list[dict[str, str]] = field(default_factory=list)
    remarks: list[list[str]] = field(default_factory=list)

    def add(self, key: str, value: str) -> None:
        if key not in self.keys:
            self.keys.append(key)
        self.rows[-1][key] = value


def as_words(text: str, *, tables: bool = True) -> str:
    """``text`` with a checklist tool's key: value block written as the readers read it; any other
    message as it is. Lists of records are tables where the item is answered in rows (``tables``),
    else a line each under its heading ('minor occupancy: E, parts counter, 240 m²')."""
    lines = [_parsed(raw) for raw in text.splitlines()]
    if not _is_keyed(lines):
        return text
    out: list[str] = []
    heading, heading_at = "", 0
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.dash and line.key:
            records, i = _records(lines, i)
            out.extend(_table(records) if tables else _record_lines(records, heading))
            continue
        per_floor, end = _per_floor(lines, i)
        if per_floor:
            out.extend(per_floor)
            i = end
            continue
        if line.key and not line.value:
            heading, heading_at = _key_words(line.key)[0], line.indent
            following = lines[i + 1] if i + 1 < len(lines) else None
            if not tables and not line.comment and following is not None and following.dash and following.key:
                i += 1  # a heading said again on each of its records' lines
                continue
        under_ratings = bool(heading) and line.indent > heading_at and _RATINGS.search(heading) is not None
        out.append(_line(line, hours=under_ratings))
        i += 1
    return "\n".join(part for part in out if part.strip())


def _record_lines(records: _Records, heading: str) -> list[str]:
    """Each record as a line under its list's heading: 'minor occupancy: E, parts counter (7.4%)'."""
    lines = []
    for row, said in zip(records.rows, records.remarks, strict=True):
        cells = ", ".join(_said(key, value) for key, value in row.items() if value)
        aside = f" ({'; '.join(said)})" if said else ""
        lines.append(f"{heading}: {cells}{aside}" if heading else f"- {cells}{aside}")
    return lines


def as_read(text: str, *, note: bool, tables: bool) -> str:
    """A message as an item's reader reads it: a free-text item's keyed note alone (``note``), kept in
    its words; any other item's block in words (see ``as_words``), its revision marks read as the
    current value ('was 1 / now 2', '~~3.2.2.54~~', see ``revised``) and its footnotes read (markers and
    notes dropped, a figure a note says to use put in, see ``footnotes``)."""
    if note:
        return value_alone(text)
    return as_words(revised.current(footnotes.as_read(text)), tables=tables)


def value_alone(text: str) -> str:
    """A free-text item's note given as one keyed line ('notes: "3.09: the second street …"'): the
    note alone, with its comment; any other message as it is."""
    lines = [_parsed(raw) for raw in text.strip().splitlines()]
    if len(lines) != 1 or not lines[0].key or not lines[0].value or lines[0].dash:
        return text
    line = lines[0]
    if not (_SNAKE.match(line.key) or line.key.casefold() in ("notes", "note", "remarks")):
        return text
    value = _cell(line.key, line.value)
    return f"{value} ({line.comment})" if line.comment else value


def _parsed(raw: str) -> _Line:
    body, comment = _without_comment(raw)
    indent = len(body) - len(body.lstrip(" \t"))
    keyed = _KEYED.match(body)
    if keyed and (keyed["value"] is None or not keyed["value"].startswith("//")):
        return _Line(indent, bool(keyed["dash"]), keyed["key"], (keyed["value"] or "").strip(), comment, raw)
    item = _ITEM.match(body)
    if item:
        return _Line(indent, True, "", item["value"], comment, raw)
    return _Line(indent, False, "", body.strip(), comment, raw)


def _without_comment(raw: str) -> tuple[str, str]:
    """A line and its '# comment'; a '#' inside quotes or numbering something ('unit #4') kept."""
    quoted = False
    for index, char in enumerate(raw):
        if char == '"':
            quoted = not quoted
        elif (
            char == "#"
            and not quoted
            and (index == 0 or raw[index - 1] in " \t")
            and raw[index + 1 : index + 2] in ("", " ", "\t")  # not 'unit #4', 'report #W-24'
        ):
            return raw[:index].rstrip(), raw[index + 1 :].strip()
    return raw, ""


def _is_keyed(lines: list[_Line]) -> bool:
    """Whether the message is a tool's block: a snake_case key, a comment after a key, or a record of
    keys on lines of their own ('- floor: main' over '  persons: 84'); a bulleted line 'existing: 800'
    alone is the consultant's own."""
    keyed = [line for line in lines if line.key]
    if any(_SNAKE.match(line.key) or line.comment or _TOOL_VALUE.match(line.value) for line in keyed):
        return True
    return any(
        line.dash and line.key and following.key and not following.dash and following.indent > line.indent
        for line, following in itertools.pairwise(lines)
    )


def _records(lines: list[_Line], start: int) -> tuple[_Records, int]:
    """The records of a list opening at ``start`` ('- floor: main' and the keys under it), and where the
    list ends."""
    records = _Records()
    at = lines[start].indent
    i = start
    while i < len(lines):
        line = lines[i]
        if line.dash and line.key and line.indent == at:
            records.rows.append({})
            records.remarks.append([])
        elif not (line.key and line.indent > at and not line.dash):
            break
        records.add(line.key, _cell(line.key, line.value))
        if line.comment:
            records.remarks[-1].append(line.comment)
        i += 1
    return records, i


def _table(records: _Records) -> list[str]:
    headers = [_header(key, [row.get(key, "") for row in records.rows]) for key in records.keys]
    remarks = any(records.remarks)
    lines = ["\t".join([*headers, "remarks"] if remarks else headers)]
    for row, said in zip(records.rows, records.remarks, strict=True):
        cells = [row.get(key, "") for key in records.keys]
        lines.append("\t".join([*cells, "; ".join(said)] if remarks else cells))
    return lines


def _per_floor(lines: list[_Line], start: int) -> tuple[list[str], int]:
    """Keys of one field a floor from ``start`` on ('ol_floor_1: 84', 'wc_prov_floor_1: 6', 'ol_bsmt: 3')
    as a table with a floor column; ([], start) when fewer than two floors are named so."""
    rows: dict[str, dict[str, str]] = {}
    remarks: dict[str, list[str]] = {}
    fields: list[str] = []
    i = start
    while i < len(lines):
        line = lines[i]
        found = _PER_FLOOR.match(line.key) if line.key and not line.dash and line.value else None
        if found is None:
            break
        name = _words(found["floor"])
        rows.setdefault(name, {})[found["field"]] = _cell(found["field"], line.value)
        if found["field"] not in fields:
            fields.append(found["field"])
        if line.comment:
            remarks.setdefault(name, []).append(line.comment)
        i += 1
    if len(rows) < 2:
        return [], start
    headers = ["floor", *(_header(f, [row.get(f, "") for row in rows.values()]) for f in fields), "remarks"]
    table = ["\t".join(headers)]
    for name, row in rows.items():
        table.append("\t".join([name, *(row.get(f, "") for f in fields), "; ".join(remarks.get(name, []))]))
    return table, i


def _said(key: str, value: str, joiner: str = " ") -> str:
    """A key and its value in words, the unit after the figure: 'area 96 m²', 'percent of storey 9.5%'."""
    words, unit = _key_words(key)
    if unit and _FIGURE.match(value):
        value = f"{value}%" if unit == "%" else f"{value} {unit}"
    return f"{words}{joiner}{value}"


def _line(line: _Line, *, hours: bool = False) -> str:
    """A line in words; under a heading of ratings ('frr:'), a bare figure is hours ('roof: 0' -> '0 h'),
    or minutes when it is more than a rating in hours can be ('floors: 45' -> '45 min')."""
    aside = f" ({line.comment})" if line.comment else ""
    if not line.key:
        if not line.value:
            return f"({line.comment})" if line.comment else ""
        return f"- {_unquoted(line.value)}{aside}" if line.dash else f"{line.value}{aside}"
    if not line.value:
        return f"{_key_words(line.key)[0]}:{aside}"
    said = _said(line.key, _cell(line.key, line.value), ": ")
    figure = said.rsplit(": ", 1)[-1]
    if hours and _FIGURE.fullmatch(figure):  # 'roof: 0' -> '0 h'; 'floors: 45' -> '45 min'
        return f"{said} {'h' if float(figure.replace(',', '')) <= 4 else 'min'}{aside}"
    return f"{said}{aside}"


def _cell(key: str, value: str) -> str:
    """A value as the readers read it: '~' as 'none', 'true' as 'yes', 'ice_hall' as 'ice hall'."""
    said = _unquoted(value)
    if _NONE.match(said):
        return "none"
    if said.casefold() in ("true", "yes"):
        return "yes"
    if said.casefold() in ("false", "no"):
        return "no"
    if _SNAKE.match(said):
        return _words(said)
    return said


def _header(key: str, cells: list[str]) -> str:
    """A column's header in words, its unit in brackets ('ebf_m2' -> 'exposing building face (m²)'); a
    column called 'area' whose cells are names ('ice_hall') is the room's."""
    words, unit = _key_words(key)
    if words.casefold() == "area" and not any(_FIGURE.match(c) for c in cells if c):
        return "room"
    return f"{words} ({unit})" if unit else words


def _key_words(key: str) -> tuple[str, str]:
    """A key in words and the unit its last word names: 'upo_allowed_pct' -> ('unprotected openings
    allowed', '%')."""
    units = vocabulary().keys.units
    parts = [part for part in re.split(r"[_\s]+", key) if part]
    unit = ""
    if len(parts) > 1 and parts[-1].casefold() in units:
        unit = units[parts.pop().casefold()]
    elif any(part.casefold() in ("pct", "percent") for part in parts):
        unit = "%"  # 'pct_floor_area: 3.8': a share, wherever the key says so
    return _words("_".join(parts)), unit


def _words(key: str) -> str:
    """A snake_case name in words, its abbreviations spelled out ('occ_load' -> 'occupant load',
    'floor_over_bsmt' -> 'floor over basement'); two words the vocabulary knows together first."""
    names = vocabulary().keys
    parts = [part for part in re.split(r"[_\s]+", key) if part]
    said, i = [], 0
    while i < len(parts):
        pair = "_".join(parts[i : i + 2]).casefold()
        if i + 1 < len(parts) and pair in names.words:
            said.append(names.words[pair])
            i += 2
            continue
        lowered = parts[i].casefold()
        unit = names.units.get(lowered, parts[i]) if lowered != "m" else "m"  # 'm2' mid-key: 'm²'
        said.append(names.words.get(lowered) or unit)
        i += 1
    return " ".join(said)


def _unquoted(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value
