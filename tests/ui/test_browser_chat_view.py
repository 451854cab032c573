"""The chat as a consultant uses it for a whole matrix, in a real browser: every reply in view without
scrolling, the keyboard, and a laptop's small screen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.ui.browser import ROOT, chromium, create_project, needs_chromium, settled, streamlit_app, unfold

pytestmark = needs_chromium

MESSAGES = json.loads((ROOT / "tests/transcripts/office-3-storey.json").read_text())["messages"]

# The part of an element that shows: inside the window, and inside the chat box that scrolls it.
SHOWN = """(element) => {
  let box = element.parentElement;
  while (box && !["auto", "scroll"].includes(getComputedStyle(box).overflowY)) box = box.parentElement;
  const e = element.getBoundingClientRect();
  const b = box ? box.getBoundingClientRect() : {top: 0, bottom: window.innerHeight};
  const top = Math.max(0, b.top), bottom = Math.min(window.innerHeight, b.bottom);
  return {top: e.top, bottom: e.bottom, visibleTop: top, visibleBottom: bottom};
}"""


def shown(page: Any, element: Any) -> dict[str, float]:
    return element.evaluate(SHOWN)


def in_view(page: Any, element: Any) -> dict[str, float]:
    """Where the element is once the chat box has stopped scrolling (its scroll is animated)."""
    before = None
    for _ in range(40):
        where = shown(page, element)
        if where == before:
            return where
        before = where
        page.wait_for_timeout(100)
    return where


def type_and_wait(page: Any, text: str) -> None:
    """Type into the focused chat box as a consultant does (no clicking into it), and wait for the reply."""
    from playwright.sync_api import expect

    settled(page)
    box = page.get_by_test_id("stChatInputTextArea")
    expect(box).to_be_focused()
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    expect(page.locator(".st-key-chat").get_by_test_id("stChatMessage").nth(-2)).to_contain_text(text[:60])
    settled(page)


def test_twenty_items_by_chat_each_reply_shows_whole_without_scrolling(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with streamlit_app(tmp_path) as url, chromium(viewport={"width": 1440, "height": 900}) as context:
        page = context.new_page()
        page.goto(url)
        create_project(page, "Twenty items")
        card = page.locator(".st-key-item-card")
        for number, message in enumerate(MESSAGES[:20], start=1):
            type_and_wait(page, message)
            replies = page.locator(".st-key-chat").get_by_test_id("stChatMessage")
            reply = replies.last
            expect(reply).to_be_visible()
            where = in_view(page, reply)
            assert where["top"] >= where["visibleTop"] - 1, f"message {number}: the reply starts above view"
            assert where["bottom"] <= where["visibleBottom"] + 1, f"message {number}: the reply ends below"
            # What was typed is in view with it, and nothing of earlier items is drawn above it.
            sent = shown(page, replies.nth(-2))
            assert sent["bottom"] > sent["visibleTop"], f"message {number}: the message sent is out of view"
            assert (
                page.locator(".st-key-chat")
                .get_by_test_id("stExpander")
                .filter(has_text="earlier message")
                .count()
                == 0
            )
        expect(card).to_contain_text("3.21")
        # Earlier items' talk is one fold under the chat box, opened on the last item discussed.
        earlier = page.get_by_test_id("stExpander").filter(has_text="Earlier conversations")
        expect(earlier).to_contain_text("items")
        unfold(page, earlier, earlier.get_by_test_id("stChatMessage"))
        expect(earlier).to_contain_text("Seismic category SC1")  # the newest turn before the thread


def tab_stops_to_chat(page: Any) -> int:
    """Tab presses from the top of a freshly loaded page until the chat box has the focus."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for stops in range(0, 60):
        if page.evaluate("() => document.activeElement?.dataset?.testid === 'stChatInputTextArea'"):
            return stops
        page.keyboard.press("Tab")
    return 60


