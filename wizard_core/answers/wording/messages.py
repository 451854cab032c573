"""A consultant's message as rows: its lines, a table pasted into it, and the cells of that table.

The pieces every row item's reader shares; what a row's words mean is in the item's own module here.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from wizard_core.answers import parsing as p

Row = TypeVar("Row")  # a row of a table or a line, as each item reads it

_MARKDOWN_RULE = re.compile(r"^\|?\s*:?-{2,}")
# a short word a stop ends without ending the sentence: 'approx. area', 'incl. mezz', 'sq. ft', 'e.g. the'
_SHORT_WORDS = (
    "approx",
    "appx",
    "incl",
    "excl",
    "ref",
    "no",
    "nos",
    "vs",
    "e.g",
    "i.e",
    "fl",
    "flr",
    "st",
    "sq",
    "min",
    "max",
    "etc",
    "cf",
    "bldg",
    "exist",
    "prov",
    "req",
    "reqd",
    "typ",
    "ea",
    "dept",
    "mech",
    "elec",
    "art",
    "sent",
    "cl",
    "div",
    "tbl",
    "tab",
    "pg",
    "pers",
    "resp",
    "fig",
    "dwg",
)
_ABBREVIATED = "".join(rf"(?<!\b{re.escape(word)})" for word in _SHORT_WORDS)
_SEGMENT = re.compile(
    r"\n|;|(?<=[a-z0-9%²)])\.\s+(?=[A-Z]|(?i:\d{1,2}(?:st|nd|rd|th)\b|(?:level|lvl|floor|bsmt|basement|ground|"
    r"main|north|south|east|west|ebf|l\d|total|first|second|third|fourth|fifth|sixth|upstairs|downstairs|upper|lower"
    r"|mezz\w*)\b))"
)
# a lowercase sentence after a stop ('… = 6. loft, office use those'), unless the stop ends a short word
_LOWERCASE_SENTENCE = re.compile(rf"(?<=[a-z0-9%²)]){_ABBREVIATED}\.[ \t]+(?=[a-z]{{2,}}\b)")


def sentences_as_lines(text: str) -> str:
    """``text`` with each sentence typed in lowercase after a stop on a line of its own ('50:50. hall 2 m
    + 4 f = 6. office, kitchen use those = 0'), for a reader whose every sentence is a row of its own."""
    return _LOWERCASE_SENTENCE.sub("\n", text)


# An estimate, wherever it is written: '~120 m2', '120 m2 approx.', '+/- 5 m', '20 % or so'.
ESTIMATE = re.compile(
    # (not a time of day: 'the shifts overlap around 3:30')
    r"~|≈|±|\+/-|\+-(?=\s|$)|\bapprox\w*|\babout\b(?!\s*\d{1,2}:\d\d)|\baround\b(?!\s*\d{1,2}:\d\d)|\broughly\b"
    r"|\bcirca\b|\bca\.|\bor so\b|"
    r"\d\s*-?ish\b|\bestimated?\b|\best\.|\bnearly\b|\balmost\b|\bgive or take\b|\bmore or less\b|\bguess",
    re.I,
)
# '@ 9.3 ≈ 66.7 → 67', '620 ÷ 14 ≈ 44.3 → 45': a quotient shown to a decimal, then the whole number it
# rounds to; working, not an estimate
_QUOTIENT_ROUNDED = re.compile(
    r"[≈~]\s*(\d+\.\d+)(\s*(?:→|->|=>|⇒|=|,?\s*so|,?\s*rounds?\s+(?:up\s+)?to)\s*(\d+))\b"
)


def rounding_shown(text: str) -> str:
    """``text`` without the approximate sign of a quotient shown before the whole number it rounds to
    (up or to the nearest), so the working is not taken for an estimate; any other '≈' is kept."""

    def bare(m: re.Match[str]) -> str:
        quotient, whole = float(m[1]), int(m[3])
        return f"{m[1]}{m[2]}" if whole in (math.ceil(quotient), round(quotient)) else m[0]

    return _QUOTIENT_ROUNDED.sub(bare, text)


# A cell or phrase saying there is nothing: no openings, no fixtures, no rating.
NOTHING = re.compile(r"^\s*(?:none|nil|no|zero|0|n/?a|not applicable|—|–)\s*\.?\s*$", re.I)
BLANK = re.compile(r"^\s*(?:-|–|—|/|\?|tbd|tbc)?\s*$", re.I)
# Chat before the rows: 'Here you go:', 'For 3.22:', 'Spatial separation -'.
_CHAT = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|well|sure|right|yes|yeah|yep|thanks|thank you|please|sorry|"
    r"here(?:'s| is| are)?(?: you go| it is| they are| the \w+)?|"
    r"as follows|see below|below|the (?:figures|rows|faces|floors|numbers) are)\W*)+$",
    re.I,
)


