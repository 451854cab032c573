"""The project's conversation, from its turn records: messages, replies, decisions, excerpts, Retry."""

from __future__ import annotations

import streamlit as st

from ui import actions, excerpts, session, worker
from ui.text import escape
from wizard_core import ProjectState, TurnRecord, Wizard, describe_turn

REPLY_KINDS = {
    "form_answer": "Earlier answer",  # since replaced; the current one is labelled by its status
    "clarifying_question": "Clarifying question",
    "side_answer": "Side answer",
    "notice": "From the wizard",
}
# Replies the wizard gives itself (no advisor call) get their own avatar.
AVATARS = {"side_answer": ":material/menu_book:", "notice": ":material/info:"}

INPUT = "message"
# Turns drawn at a time: the current item's newest, and a page of a fold.
PAGE = 20
# Shown when the current item has no turns yet (it was just reached).
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
    (``earlier``) and their clarifying questions are in the sidebar archive, so nothing piles
    up above the reply to what was just typed. At most ``PAGE`` turns are drawn.
    """
    unsent(state)
    with st.container(height=640, border=True, key="chat", autoscroll=True):
        if not state.turns:
            st.caption(
                "Answer the current item in your own words below. The advisor asks when something "
                "is missing and proposes the item's answer when it has what it needs."
            )
        _, thread = split(state)
        busy = worker.running(state.project_id) is not None
        _thread(wizard, state, thread, busy, answer_labels(state))
        # A turn still being produced belongs here, after the thread, inside the chat box.


def earlier(wizard: Wizard, state: ProjectState) -> None:
    """Earlier items' conversations under one fold below the chat box: choose an item, read a page.

    One fold, so the keyboard passes it in one stop, and nothing is drawn until it is opened.
    """
    groups, _ = split(state)
    if not groups:
        return
    count = len(groups)
    key = f"earlier-{state.project_id}"
    label = f"Earlier conversations · {count} item" + ("s" if count != 1 else "")
    fold = st.expander(label, key=key, on_change="rerun", icon=":material/history:")
    if not fold.open:
        return
    sections = list(groups)
    with fold:
        section = st.selectbox(
            "Item",
            sections,
            index=len(sections) - 1,  # the one discussed last, nearest the current thread
            format_func=lambda s: _group_name(wizard, s, len(groups[s])),
            key=f"{key}-item",
        )
        _page_of(wizard, state, section, groups[section], answer_labels(state), f"{key}-{section or 'none'}")


def _group_name(wizard: Wizard, section: str | None, turns: int) -> str:
    name = f"{section} {wizard.title(section)}" if section else "Outside the matrix's items"
    return f"{name} · {turns} message" + ("s" if turns != 1 else "")


def split(state: ProjectState) -> tuple[dict[str | None, list[int]], list[int]]:
    """Which turns (by index) are folded, per item in order of first mention, and which are the thread.

    The thread is the current item's latest run of turns (its newest ``PAGE``), or, when the item
    has none yet (it was just reached), the newest ``RECENT`` turns, so the last reply stays in view.
    """
    count = len(state.turns)
    start = count
    while start > 0 and state.turns[start - 1].section == state.current_form_section:
        start -= 1
    if start == count:
        start = max(0, count - RECENT)
    start = max(start, count - PAGE)
    earlier: dict[str | None, list[int]] = {}
    for index in range(start):
        earlier.setdefault(state.turns[index].section, []).append(index)
    return earlier, list(range(start, count))


def answer_labels(state: ProjectState) -> dict[int, str]:
    """What each answer in the conversation now is: the item's current answer, proposed or
    confirmed; an earlier answer since replaced; or one taken back."""
    newest: dict[str, int] = {}
    for index, turn in enumerate(state.turns):
        if turn.reply_type == "form_answer" and turn.section:
            newest[turn.section] = index
    labels = {}
    for section, index in newest.items():
        answer = state.answer_for(section)
        if answer is None:
            labels[index] = "Answer taken back"
        elif answer.source == "advisor":
            labels[index] = "Proposed answer" if answer.proposed else "Confirmed answer"
    return labels


def _thread(
    wizard: Wizard, state: ProjectState, indexes: list[int], busy: bool, labels: dict[int, str]
) -> None:
    newest = len(state.turns) - 1
    section = None
    for index in indexes:
        turn = state.turns[index]
        if turn.section != section and turn.section is not None:
            section = turn.section
            st.caption(escape(f"— {section} {wizard.title(section)} —"))
        last = index == newest
        _turn(wizard, turn, index, last, labels.get(index), busy=last and busy)


def _page_of(
    wizard: Wizard,
    state: ProjectState,
    section: str | None,
    indexes: list[int],
    labels: dict[int, str],
    key: str,
) -> None:
    """One item's earlier turns, a page at a time, newest page first."""
    pages = (len(indexes) + PAGE - 1) // PAGE
    # Page 0 is the newest: the fold opens on the turns nearest the current thread.
    page = min(max(int(st.session_state.get(f"{key}-page", 0)), 0), pages - 1)
    stop = len(indexes) - page * PAGE
    shown = indexes[max(0, stop - PAGE) : stop]
    if pages > 1:
        _pager(key, page, pages, f"Messages {stop - len(shown) + 1}–{stop} of {len(indexes)}")
    for index in shown:
        # Never the newest turn (that is in the thread), so never its Retry.
        _turn(wizard, state.turns[index], index, False, labels.get(index))


