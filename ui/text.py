"""Consultant and advisor text drawn inert: Markdown, HTML, colours and maths show as typed."""

from __future__ import annotations

import re

import streamlit as st

# Every ASCII punctuation character; CommonMark lets a backslash make any of them literal,
# which also defeats Streamlit's own :colour[...], :emoji: and $maths$ extensions.
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")
_INDENT = re.compile(r"^[ \t]+", re.MULTILINE)

# Long unbroken words (a pasted URL, 4 000 characters of nothing) wrap instead of widening the page.
_STYLES = """
<style>
[data-testid="stMarkdownContainer"], [data-testid="stCaptionContainer"], [data-testid="stHeading"],
[data-testid="stChatMessage"], [data-testid="stExpander"] summary, [data-testid="stAlert"] {
  overflow-wrap: anywhere;
  word-break: break-word;
  min-width: 0;
}
[data-testid="stChatMessage"] { max-width: 100%; }
.st-key-advisor-working:has([data-testid="stSpinner"]) {
  position: fixed;
  bottom: 6.5rem;
  right: 3rem;
  width: min(36rem, 70vw);
  max-height: 40vh;
  overflow-y: auto;
  z-index: 999990;
  padding: 0.75rem 1rem;
  background: #ffffff;
  border: 1px solid rgba(49, 51, 63, 0.2);
  border-radius: 0.5rem;
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.12);
}
</style>
"""


def escape(text: str) -> str:
    """Markdown that displays ``text`` exactly as typed, line breaks included."""
    escaped = _PUNCTUATION.sub(r"\\\1", str(text))
    # Leading spaces would make an indented code block; non-breaking spaces keep the look only.
    escaped = _INDENT.sub(lambda m: "\u00a0" * len(m.group().expandtabs(4)), escaped)
    return escaped.replace("\n", "  \n")


def show(text: str) -> None:
    """Draw consultant or advisor text inert."""
    st.markdown(escape(text))


def apply_styles() -> None:
    st.html(_STYLES)
