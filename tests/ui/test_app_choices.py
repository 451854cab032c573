"""The current choice item's options as buttons beside the chat: a click answers with that option."""

from __future__ import annotations

from tests.ui.test_app import button, card, chat, create, plain, say


def labels(at) -> list[str]:
    """The option buttons' labels, in the options' order."""
    buttons = [b for b in at.button if b.key and b.key.startswith("choice-")]
    return [plain(b.label) for b in sorted(buttons, key=lambda b: int(b.key.rsplit("-", 1)[1]))]


def test_a_choice_items_options_are_buttons_and_a_click_answers_with_that_option():
    at = create()
    assert labels(at) == [
        "New construction",
        "Addition",
        "Renovation / alteration",
        "Addition and renovation",
        "Change of use",
        "Repair",
    ]
    button(at, "Change of use").click().run()
    assert not at.exception
    conversation = chat(at)
    assert conversation[0] == ("user", "Change of use")
    assert "3.01 Project type: Change of use" in conversation[1][1]
    assert "3.02 Major occupancy classification" in card(at)
    assert labels(at) == [], "3.02 takes several occupancies: it is answered in words, not with buttons"


def test_after_a_question_the_buttons_settle_it_without_retyping():
    at = create()
    say(at, "We're doing some work on an old building.")
    assert chat(at)[-1][0] == "assistant" and "3.01 Project type" in card(at)
    button(at, "Addition and renovation").click().run()
    assert chat(at)[-2] == ("user", "Addition and renovation")
    assert "Addition and renovation" in chat(at)[-1][1]
    assert "3.02 Major occupancy classification" in card(at)
