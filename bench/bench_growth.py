"""A turn's cost as a project ages: 10, 100, 300 and 1,000 turns, on TinyDB and PostgreSQL.

**Aging.** One office project is grown through the real core (``process_user_response``, offline
advisor, a clock that runs sessions of minutes between gaps of days, about eight months for 1,000
turns) by a scripted consultant on a fixed seed: the first pass answers the items from
``tests/transcripts/office-3-storey.json`` with clarifying back-and-forth, side questions ("what
counts as a storey?") and revisions ("Correction to 3.04: new building area 1,340 m2 …") between;
the energy item (3.24) is put off ("come back to this") while the mechanical engineer's figures
are awaited, and once everything else is answered the months go by in revisions (toggled between
two values), side questions, "still waiting" messages, and earlier items reopened ("go to 3.13")
and answered again after a clarifying exchange. The project is copied when it reaches each age,
so every age is the same project observed later. Generating takes minutes; its time is reported
apart and never in a figure. The consultant's next message depends on the item the wizard is on,
so a commit that reads messages differently can take another path: the run prints the decisions
taken while growing, to compare.

**The timed turn.** Each aged project, copied into the store being measured (``put_copy``), is
taken to 3.24 with the page's go-to (no turn added). Every repeat puts a fresh copy of it in the
store under a new id, opens it as the page does (``load_project``), lets the consultant say one
thing first ("Still waiting on the mechanical engineer for this one.", untimed) and the page draw
the reply (``load_project`` again), then times one turn, "The mechanical engineer has not sent the
energy model yet." (the offline advisor's clarifying question on 3.24: load, decide, record,
retrieve, build the package, advise, check, save), and deletes the copy. That is a turn as most
are, one of a session; the first turn after the project is opened is timed apart, on its own fresh
copy (``first after opening``): it works out once what the session's later turns look up (each
answer's JSON and its lines in the package: ``wizard_core.settled``). So every repeat at an age
starts from the same project, the same item and the same message, and differs from the other ages
only by what the project accumulated: turns, decisions (the core keeps 500), archived threads,
answer history. Repeats run round-robin over backends and ages, so a burst of load on the shared
machine falls on all of them alike. The time a TinyDB turn spends in ``os.fsync`` is shown beside
it: on a shared disk it is most of a young project's turn, and the throwaway PostgreSQL server
does not sync at all.

**Sizes.** TinyDB: the project file and its log files as the project grew them (dead entries
included, until the store compacts); PostgreSQL: ``octet_length`` of the record's and the log
rows' JSON text (and ``pg_column_size``, as stored after compression, in ``--json``), of the copy.

**Overhead on a full project.** As ``bench_turn.py``: every item answered but 3.27, the last
item's turn with an advisor that answers at once (``Instant``), fresh copy per repeat as above (the
session's earlier turn a side question: "what counts as a storey?").

    python bench/bench_growth.py [--repeat 40] [--ages 10,100,300,1000]
                                 [--backend tinydb|postgresql|both] [--json PATH] [--profile AGE]

PostgreSQL runs on its own throwaway server (as ``bench_store.py``: Debian's initdb, fsync off);
without PostgreSQL installed that half is skipped with a message. Stores open without a key.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]

from bench_turn import Instant  # noqa: E402

from storage import StorageAdapter, TinyDBStorage, open_storage  # noqa: E402
from wizard_core.advisors.offline.advisor import OfflineAdvisor  # noqa: E402
from wizard_core.models import ProjectState  # noqa: E402
from wizard_core.turn.record import TurnResult  # noqa: E402
from wizard_core.wiring import open_wizard  # noqa: E402

TRANSCRIPT = ROOT / "tests" / "transcripts" / "office-3-storey.json"
SEED = 25
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
PENDING = "3.24"  # energy efficiency: waiting on the mechanical engineer for months
TIMED = "The mechanical engineer has not sent the energy model yet."
FINAL = "No further notes."  # 3.27, the full project's last turn
# The session's earlier turn before a timed one: on 3.24 (a clarifying question), or on the full
# project a side question (its last item is answered only by the timed turn).
EARLIER = ("Still waiting on the mechanical engineer for this one.", "what counts as a storey?")
SIDE_QUESTIONS = (
    "what counts as a storey?",
    "is a basement a storey?",
    "what is a firewall?",
    "how is building height measured?",
    "what does noncombustible construction mean?",
    "what is a fire separation?",
    "what counts as a mezzanine?",
    "Side question: does the covered loading dock count in the building area?",
)
VAGUE = (
    "I need to check the drawings first.",
    "The architect is still working on that.",
    "Hmm, what exactly do you need for this one?",
    "Let me check with the owner first.",
    "We are still confirming that with the client.",
)
WAITING = (
    "Still waiting on the mechanical engineer for this one.",
    "The energy consultant says another two weeks.",
)
# Each revision toggles between two values, so the project stays the same building over months.
REVISIONS = {
    "3.04": (
        "Correction to 3.04: new building area 1,340 m2, total 1,340 m2.",
        "Actually the building area is 1,150 m2 after all, all new.",
    ),
    "3.07": (
        "Correction to 3.07: 3 storeys above grade, 1 below grade, 13.1 m high.",
        "Correction to 3.07: 3 storeys above grade, 1 below grade, 12.8 m high.",
    ),
    "3.09": ("Revise 3.09: the building faces 3 streets.", "Revise 3.09: the building faces 2 streets."),
    "3.12": (
        "Revise 3.12: a standpipe system is required after all.",
        "Revise 3.12: no standpipe system is required.",
    ),
    "3.16": ("Revise 3.16: importance category high.", "Revise 3.16: importance category normal."),
    "3.17": ("Correction to 3.17: seismic category SC2.", "Correction to 3.17: seismic category SC1."),
}


class Clock:
    """The wizard's clock: sessions of a few minutes a turn, a few days between sessions."""

    def __init__(self, rng: random.Random) -> None:
        self.now = T0
        self.rng = rng
        self.left = 0  # turns left in this session

    def __call__(self) -> datetime:
        return self.now

    def step(self) -> None:
        if self.left == 0:
            self.left = self.rng.randint(8, 25)
            self.now += timedelta(days=self.rng.randint(1, 6), hours=self.rng.randint(0, 8))
        self.left -= 1
        self.now += timedelta(minutes=self.rng.randint(1, 6))


