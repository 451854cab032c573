"""The reliability sweep: kills, concurrent writers, a refusing disk and hostile input, counted.

1. Kills at each step of a save: a saver process appends one turn per save and kills itself
   (SIGKILL) at one step of one save; then the project must load, hold every acknowledged turn,
   and hold exactly one turn per committed revision.
2. Kills at random instants: the same saver (now and then rewriting its log whole, as a store
   that has not seen the state does) is killed from outside after a random delay.
3. Concurrent writes: processes append turns to one project, retrying on conflicts; none lost.
4. A disk that refuses writes (a file-size limit): each save fails cleanly, the last good state stays.
5. Hostile input through the command line (``sweep_inputs.py``): each must end with status
   0 or 2, at most one line on stderr, no traceback, no hang, and the API key nowhere.

    python bench/bench_reliability.py [--kills 40] [--random-kills 60] [--writers 4 --writes 30]
"""

from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from sweep_inputs import sweep_inputs  # noqa: E402

from storage import TinyDBStorage  # noqa: E402

SAVER = r"""
import os, signal, sys
from datetime import UTC, datetime
from pathlib import Path
from storage import TinyDBStorage, files, log_file, tinydb_store
from wizard_core.errors import ProjectNotFound
from wizard_core.models import DecisionRecord, ProjectState, TurnRecord

folder, step, kill_at = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
saves = {"n": 0}

def die(real):
    def wrapped(*args, **kwargs):
        if kill_at > 0 and saves["n"] >= kill_at:  # the first time this step runs from that save on
            if step.endswith("after"):
                real(*args, **kwargs)
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*args, **kwargs)
    return wrapped

points = {
    "lock taken": (tinydb_store.TinyDBBackend, "write"),
    "log appended, not synced": (log_file, "_write_all"),
    "log synced, not committed after": (log_file, "append"),
    "new log written, not committed after": (log_file, "create"),
    "project file written, not renamed": (files.os, "replace"),
    "renamed, folder not synced": (files, "fsync_dir"),
    "committed, old log not removed": (tinydb_store.TinyDBBackend, "_remove_logs"),
}
if step in points:
    owner, name = points[step]
    setattr(owner, name, die(getattr(owner, name)))

store = TinyDBStorage(folder)
try:
    state = store.load_project("talk")
except ProjectNotFound:
    state = ProjectState(project_id="talk")
    store.save_project(state)
now = datetime.now(UTC)
while saves["n"] < 400:  # a step that never runs must not loop for ever
    n = state.turn_count
    saves["n"] += 1
    state.turns.append(TurnRecord(message=f"turn {n}", section="3.04", received_at=now, status="done"))
    decision = DecisionRecord(at=now, section="3.04", decision="continuing", confidence=0.5, reason=str(n))
    state.decisions.append(decision)
    del state.decisions[:-20]
    if saves["n"] % 5 == 0:  # a store that has not seen the state writes its log whole
        state = state.model_copy(deep=True)
        TinyDBStorage(folder).save_project(state)
    else:
        store.save_project(state)
    print(f"saved {n + 1}", flush=True)
"""

WRITER = r"""
import sys
from datetime import UTC, datetime
from pathlib import Path
from storage import TinyDBStorage
from wizard_core.errors import ConflictError
from wizard_core.models import TurnRecord

store, me, count, conflicts = TinyDBStorage(Path(sys.argv[1])), sys.argv[2], int(sys.argv[3]), 0
for i in range(count):
    while True:
        state = store.load_project("shared")
        state.turns.append(TurnRecord(message=f"{me}-{i}", section="3.04", received_at=datetime.now(UTC)))
        try:
            store.save_project(state)
            break
        except ConflictError:
            conflicts += 1
print(conflicts)
"""

FULL_DISK = r"""
import resource, signal, sys
from datetime import UTC, datetime
from pathlib import Path
from storage import TinyDBStorage
from wizard_core.errors import StorageError
from wizard_core.models import TurnRecord

signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
store = TinyDBStorage(Path(sys.argv[1]))
state = store.load_project("talk")
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), int(sys.argv[2])))
refused = 0
for n in range(int(sys.argv[3])):
    state.turns.append(TurnRecord(message="x" * 5000, section="3.04", received_at=datetime.now(UTC)))
    try:
        store.save_project(state)
    except StorageError as error:
        refused += 1
        assert "could not be saved" in str(error) and "Traceback" not in str(error)
        state.turns.pop()
print(refused)
"""


