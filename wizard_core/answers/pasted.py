"""A little table pasted from a spreadsheet, read across as words."""

from __future__ import annotations

import csv
import re

_BULLET = re.compile(r"(?m)^[ \t]*[-*\u2022\u2013\u2014][ \t]+")  # "- existing: 2,800", "• new …"
_YES_NO_AFTER_LABEL = re.compile(r"(:)\s*([YNyn])\b(?![\w'.])")  # "HT: N", "Haz. substances: Y"
_CELLS = re.compile(r"\t+|\s*\|\s*")


_RULE_CELL = re.compile(r"\s*:?-{3,}:?\s*")  # a Markdown table's line under its header
_UNIT_CELL = re.compile(r"\(?\s*(?:m²|m2|sq\.?\s*m|sm|ft²|ft2|sf|%|m|h|hrs?|min)\s*\)?", re.I)


_HEADER_UNIT = re.compile(
    r"^(?P<name>.*?\S)\s*\((?P<unit>m²|m2|sq\.?\s*m|sm|ft²|ft2|sf|%|m|h|hrs?|min)\)$", re.I
)


def _cell_said(header: str, cell: str) -> str:
    """A cell read with its column's name, the unit the header gives after the figure ('Existing (m²)'
    over '640': 'Existing 640 m²')."""
    unit = _HEADER_UNIT.match(header)
    if unit and re.fullmatch(r"[\d,.\s]+", cell):
        return f"{unit['name']} {cell} {unit['unit']}"
    return f"{header} {cell}"


def unpivoted(text: str) -> str:
    """A little table pasted from a spreadsheet, read across: labels in a header row over the
    figures ("existing<TAB>new<TAB>total" over "1,260<TAB>710<TAB>1,970 m2") as the label beside
    each figure ("existing 1,260, new 710, total 1,970 m2"); a label and its value on each line
    ("hazardous | N") as "hazardous: no"; one row of cells as clauses. Bullet marks at line starts
    are left out; other text is returned as it is."""
    text = _YES_NO_AFTER_LABEL.sub(
        lambda m: f"{m[1]} {'yes' if m[2] in 'Yy' else 'no'}", _BULLET.sub("", text)
    )
    lines = [line.strip().strip("|") for line in text.strip().splitlines() if line.strip()]
    rows = [[_yes_no_cell(c.strip()) for c in _CELLS.split(line)] for line in lines]
    rows = [cells for cells in rows if not all(_RULE_CELL.fullmatch(c) for c in cells)]  # '|---|---:|'
    if not any(len(cells) > 1 for cells in rows):
        return text
    units = rows[1] if len(rows) > 2 and len(rows[1]) == len(rows[0]) else []
    if units and all(not c or _UNIT_CELL.fullmatch(c) for c in units):
        # a row of units under the header ('| | m² | m² | m² |'): each unit beside its column's name
        rows = [[f"{h} ({u})" if u else h for h, u in zip(rows[0], rows[1], strict=True)], *rows[2:]]
    if rows[0] and not rows[0][0] and all(len(cells) == len(rows[0]) for cells in rows):
        rows = [rows[0][1:], *rows[1:]]  # a blank corner over the rows' labels: as the shorter header
    notes = [cells[0] for cells in rows if len(cells) == 1]
    if notes and sum(len(cells) > 1 for cells in rows) >= 2:  # a remark on a line of its own below the table
        rows = [cells for cells in rows if len(cells) > 1]
        read = unpivoted("\n".join("\t".join(cells) for cells in rows))
        return read if read != "\n".join("\t".join(cells) for cells in rows) else text
    if len(rows) > 1 and all(len(cells) == 2 for cells in rows):  # "hazardous | N" under "BF entrances | 2"
        return "; ".join(f"{key}: {value}" for key, value in rows)
    if len(rows) > 1 and all(_labelled_value(cells) for cells in rows):
        # 'Haz. substances<TAB>N<TAB>no ammonia': a label, its value, a remark after it
        return "; ".join(
            f"{cells[0]}: {cells[1]}" + "".join(f" ({c})" for c in cells[2:] if c) for cells in rows
        )
    if len(rows) == 1:  # "2 | Concession Rd + fire route | ~55% of perimeter"
        return "; ".join(rows[0])
    header = rows[0]
    if all(len(cells) > len(header) and not re.search(r"\d", cells[0]) for cells in rows[1:]):
        # a blank corner over the rows' labels ('<TAB>Existing<TAB>New<TAB>Total' over 'GFA<TAB>2,840<TAB>…'),
        # a remark in a cell past the header's last kept apart
        return ". ".join(
            f"{cells[0]} "
            + ", ".join(_cell_said(h, c) for h, c in zip(header, cells[1:], strict=False))
            + "".join(f" ({remark})" for remark in cells[len(header) + 1 :])
            for cells in rows[1:]
        )
    if len(header) < 2 or any(
        not c or re.search(r"\d", re.sub(r"\b(?:m2|ft2)\b", "", c, flags=re.I)) for c in header
    ):
        return text
    read_across = []
    for cells in rows[1:]:
        if len(cells) != len(header):
            return text
        read_across.append(", ".join(_cell_said(h, c) for h, c in zip(header, cells, strict=True)))
    return ". ".join(read_across)


