"""A phrase as words, plurals folded, and whether one phrase occurs in another: how a consultant's
words are matched to the names of a table's uses."""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=4096)
def words(text: str) -> tuple[str, ...]:
    """Lower-case words with simple plurals folded ('Classrooms' → 'classroom', 'facilities' → 'facility')."""
    out = []
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        if word.endswith("ies") and len(word) > 4:
            word = word[:-3] + "y"
        elif word.endswith(("ches", "shes", "sses", "xes")):
            word = word[:-2]
        elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
            word = word[:-1]
        out.append(word)
    return tuple(out)


def contains(text: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    """Whether ``phrase`` occurs in ``text`` as whole consecutive words."""
    return position(text, phrase) >= 0


def position(text: tuple[str, ...], phrase: tuple[str, ...]) -> int:
    """Where ``phrase`` first occurs in ``text`` as whole consecutive words (-1: nowhere)."""
    n = len(phrase)
    return next((i for i in range(len(text) - n + 1) if n and text[i : i + n] == phrase), -1)
