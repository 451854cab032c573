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
from wizard_core.answers.wording.fixture_line import RATIO, disagreeing, halves_dropped, male_pct, only_ratio
from wizard_core.answers.wording.fixture_names import by_words, floor_for, rows_named, same_floor
from wizard_core.answers.wording.fixture_places import by_persons, rows_without
from wizard_core.answers.wording.fixture_rows import OPENER, Entry, entries, in_order, row_keys
from wizard_core.answers.wording.floors import floor_name
from wizard_core.answers.wording.load_floors import floor_range
from wizard_core.answers.wording.messages import (
    BLANK,
    CellProblem,
    Table,
    classify_headers,
    count_cell,
    is_chat,
    sentences_as_lines,
    table_and_lines,
    without_heading,
)
from wizard_core.models import ProjectState


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
    persons: dict[str, Any] = field(default_factory=dict)  # 3.18 row key -> its persons
    without: list[str] = field(default_factory=list)  # rows said to have no fixtures ('*': all others)
    tabled: set[str] = field(default_factory=set)  # rows a pasted table of the latest text gave counts for
    placed: set[str] = field(default_factory=set)  # rows the latest text's lines gave counts by name


_FIELDS = {"wc": "wc_provided", "bf": "bf_wc_provided", "universal": "universal_provided"}


def given_by(
    number: str,
    texts: list[str],
    state: ProjectState,
    floors: dict[str, str],
    persons: dict[str, Any] | None = None,
) -> Given:
    """What the thread's ``texts`` (oldest first) give per 3.18 floor, over what item ``number`` recorded;
    ``persons``: each 3.18 row's persons, by which a line may name its row ('bleachers 380 -> 190/sex')."""
    given = Given(persons=persons or {})
    recorded = state.answer_for(number)
    value = recorded.value if recorded is not None and isinstance(recorded.value, dict) else {}
    earlier = [row for row in value.get("rows") or [] if isinstance(row, dict)]
    for key, row in zip(row_keys([str(row.get("floor", "")) for row in earlier]), earlier, strict=True):
        given.provided[key] = provided_counts(row)
    given.recorded = bool(earlier)
    if recorded is not None and isinstance(recorded.value, dict):
        ratio = RATIO.search(str(recorded.value.get("ratio") or ""))
        given.male_pct = float(ratio[1]) if ratio else None
    for index, text in enumerate(texts):
        latest = index == len(texts) - 1
        _read_text(number, text, floors, given, latest)
    rest = [k for k in floors if not given.provided.get(k)] if "*" in given.without else []
    for key in [k for k in given.without if k in floors] + rest:
        given.provided.setdefault(key, {}).setdefault("wc_provided", 0)
    return given


