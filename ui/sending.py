"""Sending a consultant's message: the turn runs in the worker, watched as its reply streams in.

Whatever happens to it, the text stays where the consultant can see it: a message the core did
not take is kept in an editable box (``session.keep_unsent``) to send again.
"""

from __future__ import annotations

import re

import streamlit as st

from ui import session, worker
from ui.text import escape
from wizard_core import ConflictError, ProjectNotFound, ProjectState, Wizard, WizardError

# Half of a UTF-16 pair: the page cannot draw it, so it is shown as U+FFFD where it stood.
_BROKEN = re.compile("[\ud800-\udfff]")


def showable(text: str) -> str:
    """``text`` as the page can draw it: a broken character becomes U+FFFD, the rest is kept."""
    return _BROKEN.sub("\ufffd", text)


def send_message(wizard: Wizard, state: ProjectState, text: str) -> None:
    """Send a consultant message; whatever happens, the text stays where they can see it.

    The turn runs in a worker thread (``ui.worker``): this run waits for it, drawing the reply as
    it streams; a click meanwhile ends this run but not the turn, which a later run collects.
    """
    if session.changed_elsewhere(state):
        reason = (
            "This project was changed in another tab or session, so your message was not sent: "
            "the page now shows the latest state. Send it again if it still applies."
        )
        session.keep_unsent(state.project_id, showable(text), reason)
        return
    where = state.current_form_section or "the matrix"
    try:
        job = worker.start(wizard, state.project_id, text, state.revision, where)
    except WizardError as error:
        session.keep_unsent(state.project_id, showable(text), str(error))
        return
    _watch(job)
    worker.collect(job)
    settle(wizard, job)


def settle(wizard: Wizard, job: worker.Job) -> None:
    """What a finished turn leaves on the page: nothing if it went through, else the text kept."""
    error, text = job.error, job.text
    if error is None:
        session.discard_unsent()
    elif isinstance(error, ProjectNotFound):
        session.open_project(None)
        session.flash("warning", f"{error} Your message was not sent: {showable(text)}")
    elif not _kept_in_transcript(wizard, job.project_id, text):
        # (A failed advisor call is kept as a failed turn: the chat shows it with Retry.)
        latest = " The page now shows the latest state." if isinstance(error, ConflictError) else ""
        # Kept for editing even if the core refused it as invalid text: nothing typed is dropped.
        session.keep_unsent(job.project_id, showable(text), f"{error}{latest}")


def _watch(job: worker.Job) -> None:
    """Wait for the turn, with a spinner and the reply as it streams in.

    Each redraw is also where Streamlit can end this run when the consultant clicks elsewhere;
    the turn goes on in its thread regardless.
    """
    # The page styles pin this box above the chat input, so it shows however far the page is scrolled.
    with (
        st.container(key="advisor-working"),
        st.spinner(f"The advisor ({job.advisor}) is working on {job.where}…", show_time=True),
    ):
        cancel_button(job)
        slot = st.empty()
        shown: tuple[str, int] | None = None
        while True:
            now = (job.reply, int(job.seconds * 2))
            if now != shown:  # at least twice a second: a click can end this run promptly
                shown = now
                with slot.container():
                    live(job)
            if job.done.wait(0.1):
                break
        slot.empty()


def live(job: worker.Job) -> None:
    """The turn as it runs: the message sent, then the model's thinking time or its reply so far."""
    text = showable(job.text)
    st.caption(escape(f"Your message: {text if len(text) <= 300 else text[:300] + '…'}"))
    if job.reply:
        st.markdown(escape(job.reply))
    elif job.thinking_seconds is not None:
        st.caption(f"The model is thinking before it replies… {job.thinking_seconds:.0f} s")
    if job.tokens or job.seconds >= 10:  # a slow turn (a model on a CPU) says how far it has got
        got = (
            f"{job.tokens:,} tokens so far"
            if job.tokens
            else "no reply yet (the model is reading the request)"
        )
        st.caption(f"{got} · {job.seconds:.0f} s")


def cancel_button(job: worker.Job) -> None:
    """Cancel: the request is closed (a local server stops working on it), the message kept."""
    st.button(
        "Cancel", key=f"cancel-{job.project_id}", on_click=worker.cancel, args=(job.project_id,),
        disabled=job.cancelled.is_set(), help="Stop the advisor; your message is kept, nothing else changes.",
    )  # fmt: skip


def _kept_in_transcript(wizard: Wizard, project: str, text: str) -> bool:
    """Whether the core saved the message as a failed turn."""
    try:
        turns = wizard.load_project(project).turns
    except WizardError:
        return False
    return bool(turns) and turns[-1].status != "done" and turns[-1].message == text.strip()


def retry(text: str) -> None:
    session.resend(text)


def send_unsent() -> None:
    """Send the kept text as edited; it stays kept until the core takes it."""
    session.remember_drawn(None)  # the consultant has now seen the latest state
    session.resend(st.session_state.get(session.UNSENT_WIDGET, ""))


def discard_unsent() -> None:
    session.discard_unsent()
