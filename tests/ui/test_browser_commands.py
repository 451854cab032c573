"""Plain-language control typed in the chat, in a real browser: skip, go to an item, undo."""

from __future__ import annotations

from pathlib import Path

from tests.ui.browser import chromium, create_project, needs_chromium, send, streamlit_app

pytestmark = needs_chromium


def test_skip_go_to_and_undo_typed_in_the_chat(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with streamlit_app(tmp_path) as app_url, chromium() as context:
        page = context.new_page()
        page.goto(app_url)
        create_project(page, "Typed commands")
        card = page.locator(".st-key-item-card")
        send(page, "New construction.", "3.01 Project type: New construction.")
        expect(card).to_contain_text("3.02 Major occupancy classification")

        send(page, "skip", "Set 3.02 Major occupancy classification aside")
        expect(card).to_contain_text("3.03 Superimposed major occupancies")

        send(page, "Let's jump to 3.07", "Now at 3.07 Building height")
        expect(card).to_contain_text("3.07 Building height")
        send(page, "Two storeys, 8.5 m high, no basement.", "3.07 Building height: 2 storey")

        send(page, "undo that", "Took back 3.07 Building height")
        expect(card).to_contain_text("3.07 Building height")
