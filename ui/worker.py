"""Turns run outside the script run, so a click while the advisor replies cannot cut them off.

Streamlit stops a script run whenever the consultant clicks something; a turn made inside the
run died with it ("No reply was recorded"), tokens spent. Here each turn runs in a thread of its
own that the process keeps (one per project at a time); the page only watches it. The run that
sent the message waits for the reply as before, drawing it as it streams; if that run is cut off,
the next runs find the turn still going (``running``), show it while it lasts, and collect its
outcome once it has ended (``finished``), in the session that sent it.

Nothing here draws: the thread never calls Streamlit, and the page reads a job's text and state.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from dataclasses import dataclass, field

import streamlit as st

from wizard_core import Wizard, WizardError

log = logging.getLogger(__name__)
UNEXPECTED = "Something went wrong in the wizard itself (the details are in its log). Please try again."
FORGET_AFTER = 3600.0  # seconds a finished job whose session never came back is kept


@dataclass
class Job:
    """One consultant message on its way through the core; read by the page, written by its thread."""

    project_id: str
    text: str
    session: str
    where: str
    advisor: str
    started: float = field(default_factory=time.monotonic)
    reply: str = ""  # the reply's visible text so far, while a model streams it
    thinking_seconds: float | None = None
    tokens: int = 0  # about how many tokens the model has sent so far
    error: WizardError | None = None
    ended: float | None = None
    done: threading.Event = field(default_factory=threading.Event)
    cancelled: threading.Event = field(default_factory=threading.Event)  # the core stops the call when set

    # The core calls the job as its ``on_text`` listener (``thinking`` while a model thinks,
    # ``progress`` with the tokens so far), and reads ``cancelled``.
    def __call__(self, reply: str = "") -> None:
        self.reply = reply

    def thinking(self, seconds: float) -> None:
        self.thinking_seconds = seconds

    def progress(self, tokens: int) -> None:
        self.tokens = tokens

    @property
    def seconds(self) -> float:
        return (self.ended or time.monotonic()) - self.started


class _Jobs:
    """The process's jobs, by project: the one running or the last finished and not yet collected."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.by_project: dict[str, Job] = {}


@st.cache_resource(show_spinner=False)
def _jobs() -> _Jobs:
    return _Jobs()


def session_token() -> str:
    """This browser session's name for its own jobs (a reload is a new session)."""
    return st.session_state.setdefault("worker-session", uuid.uuid4().hex)


def start(wizard: Wizard, project_id: str, text: str, revision: int, where: str) -> Job:
    """Start the turn in its own thread; WizardError if this project's last message is still running."""
    jobs = _jobs()
    job = Job(project_id, text, session_token(), where, wizard.advisor.name)
    with jobs.lock:
        _forget_old(jobs)
        current = jobs.by_project.get(project_id)
        if current is not None and not current.done.is_set():
            raise WizardError(
                "The advisor is still answering your previous message on this project, so this one was "
                "not sent. Wait for that reply, then send it again."
            )
        jobs.by_project[project_id] = job
    thread = threading.Thread(
        target=_run, args=(wizard, job, revision), name=f"turn-{project_id}", daemon=True
    )
    thread.start()
    return job


def _run(wizard: Wizard, job: Job, revision: int) -> None:
    try:
        wizard.process_user_response(job.project_id, job.text, on_text=job, expected_revision=revision)
    except WizardError as error:
        job.error = error
    except Exception:  # a bug, not the consultant's doing: the log gets the details
        log.exception("unexpected error in a turn of project %s", job.project_id)
        job.error = WizardError(UNEXPECTED)
    finally:
        job.ended = time.monotonic()
        job.done.set()


def running(project_id: str) -> Job | None:
    """The job still working on ``project_id``, if any."""
    job = _jobs().by_project.get(project_id)
    return job if job is not None and not job.done.is_set() else None


def cancel(project_id: str) -> None:
    """Ask the turn running on ``project_id`` to stop: its request is closed, the turn kept as cancelled."""
    job = running(project_id)
    if job is not None:
        job.cancelled.set()


def finished() -> list[Job]:
    """This session's jobs that have ended since it last looked; each is handed out once."""
    jobs, token = _jobs(), session_token()
    with jobs.lock:
        mine = [j for j in jobs.by_project.values() if j.session == token and j.done.is_set()]
        for job in mine:
            del jobs.by_project[job.project_id]
    return mine


def collect(job: Job) -> None:
    """Take a job this run started and saw to its end out of the registry (its outcome is in hand)."""
    jobs = _jobs()
    with jobs.lock:
        if jobs.by_project.get(job.project_id) is job:
            del jobs.by_project[job.project_id]


def _forget_old(jobs: _Jobs) -> None:
    now = time.monotonic()
    for project_id, job in list(jobs.by_project.items()):
        if job.ended is not None and now - job.ended > FORGET_AFTER:
            del jobs.by_project[project_id]
