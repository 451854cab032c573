"""A matrix a consultant already has, in the OAA sheet's layout, brought in as a new project.

Each filled item becomes a proposed answer, "imported from <file>", for the consultant to
confirm. A computed item's figures are worked out from its inputs as the gate does for a
model's answer, and the code checks run on the whole: an imported answer they contradict is
kept (it is what the sheet says) and shows as flagged. A cell that cannot be read is named by
item, row and column and its item left to do. A file that is not such a sheet creates nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import PurePath

from wizard_core import checks, projects
from wizard_core.answers import describe_value, worked_out
from wizard_core.errors import InvalidReplyError
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, ProjectState
from wizard_core.sheet.files import BadFile, sheets
from wizard_core.sheet.read import LayoutError, SheetReading, read_sheet
from wizard_core.store import ProjectStore
from wizard_core.turn.progress import finalize

IMPORTED_CONFIDENCE = 0.9  # what the sheet says, exactly as it says it: still to be confirmed
READ_AS_CONFIDENCE = 0.7  # an option the wizard read from the sheet's own words


@dataclass
class MatrixImport:
    """The new project, and what the consultant should know about the import."""

    state: ProjectState
    imported: list[str] = field(default_factory=list)  # item numbers
    problems: list[str] = field(default_factory=list)  # cells not read, and why
    notes: list[str] = field(default_factory=list)  # words read as an option, findings to look at

    @property
    def message(self) -> str:
        lines = [
            f"Imported {len(self.imported)} answers into “{self.state.name}”, all proposed: confirm each one "
            "on the Matrix tab."
        ]
        lines += self.notes
        if self.problems:
            count = len(self.problems)
            lines.append(
                f"{count} {'entry was' if count == 1 else 'entries were'} not imported (left to do):"
            )
            lines += [f"- {problem}" for problem in self.problems]
        return "\n".join(lines)


def read_file(data: bytes, filename: str, forms: FormQuestionService) -> SheetReading:
    """The sheet in a workbook or CSV; BadFile or LayoutError (nothing created) when there is none."""
    failure: LayoutError | None = None
    for _, grid in sheets(data, filename):  # read one sheet at a time, the first that is the matrix
        try:
            return read_sheet(grid, forms)
        except LayoutError as error:
            failure = failure or error
    if failure is None:
        raise BadFile(f"{PurePath(filename).name} has no sheets. No project was created.")
    raise failure


def import_matrix(
    storage: ProjectStore,
    forms: FormQuestionService,
    clock: Callable[[], datetime],
    data: bytes,
    filename: str,
    name: str | None = None,
) -> MatrixImport:
    """A new project from a matrix file; InputError (nothing created) for a file that is not one."""
    file = PurePath(filename).name or "the file"
    reading = read_file(data, file, forms)
    title = name if name and name.strip() else reading.name or PurePath(file).stem or "Imported matrix"
    title = title if name else projects.untaken_name(storage, title[:120])
    edition = reading.edition or forms.form.editions[0].key
    state = projects.start_project(storage, forms, clock, title, edition, reading.address)
    if not reading.practice.empty:
        state.practice = reading.practice
    result = MatrixImport(state, problems=list(reading.problems))
    now = clock()
    for item in forms.items[1:]:  # 3.00 is the project's edition, set above
        got = reading.answers.get(item.number)
        if got is None:
            continue
        try:
            value = worked_out(item, got.value, state)
        except InvalidReplyError as error:
            result.problems.append(f"{error} Left to do.")
            continue
        if got.read_as:
            result.notes.append(f"{item.number}: read “{got.read_as}” as {describe_value(item, value)}.")
        answer = FormAnswer(
            section=item.number,
            question_number=item.number,
            title=item.title,
            question=item.question,
            answer=f"{item.number} {item.title}: {describe_value(item, value)} (imported from {file}).",
            value=value,
            not_applicable=value is None,
            confidence=READ_AS_CONFIDENCE if got.read_as else IMPORTED_CONFIDENCE,
            obc_references=got.references,
            source="imported",
            imported_from=file,
            sheet_cells=got.sheet_cells,
            timestamp=now,
        )
        finalize(state, answer, forms)
        result.imported.append(item.number)
    state.answer_steps, state.steps_moved = [], 0  # an import is undone by deleting the project
    state.archive = [entry for entry in state.archive if entry.step is None]
    errors = [f for f in checks.findings(state) if f.severity == "error"]
    if errors:
        result.notes.append(
            f"The code checks find {len(errors)} contradiction(s) in the imported answers; those items are "
            "flagged: " + " ".join(f"{f.item}: {f.message}" for f in errors)
        )
    storage.save_project(state)
    return result


__all__ = ["BadFile", "LayoutError", "MatrixImport", "import_matrix", "read_file"]
