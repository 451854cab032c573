"""The matrix as a PDF to paste onto permit drawings, with the basis of each answer after it.

Letter, landscape: a heading on every page (project, code edition, export date), the table of
item number, item, answer and OBC references with rows that wrap (a row taller than what is left
of a page carries on onto the next, so no text is ever cut), "Page N of M" at the foot, then an
appendix with each answer's basis, its discussion and the code checks.

The text is DejaVu Sans (Debian's fonts-dejavu-core) where it is installed, so accents, dashes,
"≥" and "m²" print as typed; a character the font lacks (CJK, emoji) prints as U+FFFD, never
an error. Without the font, the PDF's built-in Helvetica is used and text outside Latin-1 is
spelled out or replaced. No text becomes a link: nothing is written as a link annotation and
web addresses are defanged, since PDF readers link addresses they find in text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from wizard_core.engine import Finding
from wizard_core.export.inert import document_text
from wizard_core.export.rows import Heading, source_text, status_text

# Where Debian's fonts-dejavu-core puts its fonts; the first folder holding both faces is used.
FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"),)
_FACES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}
# Helvetica's spelling of common typed characters beyond Latin-1.
_LATIN1_SPELLING = str.maketrans(
    {
        "—": "-",
        "–": "-",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
        "≥": ">=",
        "≤": "<=",
        "…": "...",
        "•": "-",
        "\u2009": " ",
        "\u202f": " ",
        "\ufffd": "?",
    }
)
_LATIN1 = frozenset([*range(0x20, 0x7F), *range(0xA0, 0x100)])

COLUMNS = (("Item", 16.0), ("Item title", 56.0), ("Answer", 121.4), ("OBC references", 62.0))
LINE = 4.4  # mm, for 8.5 pt text
PAD = 1.2  # mm inside each table cell


@dataclass(frozen=True)
class _Font:
    family: str
    files: dict[str, Path]
    glyphs: frozenset[int]

    def shown(self, text: str) -> str:
        """``text`` as this font can print it: inert, and a glyph it lacks shown as a replacement."""
        text = document_text(text).replace("\t", "    ")
        if not self.files:
            text = text.translate(_LATIN1_SPELLING)
        missing = "\ufffd" if 0xFFFD in self.glyphs else "?"
        return "".join(ch if ch == "\n" or ord(ch) in self.glyphs else _stand_in(ch, missing) for ch in text)


def _stand_in(ch: str, missing: str) -> str:
    # A combining mark or an invisible format character (a variation selector, a zero-width joiner)
    # adds nothing the reader could see without its glyph; anything else shows it was there.
    return "" if unicodedata.category(ch) in ("Mn", "Me", "Cf") else missing


def _font(dirs: Iterable[Path]) -> _Font:
    for folder in dirs:
        files = {style: folder / name for style, name in _FACES.items()}
        if all(path.is_file() for path in files.values()):
            try:
                glyphs = frozenset.intersection(*(_cmap(path) for path in files.values()))
            except Exception:  # a damaged font file: the built-in font still prints the matrix
                continue
            return _Font("DejaVu", files, glyphs)
    return _Font("Helvetica", {}, _LATIN1)


@lru_cache(maxsize=4)
def _cmap(path: Path) -> frozenset[int]:
    from fontTools.ttLib import TTFont  # fpdf2's own dependency; only needed for a TrueType font

    with TTFont(path, lazy=True) as font:
        return frozenset(font.getBestCmap())


class _MatrixPDF(FPDF):
    """Pages with the project's heading on top, the table's column headings while in the table."""

    def __init__(self, top: Heading, font: _Font) -> None:
        super().__init__(orientation="L", unit="mm", format="Letter")
        self.top = top
        self.lettering = font
        self.in_table = False
        for style, path in font.files.items():
            self.add_font(font.family, style, str(path))
        self.set_margins(12, 11, 12)
        self.set_auto_page_break(True, margin=14)
        self.set_title(font.shown(f"{top.name} — building code data matrix"))
        self.set_creator("OBC data matrix wizard")

    def text_font(self, style: str = "", size: float = 8.5) -> None:
        self.set_font(self.lettering.family, style, size)

    def header(self) -> None:
        shown = self.lettering.shown
        self.text_font("B", 12)
        title = shown(f"{self.top.name} — building code data matrix")
        self.multi_cell(0, 5.5, title, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.text_font("", 8.5)
        exported = self.top.exported.isoformat()
        line = f"{self.top.form}. {self.top.code}. Exported {exported}. Status: {self.top.progress}."
        line = f"{self.top.site} {line}" if self.top.site else line
        self.multi_cell(0, LINE, shown(line), align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.line(self.l_margin, self.get_y() + 1, self.w - self.r_margin, self.get_y() + 1)
        self.set_y(self.get_y() + 3)
        if self.in_table:
            self._column_headings()

    def footer(self) -> None:
        self.set_y(-10)
        self.text_font("", 8)
        self.cell(0, 5, f"Page {self.page_no()} of {{nb}}", align="C")  # {nb}: the page count

    def _column_headings(self) -> None:
        self.text_font("B", 8.5)
        self.set_fill_color(230, 230, 230)
        x = self.l_margin
        for title, width in COLUMNS:
            self.set_xy(x, self.get_y())
            self.cell(width, LINE + 2 * PAD, title, border=1, fill=True)
            x += width
        self.set_xy(self.l_margin, self.get_y() + LINE + 2 * PAD)
        self.text_font()

    def matrix_table(self, rows: list[list[str]]) -> None:
        """The matrix table; a row carries on onto the next page rather than being cut."""
        self.in_table = True
        self.add_page()
        for row in rows:
            self._row(row)
        self.in_table = False

    def _row(self, cells: list[str]) -> None:
        lines = [self._lines(text, width - 2 * PAD) for text, (_, width) in zip(cells, COLUMNS, strict=True)]
        height = max(len(column) for column in lines)
        done = 0
        while done < height:
            room = int((self.page_break_trigger - self.get_y() - 2 * PAD) // LINE)
            # Start a row on a new page rather than leave a lone line of it at a page's foot.
            if room < 1 or (done == 0 and room < min(height, 3)):
                self.add_page()
                continue
            take = min(room, height - done)
            top, x = self.get_y(), self.l_margin
            for column, (_, width) in zip(lines, COLUMNS, strict=True):
                for k, text in enumerate(column[done : done + take]):
                    self.set_xy(x + PAD, top + PAD + k * LINE)
                    self.cell(width - 2 * PAD, LINE, text)
                self.rect(x, top, width, take * LINE + 2 * PAD)
                x += width
            self.set_xy(self.l_margin, top + take * LINE + 2 * PAD)
            done += take

    def _lines(self, text: str, width: float) -> list[str]:
        """``text`` broken into the lines it takes in a column ``width`` wide."""
        lines = self.multi_cell(width, LINE, text, dry_run=True, output="LINES")
        return cast(list[str], lines) or [""]

    def paragraph(self, text: str, style: str = "", size: float = 8.5, indent: float = 0.0) -> None:
        self.text_font(style, size)
        self.set_x(self.l_margin + indent)
        self.multi_cell(0, LINE if size < 10 else 6, text, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def pdf_bytes(
    top: Heading, rows: list[dict[str, Any]], found: list[Finding], fonts: Iterable[Path] = FONT_DIRS
) -> bytes:
    """The matrix and its appendix as a PDF document."""
    font = _font(fonts)
    shown = font.shown
    pdf = _MatrixPDF(top, font)
    pdf.matrix_table(
        [
            [
                row["item"],
                shown(row["title"]),
                shown(_marked(row)) if row["status"] == "answered" else "Unanswered",
                shown(", ".join(row["references"])),
            ]
            for row in rows
        ]
    )
    pdf.add_page()
    pdf.paragraph("Appendix: basis of answers", "B", 12)
    for row in rows:
        if row["status"] == "answered":
            _basis(pdf, row)
    pdf.ln(2)
    pdf.paragraph("Code checks", "B", 12)
    for finding in found:
        cited = f" ({', '.join(finding.articles)})" if finding.articles else ""
        related = f" [see also {', '.join(finding.related)}]" if finding.related else ""
        pdf.paragraph(shown(f"{finding.item} {finding.severity}: {finding.message}{cited}{related}"))
    if not found:
        pdf.paragraph("No contradictions found between the answers and the code's classification rules.")
    return bytes(pdf.output())


def _marked(row: dict[str, Any]) -> str:
    """The answer as the matrix cell prints it: anything not confirmed says so first."""
    status = row["answer_status"]
    return row["answer"] if status == "confirmed" else f"[{status.upper()}] {row['answer']}"


def _basis(pdf: _MatrixPDF, row: dict[str, Any]) -> None:
    shown = pdf.lettering.shown
    pdf.ln(2)
    pdf.paragraph(shown(f"{row['item']} {row['title']}"), "B", 10)
    pdf.paragraph(shown(f"Answer: {row['answer']}"))
    pdf.paragraph(shown(f"OBC references: {', '.join(row['references']) or 'none'}"))
    confidence = "" if row["confidence"] is None else f"Confidence {row['confidence']:.2f}; "
    pdf.paragraph(shown(f"{confidence}{source_text(row)}; {status_text(row)}."))
    pdf.paragraph(shown(f"Basis: {row['basis']}"))
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
