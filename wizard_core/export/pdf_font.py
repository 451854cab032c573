"""The lettering both PDFs print in, and the text made fit to print in it.

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

from fpdf import FPDF

from wizard_core.export.inert import document_text

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


@dataclass(frozen=True)
class Font:
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

    def register(self, pdf: FPDF) -> None:
        """Make this font's faces available to ``pdf`` (the built-in font needs nothing)."""
        for style, path in self.files.items():
            pdf.add_font(self.family, style, str(path))


def _stand_in(ch: str, missing: str) -> str:
    # A combining mark or an invisible format character (a variation selector, a zero-width joiner)
    # adds nothing the reader could see without its glyph; anything else shows it was there.
    return "" if unicodedata.category(ch) in ("Mn", "Me", "Cf") else missing


def font(dirs: Iterable[Path] = FONT_DIRS) -> Font:
    """DejaVu Sans from the first of ``dirs`` holding both faces, else the built-in Helvetica."""
    for folder in dirs:
        files = {style: folder / name for style, name in _FACES.items()}
        if all(path.is_file() for path in files.values()):
            try:
                glyphs = frozenset.intersection(*(_cmap(path) for path in files.values()))
            except Exception:  # a damaged font file: the built-in font still prints the matrix
                continue
            return Font("DejaVu", files, glyphs)
    return Font("Helvetica", {}, _LATIN1)


@lru_cache(maxsize=4)
def _cmap(path: Path) -> frozenset[int]:
    from fontTools.ttLib import TTFont  # fpdf2's own dependency; only needed for a TrueType font

    with TTFont(path, lazy=True) as font:
        return frozenset(font.getBestCmap())
