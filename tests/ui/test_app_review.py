"""The review buttons through AppTest: confirm, confirm all, undo, still holds, skip; N/A with figures."""

from __future__ import annotations

from storage import open_storage
from tests.test_review import VALUES
from tests.ui.test_app import (
    button,
    card,
    create,
    go_to,
    health,
    open_app,
    page_text,
    plain,
    say,
    stored,
    texts,
)
from wizard_core import open_wizard


def successes(at) -> list[str]:
    return [plain(s.value) for s in at.success]


def last_answer(at) -> str:
    return "\n".join(plain(str(e.value)) for e in at.get_by_key("last-answer").get("markdown"))


def test_an_advisor_answer_is_proposed_until_the_consultant_confirms_it():
    at = say(create(), "New construction")
    assert last_answer(at) == "3.01 Project type: New construction · Proposed"
    assert at.progress[0].proto.text == "1 of 28 confirmed · 1 to confirm · 26 to do"
    at.button(key="confirm-last").click().run()
    assert not at.exception
    assert "Confirmed 3.01 Project type: New construction." in successes(at)
    assert last_answer(at) == "3.01 Project type: New construction · Confirmed"
    assert "Confirmed answer · confidence" in page_text(at) and "Proposed answer" not in page_text(at)
    assert stored(at).answer_for("3.01").confirmed
    assert not [b for b in at.button if b.key == "confirm-last"]  # nothing left to confirm


def test_confirm_all_under_the_progress_confirms_every_proposed_answer():
    at = say(say(create(), "New construction"), "Group D, business and personal services. Offices only.")
    assert "1 of 28 confirmed · 2 to confirm · 25 to do" in health(at)
    assert plain(at.button(key="confirm-all").label) == "Confirm all proposed (2)"
    at.button(key="confirm-all").click().run()
    assert "Confirmed 2 answers." in successes(at)
    assert "3 of 28 confirmed · 25 to do" in health(at)
    assert at.progress[0].proto.text == "3 of 28 confirmed · 25 to do"
    assert all(not a.proposed for a in stored(at).finalized_answers)
    assert not [b for b in at.button if b.key == "confirm-all"]


def test_a_direct_entry_is_confirmed_on_save():
    at = create()
    at.selectbox(key="entry-3.01-value").set_value("Renovation / alteration")
    button(at, "Save answer").click().run()
    assert last_answer(at) == "3.01 Project type: Renovation / alteration · Confirmed"
    assert stored(at).answer_for("3.01").confirmed


def test_undo_last_answer_says_what_it_undoes_and_takes_it_back():
    at = say(create(), "New construction")
    undo = at.button(key="undo-last")
    assert plain(undo.label) == "Undo last answer"
    assert (
        undo.help == "Takes back 3.01 Project type: New construction (advisor); back to unanswered. (Alt+U)"
    )
    undo.click().run()
    assert not at.exception
    assert (
        "Undid 3.01 Project type (New construction): back to unanswered; it is the current item again."
        in (successes(at))
    )
    assert "3.01 Project type" in card(at) and stored(at).answer_for("3.01") is None
    assert not [b for b in at.button if b.key == "undo-last"]  # nothing left to undo
    assert at.chat_message.len == 2  # the message that gave the answer is still in the transcript
    assert "Answer taken back · confidence" in page_text(at)


def test_undo_from_a_page_another_tab_has_moved_on_changes_nothing():
    at = say(create(), "New construction")
    other = open_app(at.query_params["project"])
    say(other, "Group D, business and personal services. Offices only.")
    at.button(key="undo-last").click().run()
    assert "nothing was undone" in " ".join(plain(w.value) for w in at.warning)
    assert stored(at).answer_for("3.02") is not None and stored(at).answer_for("3.01") is not None


def test_still_holds_clears_the_flag_left_by_a_revision():
    at = create()
    wizard = open_wizard(open_storage())
    project = at.query_params["project"]
    for section, value in (
        ("3.01", "New construction"),
        ("3.02", ["D"]),
        ("3.03", False),
        ("3.04", {"existing": 0, "new": 1150, "total": 1150}),
        ("3.05", {"existing": 0, "new": 3450, "total": 3450}),
        ("3.04", {"existing": 0, "new": 1200, "total": 1200}),
    ):
        wizard.answer_directly(project, section, value)
    at = open_app(project)
    flags = "\n".join(texts(at.get_by_key("flags")))  # on the page, under the progress
    assert "1 answer to review" in flags and "3.05 Gross area: " in flags
    assert plain(at.button(key="flag-keep-3.05").label) == "Still holds"
    at.button(key="flag-revise-3.05").click().run()  # "Revise" goes to the item
    assert "3.05 Gross area" in card(at) and "Flagged for review: " in card(at)
    at.button(key="keep-3.05").click().run()
    assert not at.exception
    assert "Kept 3.05 Gross area: " in " ".join(successes(at))
    assert "Flagged for review" not in card(at)
    assert "3.05" not in stored(at).flagged and stored(at).answer_for("3.05").reviewed_at is not None


def test_skip_for_now_moves_on_and_comes_back_later():
    at = create()
    at.button(key="skip-3.01").click().run()
    assert not at.exception
    assert (
        "Skipped 3.01 Project type for now; the wizard comes back to it after the other items. "
        "Now on 3.02 Major occupancy classification."
    ) in [plain(i.value) for i in at.info]
    assert "3.02 Major occupancy classification" in card(at)
    assert stored(at).skipped == ["3.01"] and stored(at).answer_for("3.01") is None
    assert "1 of 28 confirmed · 1 skipped for now · 26 to do" in health(at)