_QUOTED_ROW = re.compile(r'^\s*"[^"\n]*"\s*,')  # '"L01 - GROUND","DINING","104.250 m²"'


def quoted_cells_as_tabs(text: str) -> str:
    """Rows exported as quoted comma-separated cells ('"Level","Area"' over '"L01 - GROUND","1,234.5 m²"')
    written as a spreadsheet pastes them, one tab between cells; a comma inside a quoted cell stays
    the figure's. Lines that do not open with a quoted cell, and the text around them, are kept as
    they are."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if _QUOTED_ROW.match(line):
            cells = next(csv.reader([line.strip()], skipinitialspace=True))
            lines[index] = "\t".join(cell.strip() for cell in cells)
    return "\n".join(lines)


def beside_quoted_rows(text: str) -> str | None:
    """The consultant's own lines around rows exported as quoted cells (two or more), without the title
    line over them ('Area schedule (Gross Building):'); None when the text has no such rows or no words
    of the consultant's beside them."""
    lines = [line for line in text.split("\n") if line.strip()]
    quoted = [line for line in lines if _QUOTED_ROW.match(line)]
    own = [line for line in lines if not _QUOTED_ROW.match(line) and not line.rstrip().endswith(":")]
    if len(quoted) < 2 or not own:
        return None
    return "\n".join(own)


# a row's label carrying the unit of its figures: 'Bldg height (m)', 'GFA (m2)', 'Streets (%)'
_LABEL_UNIT = re.compile(
    r"^(?P<label>[^\d\t:|()]*[^\W\d][^\t:|()]*?)\s*\((?P<unit>m2|m²|m|sq\.?\s?m|sm|ft|ft2|ft²|sf|sq\.?\s?ft|%|h|hr|hrs|min)\)"
    r"\s*(?P<sep>\t|:)(?P<rest>.*)$",
    re.I,
)
_BARE_FIGURE = re.compile(r"^\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*$")


def units_from_labels(text: str) -> str:
    """A pasted row whose label holds its unit ('Bldg height (m)<TAB>7.4', 'GFA (m2): 2,840') with the
    unit written after each bare figure of the row ('Bldg height<TAB>7.4 m'), so the figure is read as the
    measure it is. A header row, and cells that are not bare figures, are kept as they are."""
    out = []
    for line in text.split("\n"):
        m = _LABEL_UNIT.match(line.strip())
        if m:
            cells = m["rest"].split("\t") if m["sep"] == "\t" else [m["rest"]]
            if any(_BARE_FIGURE.match(c) for c in cells):
                unit = m["unit"]
                cells = [f"{c.strip()} {unit}" if _BARE_FIGURE.match(c) else c for c in cells]
                line = m["label"].rstrip() + ("\t" if m["sep"] == "\t" else ": ") + "\t".join(cells)
        out.append(line)
    return "\n".join(out)


def _labelled_value(cells: list[str]) -> bool:
    """A sheet's row of a label (no figure in it) and its value: a figure, yes or no, or nothing."""
    value = cells[1] if len(cells) > 1 else ""
    return (
        len(cells) >= 2
        and not re.search(r"\d", re.sub(r"\([^()]*\)", "", cells[0]))
        and bool(re.search(r"\d", value) or re.fullmatch(r"yes|no|n/?a|none|nil|-|–|—", value.strip(), re.I))
    )


