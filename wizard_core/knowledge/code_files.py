"""Reading a consultant's code file (.txt, .md or .pdf) as text, with size and sanity checks.

Every problem is an ``InputError`` whose message names the file and says what is wrong.
"""

from __future__ import annotations

import io
import logging
import re
from collections import Counter
from pathlib import Path

from wizard_core.errors import InputError

MAX_TEXT_BYTES = 20 * 1024 * 1024
MAX_PDF_BYTES = 100 * 1024 * 1024  # a PDF's text is a fraction of its size
MAX_PDF_PAGES = 5_000
MAX_LINES = 200_000
SUFFIXES = (".txt", ".md", ".markdown", ".pdf")
log = logging.getLogger(__name__)

MARKUP = r"\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*"
DIVISION = re.compile(rf"^{MARKUP}Division\s+(?P<div>[ABC])(?:\s*[-–—:|]\s*.*|\s+[A-Z][^.]*)?\s*$")
_PAGE_NUMBER = re.compile(r"^\s*(?:page\s+)?\d+(?:\s*(?:of|/|-)\s*\d+)?\s*$", re.IGNORECASE)


def read_code_file(path: Path) -> str:
    """The text of a .txt, .md or .pdf file, checked for size and readability."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise InputError(f"{path.name}: import a .txt, .md or .pdf file, not '{suffix or 'no extension'}'.")
    try:
        size = path.stat().st_size
        limit = MAX_PDF_BYTES if suffix == ".pdf" else MAX_TEXT_BYTES
        if size > limit:
            raise InputError(
                f"{path.name} is too large to import ({size // 2**20} MB; limit {limit // 2**20} MB)."
            )
        data = path.read_bytes()
    except OSError as error:
        raise InputError(f"Cannot read {path.name}: {error.strerror or error}.") from error
    if not data.strip():
        raise InputError(f"{path.name} is empty.")
    text = _pdf_text(path.name, data) if suffix == ".pdf" else _decode(path.name, data)
    lines = text.count("\n") + 1
    if lines > MAX_LINES:
        raise InputError(f"{path.name} is too large to import ({lines} lines; limit {MAX_LINES}).")
    if not text.strip():
        raise InputError(f"{path.name} contains no text.")
    return text


def _decode(name: str, data: bytes) -> str:
    if b"\x00" in data[:65536]:
        raise InputError(f"{name} is not a text file.")
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise InputError(f"{name} cannot be read as text (unknown character encoding).")
    controls = sum(1 for ch in text[:65536] if ord(ch) < 32 and ch not in "\t\n\r\f")
    if controls > len(text[:65536]) / 100:
        raise InputError(f"{name} is not a text file.")
    return text


def _pdf_text(name: str, data: bytes) -> str:
    if b"%PDF-" not in data[:1024]:
        raise InputError(f"{name} is not a PDF file.")
    from pypdf import PdfReader  # imported here: it takes most of a second to load

    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            raise InputError(f"{name} is password-protected; import an unprotected copy.")
        if len(reader.pages) > MAX_PDF_PAGES:
            raise InputError(
                f"{name} has too many pages to import ({len(reader.pages)}; limit {MAX_PDF_PAGES})."
            )
        pages = [page.extract_text() or "" for page in reader.pages]
    except InputError:
        raise
    except Exception as error:  # pypdf raises many kinds of error on damaged files
        log.warning("Cannot read PDF %s: %r", name, error)
        raise InputError(f"{name} is damaged or not a readable PDF.") from error
    text = _drop_page_furniture(pages)
    if not text.strip():
        raise InputError(f"{name} has no text layer (a scanned PDF?); import a PDF with selectable text.")
    return text


def _drop_page_furniture(pages: list[str]) -> str:
    """Join PDF pages without page numbers and the running headers and footers repeated on them.

    Only the first and last two lines of a page can be furniture, so a sentence that recurs in
    the body is kept.
    """
    split = [[line.strip() for line in page.splitlines() if line.strip()] for page in pages]
    edges = Counter(line for lines in split for line in {*lines[:2], *lines[-2:]} if len(line) <= 100)
    repeated = {line for line, n in edges.items() if n >= max(3, len(pages) // 4)}
    kept = []
    for lines in split:
        last = len(lines) - 1
        for position, line in enumerate(lines):
            at_edge = position < 2 or position > last - 2
            if at_edge and (_PAGE_NUMBER.match(line) or (line in repeated and not DIVISION.match(line))):
                continue
            kept.append(line)
    return "\n".join(kept)
