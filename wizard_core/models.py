"""Records that cross a boundary: project state (stored), advisor replies (parsed)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from wizard_core.log_records import DecisionRecord, TranscriptFigures, TurnRecord

SCHEMA_VERSION = 6
"""Version of the stored project record; storage.migrations upgrades older ones (2: logs kept apart;
3: 3.18, 3.21, 3.22 and 3.23 as rows; 4: a record that does not grow with the conversation; 5: each
item's archive summed up by its newest question and answer; 6: the undo steps kept apart but the
newest, and of the earlier answers only those they restore)."""

# What each item keeps in the record of its archived clarifying questions and its earlier answers: the
# newest (the archived thread's last question and answer, and the answer "undo" would restore); older
# ones move to the project's archive log (``ArchiveEntry``), read when a person opens them or undoes.
QUESTIONS_KEPT = 1
ANSWERS_KEPT = 1
# The undo steps the record keeps (newest last); the older ones are in the archive log, counted in
# ``ProjectState.steps_moved``, and so are the earlier answers only they would restore.
STEPS_KEPT = 2


def utc_now() -> datetime:
    return datetime.now(UTC)


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Settled(Record):
    """A record never changed once made: a change is a new one put in its place (``model_copy(update=…)``).

    Loads of an unchanged project share these (``storage/kept.py``), and what is worked out from one
    (its JSON, its lines in the context package) is worked out once (``wizard_core.settled``).
    """

    model_config = ConfigDict(frozen=True)


class FormAnswer(Settled):
    """A finalized answer to one matrix item (settled: ``ProjectState.replace_answer`` changes one)."""

    section: str
    question_number: str
    title: str
    question: str
    answer: str  # the answer in the matrix's words, rendered from ``value`` (never a model's own sentence)
    value: Any = None
    not_applicable: bool = False
    confidence: float = Field(ge=0.0, le=1.0)
    obc_references: list[str] = Field(default_factory=list)
    source: Literal["advisor", "direct", "edition", "imported"] = "advisor"
    advisor: str = ""
    # The advisor's own words with the answer: unchecked, so kept for the review data (labelled as the
    # advisor's note) and never printed in a matrix cell. Empty on an answer recorded before it was
    # kept apart: its ``answer`` then holds the advisor's words (see ``export.rows.advisor_note``).
    advisor_note: str = ""
    imported_from: str = ""  # the file an imported answer was read from (source "imported")
    # Cells of the OAA sheet the value has no field for (a use beside an occupancy, a description row),
    # by the sheet's name for the cell, kept so the sheet prints them again.
    sheet_cells: dict[str, str] = Field(default_factory=dict)
    timestamp: datetime = Field(default_factory=utc_now)
    # Recorded although the code checks contradict it: the consultant's reason, and what it overrides.
    override: str | None = None
    override_findings: list[str] = Field(default_factory=list)
    # Proposed until the consultant confirms it (an entry they typed themselves counts as confirmed).
    confirmed: bool = False
    confirmed_at: datetime | None = None
    # Checked and kept ("still holds") after an item it depends on was revised: when, and the flag's reason.
    reviewed_at: datetime | None = None
    reviewed_for: str | None = None
    # A free-text answer (3.26, 3.27) that is a reminder to follow something up, not yet the note:
    # exports print it as "To do: …", never as the note.
    to_do: bool = False

    @property
    def proposed(self) -> bool:
        """An advisor's or an imported answer the consultant has not confirmed (typed and edition
        answers never are)."""
        return self.source in ("advisor", "imported") and not self.confirmed


class ClarifyingQA(Settled):
    """A clarifying question about one item and the consultant's answer to it (settled: an answer
    given later is a new one in its place)."""

    question: str
    related_form_section: str
    answer: str | None = None
    abandoned: bool = False
    timestamp: datetime = Field(default_factory=utc_now)


class AnswerStep(Record):
    """What recording one answer changed, so the consultant can take it back (newest last).

    An answer is identified by its item and timestamp; the rest is what it replaced: the
    item's own review flag, the flags it set on items depending on it (their earlier reason,
    or None), where the wizard stood, and the clarifying thread it archived.
    """

    section: str
    at: datetime
    replaced: bool = False
    flag_before: str | None = None
    flags_before: dict[str, str | None] = Field(default_factory=dict)
    skipped_before: bool = False
    current_before: str | None = None
    current_after: str | None = None
    return_to_before: str | None = None
    item_started_before: datetime | None = None
    parked_from: int = 0
    parked: int = 0


class MovedOut(Record):
    """How many of an item's archived questions and earlier answers (or of the undo steps) are in the
    archive log, not the record."""

    questions: int = 0
    answers: int = 0
    steps: int = 0


class ArchiveEntry(Record):
    """A clarifying question or an earlier answer moved out of the record when its item had more than
    it keeps, or an undo step (``section`` "undo"); the project's archive log holds it, in the order
    moved. An entry with ``taken_back`` says that the item's newest so many moved questions and answers
    (or the newest undo steps) went back to the record (an undo)."""

    section: str
    question: ClarifyingQA | None = None
    answer: FormAnswer | None = None
    step: AnswerStep | None = None
    taken_back: MovedOut | None = None


class Practice(Record):
    """Who signs the matrix: the practice as the OAA sheet's heading rows name it."""

    name: str = Field(default="", max_length=200)
    address_1: str = Field(default="", max_length=200)
    address_2: str = Field(default="", max_length=200)
    contact: str = Field(default="", max_length=200)

    @property
    def empty(self) -> bool:
        return not any((self.name, self.address_1, self.address_2, self.contact))


