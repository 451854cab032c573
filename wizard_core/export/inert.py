"""Text from a model or a consultant made inert for each kind of export.

No Markdown or HTML in it takes effect (no image is fetched, no link is live, no formula runs)
and web addresses are shown defanged, as ``http[:]//host`` and ``www[.]host``, which no viewer
(a PDF reader that detects addresses in text among them) turns into a link.
"""

from __future__ import annotations

import re
from typing import Any

# What a spreadsheet reads as the start of a formula, in ASCII and in full-width forms.
FORMULA_START = tuple("=+-@\uff1d\uff0b\uff0d\uff20")
# Web addresses a Markdown viewer links by itself (GFM autolinks), and the scheme of any URL.
_SCHEME = re.compile(r"(?i)\b([a-z][a-z0-9+.-]{0,30}):(?=//)|\b(mailto|xmpp|javascript|data|vbscript):")
_WWW = re.compile(r"(?i)\bwww\.")
_EMAIL_AT = re.compile(r"(?<=[A-Za-z0-9._+-])@(?=[A-Za-z0-9-]+\.[A-Za-z0-9])")
# What could act inside one line of Markdown (a table cell, a list item, a heading's text), each
# shown as itself, escaped: a backslash, code spans, emphasis and strikethrough, link and image
# brackets, HTML and autolinks (``<``), a table's ``|``, entities, math and a heading's closing
# ``#``. Parentheses, ``!``, ``>`` and braces act only after an escaped bracket, after ``<`` or at
# the start of a line (which a cell never is), so they are left as written: "(sprinklered)".
_MARKDOWN = re.compile(r"([\\`*_\[\]<|~&$#])")
# Direction controls make a reader see text in another order than it is stored ("Trojan Source");
# every export leaves them out, so what is shown is what was written, in order.
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_BIDI = re.compile(f"[{BIDI_CONTROLS}]")
# What no document format can hold or should act on: control characters (line breaks and tabs
# aside), direction overrides that reorder what is shown, and lone surrogates, which no encoder
# writes. Each is shown as U+FFFD so the reader sees that something was there.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def safe_cell(text: str) -> str:
    """Spreadsheet-inert text: a cell that would start a formula (after any blanks) is made plain text."""
    text = defanged(text)
    return "'" + text if starts_formula(text) else text


def starts_formula(text: str) -> bool:
    """Whether a spreadsheet would read ``text`` typed into a cell as a formula."""
    return text.lstrip(" \t\r\n")[:1] in FORMULA_START or text[:1] in ("\t", "\r")


def defanged(text: str) -> str:
    """Web addresses shown so no viewer links them: 'http[:]//host', 'www[.]host', 'name[@]host.ca'."""
    text = _SCHEME.sub(lambda m: f"{m.group(1) or m.group(2)}[:]", text)
    text = _WWW.sub(lambda m: m.group(0)[:3] + "[.]", text)
    return _EMAIL_AT.sub("[@]", text)


def md_cell(text: str) -> str:
    """One line of Markdown that shows ``text`` as written and makes nothing in it live."""
    return _MARKDOWN.sub(r"\\\1", defanged(" ".join(text.split())))


def without_bidi(value: Any) -> Any:
    """``value`` (text, or dicts and lists holding text) with every direction control left out."""
    if isinstance(value, str):
        return _BIDI.sub("", value)
    if isinstance(value, dict):
        return {without_bidi(key): without_bidi(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(without_bidi(item) for item in value)
    return value


def printable(text: str) -> str:
    """``text`` any document format can store: unprintable characters shown as U+FFFD."""
    return _UNPRINTABLE.sub("\ufffd", text.replace("\r\n", "\n").replace("\r", "\n"))


def document_text(text: str) -> str:
    """Text for a PDF or a workbook: printable and defanged."""
    return printable(defanged(text))
