"""A replay that cannot go on stops and says exactly where; the CLI says so in one line.

The store is a real TinyDB folder; its writes are made to fail (a full disk) at a chosen save,
and the advisor to fail unexpectedly at a chosen message.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from storage import TinyDBStorage, tinydb_files
from wizard_core import cli
from wizard_core.advisors.offline.advisor import OfflineAdvisor

MESSAGES = [
    "New construction: a three storey office building.",
    "Group D, offices only.",
    "Not sprinklered... actually no, it is not a high building.",
    "Building area 1150 m2, all new.",
]


def _transcript(tmp_path: Path) -> Path:
    path = tmp_path / "transcript.json"
    path.write_text(json.dumps({"name": "Office replay", "messages": MESSAGES}), encoding="utf-8")
    return path


def _fail_save(monkeypatch: pytest.MonkeyPatch, number: int) -> None:
    """The ``number``-th write of a project file fails as on a full disk."""
    real = tinydb_files.ProjectFileStorage.write
    count = {"writes": 0}

    def write(self: tinydb_files.ProjectFileStorage, data: dict) -> None:
        count["writes"] += 1
        if count["writes"] == number:
            raise OSError(28, "No space left on device")
        real(self, data)

    monkeypatch.setattr(tinydb_files.ProjectFileStorage, "write", write)


def test_a_store_failing_mid_replay_stops_it_and_names_the_message(tmp_path, monkeypatch, capsys) -> None:
    _fail_save(monkeypatch, 3)  # the project's creation, message 1, then message 2 fails
    store = tmp_path / "store"
    assert cli.main(["replay", str(_transcript(tmp_path)), "--store", str(store)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1
    assert (
        "The replay stopped at message 2 of 4: The project could not be saved (No space left on device)."
        in err
    )
    [summary] = TinyDBStorage(store).list_projects()
    assert f"Project {summary.project_id} holds message 1; nothing after that was sent." in err
    state = TinyDBStorage(store).load_project(summary.project_id)
    assert [t.message for t in state.turns] == [MESSAGES[0]]  # exactly what the message says


def test_an_unexpected_failure_mid_replay_stops_it_in_one_line(tmp_path, monkeypatch, capsys) -> None:
    real = OfflineAdvisor.advise
    calls = {"n": 0}

    def flaky(self: OfflineAdvisor, request: object) -> object:
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("the advisor fell over")
        return real(self, request)

    monkeypatch.setattr(OfflineAdvisor, "advise", flaky)
    store = tmp_path / "store"
    assert cli.main(["replay", str(_transcript(tmp_path)), "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert "The replay stopped at message 3 of 4: an unexpected RuntimeError." in err
    assert "holds messages 1 to 2" in err and "Traceback" not in err


def test_any_other_unexpected_failure_is_one_line_with_status_1(tmp_path, monkeypatch, capsys) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("surprise")

    monkeypatch.setattr(TinyDBStorage, "list_projects", broken)
    assert cli.main(["projects", "--store", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: the wizard failed unexpectedly (KeyError: 'surprise')")
    assert len(err.strip().splitlines()) == 1
