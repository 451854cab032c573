"""The project's conversation, from its turn records: messages, replies, failures and Retry."""

from __future__ import annotations

import streamlit as st

from ui import actions, session
from ui.text import escape
from wizard_core.manager import ContextManager
from wizard_core.models import ProjectState, TurnRecord
from wizard_core.tokens import describe_turn

REPLY_KINDS = {
    "form_answer": "Proposed answer",
    "clarifying_question": "Clarifying question",
    "side_answer": "From the code notes",
    "notice": "Wizard",
}


INPUT = "message"


def message_box(manager: ContextManager, state: ProjectState) -> None:
    """The chat input; its value is read (via the session state) at the top of the next run."""
    section = state.current_form_section
    if section is None:
        prompt = "All items are answered. To revise one, choose it in the matrix or say which item."
    else:
        prompt = f"Answer {section} {manager.forms.get_item(section).title}, or ask about it…"
    st.chat_input(prompt, key=INPUT, submit_mode="disable")


def draw(manager: ContextManager, state: ProjectState) -> None:
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
                title = manager.forms.get_item(section).title if manager.forms.has_item(section) else ""
                st.caption(escape(f"— {section} {title} —"))
            _turn(turn, last=index == len(state.turns) - 1)


def _turn(turn: TurnRecord, last: bool) -> None:
    with st.chat_message("user"):
        st.markdown(escape(turn.message))
    with st.chat_message("assistant"):
        if turn.status == "done" and turn.content is not None:
            st.markdown(escape(turn.content))
            st.caption(escape(_details(turn)))
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
