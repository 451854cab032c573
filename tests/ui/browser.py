"""What the real-browser tests share: `streamlit run` on 127.0.0.1 and Debian's chromium under Playwright."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
# The machine may have no network: without these flags chromium keeps dialling out.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

needs_chromium = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="the browser test needs Debian's chromium at /usr/bin/chromium (apt-get install chromium)",
    ),
]


# Generous deadlines for a loaded machine (CI on 2 cores running tests in parallel): each wait
# ends as soon as its condition holds, so a fast machine never waits this long.
WAIT_MS = 60_000  # for one element, text or script run in the browser
START_SECONDS = 120  # for `streamlit run` to answer its health check
PORT_TRIES = 5


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def streamlit_app(
    folder: Path, env: dict[str, str | None] | None = None, name: str = "streamlit", app: Path = ROOT
) -> Iterator[str]:
    """`streamlit run streamlit_app.py` with its own HOME and data folder (unless ``env`` names one).

    The offline advisor unless ``env`` says otherwise (None unsets a variable); no OPENAI_ or
    WIZARD_ variable of the developer's leaks in.
    """
    # Its own HOME: no ~/.streamlit/secrets.toml (a developer's real key) and no first-run prompt.
    base = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "WIZARD_"))}
    settings = {"WIZARD_DATA_DIR": str(folder / "data"), "HOME": str(folder), "WIZARD_ADVISOR": "offline"}
    full = {k: v for k, v in (base | settings | (env or {})).items() if v is not None}
    log_path = folder / f"{name}.log"
    # A port found free may be taken by another test worker before this server binds it: then
    # the server exits at once and the next try takes another port.
    for attempt in range(1, PORT_TRIES + 1):
        port = free_port()
        command = [sys.executable, "-m", "streamlit", "run", "streamlit_app.py", "--server.headless", "true"]
        command += ["--server.port", str(port), "--server.address", "127.0.0.1"]
        command += ["--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"]
        with log_path.open("w") as log:
            server = subprocess.Popen(command, cwd=app, env=full, stdout=log, stderr=subprocess.STDOUT)
            try:
                url = _started(server, port, log_path)
                if url is None:
                    if attempt < PORT_TRIES and "is not available" in log_path.read_text():
                        continue
                    raise RuntimeError(f"streamlit did not start:\n{log_path.read_text()}")
                yield url
                return
            finally:
                _stop(server)
    raise AssertionError("not reached")  # pragma: no cover


def _started(server: subprocess.Popen[bytes], port: int, log_path: Path) -> str | None:
    """The server's URL once it answers its health check; None if it exits or never answers."""
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            return None
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as answer:
                # Another worker's server may hold the port: ours says so in its log once it listens.
                if answer.status == 200 and server.poll() is None and f"{url}\n" in log_path.read_text():
                    return url
        except OSError:
            pass
        time.sleep(0.2)  # the interval between health checks, not a guess at how long start-up takes
    return None


def _stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


@contextmanager
def chromium(**context_options: Any) -> Iterator[Any]:
    """A browser context in Debian's chromium (a laptop-sized window, up to WAIT_MS for each wait)."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)  # a loaded CI machine may take many seconds for a script run
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        options = {"viewport": {"width": 1440, "height": 1000}} | context_options
        context = browser.new_context(**options)
        context.set_default_timeout(WAIT_MS)
        try:
            yield context
        finally:
            browser.close()


def settled(page: Any) -> None:
    """Wait until the script run the page is showing has finished."""
    from playwright.sync_api import expect

    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")


def click_until(page: Any, button: Any, where: Any, text: str, tries: int = 3) -> None:
    """Click ``button`` on a settled page until ``where`` shows ``text``.

    A click that lands while Streamlit starts another script run (an upload's own run, a fragment's
    poll) can be dropped by the browser; the button is then still there and the text never comes,
    so it is clicked again. Only for actions that are safe to repeat.
    """
    from playwright.sync_api import expect

    for attempt in range(tries):
        settled(page)
        button.click()
        try:
            expect(where).to_contain_text(text, timeout=WAIT_MS // tries if attempt < tries - 1 else WAIT_MS)
            return
        except AssertionError:
            if attempt == tries - 1:
                raise


def unfold(page: Any, fold: Any, inside: Any, opened: bool = True, tries: int = 3) -> None:
    """Open (or close, ``opened`` False) an expander ``fold`` on a settled page, until ``inside`` shows (or
    is gone). A click that lands while a script run redraws the page can be dropped; the state is
    checked before each click, so a click that did land is never undone by another."""
    from playwright.sync_api import expect

    for attempt in range(tries):
        settled(page)
        if inside.first.is_visible() == opened:
            return
        fold.locator("summary").first.click()
        try:
            wait = WAIT_MS // tries if attempt < tries - 1 else WAIT_MS
            shown = expect(inside.first)
            (shown.to_be_visible if opened else shown.to_be_hidden)(timeout=wait)
            return
        except AssertionError:
            if attempt == tries - 1:
                raise


def choose(page: Any, selectbox: Any, option: str, tries: int = 3) -> None:
    """Open ``selectbox`` on a settled page and pick ``option``.

    A script run that starts as the box opens (an expander's, a fragment's poll) redraws the box and
    closes its list before the option shows; the box is then opened again.
    """
    from playwright.sync_api import expect

    choice = page.get_by_role("option", name=option)
    for attempt in range(tries):
        settled(page)
        selectbox.click()
        try:
            expect(choice).to_be_visible(timeout=WAIT_MS // tries if attempt < tries - 1 else WAIT_MS)
            break
        except AssertionError:
            if attempt == tries - 1:
                raise
    choice.click()


def send(page: Any, text: str, reply: str) -> None:
    """Type a chat message, press Enter and wait for the advisor's reply."""
    from playwright.sync_api import expect

    settled(page)
    messages = page.get_by_test_id("stChatMessage")
    box = page.get_by_test_id("stChatInputTextArea")
    expect(box).to_be_enabled()
    box.fill(text)
    box.press("Enter")
    # The chat draws the current item's thread (earlier items fold), so the count need not grow:
    # the newest two messages are the one sent and its reply.
    expect(messages.nth(-2)).to_contain_text(text.splitlines()[0][:80])
    expect(messages.last).to_contain_text(reply)
    settled(page)


def create_project(page: Any, name: str) -> None:
    from playwright.sync_api import expect

    page.get_by_label("Project name").fill(name)
    page.get_by_role("button", name="Create project").click()
    expect(page.locator(".st-key-item-card")).to_contain_text("3.01 Project type")
