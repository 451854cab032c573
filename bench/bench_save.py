"""Save time vs. the project's age: the save of one turn at 0, 250, 750 and 1 000 earlier turns.

A finished office project (every item answered through the offline advisor) is given N earlier
turns and their decisions, sized like real ones, and saved. Each repeat then does what a turn
does to the logs — a decision appended (the oldest dropped past 500, as the core keeps them), a
turn appended and completed — and times ``save_project`` alone. The "whole" column saves the
same state through a store that has not seen it, which writes the logs whole: the cost every
save had before the logs were kept apart. Medians and p90 in ms; the 1 000 : 0 ratio.

    python bench/bench_save.py [--repeat 200] [--turns 0 250 750 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import TinyDBStorage
from wizard_core.models import DecisionRecord, ProjectState, TurnRecord
from wizard_core.turn.record import MAX_DECISIONS_KEPT
from wizard_core.wiring import open_wizard

ROOT = Path(__file__).resolve().parents[1]
TRANSCRIPT = ROOT / "tests" / "transcripts" / "office-3-storey.json"
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def finished_project(storage: TinyDBStorage) -> ProjectState:
    wizard = open_wizard(storage)
    pid = wizard.start_project("Benchmark office").project_id
    for message in json.loads(TRANSCRIPT.read_text())["messages"]:
        wizard.process_user_response(pid, message)
    return storage.load_project(pid, whole=True)  # aged and copied: with every turn


def turn(n: int) -> tuple[TurnRecord, DecisionRecord]:
    """A turn and its decision about the size of a real one (message, reply, query, excerpts)."""
    at = T0 + timedelta(minutes=n)
    message = f"Message {n}: the ground floor is about 1150 m2 and the two floors above match it. " * 2
    record = TurnRecord(
        message=message,
        section="3.05",
        received_at=at,
        status="done",
        reply_type="form_answer",
        content="Building area: existing 0 m², new 1 150 m², total 1 150 m², as the floor plates say. " * 5,
        confidence=0.9,
        obc_references=["A-1.4.1.2", "3.2.2.60"],
        advisor="offline",
        query="building area gross floor area of the largest storey above grade",
        excerpt_ids=["A-1.4.1.2", "3.2.2.60", "3.2.1.1", "3.1.2.1", "A-1.4.1.2-storey"],
    )
    decision = DecisionRecord(
        at=at,
        section="3.05",
        decision="continuing",
        confidence=0.8,
        reason="answers the open item",
        message=message[:120],
    )
    return record, decision


def aged(base: ProjectState, turns: int) -> ProjectState:
    state = base.model_copy(deep=True)
    for n in range(turns):
        record, decision = turn(n)
        state.turns.append(record)
        state.decisions.append(decision)
    del state.decisions[:-MAX_DECISIONS_KEPT]
    return state


def one_more_turn(state: ProjectState, n: int) -> None:
    record, decision = turn(n)
    state.decisions.append(decision)
    del state.decisions[:-MAX_DECISIONS_KEPT]
    record.status = "pending"
    state.turns.append(record)
    state.turns[-1].status = "done"  # the reply written onto the latest turn


def measure(base: ProjectState, turns: int, repeat: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as folder:
        storage = TinyDBStorage(Path(folder))
        project = aged(base, turns).model_copy(update={"project_id": "aged", "revision": 0})
        storage.save_project(project)
        os.sync()
        state = storage.load_project("aged")
        appended, whole = [], []
        for _ in range(repeat):  # first, at N turns: each save written whole
            unseen = TinyDBStorage(Path(folder))  # a store that never saw the state writes it whole
            start = time.perf_counter()
            unseen.save_project(state)
            whole.append(time.perf_counter() - start)
        state = storage.load_project("aged")
        for n in range(repeat):  # then one turn more per save, appended
            one_more_turn(state, turns + n)
            start = time.perf_counter()
            storage.save_project(state)
            appended.append(time.perf_counter() - start)
        log_files = list((Path(folder) / "projects").glob("aged.*.log"))
        size = (
            sum(p.stat().st_size for p in log_files)
            + (Path(folder) / "projects" / "aged.json").stat().st_size
        )
        print(f"  ({turns} turns: {size / 1024:.0f} KB on disk after the runs)", file=sys.stderr)
        return {"appended": appended, "whole": whole}


def ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--turns", type=int, nargs="+", default=[0, 250, 750, 1000])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = finished_project(TinyDBStorage(Path(folder)))
    rows = {}
    print("| earlier turns | save median (ms) | p90 | whole-log save median (ms) | p90 |")
    print("|---:|---:|---:|---:|---:|")
    for turns in args.turns:
        times = measure(base, turns, args.repeat)
        rows[turns] = statistics.median(times["appended"])
        print(
            f"| {turns:,} | {ms(times['appended'], 0.5):.2f} | {ms(times['appended'], 0.9):.2f} "
            f"| {ms(times['whole'], 0.5):.2f} | {ms(times['whole'], 0.9):.2f} |"
        )
    first, last = min(rows), max(rows)
    if first != last:
        print(f"\nRatio {last:,} : {first:,} turns, save median: {rows[last] / rows[first]:.2f}")


if __name__ == "__main__":
    main()
