"""After two questions have not settled an item, its direct entry opens, pre-filled with what was read."""

from __future__ import annotations

from tests.ui.test_app import card, create, say, texts


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


def test_a_choice_item_stuck_twice_opens_its_entry_with_the_options_to_choose_from():
    at = create("Stuck on the project type")
    say(at, "hmm, the client hasn't decided what the scope is")
    say(at, "still waiting to hear back from them")
    opened = [e for e in at.expander if e.label.startswith("Know the answer") and e.proto.expanded]
    assert opened, "the direct entry opens by itself"
    assert any("Two questions have not settled 3.01" in t for t in texts(at.main))
    options = at.selectbox(key="entry-3.01-value").options
    assert {"New construction", "Change of use", "Renovation / alteration"} <= set(options)


def test_a_fact_said_at_an_earlier_item_pre_fills_the_later_items_entry():
    at = create("Said early")
    say(at, "New three storey office building, sprinklered throughout, on a corner lot facing two streets.")
    for message in ("Group D offices.", "No.", "1,150 m2", "3,450 m2", "none", "3 storeys, no bsmt, 12.8 m"):
        say(at, message)
    say(at, "no")
    assert "3.09" in card(at)
    entry = [e for e in at.expander if e.label.startswith("Know the answer")]
    assert entry and "pre-filled from what you said at 3.01" in entry[0].label
    assert at.number_input(key="entry-3.09-value").value == 2  # proposed, the consultant still saves it
    state_note = [t for t in texts(at.main) if "3.09 Number of streets / fire-fighter access:" in t]
    assert not state_note  # nothing recorded unasked
