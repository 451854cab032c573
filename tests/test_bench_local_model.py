"""The local-model benchmark's own parts, without a model: skipping, log reading, the proxy, scoring."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.fake_openai import FakeOpenAI, Reply, reply
from wizard_core.advisors.llm.advisor import LLMAdvisor
from wizard_core.config import ModelSettings
from wizard_core.tokens import TurnUsage

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import bench_local_model as bench  # noqa: E402
import llama_server  # noqa: E402

LOG = """\
llama_perf_context_print: prompt eval time =     812.10 ms /   950 tokens (    0.85 ms per token)
Llama.generate: 900 prefix-match hit, remaining 60 prompt tokens to eval
llama_perf_context_print:        load time =     100.00 ms
llama_perf_context_print: prompt eval time =      50.00 ms /    60 tokens (    0.83 ms per token)
Exception: something the grammar could not take
"""


def test_a_missing_server_python_skips_with_the_reason(capsys):
    assert bench.main(["--server-python", "/nonexistent/python"]) == 0
    assert capsys.readouterr().out.startswith("skipped: cannot run /nonexistent/python")


def test_a_missing_model_file_skips_with_the_reason(tmp_path):
    try:
        bench.find_model(tmp_path / "none.gguf", [sys.executable])
    except bench.Skip as reason:
        assert "no model file" in str(reason)
    else:
        raise AssertionError("a missing model file did not skip")


def test_the_server_log_gives_reused_and_evaluated_tokens_per_completion():
    assert llama_server.server_counts(LOG) == [
        {"reused": 0, "evaluated": 950},
        {"reused": 900, "evaluated": 60},
    ]


def test_recorded_values_are_compared_as_values():
    assert bench.same_value({"new": 1150, "total": 1150.0}, {"new": 1150.0, "total": 1150.0})
    assert not bench.same_value(0, False)
    assert not bench.same_value(["D", "E"], ["D"])
    assert bench.same_value(None, None)


def test_the_proxy_records_what_the_wizard_sends_and_what_the_server_answers():
    fake = FakeOpenAI().start()
    proxy = llama_server.RecordingProxy(fake.port).start()
    try:
        fake.enqueue(Reply(status=500, error="boom"), reply("Which article applies?", usage=(700, 9)))
        settings = ModelSettings(base_url=f"{proxy.url}/v1", model="m", turn_timeout=20.0, max_retries=1)
        advisor = LLMAdvisor(settings)
        advisor.client.backoff = 0.01
        assert advisor.rewrite_query("What is the building area?", TurnUsage()) == "Which article applies?"
    finally:
        proxy.stop()
        fake.stop()
    first, second = proxy.exchanges
    assert (first.status, second.status) == (500, 200)
    assert "boom" in (first.error or "")
    assert second.usage is not None and second.usage["prompt_tokens"] == 700
    assert second.prompt.startswith("system\n") and first.prompt == second.prompt
