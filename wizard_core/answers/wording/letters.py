"""An answer written as an e-mail: its greeting, the question it quotes back, and its sign-off are no part
of the answer.

    Hi,                                  <- greeting
    > 3.20: how many barrier-free …?     <- the wizard's question quoted back
    Two, the main entrance and …         <- the answer
    Thanks,                              <- sign-off, and what follows it:
    M.                                      a name, a title,
    Sent from my iPhone                     "Sent from …", a disclaimer

Nor is what a reply from a phone carries after the answer with no sign-off: a '--' line and what follows,
a signature block (name, credentials, firm, address, phone numbers), initials, a confidentiality notice,
and an earlier message quoted under 'On …, … wrote:'.
"""

from __future__ import annotations

import re

_GREETING = re.compile(
    r"^\s*(?:hi|hello|hey|dear|good\s+(?:morning|afternoon|evening))\b[^\n]{0,40}?[,!.:]?[ \t]*(?:\n|$)", re.I
)
_QUOTED = re.compile(r"(?m)^[ \t]*>[^\n]*(?:\n|$)")
# 'Thanks,', 'Regards, M.', 'Cheers - Dave': the sign-off words, then at most a name on the same line
_SIGN_OFF = re.compile(
    r"(?m)^[ \t]*(?i:thanks|thank\s+you|many\s+thanks|cheers|regards|best|best\s+regards|kind\s+regards|"
    r"warm\s+regards|sincerely|all\s+the\s+best|talk\s+soon)\b[ \t]*[,!.\u2013\u2014-]?"
    r"(?:[ \t]*[A-Z][\w.'-]*){0,3}[ \t]*[,.!]?[ \t]*$"
)
_SENT_FROM = re.compile(r"(?im)^[ \t]*sent\s+from\s+my\s+[^\n]{1,30}$")
_DISCLAIMER = re.compile(
    r"(?im)^[ \t]*[^\n]{0,80}\b(?:confidential|intended\s+(?:only\s+)?for\s+the)\b[^\n]*$"
)
SIGNATURE_LINES = 4  # a sign-off is the last thing said when at most this many short lines follow it
SIGNATURE_WIDTH = 60


# an earlier message quoted under the reply: 'On Tue, Nov 3, 2026 at 9:14 AM Jane <j@x.ca> wrote:'
_EARLIER = re.compile(r"(?im)^[ \t]*(?:on\s[^\n]{5,160}\swrote:|-{3,}\s*original\s+message\s*-{3,})[ \t]*$")
# the signature's delimiter: '--' alone, or with initials or a first name ('-- P.', '-- Doug')
_DELIMITER = re.compile(r"(?m)^[ \t]*--[ \t]*(?:[A-Z][\w.]{0,14}[ \t]*)?$")
_CONFIDENTIAL = re.compile(r"\bconfidential", re.I)
_NOTICE = re.compile(
    r"\b(?:confidential\w*|privileged|intended\s+(?:only\s+|solely\s+)?for|if\s+you\s+(?:have\s+)?received"
    r"|before\s+printing)\b",
    re.I,
)
# what marks a line as a signature's: a phone or fax number, a postal code, a credential or a firm's
# suffix, an e-mail address or a web address
_SIGNATURE_MARK = re.compile(
    r"\(?\b\d{3}\)?[.\s-]\d{3}[.\s-]\d{4}\b|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|[\w.-]+@[\w-]+\.[\w.]+|\bwww\.|https?://"
    r"|\b(?:P\.\s?Eng|OAA|BCIN|C\.E\.T|MRAIC|M\.Arch|B\.Arch|LEED\s+AP|Architects?|Inc|Ltd|LLP|Corp)\b\.?"
)
# a name, a title or a firm on a line of its own: a few words, each capitalized or joining ('&', 'of')
_NAME_LINE = re.compile(r"^[ \t]*[A-Z][\w.'-]*(?:[ \t,|&]+(?:[A-Z][\w.'-]*|&|of|and|the))*[ \t,.]*$")
# initials or a first name alone closing a reply: 'PC', 'J.', 'R.W.', 'Doug'
_INITIALS = re.compile(r"^[ \t]*(?:[A-Z]{2,3}|[A-Z]\.(?:[ \t]?[A-Z]\.)?|[A-Z][a-z]{2,11})[ \t]*$")
# a word that closes an answer, not a name: 'Yes', 'None', 'Basement'
_ANSWER_WORD = re.compile(
    r"^[ \t]*(?:yes|no|none|nil|nope|yep|yeah|correct|confirmed|agreed|fine|ok|okay|same|unchanged|tbd|tbc"
    r"|unknown|combustible|noncombustible|basement|new|existing|both|neither|sprinklered|single|two|one|all"
    r"|skip|back|later)[ \t]*$",
    re.I,
)


# a closing line about when to talk, not about the building: 'Call me at 2:30 if …', 'On site at 10
# tomorrow, call after that.', 'Meeting with the CBO Thursday 9:30 if you need anything before then.'
_WHEN_TO_CALL = re.compile(
    r"\b(?:call|ring|phone|text|reach|meeting|meet|catch\s+up|on\s+site|in\s+the\s+office|around|available|free)\b"
    r"[^\n]{0,60}?\b(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)?|tomorrow|today|tonight|this\s+(?:afternoon|morning|week)"
    r"|monday|tuesday|wednesday|thursday|friday|next\s+week)\b"
    r"|\b(?:tomorrow|today|monday|tuesday|wednesday|thursday|friday)\b[^\n]{0,40}?\b(?:call|meeting|chat|talk)\b",
    re.I,
)
# words of the matrix that keep a closing line in the answer: an item's number, a figure with its unit
_OF_THE_MATRIX = re.compile(r"\b3\.\d\d\b|\d\s*(?:m2|m²|sq|%|h\b|hrs?\b|min\b|storeys?)", re.I)


