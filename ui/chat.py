"""The project's conversation, from its turn records: messages, replies, decisions, excerpts, Retry."""

from __future__ import annotations

import streamlit as st

from ui import actions, session
from ui.text import escape
from wizard_core import ProjectState, TurnRecord, Wizard, describe_turn

REPLY_KINDS = {
    "form_answer": "Proposed answer",
    "clarifying_question": "Clarifying question",
    "side_answer": "Side answer",
    "notice": "From the wizard",
}
# Replies the wizard gives itself (no advisor call) get their own avatar.
AVATARS = {"side_answer": ":material/menu_book:", "notice": ":material/info:"}
ORIGINS = {"notes": "code notes", "imported": "your imported code text"}

INPUT = "message"


def message_box(wizard: Wizard, state: ProjectState) -> None:
    """The chat input; its value is read (via the session state) at the top of the next run."""
    section = state.current_form_section
    if section is None:
        prompt = "All items are answered. To revise one, choose it in the matrix or say which item."
    else:
        prompt = f"Answer {section} {wizard.item(section).title}, or ask about it…"
    st.chat_input(prompt, key=INPUT, submit_mode="disable")


def draw(wizard: Wizard, state: ProjectState) -> None:
    unsent(state)
    with st.container(height=560, border=True, key="chat", autoscroll=True):
        if not state.turns:
            st.caption(
                "Answer the current item in your own words below. The advisor asks when something "
                "is missing and proposes the item's answer when it has what it needs."
            )
        section = None
        for index, turn in enumerate(state.turns):
            if turn.section != section and turn.section is not None:
                section = turn.section
                title = wizard.title(section)
                st.caption(escape(f"— {section} {title} —"))
            _turn(wizard, turn, index, last=index == len(state.turns) - 1)


def _turn(wizard: Wizard, turn: TurnRecord, index: int, last: bool) -> None:
    with st.chat_message("user"):
        st.markdown(escape(turn.message))
    with st.chat_message("assistant", avatar=AVATARS.get(turn.reply_type or "")):
        if turn.status == "done" and turn.content is not None:
            note = _decision(turn)
            if note:
                st.caption(escape(note))
            st.markdown(escape(turn.content))
            st.caption(escape(_details(turn)))
            _excerpts(wizard, turn, index)
        elif turn.status == "failed":
            st.error(escape(f"The advisor could not answer: {turn.error or 'unknown error'}"))
        else:
            st.warning("No reply was recorded for this message.")
        if last and turn.status != "done":
            st.caption("Your message is kept above; nothing else changed.")
            st.button("Retry", key="retry", type="primary", on_click=actions.retry, args=(turn.message,))


def _details(turn: TurnRecord) -> str:
    parts = [REPLY_KINDS.get(turn.reply_type or "", "Reply")]
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


def _excerpts(wizard: Wizard, turn: TurnRecord, index: int) -> None:
    """The retrieval question and the code excerpts the reply drew on, each with its title and origin."""
    # A side answer is a search of the notes: its references are the entries it quotes.
    ids = turn.excerpt_ids or (turn.obc_references if turn.reply_type == "side_answer" else [])
    if not ids and not turn.query:
        return
    with st.expander(f"Code excerpts used ({len(ids)})", key=f"excerpts-{index}"):
        if turn.query:
            st.caption(escape(f"Searched for: {turn.query}"))
        for entry_id in ids:
            found = wizard.excerpt(entry_id)
            if found is None:
                st.markdown(escape(f"{entry_id} (no longer available)"))
                continue
            entry, imported = found
            origin = ORIGINS["imported" if imported else "notes"]
            st.markdown(f"**{escape(entry.id)}** {escape(entry.title)} · {escape(entry.edition)} · {origin}")


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
