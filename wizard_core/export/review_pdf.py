"""The review copy: what stands behind each answer on the drawing sheet, for the consultant's files.

Letter, portrait, as many pages as it takes: a heading on every page (project, code edition,
export date, status), then each item with its answer, references, confidence, source and status
(an override with its reason), basis, the advisor's note (labelled: its own words, unchecked),
discussion and code checks, then every code check, and
"Page N of M" at the foot.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from wizard_core.engine import Finding
from wizard_core.export.pdf_font import FONT_DIRS, Font, font
from wizard_core.export.rows import Heading, source_text, status_text

LINE = 4.4  # mm, for 8.5 pt text
ADVISOR_NOTE = "Advisor's note (its own words, not checked; not in the matrix)"


class _ReviewPDF(FPDF):
    """Letter pages with the project's heading on top and the page count at the foot."""

    def __init__(self, top: Heading, lettering: Font) -> None:
        super().__init__(orientation="P", unit="mm", format="Letter")
        self.top = top
        self.lettering = lettering
        lettering.register(self)
        self.set_margins(16, 12, 16)
        self.set_auto_page_break(True, margin=16)
        self.set_title(lettering.shown(f"{top.name} — building code data matrix, review copy"))
        self.set_creator("OBC data matrix wizard")

    def text_font(self, style: str = "", size: float = 8.5) -> None:
        self.set_font(self.lettering.family, style, size)

    def header(self) -> None:
        shown = self.lettering.shown
        self.text_font("B", 12)
        title = shown(f"{self.top.name} — building code data matrix, review copy")
        self.multi_cell(0, 5.5, title, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.text_font("", 8.5)
        exported = self.top.exported.isoformat()
        line = f"{self.top.form}. {self.top.code}. Exported {exported}. Status: {self.top.progress}."
        line = f"{self.top.site} {line}" if self.top.site else line
        line = f"Prepared by {self.top.practice.name}. {line}" if self.top.practice.name else line
        self.multi_cell(0, LINE, shown(line), align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.line(self.l_margin, self.get_y() + 1, self.w - self.r_margin, self.get_y() + 1)
        self.set_y(self.get_y() + 3)

    def footer(self) -> None:
        self.set_y(-12)
        self.text_font("", 8)
        self.cell(0, 5, f"Page {self.page_no()} of {{nb}}", align="C")  # {nb}: the page count

    def paragraph(self, text: str, style: str = "", size: float = 8.5, indent: float = 0.0) -> None:
        self.text_font(style, size)
        self.set_x(self.l_margin + indent)
        self.multi_cell(0, LINE if size < 10 else 6, text, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def review_pdf_bytes(
    top: Heading, rows: list[dict[str, Any]], found: list[Finding], fonts: Iterable[Path] = FONT_DIRS
) -> bytes:
    """The basis of every answer and the code checks, as a paged PDF document."""
    pdf = _ReviewPDF(top, font(fonts))
    shown = pdf.lettering.shown
    pdf.add_page()
    pdf.paragraph("Basis of answers", "B", 12)
    for row in rows:
        if row["status"] == "answered":
            _basis(pdf, row)
        else:
            pdf.ln(2)
            pdf.paragraph(shown(f"{row['item']} {row['title']}"), "B", 10)
            pdf.paragraph(f"Not answered yet ({row['answer_status']}).")
    pdf.ln(2)
    pdf.paragraph("Code checks", "B", 12)
    for finding in found:
        cited = f" ({', '.join(finding.articles)})" if finding.articles else ""
        related = f" [see also {', '.join(finding.related)}]" if finding.related else ""
        pdf.paragraph(shown(f"{finding.item} {finding.severity}: {finding.message}{cited}{related}"))
    if not found:
        pdf.paragraph("No contradictions found between the answers and the code's classification rules.")
    return bytes(pdf.output())


def _basis(pdf: _ReviewPDF, row: dict[str, Any]) -> None:
    shown = pdf.lettering.shown
    pdf.ln(2)
    pdf.paragraph(shown(f"{row['item']} {row['title']}"), "B", 10)
    pdf.paragraph(shown(f"Answer: {row['answer']}"))
    pdf.paragraph(shown(f"OBC references: {', '.join(row['references']) or 'none'}"))
    if row["compared"]:
        pdf.paragraph(shown(f"Other articles that fit: {', '.join(row['compared'])}"))
    confidence = "" if row["confidence"] is None else f"Confidence {row['confidence']:.2f}; "
    pdf.paragraph(shown(f"{confidence}{source_text(row)}; {status_text(row)}."))
    pdf.paragraph(shown(f"Basis: {row['basis']}"))
    if row["advisor_note"]:
        pdf.paragraph(shown(f"{ADVISOR_NOTE}: {row['advisor_note']}"))
    if row["override"]:
        overridden = "; ".join(row["override_findings"])
        pdf.paragraph(shown(f"Recorded despite the code checks ({overridden}): {row['override']}"))
    if row["discussion"]:
        pdf.paragraph("Discussion:", "B")
        for turn in row["discussion"]:
            pdf.paragraph(shown(f"Q: {turn['question']}"), indent=4)
            pdf.paragraph(shown(f"A: {turn['answer'] or '(no answer)'}"), indent=4)
    for message in row["code_checks"]:
        pdf.paragraph(shown(f"Code check: {message}"))
