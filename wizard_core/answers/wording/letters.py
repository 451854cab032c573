"""An answer written as an e-mail: its greeting, the question it quotes back, and its sign-off are no part
of the answer.

    Hi,                                  <- greeting
    > 3.20: how many barrier-free …?     <- the wizard's question quoted back
    Two, the main entrance and …         <- the answer
    Thanks,                              <- sign-off, and what follows it:
    M.                                      a name, a title,
    Sent from my iPhone                     "Sent from …", a disclaimer
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


def letter_trimmed(text: str) -> str:
    """``text`` without an e-mail's greeting, quoted lines, and sign-off with what follows it; a text that
    is nothing but these (or no e-mail at all) is returned as it is."""
    trimmed = _QUOTED.sub("", _GREETING.sub("", text, count=1))
    trimmed = _SENT_FROM.sub("", trimmed)
    for sign_off in _SIGN_OFF.finditer(trimmed):
        after = [line for line in trimmed[sign_off.end() :].splitlines() if line.strip()]
        if len(after) <= SIGNATURE_LINES and all(
            len(line) <= SIGNATURE_WIDTH or _DISCLAIMER.match(line) for line in after
        ):
            trimmed = trimmed[: sign_off.start()]
            break
    trimmed = trimmed.strip()
    return trimmed if trimmed else text
