"""The code excerpts a reply drew on: their words, edition and origin; for imported text, its file and lines.

The panel is drawn only while it is open, so a long conversation costs nothing for excerpts
nobody looks at; each quote shows its first part, the rest one click further.
"""

from __future__ import annotations

import streamlit as st

from ui.text import escape
from wizard_core import Quote, TurnRecord, Wizard

ORIGINS = {"notes": "code notes", "imported": "your imported code text"}
# A quote shows this much at first; "More" shows the rest up to the second bound.
SHORT_CHARS = 600
MAX_CHARS = 20_000


def panel(wizard: Wizard, turn: TurnRecord, index: int) -> None:
    """The excerpts, under a fold drawn only when opened."""
    # A side answer is a search of the notes: its references are the entries it quotes.
    ids = turn.excerpt_ids or (turn.obc_references if turn.reply_type == "side_answer" else [])
    if not ids:
        return
    fold = st.expander(f"Code excerpts used ({len(ids)})", key=f"excerpts-{index}", on_change="rerun")
    if not fold.open:
        return
    with fold:
        for number, entry_id in enumerate(ids):
            found = wizard.quote(entry_id)
            if found is None:
                st.markdown(escape(f"{entry_id} (no longer available)"))
            else:
                _quote(found, f"{index}-{number}")


def _quote(quote: Quote, key: str) -> None:
    origin = ORIGINS[quote.origin]
    st.markdown(f"**{escape(quote.id)}** {escape(quote.title)} · {escape(quote.edition)} · {origin}")
    where = source_line(quote)
    if where:
        st.caption(escape(where))
    text = quote.text.strip()
    short, rest = split_text(text)
    with st.container(border=True, key=f"quote-{key}"):
        st.markdown(escape(short + ("…" if rest else "")))
        if rest:
            with st.expander("More of this excerpt"):
                shown = rest[: MAX_CHARS - len(short)]
                st.markdown(escape("…" + shown + ("…" if len(rest) > len(shown) else "")))


def source_line(quote: Quote) -> str:
    """Where in the consultant's own imported file the words are; '' for the wizard's notes, whose
    file and lines mean nothing to a consultant (the article id and edition above say enough)."""
    if quote.origin != "imported":
        return ""
    imported = f" (from {quote.imported_from})" if quote.imported_from else ""
    return f"Import “{quote.import_name}”{imported} · lines {quote.start_line}–{quote.end_line}"


def split_text(text: str) -> tuple[str, str]:
    """The first part of a quote, cut at a word, and the rest ('' if it all fits)."""
    if len(text) <= SHORT_CHARS:
        return text, ""
    cut = text.rfind(" ", SHORT_CHARS // 2, SHORT_CHARS)
    cut = cut if cut > 0 else SHORT_CHARS
    return text[:cut], text[cut:].lstrip()
