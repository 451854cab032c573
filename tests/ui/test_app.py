"""The page through AppTest: each flow as a consultant sees it (chat, sidebar, card, messages)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from storage import open_storage
from tests.code_text import code_text
from tests.fake_openai import FakeOpenAI, Reply, reply
from wizard_core.knowledge.code_import import imported_dir
from wizard_core.models import utc_now
from wizard_core.typed import MAX_MESSAGE_CHARS

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")
HOSTILE = (
    "<script>document.title='pwned'</script> <img src=x onerror=\"alert(1)\"> "
    "**bold** _it_ :red[colour] $x^2$ [link](javascript:alert(1))\n# heading"
)


def plain(markdown: str) -> str:
    """What an escaped Markdown string displays (our own **bold** markers dropped)."""
    shown = re.sub(r"\\(.)|\*\*", lambda m: m.group(1) or "", markdown, flags=re.DOTALL)
    return shown.replace("  \n", "\n")


def texts(block) -> list[str]:
    """Every piece of text a block shows, as displayed."""
    kinds = ("markdown", "caption", "error", "warning", "info", "success", "subheader", "title")
    return [plain(str(element.value)) for kind in kinds for element in block.get(kind)]


def page_text(at: AppTest) -> str:
    return "\n".join(texts(at.main) + texts(at.sidebar))


def chat(at: AppTest) -> list[tuple[str, str]]:
    """The conversation: (speaker, text) for each chat message."""
    return [(message.name, "\n".join(texts(message))) for message in at.chat_message]


def button(at: AppTest, label: str):
    matches = [b for b in at.button if plain(b.label) == label]
    assert matches, f"no button {label!r} among {[plain(b.label) for b in at.button]}"
    return matches[0]


def open_app(project: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    # Given any secrets, AppTest uses only those: a developer's ~/.streamlit/secrets.toml (which
    # may hold a real key) is never read, so no test can reach a real model.
    at.secrets["isolation"] = "tests use no real secrets"
    if project:
        at.query_params["project"] = project
    return at.run()


def create(name: str = "12 King St offices", address: str = "") -> AppTest:
    at = open_app()
    at.text_input(key="new-name-main").input(name)
    at.text_input(key="new-address-main").input(address)
    button(at, "Create project").click().run()
    assert not at.exception
    return at


def say(at: AppTest, message: str) -> AppTest:
    at.chat_input(key="message").set_value(message).run()
    assert not at.exception
    return at


def card(at: AppTest) -> str:
    return "\n".join(texts(at.get_by_key("item-card")))


def about(at: AppTest) -> str:
    """The fold under the card with what the item asks for and its code references."""
    return "\n".join(texts(at.get_by_key("about-item")))


def matrix_view(at: AppTest) -> AppTest:
    at.session_state["view"] = "Matrix and export"
    return at.run()


def go_to(at: AppTest, section: str) -> AppTest:
    matrix_view(at)
    at.button(key=f"goto-{section}").click().run()
    assert not at.exception
    return at


def project_id(at: AppTest) -> str:
    return at.query_params["project"]


def stored(at: AppTest):
    return open_storage().load_project(project_id(at))


def health(at: AppTest) -> str:
    return "\n".join(texts(at.sidebar.get_by_key("context-health")))


def usage(at: AppTest) -> str:
    """The sidebar's fold of model usage and recent decisions ('' when it is not drawn)."""
    found = [e for e in at.sidebar.expander if e.key == "usage"]
    return "\n".join(texts(found[0])) if found else ""


def excerpts(at: AppTest, index: int) -> tuple[str, str]:
    """The label and the lines of the "Code excerpts used" expander under reply ``index``, opened."""
    at.session_state[f"excerpts-{index}"] = True  # drawn only while open, as a click would
    at.run()
    box = at.get_by_key(f"excerpts-{index}")
    return plain(box.label), "\n".join(texts(box))


def code_uploaders(at: AppTest) -> list:
    """The sidebar's code-text uploader (the "New project" form has a matrix uploader too)."""
    return [u for u in at.sidebar.file_uploader if plain(u.label).startswith("Code text")]


def upload(at: AppTest, name: str, content: bytes, mime: str = "text/plain") -> AppTest:
    """Choose a file in the sidebar's import form and press Import."""
    (uploader,) = code_uploaders(at)
    uploader.set_value((name, content, mime))
    button(at, "Import").click().run()
    assert not at.exception
    return at