class Consultant:
    """What the consultant says next, from the item the wizard is on and what is answered."""

    def __init__(self, rng: random.Random) -> None:
        messages = json.loads(TRANSCRIPT.read_text())["messages"]
        self.said = {f"3.{n:02d}": text for n, text in enumerate(messages, start=1)}
        self.rng = rng
        self.current: str | None = "3.01"
        self.answered: set[str] = set()
        self.toggled = dict.fromkeys(REVISIONS, 0)
        self.unsure = 0  # clarifying exchanges still to have on the current item before answering it

    def next_message(self) -> str:
        item, roll = self.current or PENDING, self.rng.random()
        if item == PENDING:
            if not set(self.said) - {PENDING} <= self.answered:
                return "come back to this"
            if roll < 0.35:
                return self._revision()
            if roll < 0.6:
                return self.rng.choice(SIDE_QUESTIONS)
            if roll < 0.7:
                return self.rng.choice(WAITING)
            self.unsure = self.rng.choice((0, 1, 1, 2, 4))
            return f"go to {self.rng.choice(sorted(self.answered))}"
        if roll < 0.12:
            return self.rng.choice(SIDE_QUESTIONS)
        if roll < 0.24 and item not in self.answered and self.answered & set(REVISIONS):
            return self._revision()
        if self.unsure:
            self.unsure -= 1
            return self.rng.choice(VAGUE)
        return self.said[item]

    def _revision(self) -> str:
        item = self.rng.choice(sorted(self.answered & set(REVISIONS)))
        self.toggled[item] += 1
        self.said[item] = REVISIONS[item][self.toggled[item] % 2 - 1]
        return self.said[item]

    def heard(self, result: TurnResult) -> None:
        if result.answer is not None:
            self.answered.add(result.answer.section)
        if result.next_section not in (self.current, PENDING) and result.next_section not in self.answered:
            self.unsure = self.rng.choice((0, 0, 1, 1, 2, 3, 5, 8))  # a new item: how long till it is settled
        self.current = result.next_section


@dataclass
class Aged:
    """The project as it stood after ``age`` turns, and its TinyDB files as they had grown."""

    age: int
    state: ProjectState | None  # None once placed in the stores measured (``measure``)
    record_bytes: int
    log_bytes: int