def _read_text(number: str, text: str, floors: dict[str, str], given: Given, latest: bool) -> None:
    text = halves_dropped(without_heading(text, number))
    male = male_pct(text)
    if male is not None:
        given.male_pct = male
        given.any_figure = True
    table, lines = table_and_lines(_continued(sentences_as_lines(text), floors))
    lines = _provided_after(lines, floors)
    if table is not None and table.header is not None:
        _table(table, floors, given, latest)
    listing = False  # after 'provided:' or 'provided per 3.18 row:', 'row: 2' gives that row's water closets
    found: list[Entry] = []
    copies: list[tuple[str, str]] = []  # (row, the row whose counts it has)
    opened = 0  # the entries before a list's opener ('provided, following the 3.18 rows:')
    for line in lines:
        if disagrees := disagreeing(p.normalize(line)):  # a total and a breakdown that tell two figures
            given.any_figure = True
            if latest:
                given.hard.append(f"{disagrees}; how many water closets are provided?")
            continue
        # 'Auditoria: none' names its rows, unless the lines follow 3.18's rows one for one
        none = rows_without(line, floors, rows_named, not listing, given.persons) if floors else None
        if none is not None:
            given.without.extend(none)  # 'Back stock, staff rm, mezz rows: 0', 'All other rows 0'
            given.any_figure = True
            if latest:  # the rows it names are given their counts by name
                given.placed.update(key for key in none if key in floors)
            continue
        if floors and (copied := _same_as(line, floors)) is not None:
            copies.append(copied)  # 'L3: same as L2': L2's counts, once every line is read
            given.any_figure = True
            continue
        listed = [e for e in entries(line, floors) if e.said.provided or e.said.required]
        listed = [e for e in listed if listing or not e.bare or _bare_count(e, floors, given.persons)]
        if not listing and _LISTING.search(line):
            listing, opened = True, len(found)
        if not listed:
            if not is_chat(line) and not (male is not None and only_ratio(line)):
                given.notes.append(line)
            continue
        given.any_figure = True
        found.extend(listed)
    # the building's universal washrooms under Table 3.8.2.3.A, said after (or before) the rows that
    # hold them: weighed once every row is read
    summaries = [e for e in found if _universal_summary(e, floors)]
    found = [e for e in found if not any(e is s for s in summaries)]
    # a figure the code asks for is no row's, nor the universal washrooms the building needs
    # ('Stage: 40 → 3 WC': a row 3.18 names, with only what it needs, is a row too)
    rows = [
        e
        for e in found
        if (e.said.provided or e.floor or (e.name.strip() and _names_row(e, floors)))
        and not _building_wide(e)
        and not (not e.floor and not e.said.floors and _IN_ALL.search(e.line))  # '8 WCs in all against 7'
    ]
    keys = in_order(rows, _names(floors), list(floors))
    if keys is None and opened:  # the list after its opener follows the rows; the working before it
        listed = [e for e in found[opened:] if any(e is row for row in rows)]
        if (keys := in_order(listed, _names(floors), list(floors))) is not None:
            rows = listed
    if keys is not None and latest and not _FOLLOWS.search(text):
        names = ", ".join(f"'{e.name.strip()}' as '{floors[k]}'" for e, k in zip(rows, keys, strict=True))
        given.soft.append(f"the lines taken as 3.18's rows in order ({names})")
    places = {id(entry): index for index, entry in enumerate(rows)}
    for entry in found:
        if id(entry) not in places:
            given.notes.append(entry.line)
            continue
        target = keys[places[id(entry)]] if keys else None
        _apply(entry, floors, given, latest, target)
    for target, source in copies:
        counts = {k: v for k, v in given.provided.get(source, {}).items() if k != "universal_provided"}
        if counts:
            given.provided.setdefault(target, {}).update(counts)
            if latest:
                given.placed.add(target)
        elif latest:
            given.hard.append(
                f"'{floors[target]}' is said to be the same as '{floors[source]}', which has no counts "
                "given: how many water closets are provided there?"
            )
    for entry in summaries:
        placed = sum(given.provided.get(key, {}).get("universal_provided", 0) for key in floors)
        if placed >= entry.said.provided["universal"]:  # the rows already hold them: the line sums them up
            given.notes.append(entry.line.strip())
        else:
            _apply(entry, floors, given, latest, None)


_LISTING = OPENER


_FIXTURE_NOUN = re.compile(
    r"\b(?:wcs?|w\.c|water\s+closets?|toilets?|universal|uw|barrier|bf|urinals?|stalls?)\b", re.I
)


# a part saying only that there are none ('Basement (12): storage; no washroom, nil')
_NONE_CLAUSE = re.compile(
    r"^\s*(?:no\s+(?:washrooms?|wcs?|water\s+closets|fixtures)\s*(?:[,;]\s*(?:nil|none|0))?|nil|none)\W*$",
    re.I,
)


_PROVIDED_LEAD = re.compile(
    r"^\s*\d{1,3}\s+(?:are\s+|is\s+)?prov(?:ided|'?d|\.)?\s*,?\s*(?:on|in|at)\b", re.I
)


def _sums_rows(total: int | None, given: Given) -> bool:
    """Whether a summary's water closets are the rows' own added up ('20 WCs total' after rows of 10, 2
    and 8): a total that agrees is their working, not a figure to confirm."""
    counts = [row.get("wc_provided") for row in given.provided.values()]
    whole = [n for n in counts if isinstance(n, int)]
    return total is not None and len(whole) == len(counts) and sum(whole) == total


def _holds_row_words(said: str, row: str) -> bool:
    """Whether a line's name holds every word of a 3.18 row's ('Existing plant production' holds 'Existing
    plant (row 1)'): with the row's unique persons beside it, the row is not in doubt."""
    words = set(re.findall(r"[a-z]{3,}", re.sub(r"\(row \d+\)", "", row).lower()))
    return bool(words) and words <= set(re.findall(r"[a-z]{3,}", p.normalize(said).lower()))


def _continued(text: str, floors: dict[str, str]) -> str:
    """Each line's parts after a semicolon that name no row of their own ('Restaurant 64 → 2 + 2; provided 4',
    'Basement: storage; nil') joined back to the row named before them, with a comma."""
    lines = []
    for line in text.split("\n"):
        parts = line.split(";")
        kept = parts[0]
        for part in parts[1:]:
            named = (floor_name(part) and _FIXTURE_NOUN.search(part)) or by_words(part, floors) is not None
            # '…, 1 universal washroom; 1 provided, on the first storey': the count before's, placed
            named = named and not _PROVIDED_LEAD.match(part)
            own = named or not (re.search(r"\d", part) or _NONE_CLAUSE.match(part))
            kept += (";" if own or not re.search(r"\d", kept) else ",") + part
        lines.append(kept)
    return "\n".join(lines)


