"""A turn left pending by a process that stopped is marked interrupted at the next load; one that a
worker thread of this process is still running is not."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import timedelta

import pytest

from tests.advisors.llm.support import GOOD, start
from tests.fake_openai import FakeOpenAI, reply
from wizard_core.models import TurnRecord
from wizard_core.turn import record


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


def _dead_pid() -> int:
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    return int(child.stdout)


def _left_pending(wizard, pid: str, runner: str | None, seconds_ago: float = 1.0) -> None:
    """A message saved pending before its model call, as a turn of ``runner`` leaves it."""
    state = wizard.storage.load_project(pid)
    at = wizard.manager.clock() - timedelta(seconds=seconds_ago)
    state.latest_user_answer = "New construction"
    state.turns.append(TurnRecord(message="New construction", section="3.01", received_at=at, runner=runner))
    wizard.storage.save_project(state)


HOST, THIS, TOKEN = record.runner().split(" ")


@pytest.mark.parametrize(
    "runner",
    [
        f"{HOST} {{dead}} {TOKEN}",  # a process on this host that has ended (killed, crashed)
        f"{HOST} {THIS} {'0' * 32}",  # this pid, but a process before this one (restarted as the same pid)
    ],
    ids=["its process ended", "a process before this one, same pid"],
)
def test_a_turn_left_pending_by_a_process_that_stopped_is_interrupted_at_the_next_load(fake, runner):
    wizard, pid = start(fake)
    _left_pending(wizard, pid, runner.replace("{dead}", str(_dead_pid())))
    loaded = wizard.load_project(pid)
    turn = loaded.turns[-1]
    assert turn.status == "failed" and turn.error == record.INTERRUPTED and turn.message == "New construction"
    # Nothing waits for it: the message is sent again at once, and answered.
    fake.enqueue(reply(GOOD))
    assert wizard.process_user_response(pid, "New construction").type == "form_answer"
    stored = wizard.storage.load_project(pid)
    assert [t.status for t in stored.turns] == ["failed", "done"] and stored.turns[
        0
    ].error == record.INTERRUPTED


@pytest.mark.parametrize(
    "runner",
    [record.runner(), f"another-host 4242 {TOKEN}", None],
    ids=["this process (a worker thread)", "another host", "a record from before"],
)
def test_a_pending_turn_that_may_still_run_waits_for_the_turn_limit(fake, runner):
    wizard, pid = start(fake, turn_timeout=30.0)
    _left_pending(wizard, pid, runner)
    assert wizard.load_project(pid).turns[-1].status == "pending"
    assert wizard.storage.load_project(pid).turns[-1].status == "pending", "a load writes nothing"
    # The turn's deadline is the advisor's whole budget (the call, its correction and the rest).
    deadline = wizard.advisor.turn_seconds
    assert deadline >= 30.0
    _left_pending(wizard, pid, runner, seconds_ago=deadline - 1)
    assert wizard.load_project(pid).turns[-1].status == "pending"
    _left_pending(wizard, pid, runner, seconds_ago=deadline + record.PENDING_GRACE + 5)
    assert wizard.load_project(pid).turns[-1].status == "failed", "no turn outlives its deadline"


def test_a_turn_a_worker_thread_is_running_shows_pending_until_its_reply_is_saved(fake):
    wizard, pid = start(fake)
    fake.enqueue(reply(GOOD, delay=1.0))
    worker = threading.Thread(target=wizard.process_user_response, args=(pid, "New construction"))
    worker.start()
    until = time.monotonic() + 5
    while not wizard.storage.load_project(pid).turns and time.monotonic() < until:
        time.sleep(0.02)
    seen = wizard.load_project(pid).turns[-1]  # as the page draws it while the model answers
    assert seen.status == "pending" and seen.runner == record.runner()
    worker.join(10)
    done = wizard.load_project(pid)
    assert done.turns[-1].status == "done" and done.answer_for("3.01").value == "New construction"