def check(folder: Path, acknowledged: int) -> None:
    """The project loads, holds every acknowledged turn, and one turn per committed revision."""
    store = TinyDBStorage(folder)
    state = store.load_project("talk", whole=True)
    turns = [t.message for t in state.turns]
    assert turns == [f"turn {n}" for n in range(len(turns))], "turns out of order or lost"
    assert len(turns) >= acknowledged, f"{acknowledged} acknowledged, {len(turns)} stored"
    assert all(s.error is None for s in store.list_projects()), "an unreadable project"


def run_saver(folder: Path, step: str, kill_at: int, after: float | None) -> int:
    saver = subprocess.Popen(
        [sys.executable, "-c", SAVER, str(folder), step, str(kill_at)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert saver.stdout is not None
    acknowledged = 0
    if after is not None:
        line = saver.stdout.readline()
        acknowledged = int(line.split()[1]) if line else 0
        time.sleep(after)
        saver.send_signal(signal.SIGKILL)
    out = saver.communicate()[0]
    for line in out.splitlines():
        acknowledged = max(acknowledged, int(line.split()[1]))
    assert saver.returncode == -signal.SIGKILL, f"the saver ended with {saver.returncode}"
    return acknowledged


def kills_at_steps(rounds: int) -> tuple[int, list[str]]:
    steps = [
        "lock taken",
        "log appended, not synced",
        "log synced, not committed after",
        "new log written, not committed after",
        "project file written, not renamed",
        "renamed, folder not synced",
        "committed, old log not removed",
    ]
    done = 0
    for step in steps:
        with tempfile.TemporaryDirectory() as tmp:
            for n in range(rounds):
                kill_at = 5 if "new log" in step or "old log" in step else 1 + n % 4  # rewrites are every 5th
                acknowledged = run_saver(Path(tmp), step, kill_at, None)
                check(Path(tmp), acknowledged)
                done += 1
    return done, steps


def random_kills(count: int, seed: int = 14) -> int:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(count):
            acknowledged = run_saver(Path(tmp), "none", -1, rng.uniform(0, 0.06))
            check(Path(tmp), acknowledged)
    return count


def concurrent_writes(writers: int, writes: int) -> tuple[int, int]:
    from wizard_core.models import ProjectState

    with tempfile.TemporaryDirectory() as tmp:
        TinyDBStorage(Path(tmp)).save_project(ProjectState(project_id="shared"))
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", WRITER, tmp, f"w{n}", str(writes)],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                text=True,
            )
            for n in range(writers)
        ]
        conflicts = sum(int(p.communicate(timeout=600)[0]) for p in procs)
        state = TinyDBStorage(Path(tmp)).load_project("shared", whole=True)
        expected = {f"w{n}-{i}" for n in range(writers) for i in range(writes)}
        assert sorted(t.message for t in state.turns) == sorted(expected), "a concurrent write was lost"
        return writers * writes, conflicts


def refusing_disk(saves: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        run_saver(Path(tmp), "lock taken", 3, None)  # a project with a couple of turns
        before = TinyDBStorage(Path(tmp)).load_project("talk", whole=True)
        done = subprocess.run(
            [sys.executable, "-c", FULL_DISK, tmp, "60000", str(saves)],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        after = TinyDBStorage(Path(tmp)).load_project("talk", whole=True)
        assert after.turns[: len(before.turns)] == before.turns, "the last good state was damaged"
        return int(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=40, help="kills at each step of a save")
    parser.add_argument("--random-kills", type=int, default=60)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--writes", type=int, default=60)
    args = parser.parse_args()
    started = time.monotonic()
    stepped, steps = kills_at_steps(args.kills)
    print(f"kills at each of {len(steps)} steps of a save: {stepped}, every one recovered")
    print(f"kills at random instants: {random_kills(args.random_kills)}, every one recovered")
    writes, conflicts = concurrent_writes(args.writers, args.writes)
    print(
        f"concurrent writes: {writes} by {args.writers} processes ({conflicts} conflicts retried), none lost"
    )
    print(f"saves refused by the disk: {refusing_disk(20)} of 20, each a clean error, last good state kept")
    tried, handled, kinds = sweep_inputs()
    print(f"bad inputs tried: {tried} ({kinds} kinds), handled cleanly: {handled}")
    print(f"({time.monotonic() - started:.0f} s)")
    if handled != tried:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