@dataclass(frozen=True)
class CellProblem:
    """A cell (or figure) that cannot be used, said as the consultant will look for it."""

    row: str
    column: str
    found: str
    why: str

    def text(self) -> str:
        found = f" ('{self.found}')" if self.found else ""
        return f"row '{self.row}', {self.column}{found}: {self.why}"


@dataclass(frozen=True)
class Table:
    """A pasted table: its header (lower case, None when it has none), its body, and the lines around it."""

    header: list[str] | None
    body: list[list[str]]
    titles: list[str] = field(default_factory=list)  # the header as written
    rest: str = ""  # lines of the message outside the table (an intro, a note)

    def records(self) -> list[dict[str, str]]:
        if self.header is None:
            return [{str(i): cell for i, cell in enumerate(row)} for row in self.body]
        return [dict(zip(self.header, row, strict=False)) for row in self.body]

    def title(self, header: str) -> str:
        """The header as the consultant wrote it."""
        if self.header is None or header not in self.header:
            return header
        return self.titles[self.header.index(header)]


def _is_value_cell(cell: str) -> bool:
    return bool(re.match(r"^\s*[~≈±+\-]?\s*\d", cell))


def pasted_table(text: str) -> Table | None:
    """A table pasted from a spreadsheet (tabs) or written in Markdown (pipes), else None.

    Lines that do not belong to the table (an intro line, a note under it) are kept as ``rest``.
    """
    lines = [line for line in slashes_as_tabs(semicolons_as_tabs(text)).splitlines() if line.strip()]
    for sep in ("\t", "|"):
        inside = [line for line in lines if sep in line and not _MARKDOWN_RULE.match(line.strip())]
        if len(inside) < 2:
            continue
        cells = [[c.strip() for c in _strip_pipes(line, sep).split(sep)] for line in inside]
        # a sheet's title line over its header ('Fixtures<TAB><TAB>M:F 50:50')
        while len(cells) > 2 and _title_over(cells[0], cells[1]):
            inside, cells = inside[1:], cells[1:]
        widths = {len(row) for row in cells}
        if sep == "|" and len(widths) > 1:
            continue
        rest = "\n".join(
            line for line in lines if line not in inside and not _MARKDOWN_RULE.match(line.strip())
        )
        width = max(widths)
        cells = [row + [""] * (width - len(row)) for row in cells]
        first = cells[0]
        # a Markdown table's header is the line over its rule, whatever it holds ('| 3.18 row | OL | …')
        ruled = sep == "|" and _ruled_below(lines, inside[0])
        if ruled or not any(_is_value_cell(c) for c in first):
            return Table([c.casefold() for c in first], cells[1:], first, rest)
        return Table(None, cells, [], rest)
    return None


def _ruled_below(lines: list[str], line: str) -> bool:
    """Whether ``line`` stands right over a Markdown table's rule ('|---|---:|')."""
    at = lines.index(line)
    return at + 1 < len(lines) and _MARKDOWN_RULE.match(lines[at + 1].strip()) is not None


