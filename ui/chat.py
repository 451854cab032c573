"""The project's conversation, from its turn records: the chat box with the current item's thread.

Each turn is drawn by ui/replies.py; earlier items' conversations fold below the box (ui/history.py).
"""

from __future__ import annotations

import streamlit as st

from ui import keys, replies, sending, session, worker
from ui.text import escape
from wizard_core import ProjectState, TurnRecord, Wizard

INPUT = "message"
THREAD_FOLD = "thread-earlier"  # the fold of the thread's earlier turns, per project
# Turns drawn at a time: the current item's newest, and a page of a fold.
PAGE = 20
# Turns drawn open in the chat box: the thread's newest (all of it when the current item has no
# turns yet, it was just reached); its earlier turns wait under a fold at the top of the box.
RECENT = 3


def message_box(wizard: Wizard, state: ProjectState) -> None:
    """The chat input; its value is read (via the session state) at the top of the next run."""
    section = state.current_form_section
    busy = worker.running(state.project_id) is not None
    if busy:
        prompt = "The advisor is still answering the last message; you can write the next one when it has."
    elif section is None:
        prompt = "All items are answered. To revise one, choose it in the matrix or say which item."
    else:
        prompt = f"Answer {section} {wizard.item(section).title}, or ask about it…"
    st.chat_input(prompt, key=INPUT, submit_mode="disable", disabled=busy)


def draw(wizard: Wizard, state: ProjectState) -> None:
    """The current item's thread, newest at the foot of the chat box, which keeps it in view.

    Earlier items' conversations are not drawn here: they fold under the chat box
    (ui/history.py) and their clarifying questions are in the sidebar archive, so nothing piles
    up above the reply to what was just typed. The thread's newest ``RECENT`` turns are drawn;
    its earlier ones (up to ``PAGE`` in all) open from a fold at the top of the box.
    """
    unsent(state)
    with st.container(height=640, border=True, key="chat", autoscroll=True):
        if not state.turn_count:
            st.caption(
                "Answer the current item in your own words below. The advisor asks when something "
                "is missing and proposes the item's answer when it has what it needs."
            )
        first, thread = split(state)
        busy = worker.running(state.project_id) is not None
        _thread(wizard, state, first, thread, busy, answer_labels(state))
        # A turn still being produced belongs here, after the thread, inside the chat box.


def split(state: ProjectState) -> tuple[int, list[TurnRecord]]:
    """The thread the chat box shows, and the place in the transcript of its first turn.

    The thread is the current item's latest run of turns (its newest ``PAGE``), or, when the item
    has none yet (it was just reached), the newest ``RECENT`` turns, so the last reply stays in view.
    The project holds its newest turns (at least ``PAGE``), so the thread is always among them.
    """
    turns = state.turns
    count = len(turns)
    start = count
    while start > 0 and turns[start - 1].section == state.current_form_section:
        start -= 1
    if start == count:
        start = max(0, count - RECENT)
    start = max(start, count - PAGE)
    return state.turns_before + start, turns[start:]


def answer_labels(state: ProjectState) -> dict[int, str]:
    """What each item's newest answer in the conversation (by place) now is: the item's current answer,
    proposed or confirmed, or one taken back; older answers are labelled "Earlier answer"."""
    labels = {}
    for section, talk in state.transcript.items.items():
        if not section or talk.answer is None:
            continue
        answer = state.answer_for(section)
        if answer is None:
            labels[talk.answer] = "Answer taken back"
        elif answer.source == "advisor":
            labels[talk.answer] = "Proposed answer" if answer.proposed else "Confirmed answer"
    return labels


def _thread(
    wizard: Wizard,
    state: ProjectState,
    first: int,
    turns: list[TurnRecord],
    busy: bool,
    labels: dict[int, str],
) -> None:
    """The thread's newest turns; its earlier ones under a fold drawn only while it is open.

    A reply then redraws a few turns however long the item's discussion has run.
    """
    newest = state.turn_count - 1
    folded = max(0, len(turns) - RECENT)
    section = None
    if folded:
        section = _heading(wizard, turns[0].section, section)
        fold = st.expander(
            _folded_label(folded),
            key=f"{THREAD_FOLD}-{state.project_id}",
            on_change=keys.keep_scroll,
            icon=":material/unfold_more:",
        )
        if fold.open:
            with fold:
                for place, turn in enumerate(turns[:folded], start=first):
                    section = _heading(wizard, turn.section, section)
                    replies.draw(wizard, turn, place, False, labels.get(place))
        else:
            section = next((t.section for t in reversed(turns[:folded]) if t.section), section)
    for place, turn in enumerate(turns[folded:], start=first + folded):
        section = _heading(wizard, turn.section, section)
        last = place == newest
        replies.draw(wizard, turn, place, last, labels.get(place), busy=last and busy)


def _folded_label(count: int) -> str:
    return f"{count} earlier message" + ("s" if count != 1 else "") + " on this item"


def _heading(wizard: Wizard, section: str | None, above: str | None) -> str | None:
    """An item's name above its turns where the thread moves to it; the section now in force."""
    if section is None or section == above:
        return above
    st.caption(escape(f"— {section} {wizard.title(section)} —"))
    return section


def unsent(state: ProjectState) -> None:
    """A message the core did not take, back in an editable box: typed text is never lost."""
    reason = session.unsent(state.project_id)
    if reason is None:
        return
    with st.container(border=True, key="unsent"):
        st.error(escape(f"Your message was not sent. {reason}"))
        st.caption("It is kept here: edit it if needed, then send it again.")
        st.text_area("Unsent message", key=session.UNSENT_WIDGET, height=140)
        left, right = st.columns(2)
        left.button("Send again", key="send-unsent", type="primary", on_click=sending.send_unsent)
        right.button("Discard", key="discard-unsent", on_click=sending.discard_unsent)