def imports_shown(at: AppTest) -> list[str]:
    return [b.key.removeprefix("remove-import-") for b in at.sidebar.button if "remove-import-" in b.key]


def test_a_fresh_start_offers_a_new_project_and_says_the_offline_advisor_is_answering():
    at = open_app()
    assert not at.exception
    sidebar = "\n".join(texts(at.sidebar))
    assert "Advisor: the built-in rule-based advisor (offline, no AI model)." in sidebar
    assert "No projects yet." in sidebar
    assert at.selectbox(key="new-edition-main").value == "2024"
    assert len(at.chat_input) == 0  # nothing to talk about before a project exists


def test_creating_a_project_opens_its_first_item_as_a_card():
    at = create("12 King St offices")
    shown = card(at)
    assert "3.01 Project type" in shown
    assert "What kind of project is this" in shown
    assert "Expected answer: One of: New construction, Addition" in about(at)
    assert "OBC references: A-1.3.3.2" in about(at)
    # Progress counts what is confirmed: only 3.00, the edition the project was made with.
    assert at.progress[0].proto.text == "1 of 28 confirmed · 27 to do"
    assert [plain(t.value) for t in at.title] == ["12 King St offices"]
    assert plain(at.button(key=f"open-{project_id(at)}").label) == "12 King St offices"
    assert "1/28 · updated" in "\n".join(texts(at.sidebar))
    assert stored(at).code_edition == "2024"


def test_a_project_needs_a_name():
    at = open_app()
    button(at, "Create project").click().run()
    assert "The project name is empty." in [plain(e.value) for e in at.error]
    assert open_storage().list_projects() == []


def test_a_conversation_archives_its_clarifying_questions_in_the_sidebar():
    at = create()
    say(at, "We're doing some work on an old building.")
    assert at.chat_message[-1].name == "assistant"
    question = chat(at)[-1][1]
    assert "To answer 3.01 (Project type) I still need" in question
    assert "Clarifying question · confidence 0.20 · references A-1.3.3.2" in question
    assert "3.01 Project type" in card(at)  # still asking

    say(at, "It's a change of use, from a house to a small office.")
    assert [speaker for speaker, _ in chat(at)] == ["user", "assistant"] * 2
    answer = chat(at)[-1][1]
    assert "3.01 Project type: Change of use." in answer and "Proposed answer · confidence 0.95" in answer
    assert "3.02 Major occupancy classification" in card(at)

    assert plain(at.sidebar.get_by_key("archive").label) == "Clarifying threads (1 item)"
    at.session_state["archive"] = True  # drawn only while open, as a click would
    at.run()
    (chosen,) = [s for s in at.sidebar.selectbox if s.key == "archive-item"]
    assert chosen.options == ["3.01 Project type · 1 question"]
    shown = "\n".join(texts(at.sidebar.get_by_key("archive-3.01")))
    assert "Q: To answer 3.01 (Project type) I still need" in shown
    assert "A: It's a change of use, from a house to a small office." in shown


def test_three_items_answered_show_in_the_matrix_with_status_answer_and_confidence():
    at = create()
    for message in ["New construction", "Group D, offices.", "No superimposed occupancies."]:
        say(at, message)
    assert "3.04 Building area" in card(at)
    assert at.progress[0].proto.text == "1 of 28 confirmed · 3 to confirm · 24 to do"
    matrix_view(at)
    assert len(at.chat_input) == 0
    rows = {plain(b.label).split()[0]: b for b in at.button if b.key and b.key.startswith("goto-")}
    assert list(rows) == [f"3.{n:02d}" for n in range(28)]
    assert rows["3.00"].disabled and not rows["3.01"].disabled
    shown = page_text(at)
    assert plain(rows["3.02"].label) == "3.02 Major occupancy classification"
    assert ":blue-badge[Current]" in shown
    # Each row says which articles its answer rests on.
    assert "References" in shown and "A-1.3.3.2" in shown and "3.2.2.7" in shown
    # 3.00 comes from the edition; the advisor's answers wait to be confirmed.
    assert shown.count(":green-badge[Confirmed]") == 1 and shown.count(":violet-badge[Proposed]") == 3
    assert shown.count(":gray-badge[To do]") == 23
    assert "Change of use" not in shown and "New construction" in shown and "0.95" in shown