def test_skipping_the_last_unanswered_item_says_why_it_cannot():
    at = create()
    wizard = open_wizard(open_storage())
    project = at.query_params["project"]
    for section in [i.number for i in wizard.items[2:]]:
        wizard.answer_directly(project, section, VALUES[section], override="checked by the consultant")
    at = open_app(project)
    assert "3.01 Project type" in card(at)
    at.button(key="skip-3.01").click().run()
    assert "3.01 Project type is the only item left unanswered" in " ".join(plain(e.value) for e in at.error)
    assert stored(at).skipped == []


def test_not_applicable_ticked_with_figures_typed_is_refused_and_the_figures_are_kept():
    at = create()
    go_to(at, "3.06")
    at.checkbox(key="entry-3.06-na").check()
    button(at, "Save answer").click().run()
    assert stored(at).answer_for("3.06").not_applicable
    go_to(at, "3.06")
    assert at.checkbox(key="entry-3.06-na").value  # pre-ticked from the "none" answer
    for field, entered in {"existing": 0.0, "new": 45.0, "total": 45.0}.items():
        at.number_input(key=f"entry-3.06-{field}").set_value(entered)
    button(at, "Save answer").click().run()
    assert [plain(e.value) for e in at.error] == [
        "Not saved: “Not applicable / none” is ticked but 3.06 also has existing, new, total filled in. "
        "Untick “Not applicable / none” to save the figures, or clear them to record not applicable "
        "(your entries are kept)."
    ]
    assert stored(at).answer_for("3.06").not_applicable  # nothing changed
    assert at.number_input(key="entry-3.06-total").value == 45.0  # what they typed is still there

    at.checkbox(key="entry-3.06-na").uncheck()
    button(at, "Save answer").click().run()
    assert not at.error
    assert stored(at).answer_for("3.06").value == {"existing": 0, "new": 45, "total": 45}


def _all_answered_two_proposed_one_flagged(at) -> str:
    """Every item answered: 3.01 and 3.02 proposed by the advisor, the rest entered directly, and
    3.02's answer flagged by a later revision."""
    wizard = open_wizard(open_storage())
    project = at.query_params["project"]
    say(say(at, "New construction"), "Group D, business and personal services. Offices only.")
    for section in [i.number for i in wizard.items[3:]]:
        wizard.answer_directly(project, section, VALUES[section], override="checked by the consultant")
    store = open_storage()
    state = store.load_project(project)
    state.flagged["3.02"] = "Building area (3.04) went from 1,150 m² to 1,640 m². Check it still holds."
    store.save_project(state)
    return project


def test_the_end_state_says_what_is_confirmed_and_confirm_all_leaves_the_flagged():
    at = create()
    project = _all_answered_two_proposed_one_flagged(at)
    at = open_app(project)
    progress = at.progress[0].proto.text
    assert progress.startswith("26 of 28 confirmed") and "1 to confirm · 1 flagged" in progress
    # Not "done" in green: every item has an answer, but not every answer is the consultant's.
    assert not [s for s in at.success if "confirmed" in plain(s.value)]
    (warning,) = [plain(w.value) for w in at.warning if "Every item has an answer" in plain(w.value)]
    assert "1 to confirm and 1 flagged" in warning and "not ready to sign" in warning

    at.button(key="confirm-all").click().run()
    assert "Confirmed 1 answer; 1 flagged item was left for you to review: 3.02." in [
        plain(w.value) for w in at.warning
    ]
    state = stored(at)
    assert state.answer_for("3.01").confirmed and not state.answer_for("3.02").confirmed
    assert "3.02" in state.flagged  # never confirmed and flagged at once

    at.button(key="flag-keep-3.02").click().run()  # it still holds: kept, and so confirmed
    assert at.progress[0].proto.text == "28 of 28 confirmed"
    assert "All 28 items are confirmed." in " ".join(plain(s.value) for s in at.success)


def test_several_flags_are_kept_at_once_from_the_page():
    at = create()
    project = _all_answered_two_proposed_one_flagged(at)
    store = open_storage()
    state = store.load_project(project)
    state.flagged["3.05"] = "Building area (3.04) went from 1,150 m² to 1,640 m². Check it still holds."
    store.save_project(state)
    at = open_app(project)
    flags = "\n".join(texts(at.get_by_key("flags")))
    assert "2 answers to review" in flags
    assert plain(at.button(key="flag-keep-all").label) == "All 2 still hold"
    at.button(key="flag-keep-all").click().run()
    assert "Kept 2 answers as they are (3.02, 3.05); their flags are cleared." in successes(at)
    assert stored(at).flagged == {} and not [c for c in at.main if getattr(c, "key", None) == "flags"]


def test_a_to_do_typed_as_a_note_is_offered_for_tidying_before_export():
    at = create()
    go_to(at, "3.27")
    say(at, "will follow up with the plumbing engineer on the fixture count next week")
    answer = stored(at).answer_for("3.27")
    assert answer.to_do and answer.confidence < 0.8
    at.session_state["view"] = "Matrix and export"
    at.run()
    tidy = " ".join(texts(at.get_by_key("to-tidy")))
    assert "Before the sheet goes out" in tidy and "3.27 Notes is a to-do, not a note" in tidy
    at.button(key="tidy-3.27").click().run()
    assert "3.27 Notes" in card(at)
