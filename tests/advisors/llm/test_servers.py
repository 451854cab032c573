"""Each kind of server the wizard meets, as a persona of the fake server, one behaviour per test.

The real ChatOpenAI client talks HTTP to a real server on 127.0.0.1 that answers the way
OpenAI, Ollama, vLLM, llama.cpp, LM Studio, an API gateway or a reasoning model does.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest

from storage import TinyDBStorage
from tests.advisors.llm.personas import DRAFT, PERSONAS, ServerPersona, persona
from tests.advisors.llm.support import GOOD, KEY, QUESTION, answering, assert_failed_and_unchanged, start
from tests.fake_openai import FakeOpenAI, Reply, reply
from wizard_core import describe_turn, project_usage
from wizard_core.errors import AdvisorError

AREA = {"existing": 0, "new": 1150, "total": 1150}


@pytest.fixture
def serve() -> Iterator:
    """Start a fake server with a persona; every one started is stopped after the test."""
    started: list[FakeOpenAI] = []

    def serve(who: ServerPersona | None = None) -> FakeOpenAI:
        started.append(FakeOpenAI(who).start())
        return started[-1]

    yield serve
    for fake in started:
        fake.stop()


def gateway_url(fake: FakeOpenAI) -> str:
    user, password = PERSONAS["gateway"].basic_auth or ("", "")
    return f"http://{user}:{password}@127.0.0.1:{fake.port}/v1"


# --- Reasoning models ------------------------------------------------------------------------

THINKING = {
    "reasoning_content, streamed": ("field", True),
    "reasoning_content, whole": ("field", False),
    "<think> inline, streamed": ("inline", True),
    "<think> inline, whole": ("inline", False),
}


@pytest.mark.parametrize(("thinking", "streaming"), THINKING.values(), ids=THINKING.keys())
def test_a_reasoning_models_thinking_is_never_taken_for_its_reply(serve, thinking, streaming):
    fake = serve(persona("reasoning", thinking=thinking))
    wizard, pid = start(fake, streaming=streaming)
    fake.enqueue(reply(GOOD))
    result = wizard.process_user_response(pid, "New construction, an office.")
    # The thinking holds a draft answer ("Change of use") that must not be applied.
    assert result.type == "form_answer" and result.content == GOOD["content"]
    state = wizard.storage.load_project(pid)
    assert state.answer_for("3.01").value == "New construction"
    turn = state.turns[-1]
    assert turn.reasoning_tokens == -(-len(DRAFT) // 4) and "Change of use" not in state.model_dump_json()
    assert "thinking" in describe_turn(turn)


def test_a_template_opened_think_block_is_taken_out_too(serve):
    fake = serve(persona("reasoning", thinking=None))
    wizard, pid = start(fake)
    fake.enqueue(reply(f"{DRAFT}\n</think>\n\n{json.dumps(GOOD)}"))  # only the closing tag arrives
    assert wizard.process_user_response(pid, "New construction, an office.").content == GOOD["content"]


@pytest.mark.parametrize("thinking", ["field", "inline"])
def test_a_thinking_models_query_rewrite_is_its_question_alone(serve, thinking):
    fake = serve(persona("reasoning", thinking=thinking))
    wizard, pid = start(fake)
    wizard.go_to_item(pid, "3.11")
    fake.enqueue(reply({**QUESTION, "content": "Is the whole building sprinklered?"}))
    wizard.process_user_response(pid, "The building has sprinklers.")
    fake.enqueue(reply("Where must sprinklers be provided throughout a Group D building?"), reply(QUESTION))
    wizard.process_user_response(pid, "yes, all of it")
    query = wizard.storage.load_project(pid).turns[-1].query
    assert query == "3.11 Sprinkler system: Where must sprinklers be provided throughout a Group D building?"


class Listener:
    """What the page would show: the reply as it streams, and the thinking time before it."""

    def __init__(self) -> None:
        self.shown: list[str] = []
        self.thought: list[float] = []

    def __call__(self, text: str) -> None:
        self.shown.append(text)

    def thinking(self, seconds: float) -> None:
        assert not self.shown, "thinking is shown only before the reply"
        self.thought.append(seconds)


@pytest.mark.parametrize("thinking", ["field", "inline"])
def test_the_consultant_sees_how_long_the_model_has_been_thinking(serve, thinking):
    fake = serve(persona("reasoning", thinking=thinking))
    wizard, pid = start(fake)
    fake.enqueue(reply(GOOD, thinking=DRAFT, chunk_size=4, chunk_delay=0.02))  # about 1.5 s of thinking
    listener = Listener()
    wizard.process_user_response(pid, "New construction, an office.", on_text=listener)
    assert len(listener.thought) >= 2 and listener.thought == sorted(listener.thought)
    assert listener.thought[-1] >= 1.0
    assert listener.shown[-1] == GOOD["content"] and "draft" not in "".join(listener.shown)


@pytest.mark.parametrize("thinking", ["field", "inline"])
def test_thinking_that_fills_the_reply_room_is_named_with_the_fix(serve, thinking):
    fake = serve(persona("reasoning", thinking=thinking))
    wizard, pid = start(fake, reply_tokens=512)
    fake.enqueue(Reply(content="", thinking=DRAFT * 20, finish="length"))
    if thinking == "inline":  # cut off inside the block: it never closes
        fake.persona = persona("reasoning", thinking=None)
        fake.replies[0] = Reply(content=f"<think>{DRAFT * 20}", finish="length")
    with pytest.raises(AdvisorError, match=r"used all of its reply room \(512 tokens\) thinking") as caught:
        wizard.process_user_response(pid, "New construction, an office.")
    assert "WIZARD_REPLY_TOKENS" in str(caught.value)
    assert_failed_and_unchanged(wizard, pid, "New construction, an office.", str(caught.value))


# --- Kinds of error --------------------------------------------------------------------------

TOO_LONG = {
    "OpenAI (context_length_exceeded)": persona("openai", window=5000),
    "vLLM (maximum context length)": persona("vllm", window=5000),
    "llama.cpp (exceed_context_size_error)": persona("llamacpp", window=5000),
    "gateway (413, no window named)": persona("gateway", window=5000, basic_auth=None, refuses_params=()),
}


@pytest.mark.parametrize("who", TOO_LONG.values(), ids=TOO_LONG.keys())
def test_a_prompt_too_long_for_the_window_is_sent_once_more_trimmed_to_fit(serve, who):
    fake = serve(who)
    wizard, pid = start(fake)
    fake.responder = answering({"3.01": "New construction", "3.02": ["D"]})
    wizard.process_user_response(pid, "New construction, an office.")
    refused, sent = fake.requests
    assert refused.prompt_tokens + refused.max_tokens > 5000 >= sent.prompt_tokens + sent.max_tokens
    assert "Left out to fit the token budget" in sent.text("user")[0]
    assert wizard.storage.load_project(pid).answer_for("3.01").value == "New construction"
    wizard.process_user_response(pid, "Group D offices.")  # the window is remembered: no refusal
    assert len(fake.requests) == 3 and fake.requests[-1].prompt_tokens + fake.requests[-1].max_tokens <= 5000


@pytest.mark.parametrize("name", ["openai", "vllm", "llamacpp"])
def test_a_window_too_small_even_for_a_trimmed_package_is_named_with_the_fix(serve, name):
    fake = serve(persona(name, window=1500))
    wizard, pid = start(fake)
    fake.enqueue(reply(GOOD))
    with pytest.raises(AdvisorError) as caught:
        wizard.process_user_response(pid, "New construction, an office.")
    message = str(caught.value)
    assert "context window of 1,500 tokens" in message and "WIZARD_CONTEXT_WINDOW=1500" in message
    assert len(fake.requests) == 1, "nothing that cannot fit is sent"
    assert_failed_and_unchanged(wizard, pid, "New construction, an office.", message)


WINDOWS = {
    "Ollama at 4096 (it truncates silently)": (persona("ollama"), 4096, 1024),
    "llama.cpp at 4096": (persona("llamacpp"), 4096, 1024),
    "llama.cpp at 2048, reply 512": (persona("llamacpp", window=2048), 2048, 512),
}


@pytest.mark.parametrize(("who", "window", "room"), WINDOWS.values(), ids=WINDOWS.keys())
def test_the_configured_window_holds_instructions_package_and_reply(serve, who, window, room):
    fake = serve(who)
    values = {"3.01": "New construction", "3.02": ["D"], "3.03": False, "3.04": AREA}
    fake.responder = answering(values)
    wizard, pid = start(fake, context_window=window, reply_tokens=room)
    for message in ["New construction.", "Group D.", "No.", "Existing 0, new 1150, total 1150 m2."]:
        wizard.process_user_response(pid, message)
    assert {a.section: a.value for a in wizard.storage.load_project(pid).finalized_answers} | values
    assert len(fake.requests) == 4 and fake.truncated == 0
    for request in fake.requests:
        assert request.prompt_tokens + request.max_tokens <= window
        assert request.max_tokens == room or room + request.prompt_tokens > window


def test_a_schema_feature_refused_downgrades_that_feature_only(serve):
    fake = serve(persona("vllm"))  # xgrammar refuses $defs (3.18 uses it)
    wizard, pid = start(fake)
    rows = {"total": 300, "rows": [{"floor": "Offices", "persons": 300, "based_on": "design number"}]}
    fake.responder = answering({"3.01": "New construction", "3.18": rows, "3.19": True})
    wizard.process_user_response(pid, "New construction.")
    for item, message in (("3.18", "300 persons in the offices."), ("3.19", "Yes, barrier-free.")):
        wizard.go_to_item(pid, item)
        wizard.process_user_response(pid, message)
        wizard.go_to_item(pid, item)
        wizard.process_user_response(pid, message)
    kinds = [r.response_format for r in fake.requests]
    assert kinds == ["json_schema", "json_schema", "json_object", "json_object", "json_schema", "json_schema"]
    assert wizard.storage.load_project(pid).answer_for("3.18").value["total"] == 300


def test_a_method_refused_is_skipped_for_that_server_from_then_on(serve):
    fake = serve(persona("lmstudio"))  # refuses json_object, and this model no JSON Schema either
    fake.rejected_formats = {"json_schema"}
    wizard, pid = start(fake)
    fake.responder = answering({"3.01": "New construction", "3.02": ["D"]})
    wizard.process_user_response(pid, "New construction.")
    wizard.process_user_response(pid, "Group D.")
    assert [r.response_format for r in fake.requests] == ["json_schema", "json_object", None, None]


@pytest.mark.parametrize(("name", "parameter"), [("gateway", "stream_options"), ("reasoning", "max_tokens")])
def test_a_parameter_the_server_does_not_know_is_left_out_and_remembered(serve, name, parameter):
    fake = serve(persona(name, thinking=None))
    wizard, pid = start(fake, base_url=gateway_url(fake)) if name == "gateway" else start(fake)
    fake.responder = answering({"3.01": "New construction", "3.02": ["D"]})
    wizard.process_user_response(pid, "New construction.")
    wizard.process_user_response(pid, "Group D.")
    sent = [parameter in r.body for r in fake.requests]
    assert sent == [True, False, False]
    if parameter == "max_tokens":
        assert fake.requests[-1].body["max_completion_tokens"] == 1024
    assert wizard.storage.load_project(pid).answer_for("3.02").value == ["D"]


@pytest.mark.parametrize("name", ["openai", "vllm", "lmstudio", "ollama"])
def test_one_bad_request_fails_that_turn_only_and_downgrades_nothing(serve, name):
    fake = serve(persona(name))
    wizard, pid = start(fake)
    fake.enqueue(Reply(status=400, error="Invalid request: unexpected end of JSON input"))
    with pytest.raises(AdvisorError) as caught:
        wizard.process_user_response(pid, "New construction.")
    assert 'refused the request (400): "Invalid request: unexpected end of JSON input"' in str(caught.value)
    assert len(fake.requests) == 1
    assert_failed_and_unchanged(wizard, pid, "New construction.", str(caught.value))
    fake.enqueue(reply(GOOD))
    wizard.process_user_response(pid, "New construction.")
    assert [r.response_format for r in fake.requests] == ["json_schema", "json_schema"]


IN_BODY = {
    "502, streamed: retried": (Reply(status=502, error="Upstream provider error"), True, 2),
    "502, whole: retried": (Reply(status=502, error="Upstream provider error"), False, 2),
    "no status: retried": (Reply(status=500, error_body={"error": {"message": "upstream reset"}}), True, 2),
    "401: not retried": (Reply(status=401, error="No auth credentials found"), False, 1),
}


@pytest.mark.parametrize(("error", "streaming", "calls"), IN_BODY.values(), ids=IN_BODY.keys())
def test_an_error_sent_with_status_200_is_handled_as_the_status_inside_it(serve, error, streaming, calls):
    fake = serve(persona("gateway", refuses_params=()))
    wizard, pid = start(fake, base_url=gateway_url(fake), streaming=streaming)
    error.in_body = True  # every such reply comes with status 200
    fake.enqueue(error, reply(GOOD))
    if calls == 1:
        with pytest.raises(AdvisorError, match=r"rejected the API key \(401\)"):
            wizard.process_user_response(pid, "New construction.")
    else:
        assert wizard.process_user_response(pid, "New construction.").type == "form_answer"
    assert len(fake.requests) == calls


ACCESS = {
    401: (Reply(status=401, error="Invalid API key"), r"rejected the API key \(401\)\. Check OPENAI_API_KEY"),
    403: (Reply(status=403, error="Project does not have access to model"), r"refused access \(403\)"),
    "404 model": (
        Reply(status=404, error="model 'test-model' not found"),
        "does not know the model 'test-model'",
    ),
    "404 no such model": (
        Reply(status=404, error="The model `test-model` does not exist or you do not have access to it."),
        "does not know the model 'test-model'",
    ),
    "404 path": (Reply(status=404, error="Not Found"), "no chat-completions endpoint.*ends in /v1"),
}


@pytest.mark.parametrize("name", ["openai", "vllm", "lmstudio", "ollama"])
@pytest.mark.parametrize(("scripted", "expected"), ACCESS.values(), ids=[str(k) for k in ACCESS])
def test_access_errors_say_what_to_check(serve, name, scripted, expected):
    fake = serve(persona(name))
    wizard, pid = start(fake)
    fake.enqueue(scripted)
    with pytest.raises(AdvisorError, match=expected) as caught:
        wizard.process_user_response(pid, "New construction.")
    assert len(fake.requests) == 1
    assert_failed_and_unchanged(wizard, pid, "New construction.", str(caught.value))


def test_credentials_in_the_server_url_are_used_but_never_shown(serve, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    fake = serve(persona("gateway", refuses_params=()))
    storage = TinyDBStorage(tmp_path / "store")
    wizard, pid = start(fake, storage=storage, base_url=gateway_url(fake), max_retries=1)
    fake.enqueue(Reply(status=503), Reply(status=503, error="upstream down: wizard:s3cret-pass"))
    with pytest.raises(AdvisorError) as caught:
        wizard.process_user_response(pid, "New construction.")
    fake.enqueue(reply(GOOD))
    wizard.process_user_response(pid, "New construction.")  # the gateway took the credentials
    stored = "".join(p.read_text(errors="replace") for p in (tmp_path / "store").rglob("*") if p.is_file())
    shown = [
        str(caught.value),
        wizard.advisor.description,
        caplog.text,
        stored,
        repr(wizard.advisor.settings),
    ]
    assert "127.0.0.1:" in str(caught.value) and "[secret]" in str(caught.value)
    for text in shown:
        assert "s3cret-pass" not in text and "wizard:s3" not in text and KEY not in text


@pytest.mark.parametrize("name", ["openai", "vllm"])
def test_prompt_cache_hits_are_recorded_and_shown_with_the_turns_tokens(serve, name):
    fake = serve(persona(name))
    wizard, pid = start(fake)
    fake.responder = answering({"3.01": "New construction", "3.02": ["D"], "3.03": False})
    for message in ("New construction.", "Group D.", "No."):
        wizard.process_user_response(pid, message)
    state = wizard.storage.load_project(pid)
    first, *later = state.turns
    assert first.cached_tokens is None
    for turn in later:
        assert turn.cached_tokens >= 1024 and turn.cached_tokens % 128 == 0
        assert f"{turn.cached_tokens:,} cached" in describe_turn(turn)
    assert "from the prompt cache" in project_usage(state).describe()


def test_a_rate_limit_that_says_too_large_is_waited_out_not_taken_for_the_window(serve):
    fake = serve(persona("openai"))
    wizard, pid = start(fake)
    tpm = "Request too large for test-model on tokens per min (TPM): Limit 30000, Requested 41000."
    fake.enqueue(Reply(status=429, error=tpm, headers={"retry-after-ms": "50"}), reply(GOOD))
    assert wizard.process_user_response(pid, "New construction.").type == "form_answer"
    first, second = fake.requests
    assert first.prompt == second.prompt, "the same request again, not a trimmed one"
