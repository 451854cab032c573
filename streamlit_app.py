"""The wizard page. Each run: read the consultant's input, make one core call, draw the state.

Button and form actions run as callbacks before the script; a turn that ended after its own run
was cut off by a click, then a chat message (or a Retry), are handled here at the top before
anything is drawn; the turn itself runs in a worker thread (``ui.worker``). The chat
box is drawn after the conversation, so its prompt names the item the message just moved
the project to.
"""

from __future__ import annotations

import streamlit as st

from ui import (
    chat,
    checks,
    health_panel,
    history,
    item,
    keys,
    matrix,
    matrix_import,
    pending,
    runtime,
    sending,
    session,
    sidebar,
    standing,
    worker,
)
from ui.text import apply_styles, escape

st.set_page_config(page_title="OBC data matrix wizard", page_icon="📐", layout="wide")
apply_styles()
wizard = runtime.wizard()

# 1. Input first: turns that ended while the page did something else, then a new message.
for job in worker.finished():
    sending.settle(wizard, job)
state = session.load(wizard, session.project_id())
message = st.session_state.get(chat.INPUT) or session.take_resend()
if message and state is not None:
    sending.send_message(wizard, state, message)
    state = session.load(wizard, state.project_id)
elif message:
    session.flash("warning", f"No project is open, so this message was not sent: {message}")

# 2. Then draw.
summary = health_panel.summary(wizard, state)
found = checks.findings(wizard, state)
sidebar.draw(wizard, state, summary, found)
if state is None:
    st.title("OBC data matrix wizard", anchor=False)
    st.markdown(
        "Fill in the Ontario Building Code **data matrix** (Part 3, items 3.00–3.27) one item at a time: "
        "answer in your own words, the advisor asks when something is missing, and the finished "
        "matrix exports as a PDF for the drawings, an Excel workbook, CSV, Markdown or JSON. "
        "Start a project here, or open one from the sidebar."
    )
    session.show_flash()
    sidebar.new_project_form(wizard, "main")
    matrix_import.form(wizard)
else:
    edition = wizard.edition(state.code_edition)
    st.title(escape(state.name), anchor=False)
    st.caption(f"{wizard.form_title} · {edition.label} ({edition.regulation})")
    health_panel.greet(summary)
    standing.draw(wizard, state, found)
    session.show_flash()
    pending.draw(state)
    item_tab, matrix_tab = st.tabs(
        [session.ITEM_VIEW, session.MATRIX_VIEW], key=session.VIEW, on_change="rerun"
    )
    if item_tab.open:
        with item_tab:
            card_column, chat_column = st.columns([5, 7], gap="medium")
            with card_column:
                standing.flags(wizard, state, found)
                item.draw(wizard, state)
            with chat_column:
                chat.draw(wizard, state)
                # Under the conversation, not pinned to the window's foot: a pinned chat box makes
                # the page follow every new element to the bottom, hiding the title and progress.
                chat.message_box(wizard, state)
                st.caption(keys.hint())
                history.draw(wizard, state)
    if matrix_tab.open:
        with matrix_tab:
            matrix.draw(wizard, state, found)
    keys.install()
session.remember_drawn(state)
