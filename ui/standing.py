"""Where the project stands, under its title: how many answers are confirmed, to confirm, flagged or
left, and the flagged answers themselves with "still holds" and "revise"."""

from __future__ import annotations

from collections import Counter
from typing import Any

import streamlit as st

from ui import actions, review
from ui.text import escape
from wizard_core import Finding, ProjectState, Wizard

# The order the counts are said in, after "N of 28 confirmed".
WAITING = (
    ("proposed", "to confirm"),
    ("flagged", "flagged"),
    ("skipped", "skipped for now"),
    ("to do", "to do"),
)


def tally(rows: list[dict[str, Any]]) -> Counter[str]:
    """Items per status, as every export gives them (an override is a confirmed decision)."""
    found = Counter(row["answer_status"] for row in rows)
    found["confirmed"] += found.pop("overridden", 0)
    return found


def line(counts: Counter[str], total: int) -> str:
    """'12 of 28 confirmed · 5 to confirm · 2 flagged · 9 to do'."""
    parts = [f"{counts['confirmed']} of {total} confirmed"]
    parts += [f"{counts[status]} {words}" for status, words in WAITING if counts[status]]
    return " · ".join(parts)


def draw(wizard: Wizard, state: ProjectState, found: list[Finding]) -> None:
    """The progress bar in confirmed answers, the end state said as it is, and confirm-all."""
    rows = wizard.matrix_rows(state, found)
    counts = tally(rows)
    total = len(rows)
    bar, button = st.columns([5, 2], vertical_alignment="bottom")
    bar.progress(counts["confirmed"] / total, text=line(counts, total))
    proposed = counts["proposed"]
    if proposed:
        left = f"; {counts['flagged']} flagged are left for review" if counts["flagged"] else ""
        button.button(
            f"{review.CONFIRM_ALL} ({proposed})",
            key="confirm-all",
            help=f"Accept the {proposed} answers the advisor proposed and you have not confirmed{left}.",
            on_click=review.confirm_all,
            args=(wizard, state.project_id),
            width="stretch",
        )
    if counts["to do"] or counts["skipped"]:
        return
    if counts["confirmed"] == total:
        st.success(f"All {total} items are confirmed. The sheet is ready to export from the “Matrix” tab.")
        return
    waiting = [f"{counts[s]} {words}" for s, words in WAITING if counts[s]]
    st.warning(
        f"Every item has an answer, but {' and '.join(waiting)}. The exported sheet marks them, "
        "and it is not ready to sign until they are confirmed."
    )


def flags(wizard: Wizard, state: ProjectState, found: list[Finding]) -> None:
    """Each flagged answer, why, and what to do: keep it as it is, or go to it and answer again."""
    errors = {f.item: f.message for f in found if f.severity == "error" and state.answer_for(f.item)}
    sections = [i.number for i in wizard.items if i.number in state.flagged or i.number in errors]
    sections = [s for s in sections if s != state.current_form_section]  # the card shows its own
    if not sections:
        return
    with st.container(border=True, key="flags"):
        count = len(sections)
        st.markdown(f"**{count} answer{'' if count == 1 else 's'} to review**")
        for section in sections:
            reason = state.flagged.get(section) or f"The code checks object: {errors[section]}"
            st.caption(escape(f"{section} {wizard.title(section)}: {reason}"))
            with st.container(horizontal=True, key=f"flag-{section}"):
                if section in state.flagged:
                    st.button(
                        review.STILL_HOLDS,
                        key=f"flag-keep-{section}",
                        help=f"Keep the answer to {section} as it is and clear the flag.",
                        on_click=review.keep,
                        args=(wizard, state.project_id, section),
                    )
                st.button(
                    "Revise",
                    key=f"flag-revise-{section}",
                    help=f"Go to {section} and answer it again.",
                    on_click=actions.go_to_item,
                    args=(wizard, state.project_id, section),
                )
        kept = [s for s in sections if s in state.flagged]
        if len(kept) > 1:
            st.button(
                f"All {len(kept)} still hold",
                key="flag-keep-all",
                help="Keep every flagged answer as it is and clear the flags.",
                on_click=review.keep_all,
                args=(wizard, state.project_id, kept),
            )
