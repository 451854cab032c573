"""What a person opens of a project's past: its older turns, an item's whole archive and history.

The record keeps each item's newest archived questions and earlier answers; the older ones are
in the store's archive log, and the whole transcript in its turn log. These read them, from the
store, only when asked: the chat's "Earlier conversations", the sidebar's archive, an item's
earlier answers, and the discussion every export prints.
"""

from __future__ import annotations

from wizard_core.models import ArchiveEntry, ClarifyingQA, FormAnswer, ProjectState
from wizard_core.store import ProjectStore


def questions(store: ProjectStore, state: ProjectState, section: str) -> list[ClarifyingQA]:
    """Every clarifying question the item archived, oldest first: the archive log's, then the record's."""
    moved = state.moved_out.get(section)
    older = _moved(store, state, section) if moved and moved.questions else []
    return [e.question for e in older if e.question] + state.archived_clarifying_sessions.get(section, [])


def answers(store: ProjectStore, state: ProjectState, section: str) -> list[FormAnswer]:
    """Every earlier answer of the item, oldest first: the archive log's, then the record's."""
    moved = state.moved_out.get(section)
    older = _moved(store, state, section) if moved and moved.answers else []
    return [e.answer for e in older if e.answer] + state.answer_history.get(section, [])


def discussions(store: ProjectStore, state: ProjectState) -> dict[str, list[ClarifyingQA]]:
    """Each item's whole clarifying discussion, for the exports (the log read for items that moved some)."""
    moved = {section for section, out in state.moved_out.items() if out.questions}
    sections = set(state.archived_clarifying_sessions) | moved
    return {section: questions(store, state, section) for section in sorted(sections)}


def _moved(store: ProjectStore, state: ProjectState, section: str) -> list[ArchiveEntry]:
    """The item's archive log entries: those stored before the state was loaded, then any it added since."""
    before = state.log_before.get("archive", 0)
    stored = store.load_archive(state.project_id, section, before) if before else []
    return stored + [e for e in state.archive if e.section == section]
