"""Projects kept in process memory, for tests and throwaway sessions."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime

from storage.base import (
    ProjectSummary,
    StorageAdapter,
    check_revision,
    decode,
    encode,
    is_valid_id,
    mark_saved,
    newest_first,
    not_found,
    require_id,
    require_saveable_id,
    summarize,
)
from wizard_core.errors import WizardError
from wizard_core.models import ProjectState

# Unreadable records sort last; memory records carry no file time to show instead.
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class InMemoryStorage(StorageAdapter):
    """Stores each record as JSON text, so callers can never share objects with the store."""

    def __init__(self) -> None:
        # Text rather than dicts: parsing is a deep copy that is faster than copy.deepcopy.
        self._records: dict[str, str] = {}
        self._lock = threading.Lock()

    def _decode(self, project_id: str, record: str) -> ProjectState:
        return decode(json.loads(record), project_id, f"The stored project {project_id}")

    def load_project(self, project_id: str) -> ProjectState:
        require_id(project_id)
        with self._lock:
            record = self._records.get(project_id)
        if record is None:
            raise not_found(project_id)
        return self._decode(project_id, record)

    def save_project(self, state: ProjectState) -> None:
        require_saveable_id(state.project_id)
        record = encode(state)
        with self._lock:
            stored = self._records.get(state.project_id)
            current = None if stored is None else self._decode(state.project_id, stored).revision
            check_revision(current, state)
            self._records[state.project_id] = json.dumps(record)
        mark_saved(state, record)

    def list_projects(self) -> list[ProjectSummary]:
        with self._lock:
            records = list(self._records.items())
        summaries = []
        for project_id, record in records:
            try:
                summaries.append(summarize(self._decode(project_id, record)))
            except WizardError as exc:
                summaries.append(ProjectSummary(project_id, project_id, False, 0, None, _EPOCH, str(exc)))
        return newest_first(summaries)

    def delete_project(self, project_id: str) -> None:
        require_id(project_id)
        with self._lock:
            if self._records.pop(project_id, None) is None:
                raise not_found(project_id)

    def exists(self, project_id: str) -> bool:
        if not is_valid_id(project_id):
            return False
        with self._lock:
            return project_id in self._records