def spreadsheet_marks(text: str) -> str:
    """A spreadsheet's '#N/A' in a cell as the 'n/a' it means (nothing applies), not a figure; and a
    footnote's mark after a word or figure ('Ground floor (existing)†', '10.0*', 'each*') left out, the
    footnote itself kept as it is written; and the sum sign ('Σ 489', 'Σ OL 344') as the total it gives."""
    text = re.sub(r"\u03a3[ \t]*", "total ", text)
    return _FOOTNOTE_MARK.sub("", re.sub(r"#N/?A\b", "n/a", text, flags=re.I))


_FOOTNOTE_MARK = re.compile(r"(?<=[\w).])(?:[†‡§]+|\*+(?=[\s|,;:]|$))", re.M)


def _yes_no_cell(cell: str) -> str:
    """A spreadsheet's Y or N in a cell of its own, as the word."""
    return {"y": "yes", "n": "no"}.get(cell.lower(), cell)


_SPACED = re.compile(r" {2,}|\t+")
SPACED_ROWS = 3  # lines of three cells or more, to be a table typed with spaces


def spaced_as_tabs(text: str) -> str:
    """A table typed with runs of spaces between its columns ("L1    exist clsrms    620   1.85")
    with those runs written as tabs, as a spreadsheet pastes it; other text as it is."""
    lines = text.splitlines()
    split = [_SPACED.split(line.strip()) for line in lines]
    tabled = [i for i, cells in enumerate(split) if len(cells) >= 3]
    if len(tabled) < SPACED_ROWS or "|" in text or "\t" in text:
        return text
    widths = [len(split[i]) for i in tabled]
    common = max(set(widths), key=widths.count)
    if widths.count(common) < SPACED_ROWS:
        return text
    return "\n".join("\t".join(split[i]) if i in tabled else line for i, line in enumerate(lines))


# a column's unit of area in a table's header ('ft²', 'sq ft', 'm²', 'SM')
_AREA_UNITS = {
    "m²": re.compile(r"^\(?(?:m²|m2|sq\.?\s*m|sm|square\s+met(?:er|re)s?)\)?$", re.I),
    "ft²": re.compile(r"^\(?(?:ft²|ft2|sq\.?\s*ft|sf|square\s+feet)\)?$", re.I),
}
_COLUMNS = re.compile(r"\t+|\s*\|\s*|\s{2,}")


def _unit(cell: str) -> str | None:
    return next((unit for unit, pattern in _AREA_UNITS.items() if pattern.match(cell.strip())), None)


def unit_columns(text: str) -> str:
    """An area schedule with a column for each unit ("ft²  m²" over "Existing  15,500  1,440.0"), each row
    written as its label and the figure of one column with its unit ("Existing 1,440.0 m²"): the m²
    column when there is one, so a figure in square feet is never read as square metres. Other text, and
    the remarks beside a row's figures, are kept as they are."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        cells = [c for c in _COLUMNS.split(line.strip().strip("|")) if c.strip()]
        units = [_unit(c) for c in cells]
        labelled = bool(units) and units[0] is None
        heads = units[1:] if labelled else units
        # ('| | m² | m² | m² |' under 'Existing | New | Total': each role column's unit, no unit columns)
        alike = len(set(heads)) < len(heads)
        if len(heads) < 1 or not all(heads) or (not labelled and len(heads) < 2) or alike:
            continue
        column = heads.index("m²") if "m²" in heads else 0
        out = lines[: index + 1]
        for row in lines[index + 1 :]:
            parts = [c for c in _COLUMNS.split(row.strip().strip("|")) if c.strip()]
            if len(parts) < len(heads) + 1 or not all(re.search(r"\d", c) for c in parts[1 : len(heads) + 1]):
                out.append(row)
                continue
            rest = " ".join(parts[len(heads) + 1 :])
            out.append(f"{parts[0]} {parts[1 + column]} {heads[column]} {rest}".rstrip())
        out[index] = ""  # the header's work is done
        return "\n".join(out)
    return text
