"""The LLM advisor against a real chat-completions server on 127.0.0.1, through ChatOpenAI."""

from __future__ import annotations

import itertools
import json
import logging
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import InMemoryStorage, TinyDBStorage
from tests.advisors.llm.support import GOOD, KEY, QUESTION
from tests.fake_openai import FakeOpenAI, Reply, Request, reply
from tests.support import TRANSCRIPTS, Clock, scenario
from wizard_core import Wizard
from wizard_core.advisors.llm.advisor import SYSTEM, LLMAdvisor, reply_schema
from wizard_core.advisors.llm.jsontext import partial_content
from wizard_core.advisors.llm.prompts import instructions
from wizard_core.advisors.offline.advisor import OfflineAdvisor
from wizard_core.config import ConfigError, ModelSettings, load_settings
from wizard_core.context import SECTIONS
from wizard_core.errors import AdvisorError, InputError, InvalidReplyError
from wizard_core.export import FORMATS, export
from wizard_core.forms import FormQuestionService
from wizard_core.tokens import describe_turn, project_usage
from wizard_core.wiring import advisor_notice, default_advisor_name, make_advisor, open_wizard

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


def start(fake: FakeOpenAI, storage=None, **settings) -> tuple[Wizard, str]:
    options = {"api_key": KEY, "base_url": fake.url, "model": "test-model", "turn_timeout": 10.0, **settings}
    advisor = LLMAdvisor(ModelSettings(**options))
    manager = open_wizard(storage or InMemoryStorage(), advisor=advisor, clock=Clock())
    return manager, manager.start_project("Office").project_id


def assert_unchanged_but_message(manager: Wizard, pid: str, message: str, error: str) -> None:
    """The failed turn kept the consultant's message and changed nothing else."""
    state = manager.storage.load_project(pid)
    assert [a.section for a in state.finalized_answers] == ["3.00"]
    assert state.current_form_section == "3.01" and state.active_clarifying_thread == []
    assert state.turns[-1].message == message and state.turns[-1].status == "failed"
    assert state.turns[-1].error == error and error.endswith((".", "?"))
    assert "Traceback" not in error and KEY not in error


@pytest.mark.parametrize("streaming", [True, False])
def test_a_good_reply_is_applied_and_the_request_carries_the_package(fake, streaming):
    manager, pid = start(fake, streaming=streaming)
    package = manager.context_package(pid).markdown
    fake.enqueue(reply(GOOD))
    shown: list[str] = []
    result = manager.process_user_response(pid, "New construction, an office.", on_text=shown.append)

    assert result.type == "form_answer" and result.next_section == "3.02"
    state = manager.storage.load_project(pid)
    assert state.answer_for("3.01").value == "New construction"
    assert state.answer_for("3.01").advisor == "openai"
    (sent,) = fake.requests
    assert sent.path == "/v1/chat/completions" and sent.body["model"] == "test-model"
    assert sent.stream is streaming and sent.response_format == "json_schema"
    assert sent.headers["authorization"] == f"Bearer {KEY}"
    system, human = sent.text("system"), sent.text("user")
    assert system == [instructions(FormQuestionService())] and "exactly one JSON object" in system[0]
    assert system[0].startswith(SYSTEM) and "- 3.27 Notes" in system[0]  # the rules, then the item list
    assert "## Required Response Format" in human[0] and "JSON Schema of value" in human[0]
    assert human[0].startswith(package.split("\n")[0])
    latest = human[0].split("## Latest User Response\n")[1].split("\n")[0]
    assert latest == json.dumps("New construction, an office.")
    positions = [human[0].index(heading) for heading in SECTIONS]
    assert positions == sorted(positions) and len(SECTIONS) == 8
    assert human[0].index("## Project History") < human[0].index("## Required Response Format")
    assert human[0].rstrip().endswith(latest), "the latest message last: it changes every turn"
    assert shown[-1] == GOOD["content"]
    if streaming:
        assert len(shown) > 2 and all(b.startswith(a) for a, b in itertools.pairwise(shown))
    turn = state.turns[-1]
    assert (turn.model, turn.input_tokens, turn.output_tokens, turn.tokens_estimated) == (
        "fake-model-1",
        120,
        30,
        False,
    )
    assert turn.latency_ms is not None and turn.latency_ms >= 0
    assert describe_turn(turn).startswith("120 in / 30 out tokens · fake-model-1")