@dataclass(frozen=True)
class Template:
    """A placed project, as JSON: the measured process holds no large state of its own between turns,
    as a server would not (its garbage collector walks every object held)."""

    project_id: str
    data: bytes
    updated_at: datetime
    turns: int


@dataclass
class Grown:
    """The aged projects, what growing them took, and the decisions taken on the way."""

    projects: dict[int, Aged]
    seconds: float
    turn_ms: list[float]  # each generated turn, as the project grew (not the measured figure)
    kinds: dict[str, int] = field(default_factory=dict)  # decisions taken while growing


def grow(ages: list[int], folder: Path) -> Grown:
    """Grow one project through the core to the largest age, copying it at each age."""
    rng = random.Random(SEED)
    store = TinyDBStorage(folder, sealer=None)
    clock = Clock(rng)
    wizard = open_wizard(store, advisor=OfflineAdvisor(), clock=clock)
    pid = wizard.start_project("Office, months on").project_id
    consultant = Consultant(rng)
    grown = Grown({}, 0.0, [])
    start = time.perf_counter()
    while len(grown.turn_ms) < max(ages):
        clock.step()
        text = consultant.next_message()
        began = time.perf_counter()
        result = wizard.process_user_response(pid, text)
        grown.turn_ms.append((time.perf_counter() - began) * 1000)
        grown.kinds[result.decision] = grown.kinds.get(result.decision, 0) + 1
        consultant.heard(result)
        if len(grown.turn_ms) in ages:
            state = store.load_project(pid, whole=True)  # copied into each store: every turn
            files = store.projects_dir
            logs = sum(p.stat().st_size for p in files.glob(f"{pid}.*.log"))
            record = (files / f"{pid}.json").stat().st_size
            grown.projects[len(grown.turn_ms)] = Aged(len(grown.turn_ms), state, record, logs)
    grown.seconds = time.perf_counter() - start
    return grown


def nearly_full(folder: Path) -> ProjectState:
    """The office project with every item but the last (3.27) answered through the offline advisor."""
    store = TinyDBStorage(folder, sealer=None)
    wizard = open_wizard(store, advisor=OfflineAdvisor())
    pid = wizard.start_project("Benchmark office").project_id
    for message in json.loads(TRANSCRIPT.read_text())["messages"][:-1]:
        wizard.process_user_response(pid, message)
    return store.load_project(pid, whole=True)


class Bench:
    """One store being measured: its wizards, and the aged projects placed in it."""

    def __init__(self, name: str, store: StorageAdapter, url: str | None = None) -> None:
        self.name, self.store, self.url = name, store, url
        self.clock = Clock(random.Random(SEED))  # set before each turn, never stepped
        self.offline = open_wizard(store, advisor=OfflineAdvisor(), clock=self.clock)
        self.instant = open_wizard(store, advisor=Instant(), clock=self.clock)
        self.templates: dict[int | str, Template] = {}
        self.serial = 0

    def place(self, key: int | str, state: ProjectState, item: str | None) -> None:
        """Store a copy of ``state`` as this key's template, on ``item`` (the page's go-to)."""
        copy = state.model_copy(deep=True, update={"project_id": f"template{key}", "name": f"Template {key}"})
        self.store.put_copy(copy)
        self.clock.now = state.updated_at + timedelta(minutes=2)
        if item is not None:
            self.offline.go_to_item(copy.project_id, item)
        placed = self.store.load_project(copy.project_id, whole=True)
        self.templates[key] = Template(
            placed.project_id, placed.model_dump_json().encode(), placed.updated_at, len(placed.turns)
        )

    def turn(self, key: int | str, in_session: bool = True) -> tuple[float, float, TurnResult]:
        """One timed turn on a fresh copy of the key's template: ms, ms of it in fsync, and its result.

        ``in_session``: the turn follows an earlier one of the session (untimed), the page drawn again
        after its reply, as most turns do; else it is the first turn after the project was opened.
        """
        template = self.templates[key]
        self.serial += 1
        pid = f"run{self.serial:06d}"
        copy = ProjectState.model_validate_json(template.data)
        self.store.put_copy(copy.model_copy(update={"project_id": pid, "name": f"Run {pid}"}))
        del copy
        wizard, text = (self.instant, FINAL) if key == "full" else (self.offline, TIMED)
        wizard.load_project(pid)  # the page opens the project before the consultant types
        if in_session:
            self.clock.now = template.updated_at + timedelta(minutes=3)
            self.offline.process_user_response(pid, EARLIER[key == "full"])
            wizard.load_project(pid)
        os.sync()  # the copy's writeback now, not in the timed turn's fsync
        self.clock.now = template.updated_at + timedelta(minutes=4)
        synced = FSYNC.seconds
        began = time.perf_counter()
        result = wizard.process_user_response(pid, text)
        elapsed = (time.perf_counter() - began) * 1000
        self.store.delete_project(pid)
        return elapsed, (FSYNC.seconds - synced) * 1000, result

    def sizes(self, key: int | str) -> dict[str, int]:
        """The template's stored bytes in PostgreSQL: record (with its settled records, kept apart) and log
        rows, as JSON text and as stored."""
        import psycopg

        pid = self.templates[key].project_id
        assert self.url is not None
        with psycopg.connect(self.url) as conn:
            record = conn.execute(
                "SELECT octet_length(record::text) + coalesce(octet_length(settled::text), 0), "
                "pg_column_size(record) + coalesce(pg_column_size(settled), 0) "
                "FROM wizard_projects WHERE id = %s",
                (pid,),
            ).fetchone()
            logs = conn.execute(
                "SELECT count(*), coalesce(sum(octet_length(entry::text)), 0), "
                "coalesce(sum(pg_column_size(entry)), 0) FROM wizard_project_log WHERE project_id = %s",
                (pid,),
            ).fetchone()
        assert record is not None and logs is not None
        return {
            "record_bytes": record[0],
            "record_stored_bytes": record[1],
            "log_rows": logs[0],
            "log_bytes": int(logs[1]),
            "log_stored_bytes": int(logs[2]),
        }


