"""The current item as a card, with its direct-entry form."""

from __future__ import annotations

from typing import Any

import streamlit as st

from ui import actions, choices, entry, review, row_tables, rows, session
from ui.text import escape, local_time
from wizard_core import FormAnswer, FormItem, ProjectState, Wizard, describe_value


def draw(wizard: Wizard, state: ProjectState) -> None:
    """The card first (the item, its answer and the buttons that act on it), then the one-click
    options, the last answer, what the code says about the item, and the direct entry: what a
    consultant acts on comes before what they read once."""
    if state.current_form_section is None:
        st.info(
            f"No item is waiting for an answer. Confirm or revise answers in the “{session.MATRIX_VIEW}” "
            "tab, or say in the chat which item to revise; then export the sheet from there."
        )
        last_answer(wizard, state)
        return
    item = wizard.item(state.current_form_section)
    card(wizard, state, item)
    last_answer(wizard, state)
    about(item)
    direct_entry(wizard, state, item)


def status(answer: FormAnswer) -> str:
    """Proposed (the advisor's, not yet confirmed) or Confirmed (confirmed, typed, or the edition)."""
    return "Proposed" if answer.proposed else "Confirmed"


def card(wizard: Wizard, state: ProjectState, item: FormItem) -> None:
    with st.container(border=True, key="item-card"):
        st.caption("Current item")
        st.subheader(escape(f"{item.number} {item.title}"), anchor=False)
        st.markdown(f"**{escape(item.question)}**")
        flag = state.flagged.get(item.number)
        if flag:
            st.warning(
                escape(
                    f"Flagged for review: {flag} If it does, choose “{review.STILL_HOLDS}”; "
                    "if not, answer again in the chat."
                )
            )
        answer = state.answer_for(item.number)
        if answer is not None:
            table = row_tables.has_rows(item, answer.value)
            shown = "the rows below" if table else describe_value(item, answer.value)
            st.info(
                escape(
                    f"Current answer: {shown} "
                    f"(confidence {answer.confidence:.2f}). {status(answer)}"
                    f"{' by the advisor, not yet confirmed' if answer.proposed else ''}. "
                    "Answering again replaces it; "
                    "the earlier answer stays in the item's history."
                )
            )
            if table:
                recorded(item, answer.value)
        choices.draw(item)  # the one-click answers, next to the question they answer
        buttons(wizard, state, item, answer, flagged=bool(flag))
        earlier(wizard, state, item)


def earlier(wizard: Wizard, state: ProjectState, item: FormItem) -> None:
    """The item's earlier answers, newest first, under a fold: the older ones, which the project keeps in
    its archive log, are read only while it is open."""
    moved = state.moved_out.get(item.number)
    count = len(state.answer_history.get(item.number, [])) + (moved.answers if moved else 0)
    if not count:
        return
    fold = st.expander(
        f"Earlier answers to {item.number} ({count})", key="earlier-answers", on_change="rerun"
    )
    if not fold.open:
        return
    kept: dict[tuple[str, int, str], list[FormAnswer]] = st.session_state.setdefault("history-read", {})
    wanted = (state.project_id, state.revision, item.number)
    if wanted not in kept:  # read once per saved version of the project while the fold is open
        kept.clear()
        kept[wanted] = wizard.earlier_answers(state, item.number)
    with fold:
        for old in reversed(kept[wanted]):
            when = local_time(old.timestamp)
            st.markdown(escape(f"{describe_value(item, old.value)} ({old.source}, {when})"))


def about(item: FormItem) -> None:
    """What the item asks for and where the code says it, folded: read once, not every turn."""
    with st.expander(f"About {item.number}: what to give, and the code references", key="about-item"):
        st.markdown(escape(item.guidance))
        st.markdown(f"**Expected answer:** {escape(entry.expected(item))}")
        st.markdown(f"**OBC references:** {escape(', '.join(item.references))}")


def _start_from_reading(state: ProjectState, item: FormItem) -> None:
    """Let the entry's empty fields take the reading: once per question, and never over a field the
    consultant has typed in (only empty ones are reset)."""
    seeded = f"entry-seeded-{state.project_id}-{item.number}-{len(state.active_clarifying_thread)}"
    if st.session_state.get(seeded):
        return
    st.session_state[seeded] = True
    prefix = f"entry-{item.number}-"
    for name in [k for k in st.session_state if isinstance(k, str) and k.startswith(prefix)]:
        if st.session_state[name] in (None, "", [], False):
            del st.session_state[name]