def _title_over(first: list[str], second: list[str]) -> bool:
    """Whether a pasted sheet's first line is its title over the header row: fewer cells filled than the
    header under it, and neither line a row of figures ('OL calc', 'Fixtures<TAB>M:F 50:50')."""
    filled = [c for c in first if c]
    return (
        len(filled) < len([c for c in second if c])
        and not any(_is_value_cell(c) for c in second)
        and not any(re.fullmatch(r"[\d,.]+", c) for c in filled)
    )


def _strip_pipes(line: str, sep: str) -> str:
    line = line.strip()
    if sep == "|":
        line = line.removeprefix("|").removesuffix("|")
    return line


def segments(text: str) -> list[str]:
    """The rows of a plain message: one per line, semicolon or sentence; a semicolon or a stop inside
    brackets is the aside's ("n/a (one storey; the 2 h is the article's)" is one row)."""
    return [s.strip(" .,") for s in split_outside_brackets(_SEGMENT, text) if s and s.strip(" .,")]


def split_outside_brackets(stop: re.Pattern[str], text: str) -> list[str]:
    """``text`` split at each ``stop`` outside brackets; a new line always splits, and a line with a
    bracket left open is split at every stop (a list's 'a)' closes nothing)."""
    depth_at: list[int] = []
    for line in text.split("\n"):
        depths, depth = [], 0
        for char in line:
            depth = max(0, depth + {"(": 1, ")": -1}.get(char, 0))
            depths.append(depth)
        depth_at += ([0] * len(line) if depth else depths) + [0]  # the new line's own place
    parts, start = [], 0
    for m in stop.finditer(text):
        if m.end() > m.start() and (m.group() == "\n" or depth_at[m.start()] == 0):
            parts.append(text[start : m.start()])
            start = m.end()
    return [*parts, text[start:]]


def is_chat(segment: str) -> bool:
    """A segment that is only chat around the rows ('Here you go:')."""
    return bool(_CHAT.match(segment.strip()))


def classify_headers(headers: list[str], rules: list[tuple[str, re.Pattern[str]]]) -> dict[str, list[str]]:
    """Field -> the headers that give it, each header taken by the first rule it matches."""
    found: dict[str, list[str]] = {}
    for header in headers:
        for name, pattern in rules:
            if pattern.search(header):
                found.setdefault(name, []).append(header)
                break
    return found


def by_content(
    table: Table, found: dict[str, list[str]], field: str, to: str, header: re.Pattern[str]
) -> None:
    """Move a generic header ('Area') from ``field`` to ``to`` when its cells are figures."""
    for name in list(found.get(field, [])):
        cells = [record.get(name, "") for record in table.records() if record.get(name, "").strip()]
        if header.search(name) and cells and sum(_is_value_cell(c) for c in cells) * 2 > len(cells):
            found[field].remove(name)
            found.setdefault(to, []).append(name)


def header_unit(header: str) -> str:
    """'ft2' or 'ft' when a header says its figures are in square feet or feet, else ''."""
    if re.search(r"\bsq\.?\s*ft|\bsf\b|ft²|ft2|square\s+f(?:ee|oo)t", header, re.I):
        return "ft2"
    if re.search(r"\(\s*(?:ft|feet|')\s*\)|\bin\s+(?:ft|feet)\b|\bfeet\b|\bft\b", header, re.I):
        return "ft"
    return ""


