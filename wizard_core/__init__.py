"""The wizard's core: the one face the page and the command line use.

``open_wizard`` wires a ``Wizard`` over a project store; everything a caller needs to draw or
export a project is re-exported here, so nothing outside the core reaches into its modules.
"""

from wizard_core.answers import describe_value
from wizard_core.content import Edition, FormItem, KnowledgeEntry
from wizard_core.engine import Finding
from wizard_core.engine.assemblies import LABELS as ASSEMBLY_LABELS
from wizard_core.errors import (
    AdvisorError,
    ConflictError,
    ContentError,
    CorruptStoreError,
    InputError,
    InvalidReplyError,
    ProjectNotFound,
    StorageError,
    WizardError,
)
from wizard_core.export import EXPORT_FORMATS, FORMATS, PAPERS, ExportFormat
from wizard_core.export import file_name as export_file_name
from wizard_core.importing import MatrixImport
from wizard_core.knowledge.code_catalog import ImportInfo
from wizard_core.knowledge.code_files import MAX_PDF_BYTES
from wizard_core.knowledge.code_import import ImportResult
from wizard_core.knowledge.service import Quote
from wizard_core.log_records import OUTSIDE
from wizard_core.models import ClarifyingQA, FormAnswer, Practice, ProjectState, ProjectSummary, TurnRecord
from wizard_core.sheet.files import MAX_FILE_BYTES as MAX_MATRIX_BYTES
from wizard_core.store import ProjectPage, TurnPage
from wizard_core.tokens import describe_turn, project_usage
from wizard_core.turn.record import TurnResult
from wizard_core.turn.review import Undo
from wizard_core.wiring import (
    advisor_notice,
    content_services,
    make_advisor,
    open_wizard,
)
from wizard_core.wizard import Wizard

__all__ = [
    "ASSEMBLY_LABELS",
    "EXPORT_FORMATS",
    "FORMATS",
    "MAX_MATRIX_BYTES",
    "MAX_PDF_BYTES",
    "OUTSIDE",
    "PAPERS",
    "AdvisorError",
    "ClarifyingQA",
    "ConflictError",
    "ContentError",
    "CorruptStoreError",
    "Edition",
    "ExportFormat",
    "Finding",
    "FormAnswer",
    "FormItem",
    "ImportInfo",
    "ImportResult",
    "InputError",
    "InvalidReplyError",
    "KnowledgeEntry",
    "MatrixImport",
    "Practice",
    "ProjectNotFound",
    "ProjectPage",
    "ProjectState",
    "ProjectSummary",
    "Quote",
    "StorageError",
    "TurnPage",
    "TurnRecord",
    "TurnResult",
    "Undo",
    "Wizard",
    "WizardError",
    "advisor_notice",
    "content_services",
    "describe_turn",
    "describe_value",
    "export_file_name",
    "make_advisor",
    "open_wizard",
    "project_usage",
]
