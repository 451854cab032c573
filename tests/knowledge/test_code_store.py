"""Where imported code text is kept: a folder or PostgreSQL, one contract; replicas see each other's."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from storage import InMemoryStorage, open_code_texts
from tests.code_text import code_text
from wizard_core import InputError, open_wizard
from wizard_core.knowledge.code_import import import_code_text
from wizard_core.knowledge.code_store import CodeTextStore, FolderCodeTexts
from wizard_core.knowledge.code_sync import REFRESH_SECONDS
from wizard_core.wiring import forget_content

MARKDOWN = "\n".join(
    [
        "# Imported code text: demo",
        "",
        "Edition: 2024",
        "",
        "## 9.9.9.9 | Trellis Spacing",
        "(1) Trellises shall be spaced apart.",
    ]
)


class Clock:
    """A monotonic clock the test moves by hand, so the refresh interval passes without sleeping."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def fresh_services():
    forget_content()
    yield
    forget_content()


@pytest.fixture(params=["folder", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> CodeTextStore:
    """Each contract test runs once on a folder and once on a PostgreSQL database."""
    if request.param == "folder":
        return FolderCodeTexts(tmp_path / "data" / "knowledge" / "imported")
    found = open_code_texts(request.getfixturevalue("pg_url"))
    assert found is not None
    return found


def test_a_write_is_listed_read_back_and_moves_the_version(store: CodeTextStore):
    empty = store.version()
    assert store.names() == [] and store.read("demo") is None
    store.write("demo", MARKDOWN)
    assert store.names() == ["demo"]
    assert store.read("demo") == MARKDOWN
    first = store.version()
    assert first != empty
    store.write("demo", MARKDOWN.replace("spaced", "spaced apart"))
    assert store.version() != first
    assert "spaced apart" in (store.read("demo") or "")


def test_a_removal_moves_the_version_and_a_missing_name_changes_nothing(store: CodeTextStore):
    store.write("a-first", MARKDOWN)
    store.write("b-later", MARKDOWN)
    before = store.version()
    assert store.remove("a-first") is True
    assert store.names() == ["b-later"] and store.read("a-first") is None
    after = store.version()
    assert after != before
    assert store.remove("a-first") is False
    assert store.version() == after


@pytest.mark.parametrize(
    "name", ["../escape", "/etc/passwd", "a/b", "UPPER", "", "x" * 61, "dot.md", "nul\x00"]
)
def test_a_hostile_name_is_refused_and_nothing_is_stored(store: CodeTextStore, tmp_path: Path, name: str):
    before = store.version()
    with pytest.raises(InputError, match="not a usable import name"):
        store.write(name, MARKDOWN)
    assert store.read(name) is None and store.remove(name) is False
    assert store.names() == [] and store.version() == before
    assert not (tmp_path / "escape.md").exists() and not (tmp_path / "data" / "escape.md").exists()


def test_an_import_goes_to_the_store_and_a_file_that_is_not_code_text_changes_nothing(
    store: CodeTextStore, tmp_path: Path
):
    source = tmp_path / "My Code.txt"
    source.write_text(code_text(4), encoding="utf-8")
    result = import_code_text(source, store, edition="2012")
    assert (result.name, result.articles) == ("my-code", 4)
    assert store.names() == ["my-code"]
    assert "## 7.1.1.2 | Sprocket Clearances" in (store.read("my-code") or "")
    before = store.version()
    bad = tmp_path / "notes.txt"
    bad.write_text("Just a shopping list.\nMilk\n", encoding="utf-8")
    with pytest.raises(InputError, match="does not look like building-code text"):
        import_code_text(bad, store, name="my-code")
    assert store.version() == before and "Sprocket" in (store.read("my-code") or "")


def test_an_import_in_one_replica_reaches_the_other_after_the_refresh_interval(pg_url: str, tmp_path: Path):
    clock_a, clock_b = Clock(), Clock()
    a = open_wizard(
        InMemoryStorage(),
        code_texts=open_code_texts(pg_url),
        mirror_dir=tmp_path / "replica-a",
        refresh_clock=clock_a,
    )
    b = open_wizard(
        InMemoryStorage(),
        code_texts=open_code_texts(pg_url),
        mirror_dir=tmp_path / "replica-b",
        refresh_clock=clock_b,
    )
    assert a.knowledge is not b.knowledge  # two replicas, each with its own copy and index
    source = tmp_path / "code.txt"
    source.write_text(code_text(3, part=8), encoding="utf-8")
    a.import_code(source, name="Team Copy")
    assert a.excerpt("8.1.1.1") is not None  # the importer uses it at once

    assert b.imports() == ["team-copy"]  # the list is read from the database
    clock_b.now += REFRESH_SECONDS / 2
    assert b.refresh_code_text() is False and b.excerpt("8.1.1.1") is None  # not asked yet
    clock_b.now += REFRESH_SECONDS
    assert b.refresh_code_text() is True
    found = b.excerpt("8.1.1.1")
    assert found is not None and found[1] is True  # the imported text, not a note
    assert b.imported_articles("team-copy") == 3

    assert a.remove_import("team-copy") is True
    clock_b.now += REFRESH_SECONDS + 1
    project = b.start_project("Warehouse")
    b.process_user_response(project.project_id, "New construction")  # a turn looks first
    assert b.excerpt("8.1.1.1") is None


def test_a_name_planted_in_the_database_is_never_written_outside_the_copy(pg_url: str, tmp_path: Path):
    store = open_code_texts(pg_url)
    assert store is not None
    store.write("good", MARKDOWN)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("INSERT INTO wizard_code_text (name, body) VALUES ('../../planted', %s)", (MARKDOWN,))
        conn.execute("UPDATE code_text_version SET counter = counter + 1")
    wizard = open_wizard(InMemoryStorage(), code_texts=store, mirror_dir=tmp_path / "copy" / "here")
    assert wizard.excerpt("9.9.9.9") is not None  # the good import is used
    assert sorted(p.name for p in (tmp_path / "copy" / "here").glob("*.md")) == ["good.md"]
    assert not list(tmp_path.rglob("planted*"))
    assert any("unusable name" in problem for problem in wizard.import_problems)


def test_migrate_copies_a_folders_code_text_into_the_database_once(pg_url: str, tmp_path: Path, capsys):
    from wizard_core.cli import main

    data = tmp_path / "laptop"
    source = tmp_path / "code.txt"
    source.write_text(code_text(3), encoding="utf-8")
    import_code_text(source, data, name="My Copy")
    assert main(["migrate", "--from", str(data), "--to", pg_url]) == 0
    assert "Code text: 1 copied, 0 already there" in capsys.readouterr().out
    database = open_code_texts(pg_url)
    assert database is not None and database.names() == ["my-copy"]
    assert database.read("my-copy") == (data / "knowledge" / "imported" / "my-copy.md").read_text("utf-8")
    assert main(["migrate", "--from", str(data), "--to", pg_url]) == 0
    assert "Code text: 0 copied, 1 already there" in capsys.readouterr().out


def test_the_command_line_imports_into_a_database_and_searches_it(
    pg_url: str, tmp_path: Path, capsys, monkeypatch
):
    import json

    from wizard_core.cli import main

    monkeypatch.setenv("WIZARD_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "office copy.txt"
    source.write_text(code_text(4), encoding="utf-8")
    assert main(["kb", "import", str(source), "--store", pg_url, "--name", "Office copy"]) == 0
    assert "Imported 4 articles" in capsys.readouterr().out
    database = open_code_texts(pg_url)
    assert database is not None and database.names() == ["office-copy"]
    assert not Path(pg_url).exists() and not list(Path.cwd().glob("postgresql*"))  # never a folder
    assert main(["kb", "search", "quibble duct", "--k", "1", "--format", "json", "--store", pg_url]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["origin"] == "imported"
