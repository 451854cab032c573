"""What each user action does: one core call, its outcome queued as a message for the page.

Buttons and forms call these as ``on_click`` callbacks, which Streamlit runs before the
script, so the page is always drawn from the state after the action.
"""

from __future__ import annotations

import logging
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import streamlit as st

from ui import entry, session, worker
from ui.text import escape
from ui.worker import UNEXPECTED
from wizard_core import (
    ConflictError,
    ImportResult,
    ProjectNotFound,
    ProjectState,
    Wizard,
    WizardError,
    describe_value,
)

T = TypeVar("T")
log = logging.getLogger(__name__)
# Half of a UTF-16 pair: the page cannot draw it, so it is shown as U+FFFD where it stood.
_BROKEN = re.compile("[\ud800-\udfff]")


def showable(text: str) -> str:
    """``text`` as the page can draw it: a broken character becomes U+FFFD, the rest is kept."""
    return _BROKEN.sub("\ufffd", text)


def attempt(call: Callable[..., T], *args: Any, slot: str = "top") -> T | None:
    """Run one core call; a failure becomes a message for the page, and the result None."""
    try:
        return call(*args)
    except ProjectNotFound as error:
        session.open_project(None)
        session.flash("warning", str(error), slot)
    except ConflictError as error:
        session.flash("warning", f"{error} The page now shows the latest state.", slot)
    except WizardError as error:
        session.flash("error", str(error), slot)
    except Exception:  # a bug, not the consultant's doing: the log gets the details, the page a sentence
        log.exception("unexpected error in %s", getattr(call, "__name__", "a core call"))
        session.flash("error", UNEXPECTED, slot)
    return None


def attempt_on(project: str, call: Callable[..., T], *args: Any, slot: str = "top") -> T | None:
    """``attempt`` for a change to ``project``, held back while the advisor is answering on it.

    The turn saves when its reply is in; a change made meanwhile would make that save a conflict.
    """
    if worker.running(project) is not None:
        session.flash(
            "warning",
            "The advisor is still answering the last message on this project, so nothing was changed. "
            "Try again when its reply is in.",
            slot,
        )
        return None
    return attempt(call, *args, slot=slot)


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


def open_project(project: str) -> None:
    session.open_project(project)


def create_project(wizard: Wizard, slot: str) -> None:
    name = st.session_state.get(f"new-name-{slot}", "")
    edition = st.session_state.get(f"new-edition-{slot}", "2024")
    address = st.session_state.get(f"new-address-{slot}", "")
    state = attempt(wizard.start_project, name, edition, address, slot=slot)
    if state is not None:
        session.open_project(state.project_id)
        st.session_state[session.VIEW] = session.ITEM_VIEW
        st.session_state[f"new-name-{slot}"] = ""
        st.session_state[f"new-address-{slot}"] = ""
        session.flash(
            "success", f"Project “{state.name}” created. The first item is {state.current_form_section}."
        )


def rename_project(wizard: Wizard, project: str) -> None:
    name = st.session_state.get("rename-name", "")
    address = st.session_state.get("rename-address")
    state = attempt_on(project, wizard.rename_project, project, name, address, slot="manage")
    if state is not None:
        site = f" Site address: {state.address}." if state.address else ""
        session.flash("success", f"Renamed to “{state.name}”.{site}", "manage")


def ask_delete(project: str) -> None:
    st.session_state["confirm_delete"] = project


def cancel_delete() -> None:
    st.session_state.pop("confirm_delete", None)


def delete_project(wizard: Wizard, project: str, name: str) -> None:
    st.session_state.pop("confirm_delete", None)
    if attempt_on(project, _delete, wizard, project):
        if st.session_state.get(session.PROJECT) == project:
            session.open_project(None)
        session.flash("success", f"Project “{name}” deleted.")


def _delete(wizard: Wizard, project: str) -> bool:
    wizard.delete_project(project)
    return True


def go_to_item(wizard: Wizard, project: str, section: str) -> None:
    if attempt_on(project, wizard.go_to_item, project, section) is not None:
        st.session_state[session.VIEW] = session.ITEM_VIEW


def answer_directly(wizard: Wizard, project: str, section: str) -> None:
    item = wizard.item(section)
    try:
        value = entry.read(item)
    except ValueError as error:
        session.flash("error", str(error), "entry")
        return
    override = st.session_state.get(f"override-{section}", "").strip() or None
    answer = attempt_on(project, wizard.answer_directly, project, section, value, override, slot="entry")
    if answer is not None:
        shown = describe_value(item, answer.value)
        kept = " Recorded despite the code checks, with your reason." if answer.override else ""
        session.flash("success", f"Saved {item.number} {item.title}: {shown}.{kept}")


def retry(text: str) -> None:
    session.resend(text)


def send_unsent() -> None:
    """Send the kept text as edited; it stays kept until the core takes it."""
    session.remember_drawn(None)  # the consultant has now seen the latest state
    session.resend(st.session_state.get(session.UNSENT_WIDGET, ""))


def discard_unsent() -> None:
    session.discard_unsent()


IMPORT_SLOT = "import"
IMPORT_ROUND = "import-round"  # part of the uploader's key: a new round is a fresh, empty uploader


def import_code(wizard: Wizard, file_key: str) -> None:
    """Import the chosen file as the consultant's code text; the advisor uses it from the next turn."""
    upload = st.session_state.get(file_key)
    if upload is None:
        session.flash("warning", "Choose a .txt, .md or .pdf file to import first.", IMPORT_SLOT)
        return
    name = st.session_state.get("import-name", "").strip() or Path(upload.name).stem
    edition = st.session_state.get("import-edition", "2024")
    result = attempt(_import, wizard, upload.name, upload.getvalue(), edition, name, slot=IMPORT_SLOT)
    if result is None:
        return  # the file, edition and name stay as chosen, to try again
    st.session_state[IMPORT_ROUND] = st.session_state.get(IMPORT_ROUND, 0) + 1
    st.session_state["import-name"] = ""
    # The core's own words say whether it replaced an import or was kept beside one.
    session.flash("success", f"{result.describe()} The advisor uses it from your next message.", IMPORT_SLOT)


def _import(wizard: Wizard, filename: str, data: bytes, edition: str, name: str) -> ImportResult:
    """Write the upload under its own name (errors name the consultant's file), then import it."""
    with tempfile.TemporaryDirectory(prefix="wizard-import-") as folder:
        path = _upload_path(Path(folder), filename)
        path.write_bytes(data)
        return wizard.import_code(path, edition=edition, name=name)


def _upload_path(folder: Path, filename: str) -> Path:
    """A path in ``folder`` with the upload's name, cut to a safe length; never outside ``folder``."""
    base = Path(filename.replace("\\", "/")).name
    suffix = Path(base).suffix[:12]
    stem = base[: len(base) - len(suffix)] if suffix else base
    stem = stem.strip(". ")[:100] or "upload"
    return folder / f"{stem}{suffix}"


def remove_code_text(wizard: Wizard, name: str) -> None:
    removed = attempt(wizard.remove_import, name, slot=IMPORT_SLOT)
    if removed is None:
        return
    if removed:
        session.flash(
            "success", f"Removed the imported code text “{name}”; the advisor no longer uses it.", IMPORT_SLOT
        )
    else:
        session.flash("warning", f"The imported code text “{name}” was already removed.", IMPORT_SLOT)