class FsyncClock:
    """``os.fsync``, timed: how much of a TinyDB turn waits for the disk (a shared disk's noise)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.fsync = os.fsync

    def __call__(self, fd: Any) -> None:
        began = time.perf_counter()
        try:
            self.fsync(fd)
        finally:
            self.seconds += time.perf_counter() - began

    @contextmanager
    def installed(self) -> Iterator[None]:
        os.fsync = self
        try:
            yield
        finally:
            os.fsync = self.fsync


FSYNC = FsyncClock()


@contextmanager
def postgresql() -> Iterator[str | None]:
    """The URL of an empty database on a throwaway server, or None (and why, printed) if none can run."""
    from tests.pg_server import PgServer, find_bin_dir

    bin_dir = find_bin_dir()
    if bin_dir is None:
        print("PostgreSQL skipped: it is not installed (apt-get install postgresql).", flush=True)
        yield None
        return
    server = PgServer(bin_dir)
    try:
        server.start()
    except (RuntimeError, KeyError, LookupError, OSError) as error:
        server.stop()
        print(f"PostgreSQL skipped: its server could not be started ({error}).", flush=True)
        yield None
        return
    try:
        yield server.new_database()
    finally:
        server.stop()


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def load() -> float:
    return round(os.getloadavg()[0], 2)


def measure(
    benches: list[Bench], grown: Grown, full: ProjectState, repeat: int, profile: int | None = None
) -> dict[str, Any]:
    """Place every age and the full project in each store, time them round-robin, and profile one age."""
    out: dict[str, Any] = {}
    keys: list[int | str] = [*grown.projects, "full"]
    for bench in benches:
        began = time.perf_counter()
        for age, aged in grown.projects.items():
            assert aged.state is not None, "an aged project is placed once"
            bench.place(age, aged.state, PENDING)
        bench.place("full", full, None)
        out[bench.name] = {"place_seconds": round(time.perf_counter() - began, 1), "ages": {}}
    for aged in grown.projects.values():
        aged.state = None  # the stores hold them now; the timed turns copy them from there
    # As the app's process does once its first wizard is made (``ui/runtime.py``): the collector kept
    # off what was loaded once, so a collection walks only what turns make.
    gc.collect()
    gc.freeze()
    times: dict[tuple[str, int | str], list[float]] = {(b.name, k): [] for b in benches for k in keys}
    synced: dict[tuple[str, int | str], list[float]] = {(b.name, k): [] for b in benches for k in keys}
    first: dict[tuple[str, int | str], list[float]] = {(b.name, k): [] for b in benches for k in keys}
    replies: dict[tuple[str, int | str], set[str]] = {(b.name, k): set() for b in benches for k in keys}
    with FSYNC.installed():
        for round_ in range(repeat + 1):  # round 0 warms up and is not counted
            for bench in benches:
                for key in keys:
                    ms, fsync_ms, result = bench.turn(key)
                    replies[bench.name, key].add(f"{result.type} on {result.section}")
                    opening_ms, _, _ = bench.turn(key, in_session=False)
                    if round_:
                        times[bench.name, key].append(ms)
                        synced[bench.name, key].append(fsync_ms)
                        first[bench.name, key].append(opening_ms)
    for bench in benches:
        row = out[bench.name]
        for age, aged in grown.projects.items():
            got = times[bench.name, age]
            entry: dict[str, Any] = {
                "turn_ms": statistics.median(got),
                "turn_p90_ms": p90(got),
                "fsync_ms": statistics.median(synced[bench.name, age]),
                "first_ms": statistics.median(first[bench.name, age]),
                "less_fsync_ms": statistics.median(map(float.__sub__, got, synced[bench.name, age])),
                "turns": bench.templates[age].turns,
                "reply": sorted(replies[bench.name, age]),
            }
            if bench.url is None:
                entry |= {"record_bytes": aged.record_bytes, "log_bytes": aged.log_bytes}
            else:
                entry |= bench.sizes(age)
            row["ages"][age] = entry
        got = times[bench.name, "full"]
        row["full_ms"], row["full_p90_ms"] = statistics.median(got), p90(got)
        row["full_first_ms"] = statistics.median(first[bench.name, "full"])
        row["full_fsync_ms"] = statistics.median(synced[bench.name, "full"])
        row["full_less_fsync_ms"] = statistics.median(map(float.__sub__, got, synced[bench.name, "full"]))
        row["full_reply"] = sorted(replies[bench.name, "full"])
        if profile in grown.projects:
            row["profile"] = profiled(bench, profile)
    return out


def profiled(bench: Bench, age: int, turns: int = 5) -> str:
    """cProfile's top entries by cumulative time over a few timed turns at ``age`` (the turns alone)."""
    profiler = cProfile.Profile()
    wizard = bench.offline
    turn = wizard.process_user_response

    def under_profile(*args: Any, **kwargs: Any) -> TurnResult:
        with profiler:
            return turn(*args, **kwargs)

    wizard.process_user_response = under_profile
    try:
        for _ in range(turns):
            bench.turn(age)
    finally:
        del wizard.process_user_response
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(15)
    return text.getvalue()


