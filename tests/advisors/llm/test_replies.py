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
    "3.02 label": ("A2 - other assembly", ["A2"]),
    "3.02 words": ("The major occupancy is Group A, Division 2 (assembly).", ["A2"]),
    "3.03": ("No, there are no superimposed major occupancies.", False),
    "3.04": ("Building area: existing 0 m², new 1,150 m², total 1,150 m².", AREA),
    "3.11": ("The building is fully sprinklered (NFPA 13).", "Entire building"),
    "3.13": ("A single stage fire alarm system is required.", "Single stage"),
}


@pytest.mark.parametrize(("case", "content", "value"), [(k, *v) for k, v in SEEDS.items()], ids=SEEDS.keys())
@pytest.mark.parametrize("confidence", [0.85, 85, "85%"])
def test_a_reply_in_the_seeds_format_has_its_value_read_from_its_content(
    fake, case, content, value, confidence
):
    item = case.split()[0]
    wizard, pid = start(fake)
    wizard.go_to_item(pid, item)
    seeds = {"type": "form_answer", "content": content, "confidence": confidence, "obc_references": []}
    fake.enqueue(reply(seeds))
    wizard.process_user_response(pid, "As discussed.")
    answer = wizard.storage.load_project(pid).answer_for(item)
    assert answer.value == value and len(fake.requests) == 1
    assert answer.advisor_note == content and answer.answer.startswith(f"{item} ")
    # Reader and model both sure (0.85 as a fraction, a percentage or a percent sign): kept, not raised.
    assert 0.8 <= answer.confidence <= 0.85 and answer.proposed


SAID = "Building area: existing 0 m², new 1,150 m², total 1,150 m²."
READ_CASES = {  # (content, confidence, value) -> the confidence recorded
    "both sure": (SAID, 0.95, None, 0.95),
    "model unsure": (SAID, 0.6, None, 0.6),
    "no confidence": (SAID, None, None, 0.7),
    "confidence over 100": (SAID, 150, None, 0.7),
    "confidence a word": (SAID, "high", None, 0.7),
    "value of the wrong shape": (SAID, 0.9, {"new": 1150}, 0.9),
    "reader doubts": ("Existing 0 m², new 1,150 m², total 1,150 m², I think.", 0.95, None, 0.7),
}


@pytest.mark.parametrize(("content", "confidence", "value", "recorded"), READ_CASES.values(), ids=READ_CASES)
def test_a_value_read_from_a_models_words_is_recorded_to_confirm_unless_both_are_sure(
    fake, content, confidence, value, recorded
):
    wizard, pid = start(fake)
    wizard.go_to_item(pid, "3.04")
    seeds = {"type": "form_answer", "content": content, "obc_references": [], "value": value}
    if confidence is not None:
        seeds["confidence"] = confidence
    fake.enqueue(reply(seeds))
    result = wizard.process_user_response(pid, "1150 m2, all new.")
    answer = wizard.storage.load_project(pid).answer_for("3.04")
    assert result.type == "form_answer" and len(fake.requests) == 1, "read, not asked again"
    assert answer.value == AREA and answer.confidence == pytest.approx(recorded) and answer.proposed
    assert answer.confidence < 0.8 or (confidence or 0) >= 0.8, "below 0.8 unless reader and model are sure"


@pytest.mark.parametrize(
    ("item", "content"),
    [
        ("3.01", "It depends on the drawings."),
        ("3.13", "Depends on the occupant load."),
        ("3.04", "3.04 Building area: 1,150 m² — the client confirmed a 2nd-floor terrace of 80 m²"),
        ("3.07", "Three storeys above grade, none below."),
    ],
)
def test_a_seeds_reply_whose_content_the_reader_cannot_read_becomes_a_clarifying_question(
    fake, item, content
):
    wizard, pid = start(fake)
    wizard.go_to_item(pid, item)
    vague = {"type": "form_answer", "content": content, "confidence": 0.9, "obc_references": []}
    fake.enqueue(reply(vague))
    result = wizard.process_user_response(pid, "As on the drawings.")
    state = wizard.storage.load_project(pid)
    assert result.type == "clarifying_question" and len(fake.requests) == 1, "no failure, no second call"
    assert result.content.startswith(f"To answer {item} ") and state.answer_for(item) is None
    assert state.turns[-1].status == "done" and state.active_clarifying_thread[-1].question == result.content


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
    assert answer.answer == "3.01 Project type: New construction."  # the matrix's words, from the value
    for text in (answer.advisor_note, shown[-1], wizard.storage.load_project(pid).turns[-1].content):
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
    assert "Model usage: 120 in / 30 out tokens · fake-model-1 · " in done.stdout  # what the call cost


def test_a_cut_off_reply_is_asked_again_briefly_and_its_echo_is_bounded(fake):
    wizard, pid = start(fake)
    long_text = json.dumps({**GOOD, "content": "x" * 20_000})[:15_000]
    fake.enqueue(Reply(content=long_text, finish="length"), reply(GOOD))
    wizard.process_user_response(pid, "New construction")
    echo, correction = fake.requests[1].body["messages"][-2:]
    assert len(echo["content"]) <= 4000 and "cut off at the length limit" in correction["content"]
