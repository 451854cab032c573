"""Hostile input through the command line, by kind: files, text, transcripts, imports, arguments.

Each case is one ``python -m wizard_core`` process on a fresh data folder holding one good
project. Handled means: status 0 or 2, at most one line on stderr, no traceback, done within
its time limit, the good project still readable, and the API key (set to a marker) nowhere in
the output or the folder. Used by ``bench_reliability.py``; run alone for the list of failures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from storage import TinyDBStorage  # noqa: E402
from tests.code_text import code_text  # noqa: E402
from tests.knowledge.hostile_pdfs import decompression_bomb, slow_pdf  # noqa: E402

KEY = "sk-sweep-marker-0123456789"
Make = Callable[[Path], object]


def _bytes(data: bytes) -> Make:
    return lambda path: path.write_bytes(data)


def _sparse(size: int) -> Make:
    def make(path: Path) -> None:
        with path.open("wb") as handle:
            handle.truncate(size)

    return make


FILES: dict[str, Make] = {
    "nested 200 000 deep": _bytes(b'{"project": {"1": {"name": ' + b"[" * 200_000 + b"}}}"),
    "nested 70 deep": _bytes(b'{"project": {"1": {"name": ' + b"[" * 70 + b"]" * 70 + b"}}}"),
    "revision of 5 000 digits": _bytes(b'{"project": {"1": {"revision": ' + b"9" * 5000 + b"}}}"),
    "number of 31 digits": _bytes(b'{"project": {"1": {"revision": ' + b"9" * 31 + b"}}}"),
    "NaN": _bytes(b'{"project": {"1": {"revision": NaN}}}'),
    "Infinity": _bytes(b'{"project": {"1": {"revision": -Infinity}}}'),
    "lone surrogate in the name": _bytes(b'{"project": {"1": {"project_id": "x", "name": "A\\udc80B"}}}'),
    "invalid UTF-8": _bytes(b'{"project": {"1": {"name": "\xc3\x28"}}}'),
    "encoded surrogate": _bytes(b'{"project": {"1": {"name": "\xed\xa0\x80"}}}'),
    "a pipe": os.mkfifo,
    "a link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
    "a dangling link": lambda p: p.symlink_to(p.parent / "nowhere"),
    "a folder": lambda p: p.mkdir(),
    "17 MB of nothing": _sparse(17 * 2**20),
    "empty": _bytes(b""),
    "truncated JSON": _bytes(b'{"project": {"1": {"name": "x'),
    "a JSON list": _bytes(b"[1, 2, 3]"),
    "the wrong shape": _bytes(b'{"project": {"1": {"finalized_answers": "none"}}}'),
    "from a newer wizard": _bytes(b'{"project": {"1": {"schema_version": 99}}}'),
    "binary garbage": _bytes(os.urandom(4096)),
    "a log description out of range": _bytes(
        b'{"project": {"1": {"project_id": "x", "logs": {"turns": {"start": 0, "count": 9}, '
        b'"decisions": {"start": 0, "count": 0}, "written": 0}}}}'
    ),
}
COMMANDS = [
    ["projects"],
    ["projects", "--format", "json"],
    ["export", "bad"],
    ["export", "bad", "--format", "csv"],
    ["summary", "bad"],
    ["context", "bad"],
    ["check", "bad"],
    ["say", "bad", "Group D"],
]
TEXTS: dict[str, bytes] = {
    "invalid UTF-8": b"Group \xff\xfe D",
    "an encoded surrogate": b"Group \xed\xa0\x80 D",
    "terminal escapes": b"\x1b[2J\x1b[31mGroup D\x07",
    "bidirectional overrides": "Group \u202eD\u202c".encode(),
    "4 001 characters": b"W" * 4001,
    "only blanks": b"   \t  ",
    "-h after the project": b"-h",
    "--help after the project": b"--help",
    "zero-width characters": "Gr\u200bou\u200dp D".encode(),
}


def _transcript(messages: object, name: object = "Sweep") -> Make:
    return _bytes(json.dumps({"name": name, "messages": messages}).encode())


TRANSCRIPTS: dict[str, Make] = {
    "a lone surrogate in a message": _transcript(["New construction", "Group \ud800 D"]),
    "a lone surrogate in the name": _transcript(["New construction"], name="Caf\udce9"),
    "invalid UTF-8": _bytes(b'{"name": "x", "messages": ["\xff"]}'),
    "nested 100 000 deep": _bytes(b"[" * 100_000),
    "a number of 5 000 digits": _bytes(b'{"name": "x", "messages": ["a"], "n": ' + b"1" * 5000 + b"}"),
    "not JSON": _bytes(b"name: x"),
    "null": _bytes(b"null"),
    "no messages": _transcript([]),
    "times going backwards": _transcript(
        [{"text": "a", "at": "2026-03-02T10:00:00Z"}, {"text": "b", "at": "2026-03-02T09:00:00Z"}]
    ),
    "a message of 4 001 characters": _transcript(["W" * 4001]),
    "6 MB of nothing": _sparse(6 * 2**20),
    "a pipe": os.mkfifo,
    "a link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
    "a folder": lambda p: p.mkdir(),
    "missing": lambda p: None,
}
IMPORTS: dict[str, tuple[str, Make]] = {
    "a pipe": ("code.txt", os.mkfifo),
    "a link to /dev/zero": ("code.txt", lambda p: p.symlink_to("/dev/zero")),
    "a folder": ("code.txt", lambda p: p.mkdir()),
    "empty": ("code.txt", _bytes(b"")),
    "binary": ("code.txt", _bytes(b"\x00\x01\x02" * 1000)),
    "a Word file": ("code.docx", _bytes(code_text(3).encode())),
    "not a PDF": ("code.pdf", _bytes(code_text(3).encode())),
    "a damaged PDF": (
        "code.pdf",
        _bytes(b"%PDF-1.4\n1 0 obj << /Pages 9 0 R >> endobj\ntrailer <<>>\n%%EOF"),
    ),
    "a page that takes seconds": ("slow.pdf", _bytes(slow_pdf(pages=2, operations=300_000))),
    "a decompression bomb": ("bomb.pdf", _bytes(decompression_bomb(300))),
    "25 000 articles": ("many.txt", _bytes(code_text(25_000).encode())),
    "21 MB of text": ("big.txt", _sparse(21 * 2**20)),
}
ARGUMENTS: dict[str, list[str]] = {
    "an unknown command": ["frobnicate"],
    "a path as project id": ["export", "../../etc/passwd"],
    "k of 5 000 digits": ["kb", "search", "alarm", "--k", "9" * 5000],
    "k of zero": ["kb", "search", "alarm", "--k", "0"],
    "an unknown format": ["export", "good", "--format", "docx"],
    "an unknown edition": ["new", "Tower", "--edition", "1812"],
    "an empty search": ["kb", "search", "   "],
}


def _run(args: list[str | bytes], store: Path, timeout: float = 60) -> tuple[bool, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "WIZARD_"))}
    env |= {"OPENAI_API_KEY": KEY, "WIZARD_ADVISOR": "offline"}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "wizard_core", *args, "--store", str(store)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return False, "hung"
    err = done.stderr.decode("utf-8", "replace")
    problems = []
    if done.returncode not in (0, 2):
        problems.append(f"status {done.returncode}")
    if "Traceback" in err or len(err.strip().splitlines()) > 1:
        problems.append("traceback or several lines: " + err[-300:])
    if KEY.encode() in done.stdout + done.stderr:
        problems.append("the key was printed")
    return not problems, "; ".join(problems)


def _folder(tmp: Path) -> tuple[Path, str]:
    store = tmp / "store"
    state = TinyDBStorage(store)
    from wizard_core import open_wizard

    return store, open_wizard(state).start_project("Good project").project_id


def _still_good(store: Path, good: str) -> bool:
    stored = b"".join(p.read_bytes() for p in store.rglob("*") if p.is_file() and not p.is_symlink())
    return TinyDBStorage(store).load_project(good).name == "Good project" and KEY.encode() not in stored


def sweep_inputs(verbose: bool = False) -> tuple[int, int, int]:
    """(cases tried, cases handled, kinds of input)."""
    tried = handled = 0
    failures = []

    def case(label: str, make: Callable[[Path, str], list[str | bytes]], timeout: float = 60) -> None:
        nonlocal tried, handled
        with tempfile.TemporaryDirectory() as tmp:
            store, good = _folder(Path(tmp))
            args = make(Path(tmp), good)
            ok, why = _run(args, store, timeout)
            ok = ok and _still_good(store, good)
            tried += 1
            handled += ok
            if not ok:
                failures.append(f"{label}: {why or 'the good project was damaged'}")

    for kind, make_file in FILES.items():
        for command in COMMANDS:
            case(
                f"project file {kind} / {' '.join(command)}",
                lambda t, g, m=make_file, c=command: _plant(t, m, c),
            )
    for kind, text in TEXTS.items():
        case(f"say with {kind}", lambda t, g, x=text: ["say", g, x])
        case(f"new with {kind}", lambda t, g, x=text: ["new", x])
    for kind, make_file in TRANSCRIPTS.items():
        case(f"transcript {kind}", lambda t, g, m=make_file: ["replay", str(_made(t / "t.json", m))])
    for kind, (name, make_file) in IMPORTS.items():
        case(f"import {kind}", lambda t, g, n=name, m=make_file: ["kb", "import", str(_made(t / n, m))], 300)
    for kind, args in ARGUMENTS.items():
        case(f"arguments: {kind}", lambda t, g, a=args: [x.replace("good", g) for x in a])
    kinds = len(FILES) + len(TEXTS) + len(TRANSCRIPTS) + len(IMPORTS) + len(ARGUMENTS)
    if verbose or failures:
        print("\n".join(failures) or "every case handled")
    return tried, handled, kinds


def _made(path: Path, make: Make) -> Path:
    make(path)
    return path


def _plant(tmp: Path, make: Make, command: list[str]) -> list[str | bytes]:
    make(tmp / "store" / "projects" / "bad.json")
    return list(command)


if __name__ == "__main__":
    tried, handled, kinds = sweep_inputs(verbose=True)
    print(f"{tried} cases of {kinds} kinds tried, {handled} handled")
