"""What the LLM advisor's tests share: a wizard on a fake server, replies, and what to check after."""

from __future__ import annotations

import re
import threading
import time
from typing import Any

from storage import InMemoryStorage
from tests.fake_openai import FakeOpenAI, Reply, Request, reply
from tests.support import Clock
from wizard_core import Wizard
from wizard_core.advisors.llm.advisor import LLMAdvisor
from wizard_core.config import ModelSettings
from wizard_core.wiring import open_wizard

KEY = "sk-test-0123456789abcdef"  # a dummy: the fake server never checks it
GOOD = {
    "type": "form_answer",
    "content": "New construction of a three-storey office.",
    "confidence": 0.9,
    "obc_references": ["A-1.3.3.2"],
    "value": "New construction",
}
QUESTION = {
    "type": "clarifying_question",
    "content": "Is the building new, or is work being done on an existing one?",
    "confidence": 0.3,
    "obc_references": [],
    "value": None,
}


def start(fake: FakeOpenAI, storage: Any = None, **settings: Any) -> tuple[Wizard, str]:
    """A wizard whose advisor is the model at ``fake``, and a new project at item 3.01."""
    options = {"api_key": KEY, "base_url": fake.url, "model": "test-model", "turn_timeout": 10.0, **settings}
    advisor = LLMAdvisor(ModelSettings(**options))
    wizard = open_wizard(storage or InMemoryStorage(), advisor=advisor, clock=Clock())
    return wizard, wizard.start_project("Office").project_id


def current_item(request: Request) -> str:
    """The item an answer request is about, as its package says."""
    current = request.text("user")[0].split("## Current Form Question\n")[1]
    return re.match(r"\*\*(3\.\d\d) - ", current)[1]


def answering(values: dict[str, Any]) -> Any:
    """A responder that answers each item with its value from ``values`` (a question if none)."""

    def respond(request: Request) -> Reply:
        if "standalone question" in (request.text("system") or [""])[0]:
            return reply("What does the code require for this item?")
        section = current_item(request)
        if section not in values:
            return reply({**QUESTION, "content": f"What is the answer for {section}?"})
        return reply(
            {**GOOD, "content": f"Answer for {section}.", "obc_references": [], "value": values[section]}
        )

    return respond


def model_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "model-call" and t.is_alive()]


def settle(fake: FakeOpenAI, seconds: float = 1.0) -> None:
    """Wait (briefly) for the client's sockets to the fake server to close."""
    until = time.monotonic() + seconds
    while fake.client_connections() and time.monotonic() < until:
        time.sleep(0.02)


def assert_failed_and_unchanged(wizard: Wizard, pid: str, message: str, error: str) -> None:
    """The failed turn kept the consultant's message, is marked failed, and changed nothing else."""
    state = wizard.storage.load_project(pid)
    assert [a.section for a in state.finalized_answers] == ["3.00"]
    assert state.current_form_section == "3.01" and state.active_clarifying_thread == []
    assert state.turns[-1].message == message and state.turns[-1].status == "failed"
    assert state.turns[-1].error == error and error.endswith((".", "?"))
    assert "Traceback" not in error and KEY not in error