# a sentence of what is provided, naming no row: 'Provided M 2 WC + 1 urinal, F 3 WC = 6.', 'Six provided.'
_PROVIDED_SENTENCE = re.compile(
    r"^\W*(?:provided|prov(?:'d|\.)?|we\s+(?:provide|have)|(?:\w+\s+)?(?:are|is)\s+provided)\b[^:]*$",
    re.I,
)


def _provided_after(lines: list[str], floors: dict[str, str]) -> list[str]:
    """Each sentence of what is provided that names no row joined to the sentence before it, when that one
    names its row and gives only its working ('Ground floor — offices (69): … → 3 per sex. Provided M 2 WC
    + 1 urinal, F 3 WC = 6'): the counts are that row's."""
    out: list[str] = []
    for line in lines:
        own = floor_name(line) or by_words(line, floors) is not None
        if out and _PROVIDED_SENTENCE.match(line) and not own and _names_a_row_only(out[-1], floors):
            out[-1] = f"{out[-1].rstrip(' .')}, {line.strip()}"
        else:
            out.append(line)
    return out


# 'L3: same as L2', 'Level 4 - same as level 3, 6 / 6': a row with another row's counts
_SAME_AS = re.compile(
    r"^[\s\-–—•*]*(?P<row>[^:]{1,40}?)\s*(?::|-|–|—)\s*(?:the\s+)?same\s+as\s+(?P<source>[^,;.()]{1,30})",
    re.I,
)


def _same_as(line: str, floors: dict[str, str]) -> tuple[str, str] | None:
    """The row a line says has another row's counts, and that row, when both name one 3.18 row."""
    found = _SAME_AS.match(p.normalize(line))
    if found is None:
        return None
    target, source = floor_for(found["row"], floors), floor_for(found["source"].strip(), floors)
    target = target or by_words(found["row"], floors)
    source = source or by_words(found["source"], floors)
    return (target, source) if target and source and target != source else None


def _bare_count(entry: Entry, floors: dict[str, str], persons: dict[str, Any]) -> bool:
    """Whether a count standing alone after a row's name ('P1: 0', 'Ground exist treatment: 16') is the
    row's water closets: the name gives one 3.18 row, and the count is not that row's persons."""
    said = entry.said
    key = said.floors[0] if len(said.floors) == 1 else by_words(entry.name, floors)
    return key is not None and key in floors and persons.get(key) != said.provided.get("wc")


def _names_a_row_only(line: str, floors: dict[str, str]) -> bool:
    """Whether ``line`` names a row before a colon and gives it no count provided."""
    head = re.match(r"^[^:]{2,80}:", line)
    return bool(head) and all(not e.said.provided for e in entries(line, floors))


# the consultant says the lines follow 3.18's rows
_FOLLOWS = re.compile(
    r"\b(?:following|follow|in\s+the\s+order\s+of|per|hung\s+on|as\s+in)\s+(?:the\s+)?(?:3\.18(?:'s)?\s+)?rows\b"
    r"|\brows?\s+(?:of\s+)?3\.18\b.{0,20}\bin\s+order\b",
    re.I,
)


# a line opening on the building's total ('8 WCs in all against 7 required', 'Total: 14 WCs')
_IN_ALL = re.compile(
    r"^\W*(?:total\b|\d{1,3}\s*(?:wcs?|water\s+closets|toilets)?\s+(?:in\s+all|in\s+total|overall|altogether)\b)",
    re.I,
)


def _building_wide(entry: Entry) -> bool:
    """Universal washrooms required with no floor named, or on a line citing Table 3.8.2.3.A ('Table
    3.8.2.3.A: 6 storeys → 2 universal washrooms; 2 provided, both on the RDC'): the building's count."""
    if "universal" not in entry.said.required:
        return False
    return (not entry.floor and not entry.said.floors) or bool(re.search(r"\b3\.8\.2\.3\b", entry.line))


_STOREYS = re.compile(r"\b3\.8\.2\.3\b|\b(?:storeys?|stories|story|st\.)(?!\w)", re.I)


