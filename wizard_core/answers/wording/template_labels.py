"""A firm's own review template's line label, before the answer: 'Line 16 – Streets Faced: 1',
'A-3 Occupancy — Response: B3', 'Q7 Height / Storeys: 3 above …', 'Field 12 (Sprinklers): Response: …',
'Sec 3.12 – Sprinklers: Throughout', '2.10 Streets: 2 — …'.

The template numbers its lines its own way; those numbers are no figure of the building and no item of
the matrix ('Sec 3.12 – Sprinklers' answers the sprinklers whatever the 3.12 says), and the field's name is
the question, not the answer. The label is dropped from the message's first line; the answer stays.
"""

from __future__ import annotations

import re

# the template's code: a word of numbering and its number ('Line 16', 'Q7', 'Field 12', 'Sec. E-1',
# 'Sec 3.12'), a lettered code ('A-3', 'E-6'), or a numbered section that is no item of the matrix ('2.10')
_CODE = (
    r"(?:(?:line|q|field|sec|section|ref)\.?\s*(?:[A-Z]-?\d{1,2}[a-z]?|\d{1,2}(?:\.\d{1,2})?[a-z]?)"
    r"|(?-i:[A-Z])-\d{1,2}[a-z]?"
    r"|(?!3\.\d\d\b)\d{1,2}\.\d{1,2})"
)
# the field's name: a few words of a heading, capitalized ('Bldg Area (m²)', 'Height / Storeys')
_NAME = r"(?:\([^()\n]{1,40}\)|(?-i:[A-Z])[^\n:—–;,!?]{0,40}?)"
_LABEL = re.compile(
    rf"^[ \t]*{_CODE}[ \t]*(?:[–—-][ \t]*)?{_NAME}[ \t]*(?::|[ \t][–—-](?=[ \t]*response\b))[ \t]*"
    r"(?:[–—-][ \t]*)?(?:response[ \t]*:[ \t]*)?",
    re.I,
)


_CODE_START = re.compile(rf"^[ \t]*{_CODE}", re.I)
_RESPONSE = re.compile(r"[ \t]*[–—-]?[ \t]*response[ \t]*:[ \t]*$|[ \t]*:[ \t]*$", re.I)
_NAME_WORDS = 4  # a field's name is a few words ('BF Entrances / Haz. Substances'); more is a sentence
_SENTENCE_VERB = re.compile(r"\b(?:is|are|was|were|has|have|will|would)\b", re.I)


def label_dropped(text: str) -> str:
    """``text`` without its first line's template label; a message without one as it is."""
    found = _LABEL.match(text)
    if found is None or not text[found.end() :].strip():
        return text
    name = _CODE_START.sub("", found.group())
    if len(re.findall(r"\w+", name)) > _NAME_WORDS + 1 or _SENTENCE_VERB.search(name):
        return text  # '10.1 Two pedestrian entrances are barrier-free: …': a report's sentence, no label
    # ('Streets Faced: 1. King St …': the figure's own stop, no list's number '1.')
    answer = re.sub(r"^(\d{1,2})\.(?=\s)", r"\1 —", text[found.end() :])
    if not re.match(r"\d", answer):
        return answer
    # a bare count keeps the field's name as its label ('Barrier-Free Entrances: 2 (…)'), the code dropped
    label = _RESPONSE.sub("", name).strip(" \t–—-:()")
    return f"{label}: {answer}" if label else answer