def test_clicking_an_item_in_the_matrix_goes_to_it():
    at = create()
    say(at, "New construction")
    go_to(at, "3.07")
    assert at.session_state["view"] == "Current item"
    assert "3.07 Building height" in card(at)
    assert "Expected answer: Storeys above grade, storeys below grade, and building height in m." in about(at)
    assert stored(at).current_form_section == "3.07"


def test_direct_entry_finalizes_the_item_without_a_conversation():
    at = create()
    at.selectbox(key="entry-3.01-value").set_value("Renovation / alteration")
    button(at, "Save answer").click().run()
    assert not at.exception
    assert "Saved 3.01 Project type: Renovation / alteration." in [plain(s.value) for s in at.success]
    assert "3.02 Major occupancy classification" in card(at)
    assert at.chat_message.len == 0
    answer = stored(at).answer_for("3.01")
    assert (answer.value, answer.source, answer.confidence) == ("Renovation / alteration", "direct", 1.0)


@pytest.mark.parametrize(
    ("section", "fields", "value"),
    [
        ("3.03", {"value": "Yes"}, True),
        ("3.09", {"value": 2}, 2),
        (
            "3.04",
            {"existing": 140.0, "new": 60.0, "total": 200.0},
            {"existing": 140, "new": 60, "total": 200},
        ),
        (
            "3.07",
            {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 12.8},
            {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 12.8},
        ),
        ("3.10", {"value": "3.2.2.60, 3.2.2.62"}, ["3.2.2.60", "3.2.2.62"]),
        ("3.02", {"value": ["D", "E"]}, ["D", "E"]),
        (
            "3.24",
            {"compliance_path": "SB-10, ASHRAE 90.1-2013", "climate_zone": "5", "degree_days": 3520},
            {
                "compliance_path": "SB-10, ASHRAE 90.1-2013",
                "climate_zone": "5",
                "degree_days": 3520,
                "note": "",
            },
        ),
        (
            "3.25",
            {"more_than_one_dwelling_unit": "Yes", "option": "STC 50"},
            {"more_than_one_dwelling_unit": True, "option": "STC 50", "note": ""},
        ),
        ("3.25", {"na": True}, None),
        (
            "3.15",
            {"restriction": "Combustible permitted", "actual": "Noncombustible", "heavy_timber": False},
            {"restriction": "Combustible permitted", "actual": "Noncombustible", "heavy_timber": False},
        ),
        (
            "3.20",
            {"barrier_free_entrances": 2, "hazardous_substances": "No"},
            {"barrier_free_entrances": 2, "hazardous_substances": False},
        ),
    ],
)
def test_direct_entry_takes_each_kind_of_answer(section, fields, value):
    """The row items (3.18, 3.21-3.23) have their own editor, tested in test_app_rows.py."""
    at = create()
    go_to(at, section)
    for field, entered in fields.items():
        widget = at.get_by_key(f"entry-{section}-{field}")
        widget.set_value(entered)
    button(at, "Save answer").click().run()
    assert not at.exception and not at.error
    answer = stored(at).answer_for(section)
    assert answer is not None and answer.source == "direct"
    if value is not None:
        assert answer.value == value
    if fields == {"na": True}:
        assert answer.not_applicable


def test_direct_entry_is_checked_by_the_same_rules_as_the_advisor():
    at = create()
    go_to(at, "3.04")
    for field, entered in {"existing": 140.0, "new": 60.0, "total": 150.0}.items():
        at.number_input(key=f"entry-3.04-{field}").set_value(entered)
    button(at, "Save answer").click().run()
    assert [plain(e.value) for e in at.error] == [
        "The value for item 3.04 is not valid: existing (140) + new (60) does not equal total (150)."
    ]
    assert "3.04 Building area" in card(at) and stored(at).answer_for("3.04") is None
    assert at.number_input(key="entry-3.04-total").value == 150.0  # what they typed is still there

    at.number_input(key="entry-3.04-total").set_value(None)
    button(at, "Save answer").click().run()
    assert "Fill in total for 3.04 before saving." in [plain(e.value) for e in at.error]


