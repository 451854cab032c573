"""The command line against bad files and bad text: one line on stderr, never a traceback, nothing lost.

Each case runs ``python -m wizard_core`` as a real process on a real TinyDB folder in
``tmp_path``; the hostile files (pipes, links, folders, deep nesting, huge numbers, lone
surrogates) and the invalid bytes on the command line are made by the test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from storage import TinyDBStorage

ROOT = Path(__file__).resolve().parents[1]
GOOD_NAME = "Library on Queen St"


def cli(*args: str | bytes, store: Path, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    """One command as a separate process; bytes arguments reach it as given (invalid UTF-8 included)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "WIZARD_"))}
    return subprocess.run(
        [sys.executable, "-m", "wizard_core", *args, "--store", str(store)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=timeout,
    )


def one_line_error(done: subprocess.CompletedProcess[bytes], code: int = 2) -> str:
    err = done.stderr.decode("utf-8")
    assert done.returncode == code, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and err.startswith("error: ")
    return err


def new_project(store: Path, name: str = GOOD_NAME) -> str:
    done = cli("new", name, store=store)
    assert done.returncode == 0, done.stderr
    return done.stdout.decode().strip()


HOSTILE_FILES: dict[str, Callable[[Path], object]] = {
    "nested 200 000 deep": lambda p: p.write_bytes(b'{"project": {"1": {"name": ' + b"[" * 200_000 + b"}}}"),
    "a revision of 5 000 digits": lambda p: p.write_bytes(
        b'{"project": {"1": {"project_id": "x", "revision": ' + b"9" * 5000 + b"}}}"
    ),
    "a pipe": os.mkfifo,
    "a link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
    "a folder": lambda p: p.mkdir(),
    "invalid UTF-8": lambda p: p.write_bytes(b'{"project": {"1": {"name": "\xc3\x28"}}}'),
}


@pytest.mark.parametrize("kind", HOSTILE_FILES)
def test_one_hostile_project_file_never_takes_the_others_down(tmp_path: Path, kind: str) -> None:
    good = new_project(tmp_path)
    HOSTILE_FILES[kind](tmp_path / "projects" / "bad.json")

    listed = cli("projects", "--format", "json", store=tmp_path, timeout=30)
    assert listed.returncode == 0 and b"Traceback" not in listed.stderr
    rows = {row["project_id"]: row for row in json.loads(listed.stdout)}
    assert set(rows) == {good, "bad"} and "error" not in rows[good]
    assert "projects/bad.json cannot be read" in rows["bad"]["error"]
    text = cli("projects", store=tmp_path, timeout=30)
    assert text.returncode == 0 and GOOD_NAME.encode() in text.stdout

    for command in (
        ["export", "bad"],
        ["summary", "bad"],
        ["context", "bad"],
        ["check", "bad"],
        ["say", "bad", "hi"],
    ):
        assert "projects/bad.json cannot be read" in one_line_error(cli(*command, store=tmp_path, timeout=30))
    export = cli("export", good, "--format", "json", store=tmp_path)
    assert export.returncode == 0 and json.loads(export.stdout)["name"] == GOOD_NAME


def test_a_lone_surrogate_in_a_stored_name_is_shown_as_a_replacement_character(tmp_path: Path) -> None:
    TinyDBStorage(tmp_path)  # makes the folder
    (tmp_path / "projects" / "odd.json").write_bytes(
        b'{"project": {"1": {"project_id": "odd", "name": "Caf\\udce9 on King", "schema_version": 1}}}'
    )
    for fmt in ("text", "json"):
        done = cli("projects", "--format", fmt, store=tmp_path)
        assert done.returncode == 0 and b"Traceback" not in done.stderr
        assert "Caf\ufffd on King".encode() in done.stdout or b"Caf\\ufffd on King" in done.stdout


BROKEN_TEXT = {
    "invalid UTF-8": b"Renovation \xff\xfe of the ground floor",
    "an encoded lone surrogate": b"Renovation \xed\xa0\x80 of the ground floor",
}


@pytest.mark.parametrize("kind", BROKEN_TEXT)
def test_say_with_broken_text_is_refused_and_changes_nothing(tmp_path: Path, kind: str) -> None:
    project = new_project(tmp_path)
    before = {p.name: p.read_bytes() for p in (tmp_path / "projects").iterdir()}
    err = one_line_error(cli("say", project, BROKEN_TEXT[kind], store=tmp_path))
    assert "not valid text at position 12" in err and "nothing was saved" in err
    assert {p.name: p.read_bytes() for p in (tmp_path / "projects").iterdir()} == before


@pytest.mark.parametrize("kind", BROKEN_TEXT)
def test_new_with_a_broken_name_creates_nothing_and_leaves_no_lock(tmp_path: Path, kind: str) -> None:
    err = one_line_error(cli("new", BROKEN_TEXT[kind], store=tmp_path))
    assert "project name has a character that is not valid text" in err
    assert list((tmp_path / "projects").iterdir()) == []


def _transcript(messages: list[object], name: str = "Hostile transcript") -> bytes:
    return json.dumps({"name": name, "messages": messages}).encode()


BAD_TRANSCRIPTS: dict[str, tuple[Callable[[Path], object], str]] = {
    "a lone surrogate in message 3": (
        lambda p: p.write_bytes(_transcript(["New construction", "Group D", "Sprinklered \ud800 yes"])),
        "message 3: The message has a character that is not valid text",
    ),
    "a lone surrogate in the name": (
        lambda p: p.write_bytes(_transcript(["New construction"], name="Caf\udce9")),
        "is not a transcript (name: Input should be a valid string, unable to parse raw data as a unicode",
    ),
    "invalid UTF-8": (lambda p: p.write_bytes(b'{"name": "x", "messages": ["\xff"]}'), "is not UTF-8 text"),
    "nested 100 000 deep": (lambda p: p.write_bytes(b"[" * 100_000), "nested too deeply"),
    "a number of 5 000 digits": (
        lambda p: p.write_bytes(b'{"name": "x", "messages": ["a"], "n": ' + b"1" * 5000 + b"}"),
        "huge number",
    ),
    "a pipe": (os.mkfifo, "it is a pipe, not a file"),
    "a link to /dev/zero": (lambda p: p.symlink_to("/dev/zero"), "it is a device, not a file"),
    "a folder": (lambda p: p.mkdir(), "it is a folder, not a file"),
}


@pytest.mark.parametrize("kind", BAD_TRANSCRIPTS)
def test_a_bad_transcript_is_refused_before_anything_is_written(tmp_path: Path, kind: str) -> None:
    make, expected = BAD_TRANSCRIPTS[kind]
    path = tmp_path / "transcript.json"
    make(path)
    store = tmp_path / "store"
    err = one_line_error(cli("replay", str(path), store=store, timeout=30))
    assert expected in err
    assert not (store / "projects").exists() or list((store / "projects").iterdir()) == []


BAD_IMPORTS: dict[str, tuple[Callable[[Path], object], str]] = {
    "a pipe": (os.mkfifo, "Cannot read code.txt: it is a pipe, not a file."),
    "a link to /dev/zero": (lambda p: p.symlink_to("/dev/zero"), "it is a device, not a file"),
    "a folder": (lambda p: p.mkdir(), "it is a folder, not a file"),
}


@pytest.mark.parametrize("kind", BAD_IMPORTS)
def test_importing_a_file_that_is_not_a_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    make, expected = BAD_IMPORTS[kind]
    make(tmp_path / "code.txt")
    err = one_line_error(
        cli("kb", "import", str(tmp_path / "code.txt"), store=tmp_path / "store", timeout=30)
    )
    assert expected in err
    assert not (tmp_path / "store" / "knowledge").exists()


def test_say_with_help_after_the_project_sends_nothing_and_says_how(tmp_path: Path) -> None:
    project = new_project(tmp_path)
    before = (tmp_path / "projects" / f"{project}.json").read_bytes()
    err = one_line_error(cli("say", project, "-h", store=tmp_path))
    assert "nothing was done" in err and "-- -h" in err
    assert (tmp_path / "projects" / f"{project}.json").read_bytes() == before
    helped = cli("say", "-h", store=tmp_path)
    assert helped.returncode == 0 and b"usage:" in helped.stdout


def test_a_symlinked_lock_is_refused_in_one_line_and_nothing_is_created_outside(tmp_path: Path) -> None:
    project = new_project(tmp_path)
    outside = tmp_path / "outside.txt"
    lock = tmp_path / "projects" / f"{project}.lock"
    lock.unlink(missing_ok=True)
    lock.symlink_to(outside)
    err = one_line_error(cli("say", project, "New construction", store=tmp_path))
    assert f"projects/{project}.lock" in err and "link" in err
    assert not outside.exists()
