"""One turn in the chat: the consultant's message and the reply, with how it was taken, its details,
its code excerpts and, on the newest turn when it failed, Retry."""

from __future__ import annotations

import streamlit as st

from ui import excerpts, sending
from ui.text import escape
from wizard_core import TurnRecord, Wizard, describe_turn

REPLY_KINDS = {
    "form_answer": "Earlier answer",  # since replaced; the current one is labelled by its status
    "clarifying_question": "Clarifying question",
    "side_answer": "Side answer",
    "notice": "From the wizard",
}
# Replies the wizard gives itself (no advisor call) get their own avatar.
AVATARS = {"side_answer": ":material/menu_book:", "notice": ":material/info:"}


def draw(
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
            st.button("Retry", key="retry", type="primary", on_click=sending.retry, args=(turn.message,))


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
