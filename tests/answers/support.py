"""Helpers for the answer-type tests: an item on the shipped form, a state, a whole turn."""

from __future__ import annotations

from typing import Any

from tests.support import make_manager, scenario
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, ProjectState

FORMS = FormQuestionService()

# The office scenario's two answers that write a result the engine does not give (40 % permitted
# where Table 3.2.3.1.-D gives 100 %, 8 water closets a sex where Table 3.7.4.7 gives 7): the
# wizard asks about those, so the items after them are reached with the inputs alone.
PLAIN_INPUTS = {
    "3.22": "North wall: 420 m2, limiting distance 9.0 m, 25% proposed. Other faces front on streets.",
    "3.23": "Split 50/50: 9 water closets per sex on each floor, plus one universal washroom on each floor.",
}


def advance_to(manager: Any, project_id: str, section: str) -> None:
    """Answer items plainly (the office scenario, its inputs as the engine reads them) until ``section``."""
    for message in scenario("office-3-storey.json")["messages"]:
        current = manager.storage.load_project(project_id).current_form_section
        if current == section:
            return
        manager.process_user_response(project_id, PLAIN_INPUTS.get(current, message))
    raise AssertionError(f"never reached {section}")


def decided(section: str, message: str) -> Any:
    """The turn's decision on ``message`` sent at ``section`` of a fresh project (a side question, a
    revision, an answer to the item on screen)."""
    from wizard_core.turn.decisions import DecisionEngine

    manager = make_manager()
    project = manager.start_project("Decided").project_id
    advance_to(manager, project, section)
    return DecisionEngine(manager.forms).decide(manager.storage.load_project(project), message)


def ask(section: str, *messages: str, before: list[str] | None = None):
    """Reach ``section`` with plain answers, then send ``messages``; return results and state."""
    manager = make_manager()
    project = manager.start_project("Advisor test")
    for message in before or []:
        manager.process_user_response(project.project_id, message)
    advance_to(manager, project.project_id, section)
    results = [manager.process_user_response(project.project_id, m) for m in messages]
    return results, manager.storage.load_project(project.project_id)


def state_with(answers: dict[str, Any], forms: FormQuestionService = FORMS) -> ProjectState:
    """A project whose items in ``answers`` are finalized with those values."""
    finalized = []
    for section, value in answers.items():
        item = forms.get_item(section)
        finalized.append(
            FormAnswer(
                section=section,
                question_number=section,
                title=item.title,
                question=item.question,
                answer=str(value),
                value=value,
                confidence=0.9,
            )
        )
    return ProjectState(project_id="answers-test", finalized_answers=finalized)


def at_gross_area(message: str) -> tuple[Any, FormAnswer | None]:
    """A new D building of 1,200 m2 building area, then ``message`` at 3.05: the reply, what 3.05 holds."""
    manager = make_manager()
    project = manager.start_project(f"Gross area: {message[:40]}").project_id
    for answer in ("New construction", "D offices", "no", "1,200 m2 all new"):
        manager.process_user_response(project, answer)
    reply = manager.process_user_response(project, message)
    return reply, manager.storage.load_project(project).answer_for("3.05")
