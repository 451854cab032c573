"""A model's reply survives the consultant clicking elsewhere while it streams (real browser, slow model)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import open_storage
from tests.fake_openai import FakeOpenAI, reply
from tests.ui.browser import chromium, create_project, needs_chromium, settled, streamlit_app
from wizard_core import open_wizard

pytestmark = needs_chromium

ANSWER = {
    "type": "form_answer",
    "content": "3.01 Project type: New construction. A new three storey office on a vacant lot.",
    "confidence": 0.9,
    "obc_references": ["A-1.3.3.2"],
    "value": "New construction",
}


@pytest.fixture
def slow_model() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


def test_a_click_while_the_model_streams_does_not_lose_the_reply(
    tmp_path: Path, slow_model: FakeOpenAI
) -> None:
    from playwright.sync_api import expect

    # The reply streams up to its first sentence and is held there until the consultant has clicked
    # around (however long a loaded machine takes for that), then streams to its end.
    clicked = threading.Event()
    first_sentence = json.dumps(ANSWER).index("New construction.") + len("New construction.")
    slow_model.enqueue(
        reply(ANSWER, delay=0.5, chunk_delay=0.05, chunk_size=3, hold=clicked, hold_at=first_sentence)
    )
    env = {
        "OPENAI_BASE_URL": slow_model.url,
        "OPENAI_API_KEY": "sk-test-not-a-real-key",
        "WIZARD_ADVISOR": None,
        "WIZARD_MAX_RETRIES": "0",
        "WIZARD_TURN_TIMEOUT": "300",  # the held reply must not run out of time on a loaded machine
    }
    with streamlit_app(tmp_path, env) as url, chromium() as context:
        page = context.new_page()
        page.goto(url)
        expect(page.get_by_test_id("stSidebar")).to_contain_text("Advisor: openai")
        create_project(page, "Slow model office")
        settled(page)
        box = page.get_by_test_id("stChatInputTextArea")
        box.fill("New construction of a three storey office.")
        box.press("Enter")
        # The reply starts to stream; then the consultant looks at the matrix and the sidebar.
        working = page.locator(".st-key-advisor-working")
        expect(working).to_contain_text("3.01 Project type: New")
        page.get_by_role("tab", name="Matrix and export").click()
        pending = page.locator(".st-key-advisor-pending")
        expect(pending).to_contain_text("is still working on 3.01")
        expect(pending).to_contain_text("Your message: New construction of a three storey office.")
        page.get_by_test_id("stSidebar").get_by_text("Clarifying threads").click()
        page.get_by_role("tab", name="Current item").click()
        # While it runs the chat box takes no second message.
        expect(page.get_by_test_id("stChatInputTextArea")).to_be_disabled()
        clicked.set()

        # The turn finishes on its own and the page draws the reply without another click.
        card = page.locator(".st-key-item-card")
        expect(card).to_contain_text("3.02 Major occupancy")
        expect(pending).to_have_count(0)
        messages = page.get_by_test_id("stChatMessage")
        expect(messages.last).to_contain_text("3.01 Project type: New construction.")
        expect(page.get_by_text("No reply was recorded")).to_have_count(0)
        expect(page.get_by_test_id("stChatInputTextArea")).to_be_enabled()

    # Saved once, with the model's usage: nothing was asked twice.
    assert len(slow_model.requests) == 1
    wizard = open_wizard(open_storage(tmp_path / "data"))
    (summary,) = wizard.list_projects()
    state = wizard.load_project(summary.project_id)
    assert state.answer_for("3.01").value == "New construction"
    assert [t.status for t in state.turns] == ["done"]


def test_on_a_laptop_screen_the_page_stays_put_and_shows_no_developer_chrome(tmp_path: Path) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
    from playwright.sync_api import expect

    with streamlit_app(tmp_path) as url, chromium(viewport={"width": 1366, "height": 768}) as context:
        page = context.new_page()
        page.goto(url)
        create_project(page, "Laptop screen offices")
        expect(page.get_by_test_id("stAppDeployButton")).to_have_count(0)
        expect(page.get_by_test_id("stMainMenu")).to_have_count(0)
        box = page.get_by_test_id("stChatInputTextArea")
        for message in ("We're doing some work on an old building.", "It's a change of use.", "Group D."):
            settled(page)
            box.click()  # where it is: on screen without scrolling
            page.keyboard.type(message)
            page.keyboard.press("Enter")
            expect(page.get_by_test_id("stChatMessage").last).not_to_contain_text(message)
            settled(page)
            title = page.get_by_role("heading", name="Laptop screen offices")
            # the title's top stays in view (waited for: a loaded machine may finish the layout late)
            try:
                page.wait_for_function(
                    "t => t.getBoundingClientRect().top >= 0", arg=title.element_handle(), timeout=10_000
                )
            except PlaywrightTimeoutError:
                raise AssertionError("the title scrolled out of view") from None
            expect(page.get_by_test_id("stProgress")).to_be_in_viewport()
            expect(box).to_be_in_viewport()
        expect(page.locator(".st-key-item-card")).to_contain_text("3.03")
