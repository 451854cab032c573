"""The drawing sheet: the OAA Part 3 data matrix on one landscape page of a permit drawing set.

The sheet's lines (``wizard_core.sheet``) print as the template lays them out: columns A to L in
the template's proportions and a status column after L (laid out to fit by ``pdf_fit.py``), and
a title block along the right edge (``pdf_title.py``) holding the practice, the project, the
date, the code, the status, the legend of the marks and an empty seal box. It is always one
page, whatever the project holds; the review copy (``review_pdf.py``) holds what stands behind it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from fpdf import FPDF

from wizard_core.export.paper import SIZES
from wizard_core.export.pdf_fit import Row, Setting, fit
from wizard_core.export.pdf_font import FONT_DIRS, Font, font
from wizard_core.export.pdf_title import Frame, title_block
from wizard_core.export.rows import Heading
from wizard_core.sheet.layout import REFERENCE_COLUMN
from wizard_core.sheet.write import Line


def pdf_bytes(
    top: Heading,
    lines: list[Line],
    statuses: dict[str, str],
    paper: str = "tabloid",
    fonts: Iterable[Path] = FONT_DIRS,
) -> bytes:
    """The sheet as a one-page PDF on ``paper`` (a key of SIZES), landscape."""
    lettering = font(fonts)
    pdf = FPDF(orientation="L", unit="mm", format=SIZES[paper])
    lettering.register(pdf)
    pdf.set_auto_page_break(False)
    pdf.set_title(lettering.shown(f"{top.name} — building code data matrix"))
    pdf.set_creator("OBC data matrix wizard")
    pdf.add_page()
    frame = Frame(pdf.w, pdf.h)
    table = [line for line in lines if line.kind in ("item", "row")]
    strip = next((line for line in lines if line.kind == "title" and REFERENCE_COLUMN in line.cells), None)
    setting, rows = fit(pdf, lettering, strip, table, statuses, frame)
    _draw(pdf, lettering, rows, setting, frame)
    used = {status for item, status in statuses.items() if status != "confirmed" and _on_sheet(item, table)}
    footer = " ".join(str(line.cells.get("A", "")) for line in lines if line.kind == "footer")
    title_block(pdf, lettering, top, [line for line in lines if line.kind == "header"], used, frame)
    pdf.set_font(lettering.family, "", 5.5 * frame.scale)
    pdf.set_xy(frame.margin, frame.footer_y)
    pdf.cell(frame.table_width, frame.footer_height, lettering.shown(footer))
    return bytes(pdf.output())


def _on_sheet(item: str, table: list[Line]) -> bool:
    return any(item in line.items for line in table)


def _draw(pdf: FPDF, lettering: Font, rows: list[Row], setting: Setting, frame: Frame) -> None:
    """The table: fills first, then text and grid lines over them, never below the frame."""
    tops, y = [], frame.margin
    for row in rows:
        height = row.depth() * setting.line + 2 * setting.pad
        if y + height > frame.margin + frame.table_height + 0.01:
            break  # a safeguard: whatever was laid out, the frame's foot is never crossed
        tops.append((y, height))
        y += height
    for row, (top, height) in zip(rows, tops, strict=False):
        for cell in row.cells:
            if cell.fill:
                pdf.set_fill_color(*cell.fill)
                pdf.rect(cell.x, top, cell.width, height, style="F")
    pdf.c_margin = setting.pad
    pdf.set_draw_color(110, 110, 110)
    pdf.set_line_width(0.1 * frame.scale)
    for row, (top, height) in zip(rows, tops, strict=False):
        for cell in row.cells:
            pdf.set_font(lettering.family, "B" if cell.bold else "", setting.size)
            for number, text in enumerate(cell.lines):
                pdf.set_xy(cell.x, top + setting.pad + number * setting.line)
                pdf.cell(cell.width, setting.line, text)
            pdf.rect(cell.x, top, cell.width, height)
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.35 * frame.scale)
    for row, (top, _) in zip(rows, tops, strict=False):
        if row.rule:
            pdf.line(frame.margin, top, frame.margin + frame.table_width, top)
    pdf.rect(frame.margin, frame.margin, frame.table_width, y - frame.margin)
