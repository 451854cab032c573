"""The finished matrix as a consultant pastes it: Markdown, CSV or JSON, with a basis appendix.

Every text in an export may have come from a model or been typed by anyone, so the Markdown
and the spreadsheet render it inert: no Markdown or HTML in it takes effect (no image is
fetched, no link is live, no formula runs) and web addresses are shown defanged, as
``http[:]//host`` and ``www[.]host``, which no viewer turns into a link. The JSON export is
data for programs and keeps every text exactly as stored.
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from wizard_core.answers import describe_value
from wizard_core.checks import findings
from wizard_core.engine import Finding
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState

FORMATS = ("md", "csv", "json")


def matrix_rows(
    state: ProjectState, forms: FormQuestionService, found: list[Finding] | None = None
) -> list[dict[str, Any]]:
    """One row per item, answered or not, in matrix order (``found``: the code checks, if run)."""
    rows = []
    found = findings(state) if found is None else found
    for item in forms.items:
        answer = state.answer_for(item.number)
        discussion = [
            {"question": qa.question, "answer": qa.answer}
            for qa in state.archived_clarifying_sessions.get(item.number, [])
        ]
        rows.append(
            {
                "item": item.number,
                "title": item.title,
                "answer": describe_value(item, answer.value) if answer else "",
                "value": answer.value if answer else None,
                "not_applicable": answer.not_applicable if answer else False,
                "references": answer.obc_references if answer else list(item.references),
                "confidence": answer.confidence if answer else None,
                "basis": answer.answer if answer else "",
                "source": answer.source if answer else "",
                "status": "answered" if answer else "to do",
                "discussion": discussion,
                "override": answer.override if answer else None,
                "override_findings": answer.override_findings if answer else [],
                "code_checks": [f.message for f in found if f.item == item.number],
            }
        )
    return rows


def export(
    state: ProjectState, forms: FormQuestionService, fmt: str, found: list[Finding] | None = None
) -> str:
    """The matrix in ``fmt``, with the code checks (run here unless ``found`` gives them)."""
    found = findings(state) if found is None else found
    rows = matrix_rows(state, forms, found)
    if fmt == "json":
        return json.dumps(_json_document(state, forms, rows, found), indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        return _csv(rows)
    if fmt == "md":
        return _markdown(state, forms, rows, found)
    raise ValueError(f"unknown export format {fmt!r}")


def _json_document(
    state: ProjectState, forms: FormQuestionService, rows: list[dict], found: list[Finding]
) -> dict:
    return {
        "project_id": state.project_id,
        "name": state.name,
        "form": forms.form.title,
        "code_edition": state.code_edition,
        "complete": state.complete,
        "updated_at": state.updated_at.isoformat(),
        "items": rows,
        "code_checks": [f.model_dump() for f in found],
    }


def _csv(rows: list[dict]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(
        [
            "Item",
            "Title",
            "Answer",
            "References",
            "Confidence",
            "Basis",
            "Discussion",
            "Override",
            "Code checks",
        ]
    )
    for row in rows:
        discussion = " | ".join(f"Q: {d['question']} A: {d['answer'] or ''}" for d in row["discussion"])
        confidence = "" if row["confidence"] is None else f"{row['confidence']:.2f}"
        cells = [row["item"], row["title"], row["answer"], "; ".join(row["references"]), confidence]
        extra = [row["basis"], discussion, row["override"] or "", " | ".join(row["code_checks"])]
        writer.writerow([_safe_cell(c) for c in [*cells, *extra]])
    return buffer.getvalue()


# What a spreadsheet reads as the start of a formula, in ASCII and in full-width forms.
_FORMULA_START = tuple("=+-@\uff1d\uff0b\uff0d\uff20")
# Web addresses a Markdown viewer links by itself (GFM autolinks), and the scheme of any URL.
_SCHEME = re.compile(r"(?i)\b([a-z][a-z0-9+.-]{0,30}):(?=//)|\b(mailto|xmpp|javascript|data|vbscript):")
_WWW = re.compile(r"(?i)\bwww\.")
_EMAIL_AT = re.compile(r"(?<=[A-Za-z0-9._+-])@(?=[A-Za-z0-9-]+\.[A-Za-z0-9])")
# Markdown and HTML punctuation that could act inline; each is shown as itself, escaped.
_MARKDOWN = re.compile(r"([\\`*_{}\[\]()<>!|~&$#])")


def _safe_cell(text: str) -> str:
    """Spreadsheet-inert text: a cell that would start a formula (after any blanks) is made plain text."""
    text = _defanged(text)
    return "'" + text if text.lstrip(" \t\r\n")[:1] in _FORMULA_START or text[:1] in ("\t", "\r") else text


def _defanged(text: str) -> str:
    """Web addresses shown so no viewer links them: 'http[:]//host', 'www[.]host', 'name[@]host.ca'."""
    text = _SCHEME.sub(lambda m: f"{m.group(1) or m.group(2)}[:]", text)
    text = _WWW.sub(lambda m: m.group(0)[:3] + "[.]", text)
    return _EMAIL_AT.sub("[@]", text)


def _md_cell(text: str) -> str:
    """One line of Markdown that shows ``text`` as written and makes nothing in it live."""
    return _MARKDOWN.sub(r"\\\1", _defanged(" ".join(text.split())))


def _markdown(state: ProjectState, forms: FormQuestionService, rows: list[dict], found: list[Finding]) -> str:
    edition = forms.edition(state.code_edition)
    lines = [
        f"# {_md_cell(state.name)} — building code data matrix",
        "",
        f"{forms.form.title}. Code: {edition.regulation} (last amendment {edition.last_amendment}). "
        f"Updated {state.updated_at:%Y-%m-%d}. Status: "
        + ("complete" if state.complete else f"{len(state.finalized_answers)} of {len(rows)} items answered")
        + ".",
        "",
        "| Item | Title | Answer | References |",
        "|---|---|---|---|",
    ]
    for row in rows:
        refs = _md_cell(", ".join(row["references"]))
        lines.append(
            f"| {row['item']} | {_md_cell(row['title'])} | {_md_cell(row['answer'] or '—')} | {refs} |"
        )
    lines += ["", "## Basis of answers", ""]
    for row in rows:
        if row["status"] != "answered":
            continue
        lines.append(f"### {row['item']} {_md_cell(row['title'])}")
        lines.append(f"- Confidence: {row['confidence']:.2f} ({row['source']})")
        lines.append(f"- Basis: {_md_cell(row['basis'])}")
        if row["override"]:
            overrides = "; ".join(row["override_findings"])
            lines.append(
                f"- Recorded despite the code checks ({_md_cell(overrides)}): {_md_cell(row['override'])}"
            )
        for turn in row["discussion"]:
            lines.append(f"- Q: {_md_cell(turn['question'])}")
            lines.append(f"  A: {_md_cell(turn['answer'] or '(no answer)')}")
        lines.append("")
    lines += ["## Code checks", ""]
    for finding in found:
        cited = f" ({', '.join(finding.articles)})" if finding.articles else ""
        lines.append(f"- **{finding.item}** {finding.severity}: {_md_cell(finding.message)}{cited}")
    if not found:
        lines.append("No contradictions found between the answers and the code's classification rules.")
    return "\n".join(lines).rstrip() + "\n"
