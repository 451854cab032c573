"""The reply-format ladder: JSON Schema, then JSON mode, then plain text, learned once per server.

A server that refuses a format, whatever status it says it with, costs one request the first
time and none after, in this process or the next (the store's settings keep what it took).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import InMemoryStorage, TinyDBStorage
from tests.advisors.llm.personas import ServerPersona, persona
from tests.advisors.llm.support import answering, assert_failed_and_unchanged
from tests.fake_openai import FakeOpenAI, Reply, Request
from tests.support import Clock
from wizard_core import Wizard
from wizard_core.advisors.llm.advisor import LLMAdvisor, forget_methods
from wizard_core.advisors.offline.advisor import OfflineAdvisor
from wizard_core.config import load_settings
from wizard_core.errors import AdvisorError
from wizard_core.wiring import open_wizard

AREA = {"existing": 0, "new": 1150, "total": 1150}
VALUES = {"3.01": "New construction", "3.02": ["D"], "3.03": False, "3.04": AREA}
MESSAGES = ["New construction.", "Group D offices.", "No, one occupancy only.", "1150 m2 footprint."]
DUMP = ("literal_error", "validation error", "Input should be")  # what must never reach the page


@pytest.fixture
def serve() -> Iterator:
    started: list[FakeOpenAI] = []

    def serve(who: ServerPersona | None = None) -> FakeOpenAI:
        started.append(FakeOpenAI(who).start())
        return started[-1]

    yield serve
    for fake in started:
        fake.stop()


def defaults_wizard(fake: FakeOpenAI, storage: object) -> Wizard:
    """A wizard with the settings a consultant gets from OPENAI_BASE_URL and WIZARD_MODEL alone."""
    settings = load_settings(environ={"OPENAI_BASE_URL": fake.url, "WIZARD_MODEL": "small-model"})
    return open_wizard(storage, advisor=LLMAdvisor(settings), clock=Clock())  # type: ignore[arg-type]


def per_turn(
    fake: FakeOpenAI, turns: int, pid: str, wizard: Wizard, first: int = 0
) -> list[list[str | None]]:
    """Send ``turns`` messages from ``first``; the response_format of each turn's requests."""
    kinds = []
    for message in MESSAGES[first : first + turns]:
        before = len(fake.requests)
        wizard.process_user_response(pid, message)
        kinds.append([r.response_format for r in fake.requests[before:]])
    return kinds


def test_a_llama_cpp_python_server_gives_a_good_servers_values_at_one_extra_request(serve, tmp_path: Path):
    good, refusing = serve(), serve(persona("llamacpp-python"))
    values = {}
    for fake in (good, refusing):
        fake.responder = answering(VALUES)
        wizard = defaults_wizard(fake, TinyDBStorage(tmp_path / fake.url[-10:].replace("/", "")))
        pid = wizard.start_project("Office").project_id
        kinds = per_turn(fake, 3, pid, wizard)
        if fake is good:
            assert kinds == [["json_schema"]] * 3
        else:  # the 500 is taken as a refusal at once: no retries, JSON mode from then on
            assert kinds == [["json_schema", "json_object"], ["json_object"], ["json_object"]]
            assert wizard.advisor_mode() == "Reply format: JSON mode (this server refused JSON Schema)."
        state = wizard.storage.load_project(pid)
        values[fake is good] = [(a.section, a.value) for a in state.finalized_answers]
        assert all(t.status == "done" for t in state.turns)
    assert values[True] == values[False] and len(values[True]) == 4  # 3.00 and the three answered

    forget_methods()  # a new process: only the store's settings remember
    store = TinyDBStorage(tmp_path / refusing.url[-10:].replace("/", ""))
    wizard = defaults_wizard(refusing, store)
    assert wizard.advisor_mode() == "Reply format: JSON mode (this server refused JSON Schema)."
    (pid,) = [p.project_id for p in store.list_projects()]
    assert per_turn(refusing, 1, pid, wizard, first=3) == [["json_object"]]
    assert wizard.storage.load_project(pid).answer_for("3.04").value["total"] == 1150


SHAPES = {
    "400, OpenAI's shape": persona("openai", refuses_formats=("json_schema",), cache=False),
    "422, FastAPI's validation": persona("openai", refuses_formats=("json_schema",), format_refusal="422"),
    "500, llama-cpp-python's validation dump": persona("llamacpp-python"),
}


