"""Two replicas of the app (`streamlit run` on two ports) over one PostgreSQL database, in chromium.

What a team sees: a project made in one replica opens in the other; an edit made from a stale
page in the other replica is refused with the text kept; code text imported in one is quoted
by the other within its refresh interval.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from tests.code_text import code_text
from tests.ui.browser import (
    WAIT_MS,
    chromium,
    click_until,
    create_project,
    needs_chromium,
    send,
    settled,
    streamlit_app,
)

pytestmark = needs_chromium
NAME = "Replica test — 40 Bay St"


def test_two_replicas_share_projects_conflicts_and_code_text(tmp_path: Path, pg_url: str) -> None:
    from playwright.sync_api import expect

    def replica(name: str):
        folder = tmp_path / name
        folder.mkdir()
        # Each replica its own copy of the code text, as on two machines.
        env = {"WIZARD_DATA_DIR": pg_url, "WIZARD_CACHE_DIR": str(folder / "cache")}
        return streamlit_app(folder, env, name=name)

    with replica("a") as url_a, replica("b") as url_b, chromium() as context:
        a, b = context.new_page(), context.new_page()
        a.goto(url_a)
        create_project(a, NAME)
        project_id = re.search(r"[?&]project=([^&]+)", a.url)
        assert project_id is not None

        # The project made in A opens in B by its address.
        b.goto(f"{url_b}/?project={project_id[1]}")
        expect(b.get_by_role("heading", name=NAME)).to_be_visible()
        expect(b.locator(".st-key-item-card")).to_contain_text("3.01 Project type")

        # A answers; B's page is now stale, so its message is refused and kept, not lost.
        send(a, "It's a change of use, from a house to a small office.", "3.01 Project type: Change of use.")
        settled(b)
        box = b.get_by_test_id("stChatInputTextArea")
        box.fill("New construction.")
        box.press("Enter")
        expect(b.get_by_text("was changed in another tab or session")).to_be_visible()
        expect(b.get_by_label("Unsent message")).to_have_value("New construction.")
        expect(b.locator(".st-key-item-card")).to_contain_text("3.02 Major occupancy")

        # Code text imported in A is in B's list, counted from B's own refreshed index.
        sidebar_a = a.get_by_test_id("stSidebar")
        sidebar_a.get_by_text("Your code text").click()
        upload = {"name": "Team Widgets.txt", "mimeType": "text/plain", "buffer": code_text(5).encode()}
        sidebar_a.locator(".st-key-code-text input[type=file]").set_input_files(files=[upload])
        expect(sidebar_a.get_by_text("Team Widgets.txt")).to_be_visible()
        # Importing the same file and edition again replaces it, so a dropped click is simply repeated.
        import_button = sidebar_a.get_by_role("button", name="Import", exact=True)
        click_until(a, import_button, sidebar_a, "team-widgets · 5 articles")
        # B asks the database at most every few seconds, on a script run: reload until it has.
        deadline = time.monotonic() + WAIT_MS / 1000
        while True:
            b.reload()
            settled(b)
            if "team-widgets · 5 articles" in (b.get_by_test_id("stSidebar").text_content() or ""):
                break
            assert time.monotonic() < deadline, "replica B never saw the import"
            time.sleep(1)  # between reloads: each is a script run, so poll gently
