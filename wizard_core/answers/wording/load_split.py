"""One line naming several uses, each with its own area, split into a line each."""

from __future__ import annotations

import itertools
import re

from wizard_core.answers import parsing as p
from wizard_core.answers.wording.floors import FLOOR, floor_name
from wizard_core.answers.wording.load_counts import TIMES
from wizard_core.answers.wording.load_line import BESIDE, RATE, LoadInput, parse_segment
from wizard_core.answers.wording.load_names import row_label, use_of
from wizard_core.answers.wording.load_totals import SUM

_JOIN = re.compile(r"\s*(?:,\s*(?:plus|and|&)?|\bplus\b|\band\b|&|\+)\s*", re.I)


def split_uses(segment: str) -> list[str]:
    """One line naming several uses, each with its own area, as a line each, the line's label before
    every one: 'Ground: classrooms 520 m2, plus offices at 90 m2' -> 'Ground: classrooms 520 m2',
    'Ground: offices at 90 m2'. A line with one area, or parts without a use of their own, is kept."""
    text = p.normalize(segment)
    rates = [m.span() for m in RATE.finditer(text)]
    areas = [
        q
        for q in p.quantities(text)
        if q.unit in ("m2", "ft2") and not any(a <= q.start < b for a, b in rates)
    ]
    if len(areas) < 2 or TIMES.search(text) or SUM.search(text):
        return [segment]
    label, _, _ = row_label(text)
    cuts = []
    for before, after in itertools.pairwise(areas):
        if BESIDE.fullmatch(text[before.end : after.start]):
            return [segment]  # '12,700 sf (1,180 m2)': one area said twice
        joins = list(_JOIN.finditer(text, before.end, after.start))
        if not joins:
            return [segment]
        cuts.append(joins[-1])
    parts, start = [], 0
    for cut in cuts:
        parts.append(text[start : cut.start()])
        start = cut.end()
    parts.append(text[start:])
    if not label and (floor := floor_name(parts[0])) and not any(floor_name(part) for part in parts[1:]):
        label = floor  # 'On the ground floor, the bank is 420 m2 …, and the office is 85 m2': both on it
        parts = [parts[0]] + [f"{floor}: {part}" for part in parts[1:]]
    head = f"{label}: " if label else ""
    parts = [parts[0]] + [part if not head or part.startswith(label) else head + part for part in parts[1:]]
    found = [use_of(part.split(":", 1)[1] if head and ":" in part else part) for part in parts]
    if any(use is None for use in found):
        return [segment]
    if len({use.key for use in found if use}) < len(found) and not all(_own_result(part) for part in parts):
        return [segment]  # 'offices 900 m2 and 300 m2 of it open plan': one use, one row
    return [part.strip(" ,") for part in parts]


def _own_result(part: str) -> bool:
    """Whether a part of a line gives its own persons ('… 85 m2 at 9.30, so 10')."""
    row = parse_segment(part)
    return isinstance(row, LoadInput) and (row.stated is not None or bool(_SO.search(part)))


_SO = re.compile(r"\b(?:so|gives?|giving|makes?|that'?s)\s+(\d[\d,]*)\W*$", re.I)


# a lowercase sentence after a stop ('… so 89. the suites …'), or a clause after a comma opening on a floor
# ('…, level 4 the same 56')
# (not the stop of an abbreviation: 'for ref. the table gives …', 'approx. 40')
_SENTENCE_OR_FLOOR = re.compile(
    r"((?<=[a-z0-9%²)])(?<!\bref)(?<!\bapprox)(?<!\bincl)(?<!\bcf)(?<!\bvs)(?<!\bapp)\.[ \t]+(?=[a-z]{2,}\b)"
    rf"|,[ \t]+(?:and[ \t]+)?(?={FLOOR.pattern}))",
    re.I,
)


def split_sentences(segment: str) -> list[str]:
    """A paragraph of rows, each ending on its persons, as a line each: 'the hall is 84 m2 at 0.95, so 89.
    the 13 suites have 23 bedrooms, that's 46' -> two rows. A sentence is cut from the one before only
    when it gives its own persons and the one before gives its own or no row at all, so a row whose
    figures run on into the next sentence ('the boardroom is 112 m². with tables at 0.95 …') stays whole."""
    pieces = _SENTENCE_OR_FLOOR.split(segment)
    if len(pieces) < 3:
        return [segment]
    rows = [pieces[0]]
    for stop, sentence in zip(pieces[1::2], pieces[2::2], strict=True):
        # ('owner confirmed 12 residents upstairs. so 2nd floor = 15 …': a sentence giving no row, a note)
        before = _persons_of_its_own(rows[-1]) or parse_segment(rows[-1]) is None
        if before and _persons_of_its_own(sentence):
            rows.append(sentence)
        else:
            rows[-1] += stop + sentence
    return [row.strip(" ,.") for row in rows]


def _persons_of_its_own(part: str) -> bool:
    """Whether a part gives the persons of a row: said, or worked from its area and rate or its rooms."""
    row = parse_segment(part)
    if not isinstance(row, LoadInput) or row.problems:
        return False
    worked = row.area is not None and (row.rate is not None or row.use is not None)
    return row.stated is not None or row.rooms is not None or row.design is not None or worked