def _universal_summary(entry: Entry, floors: dict[str, str]) -> bool:
    """A line giving only universal washrooms, for the building's storeys or citing Table 3.8.2.3.A, and
    naming no row ('Table 3.8.2.3.A, two storeys: 2 universal washrooms, 2 provided')."""
    said = entry.said
    if set(said.provided) != {"universal"} or said.floors or said.each_floor or said.among:
        return False
    return bool(_STOREYS.search(entry.line)) and by_words(entry.name, floors) is None


def _names(floors: dict[str, str]) -> list[str]:
    """The rows' own names (without the row number a shared name is shown with)."""
    return [re.sub(r"\s*\(row \d+\)$", "", name) for name in floors.values()]


def _apply(entry: Entry, floors: dict[str, str], given: Given, latest: bool, target: str | None) -> None:
    said, line = entry.said, entry.line
    if not floors:  # 3.18 is not answered: the question asks for it
        return
    if floors.keys() <= given.tabled and _table_had(entry, floors, given):
        # the pasted table gave every row its counts: the words around it are their working ('the code
        # lets the office share one water closet'), kept as a note; only what the table's row lacks is taken
        given.notes.append(line.strip())
        return
    if len(floors) > 1 and floors.keys() <= given.placed and not _names_row(entry, floors) and latest:
        # every row given its counts by name, then a line naming none ('Staff peak 14 -> 1 + 1; 3
        # provided'): a summary of the rows, kept as a note and said back to confirm
        given.notes.append(line.strip())
        if not _sums_rows(said.provided.get("wc"), given):
            given.soft.append(f"'{line.strip()}' read as a summary of the rows given, kept as a note")
        return
    if (said.floors or said.among) and not said.each_floor and len(floor_range(entry.name)) < 2:
        # the working names other rows too ('offices (69): offices + training room / 14 …'): the row its
        # own name gives, by its words or its persons, is the one
        own = by_words(entry.name, floors) or by_persons(entry.name, given.persons)
        said_load = {int(n) for n in re.findall(r"(?<![\d.,])\d{1,4}(?![\d.,]\d)", entry.name)}
        on_floor = [k for k in said.among if given.persons.get(k) in said_load]
        if own is None and len(on_floor) == 1:  # 'existing rdc 166: …': of the floor's rows, the one of 166
            own = on_floor[0]
        if own is not None:
            said.floors, said.among = [own], []
    if target is not None:  # the lines follow the rows one for one
        said.floors, said.unknown_floor, said.each_floor = [target], "", False
    elif not said.floors and not said.each_floor and (worded := by_words(entry.name, floors)) is not None:
        said.floors, said.unknown_floor = [worded], ""
        if latest:
            given.soft.append(f"'{entry.name.strip()}' taken as 3.18's '{floors[worded]}'")
    elif not said.floors and not said.each_floor and (of_load := by_persons(line, given.persons)):
        said.floors, said.unknown_floor = [of_load], ""
        if latest and not _holds_row_words(entry.name, floors[of_load]):
            count = given.persons[of_load]
            given.soft.append(f"'{line.strip()}' taken as 3.18's '{floors[of_load]}' ({count} persons)")
    if said.among and not said.floors:
        if latest:
            names = ", ".join(floors[k] for k in said.among)
            given.hard.append(f"which of 3.18's rows ({names}) has the counts in '{line.strip()}'?")
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
    if not targets and _PER_UNIT.search(line):
        # 'units 1 wc each, the 3 beds have 2': a count per suite, the rule the rows' counts follow
        given.notes.append(line.strip())
        return
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
        if latest and said.provided and not said.each_floor:
            given.placed.add(key)


def _names_row(entry: Entry, floors: dict[str, str]) -> bool:
    said = entry.said
    return bool(said.floors or said.each_floor or said.among or by_words(entry.name, floors) is not None)


def _table_had(entry: Entry, floors: dict[str, str], given: Given) -> bool:
    """Whether a line's counts are all of kinds the pasted table gave its row: the row the line names by
    floor ('plus 1 universal on the ground floor': a count the table's columns had not), or any row for a
    line naming none."""
    said = entry.said
    named = said.floors or (list(floors) if said.each_floor else [])
    if not named and (worded := by_words(entry.name, floors)) is not None:
        named = [worded]
    if not named:
        return True
    return all(_FIELDS[kind] in given.provided.get(key, {}) for key in named for kind in said.provided)


# a count for every suite or room ('units 1 wc each', 'one per suite'), not each sex's or each floor's
_PER_UNIT = re.compile(
    r"\b(?:each|apiece)\b(?!\s+(?:sex|gender|washroom|floor|storey|level|side))"
    r"|\bper\s+(?:dwelling\s+)?(?:unit|suite|room|rm|bedroom|bedrm|apartment|apt|flat|condo|cell)\b",
    re.I,
)