def _phone_reply_trimmed(text: str, mail: bool) -> str:
    """``text`` without what a reply from a phone carries after its answer: an earlier message quoted under
    'On … wrote:', a notice, a '--' signature, trailing signature lines, initials or a first name."""
    earlier = _EARLIER.search(text)
    if earlier and text[: earlier.start()].strip():
        text = text[: earlier.start()]
    delimiter = _DELIMITER.search(text)
    mail = mail or bool(earlier or delimiter)
    if delimiter and text[: delimiter.start()].strip():
        text = text[: delimiter.start()]
    blocks = [b for b in re.split(r"\n[ \t]*\n", text.strip()) if b.strip()]
    while len(blocks) > 1:
        lines = [line for line in blocks[-1].splitlines() if line.strip()]
        notice = any(_NOTICE.search(line) for line in lines) and not _OF_THE_MATRIX.search(blocks[-1])
        signed = any(_SIGNATURE_MARK.search(line) for line in lines) and all(
            _SIGNATURE_MARK.search(line) or _NAME_LINE.match(line) for line in lines
        )
        initials = mail and len(lines) == 1 and _INITIALS.match(lines[0]) and not _ANSWER_WORD.match(lines[0])
        last = blocks[-1]
        aside = mail and len(lines) <= 2 and _WHEN_TO_CALL.search(last) and not _OF_THE_MATRIX.search(last)
        if not (notice or signed or initials or aside):
            break
        blocks.pop()
    return "\n\n".join(blocks)


# the asking words of a quoted half of a question, not its subject: 'and are', 'How many … are'
_ASKING = re.compile(
    r"^\W*(?:and\s+|or\s+|also\s+)?(?:(?:how\s+many|how\s+much|what|which|is|are|does|do|has|have|was|were)"
    r"(?:\s+(?:is|are|kind\s+of|type\s+of))?\s+)?",
    re.I,
)


# a list of choices in a question: 'existing, new and total', 'Low, Normal, High or Post-disaster'
_CHOICES = re.compile(r",[^,]{1,40},?\s+(?:and|or)\s+\w")


def _halves_as_labels(text: str) -> str:
    """A question quoted back in halves with an answer under each ('> How many barrier-free entrances …,'
    / 'Two …' / '> and are hazardous substances stored …?' / 'No.'): each half set before its answer as
    a label ('barrier-free entrances are provided: Two …'), so the answer keeps what it answers. A
    question quoted once, whole, is left to be dropped."""
    if len(_QUOTED.findall(text)) < 2:
        return text  # (no question quoted in halves: the common case, one scan)
    blocks = re.split(r"((?:^[ \t]*>[^\n]*(?:\n|$))+)", text, flags=re.M)
    quoted = [i for i in range(1, len(blocks), 2) if blocks[i].strip()]
    answered = [i for i in quoted if i + 1 < len(blocks) and blocks[i + 1].strip()]
    if len(quoted) < 2 or len(answered) < 2:
        return text
    for i in answered:
        half = " ".join(line.strip().lstrip(">").strip() for line in blocks[i].splitlines())
        label = _ASKING.sub("", half).strip(" ,.;:?")
        if _CHOICES.search(label):
            label = ""  # 'split into existing, new and total': the question's choices, no subject to keep
        answer = blocks[i + 1].lstrip()
        blocks[i] = f"{label}: " if label else ""
        blocks[i + 1] = answer
    return "".join(blocks)


def quoted_question(text: str) -> str:
    """The wizard's question a reply quotes back ('> How many streets does the building face …?'), its
    halves joined; not an earlier message quoted under 'On …, … wrote:'."""
    earlier = _EARLIER.search(text)
    own = text[: earlier.start()] if earlier else text
    return " ".join(m[0].strip().lstrip(">").strip() for m in _QUOTED.finditer(own))


def letter_trimmed(text: str) -> str:
    """``text`` without an e-mail's greeting, quoted lines, and sign-off with what follows it; a text that
    is nothing but these (or no e-mail at all) is returned as it is."""
    trimmed = _QUOTED.sub("", _GREETING.sub("", _halves_as_labels(text), count=1))
    trimmed = _SENT_FROM.sub("", trimmed)
    mail = bool(_QUOTED.search(text) or _SENT_FROM.search(text))
    # (a reply from a mail program: its closing lines are read for a signature)
    if mail or _DELIMITER.search(text) or _EARLIER.search(text) or _CONFIDENTIAL.search(text):
        trimmed = _phone_reply_trimmed(trimmed, mail)
    for sign_off in _SIGN_OFF.finditer(trimmed):
        after = [line for line in trimmed[sign_off.end() :].splitlines() if line.strip()]
        if len(after) <= SIGNATURE_LINES and all(
            len(line) <= SIGNATURE_WIDTH or _DISCLAIMER.match(line) for line in after
        ):
            trimmed = trimmed[: sign_off.start()]
            break
    trimmed = trimmed.strip()
    return trimmed if trimmed else text
