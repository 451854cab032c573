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


def test_a_revision_in_plain_words_and_a_yes_that_answers_something_else(tmp_path: Path) -> None:
    """At 3.10, with the wizard's article proposal pending, "yes, but the footprint is actually
    1,340 m2" revises 3.04 (the item that holds that fact) and does not accept the proposal."""
    from playwright.sync_api import expect

    with streamlit_app(tmp_path) as app_url, chromium() as context:
        page = context.new_page()
        page.goto(app_url)
        create_project(page, "Plain-language revision")
        card = page.locator(".st-key-item-card")
        for message, reply in (
            ("brand new 3 storey office bldg, steel frame", "3.01 Project type: New construction."),
            ("d, offices only", "3.02 Major occupancy classification: D."),
            ("no", "3.03 Superimposed major occupancies: No."),
            ("1,250 m2", "3.04 Building area"),
            ("3 x 1,250 = 3,750 m2", "3.05 Gross area"),
            ("none", "3.06 Mezzanine area: not applicable"),
            ("3 stys, no bsmt, 12.6 m to the roof", "3.07 Building height"),
            ("no", "3.08 High building: No."),
            ("2 streets", "3.09 Number of streets"),
        ):
            send(page, message, reply)
        expect(card).to_contain_text("3.10 Building classification")

        send(page, "which article applies?", "Proposed for 3.10")
        revised = "3.04 Building area: Existing 0 m², new 1,340 m²"
        send(page, "yes, but the footprint is actually 1,340 m2", revised)
        expect(card).to_contain_text("3.10 Building classification")  # back where it was, not answered
        matrix = page.get_by_role("tab", name="Matrix")
        matrix.click()
        panel = page.get_by_role("tabpanel")
        expect(panel).to_contain_text("1,340 m²")
        # The proposal was not taken by that "yes": 3.10 still has no answer.
        page.get_by_role("tab", name="Current item").click()
        expect(card).to_contain_text("3.10 Building classification")
        expect(card).not_to_contain_text("Current answer")