def test_a_clarifying_question_waits_for_the_answer(fake):
    manager, pid = start(fake)
    fake.enqueue(reply(QUESTION))
    result = manager.process_user_response(pid, "We're doing some work on a building.")
    state = manager.storage.load_project(pid)
    assert result.type == "clarifying_question" and state.current_form_section == "3.01"
    assert state.active_clarifying_thread[0].question == QUESTION["content"]


REPAIRED = {
    "prose around the JSON": f"Here is my answer:\n{json.dumps(GOOD)}\nHope this helps!",
    "code fences": f"```json\n{json.dumps(GOOD, indent=2)}\n```",
    "percent confidence": json.dumps({**GOOD, "confidence": "85%"}),
    "whole-number percentage": json.dumps({**GOOD, "confidence": 85}),
    "confidence as text": json.dumps({**GOOD, "confidence": "0.85"}),
    "type spelled loosely": json.dumps({**GOOD, "type": "Form answer", "confidence": 0.85}),
    "references as one string": json.dumps(
        {**GOOD, "obc_references": "A-1.3.3.2, 9.9.9.9", "confidence": 0.85}
    ),
    "unknown references": json.dumps(
        {**GOOD, "obc_references": ["99.1.1", "Div. A 1.3.3.2"], "confidence": 0.85}
    ),
    "extra keys": json.dumps({**GOOD, "reasoning": "...", "confidence": 0.85}),
    "missing content": json.dumps({k: v for k, v in GOOD.items() if k != "content"} | {"confidence": 0.85}),
    "value null, read from the content": json.dumps({**GOOD, "value": None}),
    "value not an option, read from the content": json.dumps({**GOOD, "value": "new build"}),
}


@pytest.mark.parametrize("text", REPAIRED.values(), ids=REPAIRED.keys())
def test_safe_repairs_need_no_second_call(fake, text):
    manager, pid = start(fake)
    fake.enqueue(Reply(content=text))
    result = manager.process_user_response(pid, "New construction")
    assert len(fake.requests) == 1 and result.type == "form_answer"
    answer = manager.storage.load_project(pid).answer_for("3.01")
    assert answer.value == "New construction" and answer.obc_references == ["A-1.3.3.2"]
    assert answer.confidence in (0.9, 0.85) and answer.answer.strip()


RETRIED = {
    "not JSON": ("I think it is new construction.", "not a JSON object"),
    "cut off": (json.dumps(GOOD)[:40], "not a JSON object"),
    "wrong type": (json.dumps({**GOOD, "type": "verdict"}), "type"),
    "confidence above 100": (json.dumps({**GOOD, "confidence": 170}), "confidence"),
    "negative confidence": (json.dumps({**GOOD, "confidence": -0.2}), "confidence"),
    "confidence not a number": (json.dumps({**GOOD, "confidence": "high"}), "confidence"),
    "question without content": (json.dumps({**QUESTION, "content": ""}), "content"),
    "no content at all": (json.dumps({"type": "clarifying_question", "confidence": 0.2}), "content"),
    "value not an option": (json.dumps({**GOOD, "value": "Skyscraper", "content": "A tower."}), "not one of"),
}


@pytest.mark.parametrize(("text", "problem"), RETRIED.values(), ids=RETRIED.keys())
def test_a_reply_that_cannot_be_repaired_is_sent_back_once_with_the_problem(fake, text, problem):
    manager, pid = start(fake)
    fake.enqueue(Reply(content=text), reply(GOOD))
    result = manager.process_user_response(pid, "New construction")
    assert result.type == "form_answer" and len(fake.requests) == 2
    second = fake.requests[1].body["messages"]
    assert second[:2] == fake.requests[0].body["messages"]
    assert second[2] == {"role": "assistant", "content": text}
    assert second[3]["role"] == "user" and problem in second[3]["content"]
    turn = manager.storage.load_project(pid).turns[-1]
    assert (turn.input_tokens, turn.output_tokens) == (240, 60)  # both calls counted


