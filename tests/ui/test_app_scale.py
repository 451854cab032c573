"""The page stays small as projects grow: a long conversation is folded, the project list is paged.

Each test stores its projects through the storage API (as a long-lived data folder would hold
them) and then opens the page as a consultant would.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from streamlit.testing.v1 import AppTest

from storage import open_storage
from tests.code_text import code_text
from tests.ui.test_app import button, open_app, plain, texts
from wizard_core.knowledge.code_import import import_code_text
from wizard_core.models import ArchiveEntry, ClarifyingQA, FormAnswer, MovedOut, ProjectState, TurnRecord

T0 = datetime(2026, 1, 5, 15, 0, tzinfo=UTC)


def _turn(n: int, section: str, **extra: object) -> TurnRecord:
    fields: dict = {
        "message": f"Message {n} about {section}",
        "section": section,
        "received_at": T0 + timedelta(minutes=n),
        "status": "done",
        "reply_type": "clarifying_question",
        "content": f"Reply {n} on {section}",
        "confidence": 0.4,
        "advisor": "offline",
    }
    return TurnRecord(**(fields | extra))


def _long_project(project_id: str = "long", failed_last: bool = False) -> ProjectState:
    """120 turns: 40 on 3.03, 40 on 3.02, then 40 on 3.01, the item now current."""
    turns = [_turn(n, "3.03") for n in range(40)]
    turns += [_turn(n, "3.02") for n in range(40, 80)]
    turns += [_turn(n, "3.01") for n in range(80, 120)]
    if failed_last:
        turns[-1] = _turn(119, "3.01", message="New construction", status="failed", error="timed out")
        turns[-1].content = None
    state = ProjectState(
        project_id=project_id, name="Long talk", current_form_section="3.01", turns=turns, updated_at=T0
    )
    open_storage().save_project(state)
    return state


def _messages(at: AppTest) -> list[str]:
    return [texts_of(message) for message in at.chat_message]


def texts_of(block) -> str:
    return "\n".join(texts(block))


def test_a_long_project_draws_only_the_current_thread_and_folds_the_rest():
    _long_project()
    at = open_app("long")
    assert not at.exception
    shown = _messages(at)
    # The newest 3 turns of the current item, each a message and its reply; nothing else.
    assert len(shown) == 6
    assert shown[0] == "Message 117 about 3.01" and shown[-1].startswith("Reply 119 on 3.01")
    # The thread's earlier turns (20 in all) are a fold at the top of the chat box, drawn when opened.
    (thread,) = [e for e in at.main.expander if e.key == "thread-earlier-long"]
    assert plain(thread.label) == "17 earlier messages on this item"
    at.session_state["thread-earlier-long"] = True
    at.run()
    shown = _messages(at)
    assert len(shown) == 40
    assert shown[0] == "Message 100 about 3.01" and shown[-1].startswith("Reply 119 on 3.01")
    assert "Message 116 about 3.01" in texts_of(at.get_by_key("thread-earlier-long"))
    at.session_state["thread-earlier-long"] = False
    at.run()
    assert len(_messages(at)) == 6
    # Earlier talk is one fold under the chat box, closed, drawing nothing until opened.
    (fold,) = [e for e in at.main.expander if e.key == "earlier-long"]
    assert plain(fold.label) == "Earlier conversations · 3 items"
    assert not [s for s in at.main.selectbox if s.key == "earlier-long-item"]

    at.session_state["earlier-long"] = True  # the consultant opens it
    at.run()
    (chosen,) = [s for s in at.main.selectbox if s.key == "earlier-long-item"]
    assert chosen.options == [
        "3.03 Superimposed major occupancies · 40 messages",
        "3.02 Major occupancy classification · 40 messages",
        "3.01 Project type · 20 messages",
    ]
    assert chosen.value == "3.01"  # the item discussed last, nearest the current thread
    chosen.set_value("3.02").run()
    shown = _messages(at)
    assert len(shown) == 46  # one page of 3.02 (20 turns) under the thread's newest 3
    assert "Message 79 about 3.02" in shown and "Message 59 about 3.02" not in shown
    fold = at.get_by_key("earlier-long")
    assert "Messages 21–40 of 40" in texts_of(fold)

    button(at, "Older").click().run()
    shown = _messages(at)
    assert "Message 40 about 3.02" in shown and "Message 79 about 3.02" not in shown
    assert "Messages 1–20 of 40" in texts_of(at.get_by_key("earlier-long"))
    assert len(shown) == 46


def test_retry_on_a_long_project_sends_the_failed_message_again():
    _long_project(failed_last=True)
    at = open_app("long")
    assert "The advisor could not answer: timed out" in _messages(at)[-1]
    assert plain(at.button(key="retry").label) == "Retry"
    at.button(key="retry").click().run()
    assert not at.exception
    stored = open_storage().load_project("long")
    assert stored.turn_count == 121 and stored.turns[-1].status == "done"  # sent again, and answered
    assert stored.current_form_section == "3.02"
    shown = _messages(at)
    # 3.02 was just reached and has no turns after the answer: the newest few stay in view.
    assert shown[-2] == "New construction" and "3.01 Project type: New construction" in shown[-1]
    assert len(shown) == 6 and "The advisor could not answer: timed out" in shown[-3]
    assert not [b for b in at.button if b.key == "retry"]


def test_the_project_list_is_searched_and_paged():
    store = open_storage()
    for n in range(45):
        name = f"{'Tower' if n % 3 == 0 else 'Plaza'} {n:02d}"
        store.save_project(
            ProjectState(project_id=f"p{n:02d}", name=name, updated_at=T0 + timedelta(hours=n))
        )
    at = open_app("p00")  # the oldest project: on the last page, yet shown as open
    sidebar = texts_of(at.sidebar)
    opened = [plain(b.label) for b in at.sidebar.button if b.key.startswith("open-")]
    assert opened[0] == "Tower 00" and at.sidebar.button(key="open-p00").proto.type == "primary"
    assert opened[1:] == [f"{'Tower' if n % 3 == 0 else 'Plaza'} {n:02d}" for n in range(44, 24, -1)]
    assert "Showing 1–20 of 45" in sidebar

    button(at, "Older").click().run()
    assert "Showing 21–40 of 45" in texts_of(at.sidebar)
    assert "Plaza 23" in [plain(b.label) for b in at.sidebar.button]
    button(at, "Older").click().run()
    assert "Showing 41–45 of 45" in texts_of(at.sidebar)
    assert [b.disabled for b in at.sidebar.button if b.key == "projects-older"] == [True]

    at.sidebar.text_input(key="project-search").input("tOWer 1").run()
    found = [plain(b.label) for b in at.sidebar.button if b.key.startswith("open-")]
    assert found == ["Tower 00", "Tower 18", "Tower 15", "Tower 12"]  # the open one, then matches
    assert "Showing" not in texts_of(at.sidebar)  # one page holds them all

    at.sidebar.text_input(key="project-search").input("Warehouse").run()
    assert "No project name contains “Warehouse”." in texts_of(at.sidebar)


def test_excerpts_show_their_text_and_where_imported_text_comes_from(tmp_path: Path):
    data_dir = Path(open_storage().data_dir)
    source = tmp_path / "Our Widgets.txt"
    source.write_text(code_text(count=5, part=7))
    import_code_text(source, data_dir, name="Our Widgets")
    turn = _turn(0, "3.01", excerpt_ids=["A-1.3.3.2", "7.1.1.2"], query="3.01 Project type")
    open_storage().save_project(ProjectState(project_id="quoted", name="Quoted", turns=[turn]))
    at = open_app("quoted")
    assert not [e for e in at.get_by_key("excerpts-0").children.values() if e.type == "markdown"]  # closed
    at.session_state["excerpts-0"] = True
    shown = texts_of(at.run().get_by_key("excerpts-0"))
    assert "A-1.3.3.2 Buildings to which Part 3 applies · 2024 · code notes" in shown
    assert ".md, lines" not in shown  # the wizard's own notes file is no business of the consultant's
    assert "7.1.1.2 Sprocket Clearances · 2024 · your imported code text" in shown
    assert "Import “our-widgets” (from Our Widgets.txt) · lines" in shown  # their file, and where in it
    assert "(1) Every widget enclosure shall be kept not less than 1 m from any widget duct." in shown


def _qa(n: int) -> ClarifyingQA:
    return ClarifyingQA(
        question=f"Question {n} on 3.02?",
        related_form_section="3.02",
        answer=f"Answer {n}",
        timestamp=T0 + timedelta(minutes=n),
    )


def _answered(value: list[str], n: int) -> FormAnswer:
    return FormAnswer(
        section="3.02", question_number="3.02", title="Major occupancy classification", question="?",
        answer=", ".join(value), value=value, confidence=0.9, source="direct",
        timestamp=T0 + timedelta(days=n),
    )  # fmt: skip


def test_the_archive_and_an_items_history_show_what_moved_out_of_the_record():
    """A project months old: 3.02's oldest questions and answers are in its archive log, not the record."""
    state = ProjectState(
        project_id="months",
        name="Months of talk",
        current_form_section="3.02",
        finalized_answers=[_answered(["E"], 9)],
        archived_clarifying_sessions={"3.02": [_qa(n) for n in range(9, 15)]},
        answer_history={"3.02": [_answered(["A2"], n) for n in range(3, 8)]},
        moved_out={"3.02": MovedOut(questions=9, answers=3)},
        archive=[ArchiveEntry(section="3.02", question=_qa(n)) for n in range(9)]
        + [ArchiveEntry(section="3.02", answer=_answered(["D"], n)) for n in range(3)],
        updated_at=T0,
    )
    open_storage().save_project(state)
    at = open_app("months")
    assert plain(at.sidebar.get_by_key("archive").label) == "Clarifying threads (1 item)"
    at.session_state["archive"] = True  # the consultant opens the archive
    at.run()
    (chosen,) = [s for s in at.sidebar.selectbox if s.key == "archive-item"]
    assert chosen.options == ["3.02 Major occupancy classification · 15 questions"]
    shown = texts_of(at.sidebar.get_by_key("archive-3.02"))
    assert "Q: Question 0 on 3.02?" in shown and "A: Answer 0" in shown and "Questions 1–10 of 15" in shown
    button(at, "Later").click().run()
    shown = texts_of(at.sidebar.get_by_key("archive-3.02"))
    assert "Q: Question 14 on 3.02?" in shown and "Questions 11–15 of 15" in shown

    (history,) = [e for e in at.main.expander if e.key == "earlier-answers"]
    assert plain(history.label) == "Earlier answers to 3.02 (8)"
    at.session_state["earlier-answers"] = True
    at.run()
    shown = texts_of(at.main.get_by_key("earlier-answers"))
    assert shown.count("D (direct") == 3 and shown.count("A2 (direct") == 5  # the oldest three too


def test_model_usage_and_the_message_count_cover_every_turn_of_a_long_project():
    turns = [
        _turn(n, "3.01", model="m", input_tokens=1000, output_tokens=50, cached_tokens=512)
        for n in range(119)
    ]
    turns.append(_turn(119, "3.01", model="m", status="failed", error="timed out", content=None))
    state = ProjectState(
        project_id="costly", name="Costly", current_form_section="3.01", turns=turns, updated_at=T0
    )
    open_storage().save_project(state)
    at = open_app("costly")
    assert "120 messages so far" in texts_of(at.sidebar.get_by_key("context-health"))
    at.session_state["usage"] = True
    at.run()
    assert (
        "Model usage for this project: 119,000 in / 5,950 out over 119 turns, 60,928 of them from the prompt "
        "cache; tokens unknown for 1 turn (the call did not finish)"
    ) in texts_of(at.sidebar.get_by_key("usage"))
