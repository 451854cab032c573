"""`migrate` succeeds only when everything went: a script that removes the source afterwards loses nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import Sealer, new_key, open_storage
from tests.storage.test_storage import _full_state
from wizard_core.cli import main


def test_migrate_exits_0_when_everything_was_copied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, destination = tmp_path / "data", tmp_path / "moved"
    open_storage(source).save_project(_full_state())
    assert main(["migrate", "--from", str(source), "--to", str(destination)]) == 0
    assert main(["migrate", "--from", str(source), "--to", str(destination)]) == 0  # already there
    out = capsys.readouterr()
    assert "1 already there" in out.out and out.err == ""


def test_migrate_fails_naming_a_project_it_could_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source, destination = tmp_path / "data", tmp_path / "moved"
    open_storage(source, sealer=Sealer(new_key())).save_project(_full_state("sealed-elsewhere"))
    (source / "projects" / "broken.json").write_text('{"project": {"1": {"revision": NaN}}}')
    monkeypatch.setenv("WIZARD_ENCRYPTION_KEY", new_key())  # not the key the project was sealed with

    status = main(["migrate", "--from", str(source), "--to", str(destination)])
    out = capsys.readouterr()
    assert status == 1
    assert "0 copied" in out.out and "2 unreadable" in out.out
    assert "2 things were not copied" in out.err and "keep it until they are copied" in out.err
    assert "project broken in the source (The project file projects/broken.json cannot be read" in out.err
    assert "project sealed-elsewhere in the source (" in out.err and "another key" in out.err


def test_migrate_fails_when_the_destination_holds_a_different_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, destination = tmp_path / "data", tmp_path / "moved"
    open_storage(source).save_project(_full_state())
    assert main(["migrate", "--from", str(source), "--to", str(destination)]) == 0
    moved = open_storage(destination)
    state = moved.load_project("tower-king-st")
    state.name = "Changed there"
    moved.save_project(state)
    capsys.readouterr()

    assert main(["migrate", "--from", str(source), "--to", str(destination)]) == 1
    err = capsys.readouterr().err
    assert "1 thing was not copied" in err and "tower-king-st (differs from the source's): not copied" in err
