"""The page's cost as projects grow, measured in a real browser (Debian's chromium under Playwright).

Three measures against ``streamlit run`` on data folders this script fills through the core's
records and the store (never through the page):

  open   a project with 300 clarifying turns: navigation to ready (goal ≤ 5 s)
  turn   a message on that project: Enter to the reply shown and the page idle (goal ≤ 2 s)
  start  the start page with 10,000 stored projects: navigation to ready, on a fresh server
         (cold: the first page after start) and on a running one (warm) (goal ≤ 3 s)

"Ready" is the browser's view: Streamlit reports its script run finished
(``data-test-script-state="notRunning"``) and the elements a consultant needs are drawn — the item
card naming the current item and the chat box for a project; the "Create project" button and a
project in the sidebar for the start page. Medians over ``--runs`` (default 5).

    .venv/bin/python bench/bench_page.py                  # everything, on this working tree
    .venv/bin/python bench/bench_page.py --only start     # one measure
    .venv/bin/python bench/bench_page.py --app /tmp/before --runs 3 --cold-runs 1 --timeout 60
                                                          # the same against another copy of the app

``--app`` names the copy whose page is served and whose store writes the data (its own record
format). Generating 10,000 projects takes some 20 s: the store's fsyncs are skipped (a throwaway
folder), everything else is the store's own save.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.ui.browser import CHROMIUM, chromium, streamlit_app  # noqa: E402  (the tests' harness)

GOALS = {"open": 5.0, "turn": 2.0, "start cold": 3.0, "start warm": 3.0}
LONG_ID = "long-project"
T0 = datetime(2026, 1, 5, 14, 0, tzinfo=UTC)

# Ready when the run finished and the named elements are drawn (a function of the page, in JavaScript).
IDLE = (
    "document.querySelector('[data-testid=\"stApp\"]')?.getAttribute('data-test-script-state')"
    " === 'notRunning'"
)
PROJECT_READY = f"""title => {IDLE}
  && (document.querySelector('.st-key-item-card')?.innerText || '').includes(title)
  && !!document.querySelector('[data-testid="stChatInputTextArea"]')"""
START_READY = f"""() => {IDLE}
  && [...document.querySelectorAll('button')].some(b => b.innerText.includes('Create project'))
  && !!document.querySelector('[data-testid="stSidebar"] [class*="st-key-open-"]')"""
REPLY_SHOWN = f"""text => {{
  const messages = [...document.querySelectorAll('.st-key-chat [data-testid="stChatMessage"]')];
  return {IDLE} && messages.length >= 2
    && messages[messages.length - 2].innerText.includes(text)
    && messages[messages.length - 1].innerText.includes('Side answer');
}}"""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--app", type=Path, default=ROOT, help="the copy of the app to serve and store with")
    parser.add_argument("--only", choices=["open", "turn", "start"], action="append")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cold-runs", type=int, default=5, help="fresh servers for the cold start page")
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--projects", type=int, default=10_000)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a measure gives up")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args()
    app = args.app.resolve()
    sys.path.insert(0, str(app))  # the served copy's own store writes the data
    only = set(args.only or ["open", "turn", "start"])
    results: dict[str, Any] = {"app": str(app)}
    with tempfile.TemporaryDirectory(prefix="bench-page-") as scratch:
        folder = Path(scratch)
        if only & {"open", "turn"}:
            data = folder / "long"
            results["generate long"], title = timed(lambda: generate_long(data, args.turns))
            with serve(app, data, folder / "long.log") as url, browser() as context:
                if "open" in only:
                    results["open"] = repeat(
                        args.runs, lambda: open_project(context, url, title, args.timeout)
                    )
                if "turn" in only:
                    results["turn"] = repeat(args.runs, lambda n: turn(context, url, title, n, args.timeout))
        if "start" in only:
            data = folder / "many"
            results["generate many"], _ = timed(lambda: generate_many(data, args.projects))
            with browser() as context:
                results["start cold"] = repeat(
                    args.cold_runs, lambda: cold_start(app, data, folder, context, args.timeout)
                )
                index = data / "projects" / ".summary-index"
                if index.exists():  # the first start after an upgrade: no index yet
                    index.unlink()
                    results["start cold, no index"] = [cold_start(app, data, folder, context, args.timeout)]
                with serve(app, data, folder / "warm.log") as url:
                    with contextlib.suppress(Exception):  # the server's first page is the cold one
                        start_page(context, url, args.timeout)
                    results["start warm"] = repeat(args.runs, lambda: start_page(context, url, args.timeout))
    report(results)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


def generate_long(data_dir: Path, count: int) -> str:
    """One project with ``count`` clarifying turns over twelve items, each item's questions archived."""
    from storage import TinyDBStorage
    from wizard_core import open_wizard
    from wizard_core.models import ClarifyingQA, ProjectState, TurnRecord

    store = TinyDBStorage(data_dir)
    wizard = open_wizard(store)
    items = wizard.items[:12]
    per_item = max(1, count // len(items))
    turns, archived = [], {}
    for n in range(count):
        item = items[min(n // per_item, len(items) - 1)]
        question = f"To answer {item.number} ({item.title}) I still need one more detail, turn {n}. " * 2
        turns.append(
            TurnRecord(
                message=f"Here is what we know about {item.title.lower()} (message {n}).",
                section=item.number,
                received_at=T0 + timedelta(minutes=n),
                status="done",
                reply_type="clarifying_question",
                content=question.strip(),
                confidence=0.4,
                obc_references=list(item.references[:2]),
                advisor="offline",
                query=f"{item.number} {item.title}",
                excerpt_ids=list(item.references[:3]),
            )
        )
        if item is not items[-1]:
            archived.setdefault(item.number, []).append(
                ClarifyingQA(
                    question=question.strip(), related_form_section=item.number, answer=turns[-1].message
                )
            )
    current = items[-1]
    state = ProjectState(
        project_id=LONG_ID,
        name="Long conversation",
        current_form_section=current.number,
        turns=turns,
        archived_clarifying_sessions=archived,
    )
    store.save_project(state)
    return f"{current.number} {current.title}"


def generate_many(data_dir: Path, count: int) -> None:
    """``count`` small projects saved through the store, then listed once (as a server would have)."""
    from storage import TinyDBStorage, files
    from wizard_core.models import ProjectState

    store = TinyDBStorage(data_dir)
    with _no_fsync(files):
        for n in range(count):
            state = ProjectState(
                project_id=f"p{n:05d}",
                name=f"Project {n:05d} — {n % 97} King St",
                current_form_section="3.01",
                updated_at=T0 + timedelta(minutes=n),
            )
            store.save_project(state)
    store.list_projects()


@contextlib.contextmanager
def _no_fsync(files: Any) -> Iterator[None]:
    """Skip durability in a throwaway folder: the bench measures the page, not the disk."""
    saved = os.fsync, files.fsync_dir
    os.fsync, files.fsync_dir = (lambda fd: None), (lambda path: None)
    try:
        yield
    finally:
        os.fsync, files.fsync_dir = saved


def open_project(context: Any, url: str, title: str, timeout: float) -> float:
    page = context.new_page()
    try:
        start = time.perf_counter()
        page.goto(f"{url}/?project={LONG_ID}")
        page.wait_for_function(PROJECT_READY, arg=title, timeout=timeout * 1000, polling=50)
        return time.perf_counter() - start
    finally:
        page.close()


def turn(context: Any, url: str, title: str, n: int, timeout: float) -> float:
    """A side question (the item stays put, so every run does the same work)."""
    page = context.new_page()
    try:
        page.goto(f"{url}/?project={LONG_ID}")
        page.wait_for_function(PROJECT_READY, arg=title, timeout=timeout * 1000, polling=50)
        text = f"What counts as a storey? (question {n} of the bench)"
        box = page.get_by_test_id("stChatInputTextArea")
        box.fill(text)
        start = time.perf_counter()
        box.press("Enter")
        page.wait_for_function(REPLY_SHOWN, arg=text, timeout=timeout * 1000, polling=50)
        return time.perf_counter() - start
    finally:
        page.close()


def start_page(context: Any, url: str, timeout: float) -> float:
    page = context.new_page()
    try:
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_function(START_READY, timeout=timeout * 1000, polling=50)
        return time.perf_counter() - start
    finally:
        page.close()


def cold_start(app: Path, data: Path, folder: Path, context: Any, timeout: float) -> float:
    with serve(app, data, folder / "cold.log") as url:
        return start_page(context, url, timeout)


def repeat(runs: int, measure: Callable[..., float]) -> list[float]:
    takes_run = measure.__code__.co_argcount == 1
    times = []
    for n in range(runs):
        try:
            times.append(measure(n) if takes_run else measure())
        except Exception as error:  # a timeout: recorded as such, the rest still measured
            print(f"  gave up: {type(error).__name__}: {str(error).splitlines()[0]}", file=sys.stderr)
            times.append(float("inf"))
    return times


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def serve(app: Path, data: Path, log_path: Path) -> contextlib.AbstractContextManager[str]:
    """`streamlit run` of ``app`` on ``data``, offline advisor, its own HOME; stopped on exit."""
    home = log_path.parent / "home"
    home.mkdir(exist_ok=True)
    return streamlit_app(home, {"WIZARD_DATA_DIR": str(data)}, name=log_path.stem, app=app)


def browser() -> contextlib.AbstractContextManager[Any]:
    if not CHROMIUM.exists() or shutil.which(str(CHROMIUM)) is None:
        raise SystemExit("The page bench needs Debian's chromium at /usr/bin/chromium.")
    return chromium()


def report(results: dict[str, Any]) -> None:
    print(f"app: {results['app']}")
    for name in ("generate long", "generate many"):
        if name in results:
            print(f"{name:24} {results[name]:7.1f} s")
    for name, times in results.items():
        if not isinstance(times, list):
            continue
        median = statistics.median(times)
        shown = " ".join("gave up" if t == float("inf") else f"{t:.2f}" for t in times)
        goal = GOALS.get(name)
        ratio = f"  {median / goal:.2f}× the {goal:.0f} s goal" if goal and median != float("inf") else ""
        median_text = "gave up" if median == float("inf") else f"{median:.2f} s"
        print(f"{name:24} median {median_text:>8}{ratio}   runs: {shown}")


if __name__ == "__main__":
    main()
