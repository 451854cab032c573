"""The drawing sheet's frame and its title block: who, what, when, the status, the marks, the seal.

The title block runs down the sheet's right edge, as on a drawing: the practice and the project
(the sheet's heading rows), the code edition, the status line, the legend of the marks on the
matrix, and an empty box for the seal and signature, which takes the room left at the foot. Its
text is made smaller only if a long name or address would leave the seal box too small.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from fpdf import FPDF

from wizard_core.export.pdf_font import Font
from wizard_core.export.rows import Heading
from wizard_core.sheet.layout import HEADER, SEAL_LABEL
from wizard_core.sheet.write import Line

PT = 25.4 / 72  # mm in a point
TABLOID_SHORT_SIDE = 279.4  # mm: the sheet's proportions are set on tabloid and scaled with the paper
RGB = tuple[int, int, int]
# The marks of an answer not confirmed: its tag in the status column, and what the legend says it means.
TAGS = {
    "proposed": "PROPOSED",
    "overridden": "OVERRIDDEN",
    "flagged": "FLAGGED",
    "skipped": "SKIPPED",
    "to do": "TO DO",
}
MEANINGS = {
    "proposed": "proposed by the advisor, not yet confirmed by the consultant",
    "overridden": "recorded despite a code check; the reason is in the review copy",
    "flagged": "to check again: an answer it depends on changed, or a code check contradicts it",
    "skipped": "left for later, not answered",
    "to do": "not answered yet",
}
# The tint of an answer not confirmed (the workbook's), the strongest first; a skipped or to-do
# item has no answer to tint, only its tag.
TINTS: dict[str, RGB] = {
    "flagged": (248, 203, 173),
    "overridden": (252, 228, 214),
    "proposed": (255, 242, 204),
}
_BOLD = ("practice.name", "project.name")  # the heading rows printed in bold
_SEAL_MIN = 45.0  # mm on tabloid: the least room the seal box keeps


@dataclass(frozen=True)
class Frame:
    """Where the table, its footer and the title block go on a landscape page (mm)."""

    width: float
    height: float

    @property
    def scale(self) -> float:
        return self.height / TABLOID_SHORT_SIDE

    @property
    def margin(self) -> float:
        return 9 * self.scale

    @property
    def block_width(self) -> float:
        return 75 * self.scale

    @property
    def block_x(self) -> float:
        return self.width - self.margin - self.block_width

    @property
    def table_width(self) -> float:
        return self.block_x - 4 * self.scale - self.margin

    @property
    def footer_height(self) -> float:
        return 4 * self.scale

    @property
    def footer_y(self) -> float:
        return self.height - self.margin - self.footer_height

    @property
    def table_height(self) -> float:
        return self.footer_y - self.margin


@dataclass(frozen=True)
class _Entry:
    label: str  # a small heading above the text, or ""
    text: str
    size: float  # pt on tabloid
    bold: bool = False
    most: int = 4  # the most lines it takes
    rule: bool = False  # a rule above: a new part of the block
    key: bool = False  # a legend entry: a box before it, tinted as the mark it explains
    swatch: RGB | None = None  # the tint, if the mark has one


def title_block(
    pdf: FPDF, lettering: Font, top: Heading, header: list[Line], used: set[str], frame: Frame
) -> None:
    """The title block along the right edge; ``header`` the sheet's heading rows, ``used`` the
    statuses the matrix marks."""
    entries = _entries(lettering, top, header, used)
    bottom = frame.height - frame.margin
    shrink = next(
        (
            k
            for k in (1.0, 0.9, 0.8, 0.7, 0.6)
            if _place(pdf, lettering, entries, frame, k, False) + _SEAL_MIN * frame.scale <= bottom
        ),
        0.5,
    )
    seal_top = min(_place(pdf, lettering, entries, frame, shrink, True), bottom - 20 * frame.scale)
    pdf.set_line_width(0.35 * frame.scale)
    pdf.rect(frame.block_x, frame.margin, frame.block_width, bottom - frame.margin)
    pdf.rect(frame.block_x, seal_top, frame.block_width, bottom - seal_top)
    pdf.set_font(lettering.family, "B", 6.5 * frame.scale)
    pdf.set_xy(frame.block_x + 2 * frame.scale, seal_top + 1.5 * frame.scale)
    pdf.cell(0, 3 * frame.scale, SEAL_LABEL)


def _entries(lettering: Font, top: Heading, header: list[Line], used: set[str]) -> list[_Entry]:
    shown = lettering.shown
    entries = [_Entry("", shown(top.form), 9.5, True, 3)]
    for line, (_, key) in zip(header, HEADER, strict=False):
        entry = line.cells.get("C")
        text = "" if entry is None else shown(str(entry))
        entries.append(_Entry(shown(str(line.cells.get("B", ""))), text, 7.5, key in _BOLD, 4, key in _BOLD))
    entries.append(_Entry("Code", shown(top.edition), 7, False, 3, True))
    entries.append(_Entry("Status", shown(top.progress), 8, True, 3, True))
    marked = [status for status in TAGS if status in used]
    if not marked:
        return [*entries, _Entry("Marks", "Every answer is confirmed; none is marked.", 6.5, rule=True)]
    entries.append(
        _Entry("Marks", "An answer not yet confirmed is tagged in the status column:", 6.5, rule=True)
    )
    for status in marked:
        entries.append(
            _Entry("", f"{TAGS[status]}: {MEANINGS[status]}", 6.5, key=True, swatch=TINTS.get(status))
        )
    return [*entries, _Entry("", "Untagged answers are confirmed by the consultant.", 6.5)]


def _place(pdf: FPDF, lettering: Font, entries: list[_Entry], frame: Frame, k: float, draw: bool) -> float:
    """Lay the entries out down the block at ``k`` times their size (drawing them if ``draw``);
    where they end."""
    s = frame.scale
    pad = 2 * s
    x, width = frame.block_x + pad, frame.block_width - 2 * pad
    y = frame.margin + pad
    pdf.c_margin = 0
    for entry in entries:
        if entry.rule:
            y += 0.8 * s * k
            if draw:
                pdf.set_line_width(0.2 * s)
                pdf.line(frame.block_x, y, frame.block_x + frame.block_width, y)
            y += 1.2 * s * k
        if entry.label:
            size = 5.5 * s * k
            if draw:
                pdf.set_font(lettering.family, "", size)
                pdf.set_text_color(90, 90, 90)
                pdf.set_xy(x, y)
                pdf.cell(width, size * PT * 1.2, entry.label.upper())
                pdf.set_text_color(0, 0, 0)
            y += size * PT * 1.2
        size = entry.size * s * k
        step = size * PT * 1.2
        indent = step + s if entry.key else 0.0
        lines = _lines(pdf, lettering, entry, size, width - indent)
        if draw:
            if entry.key:
                pdf.set_line_width(0.1 * s)
                pdf.set_fill_color(*(entry.swatch or (255, 255, 255)))
                pdf.rect(x, y + 0.1 * step, 0.8 * step, 0.8 * step, style="DF")
            pdf.set_font(lettering.family, "B" if entry.bold else "", size)
            for number, text in enumerate(lines):
                pdf.set_xy(x + indent, y + number * step)
                pdf.cell(width - indent, step, text)
        y += max(1, len(lines)) * step + 0.6 * s * k
    return y + pad


def _lines(pdf: FPDF, lettering: Font, entry: _Entry, size: float, width: float) -> list[str]:
    """The entry's text wrapped, at most ``entry.most`` lines, the last ending "…" when cut."""
    if not entry.text:
        return [""]
    pdf.set_font(lettering.family, "B" if entry.bold else "", size)
    lines = cast(list[str], pdf.multi_cell(width, size * PT, entry.text, dry_run=True, output="LINES"))
    if len(lines) <= entry.most:
        return lines
    last, more = lines[entry.most - 1], lettering.shown("…")
    while last and pdf.get_string_width(f"{last}{more}") > width:
        last = last[:-1]
    return [*lines[: entry.most - 1], f"{last.rstrip()}{more}"]
