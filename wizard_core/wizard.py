"""The core's face: everything the page and the command line do, in one narrow class.

A message goes to the turn pipeline (``turn/pipeline.py``); every other action is a plain function
of the module named for its role (``projects``, ``entry``, ``answer_review``, ``practice``,
``imported_text``) handed the store; the matrix, the code excerpts and the exports are read here too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from wizard_core import answer_review, archive, checks, entry, imported_text, practice, projects
from wizard_core import export as exports
from wizard_core.advisors.base import Advisor
from wizard_core.carried import Carried, carried_fact
from wizard_core.content import Edition, FormItem, KnowledgeEntry
from wizard_core.context import ContextPackage
from wizard_core.engine import Finding
from wizard_core.export import PAPERS
from wizard_core.forms import FormQuestionService
from wizard_core.importing import MatrixImport, import_matrix
from wizard_core.knowledge import code_catalog, code_import
from wizard_core.knowledge.code_sync import CodeTextSync
from wizard_core.knowledge.service import KnowledgeBaseService, Quote
from wizard_core.models import ClarifyingQA, FormAnswer, Practice, ProjectState, ProjectSummary
from wizard_core.sheet.items import ExtraCell, extra_cells
from wizard_core.sheet.values import sheet_defaults
from wizard_core.store import ProjectPage, ProjectStore, TurnPage
from wizard_core.turn import prefill, review
from wizard_core.turn.pipeline import ContextManager
from wizard_core.turn.record import TurnResult
from wizard_core.turn.summary import context_summary


@dataclass(eq=False)
class Wizard:
    """One wizard over one store, one matrix, one knowledge base and one advisor."""

    storage: ProjectStore
    forms: FormQuestionService
    knowledge: KnowledgeBaseService
    manager: ContextManager
    clock: Callable[[], datetime]
    data_dir: Path | None = None
    code_text: CodeTextSync | None = None  # where imported code text is kept, and its version in use

    # The conversation.
    def process_user_response(
        self,
        project_id: str,
        user_answer: str,
        on_text: Callable[[str], None] | None = None,
        expected_revision: int | None = None,
    ) -> TurnResult:
        self.refresh_code_text()  # another replica's import is used from the next turn on
        return self.manager.run(project_id, user_answer, on_text, expected_revision)

    def context_package(self, project_id: str) -> ContextPackage:
        return self.manager.context_package(project_id)

    @property
    def advisor(self) -> Advisor:
        return self.manager.advisor

    def advisor_mode(self) -> str | None:
        """The reply format the model server gets, in a line (None for an advisor without a model)."""
        line = getattr(self.advisor, "mode_line", None)
        return line() if callable(line) else None

    # Projects.
    def start_project(self, name: str, code_edition: str = "2024", address: str = "") -> ProjectState:
        return projects.start_project(self.storage, self.forms, self.clock, name, code_edition, address)

    def free_name(self, name: str) -> str:
        """``name``, or the first free "name (2)", "name (3)"…: what a taken name is refused with."""
        return projects.untaken_name(self.storage, name)

    def answer_directly(
        self, project_id: str, section: str, value: Any, override: str | None = None
    ) -> FormAnswer:
        return entry.answer_directly(
            self.storage, self.forms, project_id, section, value, override, self.clock
        )

    # The sheet's other cells: those beside an answer that its value has no field for.
    def extra_cells(self, section: str) -> list[ExtraCell]:
        """The cells of the OAA sheet beside ``section``'s answer that the consultant fills in."""
        return extra_cells(section)

    def sheet_defaults(self, state: ProjectState, section: str) -> dict[str, str]:
        """What those cells print while left empty, where the project already knows it."""
        return sheet_defaults(state, section)

    def set_sheet_cells(self, project_id: str, section: str, cells: dict[str, str]) -> FormAnswer:
        """Fill in or clear ("") those cells; the answer keeps its value and status."""
        return entry.set_sheet_cells(self.storage, self.forms, project_id, section, cells, self.clock)

    # The consultant's review of answers: confirm, still holds, undo, skip, go to an item to revise.
    def confirm_answer(self, project_id: str, section: str) -> FormAnswer:
        """Confirm the advisor's proposed answer to ``section``."""
        return answer_review.confirm(self.storage, project_id, section, self.clock)

    def confirm_all(self, project_id: str) -> review.ConfirmedAll:
        """Confirm every proposed answer not flagged; iterates as those confirmed, ``left`` the rest."""
        return answer_review.confirm_all(self.storage, project_id, self.clock)

    def keep_answer(self, project_id: str, section: str) -> FormAnswer:
        """A flagged answer still holds: clear its flag and note the review."""
        return answer_review.keep(self.storage, project_id, section, self.clock)

    def keep_all(self, project_id: str, sections: list[str]) -> list[FormAnswer]:
        """Several flagged answers still hold: clear their flags in one save."""
        return answer_review.keep_all(self.storage, project_id, sections, self.clock)

    def status_counts(self, state: ProjectState) -> dict[str, int]:
        return review.status_counts(state, self.forms)

    def undo_last_answer(self, project_id: str, expected_revision: int | None = None) -> review.Undo:
        """Take back the most recent answer (repeatable, newest first)."""
        return answer_review.undo(self.storage, self.forms, project_id, expected_revision, self.clock)

    def last_undo(self, state: ProjectState) -> review.Undo | None:
        """What "undo last answer" would take back in ``state``; None when nothing can be undone."""
        return review.last_undo(state)

    def skip_item(self, project_id: str, section: str) -> ProjectState:
        """Leave the current item unanswered for now; the wizard comes back to it after the rest."""
        return answer_review.skip(self.storage, self.forms, project_id, section, self.clock)

    def go_to_item(self, project_id: str, section: str) -> ProjectState:
        return answer_review.go_to(self.storage, self.forms, project_id, section, self.clock)

    def rename_project(self, project_id: str, name: str, address: str | None = None) -> ProjectState:
        state = self.storage.load_project(project_id)
        return projects.rename_project(self.storage, state, name, address, self.clock)

    def delete_project(self, project_id: str) -> None:
        self.storage.delete_project(project_id)

    # The practice on the sheet: the store's profile, or a project's own copy.
    def practice_profile(self) -> Practice:
        """The practice profile every project without its own copy uses (empty until saved)."""
        return self.storage.load_practice()

    def save_practice_profile(self, name: str, address_1: str, address_2: str, contact: str) -> Practice:
        return practice.save_profile(self.storage, name, address_1, address_2, contact)

    def set_project_practice(
        self, project_id: str, name: str, address_1: str, address_2: str, contact: str
    ) -> ProjectState:
        return practice.set_own(self.storage, project_id, name, address_1, address_2, contact, self.clock)

    def practice_for(self, state: ProjectState) -> Practice:
        return practice.on_sheet(self.storage, state)

    def load_project(self, project_id: str) -> ProjectState:
        """The project with its newest turns; a turn pending in a process that stopped shown interrupted."""
        return self.manager.load(project_id)

    # The project's past, read when a person opens it.
    def load_turns(
        self, project_id: str, section: str | None = None, before: int | None = None, limit: int = 20
    ) -> TurnPage:
        """A page of the transcript: ``limit`` turns before place ``before``, of ``section`` if given."""
        return self.storage.load_turns(project_id, section, before, limit)

    def archived_questions(self, state: ProjectState, section: str) -> list[ClarifyingQA]:
        """Every clarifying question the item archived, oldest first."""
        return archive.questions(self.storage, state, section)

    def earlier_answers(self, state: ProjectState, section: str) -> list[FormAnswer]:
        """Every earlier answer of the item, oldest first."""
        return archive.answers(self.storage, state, section)

    def list_projects(
        self, query: str = "", offset: int = 0, limit: int | None = None
    ) -> list[ProjectSummary]:
        """Projects newest first; with arguments, those whose name contains ``query``, paged."""
        if not query and not offset and limit is None:
            return self.storage.list_projects()
        return self.storage.page_projects(query, offset, limit).projects

    def project_page(self, query: str = "", offset: int = 0, limit: int | None = 20) -> ProjectPage:
        """One page of the project list and how many projects match: the sidebar's listing."""
        return self.storage.page_projects(query, offset, limit)

    def summary(self, project_id: str) -> dict[str, Any]:
        """Seed 002's context summary for the ``summary`` command."""
        return self.summarize(self.storage.load_project(project_id))

    def summarize(self, state: ProjectState) -> dict[str, Any]:
        """The context summary of a project already loaded (the sidebar's health panel)."""
        return context_summary(state, self.forms, self.clock())

    # The code checks.
    def check(self, project_id: str) -> list[Finding]:
        """Every code-check finding on the project's answers, errors first."""
        return self.findings(self.storage.load_project(project_id))

    def findings(self, state: ProjectState) -> list[Finding]:
        return checks.findings(state)

    # The matrix.
    @property
    def form_title(self) -> str:
        return self.forms.form.title

    @property
    def editions(self) -> list[Edition]:
        return list(self.forms.form.editions)

    def edition(self, key: str) -> Edition:
        return self.forms.edition(key)

    @property
    def items(self) -> list[FormItem]:
        return self.forms.items

    def item(self, section: str) -> FormItem:
        return self.forms.get_item(section)

    def title(self, section: str) -> str:
        """The item's title, or '' for a section the matrix does not have."""
        return self.forms.get_item(section).title if self.forms.has_item(section) else ""

    def matrix_rows(self, state: ProjectState, found: list[Finding] | None = None) -> list[dict[str, Any]]:
        return exports.matrix_rows(state, self.forms, found)

    def export(
        self, state: ProjectState, fmt: str, found: list[Finding] | None = None, paper: str = PAPERS[0]
    ) -> str | bytes:
        """The matrix in ``fmt``: text, or bytes for the PDFs and xlsx (``found`` spares the checks)."""
        on_sheet, discussions = self.practice_for(state), archive.discussions(self.storage, state)
        return exports.export(state, self.forms, fmt, found, self.clock(), on_sheet, paper, discussions)

    def export_file(
        self, state: ProjectState, fmt: str, found: list[Finding] | None = None, paper: str = PAPERS[0]
    ) -> bytes:
        """The export as a downloaded or saved file holds it (the CSV with the mark Excel needs)."""
        on_sheet, discussions = self.practice_for(state), archive.discussions(self.storage, state)
        return exports.export_file(state, self.forms, fmt, found, self.clock(), on_sheet, paper, discussions)

    def stuck(self, state: ProjectState) -> bool:
        """Whether the current item was asked about twice unsettled (the page then opens its direct entry)."""
        return prefill.stuck(state)

    def reading_so_far(self, state: ProjectState) -> Any | None:
        """The value the consultant's messages on the current item most likely mean, or None."""
        return prefill.reading_so_far(state, self.forms)

    def carried(self, state: ProjectState) -> Carried | None:
        """What the consultant said at an earlier item that answers the current one (a proposal the
        page pre-fills the direct entry with), or None."""
        section = state.current_form_section
        return carried_fact(self.forms.get_item(section), state, self.forms) if section else None

    def import_matrix(self, data: bytes, filename: str, name: str | None = None) -> MatrixImport:
        """A new project from a matrix in the OAA sheet's layout (.xlsx or its CSV): each filled item a
        proposed answer "imported from <file>". A file that is not such a sheet creates nothing
        (InputError)."""
        return import_matrix(self.storage, self.forms, self.clock, data, filename, name)

    # The code text: the knowledge base's excerpts, and the imported text (``imported_text``).
    def excerpt(self, entry_id: str) -> tuple[KnowledgeEntry, bool] | None:
        return imported_text.excerpt(self.knowledge, entry_id)

    def quote(self, entry_id: str) -> Quote | None:
        """A code excerpt's text with its origin, file and lines (the page's excerpt panel)."""
        return self.knowledge.quote(entry_id)

    def imports(self) -> list[str]:
        return imported_text.names(self.code_text)

    def import_list(self) -> list[code_catalog.ImportInfo]:
        return imported_text.catalog(self.code_text)

    def imported_articles(self, name: str) -> int:
        return self.knowledge.imported_count(name)

    @property
    def import_problems(self) -> list[str]:
        return imported_text.problems(self.knowledge, self.code_text)

    def is_imported(self, name: str) -> bool:
        return imported_text.is_imported(self.code_text, name)

    def import_code(
        self, path: Path, edition: str = "2024", name: str | None = None
    ) -> code_import.ImportResult:
        return imported_text.import_code(self.code_text, path, edition, name)

    def remove_import(self, name: str) -> bool:
        return imported_text.remove(self.code_text, name)

    def refresh_code_text(self) -> bool:
        return imported_text.refresh(self.code_text)
