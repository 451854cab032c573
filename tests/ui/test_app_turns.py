"""A turn runs outside the script run: another page of the project sees it under way, then its reply."""

from __future__ import annotations

import threading
import time

from tests.fake_openai import FakeOpenAI, reply
from tests.ui.test_app import button, chat, create, model_server, open_app, page_text, say, stored

__all__ = ["model_server"]  # the fixture: a chat-completions server on 127.0.0.1 as the advisor

ANSWER = {
    "type": "form_answer",
    "content": "3.01 Project type: New construction.",
    "confidence": 0.9,
    "obc_references": ["A-1.3.3.2"],
    "value": "New construction",
}


def test_a_second_page_shows_the_turn_under_way_and_then_its_reply(model_server: FakeOpenAI) -> None:
    first = create("Slow reply offices")
    project = first.query_params["project"]
    model_server.enqueue(reply(ANSWER, delay=3.0))
    sender = threading.Thread(target=say, args=(first, "New construction of a three storey office."))
    sender.start()
    deadline = time.monotonic() + 10
    while not model_server.requests and time.monotonic() < deadline:
        time.sleep(0.05)
    assert model_server.requests, "the message never reached the model"

    second = open_app(project)  # another tab on the same project, while the model is still at work
    shown = page_text(second)
    assert "is still working on 3.01 (sent from another tab)" in shown
    assert "Your message: New construction of a three storey office." in shown
    assert "No reply was recorded" not in shown
    assert second.chat_input(key="message").disabled
    assert not [b for b in second.button if b.label == "Retry"]
    # A change to the project meanwhile would turn the reply's save into a conflict: held back.
    button(second, "Skip for now").click().run()
    assert "still answering the last message on this project, so nothing was changed" in page_text(second)

    sender.join(timeout=20)
    assert not sender.is_alive()
    assert chat(first)[-1][1].startswith("3.01 Project type: New construction.")
    second.run()
    assert chat(second)[-1][1].startswith("3.01 Project type: New construction.")
    assert "is still working" not in page_text(second)
    assert not second.chat_input(key="message").disabled
    assert len(model_server.requests) == 1
    assert stored(second).answer_for("3.01").value == "New construction"
    assert stored(second).skipped == []


def test_a_slow_turn_shows_its_progress_and_cancel_closes_its_request(model_server: FakeOpenAI) -> None:
    first = create("Cancelled offices")
    project = first.query_params["project"]
    model_server.enqueue(reply(ANSWER, delay=60.0))  # a model on a CPU, still reading the request
    sender = threading.Thread(target=say, args=(first, "New construction of a three storey office."))
    sender.start()
    deadline = time.monotonic() + 10
    while not model_server.requests and time.monotonic() < deadline:
        time.sleep(0.05)
    assert model_server.requests, "the message never reached the model"

    second = open_app(project)
    assert "is still working on 3.01 (sent from another tab)" in page_text(second)
    button(second, "Cancel").click().run()
    sender.join(timeout=20)
    assert not sender.is_alive()
    deadline = time.monotonic() + 5
    while not model_server.disconnects and time.monotonic() < deadline:
        time.sleep(0.05)
    assert model_server.disconnects == 1  # the server was told: it stops working on the request
    assert "You cancelled the advisor's reply, so nothing was changed" in chat(first)[-1][1]
    state = stored(first)
    assert state.turns[-1].status == "cancelled"
    assert state.turns[-1].message == "New construction of a three storey office."
    assert state.answer_for("3.01") is None
    assert [b for b in first.button if b.label == "Retry"]  # the message can be sent again


def test_the_settings_say_which_reply_format_a_server_gets(model_server: FakeOpenAI) -> None:
    model_server.rejected_formats = {"json_schema"}
    first = create("Format offices")
    model_server.enqueue(reply(ANSWER))
    say(first, "New construction of a three storey office.")
    assert [r.response_format for r in model_server.requests] == ["json_schema", "json_object"]
    first.run()
    assert "Reply format: JSON mode (this server refused JSON Schema)." in page_text(first)
