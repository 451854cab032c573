"""A turn still running after the run that sent it ended (the consultant clicked elsewhere meanwhile).

While it lasts, a small fragment redraws it twice a second, wherever the consultant is on the
page; when it ends, the whole page runs again and draws the saved reply.
"""

from __future__ import annotations

import streamlit as st

from ui import sending, worker
from wizard_core import ProjectState

POLL_SECONDS = 0.5


def draw(state: ProjectState) -> None:
    if worker.running(state.project_id) is not None:
        _watch(state.project_id)


@st.fragment(run_every=POLL_SECONDS)
def _watch(project_id: str) -> None:
    job = worker.running(project_id)
    if job is None:
        st.rerun()  # the whole page, to draw the reply the turn saved
        return
    mine = "" if job.session == worker.session_token() else " (sent from another tab)"
    with st.container(key="advisor-pending"):
        st.caption(f"The advisor ({job.advisor}) is still working on {job.where}{mine}… {job.seconds:.0f} s")
        sending.live(job)
        sending.cancel_button(job)
