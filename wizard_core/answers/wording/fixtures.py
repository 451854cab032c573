"""What a thread says about plumbing fixtures (3.23): counts provided and required, per 3.18 floor.

A line names its floor or area of 3.18 (or 'each floor'), the water closets, barrier-free stalls and
universal washrooms provided (a male + female split added up, a count per sex doubled), and any
required figure the consultant worked out; a male:female split anywhere in a message is the ratio.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.rows import earlier_rows
from wizard_core.answers.wording.floors import FLOOR, floor_key, floor_name
from wizard_core.answers.wording.messages import (
    BLANK,
    ESTIMATE,
    CellProblem,
    Table,
    classify_headers,
    count_cell,
    is_chat,
    table_and_lines,
    without_heading,
)
from wizard_core.models import ProjectState

RATIO = re.compile(r"\b(\d{1,3})\s*[:/]\s*(\d{1,3})\b")
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
    said.estimate = m[0] if (m := ESTIMATE.search(text)) else ""
    said.each_floor = bool(_EACH_FLOOR.search(text))
    named = floor_name(text)
    if named:
        key = _row_of_floor(floor_key(named), text, floors)
        if key in floors:
            said.floors.append(key)
        else:
            said.unknown_floor = named
    for key, name in floors.items():
        if key not in said.floors and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.I):
            said.floors.append(key)
            said.unknown_floor = ""
    return said


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
    recorded: bool = False  # the item has rows recorded before


_FIELDS = {"wc": "wc_provided", "bf": "bf_wc_provided", "universal": "universal_provided"}


def given_by(number: str, texts: list[str], state: ProjectState, floors: dict[str, str]) -> Given:
    """What the thread's ``texts`` (oldest first) give per 3.18 floor, over what item ``number`` recorded."""
    given = Given()
    earlier = earlier_rows(state, number, "rows", floor_key)
    for key, row in earlier.items():
        given.provided[key] = provided_counts(row)
    given.recorded = bool(earlier)
    recorded = state.answer_for(number)
    if recorded is not None and isinstance(recorded.value, dict):
        ratio = RATIO.search(str(recorded.value.get("ratio") or ""))
        given.male_pct = float(ratio[1]) if ratio else None
    for index, text in enumerate(texts):
        latest = index == len(texts) - 1
        _read_text(number, text, floors, given, latest)
    return given


def _read_text(number: str, text: str, floors: dict[str, str], given: Given, latest: bool) -> None:
    text = without_heading(text, number)
    male = _male_pct(text)
    if male is not None:
        given.male_pct = male
        given.any_figure = True
    table, lines = table_and_lines(text)
    if table is not None and table.header is not None:
        _table(table, floors, given, latest)
    listing = False  # after 'provided:' or 'provided per 3.18 row:', 'row: 2' gives that row's water closets
    for line in lines:
        said = _said(line, floors)
        if not said.provided and not said.required and listing and (bare := _BARE_COUNT.match(line)):
            said.provided["wc"] = 0 if not bare[1].isdigit() else int(bare[1])
        listing = listing or bool(_LISTING.search(line))
        if not said.provided and not said.required:
            if not is_chat(line) and not (male is not None and _only_ratio(line)):
                given.notes.append(line)
            continue
        given.any_figure = True
        _apply(said, line, floors, given, latest)


_LISTING = re.compile(r"\bprovided\b[^\n]*:\s*$", re.I)
_BARE_COUNT = re.compile(
    r"^\W*[^:\d][^:]{0,60}:\s*(\d{1,3}|none|nil|zero)\b(?!\s*(?:m2|m²|sm|%|persons?|people))", re.I
)


def _male_pct(text: str) -> float | None:
    """The share of males a male:female split gives ('60/40 M/F', 'split 50:50', '55% male, 45% female')."""
    words = _RATIO_WORDS.search(text)
    if words:
        male, female = (int(g) for g in (words.groups()[0:2] if words[1] else words.groups()[2:4]))
        return float(male) if male + female == 100 else None
    for match in RATIO.finditer(text):
        male, female = int(match[1]), int(match[2])
        said = re.search(r"split|ratio|\bm\s*[:/]\s*f\b|male|men|sex|gender", text, re.I)
        if male + female == 100 and (said or re.fullmatch(r"\d+[:/]\d+", match[0])):
            return float(male)
    return None


def _only_ratio(line: str) -> bool:
    rest = _RATIO_WORDS.sub(" ", RATIO.sub(" ", line))
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
            counts = ", ".join(f"{n} {NOUNS[k]}" for k, n in said.provided.items()) or "these figures"
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


NOUNS = {"wc": "water closets", "bf": "barrier-free stalls", "universal": "universal washrooms"}

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


def _table(table: Table, floors: dict[str, str], given: Given, latest: bool) -> None:
    found = classify_headers(table.header or [], _HEADER_RULES)
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
                if BLANK.match(cell):
                    continue
                got = count_cell(said_name, table.title(header), cell)
                if isinstance(got, CellProblem):
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


def _row_of_floor(key: str, text: str, floors: dict[str, str]) -> str:
    """The 3.18 row of a floor the words name: the floor's one row, or among its rows ('Ground floor
    (gym)', 'Ground floor (offices)') the one whose own words the text repeats most ('ground, gym: 25')."""
    rows = [k for k, name in floors.items() if floor_key(re.sub(r"\s*\(.*$", "", name)) == key]
    if len(rows) < 2:
        return rows[0] if rows else key
    said = _tokens(FLOOR.sub(" ", text.casefold()))
    scored = sorted(((len(said & _tokens(_own(floors[k]).casefold())), k) for k in rows), reverse=True)
    best, runner_up = scored[0], scored[1]
    return best[1] if best[0] > runner_up[0] else key


def _tokens(text: str) -> set[str]:
    """Words, and a word with the number after it ('aud 2'): a bare number tells no row apart."""
    return set(re.findall(r"[a-z]{2,}", text)) | {
        " ".join(m) for m in re.findall(r"([a-z]{2,})\s+(\d+)\b", text)
    }


def _own(name: str) -> str:
    found = re.search(r"\((.*)\)\s*$", name)
    return found[1] if found else ""


def _floor_for(said: str, floors: dict[str, str]) -> str | None:
    key = floor_key(said)
    if key in floors:
        return key
    named = floor_name(said)
    if named and floor_key(named) in floors:
        return floor_key(named)
    if re.search(r"\b(?:each|every|all|typical)\b", said, re.I) and len(floors) == 1:
        return next(iter(floors))
    return None


def provided_counts(row: dict[str, Any]) -> dict[str, int]:
    """The counts a recorded row says are provided."""
    return {k: v for k, v in row.items() if k.endswith("_provided") and isinstance(v, int)}
