"""The practice on the sheet through the page: the profile set once, a project's own copy, a damaged file."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from storage import open_storage
from tests.ui.test_app import button, create, plain, project_id, stored
from wizard_core.models import Practice

FIELDS = ("name", "address_1", "address_2", "contact")
OFFICE = (
    "Hollis Ward Architects Inc.",
    "401 Richmond St W, Suite 220",
    "Toronto ON  M5V 3A8",
    "416-555-0142",
)


def shown(at: AppTest) -> tuple[str, ...]:
    """The four practice fields of the open project's sidebar, as they stand."""
    return tuple(at.text_input(key=f"practice-{f}-{project_id(at)}").value for f in FIELDS)


def fill(at: AppTest, values: tuple[str, ...]) -> None:
    for field, value in zip(FIELDS, values, strict=True):
        at.text_input(key=f"practice-{field}-{project_id(at)}").input(value)


def sidebar_says(at: AppTest) -> list[str]:
    kinds = ("caption", "success", "error", "warning")
    return [plain(str(e.value)) for kind in kinds for e in at.sidebar.get(kind)]


def test_the_profile_is_saved_once_and_a_project_keeps_its_own_copy():
    at = create("12 King St offices")
    assert shown(at) == ("", "", "", "")
    assert "No practice profile yet. Save one here and every project will use it." in sidebar_says(at)

    fill(at, OFFICE)
    button(at, "Save as the practice profile").click().run()
    assert not at.exception
    assert "Saved as the practice profile: every project without details of its own uses it." in sidebar_says(
        at
    )
    assert open_storage().load_practice() == Practice(**dict(zip(FIELDS, OFFICE, strict=True)))
    assert stored(at).practice is None
    assert "This project uses the practice profile, shared by every project without its own." in sidebar_says(
        at
    )

    # A second project shows the profile; a copy of its own changes it alone.
    at = create("Clinic on Elm St")
    assert shown(at) == OFFICE
    fill(at, ("Studio North", "12 Bay St", "", "hello@studionorth.ca"))
    button(at, "Save for this project").click().run()
    assert not at.exception
    assert "Saved for this project only; other projects are unchanged." in sidebar_says(at)
    assert stored(at).practice == Practice(
        name="Studio North", address_1="12 Bay St", contact="hello@studionorth.ca"
    )
    assert open_storage().load_practice().name == OFFICE[0]
    assert any(c.startswith("This project uses its own details.") for c in sidebar_says(at))
    assert shown(at) == ("Studio North", "12 Bay St", "", "hello@studionorth.ca")

    # Cleared and saved for the project: it uses the profile again, and the fields show it.
    fill(at, ("", "", "", ""))
    button(at, "Save for this project").click().run()
    assert "This project's own practice details were cleared; it uses the practice profile again." in (
        sidebar_says(at)
    )
    assert stored(at).practice is None
    assert shown(at) == OFFICE


def test_the_fields_follow_the_open_project():
    first = create("First")
    fill(first, ("Studio North", "", "", ""))
    button(first, "Save for this project").click().run()
    at = create("Second")
    assert shown(at) == ("", "", "", "")  # the first project's copy is its own
    at.button(key=f"open-{project_id(first)}").click().run()
    assert shown(at)[0] == "Studio North"


def test_a_damaged_settings_file_is_named_and_the_project_still_works(isolated_environment):
    at = create("12 King St offices")
    (isolated_environment / "settings.json").write_text("{ not json", encoding="utf-8")
    at.run()
    assert not at.exception
    errors = [plain(e.value) for e in at.sidebar.error]
    assert len(errors) == 1
    assert errors[0].startswith(
        "The settings file settings.json in the data folder cannot be read (not valid JSON)"
    )
    assert [plain(t.value) for t in at.title] == ["12 King St offices"]

    fill(at, ("Studio North", "", "", ""))  # the project's own copy needs no profile
    button(at, "Save for this project").click().run()
    assert stored(at).practice == Practice(name="Studio North")
    button(at, "Save as the practice profile").click().run()  # refused: the file is left for a backup
    # The project now uses its own copy, so the one message left is the refusal, in the same words.
    assert [plain(e.value) for e in at.sidebar.error] == errors
    assert "Saved as the practice profile" not in " ".join(sidebar_says(at))
    assert (isolated_environment / "settings.json").read_text(encoding="utf-8") == "{ not json"
