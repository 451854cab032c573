"""A little table pasted from a spreadsheet, read across as words."""

from __future__ import annotations

import re

_BULLET = re.compile(r"(?m)^[ \t]*[-*\u2022\u2013\u2014][ \t]+")  # "- existing: 2,800", "• new …"
_YES_NO_AFTER_LABEL = re.compile(r"(:)\s*([YNyn])\b(?![\w'.])")  # "HT: N", "Haz. substances: Y"
_CELLS = re.compile(r"\t+|\s*\|\s*")


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
    if not any(len(cells) > 1 for cells in rows):
        return text
    notes = [cells[0] for cells in rows if len(cells) == 1]
    if notes and sum(len(cells) > 1 for cells in rows) >= 2:  # a remark on a line of its own below the table
        rows = [cells for cells in rows if len(cells) > 1]
        read = unpivoted("\n".join("\t".join(cells) for cells in rows))
        return read if read != "\n".join("\t".join(cells) for cells in rows) else text
    if len(rows) > 1 and all(len(cells) == 2 for cells in rows):  # "hazardous | N" under "BF entrances | 2"
        return "; ".join(f"{key}: {value}" for key, value in rows)
    if len(rows) == 1:  # "2 | Concession Rd + fire route | ~55% of perimeter"
        return "; ".join(rows[0])
    header = rows[0]
    if len(header) < 2 or any(
        not c or re.search(r"\d", re.sub(r"\b(?:m2|ft2)\b", "", c, flags=re.I)) for c in header
    ):
        return text
    read_across = []
    for cells in rows[1:]:
        if len(cells) != len(header):
            return text
        read_across.append(", ".join(f"{h} {c}" for h, c in zip(header, cells, strict=True)))
    return ". ".join(read_across)


def spreadsheet_marks(text: str) -> str:
    """A spreadsheet's '#N/A' in a cell as the 'n/a' it means (nothing applies), not a figure; and a
    footnote's mark after a word or figure ('Ground floor (existing)†', '10.0*', 'each*') left out, the
    footnote itself kept as it is written."""
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
        if len(heads) < 1 or not all(heads) or (not labelled and len(heads) < 2):
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
