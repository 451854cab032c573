"""The name one line gives its row ('Lobby: 120 m2'), and the use of Table 3.1.17.1 it names."""

from __future__ import annotations

import re

from wizard_core.answers.wording.floors import FLOOR
from wizard_core.answers.wording.messages import ESTIMATE
from wizard_core.engine.occupancy_uses import Use, find_use, names_of, uses
from wizard_core.engine.phrases import position, words

_FILLER = re.compile(
    r"\b(?:at|is|are|of|on|the|for|with|and|also|so|then|area|floor area|gross|net|used as|use|approx\w*)\b",
    re.I,
)


def use_words(text: str) -> str:
    """The words naming a row's use, without figures, floors and filler ('Lobby')."""
    words = ESTIMATE.sub(" ", text)
    words = re.sub(r"\([^()]*\d[^()]*\)", " ", words)  # working in brackets: '(table 110 ÷ 1.10 = 100)'
    words = re.sub(
        r"[~≈±]|\+/-|(?<![a-z]-)\d[\d,.]*\s*(?:m2|m²|sm|sq\.?\s*(?:ft|m)|sf|ft2|ft|m|%|x)?",
        " ",
        words,
        flags=re.I,
    )
    words = FLOOR.sub(" ", words)
    words = re.sub(
        r"\b(?:persons?|people|occupants?|per|design\w*|seats?|total|each|x|(?:to\s+be\s+)?posted)\b|[×=@/]",
        " ",
        words,
        flags=re.I,
    )
    words = _FILLER.sub(" ", words)
    words = re.sub(r"[^\w\s'-]", " ", words)
    return re.sub(r"\s+", " ", words).strip(" -")


def _named_use(text: str) -> tuple[Use | None, int]:
    """The use a phrase names with its small words kept ('tables and chairs', 'B-3 sleeping room areas'),
    and how many words the phrase that names it has."""
    plain = re.sub(r"&|\s\+\s", " and ", text)  # 'tables + chairs', 'tables & chairs'
    plain = re.sub(
        r"(?<![\w-])\d[\d,.]*\s*(?:m2|m²|sm|sq\.?\s*(?:ft|m)|sf|ft2|ft²|%)?", " ", plain, flags=re.I
    )
    use = find_use(plain)
    return use, _phrase_length(use, plain)


def _phrase_length(use: Use | None, text: str) -> int:
    if use is None:
        return 0
    said = words(text)
    return max((len(words(n)) for n in names_of(use) if position(said, words(n)) >= 0), default=0)


def uses_named(text: str) -> list[Use]:
    """Every use of Table 3.1.17.1 a row's words name ('shop floor (manufacturing)': retail and
    manufacturing), in the table's order."""
    said = words(re.sub(r"&|\s\+\s", " and ", text))
    return [u for u in uses() if any(position(said, words(n)) >= 0 for n in names_of(u))]


def use_of(text: str) -> Use | None:
    """The use a row's words name: the longer of the phrase without filler and the phrase as said
    ('seats and tables' over 'non-fixed seats', 'tables and chairs' where 'and' is filler)."""
    bare = use_words(text)
    use = find_use(bare)
    named, length = _named_use(text)
    if named is None or use is None or named.key == use.key:
        return use or named
    return named if length > _phrase_length(use, bare) else use


def row_label(text: str) -> tuple[str, str, bool]:
    """The name a row is given before its figures, the words after it, and whether a dash set it off:
    'Lobby: 120 m2', 'hall (new) - 420 m2 tables & chairs'; ('', text, False) when there is none."""
    if ":" in text[:50]:
        head, body = text.split(":", 1)
        if not re.search(r"\d\s*(?:m2|m²|sm|sf|%)", head):
            return head.strip(), body, False
    dash = re.search(r"\s-+\s", text[:60])
    if dash:
        head = text[: dash.start()].strip()
        if re.search(r"[a-z]", head, re.I) and not re.search(r"(?<![\w-])\d|[=@/×]", FLOOR.sub(" ", head)):
            return head, text[dash.end() :], True
    return "", text, False


def only_floor(label: str) -> bool:
    """Whether a name says nothing but its floor ('L2', 'B1 (basement)', 'also on the ground floor'), not
    'office mezz'."""
    return not re.sub(r"[\W_]+|\b(?:also|then|on|at|in|the)\b", "", FLOOR.sub(" ", label), flags=re.I)
