"""The current item as a card, with its direct-entry form."""

from __future__ import annotations

import streamlit as st

from ui import actions, choices, entry, session
from ui.text import escape
from wizard_core import FormItem, ProjectState, Wizard, describe_value


def draw(wizard: Wizard, state: ProjectState) -> None:
    total = len(wizard.items)
    if state.current_form_section is None:
        st.success(
            f"All {total} items are answered. Export the matrix from the “{session.MATRIX_VIEW}” tab, "
            "or choose an item there to revise it."
        )
        return
    item = wizard.item(state.current_form_section)
    card(state, item)
    choices.draw(item)
    direct_entry(wizard, state, item)


def card(state: ProjectState, item: FormItem) -> None:
    with st.container(border=True, key="item-card"):
        st.caption("Current item")
        st.subheader(escape(f"{item.number} {item.title}"), anchor=False)
        st.markdown(f"**{escape(item.question)}**")
        st.caption(escape(item.guidance))
        st.markdown(f"**Expected answer:** {escape(entry.expected(item))}")
        st.markdown(f"**OBC references:** {escape(', '.join(item.references))}")
        flag = state.flagged.get(item.number)
        if flag:
            st.warning(escape(f"Flagged for review: {flag}"))
        answer = state.answer_for(item.number)
        if answer is not None:
            st.info(
                escape(
                    f"Current answer: {describe_value(item, answer.value)} "
                    f"(confidence {answer.confidence:.2f}). Answering again replaces it; "
                    "the earlier answer stays in the item's history."
                )
            )
        history = state.answer_history.get(item.number, [])
        if history:
            with st.expander(f"Earlier answers to {item.number} ({len(history)})"):
                for old in reversed(history):
                    when = f"{old.timestamp:%Y-%m-%d %H:%M} UTC"
                    st.markdown(escape(f"{describe_value(item, old.value)} ({old.source}, {when})"))


def direct_entry(wizard: Wizard, state: ProjectState, item: FormItem) -> None:
    """Finalize the item from a typed value, without a conversation."""
    with st.expander("Know the answer? Enter it directly", key=f"entry-{item.number}"):
        with st.form(f"entry-form-{item.number}", border=False):
            entry.draw(item, state.answer_for(item.number))
            st.text_input(
                "Reason to record it anyway (only if the code checks object)",
                key=f"override-{item.number}",
                max_chars=500,
                placeholder="e.g. alternative solution, see report",
            )
            st.form_submit_button(
                "Save answer",
                type="primary",
                on_click=actions.answer_directly,
                args=(wizard, state.project_id, item.number),
            )
        session.show_flash("entry")
