"""After two questions have not settled an item, its direct entry opens, pre-filled with what was read."""

from __future__ import annotations

from tests.ui.test_app import create, say, texts


def test_two_questions_open_the_direct_entry_pre_filled_with_the_reading():
    at = create("Stuck on the area")
    for message in ("New construction.", "Group D offices.", "No."):
        say(at, message)
    say(at, "About 1,150 m2.")  # asked for the exact figure, with 1,150 offered
    assert not [e for e in at.expander if e.label.startswith("Know the answer") and e.proto.expanded]
    say(at, "hmm, something like that, roughly")  # asked again
    opened = [e for e in at.expander if e.label.startswith("Know the answer") and e.proto.expanded]
    assert opened, "the direct entry opens by itself"
    assert any("Two questions have not settled 3.04" in t for t in texts(at.main))
    assert at.number_input(key="entry-3.04-total").value == 1150  # what the wizard read, to correct
    assert at.number_input(key="entry-3.04-new").value == 1150


def test_a_settled_item_does_not_open_the_entry():
    at = create("Settled")
    for message in ("New construction.", "Group D offices.", "No.", "1,150 m2, all new."):
        say(at, message)
    assert not [e for e in at.expander if e.label.startswith("Know the answer") and e.proto.expanded]
