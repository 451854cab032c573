"""Time limits that fit a model on a laptop's CPU, and a turn given up (or cancelled) that lets go.

A local server gets defaults sized for a CPU; the first token and the whole call have limits of
their own; a correction has its own budget; and a request cut off for any reason is closed, so
that the server (llama.cpp stops on a closed connection) is free for the next turn.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from tests.advisors.llm.support import GOOD, settle, start
from tests.fake_openai import FakeOpenAI, Reply, reply
from wizard_core import Wizard
from wizard_core.advisors.llm.advisor import LLMAdvisor
from wizard_core.config import ModelSettings, is_local, load_settings
from wizard_core.errors import AdvisorError, TurnCancelled


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


def warmed(fake: FakeOpenAI, **settings: object) -> tuple[Wizard, str]:
    """A wizard at 3.02, after a first turn of another (a process's first call is slow to start)."""
    first, first_pid = start(fake)
    fake.enqueue(reply(GOOD), reply(GOOD))
    first.process_user_response(first_pid, "New construction")
    wizard, pid = start(fake, **settings)
    wizard.process_user_response(pid, "New construction")
    return wizard, pid


def disconnects(fake: FakeOpenAI) -> int:
    """The requests the server saw closed by the client, after a moment for it to notice."""
    deadline = time.monotonic() + 1.0
    while not fake.disconnects and time.monotonic() < deadline:
        time.sleep(0.02)
    return fake.disconnects


LOCAL = [
    "http://localhost:8080/v1",
    "http://127.0.0.1:8000/v1",
    "http://127.8.9.10/v1",
    "http://[::1]:1234/v1",
    "http://10.0.0.5:8000/v1",
    "http://172.20.1.2/v1",
    "http://192.168.1.10:8080/v1",
    "http://gpu-box.local:8080/v1",
    "http://llm:8080/v1",  # a container's name, on llama.cpp's port
    "http://ollama:11434/v1",
    "http://models.example.com:11434/v1",  # Ollama's own port
    "http://user:pw@localhost:1234/v1",
]
REMOTE = [
    None,
    "https://api.openai.com/v1",
    "https://api.together.xyz/v1",
    "https://llm.example.com:8080/v1",  # a public name on a common port
    "http://172.32.0.1/v1",  # just outside 172.16/12
    "https://8.8.8.8/v1",
    "https://example.local.com/v1",
]


@pytest.mark.parametrize("url", LOCAL)
def test_a_local_or_private_server_is_told_apart(url):
    assert is_local(url)


@pytest.mark.parametrize("url", REMOTE)
def test_a_remote_server_is_not_taken_for_a_local_one(url):
    assert not is_local(url)


def test_a_local_server_gets_limits_sized_for_a_cpu_and_a_remote_one_keeps_45_s():
    local = load_settings(environ={"OPENAI_BASE_URL": "http://localhost:8080/v1"})
    assert (local.turn_timeout, local.first_token_seconds) == (300, 240)
    remote = load_settings(environ={"OPENAI_BASE_URL": "https://models.example.com/v1"})
    assert (remote.turn_timeout, remote.first_token_seconds) == (45, 45)
    openai = load_settings(environ={"OPENAI_API_KEY": "sk-test"})
    assert (openai.turn_timeout, openai.first_token_seconds) == (45, 45)
    shorter = load_settings(
        environ={"OPENAI_BASE_URL": "http://localhost:8080/v1", "WIZARD_TURN_TIMEOUT": "100"}
    )
    assert (shorter.turn_timeout, shorter.first_token_seconds) == (100, 100)  # never past the whole call
    both = {"OPENAI_BASE_URL": "https://models.example.com/v1", "WIZARD_FIRST_TOKEN_TIMEOUT": "30"}
    assert load_settings(environ=both).first_token_seconds == 30
    assert ModelSettings().first_token_seconds == ModelSettings().turn_timeout == 45


def test_a_server_that_has_not_begun_is_given_up_at_the_first_token_limit_and_let_go(fake):
    wizard, pid = warmed(fake, turn_timeout=5.0, first_token_timeout=1.0, max_retries=0)
    fake.enqueue(Reply(content='{"type": "form_answer"}', delay=4.0))  # still reading the prompt
    began = time.monotonic()
    with pytest.raises(AdvisorError) as caught:
        wizard.process_user_response(pid, "Group D")
    assert 0.9 <= time.monotonic() - began < 2.0
    assert "had not begun its reply after 1 s" in str(caught.value)
    assert "WIZARD_FIRST_TOKEN_TIMEOUT" in str(caught.value)
    state = wizard.storage.load_project(pid)
    assert state.turns[-1].status == "failed" and state.current_form_section == "3.02"
    settle(fake)
    assert disconnects(fake) == 1 and fake.client_connections() == 0


def test_a_reply_under_way_may_take_longer_than_the_first_token_limit(fake):
    wizard, pid = warmed(fake, turn_timeout=5.0, first_token_timeout=0.8)
    answer = {**GOOD, "content": "Group D.", "value": ["D"], "obc_references": []}
    fake.enqueue(reply(answer, delay=0.4, chunk_size=8, chunk_delay=0.1))  # about 2 s in all
    began = time.monotonic()
    assert wizard.process_user_response(pid, "Group D").type == "form_answer"
    assert time.monotonic() - began > 1.5


@pytest.mark.parametrize(
    "scripted", [Reply(hang=True), reply(GOOD, chunk_delay=30)], ids=["silent", "stalled"]
)
def test_a_request_that_times_out_is_closed_so_the_server_stops(fake, scripted):
    wizard, pid = start(fake, turn_timeout=1.0)
    fake.enqueue(scripted)
    with pytest.raises(AdvisorError, match="did not answer within 1 s"):
        wizard.process_user_response(pid, "New construction")
    assert disconnects(fake) == 1  # the server saw the connection close, within a moment of the limit


def test_the_correction_has_a_budget_of_its_own(fake):
    wizard, pid = start(fake, turn_timeout=2.0)
    fake.enqueue(Reply(content="I think it is new construction.", delay=1.4), reply(GOOD, delay=1.4))
    began = time.monotonic()
    assert wizard.process_user_response(pid, "New construction").type == "form_answer"
    assert time.monotonic() - began > 2.0 and len(fake.requests) == 2
    assert LLMAdvisor(ModelSettings(turn_timeout=2.0)).turn_seconds == 6.0  # a pending turn blocks that long


class Listener:
    """What the page gives a turn: the text so far, the tokens so far, and a way to cancel."""

    def __init__(self) -> None:
        self.cancelled = threading.Event()
        self.counts: list[int] = []

    def __call__(self, text: str) -> None:
        pass

    def progress(self, tokens: int) -> None:
        self.counts.append(tokens)


@pytest.mark.parametrize("scripted", [Reply(hang=True), reply(GOOD, chunk_size=2, chunk_delay=0.05)])
def test_a_cancelled_turn_is_recorded_so_its_request_closed_and_nothing_else_changed(fake, scripted):
    wizard, pid = start(fake, turn_timeout=30.0)
    fake.enqueue(scripted)
    listener, outcome = Listener(), []

    def send() -> None:
        try:
            wizard.process_user_response(pid, "New construction", on_text=listener)
        except Exception as error:  # kept for the assertions below
            outcome.append(error)

    sender = threading.Thread(target=send)
    sender.start()
    time.sleep(1.0)
    cancelled = time.monotonic()
    listener.cancelled.set()
    sender.join(5)
    assert time.monotonic() - cancelled < 1.0 and not sender.is_alive()
    (error,) = outcome
    assert isinstance(error, TurnCancelled) and "You cancelled" in str(error)
    state = wizard.storage.load_project(pid)
    assert state.turns[-1].status == "cancelled" and state.turns[-1].message == "New construction"
    assert [a.section for a in state.finalized_answers] == ["3.00"] and state.current_form_section == "3.01"
    if not scripted.hang:  # a reply streaming: the tokens so far were told as they came
        assert listener.counts and listener.counts == sorted(listener.counts) and listener.counts[-1] > 5
    assert disconnects(fake) == 1
    fake.enqueue(reply(GOOD))  # the message can be sent again, as after a failure
    assert wizard.process_user_response(pid, "New construction").type == "form_answer"