def number_cell(
    row: str, header: str, cell: str, *, allow_zero: bool = False, unit: str = ""
) -> float | CellProblem:
    """A positive figure from one cell; ft² and ft converted; anything else a problem naming the cell.

    ``unit`` is the header's unit ('ft2', 'ft') for a bare figure.
    """
    cell = cell.strip()
    if ESTIMATE.search(cell):
        return CellProblem(row, header, cell, "an estimate; give the exact figure")
    led = _LEADS_TO.split(cell, maxsplit=1)  # '11% -> 1h, NC clad': the figure, and what it leads to
    if len(led) == 2 and re.search(r"\d", led[0]) and _CONSEQUENCE.match(led[1]):
        cell = led[0].strip()
    if "=" in cell:  # '(26.0 x 4.6) + (24.0 x 6.8) = 282.8': the result, when the working comes to it
        working, result = cell.rsplit("=", 1)
        value = number_cell(row, header, result, allow_zero=allow_zero, unit=unit)
        worked = arithmetic(_FEET_MARKS.sub("", _WORDS_IN_WORKING.sub(" ", working)))
        in_feet = "'" in working or re.search(r"\bft\b|\bsf\b", cell, re.I)  # its product in sf, given in m²
        products = (worked, worked * p.FT2_TO_M2) if worked is not None and in_feet else (worked,)
        if isinstance(value, float) and any(
            w is not None and abs(w - value) <= max(0.05, value * 0.005) for w in products
        ):
            return value
        if isinstance(value, float) and worked is not None:
            return CellProblem(row, header, cell, f"the working comes to {worked:g}, not {value:g}")
    cell = _REMARK.sub("", cell).strip() or cell  # '21.0 (CL)', '9.5 m to CL': the figure, and a remark
    found = p.quantities(cell)
    if len(found) == 2 and (metric := said_twice(found)) is not None:
        return metric  # '1,740 sf / 161.7 m2', '4.0m (13'-1")': one figure in two units
    if len(found) != 1 or re.sub(
        r"[\d.,\s]|m2|m²|sq\.?\s*m|sq\.?\s*ft|sf|ft2|ft²|ft|feet|'|sm|m|%|persons?|people|pax",
        "",
        cell,
        flags=re.I,
    ):
        return CellProblem(row, header, cell, "expected one figure")
    figure = found[0]
    value = figure.value
    if figure.unit == "ft2" or (not figure.unit and unit == "ft2"):
        value = round(value * p.FT2_TO_M2, 1)
    elif figure.unit == "ft" or (not figure.unit and unit == "ft"):
        value = round(value * p.FT_TO_M, 2)
    if not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        return CellProblem(row, header, cell, "expected a figure above zero")
    return value


_LEADS_TO = re.compile(r"\s*(?:->|→|=>)\s*")
_CONSEQUENCE = re.compile(
    r"\d+(?:\.\d+)?\s*(?:h|hr|hrs|hours?|min)\b|nc\b|non-?comb|no\s+(?:req|rating|frr)|none\b", re.I
)
_WORDS_IN_WORKING = re.compile(r"\b(?![x×]\b)[a-z][a-z-]*\b", re.I)  # 'church 96 x 22 + hall 67 x 15'
_FEET_MARKS = re.compile(r"(?<=\d)'")


def said_twice(found: list[p.Quantity]) -> float | None:
    """The metric figure of one figure given in two units (ft² and m², or ft and m), else None."""
    units = {q.unit: q.value for q in found}
    for imperial, metric, factor in (("ft2", "m2", p.FT2_TO_M2), ("ft", "m", p.FT_TO_M)):
        same = set(units) == {imperial, metric}
        if same and abs(units[imperial] * factor - units[metric]) <= 0.03 * units[metric]:
            return units[metric]
    return None


# a remark after a cell's figure, with no figure of its own: '(CL)', 'to CL', 'to the lot line'
_REMARK = re.compile(
    r"\s*(?:\([^()\d]*\)|\bto\s+(?:the\s+)?(?:cl|c/l|centre\s*line|center\s*line|lot\s+line|pl)\b\.?)", re.I
)


def arithmetic(text: str) -> float | None:
    """The value of working written with figures, x, ×, +, -, / and brackets ('(26.0 x 4.6) + 2'), units
    aside; None for anything else."""
    expression = re.sub(r"(?<=\d)\s*(?:m2|m²|m|ft2|ft)\b", "", text.replace(",", ""), flags=re.I)
    expression = re.sub(r"\s*[x×]\s*", "*", expression.strip(), flags=re.I)
    if not re.fullmatch(r"[\d.()+\-*/\s]+", expression) or not re.search(r"\d\s*[-+*/]\s*\(?\d", expression):
        return None
    try:
        tree = ast.parse(expression, mode="eval")
    except SyntaxError:
        return None
    return _evaluate(tree.body)


