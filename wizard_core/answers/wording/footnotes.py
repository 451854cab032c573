"""An answer with footnotes: markers beside its figures (528¹, 3 [8], 7.4 m*, 1,426 m²²) and the notes below
it, each opening on its marker.

    Existing 528¹ / new 0 / total 528                       <- the answer, its figure marked
    ¹ the nave, 32.0 × 16.5. I left out the tower —          <- the note: its figures are its working,
      add it: 545.6, and use that.                             unless it says to use another figure

The answer is read without its markers and without its notes, so that a note's figures (a source's
date, a rule's limit, the working) are no rivals of the answer's; a note that says to use a figure
instead ('add it: 545.6, and use that', 'revised to 1,310; use this') puts that figure where its
marker stands. A message with no note line opening on a marker it carries is left as it is.
"""

from __future__ import annotations

import re

_SUPERSCRIPT = "¹²³⁴⁵⁶⁷⁸⁹⁰ᵃᵇᶜᵈᵉᶠ"
_MARK = rf"(?:[{_SUPERSCRIPT}]+|\[\d{{1,2}}\]|\*{{1,3}}|[†‡§])"
# a note's line: its marker first, then its words
_NOTE = re.compile(rf"(?m)^[ \t]*(?P<mark>{_MARK})[ \t]*(?P<words>\S[^\n]*)$")
# a figure a note says to use: 'add it: 545.6, and use that', 'revised to 1,310; use this', 'use 12.0'
_FIGURE = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
_USE = re.compile(
    rf"(?P<n>{_FIGURE})\s*(?:m2|m²|m|persons|people)?\s*[,;]?\s*(?:—\s*|-\s*)?(?:and\s+)?(?:please\s+)?"
    rf"use\s+(?:this|that|it|these)\b|\buse\s+(?P<m>{_FIGURE})\b",
    re.I,
)
_BECOMES = re.compile(
    rf"\b(?:revised|corrected|changed|updated)\s+to\s+(?P<r>{_FIGURE})|\bbecomes\s+(?P<b>{_FIGURE})"
    rf"|^\s*(?P<w>{_FIGURE})\s+with\s+{_MARK}",  # '[4] 249 with [2].': the total with the change
    re.I,
)


def as_read(text: str) -> str:
    """``text`` with its footnotes read: markers dropped, notes dropped, a figure a note says to use put
    where its marker stands; a text with no notes as it is. A note saying to use a figure that cannot be
    put in its place (its marker beside another figure than its line's result) stays, to be asked about."""
    lines = list(_NOTE.finditer(text))
    marks = [m["mark"] for m in lines]
    # (a mark opening two lines is a list's bullet, '* Level 1: …', not a note's)
    notes = {m["mark"]: m for m in lines if marks.count(m["mark"]) == 1 and _marked_above(text, m)}
    if not notes:
        return text
    answer = text
    for note in notes.values():
        answer = answer.replace(note[0], "")
    kept = []
    for mark, note in notes.items():
        figure = _figure_to_use(note["words"])
        placed = _unmarked(answer, mark, figure)
        if placed is None:  # the figure to use has no place: the note is kept for the reader to ask
            kept.append(note["words"])
            placed = _unmarked(answer, mark, None) or answer
        answer = placed
    answer = "\n".join([answer.rstrip(), *kept]) if kept else answer
    answer = re.sub(r"\n{3,}", "\n\n", answer).strip()
    return answer or text


def _figure_to_use(words: str) -> str | None:
    """The figure a note says to use ('Use 86', '545.6, and use that'), else one it says the marked figure
    becomes ('revised to 1,310', 'the total becomes 364', '249 with [2]')."""
    found = _USE.search(words) or _BECOMES.search(words)
    return next((g for g in found.groups() if g), None) if found else None


def _marked_above(text: str, note: re.Match[str]) -> bool:
    """Whether a note's marker stands in the text before its line, stuck to a figure or a word ('412 m²*',
    'A3*', '528¹') or after one ('3 [8]'); a unit's own ² is no marker ('m²' once, 'm²²' twice)."""
    above = text[: note.start()]
    mark = note["mark"]
    if mark in ("²", "³"):
        return bool(re.search(rf"(?<![mM]){mark}|[mM]{mark}{mark}", above))
    if mark.startswith("["):
        return mark in above
    if mark[0] in "*†‡§":
        # a star or dagger after a figure or its unit ('412 m²*', '7.4 m*'); after a word ('design number*')
        # it is left to the readers, which take such a note as the row's
        return re.search(rf"(?:\d|\bm[²2]?|%){re.escape(mark)}", above) is not None
    return re.search(rf"\S{re.escape(mark)}", above) is not None  # '3,900 HDD⁷', 'No³', '528¹'


def _unmarked(answer: str, mark: str, figure: str | None) -> str | None:
    """``answer`` without ``mark``; with ``figure`` (a note's figure to use) put for the one the mark
    stands beside: in a table's cell, that cell's ('| 11.0¹ |'); on a line, that figure and the same said
    again, when it is the line's result (its last figure: '208 fixed seats¹ → 208', 'total 528¹'); None
    when it is neither."""
    spot = re.escape(mark)
    if figure is not None:
        at = answer.find(mark)
        if at < 0:
            return None
        start = answer.rfind("\n", 0, at) + 1
        end = answer.find("\n", at)
        end = len(answer) if end < 0 else end
        line = answer[start:end]
        # (not a figure in a word: 'as L2', '1-bed')
        figures = [m[0] for m in re.finditer(rf"(?<![\w.,-]){_FIGURE}(?![\w])", re.sub(spot, " ", line))]
        before = [m[0] for m in re.finditer(rf"(?<![\w.,-]){_FIGURE}(?![\w])", line[: at - start])]
        cell = "|" in line[: at - start] and "|" in line[at - start :]
        if not before or not figures or (before[-1] != figures[-1] and not cell):
            return None
        old = before[-1]
        if cell:  # '| 11.0¹ |': the figure of its cell
            head = line[: at - start]
            cut = head.rfind(old)
            line = head[:cut] + figure + head[cut + len(old) :] + line[at - start :]
        else:
            line = re.sub(rf"(?<![\d.,]){re.escape(old)}(?![\d]|[.,]\d)", figure, line)
        answer = answer[:start] + line + answer[end:]
    if mark in ("²", "³"):  # '1,426 m²²': the unit's own kept
        return re.sub(rf"(?<![mM]){spot}", "", answer.replace(f"m{mark}{mark}", f"m{mark}"))
    return re.sub(rf"[ \t]*{spot}", "", answer)