def test_a_reply_bad_twice_fails_cleanly_and_the_consultant_can_retry(fake):
    manager, pid = start(fake)
    bad = json.dumps({**GOOD, "confidence": 170})
    fake.enqueue(Reply(content=bad), Reply(content=bad))
    with pytest.raises(InvalidReplyError) as caught:
        manager.process_user_response(pid, "New construction")
    assert "not in the expected format" in str(caught.value) and "nothing was changed" in str(caught.value)
    assert caught.value.raw == bad
    assert_unchanged_but_message(manager, pid, "New construction", str(caught.value))
    assert manager.storage.load_project(pid).turns[-1].input_tokens == 240
    fake.enqueue(reply(GOOD))
    assert manager.process_user_response(pid, "New construction").type == "form_answer"


def test_a_stream_cut_off_midway_is_asked_again(fake):
    manager, pid = start(fake)
    fake.enqueue(reply(GOOD, drop_after=6), reply(GOOD))
    assert manager.process_user_response(pid, "New construction").type == "form_answer"
    assert len(fake.requests) == 2


@pytest.mark.parametrize("streaming", [True, False])
def test_a_reply_cut_off_at_the_length_limit_is_asked_again_briefly(fake, streaming):
    manager, pid = start(fake, streaming=streaming)
    fake.enqueue(reply(json.dumps(GOOD)[:30], finish="length"), reply(GOOD))
    assert manager.process_user_response(pid, "New construction").type == "form_answer"
    assert "cut off at the length limit" in fake.requests[1].body["messages"][-1]["content"]


def test_a_failing_text_callback_does_not_cost_the_reply(fake):
    manager, pid = start(fake)
    fake.enqueue(reply(GOOD))

    def broken(text: str) -> None:
        raise RuntimeError("the page went away")

    assert manager.process_user_response(pid, "New construction", on_text=broken).type == "form_answer"


@pytest.mark.parametrize(
    ("text", "visible"),
    [
        ('Sure: ```json\n{"type": "form_answer", "content": "Two st', "Two st"),
        ('{"type": "form_answer", "content": "Line one\\', "Line one"),
        ('{"type": "form_answer", "content": "caf\\u00', "caf"),
        ('{"type": "form_answer", "content": "caf\\u00e9 \\"D\\"', 'café "D"'),
        ('{"type": "x", "value": {"content": "nested"}, "content": "top"}', "top"),
        ('{"type": "x", "value": {"content": "nested"', None),
        ("no JSON yet", None),
    ],
)
def test_the_visible_content_is_read_from_a_partial_reply(text, visible):
    assert partial_content(text) == visible


def test_429_is_retried_after_the_time_the_server_asks(fake):
    manager, pid = start(fake)
    fake.enqueue(Reply(status=429, headers={"Retry-After": "0.4"}), reply(GOOD))
    began = time.monotonic()
    assert manager.process_user_response(pid, "New construction").type == "form_answer"
    assert len(fake.requests) == 2 and time.monotonic() - began >= 0.4


def test_a_retry_after_longer_than_the_turn_fails_at_once(fake):
    manager, pid = start(fake)
    fake.enqueue(Reply(status=429, headers={"Retry-After": "120"}))
    began = time.monotonic()
    with pytest.raises(AdvisorError, match=r"429 \(rate limited\) and asked to wait 120 s") as caught:
        manager.process_user_response(pid, "New construction")
    assert time.monotonic() - began < 2 and len(fake.requests) == 1
    assert_unchanged_but_message(manager, pid, "New construction", str(caught.value))


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (429, r"answered 429 \(rate limited\) three times"),
        (503, r"answered 503 \(server error\) three times"),
    ],
)
def test_persistent_server_faults_are_retried_a_bounded_number_of_times(fake, status, expected):
    manager, pid = start(fake)
    fake.enqueue(*[Reply(status=status)] * 5)
    with pytest.raises(AdvisorError, match=expected) as caught:
        manager.process_user_response(pid, "New construction")
    assert len(fake.requests) == 3  # the first try and two retries
    assert f"at 127.0.0.1:{fake.server.server_address[1]}" in str(caught.value)
    assert_unchanged_but_message(manager, pid, "New construction", str(caught.value))


