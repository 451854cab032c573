"""What the folder store leaves on disk: private modes, no dead process's leftovers, no names in the clear."""

from __future__ import annotations

import fcntl
import os
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import Sealer, TinyDBStorage, new_key, open_storage
from storage.tinydb_store import INDEX_NAME
from tests.storage.test_storage import _full_state
from wizard_core import make_advisor, open_wizard

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def loose_umask() -> Iterator[None]:
    """The usual umask, so a mode that is private is the store's doing."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def _modes(folder: Path) -> dict[str, str]:
    return {
        str(path.relative_to(folder.parent)): oct(stat.S_IMODE(path.lstat().st_mode))
        for path in [folder, *folder.rglob("*")]
    }


def test_every_file_the_store_writes_is_private(tmp_path: Path, loose_umask: None) -> None:
    data = tmp_path / "data"
    wizard = open_wizard(open_storage(data), make_advisor("offline"))
    project = wizard.start_project("Tower on King St")
    for message in ("It's new construction.", "Group D, offices.", "No, not a mezzanine."):
        wizard.process_user_response(project.project_id, message)
    other = wizard.start_project("Short lived")
    wizard.rename_project(project.project_id, "Tower on King Street")
    wizard.delete_project(other.project_id)
    wizard.save_practice_profile("Studio North", "1 Front St", "Toronto", "A. Architect")
    open_wizard(open_storage(data), make_advisor("offline")).list_projects()  # a fresh process's index

    modes = _modes(data)
    assert any(name.endswith(".1.log") for name in modes) and f"data/projects/{INDEX_NAME}" in modes
    assert any(name.endswith(".lock") for name in modes) and "data/settings.json" in modes
    loose = {
        name: mode
        for name, mode in modes.items()
        if mode != ("0o700" if (tmp_path / name).is_dir() else "0o600")
    }
    assert loose == {}


def test_an_old_store_with_loose_modes_is_made_private_when_opened(tmp_path: Path, loose_umask: None) -> None:
    data = tmp_path / "data"
    TinyDBStorage(data).save_project(_full_state())
    for path in [data, *data.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    TinyDBStorage(data)
    modes = _modes(data / "projects")
    assert set(modes.values()) == {"0o700", "0o600"}, modes


# --- leftovers of processes that died ----------------------------------------------------------


def test_a_killed_save_and_a_failed_new_leave_nothing_once_the_store_is_opened(tmp_path: Path) -> None:
    data = tmp_path / "data"
    TinyDBStorage(data).save_project(_full_state("kept"))
    projects = data / "projects"
    leftovers = [
        projects / ".kept.json.k1ll3d.tmp",  # a save killed before its rename
        projects / ".gone.json.x7y8z9.tmp",  # a first save killed
        projects / "gone.lock",  # a `new` that failed (a full disk) before its project existed
        data / ".settings.json.a1b2c3.tmp",
    ]
    for path in leftovers:
        path.write_text("{")
    TinyDBStorage(data)
    assert [p for p in leftovers if p.exists()] == []
    assert (projects / "kept.lock").exists()  # a lock beside its project stays
    assert TinyDBStorage(data).load_project("kept").name == "Tower on King St"


HOLD = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(60)
"""


def test_a_lock_a_live_process_holds_and_its_temp_file_are_left(tmp_path: Path) -> None:
    data = tmp_path / "data"
    TinyDBStorage(data)
    projects = data / "projects"
    writing = projects / ".busy.json.w0rk1n.tmp"
    writing.write_text("{")
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(projects / "busy.lock")], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        TinyDBStorage(data)
        assert writing.exists() and (projects / "busy.lock").exists()
    finally:
        holder.kill()
        holder.wait()
    TinyDBStorage(data)  # its holder is gone: both are leftovers now
    assert not writing.exists() and not (projects / "busy.lock").exists()


def test_a_lock_held_in_this_process_is_left(tmp_path: Path) -> None:
    data = tmp_path / "data"
    TinyDBStorage(data)
    lock = data / "projects" / "mine.lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        TinyDBStorage(data)
        assert lock.exists()
    finally:
        os.close(fd)


def test_the_summary_index_temp_file_goes_only_when_old(tmp_path: Path) -> None:
    data = tmp_path / "data"
    TinyDBStorage(data)
    fresh, stale = (data / "projects" / f".{INDEX_NAME}.{n}.tmp" for n in ("f1", "s1"))
    fresh.write_text("{")
    stale.write_text("{")
    os.utime(stale, (time.time() - 7200, time.time() - 7200))
    TinyDBStorage(data)
    assert fresh.exists() and not stale.exists()


# --- what the list shows -------------------------------------------------------------------------


def test_only_project_records_are_listed(tmp_path: Path) -> None:
    store = TinyDBStorage(tmp_path / "data")
    store.save_project(_full_state("tower"))
    projects = store.projects_dir
    (projects / "notes.json").write_text('{"todo": ["call the client"]}')
    (projects / "list.json").write_text("[1, 2, 3]")
    (projects / "empty-db.json").write_text('{"_default": {}}')
    (projects / ("0" * 32 + ".json")).write_text("[1, 2, 3]")  # named as the wizard names: a damaged project

    listed = {s.project_id: s.error for s in store.list_projects()}
    assert set(listed) == {"tower", "0" * 32} and listed["tower"] is None and listed["0" * 32]
    assert {s.project_id for s in TinyDBStorage(tmp_path / "data").list_projects()} == {"tower", "0" * 32}


def test_a_huge_name_is_shortened_in_the_list_and_by_projects(tmp_path: Path) -> None:
    store = TinyDBStorage(tmp_path / "data")
    state = _full_state("huge")
    state.name = "Tower " + "x" * 2**20
    store.save_project(state)
    (listed,) = store.list_projects()
    assert len(listed.name) <= 81 and listed.name.startswith("Tower xxx") and listed.name.endswith("…")
    assert store.load_project("huge").name == state.name  # the record keeps it whole

    done = subprocess.run(
        [sys.executable, "-m", "wizard_core", "projects", "--store", str(tmp_path / "data")],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and len(done.stdout) < 400 and "…" in done.stdout


# --- the summary index and encryption --------------------------------------------------------------


def test_an_encrypted_folder_keeps_no_summary_index(tmp_path: Path) -> None:
    data = tmp_path / "data"
    index = data / "projects" / INDEX_NAME
    plain = TinyDBStorage(data, sealer=None)
    plain.save_project(_full_state("tower"))
    plain.list_projects()
    assert b"Tower on King St" in index.read_bytes()  # a plain store's index holds its names

    key = new_key()
    sealed = TinyDBStorage(data, sealer=Sealer(key))  # encryption turned on: the old index goes
    assert not index.exists()
    state = sealed.load_project("tower")
    sealed.save_project(state)
    sealed.list_projects()
    TinyDBStorage(data, sealer=None).list_projects()  # opened without the key: still none
    assert not index.exists()
    everything = b"".join(p.read_bytes() for p in data.rglob("*") if p.is_file())
    assert b"Tower on King St" not in everything
