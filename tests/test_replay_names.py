"""A transcript replayed again gets a free name; the app still refuses a taken name, proposing one.

Everything runs through the real command line on a TinyDB folder in tmp_path.
"""

from __future__ import annotations

import json
from pathlib import Path

from storage import TinyDBStorage
from tests.test_cli import run  # the real command line on a store, without OPENAI_ settings
from wizard_core import open_wizard
from wizard_core.advisors.offline.advisor import OfflineAdvisor
from wizard_core.store import MAX_NAME_CHARS

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = ["New construction: a three storey office building.", "Group D, offices only."]


def _transcript(tmp_path: Path, name: str) -> Path:
    path = tmp_path / "transcript.json"
    path.write_text(json.dumps({"name": name, "messages": MESSAGES}), encoding="utf-8")
    return path


def _names(store: Path) -> list[str]:
    listed = run("projects", "--format", "json", store=store)
    assert listed.returncode == 0, listed.stderr
    return sorted(row["name"] for row in json.loads(listed.stdout))


def test_the_same_transcript_replays_twice_into_one_store(tmp_path: Path) -> None:
    store, transcript = tmp_path / "data", _transcript(tmp_path, "12 King St")
    first = run("replay", str(transcript), "--format", "json", store=store)
    second = run("replay", str(transcript), store=store)
    assert first.returncode == 0 and second.returncode == 0, second.stderr
    assert json.loads(first.stdout)["name"] == "12 King St"
    assert second.stdout.splitlines()[0].endswith(": 12 King St (2)")
    assert _names(store) == ["12 King St", "12 King St (2)"]
    third = run("replay", str(transcript), "--format", "json", store=store)
    assert json.loads(third.stdout)["name"] == "12 King St (3)"
    assert len(json.loads(third.stdout)["turns"]) == len(MESSAGES)


def test_new_with_a_taken_name_exits_non_zero_and_proposes_a_free_one(tmp_path: Path) -> None:
    store = tmp_path / "data"
    assert run("new", "12 King St", store=store).returncode == 0
    refused = run("new", "12  king st", store=store)  # the same name, by case and spaces
    assert refused.returncode == 2 and refused.stdout == ""
    assert "Another project is already named" in refused.stderr
    assert "for example “12 king st (2)”" in refused.stderr
    assert _names(store) == ["12 King St"]  # nothing was created
    assert run("new", "12 King St (2)", store=store).returncode == 0


def test_a_free_name_for_a_name_at_the_length_limit_is_still_a_valid_name(tmp_path: Path) -> None:
    wizard = open_wizard(TinyDBStorage(tmp_path / "data"), OfflineAdvisor())
    longest = "A" * MAX_NAME_CHARS
    assert wizard.free_name(longest) == longest
    wizard.start_project(longest)
    free = wizard.free_name(longest)
    assert free == "A" * (MAX_NAME_CHARS - 4) + " (2)"
    assert wizard.start_project(free).name == free  # accepted as it is, not refused as too long
    store = tmp_path / "data"
    transcript = _transcript(tmp_path, longest)
    replayed = run("replay", str(transcript), "--format", "json", store=store)
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["name"] == "A" * (MAX_NAME_CHARS - 4) + " (3)"
