"""Earlier items' conversations, under one fold below the chat box, read a page at a time."""

from __future__ import annotations

import streamlit as st

from ui import replies
from ui.chat import PAGE, answer_labels, split
from wizard_core import OUTSIDE, ProjectState, TurnPage, TurnRecord, Wizard


def draw(wizard: Wizard, state: ProjectState) -> None:
    """Earlier conversations under one fold below the chat box: choose an item, read a page.

    One fold, so the keyboard passes it in one stop, and nothing is read from the transcript until it
    is opened (then one page of one item at a time: the project holds only its newest turns).
    """
    first, thread = split(state)
    groups = earlier_counts(state, thread)
    if not groups:
        return
    count = len(groups)
    key = f"earlier-{state.project_id}"
    label = f"Earlier conversations · {count} item" + ("s" if count != 1 else "")
    fold = st.expander(label, key=key, on_change="rerun", icon=":material/history:")
    if not fold.open:
        return
    sections = list(groups)
    with fold:
        section = st.selectbox(
            "Item",
            sections,
            index=len(sections) - 1,  # the one discussed last, nearest the current thread
            format_func=lambda s: _group_name(wizard, s, groups[s]),
            key=f"{key}-item",
        )
        _page_of(wizard, state, section, groups[section], first, f"{key}-{section or 'none'}")


def _group_name(wizard: Wizard, section: str, turns: int) -> str:
    name = f"{section} {wizard.title(section)}" if section else "Outside the matrix's items"
    return f"{name} · {turns} message" + ("s" if turns != 1 else "")


def earlier_counts(state: ProjectState, thread: list[TurnRecord]) -> dict[str, int]:
    """How many turns before the thread each item has (``OUTSIDE``: turns outside the items), in order
    of first mention, from the figures the store keeps of the whole transcript."""
    items = state.transcript.items
    counts = {section: talk.turns for section, talk in items.items()}
    for turn in thread:
        key = turn.section or OUTSIDE
        if key in counts:
            counts[key] -= 1
    ordered = sorted(counts, key=lambda section: items[section].first)
    return {section: counts[section] for section in ordered if counts[section] > 0}


def _page_of(wizard: Wizard, state: ProjectState, section: str, count: int, first: int, key: str) -> None:
    """One item's earlier turns, a page at a time, newest page first, read from the transcript."""
    pages = (count + PAGE - 1) // PAGE
    # Page 0 is the newest: the fold opens on the turns nearest the current thread.
    page = min(max(int(st.session_state.get(f"{key}-page", 0)), 0), pages - 1)
    before = first if page == 0 else st.session_state.get(f"{key}-before-{page}")
    if not isinstance(before, int):
        page, before = 0, first
    shown = _turns(wizard, state.project_id, section, before)
    stop = count - page * PAGE
    if pages > 1:
        where = f"Messages {max(1, stop - len(shown.turns) + 1)}–{stop} of {count}"
        _pager(key, page, pages, where, shown.older)
    labels = answer_labels(state)
    for place, turn in zip(shown.places, shown.turns, strict=True):
        # Never the newest turn (that is in the thread), so never its Retry.
        replies.draw(wizard, turn, place, False, labels.get(place))


PAGES_KEPT = 8  # pages of earlier turns kept per session: reading one again costs a read of the log


def _turns(wizard: Wizard, project_id: str, section: str, before: int) -> TurnPage:
    """A page of an item's turns before place ``before``: read once, then kept (those turns never change)."""
    kept: dict[tuple[str, str, int], TurnPage] = st.session_state.setdefault("turn-pages", {})
    wanted = (project_id, section, before)
    if wanted not in kept:
        for old in list(kept)[: max(0, len(kept) - PAGES_KEPT + 1)]:
            del kept[old]
        kept[wanted] = wizard.load_turns(project_id, section, before, PAGE)
    return kept[wanted]


def _pager(key: str, page: int, pages: int, where: str, older_before: int | None) -> None:
    older, caption, newer = st.columns([1, 2, 1], vertical_alignment="center")
    older.button(
        "Older",
        key=f"{key}-older",
        disabled=page >= pages - 1 or older_before is None,
        on_click=_turn_page,
        args=(key, page + 1, older_before),
        icon=":material/arrow_upward:",
    )
    caption.caption(where)
    newer.button(
        "Newer",
        key=f"{key}-newer",
        disabled=page == 0,
        on_click=_turn_page,
        args=(key, page - 1),
        icon=":material/arrow_downward:",
    )


def _turn_page(key: str, page: int, before: int | None = None) -> None:
    """Show page ``page`` (0: the newest); an older page starts before place ``before``."""
    st.session_state[f"{key}-page"] = page
    if before is not None:
        st.session_state[f"{key}-before-{page}"] = before
