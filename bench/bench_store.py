"""Project store latency and throughput: PostgreSQL beside TinyDB, 1 and 8 concurrent writers, 1,000 projects.

Each store is seeded with 1,000 finished projects (an office matrix answered through the offline
advisor, copied under new ids). Then, on each store:

- load: ``load_project`` of a random project, alone;
- save, 1 writer: load a random project, change it, ``save_project`` (the save is timed);
- save, 8 writers: the same from 8 threads at once, each on its own projects (as 8 consultants
  on one replica's sessions), timed per save, and saves per second over the whole run.

Medians and p90 in ms; the PostgreSQL : TinyDB ratio. The machine this ran on has 2 cores shared
with other work, so 8 writers contend for the CPU as much as for the store.

    python bench/bench_store.py [--projects 1000] [--repeat 200] [--url postgresql://…]

Without ``--url`` it starts its own throwaway PostgreSQL (as the tests do: Debian's initdb as
the postgres user, with fsync off: a server that syncs each commit, given by ``--url``, is slower
per save), which it stops at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import StorageAdapter, TinyDBStorage, open_storage
from wizard_core.models import ProjectState
from wizard_core.wiring import open_wizard

ROOT = Path(__file__).resolve().parents[1]
TRANSCRIPT = ROOT / "tests" / "transcripts" / "office-3-storey.json"
WRITERS = (1, 8)


def template() -> ProjectState:
    """A finished office project, as a consultant leaves one."""
    scratch = TinyDBStorage(Path(tempfile.mkdtemp(prefix="bench-store-template-")))
    wizard = open_wizard(scratch)
    pid = wizard.start_project("Benchmark office").project_id
    for message in json.loads(TRANSCRIPT.read_text())["messages"]:
        wizard.process_user_response(pid, message)
    return scratch.load_project(pid, whole=True)  # copied under other ids: with every turn


def seed(store: StorageAdapter, base: ProjectState, count: int) -> list[str]:
    ids = []
    raw = base.model_dump()
    for n in range(count):
        state = ProjectState.model_validate(
            raw | {"project_id": uuid.uuid4().hex, "name": f"Office {n}", "revision": 0}
        )
        store.save_project(state)
        ids.append(state.project_id)
    return ids


def timed(action: Callable[[], None]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def loads(store: StorageAdapter, ids: list[str], repeat: int) -> list[float]:
    return [timed(lambda: store.load_project(random.choice(ids))) for _ in range(repeat)]


def saves(store: StorageAdapter, ids: list[str], repeat: int, writers: int) -> tuple[list[float], float]:
    """Per-save times across ``writers`` threads (each on its own projects), and saves per second."""
    times: list[float] = []
    lock = threading.Lock()
    per = max(1, repeat // writers)

    def work(mine: list[str]) -> None:
        got = []
        for n in range(per):
            state = store.load_project(mine[n % len(mine)])
            state.name = f"{state.name.split(' #')[0]} #{n}"
            got.append(timed(lambda s=state: store.save_project(s)))
        with lock:
            times.extend(got)

    shares = [ids[w::writers] for w in range(writers)]
    threads = [threading.Thread(target=work, args=(share,)) for share in shares]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, len(times) / (time.perf_counter() - start)


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def run(name: str, store: StorageAdapter, base: ProjectState, args: argparse.Namespace) -> dict[str, float]:
    start = time.perf_counter()
    ids = seed(store, base, args.projects)
    print(f"{name}: seeded {len(ids)} projects in {time.perf_counter() - start:.1f} s", flush=True)
    row: dict[str, float] = {}
    got = loads(store, ids, args.repeat)
    row["load"], row["load p90"] = statistics.median(got), p90(got)
    for writers in WRITERS:
        got, rate = saves(store, ids, args.repeat, writers)
        row[f"save x{writers}"], row[f"save x{writers} p90"] = statistics.median(got), p90(got)
        row[f"saves/s x{writers}"] = rate
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--projects", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--url", help="a postgresql:// URL of an empty database to use instead of our own")
    args = parser.parse_args()
    random.seed(7)
    base = template()
    results = {
        "tinydb": run("tinydb", TinyDBStorage(Path(tempfile.mkdtemp(prefix="bench-store-"))), base, args)
    }
    server = None
    url = args.url
    if url is None:
        from tests.pg_server import PgServer, find_bin_dir

        bin_dir = find_bin_dir()
        if bin_dir is None:
            print("PostgreSQL is not installed; give --url or apt-get install postgresql", file=sys.stderr)
            return 1
        server = PgServer(bin_dir)
        server.start()
        url = server.new_database()
    try:
        results["postgresql"] = run("postgresql", open_storage(url), base, args)
    finally:
        if server is not None:
            server.stop()
    columns = list(results["tinydb"])
    print(f"\n{'ms (median)':<20}" + "".join(f"{name:>14}" for name in results) + f"{'pg : tinydb':>14}")
    for column in columns:
        values = [results[name][column] for name in results]
        ratio = values[1] / values[0] if values[0] else float("nan")
        print(f"{column:<20}" + "".join(f"{v:>14.2f}" for v in values) + f"{ratio:>13.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
