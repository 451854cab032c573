"""The whole app in a real browser: Debian's chromium, driven by Playwright, against `streamlit run`.

Set UPDATE_SCREENSHOT=1 to refresh docs/screenshot.png from the session this test drives.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.code_text import code_text
from tests.ui.browser import ROOT, choose, chromium, click_until, needs_chromium, send, settled, streamlit_app

NAME = "12 King St — house to office"
CONVERSATION = [
    ("We're doing some work on an old building.", "To answer 3.01 (Project type) I still need"),
    ("It's a change of use, from a house to a small office.", "3.01 Project type: Change of use."),
    ("Group D, offices.", "3.02 Major occupancy classification: D."),
    ("No superimposed occupancies.", "3.03 Superimposed major occupancies: No."),
    ("About 140.", "I still need the exact figure"),
    ("140 m2 existing, 0 new, 140 m2 total.", "3.04 Building area: Existing 140 m²"),
]
HOSTILE = "About 140 <img src=x onerror=\"document.title='pwned'\"> **bold** :red[red]\n# heading"

pytestmark = needs_chromium


def test_a_consultants_session_in_a_real_browser(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with streamlit_app(tmp_path) as app_url, chromium(accept_downloads=True) as context:
        page = context.new_page()
        page.goto(app_url)
        sidebar = page.get_by_test_id("stSidebar")
        expect(sidebar).to_contain_text("Advisor: the built-in rule-based advisor (offline, no AI model).")

        page.get_by_label("Project name").fill(NAME)
        page.get_by_role("button", name="Create project").click()
        card = page.locator(".st-key-item-card")
        expect(card).to_contain_text("3.01 Project type")
        assert "?project=" in page.url

        for message, reply in CONVERSATION:
            send(page, message, reply)
        expect(card).to_contain_text("3.05 Gross area")
        expect(page.get_by_placeholder("Answer 3.05 Gross area, or ask about it…")).to_be_visible()
        expect(page.get_by_test_id("stChatMessage").last).to_contain_text("confidence 0.95")

        # The sidebar: the archive of clarifying threads opens on an item's questions and answers.
        sidebar.get_by_text("Clarifying threads (2 items)").click()
        choose(page, sidebar.locator(".st-key-archive-item"), "3.04 Building area · 1 question")
        expect(sidebar).to_contain_text("Q: To answer 3.04 (Building area) I still need the exact figure")
        expect(sidebar).to_contain_text("A: 140 m2 existing, 0 new, 140 m2 total.")
        expect(sidebar).to_contain_text("5/28 · updated")
        health = sidebar.locator(".st-key-context-health")
        expect(health).to_contain_text("1 of 28 confirmed · 4 to confirm · 23 to do")
        # About two screens at most: everything else is folded.
        height = sidebar.get_by_test_id("stSidebarContent").evaluate("element => element.scrollHeight")
        assert height <= 2 * page.viewport_size["height"], f"the sidebar is {height} px tall"
        sidebar.get_by_test_id("stSidebarContent").evaluate("element => element.scrollTo(0, 0)")
        screenshot = tmp_path / "screenshot.png"
        page.screenshot(path=screenshot)
        if os.environ.get("UPDATE_SCREENSHOT"):
            (ROOT / "docs" / "screenshot.png").write_bytes(screenshot.read_bytes())

        # Hostile text shows as typed: no HTML runs, no Markdown takes effect, nothing overflows.
        send(page, HOSTILE, "3.05 Gross area")
        last_user = page.get_by_test_id("stChatMessage").nth(-2)
        expect(last_user).to_contain_text("<img src=x onerror=")
        expect(last_user).to_contain_text("**bold** :red[red]")
        expect(last_user).to_contain_text("# heading")
        assert last_user.locator("img, strong, h1, span[style]").count() == 0
        send(page, "W" * 4000, "3.05 Gross area")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.title() == "OBC data matrix wizard"

        # A reload, and a second tab, land in the same project.
        shown = page.get_by_test_id("stChatMessage").count()
        page.reload()
        expect(page.get_by_role("heading", name=NAME)).to_be_visible()
        expect(page.locator(".st-key-item-card")).to_contain_text("3.05 Gross area")
        expect(page.get_by_test_id("stChatMessage")).to_have_count(shown)
        second = context.new_page()
        second.goto(page.url)
        expect(second.locator(".st-key-item-card")).to_contain_text("3.05 Gross area")
        expect(second.get_by_test_id("stChatMessage")).to_have_count(shown)
        send(second, "Gross area 280 m2, all existing.", "3.05 Gross area: Existing 280 m²")
        # The first tab still shows 3.05: its message is held back, not lost.
        box = page.get_by_test_id("stChatInputTextArea")
        box.fill("No mezzanine.")
        box.press("Enter")
        expect(page.get_by_text("was changed in another tab or session")).to_be_visible()
        expect(page.get_by_label("Unsent message")).to_have_value("No mezzanine.")
        expect(page.locator(".st-key-item-card")).to_contain_text("3.06 Mezzanine area")

        # Export: the Markdown download holds the answers.
        settled(page)
        page.get_by_role("tab", name="Matrix and export").click()
        with page.expect_download() as download:
            page.get_by_role("button", name="Download Markdown").click()
        assert download.value.suggested_filename == "12-king-st-house-to-office-data-matrix.md"
        exported = Path(download.value.path()).read_text(encoding="utf-8")
        assert exported.startswith(f"# {NAME} — building code data matrix")
        assert "| 3.01 | Project type | Change of use |" in exported
        assert "| 3.05 | Gross area | Existing 280 m², new 0 m², total 280 m² |" in exported

        # The consultant's own code text, uploaded through the sidebar.
        sidebar.get_by_text("Your code text").click()
        upload = {"name": "My Widgets.txt", "mimeType": "text/plain", "buffer": code_text(5).encode()}
        sidebar.locator(".st-key-code-text input[type=file]").set_input_files(files=[upload])
        expect(sidebar.get_by_text("My Widgets.txt")).to_be_visible()
        # After the upload's own script run; a click that lands as another run starts is made again.
        imported = "Imported 5 articles (2024 edition) as 'my-widgets'."
        click_until(page, sidebar.get_by_role("button", name="Import", exact=True), sidebar, imported)
        expect(sidebar).to_contain_text("my-widgets · 5 articles")
        remove = sidebar.get_by_role("button", name="Remove")
        expect(remove).to_have_text("Remove")  # not cut to "R…"
        assert remove.evaluate("b => b.scrollWidth <= b.clientWidth")
        assert (tmp_path / "data" / "knowledge" / "imported" / "my-widgets.md").exists()