LABELS = {"tinydb": "TinyDB", "postgresql": "PostgreSQL"}


def table(results: dict[str, Any]) -> str:
    """The figures as Markdown: one row per age, then the ratios and the full project's overhead."""
    names = [n for n in ("tinydb", "postgresql") if n in results]
    ages = sorted({int(a) for n in names for a in results[n]["ages"]})
    both = len(names) == 2
    head = ["age (turns)"]
    for n in names:
        head += [f"{LABELS[n]} ms", "p90"] + (["in fsync"] if n == "tinydb" else []) + ["first after opening"]
    head += ["PG : TinyDB"] if both else []
    for n in names:
        head += [f"{LABELS[n]} record KB", "logs KB"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    for age in ages:
        rows = {n: results[n]["ages"][age] for n in names}
        cells = [f"{age:,}"]
        for n, r in rows.items():
            cells += [f"{r['turn_ms']:.1f}", f"{r['turn_p90_ms']:.1f}"]
            cells += [f"{r['fsync_ms']:.1f}"] if n == "tinydb" else []
            cells += [f"{r['first_ms']:.1f}"]
        cells += [f"{rows['postgresql']['turn_ms'] / rows['tinydb']['turn_ms']:.2f}×"] if both else []
        for r in rows.values():
            cells += [f"{r['record_bytes'] / 1024:.0f}", f"{r['log_bytes'] / 1024:.0f}"]
        lines.append("| " + " | ".join(cells) + " |")
    # TinyDB less its fsyncs: the interpreter's share, which a busy shared disk does not swamp.
    columns = [(n, "turn_ms", "full_ms", LABELS[n]) for n in names]
    if "tinydb" in names:
        columns.append(("tinydb", "less_fsync_ms", "full_less_fsync_ms", "TinyDB less fsync"))
    columns += [(n, "first_ms", "full_first_ms", f"{LABELS[n]}, first turn after opening") for n in names]
    lines += ["", "| ms (median) | " + " | ".join(c[3] for c in columns) + " |"]
    lines.append("|---|" + "---:|" * len(columns))
    for age in ages[1:]:
        ratios = [results[n]["ages"][age][k] / results[n]["ages"][ages[0]][k] for n, k, _, _ in columns]
        cells = [f"turn at age {age:,} : age {ages[0]:,}", *(f"{r:.2f}×" for r in ratios)]
        lines.append("| " + " | ".join(cells) + " |")
    full = [f"{results[n][k]:.2f}" for n, _, k, _ in columns]
    lines.append("| full project, last item, instant advisor | " + " | ".join(full) + " |")
    return "\n".join(lines)


def commit() -> str:
    got = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True
    )
    return got.stdout.strip() + ("+changes" if dirty.stdout.strip() else "") if got.returncode == 0 else "?"


