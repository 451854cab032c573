"""Reading a consultant's file (.txt, .md or .pdf code text, a transcript) as bytes or text, within bounds.

Every problem is an ``InputError`` whose message names the file and says what is wrong. Only a
regular file is read (a link is followed to one): a pipe would wait forever and ``/dev/zero``
would never end. A PDF's text is extracted in a child process under time limits (``pdf_text``).
"""

from __future__ import annotations

import logging
import os
import re
import stat
from collections import Counter
from pathlib import Path

from wizard_core.errors import InputError
from wizard_core.knowledge import pdf_text

MAX_TEXT_BYTES = 20 * 1024 * 1024
MAX_PDF_BYTES = 100 * 1024 * 1024  # a PDF's text is a fraction of its size
MAX_LINES = 200_000
SUFFIXES = (".txt", ".md", ".markdown", ".pdf")
log = logging.getLogger(__name__)

MARKUP = r"\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*"
DIVISION = re.compile(rf"^{MARKUP}Division\s+(?P<div>[ABC])(?:\s*[-–—:|]\s*.*|\s+[A-Z][^.]*)?\s*$")
_PAGE_NUMBER = re.compile(r"^\s*(?:page\s+)?\d+(?:\s*(?:of|/|-)\s*\d+)?\s*$", re.IGNORECASE)


class FileProblem(Exception):
    """A file that cannot be read as given; ``str()`` says why, e.g. 'it is a pipe, not a file'."""


class TooLarge(FileProblem):
    def __init__(self, size: int) -> None:
        super().__init__(f"it is larger than the limit ({size:,} bytes)")
        self.size = size


def read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (a link is followed), at most ``limit``; else FileProblem."""
    try:
        # Without blocking: opening a pipe would otherwise wait for a writer.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise FileProblem("it does not exist") from None
    except OSError as error:
        raise FileProblem((error.strerror or str(error)).lower()) from None
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise FileProblem(_kind(status.st_mode))
        if status.st_size > limit:
            raise TooLarge(status.st_size)
        chunks, total = [], 0
        while chunk := os.read(fd, min(1 << 20, limit + 1 - total)):
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew while we read
                raise TooLarge(total)
        return b"".join(chunks)
    except OSError as error:
        raise FileProblem((error.strerror or str(error)).lower()) from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "it is a pipe, not a file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a file"
    return "it is a device, not a file"


def read_code_file(path: Path) -> str:
    """The text of a .txt, .md or .pdf file, checked for size and readability."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise InputError(f"{path.name}: import a .txt, .md or .pdf file, not '{suffix or 'no extension'}'.")
    limit = MAX_PDF_BYTES if suffix == ".pdf" else MAX_TEXT_BYTES
    try:
        data = read_regular_file(path, limit)
    except TooLarge as error:
        raise InputError(
            f"{path.name} is too large to import ({error.size // 2**20} MB; limit {limit // 2**20} MB)."
        ) from None
    except FileProblem as error:
        raise InputError(f"Cannot read {path.name}: {error}.") from None
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
    try:
        pages = pdf_text.extract_pages(data)
    except pdf_text.PdfProblem as problem:
        log.warning("Cannot read PDF %s: %s (page %s)", name, problem.kind, problem.page)
        raise InputError(_refusal(name, problem)) from None
    text = _drop_page_furniture(pages)
    if not text.strip():
        raise InputError(f"{name} has no text layer (a scanned PDF?); import a PDF with selectable text.")
    return text


def _refusal(name: str, problem: pdf_text.PdfProblem) -> str:
    """What a consultant is told when a PDF's text cannot be extracted; nothing was imported."""
    slow = "its content is built to be slow to read, or damaged; nothing was imported"
    return {
        "encrypted": f"{name} is password-protected; import an unprotected copy.",
        "pages": f"{name} has too many pages to import ({problem.count:,}; limit {pdf_text.MAX_PAGES:,}).",
        "page_time": (
            f"{name}: page {problem.page} takes longer than {pdf_text.PAGE_SECONDS:g} s to read ({slow})."
        ),
        "open_time": f"{name} takes longer than {pdf_text.PAGE_SECONDS:g} s to open ({slow}).",
        "file_time": f"{name} takes longer than {pdf_text.FILE_SECONDS:g} s to read in all ({slow}).",
        "chars": (
            f"{name} holds more text than an import may ({pdf_text.MAX_CHARS // 2**20} million characters)."
        ),
        "memory": f"{name} needs more memory to read than an import may use; nothing was imported.",
    }.get(problem.kind, f"{name} is damaged or not a readable PDF.")


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
