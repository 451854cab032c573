"""Turn overhead without the advisor's thinking time, and save time, vs. projects stored.

For 1, 100 and 1 000 other projects in a TinyDB data folder, a project with every item but
the last answered takes its final message (load, record, save, build the package, process
the reply, save) from an advisor that answers at once; then the project is put back. Save
time alone is the save of that full project. Prints medians, wall and CPU (this thread's: the
part the store and core spend computing, not waiting for the disk), and the 1 000 : 1 ratio.

    python bench/bench_turn.py [--repeat 200] [--others 1 100 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import TinyDBStorage
from wizard_core.models import ProjectState
from wizard_core.wiring import open_wizard

TRANSCRIPT = Path(__file__).resolve().parents[1] / "tests" / "transcripts" / "office-3-storey.json"
FINAL_REPLY = {
    "type": "form_answer",
    "content": "3.27 Notes: none.",
    "confidence": 0.9,
    "obc_references": ["C-2.1"],
    "value": None,
}


class Instant:
    """An advisor with no thinking time: the final item's answer, at once."""

    name = "instant"
    description = "benchmark advisor"
    remote = False

    def advise(self, request):
        return FINAL_REPLY


def nearly_complete(storage: TinyDBStorage) -> ProjectState:
    """A project with 3.00 to 3.26 answered through the offline advisor; 3.27 is current."""
    manager = open_wizard(storage)
    pid = manager.start_project("Benchmark office").project_id
    for message in json.loads(TRANSCRIPT.read_text())["messages"][:-1]:
        manager.process_user_response(pid, message)
    return storage.load_project(pid, whole=True)  # copied under other ids: with every turn


def fill(storage: TinyDBStorage, template: ProjectState, count: int) -> None:
    for n in range(count):
        storage.save_project(template.model_copy(update={"project_id": f"other{n:05d}", "revision": 0}))


def measure(others: int, repeat: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        storage = TinyDBStorage(Path(folder))
        template = nearly_complete(storage)
        fill(storage, template, others)
        os.sync()  # let the fill's writeback finish so it is not timed as part of the turns
        manager = open_wizard(storage, advisor=Instant())
        turns, saves, turn_cpu, save_cpu = [], [], [], []
        for _ in range(repeat):
            start, cpu = time.perf_counter(), time.thread_time()
            result = manager.process_user_response(template.project_id, "No further notes.")
            turns.append(time.perf_counter() - start)
            turn_cpu.append(time.thread_time() - cpu)
            assert result.complete
            current = storage.load_project(template.project_id)
            storage.save_project(template.model_copy(update={"revision": current.revision}))
        state = storage.load_project(template.project_id)
        for _ in range(repeat):
            start, cpu = time.perf_counter(), time.thread_time()
            storage.save_project(state)
            saves.append(time.perf_counter() - start)
            save_cpu.append(time.thread_time() - cpu)
        size = (Path(folder) / "projects" / f"{template.project_id}.json").stat().st_size
    return {
        "turn_ms": statistics.median(turns) * 1000,
        "save_ms": statistics.median(saves) * 1000,
        "turn_cpu_ms": statistics.median(turn_cpu) * 1000,
        "save_cpu_ms": statistics.median(save_cpu) * 1000,
        "project_kb": size / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--others", type=int, nargs="+", default=[1, 100, 1000], help="other projects stored")
    args = parser.parse_args()
    results = {n: measure(n, args.repeat) for n in args.others}
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(
        f"{'others':>7} {'turn median ms':>15} {'save median ms':>15} "
        f"{'turn CPU ms':>12} {'save CPU ms':>12} {'project KB':>11}"
    )
    for n, r in results.items():
        print(
            f"{n:>7} {r['turn_ms']:>15.2f} {r['save_ms']:>15.2f} "
            f"{r['turn_cpu_ms']:>12.2f} {r['save_cpu_ms']:>12.2f} {r['project_kb']:>11.1f}"
        )
    if 1 in results and 1000 in results:
        print(
            f"ratio 1000:1  turn {results[1000]['turn_ms'] / results[1]['turn_ms']:.2f}  "
            f"save {results[1000]['save_ms'] / results[1]['save_ms']:.2f}"
        )


if __name__ == "__main__":
    main()
