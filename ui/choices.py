"""The current choice item's options as buttons beside the chat: a click sends the option as the answer."""

from __future__ import annotations

import streamlit as st

from ui import session
from ui.text import escape
from wizard_core import FormItem


def draw(item: FormItem) -> None:
    """One button per option of a single-choice item; a click is the consultant saying that option."""
    if item.answer_type != "choice":
        return
    with st.container(key="choices"):
        st.caption("One click, or your own words in the chat:")
        # Buttons as wide as their words, wrapping to the next line: no label is cut short.
        with st.container(horizontal=True, wrap=True, gap="xsmall"):
            for index, option in enumerate(item.options):
                st.button(
                    escape(option.label),
                    key=f"choice-{item.number}-{index}",
                    help=option.description or None,
                    on_click=session.resend,
                    args=(option.label,),
                    width="content",
                )
