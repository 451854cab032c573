"""The practice on the sheet through the core's face, on real TinyDB files: the profile, a project's copy."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import TinyDBStorage
from tests.support import make_manager
from wizard_core import CorruptStoreError, InputError, Practice, Wizard

OFFICE = (
    "Hollis Ward Architects Inc.",
    "401 Richmond St W, Suite 220",
    "Toronto ON  M5V 3A8",
    "416-555-0142",
)
STUDIO = ("Studio North", "12 Bay St", "", "hello@studionorth.ca")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def wizard(folder: Path) -> Wizard:
    return make_manager(TinyDBStorage(folder))


def _reopened(folder: Path) -> Wizard:
    """The wizard of the next process on the same data folder."""
    return make_manager(TinyDBStorage(folder))


def test_a_new_project_names_the_practice_profile_as_it_stands(wizard: Wizard, folder: Path) -> None:
    assert wizard.practice_profile() == Practice()
    saved = wizard.save_practice_profile(*OFFICE)
    assert saved == Practice(name=OFFICE[0], address_1=OFFICE[1], address_2=OFFICE[2], contact=OFFICE[3])

    state = wizard.start_project("12 King St offices")
    assert state.practice is None
    assert wizard.practice_for(state) == saved
    wizard.save_practice_profile(*STUDIO)  # the office moved: every project without a copy follows
    again = _reopened(folder)
    assert again.practice_for(again.load_project(state.project_id)).name == "Studio North"


def test_a_projects_own_copy_overrides_the_profile_and_survives_reopening(
    wizard: Wizard, folder: Path
) -> None:
    wizard.save_practice_profile(*OFFICE)
    own = wizard.start_project("Clinic on Elm St")
    shared = wizard.start_project("12 King St offices")

    state = wizard.set_project_practice(own.project_id, *STUDIO)
    assert state.practice == Practice(
        name="Studio North", address_1="12 Bay St", contact="hello@studionorth.ca"
    )
    assert state.revision == own.revision + 1

    again = _reopened(folder)
    assert again.practice_for(again.load_project(own.project_id)).name == "Studio North"
    assert again.practice_for(again.load_project(shared.project_id)).name == OFFICE[0]
    assert again.practice_profile().name == OFFICE[0]  # the profile is untouched
    again.save_practice_profile("Hollis Ward Architects", "", "", "")
    assert again.practice_for(again.load_project(own.project_id)).name == "Studio North"


def test_saving_every_field_empty_for_a_project_returns_it_to_the_profile(wizard: Wizard) -> None:
    wizard.save_practice_profile(*OFFICE)
    project = wizard.start_project("Clinic on Elm St").project_id
    wizard.set_project_practice(project, *STUDIO)

    state = wizard.set_project_practice(project, "  ", "", "\t", "")
    assert state.practice is None
    assert wizard.load_project(project).practice is None
    assert wizard.practice_for(state).name == OFFICE[0]


def test_typed_text_is_cleaned_to_one_line_and_fields_may_be_left_empty(wizard: Wizard) -> None:
    saved = wizard.save_practice_profile(
        "  Hollis\x07 Ward\r\nArchitects  ", "", "Toronto ON  M5V 3A8", "Dana\tHollis\x00"
    )
    # Line breaks and tabs become a space; spaces stay as typed (two before the postal code).
    assert saved == Practice(
        name="Hollis Ward Architects", address_2="Toronto ON  M5V 3A8", contact="Dana Hollis"
    )
    assert wizard.practice_profile() == saved
    assert wizard.save_practice_profile("", "", "", "") == Practice()  # an empty profile is allowed
    assert wizard.practice_profile().empty


@pytest.mark.parametrize(
    ("field", "what"),
    [
        (0, "practice name"),
        (1, "practice address (line 1)"),
        (2, "practice address (line 2)"),
        (3, "practice contact"),
    ],
)
def test_a_field_over_200_characters_is_refused_and_nothing_is_saved(
    wizard: Wizard, folder: Path, field: int, what: str
) -> None:
    wizard.save_practice_profile(*OFFICE)
    project = wizard.start_project("Clinic on Elm St")
    typed = list(STUDIO)
    typed[field] = "x" * 201

    with pytest.raises(InputError) as profile:
        wizard.save_practice_profile(*typed)
    assert str(profile.value) == (
        f"The {what} is 201 characters long; the limit is 200. Please shorten it (nothing was saved)."
    )
    with pytest.raises(InputError) as own:
        wizard.set_project_practice(project.project_id, *typed)
    assert str(own.value) == str(profile.value)

    again = _reopened(folder)
    assert again.practice_profile().name == OFFICE[0]
    stored = again.load_project(project.project_id)
    assert (stored.practice, stored.revision) == (None, project.revision)
    typed[field] = "x" * 200  # the limit itself fits
    assert again.save_practice_profile(*typed).model_dump()[list(Practice.model_fields)[field]] == "x" * 200


def test_a_broken_character_is_refused_with_its_position(wizard: Wizard) -> None:
    with pytest.raises(InputError) as caught:
        wizard.save_practice_profile("Hollis \udce9 Ward", "", "", "")
    assert "The practice name has a character that is not valid text at position 8" in str(caught.value)
    assert wizard.practice_profile() == Practice()


def test_a_damaged_settings_file_leaves_projects_and_their_own_copies_working(
    wizard: Wizard, folder: Path
) -> None:
    own = wizard.start_project("Clinic on Elm St").project_id
    wizard.set_project_practice(own, *STUDIO)
    shared = wizard.start_project("12 King St offices")
    (folder / "settings.json").write_text("{ not json", encoding="utf-8")

    again = _reopened(folder)
    assert [p.name for p in again.list_projects()] == ["12 King St offices", "Clinic on Elm St"]
    assert again.practice_for(again.load_project(own)).name == "Studio North"
    with pytest.raises(CorruptStoreError) as caught:
        again.practice_for(again.load_project(shared.project_id))
    assert "The settings file settings.json in the data folder cannot be read" in str(caught.value)
    assert again.start_project("Third").practice is None  # starting a project needs no profile
    assert again.set_project_practice(shared.project_id, *OFFICE).practice is not None