def _prefilled(item: FormItem, value: Any) -> FormAnswer | None:
    """What the wizard read, shaped as an answer for the entry fields to start from (never saved)."""
    if value is None:
        return None
    return FormAnswer(
        section=item.number,
        question_number=item.number,
        title=item.title,
        question=item.question,
        answer="",
        value=value,
        confidence=0.0,
    )


def recorded(item: FormItem, value: dict) -> None:
    """A computed item's answer as its rows, with the total, ratio and note under them."""
    rows.show(item, value)
    extra = []
    if item.answer_type == "occupant_load" and isinstance(value.get("total"), int):
        extra.append(f"Total: {value['total']} persons.")
    if item.answer_type == "fixtures" and value.get("ratio"):
        extra.append(f"Male : female ratio {value['ratio']}.")
    if value.get("note"):
        extra.append(f"Note: {value['note']}")
    if extra:
        st.caption(escape(" ".join(extra)))


def buttons(
    wizard: Wizard, state: ProjectState, item: FormItem, answer: FormAnswer | None, flagged: bool
) -> None:
    """Confirm a proposed answer, keep a flagged one, or skip an unanswered item for now."""
    project, number = state.project_id, item.number
    with st.container(horizontal=True, wrap=True, key="card-actions"):
        if answer is not None and answer.proposed:
            st.button(
                review.CONFIRM,
                key=f"confirm-{number}",
                type="primary",
                help=f"Accept the advisor's proposed answer to {number} as final ({review.KEYS['confirm']}).",
                on_click=review.confirm,
                args=(wizard, project, number),
            )
        if answer is not None and flagged:
            st.button(
                review.STILL_HOLDS,
                key=f"keep-{number}",
                help=f"Keep the answer to {number} as it is and clear the review flag.",
                on_click=review.keep,
                args=(wizard, project, number),
            )
        if answer is None:
            st.button(
                review.SKIP,
                key=f"skip-{number}",
                help=f"Leave {number} unanswered for now and go on; the wizard comes back to it after the "
                f"rest ({review.KEYS['skip']}).",
                on_click=review.skip,
                args=(wizard, project, number),
            )


def last_answer(wizard: Wizard, state: ProjectState) -> None:
    """The most recent answer with what can be done about it: confirm it, or undo it."""
    undo = wizard.last_undo(state)
    if undo is None:
        return
    answer = undo.answer
    with st.container(border=True, key="last-answer"):
        st.caption("Last answer recorded")
        st.markdown(escape(f"{review.shown(wizard, answer)} · {status(answer)}"))
        # Buttons as wide as their words, side by side while they fit: never squeezed to "U…".
        row = st.container(horizontal=True, wrap=True)
        if answer.proposed and answer.section != state.current_form_section:
            row.button(
                review.CONFIRM,
                key="confirm-last",
                type="primary",
                help=f"Accept the advisor's proposed answer to {answer.section} as final "
                f"({review.KEYS['confirm']}).",
                on_click=review.confirm,
                args=(wizard, state.project_id, answer.section),
            )
        row.button(
            review.UNDO,
            key="undo-last",
            help=f"{review.undo_help(wizard, undo)} ({review.KEYS['undo']})",
            on_click=review.undo,
            args=(wizard, state.project_id, state.revision),
        )


def direct_entry(wizard: Wizard, state: ProjectState, item: FormItem) -> None:
    """Finalize the item from a typed value, without a conversation. Once two questions have not
    settled the item, it opens by itself, pre-filled with what the wizard read."""
    stuck = wizard.stuck(state)
    current = state.answer_for(item.number)
    read = wizard.reading_so_far(state) if stuck and current is None else None
    said = wizard.carried(state) if read is None and current is None else None
    if said is not None:
        read = said.value
    if read is not None:
        _start_from_reading(state, item)
    label = "Know the answer? Enter it directly"
    if said is not None:
        label += f" (pre-filled {said.reason})"
    with st.expander(label, expanded=stuck, key=f"entry-{item.number}{'-stuck' if stuck else ''}"):
        if stuck:
            st.info(
                escape(
                    f"Two questions have not settled {item.number}: enter it here"
                    + (
                        ", pre-filled with what I read from your messages; correct what is wrong."
                        if read
                        else "."
                    )
                )
            )
        with st.form(f"entry-form-{item.number}", border=False):
            entry.draw(item, current or _prefilled(item, read), entry.floors(wizard, state, item))
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
