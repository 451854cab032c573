"""What a computed item's turn costs beside a plain item's, with the offline advisor.

The project of tests/transcripts/office-rows.json is replayed up to an item; that item's message
is then sent again and again (the project put back after each), on a TinyDB folder, timing the
whole turn: load, decide, read, compute, check, build the package, save. Plain items (3.16, 3.17)
are read from a word; computed items (3.18 occupant load by floor, 3.21 assemblies, 3.22 faces,
3.23 fixtures) are worked out by the engine's calculators and checked again by the gate.
Prints each item's median and the computed items' median less the plain items'.

    python bench/bench_computed.py [--repeat 200]
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
from wizard_core.wiring import open_wizard

TRANSCRIPT = Path(__file__).resolve().parents[1] / "tests" / "transcripts" / "office-rows.json"
PLAIN = ("3.16", "3.17")
COMPUTED = ("3.18", "3.21", "3.22", "3.23")


def median_turn(section: str, repeat: int) -> float:
    messages = json.loads(TRANSCRIPT.read_text())["messages"]
    with tempfile.TemporaryDirectory() as folder:
        storage = TinyDBStorage(Path(folder))
        wizard = open_wizard(storage)
        pid = wizard.start_project(f"Bench {section}").project_id
        index = 0
        while wizard.load_project(pid).current_form_section != section:
            wizard.process_user_response(pid, messages[index])
            index += 1
        template = storage.load_project(pid)
        message = messages[index]
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            result = wizard.process_user_response(pid, message)
            times.append(time.perf_counter() - start)
            assert result.type == "form_answer", (section, result.content)
            current = storage.load_project(pid)
            storage.save_project(template.model_copy(update={"revision": current.revision}))
        return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    medians = {section: median_turn(section, args.repeat) for section in (*PLAIN, *COMPUTED)}
    plain = statistics.median(medians[s] for s in PLAIN)
    print(f"load average {load:.2f}; {args.repeat} turns per item; medians in ms")
    for section, ms in medians.items():
        kind = "computed" if section in COMPUTED else "plain"
        print(f"{section} ({kind}): {ms:.2f} ms  ({ms - plain:+.2f} ms beside plain)")
    worst = max(medians[s] for s in COMPUTED)
    print(f"plain median {plain:.2f} ms; slowest computed item {worst:.2f} ms: {worst - plain:+.2f} ms")


if __name__ == "__main__":
    main()
