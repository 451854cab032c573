"""Facts said at one item and used by a later one: proposed there, never asked as if unknown."""

from __future__ import annotations

from tests.support import answer_items, make_manager
from wizard_core import Wizard

RESIDENCE = [
    "Brand new 5 storey student residence in wood frame, sprinklered throughout; corner site on two streets.",
    "c",
    "no",
    "1,100 sm",
    "5 x 1,100 = 5,500 sm",
    "none",
    "5 storeys above grade, no basement, 16.5 m to the roof",
    "no",
]


def _at(messages: list[str], name: str = "Carried") -> tuple[Wizard, str]:
    wizard = make_manager()
    project = wizard.start_project(name).project_id
    answer_items(wizard, project, messages)
    return wizard, project


def test_streets_said_at_the_first_item_are_taken_when_the_consultant_refers_back():
    wizard, project = _at(RESIDENCE)
    assert wizard.load_project(project).current_form_section == "3.09"
    reply = wizard.process_user_response(project, "like I said at the start")
    answer = wizard.load_project(project).answer_for("3.09")
    assert reply.type == "form_answer" and answer is not None and answer.value == 2
    assert "from what you said at 3.01" in answer.advisor_note
    assert answer.confidence < 0.8  # taken from another item's answer: a proposal to confirm


def test_a_fact_said_earlier_is_offered_for_a_yes_when_the_reply_gives_nothing_new():
    wizard, project = _at(RESIDENCE)
    reply = wizard.process_user_response(project, "hmm, check my notes")
    assert reply.type == "clarifying_question"
    assert "I read 2" in reply.content and "3.01" in reply.content and "two streets" in reply.content
    assert wizard.load_project(project).answer_for("3.09") is None  # proposed, not recorded
    wizard.process_user_response(project, "yes")
    answer = wizard.load_project(project).answer_for("3.09")
    assert answer is not None and answer.value == 2 and answer.confidence >= 0.8


def test_the_article_proposal_uses_sprinklers_construction_and_use_said_earlier():
    wizard, project = _at([*RESIDENCE, "2 streets"])
    reply = wizard.process_user_response(project, "which article applies?")
    assert reply.type == "clarifying_question"
    assert (
        "Proposed for 3.10: 3.2.2.51." in reply.content
    )  # not asked whether it is sprinklered or a retirement home
    assert (
        "From what you said at earlier items" in reply.content and "sprinklered throughout" in reply.content
    )
    wizard.process_user_response(project, "yes")
    assert wizard.load_project(project).answer_for("3.10").value == ["3.2.2.51"]


def test_a_fact_the_consultant_took_back_later_is_the_later_one():
    messages = [*RESIDENCE[:6], "5 storeys, no basement, 16.5 m; we have since dropped the sprinklers", "no"]
    wizard, project = _at([*messages, "2 streets"])
    reply = wizard.process_user_response(project, "which article applies?")
    assert "3.2.2.51" not in reply.content.split("Meanwhile")[0]
    assert "sprinklered throughout" not in reply.content.split("Meanwhile")[0]


def test_a_side_question_states_no_fact_about_the_building():
    messages = ["New construction.", "Group C apartments.", "No."]
    wizard, project = _at(messages)
    wizard.process_user_response(
        project, "Quick question: does being sprinklered throughout change the area limits?"
    )
    answer_items(wizard, project, ["1,000 m2", "3,000 m2", "none", "3 storeys, no basement, 10 m", "no", "1"])
    state = wizard.load_project(project)
    assert state.current_form_section == "3.10"
    reply = wizard.process_user_response(project, "you tell me")
    assert "Proposed for 3.10" not in reply.content  # the question's "sprinklered throughout" is no fact
    assert "sprinklered throughout?" in reply.content


def test_an_answered_item_keeps_its_answer_over_what_was_said_elsewhere():
    wizard, project = _at(RESIDENCE)
    wizard.process_user_response(project, "3")  # 3.09 answered with 3, whatever was said at 3.01
    state = wizard.load_project(project)
    assert state.answer_for("3.09").value == 3
    assert wizard.carried(state) is None


def test_the_page_is_offered_the_fact_to_pre_fill_the_items_entry():
    wizard, project = _at(RESIDENCE)
    said = wizard.carried(wizard.load_project(project))
    assert said is not None and (said.section, said.value) == ("3.01", 2)
    assert "corner site on two streets" in said.reason
