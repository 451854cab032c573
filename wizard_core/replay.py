"""Replaying a consultant transcript into a new project, with its timing if it has one."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from wizard_core.errors import InputError, StorageError, WizardError
from wizard_core.knowledge.code_files import FileProblem, TooLarge, read_regular_file
from wizard_core.models import ClarifyingQA, ProjectState, utc_now
from wizard_core.store import MAX_NAME_CHARS
from wizard_core.typed import MAX_MESSAGE_CHARS, clean_text
from wizard_core.wizard import Wizard

MAX_TRANSCRIPT_BYTES = 5_000_000


class TimedMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str
    at: datetime

    @field_validator("at")
    @classmethod
    def _aware(cls, value: datetime) -> datetime:
        return value if value.tzinfo else value.replace(tzinfo=UTC)


class Transcript(BaseModel):
    """A project name and the consultant's messages: plain strings or {"text", "at"}."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    messages: list[str | TimedMessage] = Field(min_length=1)


def load_transcript(path: Path) -> Transcript:
    """Read and check a transcript completely before anything is written."""
    try:
        raw = read_regular_file(path, MAX_TRANSCRIPT_BYTES)
    except TooLarge:
        raise InputError(f"{path} is larger than {MAX_TRANSCRIPT_BYTES:,} bytes.") from None
    except FileProblem as problem:
        if str(problem) == "it does not exist":
            raise InputError(f"Transcript {path} does not exist.") from None
        raise InputError(f"Cannot read transcript {path}: {problem}.") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise InputError(f"{path} is not UTF-8 text (byte {exc.start + 1} is not valid).") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg}).") from None
    except (ValueError, RecursionError):  # a number of thousands of digits; nesting thousands deep
        raise InputError(
            f"{path} is not a transcript (it holds a huge number or is nested too deeply)."
        ) from None
    try:
        transcript = Transcript.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "top level"
        raise InputError(
            f"{path} is not a transcript ({where}: {err['msg']}); "
            'expected {"name": str, "messages": [str or {"text": str, "at": time}, ...]}.'
        ) from None
    clean_text(transcript.name, MAX_NAME_CHARS, "transcript name")
    previous: datetime | None = None
    for number, message in enumerate(transcript.messages, start=1):
        text = message if isinstance(message, str) else message.text
        try:
            clean_text(text, MAX_MESSAGE_CHARS, "message")
        except WizardError as error:
            raise InputError(f"{path}, message {number}: {error}") from None
        if isinstance(message, TimedMessage):
            if previous and message.at < previous:
                raise InputError(f"{path}, message {number}: its time is earlier than the message before.")
            previous = message.at
    return transcript


class ReplayClock:
    """The transcript's time: each message's ``at`` plus a millisecond per reading."""

    def __init__(self) -> None:
        self.base: datetime | None = None
        self.ticks = 0

    def set(self, at: datetime) -> None:
        self.base, self.ticks = at, 0

    def __call__(self) -> datetime:
        if self.base is None:
            return utc_now()
        self.ticks += 1
        return self.base + timedelta(milliseconds=self.ticks)


def replay(wizard: Wizard, transcript: Transcript, clock: ReplayClock) -> dict[str, Any]:
    """Send every message to a new project; the report has one turn per message.

    The project takes the transcript's name, or "name (2)", "name (3)"… when that is taken.

    A message the advisor fails on is reported as an error turn and the replay goes on (the
    message is kept, as in the app). If the store fails, or the wizard itself does, the replay
    stops there with a message naming the message and the project holding the ones before it.
    """
    times = _times(transcript.messages)
    if times[0] is not None:
        clock.set(times[0] - timedelta(seconds=1))
    # Replaying a transcript again (or the demo) makes another project beside the first.
    project_id = wizard.start_project(wizard.free_name(transcript.name)).project_id
    turns = []
    total = len(transcript.messages)
    for number, (message, at) in enumerate(zip(transcript.messages, times, strict=True), start=1):
        text = message if isinstance(message, str) else message.text
        if at is not None:
            clock.set(at)
        try:
            try:
                result = wizard.process_user_response(project_id, text)
            except StorageError:
                raise
            except WizardError as error:
                turns.append(_failed_turn(wizard.storage.load_project(project_id), text, error))
                continue
        except Exception as error:
            reason = (
                str(error) if isinstance(error, WizardError) else f"an unexpected {type(error).__name__}."
            )
            done = {1: "no message", 2: "message 1"}.get(number, f"messages 1 to {number - 1}")
            raise WizardError(
                f"The replay stopped at message {number} of {total}: {reason} "
                f"Project {project_id} holds {done}; nothing after that was sent."
            ) from error
        turns.append(
            {
                "message": text,
                "section": result.section,
                "type": result.type,
                "content": result.content,
                "decision": result.decision,
                "stale": result.stale,
            }
        )
    state = wizard.storage.load_project(project_id)
    return report(state, turns, {s: wizard.archived_questions(state, s) for s in _archived(state)})


def _times(messages: list[str | TimedMessage]) -> list[datetime | None]:
    """Each message's time; an untimed message after timed ones comes a second later."""
    times: list[datetime | None] = []
    last: datetime | None = None
    for message in messages:
        if isinstance(message, TimedMessage):
            last = message.at
        elif last is not None:
            last = last + timedelta(seconds=1)
        times.append(last)
    return times


def _failed_turn(state: ProjectState, text: str, error: WizardError) -> dict[str, Any]:
    turn = state.turns[-1] if state.turns and state.turns[-1].message == text else None
    return {
        "message": text,
        "section": turn.section if turn else state.current_form_section,
        "type": "error",
        "content": str(error),
        "decision": turn.decision if turn else "continuing",
        "stale": turn.stale if turn else False,
    }


def _archived(state: ProjectState) -> list[str]:
    """The items with archived clarifying questions, in the record or moved to the archive log."""
    moved = [section for section, out in state.moved_out.items() if out.questions]
    return sorted(set(state.archived_clarifying_sessions) | set(moved))


def report(
    state: ProjectState, turns: list[dict[str, Any]], archived: dict[str, list[ClarifyingQA]] | None = None
) -> dict[str, Any]:
    """What a replay did: the answers, each item's whole clarifying discussion (``archived``, else what
    the record keeps) and each message's reply."""
    sessions = state.archived_clarifying_sessions if archived is None else archived
    return {
        "project_id": state.project_id,
        "name": state.name,
        "complete": state.complete,
        "current_section": state.current_form_section,
        "answers": {
            a.section: {
                "question": a.question,
                "answer": a.answer,
                "advisor_note": a.advisor_note,  # the advisor's own words, unchecked
                "value": a.value,
                "confidence": a.confidence,
                "obc_references": a.obc_references,
            }
            for a in state.finalized_answers
        },
        "archived_clarifying_sessions": {
            section: [{"question": qa.question, "answer": qa.answer} for qa in thread]
            for section, thread in sessions.items()
        },
        "turns": turns,
    }