def test_revising_an_answer_replaces_it_and_keeps_the_old_one_in_history():
    at = create()
    for message in ["New construction", "Group D, offices.", "No superimposed occupancies."]:
        say(at, message)
    go_to(at, "3.02")
    assert "Current answer: D (confidence 0.95)" in card(at)
    say(at, "Group E, retail.")
    state = stored(at)
    assert state.answer_for("3.02").value == ["E"]
    assert [a.value for a in state.answer_history["3.02"]] == [["D"]]
    assert "3.04 Building area" in card(at)  # back where the consultant was
    matrix_view(at)
    assert ":orange-badge[Flagged]" in page_text(at)  # 3.03 depends on 3.02
    go_to(at, "3.02")
    assert "Earlier answers to 3.02 (1)" in [plain(e.label) for e in at.expander]


def test_a_reload_or_a_second_tab_opens_the_same_project():
    first = create("Reload me")
    say(first, "New construction")
    again = open_app(project_id(first))
    assert not again.exception
    assert [plain(t.value) for t in again.title] == ["Reload me"]
    assert "3.02 Major occupancy classification" in card(again)
    assert chat(again) == chat(first)


def test_a_message_for_an_item_another_tab_moved_past_is_kept_not_sent():
    first = create()
    second = open_app(project_id(first))
    say(second, "New construction")
    say(first, "Renovation")  # first still shows 3.01
    (error,) = [plain(e.value) for e in first.get_by_key("unsent").error]
    assert error.startswith("Your message was not sent. This project was changed in another tab or session")
    assert first.text_area(key="unsent-text").value == "Renovation"
    assert stored(first).answer_for("3.01").value == "New construction"
    assert "3.02 Major occupancy classification" in card(first)  # now shows the latest state

    first.text_area(key="unsent-text").set_value("Group D, offices.")
    button(first, "Send again").click().run()
    assert stored(first).answer_for("3.02").value == ["D"]
    assert len(first.text_area) == 0


def test_rename_and_delete_after_confirmation():
    at = create("Old name")
    at.text_input(key="rename-name").input("New name")
    at.text_input(key="rename-address").input("12 King St W, Toronto ON")
    button(at, "Rename").click().run()
    assert [plain(t.value) for t in at.title] == ["New name"]
    assert "Renamed to “New name”. Site address: 12 King St W, Toronto ON." in [
        plain(s.value) for s in at.success
    ]
    assert stored(at).address == "12 King St W, Toronto ON"

    button(at, "Delete project…").click().run()
    assert "Delete “New name” and all its answers? This cannot be undone." in [
        plain(w.value) for w in at.warning
    ]
    button(at, "Cancel").click().run()
    assert open_storage().list_projects() != []

    button(at, "Delete project…").click().run()
    button(at, "Yes, delete").click().run()
    assert open_storage().list_projects() == []
    assert "Project “New name” deleted." in [plain(s.value) for s in at.success]
    assert "project" not in at.query_params and at.text_input(key="new-name-main") is not None


def test_projects_are_listed_and_opened_from_the_sidebar():
    first = create("First")
    at = create("Second")
    say(at, "New construction")
    assert [plain(b.label) for b in at.sidebar.button if b.key.startswith("open-")] == ["Second", "First"]
    at.button(key=f"open-{project_id(first)}").click().run()
    assert [plain(t.value) for t in at.title] == ["First"]
    assert project_id(at) == project_id(first)
    captions = [plain(c.value) for c in at.sidebar.caption]
    assert any(c.startswith("2/28 · updated") for c in captions)


def test_a_project_missing_from_the_store_is_reported_and_closed():
    at = open_app("0123456789abcdef")
    assert "Project 0123456789abcdef was not found; it may have been deleted." in [
        plain(w.value) for w in at.warning
    ]
    assert "project" not in at.query_params


def test_export_offers_markdown_csv_json_pdf_and_excel_downloads():
    at = create("Export me")
    say(at, "New construction")
    matrix_view(at)
    buttons = {b.key: b for b in at.download_button}
    assert [plain(b.label) for b in buttons.values()] == [
        "Download Markdown",
        "Download CSV",
        "Download JSON",
        "Download PDF (drawing sheet)",
        "Download PDF (review copy)",
        "Download Excel",
    ]
    names = [b.proto.url.rsplit(".", 1)[-1] for b in buttons.values()]
    assert names == ["md", "csv", "json", "pdf", "pdf", "xlsx"]


