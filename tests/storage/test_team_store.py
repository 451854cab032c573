"""The wizard on a team's database, end to end through the command line: replays and moving stores."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from storage import Sealer, new_key, open_storage
from tests.pg_server import PgServer
from tests.storage.test_storage import _full_state
from wizard_core import StorageError, make_advisor, open_wizard

REPO = Path(__file__).resolve().parents[2]
TRANSCRIPT = REPO / "tests" / "transcripts" / "house-conversion-vague.json"


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wizard_core", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


def _answers(report: dict[str, Any]) -> dict[str, Any]:
    return {section: (a["answer"], a["value"]) for section, a in report["answers"].items()}


def _replay(store: str) -> dict[str, Any]:
    done = _cli("replay", str(TRANSCRIPT), "--store", store, "--format", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _close(url: str) -> None:
    open_storage(url, sealer=None).close()  # type: ignore[attr-defined]


def test_a_transcript_replayed_into_postgresql_gives_the_same_answers_as_into_tinydb(
    pg_url: str, tmp_path: Path
) -> None:
    into_folder = _replay(str(tmp_path / "data"))
    into_database = _replay(pg_url)
    assert _answers(into_database) == _answers(into_folder)
    assert into_database["current_section"] == into_folder["current_section"]
    assert len(into_folder["answers"]) >= 5
    listed = _cli("projects", "--store", pg_url)
    assert listed.returncode == 0 and into_database["project_id"] in listed.stdout


def test_six_concurrent_replays_into_one_database_all_complete(pg_url: str, tmp_path: Path) -> None:
    transcripts = []
    for n in range(6):  # six consultants, six projects (names are unique in a store)
        transcript = json.loads(TRANSCRIPT.read_text()) | {"name": f"House conversion {n}"}
        transcripts.append(tmp_path / f"t{n}.json")
        transcripts[-1].write_text(json.dumps(transcript))
    replays = [
        subprocess.Popen(
            [sys.executable, "-m", "wizard_core", "replay", str(path), "--store", pg_url, "--format", "json"],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for path in transcripts
    ]
    outputs = [p.communicate(timeout=300) for p in replays]
    assert [p.returncode for p in replays] == [0] * 6, [err for _, err in outputs]
    reports = [json.loads(out) for out, _ in outputs]
    assert len({r["project_id"] for r in reports}) == 6
    assert all(_answers(r) == _answers(reports[0]) for r in reports)
    store = open_storage(pg_url)
    assert sorted(s.project_id for s in store.list_projects()) == sorted(r["project_id"] for r in reports)
    store.close()  # type: ignore[attr-defined]


def test_migrate_moves_a_folder_into_the_database_and_back_and_is_idempotent(
    pg_url: str, tmp_path: Path
) -> None:
    folder, back = str(tmp_path / "data"), str(tmp_path / "back")
    replayed = _replay(folder)
    open_storage(folder).save_project(_full_state())

    first = _cli("migrate", "--from", folder, "--to", pg_url)
    assert first.returncode == 0, first.stderr
    assert "2 copied, 0 already there, 0 conflicting, 0 unreadable" in first.stdout
    second = _cli("migrate", "--from", folder, "--to", pg_url)
    assert "0 copied, 2 already there" in second.stdout and "Nothing to copy" in second.stdout

    database = open_storage(pg_url)
    moved = database.load_project(replayed["project_id"])
    original = open_storage(folder).load_project(replayed["project_id"])
    assert moved == original and moved.revision == original.revision > 1  # revisions kept
    moved.name = "Renamed in the database"
    database.save_project(moved)  # the team goes on working: the revision check still holds

    again = _cli("migrate", "--from", folder, "--to", pg_url)
    assert "0 copied, 1 already there, 1 conflicting" in again.stdout
    assert f"conflicting (left as it is in the destination): {replayed['project_id']}" in again.stdout
    assert database.load_project(replayed["project_id"]).name == "Renamed in the database"

    out = _cli("migrate", "--from", pg_url, "--to", back)
    assert "2 copied" in out.stdout
    assert open_storage(back).load_project(replayed["project_id"]).name == "Renamed in the database"
    database.close()  # type: ignore[attr-defined]


def test_migrate_re_encrypts_under_a_new_key_named_by_variable(pg_url: str, tmp_path: Path) -> None:
    old_key, new = new_key(), new_key()
    folder = str(tmp_path / "data")
    open_storage(folder, sealer=Sealer(old_key)).save_project(_full_state())
    env = {"WIZARD_ENCRYPTION_KEY": old_key, "TEAM_KEY": new}

    done = _cli("migrate", "--from", folder, "--to", pg_url, "--to-key-env", "TEAM_KEY", env=env)
    assert done.returncode == 0, done.stderr
    assert "1 copied" in done.stdout
    assert old_key not in done.stdout + done.stderr and new not in done.stdout + done.stderr
    assert open_storage(pg_url, sealer=Sealer(new)).load_project("tower-king-st").name == "Tower on King St"
    with pytest.raises(Exception, match="another key"):
        open_storage(pg_url, sealer=Sealer(old_key)).load_project("tower-king-st")

    wrong = _cli("migrate", "--from", folder, "--to", str(tmp_path / "x"), env={"WIZARD_ENCRYPTION_KEY": new})
    assert "0 copied" in wrong.stdout and "1 unreadable" in wrong.stdout and "another key" in wrong.stdout
    _close(pg_url)


def test_migrate_refuses_a_bad_target_and_copies_nothing(tmp_path: Path) -> None:
    folder = str(tmp_path / "data")
    open_storage(folder).save_project(_full_state())
    done = _cli("migrate", "--from", folder, "--to", "mysql://team/wizard")
    assert done.returncode == 2 and "postgresql://" in done.stderr and not done.stdout
    same = _cli("migrate", "--from", folder, "--to", folder)
    assert same.returncode == 2 and "same store" in same.stderr


def test_a_turn_whose_save_loses_the_connection_fails_clearly_and_the_next_turn_works(
    pg_url: str, pg_server: PgServer
) -> None:
    store = open_storage(pg_url)
    wizard = open_wizard(store, make_advisor("offline"))
    project = wizard.start_project("Dropped line")
    wizard.process_user_response(project.project_id, "It's a change of use, from a house to a small office.")
    before = wizard.load_project(project.project_id)
    original_write = store.backend.write

    def write_after_the_server_drops_us(*args: object) -> None:
        pg_server.terminate_connections(pg_url)
        original_write(*args)  # type: ignore[arg-type]

    store.backend.write = write_after_the_server_drops_us  # type: ignore[method-assign]
    with pytest.raises(StorageError) as caught:
        wizard.process_user_response(project.project_id, "Group D, offices.")
    assert "could not be saved" in str(caught.value) and "Nothing was saved" in str(caught.value)
    del store.backend.write
    assert wizard.load_project(project.project_id) == before  # nothing half-saved

    result = wizard.process_user_response(project.project_id, "Group D, offices.")  # sent again
    after = wizard.load_project(project.project_id)
    assert after.revision > before.revision and result is not None
    assert [t.message for t in after.turns][-1] == "Group D, offices."
    store.close()  # type: ignore[attr-defined]
