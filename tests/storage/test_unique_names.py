"""Project names stay unique when consultants create at one moment, on the folder store and the database."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import psycopg
import pytest

from storage import Sealer, new_key, open_storage
from wizard_core import make_advisor, open_wizard
from wizard_core.errors import InputError, StorageError

REPO = Path(__file__).resolve().parents[2]
NAME = "12 King St"

# One consultant's `new`, started at the same moment as the others (after the go file appears).
CREATE = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from storage import open_storage
    from wizard_core import make_advisor, open_wizard
    from wizard_core.errors import WizardError

    store, go, name = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    wizard = open_wizard(open_storage(store), make_advisor("offline"))
    while not go.exists():
        time.sleep(0.001)
    try:
        print("created", wizard.start_project(name).project_id)
    except WizardError as error:
        print("refused", error)
    """
)


def _create_at_once(store: str, names: list[str], tmp_path: Path) -> list[str]:
    go = tmp_path / "go"
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", CREATE, store, str(go), name],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in names
    ]
    time.sleep(2.0)  # every process has opened its store and waits
    go.touch()
    outputs = [p.communicate(timeout=120) for p in processes]
    assert all(p.returncode == 0 for p in processes), [err for _, err in outputs]
    return [out.strip() for out, _ in outputs]


@pytest.fixture(params=["tinydb", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "tinydb":
        return str(tmp_path / "data")
    return str(request.getfixturevalue("pg_url"))


def test_six_processes_creating_one_name_leave_one_project(target: str, tmp_path: Path) -> None:
    spellings = [NAME, NAME, "12 king st", "12  King St", NAME, " 12 KING ST "]
    results = _create_at_once(target, spellings, tmp_path)

    assert sum(r.startswith("created") for r in results) == 1, results
    refused = [r for r in results if r.startswith("refused")]
    assert len(refused) == 5 and all("is already named" in r for r in refused), refused
    listed = open_storage(target).list_projects()
    assert len(listed) == 1 and " ".join(listed[0].name.split()).casefold() == "12 king st"


def test_six_threads_creating_one_name_leave_one_project(target: str) -> None:
    wizard = open_wizard(open_storage(target), make_advisor("offline"))
    barrier = threading.Barrier(6)
    results: list[str] = []

    def create() -> None:
        barrier.wait()
        try:
            results.append(f"created {wizard.start_project(NAME).project_id}")
        except InputError as error:
            results.append(f"refused {error}")

    threads = [threading.Thread(target=create) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sum(r.startswith("created") for r in results) == 1, results
    assert sum("is already named" in r for r in results) == 5
    assert [s.name for s in wizard.list_projects()] == [NAME]


def test_renames_to_one_name_at_once_leave_one(target: str) -> None:
    wizard = open_wizard(open_storage(target), make_advisor("offline"))
    ids = [wizard.start_project(f"Project {n}").project_id for n in range(4)]
    barrier = threading.Barrier(4)
    refused: list[str] = []

    def rename(project_id: str) -> None:
        barrier.wait()
        try:
            wizard.rename_project(project_id, NAME)
        except InputError as error:
            refused.append(str(error))

    threads = [threading.Thread(target=rename, args=(pid,)) for pid in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    names = sorted(s.name for s in wizard.list_projects())
    assert names.count(NAME) == 1 and len(refused) == 3


def test_a_project_sealed_under_a_key_this_session_lacks_blocks_a_new_name(target: str) -> None:
    key = new_key()
    open_wizard(open_storage(target, sealer=Sealer(key)), make_advisor("offline")).start_project(NAME)
    # A store from before the key check: take its check away, so only the records say they are sealed.
    _drop_key_check(target)
    keyless = open_wizard(open_storage(target, sealer=None), make_advisor("offline"))
    with pytest.raises(StorageError) as caught:
        keyless.start_project(NAME)
    assert "cannot be checked" in str(caught.value) and "WIZARD_ENCRYPTION_KEY" in str(caught.value)
    assert len(open_storage(target, sealer=Sealer(key)).list_projects()) == 1


def _drop_key_check(target: str) -> None:
    if target.startswith("postgresql://"):
        with psycopg.connect(target) as conn:
            conn.execute("DELETE FROM wizard_settings WHERE name = 'key_check'")
    else:
        (Path(target) / "settings.json").unlink()


def test_an_old_database_with_duplicate_names_opens_and_keeps_them(pg_url: str) -> None:
    store = open_storage(pg_url)
    wizard = open_wizard(store, make_advisor("offline"))
    first = wizard.start_project(NAME)
    other = wizard.start_project("Other")
    with psycopg.connect(pg_url) as conn:  # as a database from before the unique index held them
        conn.execute("DROP INDEX wizard_projects_name_key")
        conn.execute("ALTER TABLE wizard_projects DROP COLUMN name_key")
        conn.execute("UPDATE wizard_projects SET name = %s WHERE id = %s", (NAME, other.project_id))
    store.close()  # type: ignore[attr-defined]

    reopened = open_storage(pg_url)  # the migration runs: the duplicates stay, unkeyed
    wizard = open_wizard(reopened, make_advisor("offline"))
    assert sorted(s.project_id for s in wizard.list_projects()) == sorted(
        [first.project_id, other.project_id]
    )
    with pytest.raises(InputError, match="already named"):
        wizard.start_project(NAME)
    with psycopg.connect(pg_url) as conn:
        keys = conn.execute("SELECT name_key FROM wizard_projects").fetchall()
    assert keys == [(None,), (None,)]
    wizard.rename_project(other.project_id, "Other again")  # a rename gives it its key
    with psycopg.connect(pg_url) as conn:
        conn.execute("UPDATE wizard_projects SET name = 'x' WHERE id = %s", (first.project_id,))
        with pytest.raises(psycopg.errors.UniqueViolation):  # the index holds from now on
            conn.execute(
                "INSERT INTO wizard_projects (id, name, record, revision, schema_version, updated_at, "
                "summary, name_key) SELECT 'dup', name, record, revision, schema_version, "
                "updated_at, summary, name_key FROM wizard_projects WHERE id = %s",
                (other.project_id,),
            )
    reopened.close()  # type: ignore[attr-defined]