def run(
    ages: list[int],
    repeat: int,
    backends: list[str],
    say: Callable[[str], None] = print,
    profile: int | None = None,
) -> dict[str, Any]:
    """The whole benchmark; its figures as a dict (what ``--json`` writes)."""
    report: dict[str, Any] = {"commit": commit(), "repeat": repeat, "load_start": load()}
    with (
        tempfile.TemporaryDirectory(prefix="bench-growth-") as folder,
        postgresql_if("postgresql" in backends) as url,
    ):
        root = Path(folder)
        grown = grow(ages, root / "grown")
        near = {age: statistics.median(grown.turn_ms[max(0, age - 10) : age]) for age in grown.projects}
        report["generation"] = {
            "seconds": round(grown.seconds, 1),
            "turn_ms_last_10_before_age": near,
            "decisions": grown.kinds,
        }
        say(
            f"grew one project to {max(ages):,} turns in {grown.seconds:.1f} s "
            f"(median of the 10 turns before each age, ms: "
            + ", ".join(f"{age:,}: {ms:.1f}" for age, ms in near.items())
            + f"; decisions {grown.kinds}); load {load()}"
        )
        full = nearly_full(root / "full")
        benches = []
        if "tinydb" in backends:
            benches.append(Bench("tinydb", TinyDBStorage(root / "measured", sealer=None)))
        if url is not None:
            benches.append(Bench("postgresql", open_storage(url, sealer=None), url))
        try:
            report |= measure(benches, grown, full, repeat, profile)
        finally:
            for bench in benches:
                close = getattr(bench.store, "close", None)
                if close is not None:
                    close()
    report["load_end"] = load()
    return report


@contextmanager
def postgresql_if(wanted: bool) -> Iterator[str | None]:
    if not wanted:
        yield None
        return
    with postgresql() as url:
        yield url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40, help="timed turns per age and backend (at least 2)")
    parser.add_argument("--ages", default="10,100,300,1000", help="comma-separated numbers of turns")
    parser.add_argument("--backend", choices=("tinydb", "postgresql", "both"), default="both")
    parser.add_argument(
        "--json", type=Path, help="write the figures here, to compare with another commit's run"
    )
    parser.add_argument(
        "--profile", type=int, metavar="AGE", help="then profile 5 turns at this age (cProfile)"
    )
    args = parser.parse_args(argv)
    ages = sorted({int(a) for a in args.ages.split(",") if a.strip()})
    if args.repeat < 2 or not ages or ages[0] < 1:
        parser.error("--repeat must be at least 2 and --ages positive numbers")
    backends = ["tinydb", "postgresql"] if args.backend == "both" else [args.backend]
    report = run(ages, args.repeat, backends, profile=args.profile)
    for name in ("tinydb", "postgresql"):
        if name in report:
            row = report[name]
            print(
                f"{LABELS[name]}: placed the aged projects in {row['place_seconds']} s; replies "
                + "; ".join(f"{a}: {', '.join(r['reply'])}" for a, r in row["ages"].items())
            )
    print(
        f"\n{report['commit']}, median of {args.repeat} turns per cell; "
        f"load average {report['load_start']} → {report['load_end']}\n"
    )
    print(table(report))
    for name in ("tinydb", "postgresql"):
        if "profile" in report.get(name, {}):
            print(f"\n{LABELS[name]}, 5 turns at age {args.profile:,} under cProfile:")
            print(report[name]["profile"])
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