def test_500_twice_then_success(fake):
    manager, pid = start(fake)
    fake.enqueue(Reply(status=500), Reply(status=502), reply(GOOD))
    assert manager.process_user_response(pid, "New construction").type == "form_answer"
    assert len(fake.requests) == 3


def test_a_dropped_connection_is_retried(fake):
    manager, pid = start(fake)
    fake.enqueue(Reply(close=True), reply(GOOD))
    assert manager.process_user_response(pid, "New construction").type == "form_answer"


def test_connection_refused_is_named(fake):
    manager, pid = start(fake)
    fake.stop()
    with pytest.raises(AdvisorError, match="refused the connection three times; is it running") as caught:
        manager.process_user_response(pid, "New construction")
    assert_unchanged_but_message(manager, pid, "New construction", str(caught.value))
    turn = manager.storage.load_project(pid).turns[-1]
    # Not a count the server gave: unknown (the call did not finish), never a figure.
    assert (turn.model, turn.input_tokens, turn.output_tokens) == ("test-model", None, None)
    assert turn.latency_ms is not None


@pytest.mark.parametrize("streaming", [True, False])
def test_a_server_that_never_answers_is_bounded_by_the_turn_timeout(fake, streaming):
    manager, pid = start(fake, turn_timeout=2.0, streaming=streaming)
    fake.enqueue(Reply(hang=True))
    began = time.monotonic()
    with pytest.raises(AdvisorError, match="did not answer within 2 s") as caught:
        manager.process_user_response(pid, "New construction")
    assert 1.9 <= time.monotonic() - began < 3.5
    assert_unchanged_but_message(manager, pid, "New construction", str(caught.value))


def test_a_stream_that_stalls_midway_is_bounded_too(fake):
    manager, pid = start(fake, turn_timeout=2.0)
    fake.enqueue(reply(GOOD, chunk_delay=30))
    began = time.monotonic()
    with pytest.raises(AdvisorError, match="did not answer within 2 s"):
        manager.process_user_response(pid, "New construction")
    assert time.monotonic() - began < 3.5


def test_a_stream_of_keep_alives_without_content_is_bounded_too(fake):
    manager, pid = start(fake, turn_timeout=2.0)
    fake.enqueue(Reply(keepalive=True))
    began = time.monotonic()
    with pytest.raises(AdvisorError, match="did not answer within 2 s"):
        manager.process_user_response(pid, "New construction")
    assert time.monotonic() - began < 3


def test_a_slow_server_within_the_deadline_is_waited_for(fake):
    manager, pid = start(fake, turn_timeout=5.0)
    fake.enqueue(reply(GOOD, delay=1.0, chunk_delay=0.03))
    assert manager.process_user_response(pid, "New construction").type == "form_answer"
    assert manager.storage.load_project(pid).turns[-1].latency_ms >= 1000


@pytest.mark.parametrize(
    ("scripted", "expected"),
    [
        (Reply(status=401, error=f"Incorrect API key provided: {KEY}"), "rejected the API key (401)"),
        (Reply(status=404, error="model 'test-model' not found"), "does not know the model 'test-model'"),
        (Reply(body=b"<html><body>Welcome to nginx</body></html>"), "not a chat-completions reply"),
    ],
)
def test_errors_that_retrying_cannot_fix_fail_at_once_with_a_plain_message(fake, scripted, expected):
    manager, pid = start(fake)
    fake.enqueue(scripted)
    with pytest.raises(AdvisorError) as caught:
        manager.process_user_response(pid, "New construction")
    assert expected in str(caught.value) and len(fake.requests) == 1
    assert_unchanged_but_message(manager, pid, "New construction", str(caught.value))


