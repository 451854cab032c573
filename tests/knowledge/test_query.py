"""The standalone retrieval question: built per turn, recorded, rewritten by a model for follow-ups."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from storage import InMemoryStorage
from tests.fake_openai import FakeOpenAI, Reply, reply
from tests.support import Clock, advance_to, make_manager
from wizard_core.advisors.llm.advisor import LLMAdvisor, forget_methods
from wizard_core.advisors.llm.transport import ModelClient
from wizard_core.config import ModelSettings
from wizard_core.wiring import open_wizard

QUESTION = {
    "type": "clarifying_question",
    "content": "Is the whole building sprinklered, or only some floors or compartments?",
    "confidence": 0.3,
    "obc_references": [],
    "value": None,
}
ANSWER = {
    "type": "form_answer",
    "content": "Sprinklers throughout.",
    "confidence": 0.9,
    "obc_references": ["3.2.2.18"],
    "value": "Entire building",
}


def test_each_turn_records_its_query_and_excerpts_and_the_package_shows_them():
    manager = make_manager()
    pid = manager.start_project("Query").project_id
    advance_to(manager, pid, "3.11")
    manager.process_user_response(pid, "sprinklers yes")
    manager.process_user_response(pid, "entire building")
    state = manager.storage.load_project(pid)
    asked, answered = state.turns[-2:]
    assert asked.query == "3.11 Sprinkler system: sprinklers yes"
    # A short reply leans on the open question, so the question joins the query.
    assert answered.query.startswith("3.11 Sprinkler system: To answer 3.11")
    assert answered.query.endswith("entire building")
    assert asked.excerpt_ids and set(asked.excerpt_ids) >= {"3.2.1.5", "3.2.2.18"}


def test_the_context_command_shows_the_query():
    manager = make_manager()
    pid = manager.start_project("Query").project_id
    manager.process_user_response(pid, "We're doing some work on an old building.")
    markdown = manager.context_package(pid).markdown
    code_section = markdown.split("## Ontario Building Code Reference\n")[1].split("\n## ")[0]
    assert code_section.startswith("### ")  # the excerpts first, as they often repeat from turn to turn
    assert code_section.strip().splitlines()[-1].startswith('Retrieved for: "')  # then what they answer


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    forget_methods()
    yield server
    server.stop()
    forget_methods()


def llm_manager(fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(ModelClient, "backoff", 0.01)
    settings = ModelSettings(
        api_key="sk-dummy", base_url=fake.url, model="m", turn_timeout=10.0, max_retries=0
    )
    manager = open_wizard(InMemoryStorage(), advisor=LLMAdvisor(settings), clock=Clock())
    pid = manager.start_project("LLM query").project_id
    manager.go_to_item(pid, "3.11")
    return manager, pid


def test_a_follow_up_is_rewritten_by_the_model_with_one_extra_call(fake, monkeypatch):
    manager, pid = llm_manager(fake, monkeypatch)
    fake.enqueue(reply(QUESTION))
    manager.process_user_response(pid, "The building has sprinklers.")
    assert len(fake.requests) == 1, "a message that stands alone costs no rewrite call"
    fake.enqueue(reply("Where must sprinklers be provided throughout a Group D building?"), reply(ANSWER))
    manager.process_user_response(pid, "yes, all of it")
    rewrite, advise = fake.requests[1:]
    assert rewrite.response_format is None and "standalone question" in rewrite.text("system")[0]
    assert "'yes, all of it'" in rewrite.text("user")[0] and QUESTION["content"] in rewrite.text("user")[0]
    assert 'Retrieved for: "3.11 Sprinkler system: Where must sprinklers' in advise.text("user")[0]
    turn = manager.storage.load_project(pid).turns[-1]
    assert turn.query.startswith("3.11 Sprinkler system: Where must sprinklers")
    assert turn.input_tokens == 240, "both calls are counted"


def test_a_reply_giving_the_value_asked_for_costs_no_rewrite_call(fake, monkeypatch):
    manager, pid = llm_manager(fake, monkeypatch)
    fake.enqueue(reply(QUESTION))
    manager.process_user_response(pid, "The building has sprinklers.")
    fake.enqueue(reply(ANSWER))
    result = manager.process_user_response(pid, "entire building")
    assert result.type == "form_answer" and len(fake.requests) == 2, "one call for the turn, no rewrite"
    turn = manager.storage.load_project(pid).turns[-1]
    # Joined to the open question, the reply already stands alone for retrieval.
    assert turn.query == f"3.11 Sprinkler system: {QUESTION['content']} entire building"


def test_a_failed_rewrite_falls_back_to_the_deterministic_query(fake, monkeypatch):
    manager, pid = llm_manager(fake, monkeypatch)
    fake.enqueue(reply(QUESTION))
    manager.process_user_response(pid, "The building has sprinklers.")
    fake.enqueue(Reply(status=400, error="bad request"), reply(ANSWER))
    result = manager.process_user_response(pid, "yes, all of it")
    assert result.type == "form_answer"
    turn = manager.storage.load_project(pid).turns[-1]
    assert turn.query.startswith("3.11 Sprinkler system: " + QUESTION["content"])


def test_imported_code_text_is_preferred_and_quoted_in_the_package(tmp_path):
    from storage import TinyDBStorage
    from tests.code_text import article
    from wizard_core.knowledge.code_import import import_code_text
    from wizard_core.wiring import forget_content

    lines = ["Section 3.2. Building Fire Safety", "3.2.4. Fire Alarm and Detection Systems"]
    lines += article("3.2.4.1", "Determination of Requirement for a Fire Alarm System", noun="gizmo")
    lines += article("3.2.4.2", "Continuous Operation", noun="sprocket")
    lines += article("3.2.4.3", "Zoning", noun="flange")
    source = tmp_path / "my-code.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    data_dir = tmp_path / "data"
    import_code_text(source, data_dir, edition="2024")
    forget_content()
    try:
        manager = open_wizard(TinyDBStorage(data_dir), clock=Clock())
        pid = manager.start_project("Imported").project_id
        manager.go_to_item(pid, "3.13")
        markdown = manager.context_package(pid).markdown
        assert "your imported code text; imported/my-code.md lines" in markdown
        assert "> ## 3.2.4.1 | Determination of Requirement for a Fire Alarm System" in markdown
        assert "gizmo" in markdown
    finally:
        forget_content()
