"""Helpers for the answer-type tests: an item on the shipped form, a state, a whole turn."""

from __future__ import annotations

from typing import Any

from tests.support import advance_to, make_manager
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, ProjectState

FORMS = FormQuestionService()


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
