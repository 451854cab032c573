"""What a person opens of a project's past: its older turns, an item's whole archive and history.

The record keeps each item's newest archived question and earlier answer; the older ones are in the
store's archive log, and the whole transcript in its turn log. These read them, from the store, only
when asked: the chat's "Earlier conversations", the sidebar's archive, an item's earlier answers, the
discussion every export prints, and an undo that restores what moved there.
"""

from __future__ import annotations

from wizard_core.models import ArchiveEntry, ClarifyingQA, FormAnswer, MovedOut, ProjectState
from wizard_core.store import ProjectStore


def questions(store: ProjectStore, state: ProjectState, section: str) -> list[ClarifyingQA]:
    """Every clarifying question the item archived, oldest first: the archive log's, then the record's."""
    moved = state.moved_out.get(section)
    older = _moved(store, state, section)[0] if moved and moved.questions else []
    return older + state.archived_clarifying_sessions.get(section, [])


def answers(store: ProjectStore, state: ProjectState, section: str) -> list[FormAnswer]:
    """Every earlier answer of the item, oldest first: the archive log's, then the record's."""
    moved = state.moved_out.get(section)
    older = _moved(store, state, section)[1] if moved and moved.answers else []
    return older + state.answer_history.get(section, [])


def discussions(store: ProjectStore, state: ProjectState) -> dict[str, list[ClarifyingQA]]:
    """Each item's whole clarifying discussion, for the exports (the log read for items that moved some)."""
    moved = {section for section, out in state.moved_out.items() if out.questions}
    sections = set(state.archived_clarifying_sessions) | moved
    return {section: questions(store, state, section) for section in sorted(sections)}


def ready_for_undo(store: ProjectStore, state: ProjectState) -> None:
    """Bring back to the record, from the archive log, what undoing the newest answer needs there: the
    questions of the thread it archived (made active again), and the earlier answer that the answer it
    restores replaced (what the next undo restores). A rare action, so the log is read only then."""
    if not state.answer_steps:
        return
    step = state.answer_steps[-1]
    section = step.section
    answer, moved = state.answer_for(section), state.moved_out.get(section)
    if answer is None or answer.timestamp != step.at or moved is None:
        return  # nothing undo could take back, or nothing of the item in the log
    back = MovedOut()
    if not step.replaced and step.parked and step.parked_from < moved.questions:
        back.questions = moved.questions - step.parked_from
    if step.replaced:
        back.answers = min(moved.answers, max(0, 2 - len(state.answer_history.get(section, []))))
    if not (back.questions or back.answers):
        return
    older_questions, older_answers = _moved(store, state, section)
    if back.questions:
        asked = state.archived_clarifying_sessions.get(section, [])
        state.archived_clarifying_sessions[section] = older_questions[-back.questions :] + asked
    if back.answers:
        replaced = state.answer_history.get(section, [])
        state.answer_history[section] = older_answers[-back.answers :] + replaced
    moved.questions -= back.questions
    moved.answers -= back.answers
    if not (moved.questions or moved.answers):
        del state.moved_out[section]
    state.archive.append(ArchiveEntry(section=section, taken_back=back))


def _moved(
    store: ProjectStore, state: ProjectState, section: str
) -> tuple[list[ClarifyingQA], list[FormAnswer]]:
    """The item's questions and answers in the archive log, oldest first: those stored before the state
    was loaded, then any it added since, less those an undo took back to the record."""
    before = state.log_before.get("archive", 0)
    stored = store.load_archive(state.project_id, section, before) if before else []
    asked: list[ClarifyingQA] = []
    replaced: list[FormAnswer] = []
    for entry in stored + [e for e in state.archive if e.section == section]:
        if entry.question is not None:
            asked.append(entry.question)
        if entry.answer is not None:
            replaced.append(entry.answer)
        if entry.taken_back is not None:
            del asked[len(asked) - entry.taken_back.questions :]
            del replaced[len(replaced) - entry.taken_back.answers :]
    return asked, replaced
