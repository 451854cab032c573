"""Conversation control in plain words: a message that is only a command steers the wizard."""

from __future__ import annotations

import pytest

from tests.support import make_manager
from wizard_core.forms import FormQuestionService
from wizard_core.turn.commands import recognise

FORMS = FormQuestionService()


@pytest.mark.parametrize(
    ("message", "action", "target"),
    [
        ("skip", "skip", None),
        ("Skip this one for now.", "skip", None),
        ("ok, let's come back to this later", "skip", None),
        ("I'll come back to it", "skip", None),
        ("pass", "skip", None),
        ("next question please", "skip", None),
        ("TBD", "skip", None),
        ("don't know yet", "skip", None),
        ("undo that", "undo", None),
        ("Undo my last answer", "undo", None),
        ("please take that back", "undo", None),
        ("back", "back", None),
        ("go back one", "back", None),
        ("previous item", "back", None),
        ("go to 3.07", "go", "3.07"),
        ("Jump to item 3.18 please", "go", "3.18"),
        ("can we skip to 3.22?", "go", "3.22"),
        ("open 3.10", "go", "3.10"),
    ],
)
def test_a_command_in_the_consultants_words_is_recognised(message, action, target):
    command = recognise(message, FORMS)
    assert command is not None and (command.action, command.target) == (action, target)


@pytest.mark.parametrize(
    "message",
    [
        "skip the basement, it's two storeys above grade",
        "back to 3.05: 2,950 m2",  # a revision with a value, for the decision engine
        "the back wing is 400 m2",
        "next to the lane, 9 m away",
        "go to 3.99",  # no such item
        "undo the sprinklers in the garage and make it a dry system",
        "Later phases will add 600 m2",
    ],
)
def test_a_message_with_more_in_it_is_not_a_command(message):
    assert recognise(message, FORMS) is None


def test_skip_undo_back_and_go_to_steer_the_wizard_and_keep_the_message():
    wizard = make_manager()
    project = wizard.start_project("Commands").project_id
    wizard.process_user_response(project, "New construction.")
    skipped = wizard.process_user_response(project, "skip this for now")
    state = wizard.load_project(project)
    assert skipped.type == "notice" and "3.02" in state.skipped and state.current_form_section == "3.03"
    assert "Set 3.02 Major occupancy classification aside" in skipped.content

    gone = wizard.process_user_response(project, "go to 3.07")
    assert gone.section == "3.07" and wizard.load_project(project).current_form_section == "3.07"
    wizard.process_user_response(project, "3 storeys, 12.5 m high, no basement")
    assert wizard.load_project(project).answer_for("3.07") is not None

    undone = wizard.process_user_response(project, "undo that")
    state = wizard.load_project(project)
    assert state.answer_for("3.07") is None and "Took back 3.07 Building height" in undone.content
    assert state.current_form_section == "3.07"

    back = wizard.process_user_response(project, "back")
    assert back.section == "3.06" and wizard.load_project(project).current_form_section == "3.06"

    state = wizard.load_project(project)
    said = [t.message for t in state.turns]
    assert said[-4:] == ["go to 3.07", "3 storeys, 12.5 m high, no basement", "undo that", "back"]
    assert [d.reason for d in state.decisions[-2:]] == ["a command: undo", "a command: back"]


def test_a_command_that_cannot_be_done_says_why_and_changes_nothing():
    wizard = make_manager()
    project = wizard.start_project("Nothing yet").project_id
    before = wizard.load_project(project)
    reply = wizard.process_user_response(project, "undo")
    after = wizard.load_project(project)
    assert reply.type == "notice" and "no answer to undo" in reply.content
    assert after.finalized_answers == before.finalized_answers and after.current_form_section == "3.01"
    assert "first item" in wizard.process_user_response(project, "previous").content
    assert wizard.load_project(project).current_form_section == "3.01"
