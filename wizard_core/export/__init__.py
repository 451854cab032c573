"""The matrix as a consultant files it: one entry point that takes a format's name.

Markdown, CSV and JSON are text (``text.py``). The workbook (``xlsx.py``) and the drawing-sheet
PDF (``pdf.py``) print the OAA Part 3 sheet from the same lines (``wizard_core.sheet``); the
review PDF (``review_pdf.py``) holds the basis, discussion and findings behind it. Every format
takes each item's status from ``rows.py``, so none can disagree. ``EXPORT_FORMATS`` names each
format's label, media type and file extension once, for the page and the command line alike.
Every text a model or a consultant wrote is rendered inert (``inert.py``) in all but the JSON,
which is data for programs and keeps each text as stored. Direction controls, which would show
text in another order than it was written, are left out of every format, here, before any
format sees the project (``_without_bidi``).
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

from pydantic import BaseModel

from wizard_core.checks import findings
from wizard_core.engine import Finding
from wizard_core.errors import InputError, WizardError
from wizard_core.export.inert import without_bidi
from wizard_core.export.paper import SIZES
from wizard_core.export.rows import heading, matrix_rows
from wizard_core.export.text import csv_text, json_text, markdown_text
from wizard_core.forms import FormQuestionService
from wizard_core.models import ClarifyingQA, Practice, ProjectState
from wizard_core.sheet.write import sheet_lines

__all__ = [
    "EXPORT_FORMATS",
    "FORMATS",
    "MAX_LAYOUT_CHARS",
    "PAPERS",
    "ExportFormat",
    "ExportTooLarge",
    "export",
    "export_file",
    "file_name",
    "matrix_rows",
]


@dataclass(frozen=True)
class ExportFormat:
    """One export format: what a download button says and what the saved file is."""

    name: str
    label: str
    mime: str
    binary: bool
    extension: str = ""  # the file's extension, when it is not the name

    @property
    def suffix(self) -> str:
        return self.extension or self.name


EXPORT_FORMATS = {
    f.name: f
    for f in (
        ExportFormat("md", "Markdown", "text/markdown", False),
        ExportFormat("csv", "CSV", "text/csv", False),
        ExportFormat("json", "JSON", "application/json", False),
        ExportFormat("pdf", "PDF (drawing sheet)", "application/pdf", True),
        ExportFormat("review-pdf", "PDF (review copy)", "application/pdf", True, "pdf"),
        ExportFormat(
            "xlsx", "Excel", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", True
        ),
    )
}
FORMATS = tuple(EXPORT_FORMATS)
PAPERS = tuple(SIZES)  # the drawing sheet's paper, tabloid first (the default)
# The most text a PDF or workbook is laid out for (about 100 pages of matrix and appendix, a few
# seconds' work): far beyond a real project, it keeps one outsized record from tying up the page.
# The text formats hold any project whole.
MAX_LAYOUT_CHARS = 400_000


class ExportTooLarge(WizardError):
    """The project holds more text than a PDF or workbook is laid out for."""


_BROKEN = re.compile("[\ud800-\udfff]")
Discussions = dict[str, list[ClarifyingQA]]
_Record = TypeVar("_Record", bound=BaseModel)


def export(
    state: ProjectState,
    forms: FormQuestionService,
    fmt: str,
    found: list[Finding] | None = None,
    at: datetime | None = None,
    practice: Practice | None = None,
    paper: str = PAPERS[0],
    discussions: Discussions | None = None,
) -> str | bytes:
    """The matrix in ``fmt``: text for md, csv and json, bytes for the PDFs and xlsx.

    The code checks are run here unless ``found`` gives them; ``at`` is the export date shown,
    ``practice`` the practice the sheet names, ``paper`` the drawing sheet's size, ``discussions``
    each item's whole clarifying discussion (else the newest questions the record keeps).
    """
    state, found, practice = _without_bidi(state, found, practice)
    return _export(state, forms, fmt, found, at, practice, paper, _plain_discussions(discussions))


def _export(
    state: ProjectState,
    forms: FormQuestionService,
    fmt: str,
    found: list[Finding],
    at: datetime | None,
    practice: Practice | None,
    paper: str,
    discussions: Discussions | None,
) -> str | bytes:
    if fmt not in EXPORT_FORMATS:
        raise InputError(f"Unknown export format {fmt!r}; choose one of {', '.join(FORMATS)}.")
    if paper not in SIZES:
        raise InputError(f"Unknown paper size {paper!r}; choose one of {', '.join(PAPERS)}.")
    rows = matrix_rows(state, forms, found, discussions)
    if fmt == "json":
        return json_text(state, forms, rows, found)
    if fmt == "csv":
        return csv_text(rows)
    if fmt == "md":
        return markdown_text(state, forms, rows, found)
    size = _text_size(rows, found)
    if size > MAX_LAYOUT_CHARS:
        raise ExportTooLarge(
            f"This project holds {size:,} characters of text, more than a {fmt.upper()} export lays out "
            f"({MAX_LAYOUT_CHARS:,}); export Markdown or JSON, which hold all of it (nothing was changed)."
        )
    # The PDF and workbook libraries take about half a second to load: only an export of theirs does.
    from wizard_core.export.pdf import pdf_bytes
    from wizard_core.export.review_pdf import review_pdf_bytes
    from wizard_core.export.xlsx import xlsx_bytes

    top = heading(state, forms, rows, at or datetime.now(UTC), practice)
    if fmt == "review-pdf":
        return review_pdf_bytes(top, rows, found)
    references = {row["item"]: row["references"] for row in rows}
    lines = sheet_lines(state, forms, top.practice, references, top.exported, top.progress)
    statuses = {row["item"]: row["answer_status"] for row in rows}
    if fmt == "pdf":
        return pdf_bytes(top, lines, statuses, paper)
    return xlsx_bytes(top, lines, statuses, rows, found)


def export_file(
    state: ProjectState,
    forms: FormQuestionService,
    fmt: str,
    found: list[Finding] | None = None,
    at: datetime | None = None,
    practice: Practice | None = None,
    paper: str = PAPERS[0],
    discussions: Discussions | None = None,
) -> bytes:
    """The export as a file holds it: UTF-8, and the CSV with the byte-order mark Excel needs to read it."""
    state, found, practice = _without_bidi(state, found, practice)
    discussions = _plain_discussions(discussions)
    content = _export(state, forms, fmt, found, at, practice, paper, discussions)
    if isinstance(content, bytes):
        return content
    if fmt == "json" and _BROKEN.search(content):
        # Half a surrogate pair cannot be UTF-8; JSON's own escapes keep it exactly.
        rows = matrix_rows(state, forms, found, discussions)
        return json_text(state, forms, rows, found, ascii_only=True).encode()
    data = _BROKEN.sub("\ufffd", content).encode("utf-8")
    return codecs.BOM_UTF8 + data if fmt == "csv" else data


def _without_bidi(
    state: ProjectState, found: list[Finding] | None, practice: Practice | None
) -> tuple[ProjectState, list[Finding], Practice | None]:
    """The project, its findings (run here if not given) and the practice, without direction controls."""
    state = _plain(state)
    found = [_plain(f) for f in (findings(state) if found is None else found)]
    return state, found, None if practice is None else _plain(practice)


def _plain_discussions(discussions: Discussions | None) -> Discussions | None:
    """The discussions read from the archive log, without direction controls, as the project's are."""
    if discussions is None:
        return None
    return {section: [_plain(qa) for qa in thread] for section, thread in discussions.items()}


def _plain(record: _Record) -> _Record:
    """``record`` as it is, or a copy without direction controls if it holds any."""
    dumped = record.model_dump()
    plain = without_bidi(dumped)
    return record if plain == dumped else type(record).model_validate(plain)


def _text_size(rows: list[dict], found: list[Finding]) -> int:
    texts = [row["answer"] + row["basis"] + row["advisor_note"] + (row["override"] or "") for row in rows]
    texts += [turn["question"] + (turn["answer"] or "") for row in rows for turn in row["discussion"]]
    return sum(map(len, texts)) + sum(len(f.message) for f in found)


def file_name(project_name: str, fmt: str) -> str:
    """A download's file name from the project's name: letters and digits only, never a path."""
    stem = re.sub(r"[^A-Za-z0-9]+", "-", project_name).strip("-").lower()[:60] or "project"
    kind = "-review" if fmt == "review-pdf" else ""
    return f"{stem}-data-matrix{kind}.{EXPORT_FORMATS[fmt].suffix}"
