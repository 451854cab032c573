"""Moving a store moves its practice profile too, and never replaces the destination's own."""

from __future__ import annotations

from pathlib import Path

from storage import TinyDBStorage
from storage.transfer import copy_projects
from wizard_core import Practice


def test_the_profile_goes_along_where_the_destination_has_none(tmp_path: Path) -> None:
    source, destination = TinyDBStorage(tmp_path / "a"), TinyDBStorage(tmp_path / "b")
    practice = Practice(name="Acme Architects Inc.", address_1="1 Queen St E", contact="416-555-0100")
    source.save_practice(practice)
    report = copy_projects(source, destination)
    assert destination.load_practice() == practice
    assert "Practice profile: copied." in report.describe()
    assert "Practice profile: already there." in copy_projects(source, destination).describe()


def test_a_destinations_own_profile_is_left_as_it_is(tmp_path: Path) -> None:
    source, destination = TinyDBStorage(tmp_path / "a"), TinyDBStorage(tmp_path / "b")
    source.save_practice(Practice(name="Old name"))
    destination.save_practice(Practice(name="The team's"))
    report = copy_projects(source, destination)
    assert destination.load_practice().name == "The team's"
    assert "left as it is" in report.describe()


def test_no_profile_says_nothing(tmp_path: Path) -> None:
    report = copy_projects(TinyDBStorage(tmp_path / "a"), TinyDBStorage(tmp_path / "b"))
    assert "Practice profile" not in report.describe()
