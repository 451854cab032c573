"""Hard limits: whatever a server does, a turn ends on time, cleanly, leaving nothing behind."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import TinyDBStorage
from tests.advisors.llm.support import (
    GOOD,
    KEY,
    QUESTION,
    assert_failed_and_unchanged,
    model_threads,
    settle,
    start,
)
from tests.fake_openai import FakeOpenAI, Reply, reply
from tests.support import Clock
from wizard_core import ConflictError
from wizard_core.advisors import base
from wizard_core.advisors.llm import formats
from wizard_core.advisors.offline.advisor import OfflineAdvisor
from wizard_core.errors import AdvisorError

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


STREAMS = {
    "endless, a chunk every 20 ms": (Reply(content='{"type": "form_answer", "content": "', endless=True,
                                            chunk_size=2, chunk_delay=0.02), True),
    "stalling midway": (Reply(content=GOOD["content"] * 3, chunk_delay=30), True),
    "keep-alive comments only": (Reply(keepalive=True), True),
    "thinking, never replying": (Reply(content="", thinking="hm " * 5000, chunk_size=4, chunk_delay=0.02),
                                 True),
    "no answer at all, streamed": (Reply(hang=True), True),
    "no answer at all, whole": (Reply(hang=True), False),
}  # fmt: skip


@pytest.mark.parametrize(("scripted", "streaming"), STREAMS.values(), ids=STREAMS.keys())
def test_the_turn_deadline_holds_against_any_stream_and_nothing_outlives_the_turn(fake, scripted, streaming):
    wizard, pid = start(fake, turn_timeout=1.5, streaming=streaming)
    fake.enqueue(scripted)
    began = time.monotonic()
    with pytest.raises(AdvisorError, match=r"did not answer within 1\.5 s") as caught:
        wizard.process_user_response(pid, "New construction")
    assert 1.4 <= time.monotonic() - began < 2.5
    assert model_threads() == [], "the call's thread ended with the turn"
    settle(fake)
    assert fake.client_connections() == 0, "the call's socket closed with the turn"
    assert_failed_and_unchanged(wizard, pid, "New construction", str(caught.value))


def test_a_fast_endless_stream_is_cut_at_the_length_limit_and_asked_again(fake):
    wizard, pid = start(fake, turn_timeout=5.0, reply_tokens=256)
    fake.enqueue(Reply(content='{"type": "form_answer", "content": "', endless=True), reply(GOOD))
    began = time.monotonic()
    assert wizard.process_user_response(pid, "New construction").type == "form_answer"
    assert time.monotonic() - began < 2.0
    echo, correction = fake.requests[1].body["messages"][-2:]
    assert len(echo["content"]) <= 4000 and "cut off at the length limit" in correction["content"]
    assert model_threads() == []
    settle(fake)
    assert fake.client_connections() == 0


HEADERS = {
    "retry-after-ms negative": ({"retry-after-ms": "-5000"}, True),
    "retry-after-ms not a number": ({"retry-after-ms": "nan"}, True),
    "retry-after negative": ({"retry-after": "-3"}, True),
    "retry-after a date long past": ({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}, True),
    "retry-after gibberish": ({"retry-after": "soon"}, True),
    "retry-after-ms infinite": ({"retry-after-ms": "1e400"}, False),
}


@pytest.mark.parametrize(("headers", "retried"), HEADERS.values(), ids=HEADERS.keys())
def test_retry_headers_are_clamped(fake, headers, retried):
    wizard, pid = start(fake)
    fake.enqueue(Reply(status=429, headers=headers), reply(GOOD))
    began = time.monotonic()
    if retried:
        assert wizard.process_user_response(pid, "New construction").type == "form_answer"
        assert len(fake.requests) == 2 and time.monotonic() - began < 2
    else:
        with pytest.raises(AdvisorError, match=r"asked to wait 3600 s") as caught:
            wizard.process_user_response(pid, "New construction")
        assert len(fake.requests) == 1
        assert_failed_and_unchanged(wizard, pid, "New construction", str(caught.value))


FAILURES = {
    "server errors": (
        [Reply(status=500)] * 2,
        {"WIZARD_MAX_RETRIES": "1"},
        "answered 500 (server error) twice",
    ),
    "key refused": (
        [Reply(status=401, error=f"Incorrect API key provided: {KEY}")],
        {},
        "rejected the API key",
    ),
    "reply unusable twice": ([Reply(content="no JSON here")] * 2, {}, "not in the expected format"),
    "no answer in time": ([Reply(hang=True)], {"WIZARD_TURN_TIMEOUT": "1"}, "did not answer within 1 s"),
}


@pytest.mark.parametrize(("replies", "env", "expected"), FAILURES.values(), ids=FAILURES.keys())
def test_a_failed_turn_prints_one_line_on_the_command_line_and_is_marked_failed(
    fake, tmp_path, replies, env, expected
):
    store = tmp_path / "store"
    _, pid = start(fake, storage=TinyDBStorage(store))
    fake.enqueue(*replies)
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "WIZARD_"))}
    environ |= {"OPENAI_BASE_URL": fake.url, "OPENAI_API_KEY": KEY, "WIZARD_MODEL": "test-model", **env}
    done = subprocess.run(
        [sys.executable, "-m", "wizard_core", "say", pid, "New construction", "--store", str(store)],
        cwd=ROOT, env=environ, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: ") and expected in line and KEY not in line
    turn = TinyDBStorage(store).load_project(pid).turns[-1]
    assert turn.status == "failed" and turn.message == "New construction" and turn.error == line[7:]


def test_a_fault_nobody_foresaw_fails_the_turn_cleanly(fake, monkeypatch, caplog):
    wizard, pid = start(fake)

    def broken(*args: object) -> list[str]:
        raise RuntimeError(f"a bug that mentions the key {KEY}")

    monkeypatch.setattr(formats, "methods_for", broken)
    with pytest.raises(AdvisorError, match="failed unexpectedly") as caught:
        wizard.process_user_response(pid, "New construction")
    assert_failed_and_unchanged(wizard, pid, "New construction", str(caught.value))
    assert "RuntimeError: a bug" in caplog.text and KEY not in caplog.text


def test_the_turn_deadline_covers_the_query_rewrite_too(fake):
    wizard, pid = start(fake, turn_timeout=2.0)
    wizard.go_to_item(pid, "3.11")
    fake.enqueue(reply(QUESTION))
    wizard.process_user_response(pid, "The building has sprinklers.")
    fake.enqueue(Reply(content="Where are sprinklers required?", delay=1.0), Reply(hang=True))
    began = time.monotonic()
    with pytest.raises(AdvisorError, match="did not answer within 2 s"):
        wizard.process_user_response(pid, "yes, all of it")
    assert 1.9 <= time.monotonic() - began < 2.4, "one deadline for the rewrite and the answer"
    assert len(fake.requests) == 3


def test_tokens_a_failed_call_cost_are_counted_when_the_server_says(fake):
    wizard, pid = start(fake, max_retries=1, streaming=False)
    costly = {"error": {"message": "upstream overloaded", "code": 503}, "usage": {"prompt_tokens": 900}}
    fake.enqueue(Reply(status=503, error_body=costly, in_body=True), reply(GOOD))
    wizard.process_user_response(pid, "New construction")
    turn = wizard.storage.load_project(pid).turns[-1]
    assert (turn.input_tokens, turn.output_tokens) == (900 + 120, 30)


def test_a_pending_turn_refuses_a_second_message_until_its_deadline():
    wizard, pid = start(FakeOpenAI(), turn_timeout=30.0)  # never started: nothing is sent here
    state = wizard.storage.load_project(pid)
    clock = Clock()
    from wizard_core.models import TurnRecord

    state.turns.append(TurnRecord(message="first", section="3.01", received_at=clock()))
    with pytest.raises(ConflictError, match="still answering your previous message"):
        base.refuse_overlap(state, clock(), wizard.advisor)
    base.refuse_overlap(state, state.turns[-1].received_at.replace(year=2027), wizard.advisor)  # long gone
    base.refuse_overlap(state, clock(), OfflineAdvisor())  # an offline turn is never left pending
    state.turns[-1].status = "failed"
    base.refuse_overlap(state, clock(), wizard.advisor)


def test_a_second_message_while_the_first_is_with_the_model_is_refused_and_the_first_kept(fake):
    wizard, pid = start(fake)
    fake.enqueue(reply(GOOD, delay=1.0))
    first: list[object] = []

    def send_first() -> None:
        try:
            first.append(wizard.process_user_response(pid, "New construction"))
        except Exception as error:  # kept, so that the assertions below say what went wrong
            first.append(error)

    worker = threading.Thread(target=send_first)
    worker.start()
    time.sleep(0.3)
    with pytest.raises(ConflictError, match="still answering"):
        wizard.process_user_response(pid, "Actually, a renovation.")
    worker.join(5)
    assert first and not isinstance(first[0], Exception), first
    state = wizard.storage.load_project(pid)
    assert [t.message for t in state.turns] == ["New construction"] and state.turns[-1].status == "done"
    assert state.answer_for("3.01").value == "New construction"