def test_auto_falls_back_to_json_mode_in_the_same_turn_and_remembers_it(fake):
    fake.rejected_formats = {"json_schema"}
    manager, pid = start(fake)
    fake.enqueue(reply(GOOD), reply({**GOOD, "content": "Group D.", "value": ["D"], "obc_references": []}))
    manager.process_user_response(pid, "New construction")
    manager.process_user_response(pid, "Group D offices")
    assert [r.response_format for r in fake.requests] == ["json_schema", "json_object", "json_object"]
    assert manager.storage.load_project(pid).answer_for("3.02").value == ["D"]


def test_a_remembered_method_the_server_stops_taking_falls_back_again(fake):
    manager, pid = start(fake)
    fake.enqueue(reply(GOOD), reply({**GOOD, "content": "Group D.", "value": ["D"], "obc_references": []}))
    manager.process_user_response(pid, "New construction")
    fake.rejected_formats = {"json_schema"}
    manager.process_user_response(pid, "Group D offices")
    assert [r.response_format for r in fake.requests] == ["json_schema", "json_schema", "json_object"]


def test_auto_falls_back_to_plain_text_with_the_schema_in_the_prompt(fake):
    fake.rejected_formats = {"json_schema", "json_object"}
    manager, pid = start(fake)
    fake.enqueue(reply(GOOD))
    manager.process_user_response(pid, "New construction")
    assert [r.response_format for r in fake.requests] == ["json_schema", "json_object", None]
    assert "JSON Schema of value for the current item" in fake.requests[-1].text("user")[0]


@pytest.mark.parametrize(("method", "sent"), [("json_mode", "json_object"), ("text", None)])
def test_a_configured_method_is_used_without_probing(fake, method, sent):
    manager, pid = start(fake, structured_output=method)
    fake.enqueue(reply(GOOD))
    manager.process_user_response(pid, "New construction")
    assert [r.response_format for r in fake.requests] == [sent]


def test_a_configured_method_the_server_refuses_says_what_to_change(fake):
    fake.rejected_formats = {"json_schema"}
    manager, pid = start(fake, structured_output="json_schema")
    with pytest.raises(AdvisorError, match="WIZARD_STRUCTURED_OUTPUT=auto"):
        manager.process_user_response(pid, "New construction")


def test_the_reply_schema_holds_the_items_value_schema_with_definitions_at_the_root():
    manager = open_wizard(InMemoryStorage(), advisor=OfflineAdvisor())
    schema = reply_schema(manager.forms.schemas["3.18"])
    assert "$defs" in schema and "$defs" not in json.dumps(schema["properties"]["value"]).split('"$ref"')[0]
    assert schema["properties"]["value"]["anyOf"][1] == {"type": "null"}
    assert '"pattern"' not in json.dumps(reply_schema(manager.forms.schemas["3.10"]))


def test_without_usage_from_the_server_tokens_are_an_estimate_labelled_so(fake):
    manager, pid = start(fake)
    fake.enqueue(reply(GOOD, usage=None))
    manager.process_user_response(pid, "New construction")
    state = manager.storage.load_project(pid)
    turn = state.turns[-1]
    assert turn.tokens_estimated and turn.input_tokens > 500 and 0 < turn.output_tokens < 100
    assert "(estimated)" in describe_turn(turn)
    totals = project_usage(state)
    assert totals.turns == 1 and totals.estimated and "(estimated)" in totals.describe()


