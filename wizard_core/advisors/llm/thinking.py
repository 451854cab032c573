"""A reasoning model's thinking, kept apart from its reply.

Some servers stream the thinking in a field of its own (``reasoning_content`` or
``reasoning``); others leave it inline as ``<think>…</think>`` before the reply, and a
template may have opened the block in the prompt so that only the closing tag arrives. The
thinking may hold a draft JSON object or words that are no question at all, so it is taken
out before a reply is parsed or used as a retrieval query.
"""

from __future__ import annotations

import re

_TAGS = "think|thinking|reasoning"
_CLOSED = re.compile(rf"<({_TAGS})>.*?</\1>", re.S | re.I)
_OPEN = re.compile(rf"<(?:{_TAGS})>", re.I)
_CLOSE = re.compile(rf"</(?:{_TAGS})>", re.I)
# Characters that would act on a terminal or the page rather than show: C0 controls but
# tab and newline, DEL, C1 controls (the 8-bit escape sequences), and bidirectional overrides.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def split_thinking(text: str) -> tuple[str, bool]:
    """The reply with thinking taken out, and whether a thinking block is still open."""
    closing = _CLOSE.search(text)
    if closing and not _OPEN.search(text[: closing.start()]):
        text = text[closing.end() :]  # the block was opened by the prompt's template
    text = _CLOSED.sub("", text)
    opening = _OPEN.search(text)
    if opening:
        return text[: opening.start()], True
    return text, False


def without_thinking(text: str) -> str:
    """The reply alone: closed thinking blocks and an unclosed one (to the end) removed."""
    return split_thinking(text)[0].strip()


def thinking_chars(text: str) -> int:
    """How much of ``text`` is thinking (for an estimate of reasoning tokens)."""
    return len(text) - len(split_thinking(text)[0])


def neutral(text: str) -> str:
    """``text`` safe for a terminal or the page: control characters and escape sequences shown inert."""
    return _CONTROL.sub("\ufffd", text)
