"""What the command line says: plain numbers in refusals, a key from `make keygen`, quiet under `| head`."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str, env: dict[str, str], **kwargs: object) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI")}
    return subprocess.run(
        [sys.executable, "-m", "wizard_core", *args],
        cwd=ROOT,
        env={**environment, **env},
        capture_output=True,
        text=True,
        timeout=120,
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("setting", "value", "limits"),
    [
        ("WIZARD_CONTEXT_WINDOW", "5000000", "a whole number from 2,048 to 2,000,000."),
        ("WIZARD_REPLY_TOKENS", "lots", "a whole number from 256 to 100,000."),
        ("WIZARD_TURN_TIMEOUT", "0.5", "a number of seconds from 1 to 3,600."),
    ],
)
def test_a_setting_out_of_range_is_refused_with_its_limits_as_plain_numbers(
    tmp_path: Path, setting: str, value: str, limits: str
) -> None:
    done = cli("new", "12 King St", "--store", str(tmp_path / "data"), env={setting: value})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"error: {setting} is {value!r}; use {limits}\n"
    assert "e+" not in done.stderr


def test_make_keygen_prints_a_key_and_nothing_else(tmp_path: Path) -> None:
    # A virtualenv already installed (its stamp newer than the requirements), whose python is ours.
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    python = venv / "bin" / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    (venv / ".installed").touch()
    done = subprocess.run(
        ["make", "keygen", f"VENV={venv}"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    [key] = done.stdout.splitlines()
    assert len(base64.urlsafe_b64decode(key)) == 32  # a Fernet key
    again = subprocess.run(["make", "keygen", f"VENV={venv}"], cwd=ROOT, capture_output=True, text=True)
    assert again.stdout.strip() != key


def test_a_reader_that_stops_early_is_no_error(tmp_path: Path) -> None:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI")}
    command = [sys.executable, "-m", "wizard_core", "calc", "fixtures", "--group", "D", "--persons", "100"]
    process = subprocess.Popen(
        [*command, "--area", "930"], cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # as `| head` does once it has its lines, before the wizard writes any
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=120) == 141
    assert stderr == ""
