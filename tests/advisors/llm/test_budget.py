"""The prompt: the same instructions for every turn, and everything within the model's window."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.advisors.llm.support import QUESTION, answering, start
from tests.fake_openai import FakeOpenAI, reply
from wizard_core.advisors.llm.prompts import MESSAGE_TOKENS, SYSTEM, instructions
from wizard_core.context.budget import INSTRUCTION_TOKENS, RULES_TOKENS
from wizard_core.forms import FormQuestionService
from wizard_core.tokens import estimate_tokens


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


def test_the_instructions_are_the_same_for_every_turn_of_every_project(fake):
    fake.responder = answering({"3.01": "New construction", "3.02": ["D"]})
    wizard, first = start(fake)
    second = wizard.start_project("Another").project_id
    wizard.process_user_response(first, "New construction.")
    wizard.process_user_response(second, "Something vague.")  # a question (no value scripted for it)
    wizard.go_to_item(second, "3.02")
    wizard.process_user_response(second, "Group D.")
    rules_and_items = instructions(FormQuestionService())
    assert {request.text("system")[0] for request in fake.requests} == {rules_and_items}
    for request, item in zip(fake.requests, ("3.01", "3.01", "3.02"), strict=True):
        response_format = request.text("user")[0].split("## Required Response Format\n")[1]
        assert (
            f"Answer or ask about item {item}" in response_format
            and "JSON Schema of value" in response_format
        )
    assert "Schema of value" not in rules_and_items and "Answer or ask about item" not in rules_and_items
    assert estimate_tokens(rules_and_items) + 2 * MESSAGE_TOKENS <= INSTRUCTION_TOKENS, "the budget's room"
    assert estimate_tokens(SYSTEM) + 2 * MESSAGE_TOKENS <= RULES_TOKENS, "and without the item list"


@pytest.mark.parametrize(("window", "room", "size"), [(4096, 1024, 12), (2048, 512, 4)])
def test_a_long_discussion_of_one_item_keeps_every_request_within_the_window(fake, window, room, size):
    wizard, pid = start(fake, context_window=window, reply_tokens=room)
    sentence = "We are still looking at the drawings; the owner has not decided on the use yet."
    long = " ".join([sentence] * size)
    for turn in range(25):
        fake.enqueue(reply({**QUESTION, "content": f"Question {turn}: is the building new or existing?"}))
        wizard.process_user_response(pid, f"Turn {turn}: {long}")
    assert len(wizard.storage.load_project(pid).active_clarifying_thread) == 25
    for request in fake.requests:
        assert request.prompt_tokens + request.max_tokens <= window and request.max_tokens <= room
    last = fake.requests[-1].text("user")[0]
    assert "oldest questions and answers" in last and f'"Turn 24: {long}"' in last
    assert "Question 23: is the building new or existing?" in last
