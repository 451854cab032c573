"""A question about what a defined term means is answered with that term's definition."""

from __future__ import annotations

import pytest

from tests.support import make_manager
from wizard_core import Wizard
from wizard_core.knowledge.lookup import DEFINED, definition_asked
from wizard_core.knowledge.service import KnowledgeBaseService

NOTES = KnowledgeBaseService().notes


@pytest.fixture(scope="module")
def wizard() -> Wizard:
    return make_manager()


@pytest.mark.parametrize(
    ("question", "term"),
    [
        ("what counts as a storey?", "storey"),
        ("Quick one - how is building height defined?", "building height"),
        ("what's a mezzanine for the code?", "mezzanine"),
        ("define firewall", "firewall"),
        ("sorry, what is the first storey again?", "first storey"),
        ("What does limiting distance mean exactly?", "limiting distance"),
        ("Q: what counts as a basement in the code?", "basement"),
        ("how is gross area defined?", "gross area"),
        ("what is an exposing building face", "exposing building face"),
        ("whats a street for the matrix?", "street"),
        ("define noncombustible construction please", "noncombustible construction"),
        ("what does the code mean by barrier-free?", "barrier-free"),
        ("what is encapsulated mass timber?", "encapsulated mass timber construction"),
        ("how is grade defined in the OBC?", "grade"),
        ("what does major occupancy mean?", "major occupancy"),
        ("remind me, what is a fire separation?", "fire separation"),
    ],
)
def test_a_definition_question_is_answered_with_the_terms_definition(
    wizard: Wizard, question: str, term: str
) -> None:
    project = wizard.start_project(f"Definitions: {question}").project_id
    result = wizard.process_user_response(project, question)
    assert (result.decision, result.type) == ("side_question", "side_answer")
    assert result.obc_references[0] == f"A-1.4.1.2 ({term})"
    assert f"Definition: {term}" in result.content and "(Division A 1.4.1.2" in result.content
    state = wizard.load_project(project)
    assert state.answered_sections == {"3.00"} and state.current_form_section == "3.01"  # nothing recorded


@pytest.mark.parametrize(
    "question",
    [
        "how is the sprinkler requirement decided for a D building?",
        "is a rooftop mechanical penthouse a storey?",
        "which article applies to a 3 storey office?",
        "what is the limiting distance to the east property line here?",
    ],
)
def test_other_questions_are_not_taken_for_definitions(question: str) -> None:
    assert definition_asked(question, NOTES.values()) is None


def test_every_defined_term_note_cites_division_a_1_4_1_2_and_its_term_is_its_first_keyword() -> None:
    defined = [e for e in NOTES.values() if DEFINED.match(e.id)]
    assert len(defined) >= 25
    for entry in defined:
        term = DEFINED.match(entry.id)["term"]  # type: ignore[index]
        assert entry.keywords[0] == term and entry.title == f"Definition: {term}"
        assert "1.4.1.2" in entry.text
        assert definition_asked(f"what is {term}?", NOTES.values()) == entry
