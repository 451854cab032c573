"""``python -m wizard_core import-matrix``, run as a real process against a real TinyDB folder."""

from __future__ import annotations

from pathlib import Path

from storage import TinyDBStorage
from tests.sheet.full_project import fill
from tests.support import Clock
from tests.test_cli import run
from wizard_core import open_wizard

TEMPLATE = Path(__file__).parent / "data" / "OBC_2024_PART3.csv"


def test_import_prints_the_new_projects_id_last_and_the_project_exports_again(tmp_path):
    store = tmp_path / "data"
    wizard = open_wizard(TinyDBStorage(store), clock=Clock())
    workbook = tmp_path / "office.xlsx"
    workbook.write_bytes(wizard.export(wizard.load_project(fill(wizard)), "xlsx"))

    done = run("import-matrix", str(workbook), "--name", "Office from file", store=store)
    assert done.returncode == 0, done.stderr
    project_id = done.stdout.strip().splitlines()[-1]
    assert "Imported 27 answers" in done.stderr
    listed = run("projects", store=store)
    assert "Office from file" in listed.stdout
    exported = run("export", project_id, "--format", "json", store=store)
    assert '"imported_from": "office.xlsx"' in exported.stdout


def test_import_of_the_template_csv_names_what_it_left_to_do(tmp_path):
    done = run("import-matrix", str(TEMPLATE), store=tmp_path / "data")
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.strip().splitlines()[-1]) == 32  # the id
    assert "3.17" in done.stderr and "left to do" in done.stderr


def test_a_bad_file_is_one_line_exit_2_and_no_project(tmp_path):
    bad = tmp_path / "notes.xlsx"
    bad.write_text("just some notes")
    done = run("import-matrix", str(bad), store=tmp_path / "data")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and "No project was created" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert run("projects", store=tmp_path / "data").stdout.strip() == ""


def test_a_missing_file_is_named(tmp_path):
    done = run("import-matrix", str(tmp_path / "absent.xlsx"), store=tmp_path / "data")
    assert done.returncode == 2 and "absent.xlsx" in done.stderr
