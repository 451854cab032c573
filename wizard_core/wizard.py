"""The core's face: everything the page and the command line do, in one narrow class.

Turns go to ``ContextManager``; project actions to ``ProjectActions``; reading the matrix,
the code excerpts and the consultant's imported code text go through here, so callers never
reach into the services behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from wizard_core import checks
from wizard_core import export as exports
from wizard_core.advisors.base import Advisor
from wizard_core.content import Edition, FormItem, KnowledgeEntry
from wizard_core.context import ContextPackage
from wizard_core.engine import Finding
from wizard_core.errors import InputError
from wizard_core.forms import FormQuestionService
from wizard_core.knowledge import code_import
from wizard_core.knowledge.service import KnowledgeBaseService
from wizard_core.manager import ContextManager
from wizard_core.models import FormAnswer, ProjectState, ProjectSummary
from wizard_core.projects import ProjectActions
from wizard_core.store import ProjectStore
from wizard_core.summary import context_summary
from wizard_core.turns import TurnResult


class Wizard:
    """One wizard over one store, one matrix, one knowledge base and one advisor."""

    def __init__(
        self,
        storage: ProjectStore,
        forms: FormQuestionService,
        knowledge: KnowledgeBaseService,
        manager: ContextManager,
        clock: Callable[[], datetime],
        data_dir: Path | None = None,
    ) -> None:
        self.storage = storage
        self.forms = forms
        self.knowledge = knowledge
        self.manager = manager
        self.projects = ProjectActions(storage, forms, clock)
        self.clock = clock
        self.data_dir = data_dir

    # The conversation.
    def process_user_response(
        self,
        project_id: str,
        user_answer: str,
        on_text: Callable[[str], None] | None = None,
        expected_revision: int | None = None,
    ) -> TurnResult:
        return self.manager.process_user_response(project_id, user_answer, on_text, expected_revision)

    def context_package(self, project_id: str) -> ContextPackage:
        return self.manager.context_package(project_id)

    @property
    def advisor(self) -> Advisor:
        return self.manager.advisor

    # Projects.
    def start_project(self, name: str, code_edition: str = "2024") -> ProjectState:
        return self.projects.start_project(name, code_edition)

    def answer_directly(
        self, project_id: str, section: str, value: Any, override: str | None = None
    ) -> FormAnswer:
        return self.projects.answer_directly(project_id, section, value, override)

    def go_to_item(self, project_id: str, section: str) -> ProjectState:
        return self.projects.go_to_item(project_id, section)

    def rename_project(self, project_id: str, name: str) -> ProjectState:
        return self.projects.rename_project(project_id, name)

    def delete_project(self, project_id: str) -> None:
        self.projects.delete_project(project_id)

    def load_project(self, project_id: str) -> ProjectState:
        return self.storage.load_project(project_id)

    def list_projects(self) -> list[ProjectSummary]:
        return self.storage.list_projects()

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

    def export(self, state: ProjectState, fmt: str, found: list[Finding] | None = None) -> str:
        """The matrix in ``fmt``; ``found`` spares running the code checks again (the page has them)."""
        return exports.export(state, self.forms, fmt, found)

    # The code text.
    def excerpt(self, entry_id: str) -> tuple[KnowledgeEntry, bool] | None:
        """A code excerpt by id, and whether it is the consultant's imported text."""
        entry = self.knowledge.get(entry_id)
        return None if entry is None else (entry, self.knowledge.origin(entry) == "imported")

    def imports(self) -> list[str]:
        """Names of the code text imported into the data folder."""
        return code_import.list_imports(self._data_dir()) if self.data_dir is not None else []

    def imported_articles(self, name: str) -> int:
        return self.knowledge.imported_count(name)

    @property
    def import_problems(self) -> list[str]:
        return list(self.knowledge.import_problems)

    def is_imported(self, name: str) -> bool:
        return code_import.safe_name(name) in self.imports()

    def import_code(
        self, path: Path, edition: str = "2024", name: str | None = None
    ) -> code_import.ImportResult:
        """Import the consultant's code text; a new wizard (``open_wizard``) reads it."""
        return code_import.import_code_text(path, self._data_dir(), edition=edition, name=name)

    def remove_import(self, name: str) -> bool:
        return code_import.remove_import(self._data_dir(), name)

    def _data_dir(self) -> Path:
        if self.data_dir is None:
            raise InputError("This wizard has no data folder to import code text into.")
        return self.data_dir
