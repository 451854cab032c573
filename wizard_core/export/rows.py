"""What every export shows: one row per matrix item, and the heading that names the project."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from wizard_core.answers import describe_value
from wizard_core.checks import findings, propose
from wizard_core.engine import Finding
from wizard_core.forms import FormItem, FormQuestionService
from wizard_core.models import ClarifyingQA, FormAnswer, Practice, ProjectState


def matrix_rows(
    state: ProjectState,
    forms: FormQuestionService,
    found: list[Finding] | None = None,
    discussions: dict[str, list[ClarifyingQA]] | None = None,
) -> list[dict[str, Any]]:
    """One row per item, answered or not, in matrix order (``found``: the code checks, if run;
    ``discussions``: each item's whole clarifying discussion, else the newest the record keeps)."""
    rows = []
    found = findings(state) if found is None else found
    kept = state.archived_clarifying_sessions if discussions is None else discussions
    for item in forms.items:
        answer = state.answer_for(item.number)
        discussion = [{"question": qa.question, "answer": qa.answer} for qa in kept.get(item.number, [])]
        rows.append(
            {
                "item": item.number,
                "title": item.title,
                "answer_type": item.answer_type,
                "unit": item.unit,
                "answer": _answer_text(item, answer),
                "to_do": answer.to_do if answer else False,
                "value": answer.value if answer else None,
                "not_applicable": answer.not_applicable if answer else False,
                "references": references(item.answer_type, answer) if answer else list(item.references),
                # For 3.10, the other articles the engine finds fitting, beside the ones relied on.
                "compared": compared(state, item.answer_type, answer) if answer else [],
                "confidence": answer.confidence if answer else None,
                "basis": basis(item, answer) if answer else "",
                # The advisor's own words: review data only (the review copy, the workbook's Review
                # sheet, the JSON), labelled as the advisor's note; never a matrix cell.
                "advisor_note": advisor_note(answer) if answer else "",
                "source": answer.source if answer else "",
                "imported_from": answer.imported_from if answer else "",
                "advisor": answer.advisor if answer else "",
                "status": "answered" if answer else "to do",
                "confirmed": answer.confirmed if answer else False,
                "answer_status": answer_status(state, item.number, found),
                "discussion": discussion,
                "override": answer.override if answer else None,
                "override_findings": answer.override_findings if answer else [],
                "code_checks": [f.message for f in found if f.item == item.number],
            }
        )
    return rows


def _answer_text(item: FormItem, answer: FormAnswer | None) -> str:
    """The answer as the matrix prints it; a note that is a to-do says so, so no sheet passes it
    off as the note."""
    if answer is None:
        return ""
    text = describe_value(item, answer.value)
    return f"To do: {text}" if answer.to_do else text


def basis(item: FormItem, answer: FormAnswer) -> str:
    """What the wizard recorded and why, in its own words: never an advisor's free text.

    An advisor's answer recorded before its words were kept apart (``advisor_note`` empty) holds
    them in ``answer``: its basis is rendered from the value instead.
    """
    if answer.source == "advisor" and not answer.advisor_note:
        return f"{item.number} {item.title}: {describe_value(item, answer.value)}."
    return answer.answer


def advisor_note(answer: FormAnswer) -> str:
    """The advisor's own words with an answer (unchecked), or "" for an answer no advisor gave."""
    if answer.source != "advisor":
        return ""
    return answer.advisor_note or answer.answer


def references(answer_type: str, answer: FormAnswer) -> list[str]:
    """What an answer relies on: for 3.10 the articles chosen, else the answer's own references."""
    if answer_type == "articles" and isinstance(answer.value, list) and answer.value:
        return [str(article) for article in answer.value]
    return list(answer.obc_references)


def compared(state: ProjectState, answer_type: str, answer: FormAnswer) -> list[str]:
    """For 3.10, the other articles the engine finds fitting the answers, beside the ones chosen."""
    if answer_type != "articles" or not isinstance(answer.value, list):
        return []
    fitting = [a for o in propose(state).occupancies for a in (o.article, *o.alternatives) if a]
    return [article for article in dict.fromkeys(fitting) if article not in answer.value]


@dataclass(frozen=True)
class Heading:
    """The lines at the top of a printed matrix: whose project, which code, when."""

    name: str
    address: str  # the site address, or "" when the project has none
    practice: Practice
    form: str
    edition: str  # the regulation and its last amendment, as the permit drawings cite it
    exported: date
    progress: str

    @property
    def code(self) -> str:
        return f"Code: {self.edition}"

    @property
    def site(self) -> str:
        """The site address as a sentence, or "" when there is none."""
        return f"Site address: {self.address}." if self.address else ""


STATUSES = ("confirmed", "proposed", "overridden", "flagged", "skipped", "to do")


def answer_status(state: ProjectState, section: str, found: list[Finding]) -> str:
    """The one status every export gives an item: to do, skipped, flagged, overridden, proposed, confirmed.

    Flagged: an item a revision flagged, or one with an error finding open. An override records
    the consultant's reason for an answer the checks contradict. The edition (3.00) is the
    project's own setting, confirmed by being chosen.
    """
    answer = state.answer_for(section)
    if answer is None:
        return "skipped" if section in state.skipped else "to do"
    if answer.to_do:  # a note of what is still to be done: the item is not done
        return "to do"
    if section in state.flagged or any(f.item == section and f.severity == "error" for f in found):
        return "flagged"
    if answer.override:
        return "overridden"
    return "confirmed" if answer.confirmed or answer.source in ("edition", "direct") else "proposed"


def counts(rows: list[dict[str, Any]]) -> dict[str, int]:
    """How many items stand at each status, in the order of STATUSES."""
    return {status: sum(1 for row in rows if row["answer_status"] == status) for status in STATUSES}


def progress_text(rows: list[dict[str, Any]]) -> str:
    """'complete' only when every item is confirmed and no error finding is open; else the counts."""
    tally = counts(rows)
    if tally["confirmed"] == len(rows):
        return "complete"
    text = f"{tally['confirmed']} of {len(rows)} confirmed"
    others = [
        f"{tally[s]} {s}" for s in ("proposed", "overridden", "flagged", "skipped", "to do") if tally[s]
    ]
    return text + (f" ({', '.join(others)})" if others else "")


def heading(
    state: ProjectState,
    forms: FormQuestionService,
    rows: list[dict[str, Any]],
    at: datetime,
    practice: Practice | None = None,
) -> Heading:
    """The heading of ``state``'s matrix exported at ``at`` (dated in the server's own time zone);
    ``practice`` the one the sheet names (the project's own copy, else the practice profile)."""
    edition = forms.edition(state.code_edition)
    return Heading(
        name=state.name,
        address=state.address,
        practice=practice or state.practice or Practice(),
        form=forms.form.title,
        edition=f"{edition.regulation} (last amendment {edition.last_amendment}), {edition.key} edition",
        exported=at.astimezone().date(),
        progress=progress_text(rows),
    )


def source_text(row: dict[str, Any]) -> str:
    """Where an answer came from, as a reviewer reads it."""
    if row["source"] == "direct":
        return "entered directly by the consultant"
    if row["source"] == "edition":
        return "set from the project's code edition"
    if row["source"] == "imported":
        return f"imported from {row['imported_from']}"
    return f"proposed by the advisor ({row['advisor']})" if row["advisor"] else "proposed by the advisor"


def status_text(row: dict[str, Any]) -> str:
    """The item's status as a reviewer reads it (an override with its reason)."""
    status = row["answer_status"]
    if status == "overridden":
        return f"overridden: {row['override']}"
    return "unanswered" if status == "to do" else status
