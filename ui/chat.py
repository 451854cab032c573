"""The project's conversation, from its turn records: messages, replies, decisions, excerpts, Retry."""

from __future__ import annotations

import streamlit as st

from ui import actions, excerpts, keys, session, worker
from ui.text import escape
from wizard_core import OUTSIDE, ProjectState, TurnPage, TurnRecord, Wizard, describe_turn

REPLY_KINDS = {
    "form_answer": "Earlier answer",  # since replaced; the current one is labelled by its status
    "clarifying_question": "Clarifying question",
    "side_answer": "Side answer",
    "notice": "From the wizard",
}
# Replies the wizard gives itself (no advisor call) get their own avatar.
AVATARS = {"side_answer": ":material/menu_book:", "notice": ":material/info:"}

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
    (``earlier``) and their clarifying questions are in the sidebar archive, so nothing piles
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


def earlier(wizard: Wizard, state: ProjectState) -> None:
    """Earlier conversations under one fold below the chat box: choose an item, read a page.

    One fold, so the keyboard passes it in one stop, and nothing is read from the transcript until it
    is opened (then one page of one item at a time: the project holds only its newest turns).
    """
    first, thread = split(state)
    groups = earlier_counts(state, thread)
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
            format_func=lambda s: _group_name(wizard, s, groups[s]),
            key=f"{key}-item",
        )
        _page_of(wizard, state, section, groups[section], first, f"{key}-{section or 'none'}")


def _group_name(wizard: Wizard, section: str, turns: int) -> str:
    name = f"{section} {wizard.title(section)}" if section else "Outside the matrix's items"
    return f"{name} · {turns} message" + ("s" if turns != 1 else "")


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


def earlier_counts(state: ProjectState, thread: list[TurnRecord]) -> dict[str, int]:
    """How many turns before the thread each item has (``OUTSIDE``: turns outside the items), in order
    of first mention, from the figures the store keeps of the whole transcript."""
    items = state.transcript.items
    counts = {section: talk.turns for section, talk in items.items()}
    for turn in thread:
        key = turn.section or OUTSIDE
        if key in counts:
            counts[key] -= 1
    ordered = sorted(counts, key=lambda section: items[section].first)
    return {section: counts[section] for section in ordered if counts[section] > 0}


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
                    _turn(wizard, turn, place, False, labels.get(place))
        else:
            section = next((t.section for t in reversed(turns[:folded]) if t.section), section)
    for place, turn in enumerate(turns[folded:], start=first + folded):
        section = _heading(wizard, turn.section, section)
        last = place == newest
        _turn(wizard, turn, place, last, labels.get(place), busy=last and busy)


def _folded_label(count: int) -> str:
    return f"{count} earlier message" + ("s" if count != 1 else "") + " on this item"


def _heading(wizard: Wizard, section: str | None, above: str | None) -> str | None:
    """An item's name above its turns where the thread moves to it; the section now in force."""
    if section is None or section == above:
        return above
    st.caption(escape(f"— {section} {wizard.title(section)} —"))
    return section


def _page_of(wizard: Wizard, state: ProjectState, section: str, count: int, first: int, key: str) -> None:
    """One item's earlier turns, a page at a time, newest page first, read from the transcript."""
    pages = (count + PAGE - 1) // PAGE
    # Page 0 is the newest: the fold opens on the turns nearest the current thread.
    page = min(max(int(st.session_state.get(f"{key}-page", 0)), 0), pages - 1)
    before = first if page == 0 else st.session_state.get(f"{key}-before-{page}")
    if not isinstance(before, int):
        page, before = 0, first
    shown = _turns(wizard, state.project_id, section, before)
    stop = count - page * PAGE
    if pages > 1:
        where = f"Messages {max(1, stop - len(shown.turns) + 1)}–{stop} of {count}"
        _pager(key, page, pages, where, shown.older)
    labels = answer_labels(state)
    for place, turn in zip(shown.places, shown.turns, strict=True):
        # Never the newest turn (that is in the thread), so never its Retry.
        _turn(wizard, turn, place, False, labels.get(place))


PAGES_KEPT = 8  # pages of earlier turns kept per session: reading one again costs a read of the log


def _turns(wizard: Wizard, project_id: str, section: str, before: int) -> TurnPage:
    """A page of an item's turns before place ``before``: read once, then kept (those turns never change)."""
    kept: dict[tuple[str, str, int], TurnPage] = st.session_state.setdefault("turn-pages", {})
    wanted = (project_id, section, before)
    if wanted not in kept:
        for old in list(kept)[: max(0, len(kept) - PAGES_KEPT + 1)]:
            del kept[old]
        kept[wanted] = wizard.load_turns(project_id, section, before, PAGE)
    return kept[wanted]


def _pager(key: str, page: int, pages: int, where: str, older_before: int | None) -> None:
    older, caption, newer = st.columns([1, 2, 1], vertical_alignment="center")
    older.button(
        "Older",
        key=f"{key}-older",
        disabled=page >= pages - 1 or older_before is None,
        on_click=_turn_page,
        args=(key, page + 1, older_before),
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


def _turn_page(key: str, page: int, before: int | None = None) -> None:
    """Show page ``page`` (0: the newest); an older page starts before place ``before``."""
    st.session_state[f"{key}-page"] = page
    if before is not None:
        st.session_state[f"{key}-before-{page}"] = before


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