def test_hostile_text_is_shown_as_typed_and_never_as_markup():
    at = create("<b>Bold</b> **name** # x")
    say(at, HOSTILE)
    user_text = chat(at)[0][1]
    assert user_text == HOSTILE
    message = at.chat_message[0].markdown[0]
    assert not message.proto.allow_html
    # Every Markdown and HTML character is backslash-escaped, so nothing can take effect.
    assert re.search(r"(?<!\\)[<>*_#\[\]:$]", message.value.replace("\\\\", "")) is None
    assert [plain(t.value) for t in at.title] == ["<b>Bold</b> **name** # x"]
    assert all(not m.proto.allow_html for m in at.markdown)
    # The page's own stylesheet and keyboard script, nothing else, and neither carries typed text.
    pieces = [h.proto.body for h in at.get("html")]
    assert len(pieces) == 2 and not any("Bold" in piece for piece in pieces)


def test_a_message_over_the_limit_is_refused_and_kept_for_editing():
    at = create()
    long = "W" * (MAX_MESSAGE_CHARS + 1)
    say(at, long)
    (error,) = [plain(e.value) for e in at.get_by_key("unsent").error]
    assert error == (
        "Your message was not sent. The message is 4,001 characters long; the limit is 4,000. "
        "Please shorten it (nothing was saved)."
    )
    assert at.text_area(key="unsent-text").value == long
    assert at.chat_message.len == 0 and stored(at).turns == []

    at.text_area(key="unsent-text").set_value("New construction")
    button(at, "Send again").click().run()
    assert stored(at).answer_for("3.01").value == "New construction"
    assert len(at.text_area) == 0


def test_a_very_long_unbroken_message_is_wrapped_by_the_page_styles():
    at = create()
    say(at, "W" * MAX_MESSAGE_CHARS)
    assert chat(at)[0][1] == "W" * MAX_MESSAGE_CHARS
    (styles,) = [h.proto.body for h in at.get("html") if "<style>" in h.proto.body]
    assert "overflow-wrap: anywhere" in styles and "stChatMessage" in styles


@pytest.fixture
def model_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAI]:
    """A chat-completions server on 127.0.0.1, configured as the app's advisor (no retries)."""
    server = FakeOpenAI().start()
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    monkeypatch.setenv("WIZARD_MAX_RETRIES", "0")
    monkeypatch.setenv("WIZARD_STREAMING", "false")
    yield server
    server.stop()


def test_a_failing_advisor_keeps_the_message_and_retry_sends_it_again(model_server):
    at = create()
    assert "Advisor: openai" in "\n".join(texts(at.sidebar))
    model_server.enqueue(Reply(status=500, error="upstream exploded"))
    say(at, "New construction of a three storey office.")
    (_, sent), (_, failure) = chat(at)
    assert sent == "New construction of a three storey office."
    assert "The advisor could not answer: The model server at 127.0.0.1" in failure
    assert "answered 500 (server error)" in failure and "Your message is kept above" in failure
    assert "Traceback" not in failure and "sk-test" not in page_text(at)
    assert "3.01 Project type" in card(at)

    answer = {
        "type": "form_answer",
        "content": "3.01 Project type: New construction.",
        "confidence": 0.9,
        "obc_references": ["A-1.3.3.2"],
        "value": "New construction",
    }
    model_server.enqueue(reply(answer))
    button(at, "Retry").click().run()
    assert not at.exception
    assert chat(at)[-1][1].startswith("3.01 Project type: New construction.")
    assert "120 in / 30 out tokens" in chat(at)[-1][1]  # the fake server's usage report
    # The failed call reached the server too, which reported no usage: its tokens are unknown, not 0.
    assert "Model usage for this project: 120 in / 30 out over 1 turn; tokens unknown for 1 turn" in usage(at)
    assert "3.02 Major occupancy classification" in card(at)
    assert stored(at).answer_for("3.01").value == "New construction"
    assert model_server.requests[-1].body["messages"]  # the retry really reached the server


def test_an_unreachable_model_server_is_named_and_nothing_typed_is_lost(model_server, monkeypatch):
    at = create()
    model_server.stop()
    say(at, "New construction")
    assert "The advisor could not answer:" in chat(at)[-1][1]
    assert stored(at).turns[-1].message == "New construction"
    assert plain(at.button(key="retry").label) == "Retry"


def test_an_unusable_setting_stops_the_page_with_a_plain_message(monkeypatch):
    monkeypatch.setenv("WIZARD_ADVISOR", "nonsense")
    at = open_app()
    assert not at.exception
    (error,) = [plain(e.value) for e in at.error]
    assert error.startswith("The wizard cannot start: Unknown advisor 'nonsense'")


