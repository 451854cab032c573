"""Text from a model or a consultant made inert for each kind of export.

No Markdown or HTML in it takes effect (no image is fetched, no link is live, no formula runs)
and web addresses are shown defanged, as ``http[:]//host`` and ``www[.]host``, which no viewer
(a PDF reader that detects addresses in text among them) turns into a link.
"""

from __future__ import annotations

import re

# What a spreadsheet reads as the start of a formula, in ASCII and in full-width forms.
FORMULA_START = tuple("=+-@\uff1d\uff0b\uff0d\uff20")
# Web addresses a Markdown viewer links by itself (GFM autolinks), and the scheme of any URL.
_SCHEME = re.compile(r"(?i)\b([a-z][a-z0-9+.-]{0,30}):(?=//)|\b(mailto|xmpp|javascript|data|vbscript):")
_WWW = re.compile(r"(?i)\bwww\.")
_EMAIL_AT = re.compile(r"(?<=[A-Za-z0-9._+-])@(?=[A-Za-z0-9-]+\.[A-Za-z0-9])")
# Markdown and HTML punctuation that could act inline; each is shown as itself, escaped.
_MARKDOWN = re.compile(r"([\\`*_{}\[\]()<>!|~&$#])")
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


def printable(text: str) -> str:
    """``text`` any document format can store: unprintable characters shown as U+FFFD."""
    return _UNPRINTABLE.sub("\ufffd", text.replace("\r\n", "\n").replace("\r", "\n"))


def document_text(text: str) -> str:
    """Text for a PDF or a workbook: printable and defanged."""
    return printable(defanged(text))
