"""What a person opens of a project's past, and what undo takes back from it.

The record keeps each item's newest archived question, the newest undo steps and the earlier answers
they restore; the older ones are in the store's archive log, and the whole transcript in its turn log.
These read them, from the store, only when asked: the chat's "Earlier conversations", the sidebar's
archive, an item's earlier answers, the discussion every export prints, and an undo that restores
what moved there. ``keep_for_undo`` moves out, as each answer is recorded, what undo does not need yet.
"""

from __future__ import annotations

from collections import Counter

from wizard_core.models import (
    STEPS_KEPT,
    AnswerStep,
    ArchiveEntry,
    ClarifyingQA,
    FormAnswer,
    MovedOut,
    ProjectState,
)
from wizard_core.store import ProjectStore

# The archive log files the undo steps under this name, not under an item's number.
UNDO = "undo"


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


def keep_for_undo(state: ProjectState, most: int) -> None:
    """Move to the archive log all but the newest ``STEPS_KEPT`` undo steps (of the ``most`` that can be
    undone), and each item's earlier answers but those the steps left in the record restore."""
    extra = len(state.answer_steps) - STEPS_KEPT
    if extra > 0:
        state.archive += [ArchiveEntry(section=UNDO, step=step) for step in state.answer_steps[:extra]]
        del state.answer_steps[:extra]
        state.steps_moved = min(state.steps_moved + extra, max(0, most - STEPS_KEPT))
    restored = _restored(state)
    for section, history in list(state.answer_history.items()):
        extra = len(history) - restored[section]
        if extra > 0:
            state.archive += [ArchiveEntry(section=section, answer=answer) for answer in history[:extra]]
            state.moved_out.setdefault(section, MovedOut()).answers += extra
            del history[:extra]
        if not history:
            del state.answer_history[section]


def ready_for_undo(store: ProjectStore, state: ProjectState) -> None:
    """Bring back to the record, from the archive log, what undoing the newest answer needs there and what
    the record keeps after it: the undo step after next, the earlier answers the record's steps restore,
    and the questions of the thread the undone answer archived (made active again). A rare action, so
    the log is read only then."""
    wanted = min(state.steps_moved, STEPS_KEPT + 1 - len(state.answer_steps))
    if wanted > 0:
        older = _moved_steps(store, state)[-state.steps_moved :]
        state.answer_steps = older[-wanted:] + state.answer_steps
        state.steps_moved -= wanted
        state.archive.append(ArchiveEntry(section=UNDO, taken_back=MovedOut(steps=wanted)))
    if not state.answer_steps:
        return
    step = state.answer_steps[-1]
    backs = {
        section: MovedOut(answers=count - len(state.answer_history.get(section, [])))
        for section, count in _restored(state).items()
    }
    answer = state.answer_for(step.section)
    if answer is not None and answer.timestamp == step.at and not step.replaced and step.parked:
        moved = state.moved_out.get(step.section)
        if moved is not None and step.parked_from < moved.questions:
            backs.setdefault(step.section, MovedOut()).questions = moved.questions - step.parked_from
    for section, back in backs.items():
        _take_back(store, state, section, back)


def _take_back(store: ProjectStore, state: ProjectState, section: str, back: MovedOut) -> None:
    """Bring the item's newest ``back`` moved questions and answers back to the record (as many as moved)."""
    moved = state.moved_out.get(section)
    if moved is None:
        return
    back = MovedOut(questions=min(back.questions, moved.questions), answers=min(back.answers, moved.answers))
    if back.questions <= 0 and back.answers <= 0:
        return
    back.questions, back.answers = max(0, back.questions), max(0, back.answers)
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


def _restored(state: ProjectState) -> Counter[str]:
    """How many earlier answers of each item the record's undo steps restore (one per replacing step)."""
    return Counter(step.section for step in state.answer_steps if step.replaced)


def _moved(
    store: ProjectStore, state: ProjectState, section: str
) -> tuple[list[ClarifyingQA], list[FormAnswer]]:
    """The item's questions and answers in the archive log, oldest first: those stored before the state
    was loaded, then any it added since, less those an undo took back to the record."""
    asked: list[ClarifyingQA] = []
    replaced: list[FormAnswer] = []
    for entry in _entries(store, state, section):
        if entry.question is not None:
            asked.append(entry.question)
        if entry.answer is not None:
            replaced.append(entry.answer)
        if entry.taken_back is not None:
            del asked[len(asked) - entry.taken_back.questions :]
            del replaced[len(replaced) - entry.taken_back.answers :]
    return asked, replaced


def _moved_steps(store: ProjectStore, state: ProjectState) -> list[AnswerStep]:
    """The undo steps in the archive log, oldest first, less those an undo took back (the newest
    ``state.steps_moved`` of them can still be undone)."""
    steps: list[AnswerStep] = []
    for entry in _entries(store, state, UNDO):
        if entry.step is not None:
            steps.append(entry.step)
        if entry.taken_back is not None:
            del steps[len(steps) - entry.taken_back.steps :]
    return steps


def _entries(store: ProjectStore, state: ProjectState, section: str) -> list[ArchiveEntry]:
    """The archive log's entries filed under ``section``: those stored before the state was loaded, then
    any it added since."""
    before = state.log_before.get("archive", 0)
    stored = store.load_archive(state.project_id, section, before) if before else []
    return stored + [e for e in state.archive if e.section == section]
