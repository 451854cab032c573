"""The matrix as text: Markdown to paste, CSV for a spreadsheet, JSON for programs.

The Markdown and the CSV render every text inert (``inert.py``); the JSON export is data for
programs and keeps every text exactly as stored.
"""

from __future__ import annotations

import csv
import io
import json

from wizard_core.engine import Finding
from wizard_core.export.inert import md_cell, safe_cell
from wizard_core.export.rows import counts, progress_text
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState


def json_text(
    state: ProjectState,
    forms: FormQuestionService,
    rows: list[dict],
    found: list[Finding],
    ascii_only: bool = False,
) -> str:
    document = {
        "project_id": state.project_id,
        "name": state.name,
        "address": state.address,
        "form": forms.form.title,
        "code_edition": state.code_edition,
        # Complete only when every item is confirmed and no error finding is open (progress_text).
        "complete": progress_text(rows) == "complete",
        "status": progress_text(rows),
        "counts": counts(rows),
        "updated_at": state.updated_at.isoformat(),
        "items": rows,
        "code_checks": [f.model_dump() for f in found],
    }
    return json.dumps(document, indent=2, ensure_ascii=ascii_only) + "\n"


def csv_text(rows: list[dict]) -> str:
    """Rows ended by CRLF, as RFC 4180 and Excel expect."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(
        [
            "Item",
            "Title",
            "Answer",
            "Status",
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
        cells = [row["item"], row["title"], row["answer"], row["answer_status"], "; ".join(row["references"])]
        cells.append(confidence)
        extra = [row["basis"], discussion, row["override"] or "", " | ".join(row["code_checks"])]
        writer.writerow([safe_cell(c) for c in [*cells, *extra]])
    return buffer.getvalue()


def markdown_text(
    state: ProjectState, forms: FormQuestionService, rows: list[dict], found: list[Finding]
) -> str:
    edition = forms.edition(state.code_edition)
    lines = [
        f"# {md_cell(state.name)} — building code data matrix",
        "",
        (f"Site address: {md_cell(state.address)}. " if state.address else "")
        + f"{forms.form.title}. Code: {edition.regulation} (last amendment {edition.last_amendment}). "
        f"Updated {state.updated_at:%Y-%m-%d}. Status: {progress_text(rows)}.",
        "",
        "| Item | Title | Answer | Status | References |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        refs = md_cell(", ".join(row["references"]))
        answer = md_cell(row["answer"] or "—")
        lines.append(
            f"| {row['item']} | {md_cell(row['title'])} | {answer} | {row['answer_status']} | {refs} |"
        )
    lines += ["", "## Basis of answers", ""]
    for row in rows:
        if row["status"] != "answered":
            continue
        lines.append(f"### {row['item']} {md_cell(row['title'])}")
        lines.append(f"- Confidence: {row['confidence']:.2f} ({row['source']})")
        lines.append(f"- Basis: {md_cell(row['basis'])}")
        if row["override"]:
            overrides = "; ".join(row["override_findings"])
            lines.append(
                f"- Recorded despite the code checks ({md_cell(overrides)}): {md_cell(row['override'])}"
            )
        for turn in row["discussion"]:
            lines.append(f"- Q: {md_cell(turn['question'])}")
            lines.append(f"  A: {md_cell(turn['answer'] or '(no answer)')}")
        lines.append("")
    lines += ["## Code checks", ""]
    for finding in found:
        cited = f" ({', '.join(finding.articles)})" if finding.articles else ""
        lines.append(f"- **{finding.item}** {finding.severity}: {md_cell(finding.message)}{cited}")
    if not found:
        lines.append("No contradictions found between the answers and the code's classification rules.")
    return "\n".join(lines).rstrip() + "\n"
