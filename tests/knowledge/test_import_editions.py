"""Imported code text through the real command line: editions kept apart, listed, removed, kept private.

Each test runs on a data folder in tmp_path and on a fresh PostgreSQL database (``pg_url``).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from tests.code_text import article, code_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["folder", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "folder":
        return str(tmp_path / "data")
    return str(request.getfixturevalue("pg_url"))


def kb(*args: str, store: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI")}
    return subprocess.run(
        [sys.executable, "-m", "wizard_core", "kb", *args, "--store", store],
        cwd=ROOT,
        env={**environment, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=lambda: os.umask(0o022),  # the usual umask, which would leave files world-readable
    )


def ok(*args: str, store: str, env: dict[str, str] | None = None) -> str:
    done = kb(*args, store=store, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def listed(store: str) -> list[dict]:
    return json.loads(ok("list", "--format", "json", store=store))


def obc(tmp_path: Path, count: int = 5, name: str = "obc.txt", part: int = 7) -> Path:
    path = tmp_path / name
    path.write_text(code_text(count, part=part), encoding="utf-8")
    return path


def test_the_same_file_under_another_edition_is_kept_beside_the_first(tmp_path: Path, store: str) -> None:
    path = obc(tmp_path)
    assert "as 'obc'" in ok("import", str(path), "--edition", "2024", store=store)
    second = ok("import", str(path), "--edition", "2012", store=store)
    assert "as 'obc-2012'" in second
    assert "The import obc (2024 edition, from obc.txt, 5 articles) is kept beside it" in second
    today = date.today().isoformat()
    assert listed(store) == [
        {"name": "obc", "edition": "2024", "source": "obc.txt", "articles": 5, "imported": today},
        {"name": "obc-2012", "edition": "2012", "source": "obc.txt", "articles": 5, "imported": today},
    ]


def test_the_same_file_and_edition_replaces_the_import_and_says_so(tmp_path: Path, store: str) -> None:
    ok("import", str(obc(tmp_path, 5)), store=store)
    ok("import", str(obc(tmp_path, 5)), "--edition", "2012", store=store)
    again = ok("import", str(obc(tmp_path, 4)), "--edition", "2012", store=store)  # the file, amended
    assert "as 'obc-2012'" in again and "It replaces the earlier import of the same file and edition" in again
    assert "kept beside" not in again
    assert [(i["name"], i["edition"], i["articles"]) for i in listed(store)] == [
        ("obc", "2024", 5),
        ("obc-2012", "2012", 4),
    ]


def test_another_file_under_a_taken_name_is_kept_beside_it(tmp_path: Path, store: str) -> None:
    ok("import", str(obc(tmp_path, 5)), "--name", "OBC", store=store)
    other = ok("import", str(obc(tmp_path, 3, name="compendium.txt", part=8)), "--name", "OBC", store=store)
    assert "as 'obc-2024'" in other and "kept beside it" in other
    assert [(i["name"], i["source"]) for i in listed(store)] == [
        ("obc", "obc.txt"),
        ("obc-2024", "compendium.txt"),
    ]


def test_kb_list_shows_each_import_in_columns(tmp_path: Path, store: str) -> None:
    assert "No code text is imported" in ok("list", store=store)
    ok("import", str(obc(tmp_path)), "--edition", "2012", store=store)
    header, row = ok("list", store=store).splitlines()
    assert header.split() == ["NAME", "EDITION", "SOURCE", "FILE", "ARTICLES", "IMPORTED"]
    assert row.split() == ["obc", "2012", "obc.txt", "5", date.today().isoformat()]


def test_kb_remove_removes_one_import_and_refuses_an_unknown_name(tmp_path: Path, store: str) -> None:
    text = code_text(3) + "\n".join(article("3.2.4.1", "Zorblat Alarm Rules", noun="zorblat"))
    (tmp_path / "mine.txt").write_text(text, encoding="utf-8")
    ok("import", str(tmp_path / "mine.txt"), store=store)
    ok("import", str(obc(tmp_path)), store=store)
    unknown = kb("remove", "nothing-here", store=store)
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert "No imported code text is named 'nothing-here'; the imports are mine, obc." in unknown.stderr
    assert [i["name"] for i in listed(store)] == ["mine", "obc"]  # nothing was removed
    found = json.loads(ok("search", "zorblat enclosure duct", "--format", "json", store=store))
    assert found[0]["id"] == "3.2.4.1" and found[0]["origin"] == "imported"

    removed = ok("remove", "Mine", store=store)  # as typed: the stored name is found
    assert removed.strip() == (
        "Removed mine (2024 edition, from mine.txt, 4 articles); the advisor no longer quotes it."
    )
    assert [i["name"] for i in listed(store)] == ["obc"]
    found = json.loads(ok("search", "zorblat enclosure duct", "--format", "json", store=store))
    assert all(hit["origin"] != "imported" or hit["id"] != "3.2.4.1" for hit in found)
    assert kb("remove", "mine", store=store).returncode == 2  # already gone


def test_a_file_name_with_line_breaks_stays_one_line_of_the_listing(tmp_path: Path, store: str) -> None:
    path = tmp_path / "obc\n## 9.9.9.9 | Planted\nEdition: 1999.txt"
    path.write_text(code_text(3), encoding="utf-8")
    ok("import", str(path), "--name", "planted", store=store)
    [info] = listed(store)
    assert info["source"] == "obc ## 9.9.9.9 | Planted Edition: 1999.txt"
    assert (info["edition"], info["articles"]) == ("2024", 3)


def _modes(folder: Path) -> dict[str, int]:
    """The permission bits of ``folder`` and everything in it, by path relative to its parent."""
    paths = [folder, *folder.rglob("*")]
    return {str(p.relative_to(folder.parent)): stat.S_IMODE(p.stat().st_mode) for p in paths}


def test_an_import_writes_files_only_its_owner_can_read(tmp_path: Path, store: str) -> None:
    cache = tmp_path / "cache"
    ok("import", str(obc(tmp_path)), store=store, env={"WIZARD_CACHE_DIR": str(cache)})
    ok("search", "widget clearances", store=store, env={"WIZARD_CACHE_DIR": str(cache)})
    # A folder keeps the text in knowledge/imported/; a database's replica copies it into the cache.
    written = tmp_path / "data" / "knowledge" if store.endswith("data") else cache
    modes = _modes(written)
    assert any(name.endswith("obc.md") for name in modes)
    assert any(name.endswith(".index.sqlite3") for name in modes)
    for name, mode in modes.items():
        expected = 0o700 if (written.parent / name).is_dir() else 0o600
        assert mode == expected, f"{name}: {oct(mode)}"