NOUNS = {"wc": "water closets", "bf": "barrier-free stalls", "universal": "universal washrooms"}

_HEADER_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("ignore", re.compile(r"persons|people|occupant|load|\bol\b|sentence|article|obc|note", re.I)),
    ("universal_required", re.compile(r"(?=.*(?:universal|\buw\b))(?=.*req)", re.I)),
    ("universal", re.compile(r"universal|\buw\b", re.I)),
    ("bf_required", re.compile(r"(?=.*(?:barrier|\bbf\b|accessib))(?=.*req)", re.I)),
    ("bf", re.compile(r"barrier|\bbf\b|accessib|ambula", re.I)),
    ("wc_required", re.compile(r"(?=.*(?:wc|water\s+closet|toilet))(?=.*req)", re.I)),
    ("wc", re.compile(r"\bwcs?\b|w\.c|water\s+closet|toilet|fixtures?|provided", re.I)),
    # ('Serves': the 3.18 row a washroom's row is for)
    (
        "floor",
        re.compile(r"floor|level|storey|story|area|location|name|space|room|\buses?\b|\bserve[sd]?\b", re.I),
    ),
]


def _table(table: Table, floors: dict[str, str], given: Given, latest: bool) -> None:
    found = classify_headers(table.header or [], _HEADER_RULES)
    names = found.get("floor") or [(table.header or [""])[0]]
    persons = [h for h in table.header or [] if _PERSONS_HEADER.search(h)]
    taken: dict[str, str] = {}  # 3.18's row -> the table's row that gave its counts
    for index, record in enumerate(table.records(), start=1):
        cells = [record[h].strip() for h in names if record.get(h, "").strip()]
        # '| Ground floor | Spectator seating |': the floor's column, then the room's
        said_name = f"{cells[0]} ({', '.join(cells[1:])})" if len(cells) > 1 else "".join(cells)
        said_name = said_name or f"Row {index}"
        key = floor_for(said_name, floors)
        if key is not None and (worded := by_words(said_name, floors)) not in (None, key):
            key = worded  # 'L1 (Lunch room)': the row of that floor its words name, not the floor's first
        if key is None and (key := by_words(said_name, floors)) is not None and latest:
            # 'L01 - GROUND (DINING)' for 'Level 1 (DINING)': its floor and its room's every word
            floor = floor_name(said_name)
            room = set(re.findall(r"\w+", floors[key].partition("(")[2].casefold()))
            words = set(re.findall(r"\w+", said_name.casefold()))
            if not (floor and same_floor(floors[key], floor) and room <= words):
                given.soft.append(f"row '{said_name}' taken as 3.18's '{floors[key]}'")
        if key is None and (key := _by_load(record, persons, said_name, floors, given.persons)) and latest:
            given.soft.append(
                f"row '{said_name}' taken as 3.18's '{floors[key]}' ({given.persons[key]} persons)"
            )
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
        if key in taken and (counts or stated):  # two of the table's rows read as one of 3.18's
            if latest:
                given.hard.append(
                    f"rows '{taken[key]}' and '{said_name}' both read as 3.18's '{floors[key]}'; which "
                    "row of 3.18 is each?"
                )
            continue
        if counts or stated:
            taken[key] = said_name
        if problems:
            if latest:
                given.hard.extend(problems)
            continue
        given.provided.setdefault(key, {}).update({_FIELDS[k]: v for k, v in counts.items()})
        if stated:
            given.required.setdefault(key, {}).update(stated)
        if latest and (counts or stated):
            given.tabled.add(key)


_PERSONS_HEADER = re.compile(r"^\W*(?:persons|people|occupants?|occupant\s+load|load|ol)\W*$", re.I)


def _by_load(
    record: dict[str, str], headers: list[str], said: str, floors: dict[str, str], persons: dict[str, Any]
) -> str | None:
    """The one 3.18 row on the floor a table's row names whose persons are the row's persons cell."""
    floor = floor_name(said)
    cell = next((record[h].strip().replace(",", "") for h in headers if record.get(h, "").strip()), "")
    if not cell.isdigit():
        return None
    found = [
        k
        for k, n in persons.items()
        if n == int(cell) and k in floors and (not floor or same_floor(floors[k], floor))
    ]
    return found[0] if len(found) == 1 else None


def provided_counts(row: dict[str, Any]) -> dict[str, int]:
    """The counts a recorded row says are provided."""
    return {k: v for k, v in row.items() if k.endswith("_provided") and isinstance(v, int)}
