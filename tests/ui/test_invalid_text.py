"""A message with a broken character (a lone surrogate, as a damaged paste leaves) is never dropped.

The browser cannot send such text through Streamlit's protocol, so the test queues it the way a
Retry does (``session.resend``); everything after that is the real page and the real core.
"""

from __future__ import annotations

from tests.ui.test_app import button, create, page_text, plain, stored


def test_a_message_with_a_broken_character_is_refused_and_kept_for_editing():
    at = create()
    at.session_state["resend"] = "New \udcff construction: a three storey office"
    at.run()
    assert not at.exception
    (error,) = [plain(e.value) for e in at.get_by_key("unsent").error]
    assert "not valid text at position 5" in error and "nothing was saved" in error
    assert at.text_area(key="unsent-text").value == "New \ufffd construction: a three storey office"
    assert at.chat_message.len == 0 and stored(at).turns == []

    at.text_area(key="unsent-text").set_value("New construction: a three storey office")
    button(at, "Send again").click().run()
    assert stored(at).answer_for("3.01").value == "New construction"
    assert "not valid text" not in page_text(at)
