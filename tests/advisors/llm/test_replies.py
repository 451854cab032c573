"""What a model's reply may look like, and what becomes of it: read, asked again, or refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import TinyDBStorage
from tests.advisors.llm.support import GOOD, KEY, QUESTION, start
from tests.fake_openai import FakeOpenAI, Reply, reply
from wizard_core.errors import InvalidReplyError

ROOT = Path(__file__).resolve().parents[3]
AREA = {"existing": 0, "new": 1150, "total": 1150}
RIGHT = {"type": "form_answer", "content": "Building area 1,150 m², all new.", "confidence": 0.9,
         "obc_references": [], "value": AREA}  # fmt: skip
GROSS = {"existing": 0, "new": 3450, "total": 3450}


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


def at_building_area(fake: FakeOpenAI):
    wizard, pid = start(fake)
    wizard.go_to_item(pid, "3.04")
    return wizard, pid


# A model running ahead to 3.05 (gross area) while 3.04 (building area) is current: its value
# is an area too, so only what the reply says about itself gives it away.
ANOTHER_ITEM = {
    "a key naming the item": {**RIGHT, "item": "3.05", "content": "3,450 m² of floor area.", "value": GROSS},
    "content opening with the number": {
        **RIGHT,
        "content": "3.05 Gross area: 3,450 m², all new.",
        "value": GROSS,
    },
    "content in the history's style": {
        **RIGHT,
        "content": "**3.05 - Gross area**: 3,450 m².",
        "value": GROSS,
    },
    "content opening with the title": {
        **RIGHT,
        "content": "Gross area: 3,450 m² over three storeys.",
        "value": GROSS,
    },
    "content naming only that item": {
        **RIGHT,
        "content": "The gross area (3.05) is 3,450 m².",
        "value": GROSS,
    },
    "a question about that item": {**QUESTION, "content": "What is the gross area (3.05) of all storeys?"},
}


@pytest.mark.parametrize("wrong", ANOTHER_ITEM.values(), ids=ANOTHER_ITEM.keys())
def test_a_reply_about_another_item_is_asked_again_naming_the_problem(fake, wrong):
    wizard, pid = at_building_area(fake)
    fake.enqueue(reply(wrong), reply(RIGHT))
    result = wizard.process_user_response(pid, "1150 m2, all new.")
    assert result.type == "form_answer" and result.section == "3.04"
    assert wizard.storage.load_project(pid).answer_for("3.04").value == AREA
    assert wizard.storage.load_project(pid).answer_for("3.05") is None
    correction = fake.requests[1].body["messages"][-1]["content"]
    assert (
        "about item 3.05 (Gross area)" in correction
        and "the current item is 3.04 (Building area)" in correction
    )


@pytest.mark.parametrize("wrong", list(ANOTHER_ITEM.values())[:3], ids=list(ANOTHER_ITEM)[:3])
def test_a_reply_about_another_item_twice_fails_cleanly_with_the_message_kept(fake, wrong):
    wizard, pid = at_building_area(fake)
    fake.enqueue(reply(wrong), reply(wrong))
    with pytest.raises(InvalidReplyError) as caught:
        wizard.process_user_response(pid, "1150 m2, all new.")
    assert str(caught.value).startswith(
        "The model answered item 3.05 (Gross area) instead of the current item 3.04 (Building area)"
    )
    state = wizard.storage.load_project(pid)
    assert state.current_form_section == "3.04" and state.answer_for("3.04") is None
    assert state.answer_for("3.05") is None and state.active_clarifying_thread == []
    assert state.turns[-1].status == "failed" and state.turns[-1].message == "1150 m2, all new."


SAME_ITEM = {
    "names the item it follows from": {
        **RIGHT,
        "content": "Building area 1,150 m² (new); the gross area (3.05) follows.",
    },
    "names its own number": {**RIGHT, "content": "3.04 Building area: 1,150 m², all new."},
    "cites an article": {**RIGHT, "content": "Building area per A-1.4.1.2: 1,150 m².", "item": "3.04"},
}


@pytest.mark.parametrize("right", SAME_ITEM.values(), ids=SAME_ITEM.keys())
def test_a_reply_that_mentions_other_items_but_answers_this_one_is_taken(fake, right):
    wizard, pid = at_building_area(fake)
    fake.enqueue(reply(right))
    assert wizard.process_user_response(pid, "1150 m2, all new.").type == "form_answer"
    assert len(fake.requests) == 1


SEEDS = {  # the seeds' four fields, no value: it is read from the content
    "3.01": ("New construction of a three-storey office building.", "New construction"),
    "3.02": ("Group D, business and personal services (offices).", ["D"]),
    "3.03": ("No, there are no superimposed major occupancies.", False),
    "3.04": ("Building area: existing 0 m², new 1,150 m², total 1,150 m².", AREA),
    "3.13": ("A single stage fire alarm system is required.", "Single stage"),
}


@pytest.mark.parametrize(("item", "content", "value"), [(k, *v) for k, v in SEEDS.items()], ids=SEEDS.keys())
def test_a_reply_in_the_seeds_format_has_its_value_read_from_its_content(fake, item, content, value):
    wizard, pid = start(fake)
    wizard.go_to_item(pid, item)
    seeds = {"type": "form_answer", "content": content, "confidence": 0.85, "obc_references": []}
    fake.enqueue(reply(seeds))
    wizard.process_user_response(pid, "As discussed.")
    answer = wizard.storage.load_project(pid).answer_for(item)
    assert answer.value == value and answer.answer == content and len(fake.requests) == 1


def test_a_seeds_reply_whose_content_states_no_value_is_asked_again(fake):
    wizard, pid = start(fake)
    vague = {
        "type": "form_answer",
        "content": "It depends on the drawings.",
        "confidence": 0.6,
        "obc_references": [],
    }
    fake.enqueue(reply(vague), reply(GOOD))
    wizard.process_user_response(pid, "New construction.")
    correction = fake.requests[1].body["messages"][-1]["content"]
    assert "has no value, and its content does not state the value of 3.01" in correction
    assert wizard.storage.load_project(pid).answer_for("3.01").value == "New construction"


@pytest.mark.parametrize("claimed", [0.99, 1, "95%", 97])
def test_a_clarifying_question_never_claims_certainty(fake, claimed):
    wizard, pid = start(fake)
    fake.enqueue(reply({**QUESTION, "confidence": claimed}))
    result = wizard.process_user_response(pid, "We're doing some work on a building.")
    assert result.type == "clarifying_question" and result.confidence == 0.5
    state = wizard.storage.load_project(pid)
    assert (
        state.turns[-1].confidence == 0.5
        and state.active_clarifying_thread[0].question == QUESTION["content"]
    )


HOSTILE = "New construction.\x1b[2J\x1b]0;pwned\x07 \u202eevil\u202c \x9b31m red \x00 end"


def test_a_models_control_characters_never_reach_the_store_the_page_or_a_terminal(fake, tmp_path):
    store = tmp_path / "store"
    wizard, pid = start(fake, storage=TinyDBStorage(store))
    shown: list[str] = []
    fake.enqueue(reply({**GOOD, "content": HOSTILE, "obc_references": ["A-1.3.3.2\x1b[0m"]}))
    wizard.process_user_response(pid, "New construction", on_text=shown.append)
    answer = wizard.storage.load_project(pid).answer_for("3.01")
    for text in (answer.answer, shown[-1], wizard.storage.load_project(pid).turns[-1].content):
        assert "New construction." in text and " end" in text
        assert not any(c in text for c in "\x1b\x07\x9b\x00\u202e\u202c")
    # The command line prints a model's reply made inert too.
    fake.enqueue(reply({**QUESTION, "content": "Which floor?\x1b]52;c;cHduZWQ=\x07 \x1b[31mred"}))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "WIZARD_"))}
    env |= {"OPENAI_BASE_URL": fake.url, "OPENAI_API_KEY": KEY, "WIZARD_MODEL": "test-model"}
    done = subprocess.run(
        [sys.executable, "-m", "wizard_core", "say", pid, "Group D offices", "--store", str(store)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Which floor?" in done.stdout and "\x1b" not in done.stdout and "\x07" not in done.stdout


def test_a_cut_off_reply_is_asked_again_briefly_and_its_echo_is_bounded(fake):
    wizard, pid = start(fake)
    long_text = json.dumps({**GOOD, "content": "x" * 20_000})[:15_000]
    fake.enqueue(Reply(content=long_text, finish="length"), reply(GOOD))
    wizard.process_user_response(pid, "New construction")
    echo, correction = fake.requests[1].body["messages"][-2:]
    assert len(echo["content"]) <= 4000 and "cut off at the length limit" in correction["content"]