def test_the_key_never_reaches_the_store_exports_or_logs(fake, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    storage = TinyDBStorage(tmp_path / "store")
    manager, pid = start(fake, storage=storage)
    fake.enqueue(Reply(status=401, error=f"Incorrect API key provided: {KEY}"))
    with pytest.raises(AdvisorError):
        manager.process_user_response(pid, "New construction")
    fake.enqueue(reply(GOOD))
    manager.process_user_response(pid, "New construction")
    assert fake.requests[-1].headers["authorization"].endswith(KEY)  # it was used...
    stored = "".join(p.read_text(errors="replace") for p in (tmp_path / "store").rglob("*") if p.is_file())
    state = storage.load_project(pid)
    exported = "".join(str(export(state, manager.forms, fmt)) for fmt in FORMATS)
    assert stored and exported and KEY in fake.requests[-1].headers["authorization"]
    for text in (stored, exported, caplog.text, repr(manager.advisor.settings)):
        assert KEY not in text  # ...and went nowhere else


def test_replay_with_the_openai_advisor_completes_the_office_project(fake, tmp_path):
    values = _office_values()
    fake.responder = lambda request: _answer_current_item(request, values)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "WIZARD_"))}
    env |= {"OPENAI_BASE_URL": fake.url, "OPENAI_API_KEY": KEY, "WIZARD_MODEL": "test-model"}
    done = subprocess.run(
        [
            *(sys.executable, "-m", "wizard_core", "replay", str(TRANSCRIPTS / "office-3-storey.json")),
            *("--advisor", "openai", "--format", "json", "--store", str(tmp_path / "store")),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["complete"] is True
    assert {s: a["value"] for s, a in report["answers"].items()} == values
    assert all(turn["type"] != "error" for turn in report["turns"])
    assert len(fake.requests) == len(scenario("office-3-storey.json")["messages"])
    stored = "".join(p.read_text(errors="replace") for p in (tmp_path / "store").rglob("*") if p.is_file())
    assert '"model": "fake-model-1"' in stored and KEY not in stored + done.stdout + done.stderr


def _office_values() -> dict:
    """What the offline advisor makes of the office transcript: the model will say the same."""
    manager = open_wizard(InMemoryStorage(), advisor=OfflineAdvisor(), clock=Clock())
    pid = manager.start_project("Office").project_id
    for message in scenario("office-3-storey.json")["messages"]:
        manager.process_user_response(pid, message)
    state = manager.storage.load_project(pid)
    assert state.complete
    return {a.section: a.value for a in state.finalized_answers}


def _answer_current_item(request: Request, values: dict) -> Reply:
    current = request.text("user")[0].split("## Current Form Question\n")[1]
    section = re.match(r"\*\*(3\.\d\d) - ", current)[1]
    return reply(
        {**GOOD, "content": f"Answer for {section}.", "obc_references": [], "value": values[section]}
    )


def test_with_neither_key_nor_base_url_the_offline_advisor_is_used_and_said_so():
    assert default_advisor_name() == "offline" and isinstance(make_advisor(), OfflineAdvisor)
    assert "offline advisor" in advisor_notice()
    with pytest.raises(InputError, match="OPENAI_API_KEY"):
        make_advisor("openai")


def test_a_key_or_base_url_selects_the_model_advisor(monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    assert default_advisor_name() == "openai" and advisor_notice() is None
    assert isinstance(make_advisor(), LLMAdvisor)
    monkeypatch.setenv("WIZARD_ADVISOR", "offline")
    assert default_advisor_name() == "offline"


def test_secrets_fill_in_what_the_environment_leaves_unset(monkeypatch):
    secrets = {"OPENAI_API_KEY": KEY, "WIZARD_MODEL": "from-secrets", "WIZARD_TURN_TIMEOUT": "20"}
    monkeypatch.setenv("WIZARD_MODEL", "from-env")
    settings = load_settings(secrets)
    assert (settings.api_key, settings.model, settings.turn_timeout) == (KEY, "from-env", 20.0)
    assert default_advisor_name(secrets) == "openai" and KEY not in repr(settings)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("WIZARD_TURN_TIMEOUT", "forever"),
        ("WIZARD_TURN_TIMEOUT", "0"),
        ("WIZARD_STRUCTURED_OUTPUT", "xml"),
        ("WIZARD_STREAMING", "maybe"),
        ("OPENAI_BASE_URL", "localhost:11434"),
    ],
)
def test_unusable_settings_are_named(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError, match=name):
        load_settings()
