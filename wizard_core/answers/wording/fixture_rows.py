"""How a message's fixture lines follow the rows of 3.18: each row its own key, each line split into
the rows it speaks of, and a list that follows the rows one for one matched to them in order.

Several 3.18 rows may share a floor ('Ground' four times): each keeps a key of its own. A line may
speak of several rows ('admin offices, staff room: 0', 'BOH 14, prep 24 -> 0', 'L3 32, L4 32');
a line ending in ':' introduces a list and is none of its rows. When a message's rows, so split,
are as many as 3.18's and every floor a line names is its row's floor, the lines are the rows in
order, whatever words they use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wizard_core.answers.wording.fixture_line import Said, line_said, totals_kept
from wizard_core.answers.wording.floors import FLOOR, floor_key, floor_name
from wizard_core.answers.wording.messages import split_outside_brackets


def row_keys(names: list[str]) -> list[str]:
    """A key per 3.18 row, in order: its floor's key, and for a later row of the same name its place."""
    keys: list[str] = []
    for index, name in enumerate(names):
        key = floor_key(name)
        keys.append(key if key not in keys else f"{key} #{index + 1}")
    return keys


def row_names(names: list[str]) -> list[str]:
    """The rows' names as a question shows them: a name several rows share gets its row number."""
    counts: dict[str, int] = {}
    for name in names:
        counts[floor_key(name)] = counts.get(floor_key(name), 0) + 1
    return [
        f"{name} (row {index + 1})" if counts[floor_key(name)] > 1 else name
        for index, name in enumerate(names)
    ]


@dataclass
class Entry:
    """One row a line speaks of: its words, what it says, and the floor its name gives."""

    line: str
    name: str
    said: Said
    floor: str  # the floor the row's own name gives, or ''
    bare: bool  # its only figure is a count standing alone after its name and a colon


_HEAD = re.compile(r"^[\s\-–—•*·]*(.+?)\s*(?::|->|→|=>)\s*(.*)$", re.S)
_BARE = re.compile(
    r"^\s*(\d{1,3}(?![.,]\d)|none|nil|zero|no\s+wcs?)\b"
    r"(?=\s*(?:$|[(,;.]|each\b|in\b|on\b|plus\b|\+\s*(?:\d+|one|an?)\s+(?:universal|uw)\b|[–—-]\s))",
    re.I,
)
_LAST_ARROW = re.compile(r"(?:->|→|=>)")
# a row's name and its count ('stage 0'), not a verb and a count ('we have 2', 'provided 4')
_PIECE_COUNT = re.compile(
    r"^(?!\s*(?:we\s+have|there\s+are|prov(?:ided|'?d)?|plus|and)\b)"
    r"[^a-z]*[a-z].*?(?<![\w.])(\d{1,3})(?![\w.,])(?!\s*(?:m2|m²|%|persons?|people))",
    re.I,
)


def entries(line: str, floors: dict[str, str]) -> list[Entry]:
    """The rows one line speaks of, each with what it says ('' lines, and lists' openers, give none);
    a line of parts set off by semicolons speaks of each part's rows, after the list's opener; a total
    written with its breakdown by sex is read as the total first ('7 prov (M 2 WC + 2 urinals, F 3)')."""
    line = totals_kept(line)
    parts = [p for p in re.split(r";\s+", line) if p.strip()]
    if len(parts) > 1:
        first = OPENER.search(parts[0])
        parts[0] = parts[0][first.end() :] if first else parts[0]
        return [e for part in parts for e in _entries(part, floors)]
    return _entries(line, floors)


# 'provided, following the 3.18 rows (after the revision):' opens a list of the rows
# ('Provided in the lobby washrooms, which serve …:' names where they are, and opens no list)
OPENER = re.compile(
    r"\b(?:provided(?![^:\n]*\b(?:in|at|off|beside|near|next\s+to)\s+the\b)"
    r"|(?:following|per|as\s+in)\s+(?:the\s+)?(?:3\.18(?:'s)?\s+)?rows)\b[^:\n]*:\s*",
    re.I,
)


def _entries(line: str, floors: dict[str, str]) -> list[Entry]:
    opener = OPENER.search(line)
    text = (line[opener.end() :] if opener else line).strip()
    if not text or text.endswith(":"):
        return []
    head = _HEAD.match(text)
    if head and (listed := _rows_of_floor(head[1], head[2])):
        # 'L1: resident rooms 27 - 10 ensuite WCs, lounge 50 - 1 UW, kitchen 4 - nil': the floor's rows,
        # each named with its persons and given its counts
        return [
            _entry(f"{head[1]}: {piece}", f"{head[1]} {name}", piece, floors, after, False)
            for name, piece, after in listed
        ]
    if head:
        colon = head[0][head.end(1) :].lstrip().startswith(":")
        # several rows share a figure standing alone ('stage, bar: 0 each'); else the name is one row's
        names = _names(head[1]) if _BARE.match(_LAST_ARROW.split(head[2])[-1]) else [head[1]]
        return [_entry(line, name, f"{name}: {head[2]}", floors, head[2], colon) for name in names]
    pieces = [p.strip(" -–—•*") for p in text.split(",")]
    if len(pieces) > 1 and all(_PIECE_COUNT.search(p) for p in pieces):
        return [_entry(line, p, p, floors, "", False) for p in pieces]
    said = line_said(text, floors)
    if not said.provided and not said.required and (alone := _ALONE.match(text)):
        said.provided["wc"] = int(alone[1])  # 'stock 0' in a list of the rows: that row's figure
        return [Entry(line, text, said, floor_name(text), True)]
    return [Entry(line, text, said, floor_name(text), False)]