def _pager(key: str, page: int, pages: int, where: str) -> None:
    older, caption, newer = st.columns([1, 2, 1], vertical_alignment="center")
    older.button(
        "Older",
        key=f"{key}-older",
        disabled=page >= pages - 1,
        on_click=_turn_page,
        args=(key, page + 1),
        icon=":material/arrow_upward:",
    )
    caption.caption(where)
    newer.button(
        "Newer",
        key=f"{key}-newer",
        disabled=page == 0,
        on_click=_turn_page,
        args=(key, page - 1),
        icon=":material/arrow_downward:",
    )


def _turn_page(key: str, page: int) -> None:
    st.session_state[f"{key}-page"] = page


def _turn(
    wizard: Wizard, turn: TurnRecord, index: int, last: bool, label: str | None, busy: bool = False
) -> None:
    with st.chat_message("user"):
        st.markdown(escape(turn.message))
    with st.chat_message("assistant", avatar=AVATARS.get(turn.reply_type or "")):
        if turn.status == "done" and turn.content is not None:
            note = _decision(turn)
            if note:
                st.caption(escape(note))
            st.markdown(escape(turn.content))
            st.caption(escape(_details(turn, label)))
            excerpts.panel(wizard, turn, index)
        elif turn.status == "failed":
            st.error(escape(f"The advisor could not answer: {turn.error or 'unknown error'}"))
        elif turn.status == "cancelled":
            st.info(escape(turn.error or "You cancelled the advisor's reply."))
        elif busy:  # saved as pending before a slow model call that is still under way
            st.caption("The advisor is working on this message; its reply shows here when it is done.")
            return
        else:
            st.warning("No reply was recorded for this message.")
        if last and turn.status != "done":
            st.caption("Your message is kept above; nothing else changed.")
            st.button("Retry", key="retry", type="primary", on_click=actions.retry, args=(turn.message,))


def _details(turn: TurnRecord, label: str | None) -> str:
    parts = [label or REPLY_KINDS.get(turn.reply_type or "", "Reply")]
    if turn.reply_type in {"form_answer", "clarifying_question"} and turn.confidence is not None:
        parts.append(f"confidence {turn.confidence:.2f}")
    if turn.obc_references:
        parts.append("references " + ", ".join(turn.obc_references))
    if turn.advisor:
        parts.append(f"advisor: {turn.advisor}")
    usage = describe_turn(turn)
    if usage:
        parts.append(usage)
    return " · ".join(parts)


def _decision(turn: TurnRecord) -> str | None:
    """A line on how the message was taken, when it was more than an answer to the current item."""
    where = turn.section or "the item"
    notes = {
        "revision": f"↩ Revision: back to {where}.",
        "reset": f"↺ Reset: {where} started over; its earlier discussion is in the archive.",
        "side_question": f"Side question, answered from the code: {where} is unchanged.",
    }
    note = notes.get(turn.decision)
    if turn.stale:
        recap = turn.reply_type in {"form_answer", "clarifying_question"}
        after = "Sent after a break of more than 30 minutes" + (
            "; the advisor was given a recap of the project." if recap else "."
        )
        note = f"{note} {after}" if note else after
    return note


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
        left.button("Send again", key="send-unsent", type="primary", on_click=actions.send_unsent)
        right.button("Discard", key="discard-unsent", on_click=actions.discard_unsent)
