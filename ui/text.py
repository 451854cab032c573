"""Consultant and advisor text drawn inert: Markdown, HTML, colours and maths show as typed."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

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
/* The conversation takes the height the window leaves, so the chat box under it is on screen
   with the title and progress above: typing never scrolls the page. */
div.st-key-chat, div[data-testid="stLayoutWrapper"]:has(> div.st-key-chat) {
  max-height: max(14rem, calc(100vh - 23rem));
}
/* Little room above the title: a laptop screen's height goes to the work. */
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; }
.st-key-item-card h3 { font-size: 1.4rem; }
@media (max-height: 820px) {
  [data-testid="stMainBlockContainer"] { padding-top: 1rem; }
  [data-testid="stMainBlockContainer"] [data-testid="stAlert"] > div { padding: 0.5rem 0.75rem; }
  .st-key-choices button { min-height: 2rem; padding-top: 0.1rem; padding-bottom: 0.1rem; }
  [data-testid="stMainBlockContainer"] h1 { font-size: 1.75rem; padding: 0.25rem 0; }
  .st-key-item-card h3 { font-size: 1.2rem; }
}
/* Help text and captions dark enough to read (about 8:1 on white, not the default grey). */
[data-testid="stCaptionContainer"], [data-testid="stMarkdownContainer"] small { color: #474b57; }
/* Where the page is narrow (a small window, or the sidebar open at 900 px), the card and the chat
   stack instead of being crushed side by side; the chat comes first, with the reply in view. */
@media (max-width: 1100px) {
  [data-testid="stHorizontalBlock"]:has(.st-key-item-card),
  [data-testid="stHorizontalBlock"]:has(.st-key-chat) { flex-direction: column; }
  [data-testid="stHorizontalBlock"]:has(.st-key-item-card) > [data-testid="stColumn"] {
    width: 100% !important; flex: 1 1 auto !important; min-width: 100% !important;
  }
  [data-testid="stHorizontalBlock"]:has(.st-key-item-card) > [data-testid="stColumn"]:has(.st-key-chat) {
    order: -1;
  }
  div.st-key-chat, div[data-testid="stLayoutWrapper"]:has(> div.st-key-chat) {
    max-height: max(14rem, 55vh);
  }
}
.st-key-advisor-working:has([data-testid="stSpinner"]), .st-key-advisor-pending {
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


def local_time(moment: datetime, fmt: str = "%Y-%m-%d %H:%M") -> str:
    """``moment`` (stored in UTC) in the browser's time zone, named; UTC when the browser does not say."""
    zone = _browser_zone()
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    shown = moment.astimezone(zone)
    return f"{shown.strftime(fmt)} {shown.tzname() or ''}".rstrip()


def _browser_zone() -> timezone | ZoneInfo:
    name = st.context.timezone
    if name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    offset = st.context.timezone_offset  # minutes behind UTC, as JavaScript gives it
    if isinstance(offset, int | float) and abs(offset) <= 24 * 60:
        return timezone(-timedelta(minutes=offset))
    return UTC