def test_a_bug_in_a_turn_keeps_the_text_and_shows_a_sentence_not_a_traceback(monkeypatch):
    at = create()

    def broken(*args, **kwargs):
        raise RuntimeError("internal detail that must not reach the page")

    monkeypatch.setattr("wizard_core.turn.pipeline.ContextManager.run", broken)
    say(at, "New construction")
    assert not at.exception
    (error,) = [plain(e.value) for e in at.get_by_key("unsent").error]
    assert error.startswith("Your message was not sent. Something went wrong in the wizard itself")
    assert "internal detail" not in page_text(at)
    assert at.text_area(key="unsent-text").value == "New construction"


def test_an_unreadable_project_is_named_in_the_list_and_can_be_deleted(isolated_environment):
    at = create("Good project")
    broken = isolated_environment / "projects" / "brokenproject1.json"
    broken.write_text("{ not json", encoding="utf-8")
    at.run()
    errors = [plain(e.value) for e in at.sidebar.error]
    assert len(errors) == 1 and "cannot be read" in errors[0]
    at.button(key="delete-line-brokenproject1").click().run()
    at.button(key="confirm-delete-line-brokenproject1").click().run()
    assert not broken.exists() and not at.sidebar.error
    assert [plain(t.value) for t in at.title] == ["Good project"]  # the open project is untouched


def test_settings_in_streamlit_secrets_apply_when_the_environment_leaves_them_unset(monkeypatch):
    monkeypatch.setenv("WIZARD_ADVISOR", "registered for cleanup")
    monkeypatch.delenv("WIZARD_ADVISOR")  # unset now, and unset again after the test
    at = AppTest.from_file(APP, default_timeout=30)
    at.secrets["WIZARD_ADVISOR"] = "from-secrets"
    at.run()
    (error,) = [plain(e.value) for e in at.error]
    assert error.startswith("The wizard cannot start: Unknown advisor 'from-secrets'")


def test_the_sidebar_says_where_the_project_stands_and_the_page_lists_what_to_review():
    at = create()
    assert health(at) == "1 of 28 confirmed · 27 to do\nNo messages yet."
    for message in ["New construction", "Group D, offices.", "No superimposed occupancies."]:
        say(at, message)
    say(at, "Go back to 3.02")
    say(at, "Group E, retail.")
    shown = health(at)
    assert "1 of 28 confirmed · 2 to confirm · 1 flagged · 24 to do" in shown
    assert at.progress[0].proto.text in shown  # the sidebar and the progress bar count alike
    assert "5 messages so far · last one just now" in shown
    assert "relevance" not in shown and "Fresh" not in shown  # no developer words
    flags = "\n".join(texts(at.get_by_key("flags")))  # on the page, not in the sidebar
    assert "3.03 Superimposed major occupancies: Major occupancy (3.02) went from D to E" in flags
    lines = texts(at.sidebar.get_by_key("decisions"))
    assert "How the last 5 messages were taken, newest first:" in usage(at)
    assert lines[0].startswith("Continuing · on 3.02 · ") and lines[1].startswith("Revision · on 3.04 · ")
    assert (
        "revision trigger 'Go back to' naming 3.02 Major occupancy classification by item number "
        "(confidence 0.95)"
    ) in lines
    assert "Model usage" not in usage(at)  # the offline advisor calls no model


def test_a_project_left_for_an_hour_greets_the_consultant_with_a_recap():
    at = create()
    say(at, "New construction")
    store = open_storage()
    state = store.load_project(project_id(at))
    state.updated_at = utc_now() - timedelta(hours=1)
    store.save_project(state)

    again = open_app(project_id(at))
    assert not again.exception
    (greeting,) = [plain(i.value) for i in again.main.info]
    assert greeting == (
        "Welcome back. Resumed after 1 h 00 min: 2 of 28 items answered; "
        "the current item is 3.02 Major occupancy classification."
    )
    assert "1 message so far · last one 1 h 00 min ago" in health(again)

    say(again, "Group D, offices.")
    assert not again.main.info  # the consultant is back: no more greeting
    assert "Sent after a break of more than 30 minutes; the advisor was given a recap" in chat(again)[-1][1]
    assert stored(again).turns[-1].stale