@pytest.mark.parametrize("who", SHAPES.values(), ids=SHAPES.keys())
def test_each_shape_of_refusal_steps_down_at_once_and_is_remembered(serve, who, caplog):
    fake = serve(who)
    fake.responder = answering(VALUES)
    wizard = defaults_wizard(fake, InMemoryStorage())
    pid = wizard.start_project("Office").project_id
    with caplog.at_level(logging.WARNING):
        assert per_turn(fake, 2, pid, wizard) == [["json_schema", "json_object"], ["json_object"]]
    assert wizard.storage.load_project(pid).answer_for("3.02").value == ["D"]
    assert "format" in caplog.text  # the server's words are logged, and no turn failed


def test_a_server_error_naming_the_type_is_a_refusal_not_a_fault_to_retry(serve):
    fake = serve()
    message = 'response_format type must be one of "text" or "json_object", but got: json_schema'
    refusal = Reply(
        status=503, error_body={"error": {"code": 503, "message": message, "type": "server_error"}}
    )
    fake.responder = answering(VALUES)
    original = fake.responder

    def respond(request: Request) -> Reply:
        return refusal if request.response_format == "json_schema" else original(request)

    fake.responder = respond
    wizard = defaults_wizard(fake, InMemoryStorage())
    pid = wizard.start_project("Office").project_id
    assert per_turn(fake, 2, pid, wizard) == [["json_schema", "json_object"], ["json_object"]]


def test_a_server_error_about_something_else_is_still_retried(serve):
    fake = serve()
    fake.enqueue(Reply(status=500, error="CUDA out of memory"))
    fake.responder = answering(VALUES)
    wizard = defaults_wizard(fake, InMemoryStorage())
    pid = wizard.start_project("Office").project_id
    assert per_turn(fake, 1, pid, wizard) == [["json_schema", "json_schema"]]
    assert (
        wizard.advisor_mode()
        == "Reply format: JSON Schema (a plainer one is tried if this server refuses it)."
    )


def test_a_server_that_refuses_every_format_is_told_plainly_with_the_setting_to_use(serve, caplog):
    fake = serve(persona("llamacpp-python", refuses_formats=("json_schema", "json_object", "")))
    wizard = defaults_wizard(fake, InMemoryStorage())
    pid = wizard.start_project("Office").project_id
    with caplog.at_level(logging.WARNING), pytest.raises(AdvisorError) as caught:
        wizard.process_user_response(pid, "New construction.")
    error = str(caught.value)
    assert "refused every reply format the wizard tried (JSON Schema, JSON mode and plain text)" in error
    assert "WIZARD_STRUCTURED_OUTPUT" in error and "try again" not in error
    assert not any(words in error for words in DUMP)
    assert "literal_error" in caplog.text  # the whole of what the server said is in the log
    assert [r.response_format for r in fake.requests] == ["json_schema", "json_object", None]
    assert_failed_and_unchanged(wizard, pid, "New construction.", error)
    with pytest.raises(AdvisorError, match="refused every reply format"):
        wizard.process_user_response(pid, "New construction.")
    assert len(fake.requests) == 4  # the next turn asks only in plain text


def test_a_format_set_by_hand_and_refused_names_the_setting_without_the_servers_dump(serve):
    fake = serve(persona("llamacpp-python"))
    settings = load_settings(environ={"OPENAI_BASE_URL": fake.url, "WIZARD_STRUCTURED_OUTPUT": "json_schema"})
    wizard = open_wizard(InMemoryStorage(), advisor=LLMAdvisor(settings), clock=Clock())
    assert wizard.advisor_mode() == "Reply format: JSON Schema (set by WIZARD_STRUCTURED_OUTPUT)."
    pid = wizard.start_project("Office").project_id
    with pytest.raises(AdvisorError, match="WIZARD_STRUCTURED_OUTPUT=auto") as caught:
        wizard.process_user_response(pid, "New construction.")
    assert not any(words in str(caught.value) for words in DUMP) and len(fake.requests) == 1


def test_a_wizard_without_a_model_has_no_reply_format_line():
    assert open_wizard(InMemoryStorage(), advisor=OfflineAdvisor()).advisor_mode() is None


def test_what_was_learned_of_servers_is_kept_on_every_backend(storage):
    assert storage.load_model_servers() == {}
    storage.save_model_server(
        "http://127.0.0.1:8000/v1 small", {"method": "json_mode", "refused": ["json_schema"]}
    )
    storage.save_model_server("http://127.0.0.1:8080/v1 other", {"method": "x" * 99, "refused": [1, "text"]})
    assert storage.load_model_servers() == {
        "http://127.0.0.1:8000/v1 small": {"method": "json_mode", "refused": ["json_schema"]},
        "http://127.0.0.1:8080/v1 other": {"method": "x" * 20, "refused": ["text"]},
    }
