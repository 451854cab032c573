"""The sidebar's archive of clarifying threads: one fold, one chosen item, its questions a page at a time."""

from __future__ import annotations

import streamlit as st

from ui.text import escape, local_time
from wizard_core import ClarifyingQA, ProjectState, Wizard

# Archived questions drawn at a time in an item's fold.
ARCHIVE_PAGE = 10


def draw(wizard: Wizard, state: ProjectState) -> None:
    """Archived clarifying threads under one fold: choose an item, read its questions a page at a time.

    The project keeps each item's newest archived questions; the older are read from the store only
    once the fold is open on that item (``_questions``)."""
    counts = archived_counts(state)
    sections = [i.number for i in wizard.items if counts.get(i.number)]
    label = f"Clarifying threads ({len(sections)} item{'' if len(sections) == 1 else 's'})"
    fold = st.expander(label, key="archive", on_change="rerun", icon=":material/forum:")
    if not fold.open:
        return
    with fold:
        if not sections:
            st.caption("None archived yet. When an item is answered, its clarifying questions are kept here.")
            return
        section = st.selectbox(
            "Item",
            sections,
            format_func=lambda s: _thread_name(wizard, s, counts[s]),
            key="archive-item",
        )
        thread = _questions(wizard, state, section)
        key = f"archive-{section}"
        pages = (len(thread) + ARCHIVE_PAGE - 1) // ARCHIVE_PAGE
        page = min(max(int(st.session_state.get(f"{key}-page", 0)), 0), pages - 1)
        with st.container(key=key):
            for qa in thread[page * ARCHIVE_PAGE : (page + 1) * ARCHIVE_PAGE]:
                st.markdown(f"**Q:** {escape(qa.question)}")
                st.markdown(f"**A:** {escape(qa.answer)}" if qa.answer else "**A:** _no answer_")
                asked = f"Asked {local_time(qa.timestamp)}"
                st.caption(asked + (" · set aside when the item was started over." if qa.abandoned else ""))
            if pages > 1:
                _archive_pager(key, page, pages, len(thread))


def archived_counts(state: ProjectState) -> dict[str, int]:
    """How many clarifying questions each item archived: those the record keeps and those moved out."""
    counts = {section: len(thread) for section, thread in state.archived_clarifying_sessions.items()}
    for section, moved in state.moved_out.items():
        counts[section] = counts.get(section, 0) + moved.questions
    return counts


def _questions(wizard: Wizard, state: ProjectState, section: str) -> list[ClarifyingQA]:
    """The item's archived questions, read once per saved version of the project while the fold is open."""
    kept: dict[tuple[str, int, str], list[ClarifyingQA]] = st.session_state.setdefault("archive-read", {})
    wanted = (state.project_id, state.revision, section)
    if wanted not in kept:
        kept.clear()
        kept[wanted] = wizard.archived_questions(state, section)
    return kept[wanted]


def _thread_name(wizard: Wizard, section: str, questions: int) -> str:
    return f"{section} {wizard.item(section).title} · {questions} question" + ("s" if questions != 1 else "")


def _archive_pager(key: str, page: int, pages: int, count: int) -> None:
    first, last = page * ARCHIVE_PAGE + 1, min(count, (page + 1) * ARCHIVE_PAGE)
    st.caption(f"Questions {first}–{last} of {count}")
    earlier, later = st.columns(2)
    earlier.button(
        "Earlier", key=f"{key}-earlier", disabled=page == 0, on_click=_archive_page, args=(key, page - 1)
    )
    later.button(
        "Later", key=f"{key}-later", disabled=page >= pages - 1, on_click=_archive_page, args=(key, page + 1)
    )


def _archive_page(key: str, page: int) -> None:
    st.session_state[f"{key}-page"] = page
