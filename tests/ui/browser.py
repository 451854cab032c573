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
    port = free_port()
    # Its own HOME: no ~/.streamlit/secrets.toml (a developer's real key) and no first-run prompt.
    base = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "WIZARD_"))}
    settings = {"WIZARD_DATA_DIR": str(folder / "data"), "HOME": str(folder), "WIZARD_ADVISOR": "offline"}
    full = {k: v for k, v in (base | settings | (env or {})).items() if v is not None}
    log_path = folder / f"{name}.log"
    log = log_path.open("w")
    command = [sys.executable, "-m", "streamlit", "run", "streamlit_app.py", "--server.headless", "true"]
    command += ["--server.port", str(port), "--server.address", "127.0.0.1"]
    command += ["--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"]
    server = subprocess.Popen(command, cwd=app, env=full, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    raise RuntimeError(f"streamlit did not start:\n{log_path.read_text()}") from None
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


@contextmanager
def chromium(**context_options: Any) -> Iterator[Any]:
    """A browser context in Debian's chromium (a laptop-sized window, 15 s for each wait)."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=15_000)  # a loaded CI machine may take seconds for a script run
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        options = {"viewport": {"width": 1440, "height": 1000}} | context_options
        context = browser.new_context(**options)
        context.set_default_timeout(15_000)
        try:
            yield context
        finally:
            browser.close()


def settled(page: Any) -> None:
    """Wait until the script run the page is showing has finished."""
    from playwright.sync_api import expect

    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")


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