def test_the_keyboard_reaches_the_chat_and_confirms_undoes_and_skips(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with streamlit_app(tmp_path) as url, chromium() as context:
        page = context.new_page()
        page.goto(url)
        create_project(page, "Keyboard only")
        card = page.locator(".st-key-item-card")
        for message in MESSAGES[:6]:
            type_and_wait(page, message)
        expect(page.get_by_text("Alt+C confirm")).to_be_visible()  # the keys are shown on the page

        page.reload()
        settled(page)
        expect(page.get_by_test_id("stChatInputTextArea")).to_be_focused()  # ready to type on load
        assert tab_stops_to_chat(page) <= 3
        page.keyboard.press("Escape")
        page.locator("h1").click()  # focus away from the chat box: "/" brings it back
        page.keyboard.press("/")
        expect(page.get_by_test_id("stChatInputTextArea")).to_be_focused()

        page.locator("h1").click()
        page.keyboard.press("Alt+c")  # confirms the last answer (3.06), proposed by the advisor
        expect(page.get_by_test_id("stAlert").filter(has_text="Confirmed 3.06")).to_be_visible()
        settled(page)
        page.locator("h1").click()
        page.keyboard.press("Alt+u")  # takes it back
        expect(page.get_by_test_id("stAlert").filter(has_text="Undid 3.06")).to_be_visible()
        expect(card).to_contain_text("3.06")
        settled(page)
        page.locator("h1").click()
        page.keyboard.press("Alt+s")  # and skips it for now
        expect(page.get_by_test_id("stAlert").filter(has_text="Skipped 3.06")).to_be_visible()
        expect(card).to_contain_text("3.07")


def test_on_small_screens_the_buttons_are_in_view_and_nothing_is_crushed(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with streamlit_app(tmp_path) as url, chromium(viewport={"width": 1280, "height": 720}) as context:
        page = context.new_page()
        page.goto(url)
        create_project(page, "Small screen offices")
        settled(page)
        for choice in page.locator(".st-key-choices").get_by_role("button").all():
            expect(choice).to_be_in_viewport()  # 3.01's one-click answers
        type_and_wait(page, MESSAGES[0])
        type_and_wait(page, MESSAGES[1])
        for name in ("Confirm answer", "Undo last answer"):
            expect(page.get_by_role("button", name=name).first).to_be_in_viewport()
        expect(page.get_by_test_id("stChatInputTextArea")).to_be_in_viewport()

        # 900 px wide with the sidebar open: card and chat stack, and no button is cut to "U…".
        page.set_viewport_size({"width": 900, "height": 800})
        settled(page)
        expect(page.get_by_test_id("stSidebar")).to_be_visible()
        for name in ("Confirm answer", "Undo last answer", "Skip for now"):
            button = page.get_by_role("button", name=name).first
            fits = button.evaluate("b => b.scrollWidth <= b.clientWidth + 1")
            assert fits, f"{name} is cut short"
        card, chat = page.locator(".st-key-item-card"), page.locator(".st-key-chat")
        assert card.bounding_box()["width"] >= 400 and chat.bounding_box()["width"] >= 400


# The WCAG contrast ratio of an element's text colour (its alpha blended) on white.
CONTRAST = """element => {
  const [r0, g0, b0, a = 1] = getComputedStyle(element).color.match(/[\\d.]+/g).map(Number);
  const [r, g, b] = [r0, g0, b0].map(c => a * c + (1 - a) * 255);  // as drawn on the white page
  const lin = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  const l = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return 1.05 / (l + 0.05);
}"""


def test_help_text_is_dark_enough_to_read(tmp_path: Path) -> None:
    with streamlit_app(tmp_path) as url, chromium() as context:
        page = context.new_page()
        page.goto(url)
        create_project(page, "Readable help")
        settled(page)
        captions = page.get_by_test_id("stCaptionContainer")
        assert captions.count() >= 3
        ratios = [captions.nth(n).evaluate(CONTRAST) for n in range(captions.count())]
        assert min(ratios) >= 4.5, f"a caption's contrast on white is {min(ratios):.1f}:1"
