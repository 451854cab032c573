"""What a computed item's turn costs beside a plain item's on the same project, offline advisor.

The project of tests/transcripts/office-rows.json is replayed up to a computed item (3.18 occupant
load by floor, 3.21 assemblies, 3.22 faces, 3.23 fixtures); that item's message is then sent again
and again (the project put back after each), on a TinyDB folder, timing the whole turn: load,
decide, read, compute, check, build the package, save. Beside it, on the same project with its
3.16 answer taken back, a plain item's turn ("Normal" for 3.16) is timed the same way, so both
turns load and save a record of the same age. Prints the medians and their difference.

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
COMPUTED = ("3.18", "3.21", "3.22", "3.23")
PLAIN, PLAIN_MESSAGE = "3.16", "Normal"


def _turns(storage: TinyDBStorage, wizard, template, message: str, repeat: int) -> list[float]:  # type: ignore[no-untyped-def]
    storage.save_project(
        template.model_copy(update={"revision": storage.load_project(template.project_id).revision})
    )
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = wizard.process_user_response(template.project_id, message)
        times.append(time.perf_counter() - start)
        assert result.type == "form_answer", result.content
        current = storage.load_project(template.project_id)
        storage.save_project(template.model_copy(update={"revision": current.revision}))
    return times


def medians(section: str, repeat: int) -> tuple[float, float]:
    """(computed item's turn, plain item's turn) in ms, on the same project, interleaved in rounds."""
    messages = json.loads(TRANSCRIPT.read_text())["messages"]
    with tempfile.TemporaryDirectory() as folder:
        storage = TinyDBStorage(Path(folder))
        wizard = open_wizard(storage)
        pid = wizard.start_project(f"Bench {section}").project_id
        index = 0
        while wizard.load_project(pid).current_form_section != section:
            wizard.process_user_response(pid, messages[index])
            index += 1
        computed = storage.load_project(pid)
        answers = [a for a in computed.finalized_answers if a.section != PLAIN]
        plain = computed.model_copy(update={"finalized_answers": answers, "current_form_section": PLAIN})
        times: tuple[list[float], list[float]] = ([], [])
        for _ in range(5):  # rounds, so a busy spell on the machine falls on both
            times[0].extend(_turns(storage, wizard, computed, messages[index], repeat // 5))
            times[1].extend(_turns(storage, wizard, plain, PLAIN_MESSAGE, repeat // 5))
        return statistics.median(times[0]) * 1000, statistics.median(times[1]) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"load average {load:.2f}; {args.repeat} turns of each kind per item; medians in ms")
    worst = 0.0
    for section in COMPUTED:
        computed, plain = medians(section, args.repeat)
        worst = max(worst, computed - plain)
        print(
            f"{section}: computed {computed:.2f} ms, plain {PLAIN} on the same project {plain:.2f} ms, "
            f"{computed - plain:+.2f} ms ({computed / plain:.2f}x)"
        )
    print(f"largest difference: {worst:+.2f} ms")


if __name__ == "__main__":
    main()