class ProjectState(Record):
    """The complete state of one data-matrix project."""

    schema_version: int = SCHEMA_VERSION
    project_id: str
    name: str = "Untitled project"
    address: str = ""  # the site, as the permit drawings' title block gives it (optional)
    # The practice as this project's sheet names it; None: the practice profile's, as it stands.
    practice: Practice | None = None
    form_id: str = "part3-2024"
    code_edition: str = "2024"
    current_form_section: str | None = "3.01"
    finalized_answers: list[FormAnswer] = Field(default_factory=list)
    answer_history: dict[str, list[FormAnswer]] = Field(default_factory=dict)
    active_clarifying_thread: list[ClarifyingQA] = Field(default_factory=list)
    # Each item's newest archived questions (QUESTIONS_KEPT) and earlier answers (ANSWERS_KEPT); the
    # older are in the archive log, counted in ``moved_out``.
    archived_clarifying_sessions: dict[str, list[ClarifyingQA]] = Field(default_factory=dict)
    moved_out: dict[str, MovedOut] = Field(default_factory=dict)
    latest_user_answer: str | None = None
    # The newest turns of the transcript; the store's turn log holds every one (``turns_before`` older).
    turns: list[TurnRecord] = Field(default_factory=list)
    flagged: dict[str, str] = Field(default_factory=dict)
    # Items the consultant set aside ("skip for now"); the wizard returns to them after the rest.
    skipped: list[str] = Field(default_factory=list)
    # The most recent answers' steps, for "undo last answer" (a stack, newest last, bounded): the newest
    # STEPS_KEPT, and the next older ``steps_moved`` in the archive log.
    answer_steps: list[AnswerStep] = Field(default_factory=list)
    steps_moved: int = 0
    return_to: str | None = None
    item_started_at: datetime | None = None
    session_started_at: datetime | None = None
    decisions: list[DecisionRecord] = Field(default_factory=list)
    # Entries added to the archive log since the project was loaded (the log is never loaded whole).
    archive: list[ArchiveEntry] = Field(default_factory=list)
    revision: int = 0
    created_at: datetime = Field(default_factory=utc_now)
    updated_at: datetime = Field(default_factory=utc_now)
    # Set by the store when it loads the project, never part of the record: how many older entries of
    # each log (turns, decisions, archive) it keeps but did not load, and what the whole turn log adds up to.
    log_before: dict[str, int] = Field(default_factory=dict, exclude=True)
    transcript: TranscriptFigures = Field(default_factory=TranscriptFigures, exclude=True)

    def __eq__(self, other: object) -> bool:
        """The same project: what the store worked out while loading it is left out of the comparison."""
        if not isinstance(other, ProjectState):
            return NotImplemented
        mine, theirs = dict(self.__dict__), dict(other.__dict__)
        for derived in _DERIVED:
            mine.pop(derived, None)
            theirs.pop(derived, None)
        return mine == theirs

    @property
    def turns_before(self) -> int:
        """Turns of the transcript older than ``turns``: in the store's turn log, read on demand."""
        return self.log_before.get("turns", 0)

    @property
    def turn_count(self) -> int:
        """Every message of the project, loaded or not."""
        return self.turns_before + len(self.turns)

    def answer_for(self, section: str) -> FormAnswer | None:
        return next((a for a in self.finalized_answers if a.section == section), None)

    def replace_answer(self, section: str, **changes: Any) -> FormAnswer:
        """The item's answer with ``changes`` made, put in the old one's place (KeyError: unanswered)."""
        for index, answer in enumerate(self.finalized_answers):
            if answer.section == section:
                changed = self.finalized_answers[index] = answer.model_copy(update=changes)
                return changed
        raise KeyError(section)

    @property
    def answered_sections(self) -> set[str]:
        return {a.section for a in self.finalized_answers}

    @property
    def complete(self) -> bool:
        return self.current_form_section is None


_DERIVED = ("log_before", "transcript")
# The state's fields holding settled records: a list of them, or lists of them by item.
SETTLED_FIELDS = (
    "finalized_answers",
    "answer_history",
    "active_clarifying_thread",
    "archived_clarifying_sessions",
)
# Of those, the ones that change only when an item is answered, revised or its thread archived: a
# database keeps them apart from the rest of the record, and a save that leaves them as they were
# does not send them again (``storage/pg_save.py``).
STORED_APART = ("finalized_answers", "answer_history", "archived_clarifying_sessions")


@dataclass(frozen=True)
class ProjectSummary:
    """One line of the project list; ``error`` is set when the project cannot be read."""

    project_id: str
    name: str
    complete: bool
    answered: int
    current_section: str | None
    updated_at: datetime
    error: str | None = None


class AdvisorReply(BaseModel):
    """The advisor's JSON reply: a clarifying question or a form answer."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["form_answer", "clarifying_question"]
    content: str = Field(min_length=1, max_length=8000)
    confidence: float = Field(ge=0.0, le=1.0)
    obc_references: list[str] = Field(default_factory=list)
    value: Any = None
