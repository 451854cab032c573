"""A project loads its newest turns, whatever its age; the rest of the transcript is read when opened.

What a consultant would notice: a project kept open for months opens and takes a turn as it did on
day one, its token totals and message counts stay right, and every message ever sent can still be
read, a page at a time, on every backend.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from storage import StorageAdapter, TinyDBStorage
from storage.encoding import from_record
from storage.logs import LogWrite
from wizard_core import archive
from wizard_core.errors import CorruptStoreError, InputError, ProjectNotFound, StorageError
from wizard_core.log_records import OUTSIDE, SAID_KEPT, TranscriptFigures
from wizard_core.models import (
    QUESTIONS_KEPT,
    SCHEMA_VERSION,
    ClarifyingQA,
    DecisionRecord,
    FormAnswer,
    ProjectState,
    TurnRecord,
)
from wizard_core.tokens import project_usage, totals

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
SECTIONS = ("3.02", "3.04", None)  # 3.02 and 3.04 in turn, now and then a message outside the items


def _turn(n: int, status: str = "done") -> TurnRecord:
    section = SECTIONS[n % 3]
    turn = TurnRecord(
        message=f"message {n} about {section}",
        section=section,
        received_at=T0 + timedelta(minutes=n),
        status=status,
    )
    if status == "done":
        turn.reply_type = (
            "side_answer" if section is None else ("form_answer" if n % 7 == 0 else "clarifying_question")
        )
        turn.content = f"reply {n}"
        if n % 4 == 0:  # a model call the server counted
            turn.model, turn.input_tokens, turn.output_tokens, turn.cached_tokens = "m", 1000 + n, 50, 512
        elif n % 11 == 0:  # a call cut off: its tokens unknown
            turn.model, turn.status, turn.error = "m", "failed", "timed out"
    return turn


def _decision(n: int) -> DecisionRecord:
    return DecisionRecord(
        at=T0 + timedelta(minutes=n), section="3.04", decision="continuing", confidence=0.7, reason=f"{n}"
    )


def _record_size(store: StorageAdapter, project_id: str) -> int:
    stored = store.backend.read(project_id, logs=False)
    assert stored is not None
    return len(json.dumps(stored.record))


def _age(store: StorageAdapter, project_id: str, start: int, stop: int) -> None:
    """Turns ``start`` to ``stop`` as the core takes them: load, append, save; every third one saved
    pending first (a remote advisor's turn), then done."""
    for n in range(start, stop):
        state = store.load_project(project_id)
        state.decisions.append(_decision(n))
        if n % 3 == 0:
            state.turns.append(_turn(n, "pending"))
            store.save_project(state)
            state.turns[-1] = _turn(n)
        else:
            state.turns.append(_turn(n))
        store.save_project(state)


def test_a_project_hundreds_of_turns_old_loads_its_newest_turns_and_keeps_its_figures(
    storage: StorageAdapter,
) -> None:
    storage.save_project(ProjectState(project_id="aged", current_form_section="3.04"))
    _age(storage, "aged", 0, 60)
    at_60 = _record_size(storage, "aged")
    _age(storage, "aged", 60, 320)
    at_320 = _record_size(storage, "aged")

    state = storage.load_project("aged")
    assert (len(state.turns), state.turns_before, state.turn_count) == (20, 300, 320)
    assert len(state.decisions) == 10 and state.decisions[-1].reason == "319"
    assert [t.message for t in state.turns] == [
        f"message {n} about {SECTIONS[n % 3]}" for n in range(300, 320)
    ]
    assert at_320 <= at_60 + 100  # the record does not grow with the conversation (figures' digits aside)

    whole = storage.load_project("aged", whole=True).turns
    assert [t.message for t in whole] == [_turn(n).message for n in range(320)]
    counted = totals(whole)
    assert project_usage(state) == counted and counted.turns == 80 and counted.unknown > 10
    assert project_usage(state).describe() == counted.describe()
    assert state.transcript == TranscriptFigures.of(whole)  # the same as counting every turn again
    assert {key: talk.turns for key, talk in state.transcript.items.items()} == {
        "3.02": 107,
        "3.04": 107,
        OUTSIDE: 106,
    }
    said = [kept.message for kept in state.transcript.said["3.04"]]
    answering = [t.message for t in whole if t.section == "3.04" and t.answers_an_item]
    assert said == answering[-SAID_KEPT:]


def _talk(count: int) -> ProjectState:
    return ProjectState(project_id="talk", turns=[_turn(n) for n in range(count)], decisions=[_decision(0)])


def test_earlier_turns_are_read_an_item_at_a_time_newest_page_first(storage: StorageAdapter) -> None:
    storage.save_project(_talk(90))  # 30 turns on each of 3.02, 3.04 and outside the items

    page = storage.load_turns("talk", "3.04", limit=20)
    assert [t.message for t in page.turns] == [f"message {n} about 3.04" for n in range(31, 90, 3)]
    assert page.places == list(range(31, 90, 3)) and page.older == 31
    older = storage.load_turns("talk", "3.04", before=page.older, limit=20)
    assert older.places == [1, 4, 7, 10, 13, 16, 19, 22, 25, 28] and older.older is None
    outside = storage.load_turns("talk", OUTSIDE, limit=3)
    assert [t.section for t in outside.turns] == [None] * 3 and outside.places == [83, 86, 89]
    newest = storage.load_turns("talk", limit=5)
    assert newest.places == [85, 86, 87, 88, 89] and newest.older == 85
    assert storage.load_turns("talk", "3.27").turns == []


def test_a_bad_page_request_is_refused_plainly_and_changes_nothing(storage: StorageAdapter) -> None:
    storage.save_project(_talk(5))
    revision = storage.load_project("talk").revision
    for bad in ({"limit": 0}, {"limit": 500}, {"before": -1}):
        with pytest.raises(InputError) as caught:
            storage.load_turns("talk", **bad)
        assert str(caught.value).endswith(".") and "Traceback" not in str(caught.value)
    with pytest.raises(ProjectNotFound):
        storage.load_turns("nobody")
    with pytest.raises(ProjectNotFound):
        storage.load_turns("../etc")
    assert storage.load_project("talk").revision == revision


def test_a_copy_of_a_project_loaded_in_part_saves_with_every_older_turn(storage: StorageAdapter) -> None:
    storage.save_project(_talk(50))
    copy = storage.load_project("talk").model_copy(deep=True)  # not the object the store handed out
    assert len(copy.turns) == 20
    copy.turns.append(_turn(50))
    storage.save_project(copy)
    assert [t.message for t in storage.load_project("talk", whole=True).turns] == [
        _turn(n).message for n in range(51)
    ]
    assert storage.load_project("talk").transcript == TranscriptFigures.of([_turn(n) for n in range(51)])


def test_a_project_loaded_in_part_is_not_saved_under_another_id_without_its_older_turns(
    storage: StorageAdapter,
) -> None:
    storage.save_project(_talk(50))
    copy = storage.load_project("talk").model_copy(update={"project_id": "copy", "revision": 0})
    with pytest.raises(StorageError) as caught:
        storage.save_project(copy)
    assert "only its newest turns" in str(caught.value) and "Nothing was saved" in str(caught.value)
    assert not storage.exists("copy")
    assert storage.load_project("talk").turn_count == 50


def test_a_load_reads_only_the_end_of_the_log(tinydb_store: TinyDBStorage) -> None:
    tinydb_store.save_project(_talk(200))
    [log] = sorted(tinydb_store.projects_dir.glob("talk.*.log"))
    data = log.read_bytes()
    quote = data.index(b"message 3 about") - 1
    log.write_bytes(data[:quote] + b"#" + data[quote + 1 :])  # an old line damaged: no longer JSON

    state = tinydb_store.load_project("talk")  # opens: the damaged line is never read
    assert state.turn_count == 200 and state.turns[-1].message == "message 199 about 3.04"
    assert tinydb_store.load_turns("talk", "3.04", limit=20).places[0] == 142
    with pytest.raises(CorruptStoreError) as caught:
        tinydb_store.load_turns("talk", before=10)  # reading back that far finds it, and says where
    assert "projects/talk." in str(caught.value)


def test_a_rewritten_log_ends_with_each_logs_newest_entries(tinydb_store: TinyDBStorage) -> None:
    """A copy or a compaction writes the logs whole: the newest turns and decisions a load takes come last,
    so the load never reads back through the older decisions (nor the archive) to reach them."""
    state = _talk(300)
    state.decisions = [_decision(n) for n in range(300)]
    tinydb_store.put_copy(state)
    # Every turn can still be paged through, newest first, in order, past the newest ones moved last.
    page = tinydb_store.load_turns("talk", "3.04", limit=100)
    assert page.places == list(range(1, 300, 3)) and page.older is None
    assert [t.message for t in tinydb_store.load_turns("talk", before=25, limit=5).turns] == [
        f"message {n} about {SECTIONS[n % 3]}" for n in range(20, 25)
    ]
    [log] = sorted(tinydb_store.projects_dir.glob("talk.*.log"))
    data = log.read_bytes()
    quote = data.index(b'"150"') - 1
    log.write_bytes(data[:quote] + b"#" + data[quote + 1 :])  # an older decision damaged: never read

    loaded = tinydb_store.load_project("talk")
    assert loaded.turns[-1].message == "message 299 about None" and loaded.turn_count == 300
    assert [d.reason for d in loaded.decisions] == [f"{n}" for n in range(290, 300)]


# --- an old project, from before the record was bounded ------------------------------------------


def _qa(section: str, n: int) -> ClarifyingQA:
    return ClarifyingQA(
        question=f"question {n} on {section}?",
        related_form_section=section,
        answer=f"answer {n}",
        timestamp=T0,
    )


def _answer(section: str, n: int) -> FormAnswer:
    return FormAnswer(
        section=section, question_number=section, title=section, question="?", answer=f"{n} m2",
        value={"existing": 0, "new": n, "total": n}, confidence=0.9, timestamp=T0 + timedelta(hours=n),
    )  # fmt: skip


def _store_version_3(store: StorageAdapter, state: ProjectState) -> None:
    """``state`` as a version-3 wizard stored it: every archived question and earlier answer in the
    record, the logs apart without figures, no archive log."""
    record: dict[str, Any] = state.model_dump(
        mode="json", exclude={"turns", "decisions", "archive", "moved_out"}
    )
    record |= {"schema_version": 3, "revision": 4}
    entries = {
        name: [(seq, e.model_dump(mode="json")) for seq, e in enumerate(getattr(state, name))]
        for name in ("turns", "decisions")
    }
    record["logs"] = {name: {"start": 0, "count": len(got)} for name, got in entries.items()}
    record["logs"]["written"] = sum(len(got) for got in entries.values())
    with store.backend.lock(state.project_id):
        assert store.backend.read(state.project_id, logs=False) is None  # read under the lock, as a save does
        store.backend.write(
            state.project_id, from_record(record, state), LogWrite(entries, True, record["logs"]), None
        )


def test_an_old_project_opens_with_every_message_and_its_whole_archive(storage: StorageAdapter) -> None:
    questions = [_qa("3.02", n) for n in range(15)]
    answers = [_answer("3.04", n) for n in range(8)]
    old = _talk(120)
    old.archived_clarifying_sessions = {"3.02": questions, "3.03": [_qa("3.03", 0)]}
    old.answer_history = {"3.04": answers}
    _store_version_3(storage, old)

    state = storage.load_project("talk")  # upgraded on the way in, every turn read once
    assert state.schema_version == SCHEMA_VERSION and state.turn_count == 120
    assert state.archived_clarifying_sessions["3.02"] == questions[-QUESTIONS_KEPT:]
    assert "3.04" not in state.answer_history  # no undo step restores them: all in the archive log
    assert archive.questions(storage, state, "3.02") == questions  # nothing dropped
    assert archive.answers(storage, state, "3.04") == answers
    assert project_usage(state) == totals(old.turns)
    storage.save_project(state)

    again = storage.load_project("talk")
    assert (len(again.turns), again.turns_before) == (20, 100) and again.archive == []
    assert archive.questions(storage, again, "3.02") == questions  # now from the archive log
    assert archive.answers(storage, again, "3.04") == answers
    assert archive.questions(storage, again, "3.03") == [_qa("3.03", 0)]
    shown, before = [], None
    while True:  # every message the consultant typed, a page at a time
        page = storage.load_turns("talk", before=before, limit=20)
        shown = page.turns + shown
        if page.older is None:
            break
        before = page.older
    assert shown == old.turns
    stored = storage.backend.read("talk", logs=False)
    assert stored is not None and "question 0 on 3.02?" not in json.dumps(stored.record)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.booleans()), max_size=30))
def test_figures_brought_up_to_date_on_a_copy_leave_the_loaded_ones_as_they_were(
    steps: list[tuple[int, bool]],
) -> None:
    """A save brings the figures the state was loaded with up to date on a copy (``to_update``); whatever it
    counts in or takes back, the loaded figures, which later loads share, read as before."""
    loaded = TranscriptFigures.of([_turn(n) for n in range(12)])
    before = loaded.model_dump_json()
    copied, fresh = loaded.to_update(), TranscriptFigures.model_validate_json(before)
    for n, adding in steps:
        for figures in (copied, fresh):
            (figures.add if adding else figures.remove)(_turn(n), n)
    assert loaded.model_dump_json() == before
    assert copied == fresh  # the copy counts as figures read afresh would