def _evaluate(node: ast.AST) -> float | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return float(node.value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub | ast.Mult | ast.Div):
        left, right = _evaluate(node.left), _evaluate(node.right)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        return left / right if right else None
    return None


def count_cell(row: str, header: str, cell: str) -> int | CellProblem:
    """A whole count (0 or more) from one cell: '4', 'none', '2 M + 2 F'."""
    cell = cell.strip()
    if NOTHING.match(cell):
        return 0
    if ESTIMATE.search(cell):
        return CellProblem(row, header, cell, "an estimate; give the exact count")
    parts = re.fullmatch(
        r"(\d+)\s*(?:m|male|men)?\s*(?:\+|and|&|/|,)\s*(\d+)\s*(?:f|female|women)?", cell, re.I
    )
    if parts:
        return int(parts[1]) + int(parts[2])
    if re.fullmatch(r"\d+", cell):
        return int(cell)
    return CellProblem(row, header, cell, "expected a whole number")


_CSV_LINE = re.compile(r"^[^;\n]*\S;\S[^\n]*$")


def semicolons_as_tabs(text: str) -> str:
    """A spreadsheet's rows exported with semicolons ('EXIST;NEW;TOTAL' over '0;1480.00;1480.00') as rows of
    cells; a semicolon followed by a space is a sentence's, and a line with one stays as it is."""
    lines = text.splitlines()
    csv = [i for i, line in enumerate(lines) if ";" in line and not re.search(r";\s", line)]
    if not csv or not all(_CSV_LINE.match(lines[i]) for i in csv):
        return text
    return "\n".join(line.replace(";", "\t") if i in csv else line for i, line in enumerate(lines))


_SLASHED = re.compile(r"\s+/\s+")


def slashes_as_tabs(text: str) -> str:
    """Rows typed with ' / ' between their cells under a header of the same cells ('Floor / use / area /
    rate / persons' over 'L1 / pharmacy / 140 m² / 3.70 / 38') as rows of cells; slashes on lines of other
    widths, or without a header of words, stay as they are ('lockers / bike rm', '3,330 m2 / 28')."""
    lines = text.splitlines()
    widths = [len(_SLASHED.split(line)) if _SLASHED.search(line) else 0 for line in lines]
    first = next((i for i, w in enumerate(widths) if w >= 3), None)
    if first is None or re.search(r"\d", _SLASHED.split(lines[first])[0] + _SLASHED.split(lines[first])[1]):
        return text  # no header of words over the rows
    rows = [i for i, w in enumerate(widths) if w == widths[first]]
    if len(rows) < 3:
        return text
    return "\n".join(_SLASHED.sub("\t", line) if i in rows else line for i, line in enumerate(lines))


def table_and_lines(text: str) -> tuple[Table | None, list[str]]:
    """The table pasted in a message (None when there is none) and the lines to read one by one.

    Those are the lines outside a table with a header; a table without one is read line by line,
    each row's cells joined.
    """
    table = pasted_table(text)
    if table is None:
        return None, segments(text)
    body = [", ".join(row) for row in table.body] if table.header is None else []
    return table, body + segments(table.rest)


def message_rows(
    text: str, table_rows: Callable[[Table], Iterable[Row]], line_row: Callable[[str], Row | None]
) -> tuple[Table | None, list[Row | str]]:
    """The table pasted in a message (or None) and what the message gives in order.

    The rows of a table with a header come first, then each line's row; a line that gives no row is
    kept as its words (a note), unless it is only chat.
    """
    table, tabled, lined = message_parts(text, table_rows, line_row)
    return table, [*tabled, *lined]


