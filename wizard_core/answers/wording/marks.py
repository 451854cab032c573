"""Options ticked on a copied form: '☐ Yes  ☒ No', '[X] Yes  [ ] No', '( ) STC 50 (x) ASTC 47', 'Yes ✓'.

A consultant filling the matrix from an earlier sheet keeps its boxes and marks the ones that hold. The
answer is the options marked; the ones left blank are no part of it, so "☐ Yes ☒ No" reads as "No".
"""

from __future__ import annotations

import re

from wizard_core.answers.wording import chat
from wizard_core.answers.wording.letters import letter_trimmed
from wizard_core.answers.wording.pdf_text import as_typed
from wizard_core.answers.wording.template_labels import label_dropped

_TICKED = r"☒|☑|✅|\[\s*[xX✓✔]\s*\]|\(\s*[xX✓✔]\s*\)"
_BLANK = r"☐|□|\[\s*\]|\(\s*\)"
_MARK = re.compile(rf"(?P<ticked>{_TICKED})|(?P<blank>{_BLANK})")
# where a marked option's label ends: the next mark, a dash or colon or bracket after it, two spaces, the line
_LABEL_END = re.compile(rf"{_TICKED}|{_BLANK}|\s+[—–-]\s|\s*[:;(—–]|\s{{2,}}|,\s|$")
# a tick after a word ('Yes ✓'): the word is the one marked
_TICK_AFTER = re.compile(r"\s*[✓✔]\s*(?=\W|$)")


def checked_only(text: str) -> str:
    """``text`` with each line's marked options kept and those left blank dropped, the marks removed: a
    line of boxes none of which is ticked chooses nothing ('☐ Yes ☐ No' leaves no 'yes' to read)."""
    return "\n".join(_line(line) for line in text.split("\n"))


def _line(line: str) -> str:
    marks = list(_MARK.finditer(line))
    if not marks:
        return _TICK_AFTER.sub(" ", line).rstrip() if re.search(r"\w\s*[✓✔]", line) else line
    out, at = [], 0
    for mark in marks:
        if mark.start() < at:  # inside the label of a mark before it
            continue
        out.append(line[at : mark.start()])
        end = _LABEL_END.search(line, mark.end() + 1)
        stop = end.start() if end else len(line)
        label = line[mark.end() : stop].strip()
        if mark["ticked"] and label:
            out.append(label)
        at = stop
    out.append(line[at:])
    return re.sub(r"[ \t]{2,}", " ", "".join(piece if piece.strip() else " " for piece in out)).strip()


def answer_in(text: str) -> str:
    """The answer a message holds, as every reader and the decisions take it: without a chat app's
    markup, an e-mail's greeting, quoted question and sign-off, a PDF page's header or footer, a firm's
    template label before it ('Line 16 – Streets Faced:'), and with a copied sheet's boxes read."""
    return checked_only(letter_trimmed(as_typed(label_dropped(chat.plain(text)))))
