"""The words an area message is read by, built once from the vocabulary.

Roles, storeys, gross and left out for the figures' roles; units, all new or existing, one storey
and 'same as' for the area reader.
"""

from __future__ import annotations

import re
from functools import cache

from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary


class AreaWords:
    def __init__(self, words: Vocabulary) -> None:
        areas, storeys = words.areas, words.storeys
        self.roles = {role: phrase_pattern(phrases) for role, phrases in areas.roles.items()}
        self.role_negated = re.compile(rf"{alternation(areas.role_negations)}\s*$", re.I)
        self.any_role = phrase_pattern([w for phrases in areas.roles.values() for w in phrases])
        floor = alternation(storeys.storey_words + areas.floors)
        count = rf"(?:(?<![\w,.])\d+|{alternation(words.numbers.words)})"
        self.storey_count_after = re.compile(rf"^[\s-]*{floor}", re.I)
        self.storey_count = re.compile(rf"{count}(?=[\s-]+(?:[a-z-]+\s+)?{floor})", re.I)
        # Before a figure: "2 storeys of", "Five floors at", "4 flrs @", "5 units @", "3 x".
        self.times_before = re.compile(
            rf"(?P<n>{count})\s*(?:(?P<floor>{floor})\s*(?:of|at|@|x|×|\*)|(?:[a-z-]+\s+)?(?:@|x|×|\*))"
            r"\s*(?:about\s+)?$",
            re.I,
        )
        self.times_after = re.compile(
            r"^\s*(?:x|×|\*)\s*(?P<n>\d+)\b(?![,.]\d|\s*(?:m\b|m2|m²|sf|ft|sq))", re.I
        )
        # After a figure: "each", "per floor", "on each of the two office floors", "on both floors".
        self.per_storey_after = re.compile(
            rf"^\s*(?:{alternation(areas.per_storey)}(?!\s+(?:of|other)\b)"
            rf"|{alternation(areas.per_storey_before_floor)}\s+{floor}"
            rf"|(?:on|for|in|over|across)\s+(?:(?:each|every\s+one|all)\s+(?:of\s+)?(?:the\s+)?(?P<n>{count})"
            rf"|(?P<both>both)(?:\s+of\s+the)?)\s+(?:[a-z-]+\s+)?{floor})",
            re.I,
        )
        # Before a figure: "each floor is", "every storey at", "per floor:", "a typical level of".
        self.per_storey_before = re.compile(
            rf"{alternation(areas.per_storey_floor_first)}\s+{floor}\s*(?:is|are|of|at|=|:|-)?\s*(?:about\s+)?$",
            re.I,
        )
        gross = alternation(areas.gross_words)
        self.gross = re.compile(rf"^(?:the\s+)?{gross}$", re.I)
        self.gross_after = re.compile(rf"^\s*{gross}", re.I)
        said_as = r"(?:is|of|=|:|-|comes\s+to|works\s+out\s+to|totals?|would\s+be|will\s+be|is\s+now|now)"
        self.gross_before = re.compile(rf"{gross}\s*(?:{said_as}\s*)*(?:about\s+|approx\.?\s*|~\s*)?$", re.I)
        # The clause a gross word opens, up to a break or a joining word: "and the gross is 2 x 1558 = 3116".
        self.gross_clause = re.compile(
            rf"{gross}(?P<clause>(?:[^,;()\[\]\n.]|\.(?=\d)|(?<=\d),(?=\d{{3}}))*?)"
            rf"(?=(?<!\d),|,(?!\d{{3}})|[;()\[\]\n]|\.(?!\d)|\s(?:and|but|while|with)\s|$)",
            re.I,
        )
        self.left_out_before = re.compile(
            rf"{alternation(areas.left_out_before)}\s+(?:the\s+|an?\s+|another\s+)?(?:[a-z-]+\s+)?$", re.I
        )
        self.left_out_after = re.compile(
            rf"^\s*((?:[a-z'-]+\s+){{0,3}}?){alternation(areas.left_out_after)}", re.I
        )
        self.left_out_it = phrase_pattern(areas.left_out_it)
        self.operator = re.compile(
            r"^\s*(?:[a-z]+\s+)?(?P<op>\+|plus|and|(?<=\s)-|minus|less)\s+(?:[a-z]+\s+){0,2}$", re.I
        )


@cache
def area_words() -> AreaWords:
    return AreaWords(vocabulary())


# a bare figure that is a height or a guard's ("guard 1070", "behind a 1,070 guard", "headroom 2100"),
# not an area
_HEIGHT_BEFORE = re.compile(
    r"\b(?:guards?|rails?|handrails?|headroom|clear\s+height|ceiling|high)\s*:?\s*$", re.I
)
_HEIGHT_AFTER = re.compile(r"\s*(?:mm\b|(?:high\s+)?(?:guards?|rails?|handrails?|balustrades?)\b)", re.I)


def a_height(text: str, start: int, end: int) -> bool:
    """Whether the figure at ``start:end`` of ``text`` is a height in millimetres, not an area."""
    before = _HEIGHT_BEFORE.search(text[max(0, start - 16) : start])
    return bool(before or _HEIGHT_AFTER.match(text[end : end + 16]))


def is_gross(title: str) -> bool:
    """Whether an item titled so is the gross area (the areas of all storeys added up)."""
    return bool(area_words().gross.match(title.strip()))


class ReaderWords:
    """The area reader's patterns, built from the vocabulary."""

    def __init__(self, words: Vocabulary) -> None:
        areas, units = words.areas, words.units
        self.area_words = phrase_pattern(units.square_metres + units.square_feet)
        self.feet_words = phrase_pattern(units.square_feet + units.feet_for_areas)
        # "existing: none", not the "existing, none new" of "all existing, none new"
        roles = alternation([w for phrases in areas.roles.values() for w in phrases])
        none = rf"{alternation(areas.none_words)}(?![\s-]+{roles})"
        self.all_new = re.compile(
            rf"{alternation(areas.all_new.phrases)}|{alternation(areas.all_new.none_of)}\W+{none}", re.I
        )
        self.all_existing = re.compile(
            rf"{alternation(areas.all_existing.phrases)}|{alternation(areas.all_existing.none_of)}\W+{none}",
            re.I,
        )
        numbers = alternation(list(words.numbers.words))
        self.same_floors = phrase_pattern(areas.same_floors)
        storey = alternation(words.storeys.storey_words + areas.floors)
        self.one_storey = re.compile(
            rf"{alternation(words.storeys.one_storey_words)}"
            rf"|\b(?:1|one|single|the one)[\s-]+(?:[a-z]+\s+)?{storey}(?![\s-]+(?:of|below|under|above)\b)",
            re.I,
        )
        self.storeys = re.compile(rf"(?:\bx\s*|\b)(\d+|{numbers})[\s-]+{storey}", re.I)  # "x3 floors"
        self.same = phrase_pattern(areas.same_as_base)
        self.referents = alternation(areas.base_referents)
        self.floor_count = re.compile(
            rf"\b(?:(both)\b|(\d+|{numbers})\s+(?:of\s+the\s+)?{alternation(areas.floors)})", re.I
        )


@cache
def reader_words() -> ReaderWords:
    return ReaderWords(vocabulary())
