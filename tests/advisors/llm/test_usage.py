"""Usage told honestly: a count the server never gave is unknown, not 0; cached tokens in every shape."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.advisors.llm.support import GOOD, start
from tests.fake_openai import FakeOpenAI, Reply, reply
from wizard_core import describe_turn, project_usage
from wizard_core.errors import AdvisorError
from wizard_core.models import ProjectState, TurnRecord
from wizard_core.tokens import totals


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


@pytest.mark.parametrize("streaming", [True, False])
def test_a_timed_out_turn_records_unknown_tokens_not_0(fake, streaming):
    wizard, pid = start(fake, turn_timeout=1.0, streaming=streaming)
    fake.enqueue(Reply(hang=True))
    with pytest.raises(AdvisorError, match="did not answer within 1 s"):
        wizard.process_user_response(pid, "New construction")
    state = wizard.storage.load_project(pid)
    turn = state.turns[-1]
    assert turn.status == "failed" and turn.model == "test-model" and turn.latency_ms is not None
    assert (turn.input_tokens, turn.output_tokens, turn.cached_tokens) == (None, None, None)
    shown = describe_turn(turn)
    assert shown is not None and shown.startswith("tokens unknown") and "0 in" not in shown
    # The project's totals leave it out of the sums and say so.
    assert project_usage(state).describe() == "Tokens unknown for 1 turn (the call did not finish)"
    # Beside a turn the server counted, it is still left out and said.
    counted = turn.model_copy(update={"status": "done", "input_tokens": 120, "output_tokens": 30})
    both = totals([turn, counted])
    assert (both.turns, both.unknown, both.input_tokens) == (1, 1, 120)
    assert (
        both.describe() == "120 in / 30 out over 1 turn; tokens unknown for 1 turn (the call did not finish)"
    )


def test_a_turn_whose_rewrite_was_counted_but_whose_answer_was_cut_off_is_unknown_not_the_rewrite(fake):
    wizard, pid = start(fake, max_retries=0)
    fake.enqueue(reply({**GOOD, "type": "clarifying_question", "content": "Which part?", "value": None}))
    wizard.process_user_response(pid, "Some work on a building.")
    fake.enqueue(reply("Which project type is it?"), Reply(close=True))  # the rewrite; then a dropped call
    with pytest.raises(AdvisorError):
        wizard.process_user_response(pid, "the whole of it")
    assert len(fake.requests) == 3
    turn = wizard.storage.load_project(pid).turns[-1]
    assert turn.input_tokens is None and describe_turn(turn).startswith("tokens unknown")


def test_a_turn_saved_with_0_tokens_by_a_timeout_before_reads_as_unknown():
    old = TurnRecord(
        message="m", section="3.01", received_at=ProjectState(project_id="p").created_at, status="failed",
        model="qwen", input_tokens=0, output_tokens=0, latency_ms=90_000,
    )  # fmt: skip
    assert describe_turn(old) == "tokens unknown (the call did not finish) · qwen · 90.0 s"
    assert totals([old]).unknown == 1 and totals([old]).turns == 0
    offline = TurnRecord(message="m", section="3.01", received_at=old.received_at, status="done")
    assert describe_turn(offline) is None and totals([offline]).unknown == 0


SHAPES = {  # how servers say the cached prompt tokens: in the usage, or beside it
    "OpenAI and vLLM": {"usage_details": {"prompt_tokens_details": {"cached_tokens": 96}}},
    "DeepSeek": {"usage_details": {"prompt_cache_hit_tokens": 96}},
    "gateway (Anthropic terms)": {"usage_details": {"cache_read_input_tokens": 96}},
    "llama.cpp timings": {"top": {"timings": {"cache_n": 96, "prompt_n": 24, "predicted_n": 30}}},
    "llama.cpp tokens_cached": {"top": {"tokens_cached": 96}},
}


@pytest.mark.parametrize("streaming", [True, False])
@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES)
def test_cached_tokens_are_read_from_every_shape_servers_report(fake, shape, streaming):
    wizard, pid = start(fake, streaming=streaming)
    fake.enqueue(reply(GOOD, **shape))
    wizard.process_user_response(pid, "New construction")
    turn = wizard.storage.load_project(pid).turns[-1]
    assert turn.cached_tokens == 96 and turn.input_tokens == 120
    assert "96 cached (80% of the input)" in describe_turn(turn)


def test_a_server_that_says_nothing_of_its_cache_records_no_cached_figure(fake):
    wizard, pid = start(fake)
    fake.enqueue(reply(GOOD))
    wizard.process_user_response(pid, "New construction")
    turn = wizard.storage.load_project(pid).turns[-1]
    assert turn.cached_tokens is None and "cached" not in describe_turn(turn)