def message_parts(
    text: str, table_rows: Callable[[Table], Iterable[Row]], line_row: Callable[[str], Row | None]
) -> tuple[Table | None, list[Row], list[Row | str]]:
    """``message_rows`` with the rows of the table (a header over them) kept apart from what the lines
    around it give."""
    table, lines = table_and_lines(text)
    tabled = list(table_rows(table)) if table is not None and table.header is not None else []
    lined: list[Row | str] = []
    for line in lines:
        row = line_row(line)
        if row is not None:
            lined.append(row)
        elif not is_chat(line):
            lined.append(line)
    return table, tabled, lined


_LIST_NUMBER = re.compile(r"(?m)^[ \t]*\(?(?:\d{1,2}|[a-z])[.)][ \t]+(?=\S)")


# a report's paragraph numbers ('3.1 The Building Area is …', '… walls. 3.2 Balconies are …'), and the
# number of the section heading them ('5. Streets (Article 3.2.2.10)')
# (not a figure after a lettered abbreviation, 'L.D. 17.5 (TO C/L)', nor one with its unit, ': 86.4 M2')
_PARAGRAPH_NUMBER = re.compile(
    r"(?:(?m:^)[ \t]*|(?<=[.:;] )(?<!\b[A-Za-z]\. ))\d{1,2}\.\d{1,2}(?:\.\d{1,2})?[ \t]+(?=[A-Z(])"
    r"(?!(?i:m2|m²|m|mm|sq|sm|sf|ft|h|hrs?|min|persons?|%)\b)"
)
_SECTION_NUMBER = re.compile(r"(?m)^[ \t]*\d{1,2}\.[ \t]+(?=[A-Z][^\n]{0,60}$)")


# a report's section heading on a line of its own: its number, then a title of words (an article at most)
_REPORT_HEADING = re.compile(
    r"^[ \t]*\d{1,2}\.(?:\d{1,2}(?:\.\d{1,2})?)?[ \t]+"
    r"(?!(?i:m|metres?|meters?|storeys?|stor(?:y|ies)|sq|sqm|sf|ft|feet|hours?|h|hr|min|persons?|%)\b)"
    r"([A-Za-z][A-Za-z /&,'()-]{2,60}(?:[ \t]*[-–—:][ \t]*(?:Art\.?|Article)?[ \t]*\d\.\d\.\d\.\d+)?"
    r"(?:[ \t]*\((?:Table[ \t]+)?\d+(?:\.\d+)+\.?(?:-?[A-Z])?\))?)[ \t]*$",
    re.M,
)


def unnumbered(text: str) -> str:
    """A numbered or lettered list ('1. Ground – …' over '2. Ground – …'; 'a) …' over 'b) …') without its
    item numbers, which count the lines and are no figure of any row; a message with one such line keeps
    it. A report's numbered paragraphs ('5.1 …', '5.2 …', under '5. Streets') lose their numbers too."""
    text = _REPORT_HEADING.sub(r"\1", text)  # '4.1 Building Area' heading a pasted report's section
    paragraphs = len(_PARAGRAPH_NUMBER.findall(text))
    if paragraphs >= 2 or (paragraphs and _SECTION_NUMBER.search(text)):
        text = _SECTION_NUMBER.sub("", _PARAGRAPH_NUMBER.sub("", text))
    if len(_LIST_NUMBER.findall(text)) < 2:
        return text
    return _LIST_NUMBER.sub("", text)


def without_heading(text: str, number: str, title: str = "") -> str:
    """The message without a leading 'For 3.18:', 'Re item 3.18 –' (or ``title``, a pattern such as
    'spatial separation -')."""
    said = rf"{re.escape(number)}\b\s*[,:;.—–-]*" + (f"|{title}" if title else "")
    return re.sub(rf"^\W*(?:(?:for|re|item)\s+){{0,2}}(?:{said})\s*", "", text.strip(), flags=re.I)
