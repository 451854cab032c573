"""A long project in a real browser: it opens with its thread's newest turns; earlier talk opens on click."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from storage import TinyDBStorage
from tests.ui.browser import choose, chromium, needs_chromium, settled, streamlit_app, unfold
from wizard_core.models import ProjectState, TurnRecord

pytestmark = needs_chromium
T0 = datetime(2026, 1, 5, 15, 0, tzinfo=UTC)
SECTIONS = ["3.01", "3.02", "3.03", "3.04", "3.05", "3.06"]


def _store_long_project(data_dir: Path) -> None:
    """300 turns, 50 on each of six items; the sixth (3.06) is current."""
    turns = [
        TurnRecord(
            message=f"Message {n} on {SECTIONS[n // 50]}",
            section=SECTIONS[n // 50],
            received_at=T0 + timedelta(minutes=n),
            status="done",
            reply_type="clarifying_question",
            content=f"Reply {n}: one more detail, please.",
            confidence=0.4,
            advisor="offline",
            query="3.01 Project type",
            excerpt_ids=["A-1.3.3.2"],
        )
        for n in range(300)
    ]
    state = ProjectState(project_id="long", name="Long talk", current_form_section="3.06", turns=turns)
    TinyDBStorage(data_dir).save_project(state)


def test_a_300_turn_project_opens_ready_with_its_thread_and_folds(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    _store_long_project(tmp_path / "data")
    with streamlit_app(tmp_path) as url, chromium() as context:
        page = context.new_page()
        page.goto(f"{url}/?project=long")
        expect(page.locator(".st-key-item-card")).to_contain_text("3.06")
        expect(page.get_by_test_id("stChatInputTextArea")).to_be_visible()
        settled(page)
        messages = page.locator(".st-key-chat").get_by_test_id("stChatMessage")
        expect(messages).to_have_count(6)  # the thread's newest 3 turns
        expect(messages.last).to_contain_text("Reply 299")

        # The thread's earlier turns open from a fold at the top of the chat box; nothing is lost.
        thread = page.locator(".st-key-chat").get_by_test_id("stExpander").filter(has_text="earlier messages")
        expect(thread).to_contain_text("17 earlier messages on this item")
        unfold(page, thread, thread.get_by_test_id("stChatMessage"))
        expect(thread.get_by_test_id("stChatMessage")).to_have_count(34)
        expect(thread).to_contain_text("Message 280 on 3.06")
        expect(thread).to_contain_text("Reply 296")
        expect(messages).to_have_count(40)
        expect(messages.last).to_contain_text("Reply 299")  # the newest reply is still the last
        unfold(page, thread, thread.get_by_test_id("stChatMessage"), opened=False)  # and folds away again
        expect(messages).to_have_count(6)
        settled(page)

        # Earlier items' talk is not above the thread: it is one fold under the chat box.
        earlier = page.get_by_test_id("stExpander").filter(has_text="Earlier conversations")
        expect(earlier).to_contain_text("Earlier conversations · 6 items")  # 3.06's older turns too
        unfold(page, earlier, earlier.get_by_test_id("stSelectbox"))
        archived_item = "3.02 Major occupancy classification · 50 messages"
        choose(page, earlier.get_by_test_id("stSelectbox"), archived_item)
        expect(earlier).to_contain_text("Messages 31–50 of 50")
        expect(earlier.get_by_test_id("stChatMessage")).to_have_count(40)  # a page: 20 turns
        expect(earlier).to_contain_text("Message 99 on 3.02")
        expect(messages.last).to_contain_text("Reply 299")  # the thread is as it was

        settled(page)  # the run that drew the chosen item's page is over before the next click
        earlier.get_by_text("Code excerpts used (1)").last.click()
        expect(earlier).to_contain_text("Buildings to which Part 3 applies")
        expect(earlier).not_to_contain_text(".md, lines")
