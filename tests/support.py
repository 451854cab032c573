"""Helpers shared by the core tests: a manager on real content with a controllable clock."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from storage import InMemoryStorage, StorageAdapter
from wizard_core import Wizard, open_wizard

TRANSCRIPTS = Path(__file__).resolve().parent / "transcripts"


class Clock:
    """A clock that moves one second per reading, so every event has its own time."""

    def __init__(self, start: datetime = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def make_manager(storage: StorageAdapter | None = None, clock: Clock | None = None) -> Wizard:
    return open_wizard(storage or InMemoryStorage(), clock=clock or Clock())


def scenario(name: str) -> dict:
    """A transcript from tests/transcripts (copies of the shared sample scenarios and our own)."""
    return json.loads((TRANSCRIPTS / name).read_text(encoding="utf-8"))


def advance_to(manager: Wizard, project_id: str, section: str) -> None:
    """Answer items plainly (from the office scenario) until ``section`` is the current item."""
    for message in scenario("office-3-storey.json")["messages"]:
        if manager.storage.load_project(project_id).current_form_section == section:
            return
        manager.process_user_response(project_id, message)
    raise AssertionError(f"never reached {section}")


def answer_items(manager: Wizard, project_id: str, messages: list[str]) -> list:
    return [manager.process_user_response(project_id, m) for m in messages]
