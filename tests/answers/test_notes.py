"""Free-text notes (3.26, 3.27): a to-do is recorded as one, chat is trimmed, a note is proposed."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import TinyDBStorage
from tests.support import make_manager
from wizard_core import Wizard
from wizard_core.answers import doubt, read
from wizard_core.answers.text import NOTE_CONFIDENCE, is_to_do
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState

FORMS = FormQuestionService()
NOTES = FORMS.get_item("3.27")


def reading(message: str):
    return read(NOTES, [message], ProjectState(project_id="p"), FORMS)


@pytest.mark.parametrize(
    "message",
    [
        "will follow up with the plumbing engineer about the backflow preventer",
        "I'll follow up with the mechanical engineer re the kitchen exhaust and let you know",
        "TBC",
        "notes tbd",
        "Pending - waiting on the fire consultant's report before I can say",
        "still waiting for the survey, need to check the lower level area",
        "To be confirmed with the CBO at the pre-consultation meeting.",
        "need to check with the building department whether the canopy counts",
        "ask the owner whether the patio stays",
        "hmm, not sure yet, let me get back to you on that",
        "ok so for notes: we'll confirm the phasing with the GC next week. thanks!",
    ],
)
def test_a_to_do_is_read_as_one_at_low_confidence(message: str) -> None:
    read_ = reading(message)
    assert read_.complete and read_.confidence <= 0.5
    assert any("to-do" in note for note in read_.notes)
    assert is_to_do(read_.value)


@pytest.mark.parametrize(
    ("message", "note"),
    [
        (
            "ok so for notes: the basement is storage only and is not in the GFA. thanks!",
            "The basement is storage only and is not in the GFA.",
        ),
        ("Notes - patio not part of this permit. Cheers", "Patio not part of this permit."),
        (
            "please add: Existing building over 5 years old, so Part 11 applies to the renovated areas. "
            "That's all.",
            "Existing building over 5 years old, so Part 11 applies to the renovated areas.",
        ),
        ("Site plan SPA-24-118.", "Site plan SPA-24-118."),
    ],
)
def test_chat_around_a_note_is_trimmed_and_the_note_is_proposed_to_confirm(message: str, note: str) -> None:
    read_ = reading(message)
    assert read_.value == note
    assert read_.confidence == NOTE_CONFIDENCE < doubt.CONFIDENT
    assert not is_to_do(read_.value)


@pytest.mark.parametrize(
    "message",
    [
        "Garbage room location is at grade behind the shops; bike storage location still tbd.",
        "Existing sprinkler system extended; hydraulic calculations to be confirmed at permit stage.",
        "AS-1 (report by LRI Engineering, tbd): the existing open stair stays unenclosed.",
    ],
)
def test_a_note_that_mentions_something_still_open_is_a_note_not_a_to_do(message: str) -> None:
    read_ = reading(message)
    assert read_.value == message and read_.confidence == NOTE_CONFIDENCE


def test_a_to_do_after_a_real_note_is_left_out_of_the_note_and_said() -> None:
    read_ = reading("The cellar is storage only, not in the gross. I'll confirm its area with the surveyor.")
    assert read_.value == "The cellar is storage only, not in the gross."
    assert read_.confidence <= 0.5
    assert "'I'll confirm its area with the surveyor.' is a to-do" in read_.notes[0]


@pytest.fixture
def wizard(tmp_path: Path) -> Wizard:
    return make_manager(TinyDBStorage(tmp_path / "data"))


def test_a_to_do_is_stored_marked_as_one_however_it_was_given(wizard: Wizard) -> None:
    project = wizard.start_project("Harbour & Ferry offices").project_id
    wizard.go_to_item(project, "3.27")
    result = wizard.process_user_response(
        project, "will follow up with the plumbing engineer about the backflow preventer, will let you know"
    )
    assert result.content.startswith("3.27 Notes: to do: Will follow up with the plumbing engineer")
    answer = wizard.load_project(project).answer_for("3.27")
    assert answer is not None and answer.to_do and answer.confidence <= 0.5 and answer.proposed

    wizard.answer_directly(project, "3.26", "TBC pending the fire engineer's report")
    typed = wizard.load_project(project).answer_for("3.26")
    assert typed is not None and typed.to_do

    wizard.answer_directly(project, "3.27", "Basement is storage only, not in the GFA.")
    noted = wizard.load_project(project).answer_for("3.27")
    assert (
        noted is not None and not noted.to_do and noted.value == "Basement is storage only, not in the GFA."
    )


def test_a_record_saved_before_the_to_do_mark_loads_as_a_plain_answer() -> None:
    from wizard_core.models import FormAnswer

    old = {
        "section": "3.27",
        "question_number": "3.27",
        "title": "Notes",
        "question": "Any notes?",
        "answer": "3.27 Notes: patio not part of this permit",
        "value": "patio not part of this permit",
        "confidence": 0.9,
    }
    assert FormAnswer.model_validate(old).to_do is False