def test_a_side_question_a_revision_and_a_reset_are_labelled_in_the_chat():
    at = create()
    say(at, "New construction")
    say(at, "What counts as a storey?")
    reply_text = chat(at)[-1][1]
    assert "Side question, answered from the code: 3.02 is unchanged." in reply_text
    assert "Side answer · references" in reply_text
    assert "3.02 Major occupancy classification" in card(at)
    assert stored(at).current_form_section == "3.02" and stored(at).answer_for("3.02") is None
    label, lines = excerpts(at, 1)
    assert label == "Code excerpts used (3)" and "· 2024 · code notes" in lines

    say(at, "Go back to 3.01")
    reply_text = chat(at)[-1][1]
    assert reply_text.startswith("Back to 3.01 Project type (current answer: New construction).")
    assert (
        "↩ Revision: back to 3.01." in reply_text and "From the wizard · references A-1.3.3.2" in reply_text
    )
    assert "3.01 Project type" in card(at) and stored(at).current_form_section == "3.01"
    assert not [e for e in at.expander if e.key == "excerpts-2"]  # the wizard's notice used no excerpts

    say(at, "Start over")
    reply_text = chat(at)[-1][1]
    assert "↺ Reset: 3.01 started over; its earlier discussion is in the archive." in reply_text
    assert stored(at).current_form_section == "3.01" and stored(at).answer_for("3.01") is not None


def test_each_advisor_reply_lists_its_excerpts():
    at = create()
    say(at, "New construction")
    label, lines = excerpts(at, 0)
    turn = stored(at).turns[0]
    assert label == f"Code excerpts used ({len(turn.excerpt_ids)})" and turn.excerpt_ids
    assert "A-1.3.3.2 Buildings to which Part 3 applies · 2024 · code notes" in lines
    # No developer detail: neither the search the wizard ran nor the notes' file and lines.
    assert "Searched for" not in lines and ".md, lines" not in lines


def test_the_consultants_code_text_is_imported_used_next_turn_and_removed():
    at = create()
    assert "None imported" in "\n".join(texts(at.sidebar))
    upload(at, "My Widgets.txt", code_text(count=5, part=7).encode())
    assert (
        "Imported 5 articles (2024 edition) as 'my-widgets'. The advisor uses it from your next message."
        in [plain(s.value) for s in at.sidebar.success]
    )
    assert imports_shown(at) == ["my-widgets"]
    assert "my-widgets · 5 articles" in "\n".join(texts(at.sidebar))
    assert code_uploaders(at)[0].value is None  # a fresh uploader for the next file
    assert (imported_dir(Path(open_storage().data_dir)) / "my-widgets.md").exists()

    say(at, "What are the widget clearances?")
    assert "7.1.1.1 Gizmo Clearances" in chat(at)[-1][1]
    assert "· your imported code text" in excerpts(at, 0)[1]

    at.button(key="remove-import-my-widgets").click().run()
    assert "Removed the imported code text “my-widgets”; the advisor no longer uses it." in [
        plain(s.value) for s in at.sidebar.success
    ]
    assert imports_shown(at) == [] and "None imported" in "\n".join(texts(at.sidebar))
    say(at, "What are the widget clearances?")
    assert "7.1.1.1" not in chat(at)[-1][1]
    assert "7.1.1.1 (no longer available)" in excerpts(at, 0)[1]  # the earlier reply still says so


def test_a_file_that_is_not_code_text_is_refused_with_a_clear_message():
    at = create()
    upload(at, "hello.txt", b"hello world")
    assert [plain(e.value) for e in at.sidebar.error] == [
        "hello.txt does not look like building-code text: found 0 article headings such as "
        "'3.2.4.1. Title', and at least 3 are needed."
    ]
    assert imports_shown(at) == [] and not imported_dir(Path(open_storage().data_dir)).exists()
    assert code_uploaders(at)[0].value is not None  # still chosen, to try another edition or name


def test_a_damaged_import_is_named_and_the_shipped_notes_still_serve(isolated_environment):
    broken = imported_dir(isolated_environment) / "damaged.md"
    broken.parent.mkdir(parents=True)
    broken.write_text("## not an id | Title\nshort\n", encoding="utf-8")
    at = create()
    assert imports_shown(at) == ["damaged"]
    assert "damaged · 0 articles" in "\n".join(texts(at.sidebar))
    (warning,) = [plain(w.value) for w in at.sidebar.warning]
    assert warning.startswith("Not in use: ")
    say(at, "New construction")
    assert "3.02 Major occupancy classification" in card(at)
