"""An answer pasted from a team chat: its markup is no part of what it says.

    @dana can you confirm the LD? :eyes:          <- a mention, an emoji's shortcode
    ok so *2 streets* — `Main` + `Elgin` (edited)  <- bold, code, the app's 'edited' tag
    replying to Dana: …                            <- a thread reply's lead

Read as: '@dana can you confirm the LD?' / 'ok so 2 streets — Main + Elgin' / '…'. A message with none of
these marks is left as it is.
"""

from __future__ import annotations

import re

_SHORTCODE = re.compile(r"(?<![\w:]):[a-z0-9][a-z0-9_+-]{1,40}:(?![\w:])")  # ':+1:', ':white_check_mark:'
_CODE = re.compile(r"`([^`\n]{1,80})`")
# '*bold*', '_italic_', '**bold**' around words, not a footnote's '412 m²*' nor 'x * y'
_EMPHASIS = re.compile(r"(?<![\w*])(\*{1,2}|_)(?=\S)([^*_\n]{1,80}?)(?<=\S)\1(?![\w*])")
_EDITED = re.compile(r"\s*\((?:edited|modifié)\)", re.I)
# a thread reply's lead: 'replying to Dana:', 'replying to myself re 3.09'
_REPLYING = re.compile(
    r"(?im)^[ \t]*replying\s+to\s+(?:myself|me|[A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?)\s*[:,—–-]?\s*"
)
_REPLY_WORD = re.compile(
    r"(?im)^[ \t]*replying\s+to\s+(?!myself|me\b)[A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?\s*[:,—–-]?\s*"
    r"(?:no|nope|nah|yes|yep|yeah|correct|right|agreed)\b\s*[,.;:—–-]+\s*"
)
_TO_THE_WIZARD = re.compile(r"(?im)^[ \t]*@(?:wizard|bot|assistant)\b[ \t,:]*")
_RE_ITEM = re.compile(r"^(\W*re\s+3\.\d\d)\b\s*(?![-:\u2013\u2014])", re.I)
_BULLET = re.compile(r"(?m)^([ \t]*)•[ \t]*")


def plain(text: str) -> str:
    """``text`` without a chat app's markup: emoji shortcodes, an '@wizard' it opens with, code and emphasis
    marks, '(edited)', a thread reply's lead and '•' bullets made '-'. A mention of a colleague ('@dana')
    is kept as typed."""
    if not (
        _SHORTCODE.search(text)
        or _TO_THE_WIZARD.search(text)
        or _CODE.search(text)
        or _EDITED.search(text)
        or _REPLYING.search(text)
        or "•" in text
        or _EMPHASIS.search(text)
    ):
        return text
    said = _SHORTCODE.sub("", text)
    said = _TO_THE_WIZARD.sub("", said)  # '@wizard sanity check …': the message is to us
    said = _CODE.sub(r"\1", said)
    said = _EMPHASIS.sub(r"\2", said)
    said = _EDITED.sub("", said)
    # 'replying to Tom: no, we agreed ASTC 47': the 'no' is Tom's, not the item's
    said = _REPLY_WORD.sub("", said)
    if _REPLYING.search(said):  # 'replying to myself re 3.09 …': a reply on that item
        said = _RE_ITEM.sub(r"\1 – ", _REPLYING.sub("", said), count=1)
    said = _BULLET.sub(r"\1- ", said)
    said = re.sub(r"[ \t]{2,}", " ", said)
    return "\n".join(line.rstrip() for line in said.splitlines()).strip() or text
