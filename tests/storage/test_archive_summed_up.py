"""Version 5: each item's archive summed up in the record, the rest in the archive log, nothing lost.

A project a version-4 wizard stored (each item's newest six archived questions and five earlier
answers in the record, the older ones already in the archive log) opens with every question and
answer where a person looks for them, on a real TinyDB folder and on PostgreSQL, sealed or not.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest

from storage import Sealer, StorageAdapter, new_key, open_storage
from storage.migrations import m005_archive_summed_up
from wizard_core import archive
from wizard_core.models import (
    SCHEMA_VERSION,
    ArchiveEntry,
    ClarifyingQA,
    FormAnswer,
    MovedOut,
    ProjectState,
    TurnRecord,
)

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
KEY = new_key()


@pytest.fixture(params=["tinydb", "postgresql", "tinydb-sealed", "postgresql-sealed"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str | None]]:
    """A store target (a folder or a database URL) and the key it is sealed with, if any."""
    kind, _, sealed = request.param.partition("-")
    key = KEY if sealed else None
    if kind == "tinydb":
        yield str(tmp_path / "data"), key
        return
    url = request.getfixturevalue("pg_url")
    yield url, key
    open_storage(url, sealer=None).close()  # type: ignore[attr-defined]


def _open(target: tuple[str, str | None]) -> StorageAdapter:
    where, key = target
    return open_storage(where, sealer=Sealer(key) if key else None)


def _qa(section: str, n: int) -> ClarifyingQA:
    return ClarifyingQA(
        question=f"question {n} on {section}?", related_form_section=section, answer=f"answer {n}",
        timestamp=T0 + timedelta(minutes=n),
    )  # fmt: skip


def _answer(section: str, n: int) -> FormAnswer:
    return FormAnswer(
        section=section, question_number=section, title=section, question="?", answer=f"{n} m2",
        value={"existing": 0, "new": n, "total": n}, confidence=0.9, timestamp=T0 + timedelta(hours=n),
    )  # fmt: skip


QUESTIONS = [_qa("3.02", n) for n in range(9)]  # three in the archive log already, six in the record
ANSWERS = [_answer("3.04", n) for n in range(7)]  # two in the archive log already, five in the record
OTHER = [_qa("3.03", n) for n in range(2)]


def _store_version_4(store: StorageAdapter) -> None:
    """A project as a version-4 wizard saved it: its record's per-item caps, its archive log begun."""
    state = ProjectState(project_id="old", name="Old project", schema_version=4)
    state.turns = [TurnRecord(message=f"message {n}", section="3.02", received_at=T0) for n in range(30)]
    state.archive = [ArchiveEntry(section="3.02", question=qa) for qa in QUESTIONS[:3]]
    state.archive += [ArchiveEntry(section="3.04", answer=a) for a in ANSWERS[:2]]
    state.moved_out = {"3.02": MovedOut(questions=3), "3.04": MovedOut(answers=2)}
    state.archived_clarifying_sessions = {"3.02": QUESTIONS[3:], "3.03": OTHER}
    state.answer_history = {"3.04": ANSWERS[2:]}
    store.save_project(state)


def _record(store: StorageAdapter) -> dict[str, Any]:
    stored = store.backend.read("old", logs=False)
    assert stored is not None
    return stored.record


def test_a_version_4_project_moves_all_but_each_items_newest_to_the_archive_log(
    target: tuple[str, str | None],
) -> None:
    store = _open(target)
    _store_version_4(store)
    assert _record(store)["schema_version"] == 4

    state = store.load_project("old")  # upgraded on the way in
    assert state.schema_version == SCHEMA_VERSION
    assert state.archived_clarifying_sessions == {"3.02": QUESTIONS[-1:], "3.03": OTHER[-1:]}
    assert state.answer_history == {}  # from version 6: no undo step restores them
    assert state.moved_out["3.02"].questions == 8 and state.moved_out["3.04"].answers == 7
    assert archive.questions(store, state, "3.02") == QUESTIONS  # nothing dropped, in order
    assert archive.questions(store, state, "3.03") == OTHER
    assert archive.answers(store, state, "3.04") == ANSWERS
    store.save_project(state)  # written whole once, the moved entries after the log's own

    again = _open(target).load_project("old")  # another process, the fast path
    assert again.schema_version == SCHEMA_VERSION and again.turn_count == 30
    assert (
        again.archive == [] and again.log_before["archive"] == 5 + 5 + 1 + 4 + 1
    )  # the log's own, then 3.02's, 3.03's, 3.04's (and its newest, by version 6)
    assert archive.questions(store, again, "3.02") == QUESTIONS
    assert archive.discussions(store, again) == {"3.02": QUESTIONS, "3.03": OTHER}
    assert archive.answers(store, again, "3.04") == ANSWERS
    record = _record(store)
    assert record["schema_version"] == SCHEMA_VERSION
    if target[1] is None:  # in the clear: the record holds each item's newest only
        assert len(record["archived_clarifying_sessions"]["3.02"]) == 1
        assert record["answer_history"] == {}


def test_the_upgrade_adds_to_what_version_4_had_moved() -> None:
    old = {
        "project_id": "p",
        "schema_version": 4,
        "archived_clarifying_sessions": {"3.02": [{"question": "a"}, {"question": "b"}]},
        "answer_history": {"3.04": [{"answer": "1"}], "3.05": []},
        "moved_out": {"3.02": {"questions": 3, "answers": 1}},
        "archive": [{"section": "3.02", "question": {"question": "z"}}],
    }
    new = m005_archive_summed_up(old)
    assert new["archived_clarifying_sessions"] == {"3.02": [{"question": "b"}]}
    assert new["answer_history"] == {"3.04": [{"answer": "1"}], "3.05": []}
    assert new["moved_out"] == {"3.02": {"questions": 4, "answers": 1}}
    assert [e["question"]["question"] for e in new["archive"]] == ["z", "a"]
    assert old["moved_out"] == {"3.02": {"questions": 3, "answers": 1}}  # the input is left unchanged


def test_sealed_the_moved_entries_are_not_stored_in_the_clear(target: tuple[str, str | None]) -> None:
    if target[1] is None:
        pytest.skip("only a sealed store")
    store = _open(target)
    _store_version_4(store)
    store.save_project(store.load_project("old"))
    where = target[0]
    if where.startswith("postgresql://"):
        with psycopg.connect(where) as conn:
            rows = conn.execute("SELECT l::text FROM wizard_project_log l").fetchall()
        stored = "\n".join(r[0] for r in rows)
    else:
        stored = "\n".join(p.read_text() for p in (Path(where) / "projects").glob("old*"))
    assert "question 0 on 3.02" not in stored and "sealed" in stored
    assert archive.questions(store, store.load_project("old"), "3.02") == QUESTIONS