# a row named with its persons, then its counts: 'lounge 50 - 1 UW', 'nurse stn 7: 1 staff WC'
_ROW_WITH_LOAD = re.compile(r"^\s*([a-z][a-z /&'.+-]{1,40}?)\s+(\d{1,4})\s*[-\u2013\u2014:]\s*(\S.*)$", re.I)


def _rows_of_floor(head: str, rest: str) -> list[tuple[str, str, str]]:
    """A floor's rows listed after its name ('L1: resident rooms 27 - 10 WCs, lounge 50 - 1 UW'): each
    row's name, its piece of the line and the counts after its persons; [] unless the head names only a
    floor and two or more pieces are such rows (a piece that is none, 'nothing else', goes with the row
    before it)."""
    if not floor_name(head) or re.sub(r"\W", "", FLOOR.sub("", head)):  # 'L1', 'Gnd': a floor's name alone
        return []
    listed: list[list[str]] = []
    for piece in split_outside_brackets(re.compile(r","), rest):
        found = _ROW_WITH_LOAD.match(piece)
        if found:
            listed.append([found[1].strip(), piece.strip(), found[3].strip()])
        elif listed:
            listed[-1][1] += f", {piece.strip()}"
            listed[-1][2] += f", {piece.strip()}"
        else:
            return []
    return [(name, piece, after) for name, piece, after in listed] if len(listed) >= 2 else []


_ALONE = re.compile(
    r"^[\s\-–—•*]*(?!(?:we|i|you|they|it|that|there|this|which|and|but|so|total|all)\b)"
    r"[a-z][a-z &/'-]{0,30}?\s(\d{1,3})\.?\s*$",
    re.I,
)


_LOAD_ONLY = re.compile(r"\(?\d{1,4}\s*(?:ppl|persons?|people|pers\.?|occupants|occ\.?)?\)?", re.I)


def _names(head: str) -> list[str]:
    """The rows a line's name part lists: split at commas, and at slashes when each piece has its figure."""
    pieces: list[str] = []
    for piece in (p.strip() for p in head.split(",") if p.strip()):
        if pieces and _LOAD_ONLY.fullmatch(piece):  # 'Existing mezzanine, 7 ppl': the row's persons
            pieces[-1] = f"{pieces[-1]}, {piece}"
        else:
            pieces.append(piece)
    if any(len(p.split()) > 5 for p in pieces):  # a sentence, not a list of rows' names
        return [head]
    out: list[str] = []
    for piece in pieces:
        parts = [p.strip() for p in re.split(r"\s/\s", piece) if p.strip()]
        out.extend(parts if len(parts) > 1 and all(re.search(r"\d", p) for p in parts) else [piece])
    return out or [head]


def _entry(line: str, name: str, text: str, floors: dict[str, str], after: str, colon: bool) -> Entry:
    said = line_said(text, floors)
    bare = False
    if "wc" not in said.provided:
        tail = _LAST_ARROW.split(after)[-1] if after else ""
        found = _BARE.match(after) or (_BARE.match(tail) if tail.strip() else None)
        if not after:  # 'stores & mech 0': the figure closing a piece of a listed line
            piece = _PIECE_COUNT.search(_without_extras(name))
            found = piece if piece and not said.required else None
        if found:
            count = int(found[1]) if found[1].isdigit() else 0
            # '2 universal washrooms required → 2 provided': the count provided is of what is required
            said.provided[next(iter(said.required)) if len(said.required) == 1 else "wc"] = count
            bare = colon and not said.required and len(said.provided) == 1
    elif after and (lead := re.match(r"\s*(\d{1,3})\s*(?:$|\(|[–—-]\s)", after)):
        said.provided["wc"] = int(lead[1])  # 'hall: 29 – men 5 WCs + 6 urinals, women 18': the row's figure
    return Entry(line, name, said, floor_name(name), bare)


def _without_extras(piece: str) -> str:
    """A listed piece without what follows its own figure ('24 + 1 universal washroom' -> '24')."""
    return re.sub(r"\s*(?:\+|plus)\s*.*$", "", piece)


def in_order(found: list[Entry], names: list[str], keys: list[str]) -> list[str] | None:
    """The 3.18 row key of each entry when the entries follow the rows one for one, else None."""
    if len(found) != len(keys) or len(keys) < 2:
        return None
    if all(len(entry.said.floors) == 1 for entry in found):  # each line names its own row
        return None
    if any(entry.said.floors and entry.said.floors != [key] for entry, key in zip(found, keys, strict=True)):
        return None  # a line's own words name another row than its place does
    for entry, name in zip(found, names, strict=True):
        own = floor_name(name) or re.sub(r"\s*\(.*$", "", name)
        if entry.floor and floor_key(entry.floor) != floor_key(own):
            return None
    return list(keys)
