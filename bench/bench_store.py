"""Project store latency and throughput: PostgreSQL beside TinyDB, alone and with concurrent writers.

Each store is seeded with 1,000 finished projects (an office matrix answered through the offline
advisor, copied under new ids). Then, on each store:

- load: ``load_project`` of a random project, alone;
- save, N writers: load a random project, change it, ``save_project`` (the save is timed), from N
  threads at once, each on its own projects (as N consultants on one replica's sessions); saves
  per second over the whole run;
- turn, N writers: a consultant's whole turn (``Wizard.process_user_response``: load, decide,
  build the package, the advisor's reply, save) on a project with every item but the last
  answered, from an advisor that answers at once, so the store's and the core's own cost is what
  is timed; each turn finishes a project of its own (seeded beside the others), so every turn is
  the same; turns per second over the run.

Medians and p90 in ms; the PostgreSQL : TinyDB ratio; the load average before each store's run.
The machine this ran on has 2 cores shared with other work, so N writers contend for the CPU as
much as for the store.

    python bench/bench_store.py [--projects 1000] [--repeat 200] [--writers 1 6] [--url postgresql://…]

Without ``--url`` it starts its own throwaway PostgreSQL (as the tests do: Debian's initdb as
the postgres user, with fsync off: a server that syncs each commit, given by ``--url``, is slower
per save), which it stops at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_turn import Instant, nearly_complete
from storage import StorageAdapter, TinyDBStorage, open_storage
from wizard_core.models import ProjectState
from wizard_core.wiring import open_wizard

ROOT = Path(__file__).resolve().parents[1]
TRANSCRIPT = ROOT / "tests" / "transcripts" / "office-3-storey.json"
FOLDERS: list[Path] = []  # the run's data folders


def scratch(prefix: str) -> Path:
    """A folder of the run's own, removed when it ends."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    FOLDERS.append(folder)
    return folder


def template() -> ProjectState:
    """A finished office project, as a consultant leaves one."""
    scratch_store = TinyDBStorage(scratch("bench-store-template-"))
    wizard = open_wizard(scratch_store)
    pid = wizard.start_project("Benchmark office").project_id
    for message in json.loads(TRANSCRIPT.read_text())["messages"]:
        wizard.process_user_response(pid, message)
    return scratch_store.load_project(pid, whole=True)  # copied under other ids: with every turn


def seed(store: StorageAdapter, base: ProjectState, count: int, name: str = "Office") -> list[str]:
    ids = []
    raw = base.model_dump()
    for n in range(count):
        state = ProjectState.model_validate(
            raw | {"project_id": uuid.uuid4().hex, "name": f"{name} {n}", "revision": 0}
        )
        store.save_project(state)
        ids.append(state.project_id)
    return ids


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def loads(store: StorageAdapter, ids: list[str], repeat: int) -> list[float]:
    return [timed(lambda: store.load_project(random.choice(ids))) for _ in range(repeat)]


def concurrently(
    writers: int, shares: list[list[str]], work: Callable[[str, int], float]
) -> tuple[list[float], float]:
    """``work(project_id, n)`` over each writer's share, a thread each: the times, and how many per second."""
    times: list[float] = []
    lock = threading.Lock()

    def run(mine: list[str]) -> None:
        got = [work(project_id, n) for n, project_id in enumerate(mine)]
        with lock:
            times.extend(got)

    threads = [threading.Thread(target=run, args=(share,)) for share in shares]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, len(times) / (time.perf_counter() - start)


def saves(store: StorageAdapter, ids: list[str], repeat: int, writers: int) -> tuple[list[float], float]:
    """Per-save times across ``writers`` threads (each on its own projects), and saves per second."""
    per = max(1, repeat // writers)

    def save(project_id: str, n: int) -> float:
        state = store.load_project(project_id)
        state.name = f"{state.name.split(' #')[0]} #{n}"
        return timed(lambda: store.save_project(state))

    shares = [[ids[w::writers][n % len(ids[w::writers])] for n in range(per)] for w in range(writers)]
    return concurrently(writers, shares, save)


def turns(store: StorageAdapter, ids: list[str], writers: int) -> tuple[list[float], float]:
    """Per-turn times across ``writers`` threads, each finishing its own projects, and turns per second."""
    wizard = open_wizard(store, advisor=Instant())

    def turn(project_id: str, n: int) -> float:
        return timed(lambda: wizard.process_user_response(project_id, "No further notes."))

    return concurrently(writers, [ids[w::writers] for w in range(writers)], turn)


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def run(
    name: str, store: StorageAdapter, bases: tuple[ProjectState, ProjectState], args: argparse.Namespace
) -> dict[str, float]:
    finished, nearly = bases
    start = time.perf_counter()
    ids = seed(store, finished, args.projects)
    open_ones = {w: seed(store, nearly, args.repeat, f"Open {w}") for w in args.writers}
    print(f"{name}: seeded {len(ids)} projects in {time.perf_counter() - start:.1f} s", flush=True)
    row: dict[str, float] = {"load average": os.getloadavg()[0]}
    got = loads(store, ids, args.repeat)
    row["load"], row["load p90"] = statistics.median(got), p90(got)
    for writers in args.writers:
        got, rate = saves(store, ids, args.repeat, writers)
        row[f"save x{writers}"], row[f"save x{writers} p90"] = statistics.median(got), p90(got)
        row[f"saves/s x{writers}"] = rate
    for writers in args.writers:
        got, rate = turns(store, open_ones[writers], writers)
        row[f"turn x{writers}"], row[f"turn x{writers} p90"] = statistics.median(got), p90(got)
        row[f"turns/s x{writers}"] = rate
    return row


def main() -> int:
    try:
        return measure()
    finally:
        for folder in FOLDERS:
            shutil.rmtree(folder, ignore_errors=True)


def measure() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--projects", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--writers", type=int, nargs="+", default=[1, 6], help="concurrent writers (threads)")
    parser.add_argument("--url", help="a postgresql:// URL of an empty database to use instead of our own")
    parser.add_argument("--only", choices=["tinydb", "postgresql"], help="measure one store")
    args = parser.parse_args()
    random.seed(7)
    bases = (template(), nearly_complete(TinyDBStorage(scratch("bench-store-open-"))))
    results = {}
    if args.only != "postgresql":
        results["tinydb"] = run("tinydb", TinyDBStorage(scratch("bench-store-")), bases, args)
    if args.only != "tinydb":
        server = None
        url = args.url
        if url is None:
            from tests.pg_server import PgServer, find_bin_dir

            bin_dir = find_bin_dir()
            if bin_dir is None:
                print("No PostgreSQL here: give --url, or apt-get install postgresql", file=sys.stderr)
                return 1
            server = PgServer(bin_dir)
            server.start()
            url = server.new_database()
        try:
            results["postgresql"] = run("postgresql", open_storage(url), bases, args)
        finally:
            if server is not None:
                server.stop()
    names = list(results)
    ratio = len(names) == 2
    heading = f"\n{'ms (median)':<20}" + "".join(f"{n:>14}" for n in names)
    print(heading + (f"{'pg : tinydb':>14}" if ratio else ""))
    for column in results[names[0]]:
        values = [results[n][column] for n in names]
        line = f"{column:<20}" + "".join(f"{v:>14.2f}" for v in values)
        if ratio:
            line += f"{values[1] / values[0] if values[0] else float('nan'):>13.2f}x"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
