"""The words 3.07 is read with: storey counts above and below grade, floor levels and height words,
built from the vocabulary once."""

from __future__ import annotations

import re
from functools import cache

from wizard_core.answers import parsing as p
from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary


class HeightWords:
    """The storey patterns, built from the vocabulary."""

    def __init__(self, words: Vocabulary) -> None:
        s = words.storeys
        number = p.lexicon().number_words
        storey, basement = alternation(s.storey_words), alternation(s.basement_words)
        below = alternation(s.below_grade_words)
        counted_below = rf"({p.WHOLE}|{number}|{alternation(s.below_counts)})"
        self.storeys_below = re.compile(
            rf"{counted_below}[\w \t-]{{0,20}}?(?:{storey}|{basement})[\w \t-]{{0,10}}?{below}\s+grade", re.I
        )
        # "two storeys above grade and one below"
        self.below_after_above = re.compile(
            rf"\babove(?:\s+grade)?\s*(?:and|[/,;&+]|\.(?!\d))\s*{counted_below}\s+{below}\b", re.I
        )
        self.basements = re.compile(rf"{counted_below}[\w\s-]{{0,12}}?{basement}", re.I)
        kinds = alternation(s.below_grade_kinds)
        # "the cellar below grade", "one level below (the lower level)"
        self.named_below = re.compile(
            rf"()(?:\bthe\s+(?:{basement}|{kinds})\s+(?:is\s+)?{below}\s+grade"
            rf"|(?<![\d.])(?:\b1\b|one|a\s+single)\s+(?:{storey})\s+{below}\b(?!\s+(?:the\s+)?roof))",
            re.I,
        )
        # "one level of underground parking", "two below-grade parking levels", "a lower level"
        self.below_by_kind = re.compile(
            rf"{counted_below}\s+(?:{storey}\s+(?:of\s+)?(?:\w+\s+)?{kinds}|(?:\w+\s+)?{kinds}(?:\s+\w+)?\s+{storey}"
            rf"|{kinds})",
            re.I,
        )
        # "… and below them one storey, the old raceway basement"
        self.below_them = re.compile(
            rf"\b{below}\s+(?:them|it|that|those|grade)\s*,?\s*{counted_below}\s+(?:{storey})\b", re.I
        )
        # "one below for the basement", "1 below (the old cellar)", "one below for the parking"
        # ... and "6 storeys, 1 below, 21.6 m": a count below, set off on its own
        self.below_for = re.compile(
            rf"{counted_below}\s+{below}\b(?:\s+grade)?\s*(?:for\b|\(|[,;](?!\d)|\.(?!\d)|$)", re.I
        )
        self.with_basement = re.compile(
            rf"{alternation(s.basement_joiners)}\s*({alternation(s.basement_counts)})?\s*"
            rf"(?:the\s+)?(?:{alternation(s.basement_kinds)}\s+){{0,2}}{basement}",
            re.I,
        )
        self.no_basement = re.compile(
            rf"{alternation(s.no_basement_words)}[\w\s]{{0,12}}{basement}|{alternation(s.no_basement_phrases)}",
            re.I,
        )
        counted_above = rf"({p.WHOLE}|{number}|{alternation(s.above_counts)})"
        self.storeys_above = re.compile(
            rf"{counted_above}[\s-]*{storey}(?![\s-]+(?:\w+[\s-]+)?{below}[\s-]+(?:grade|ground))"
            # "6 above / 1 below"
            rf"|(?<![\d.])(\d+|{number})\s+above\b(?:\s+grade)?(?=\s*(?:[/,;&+]|\.(?!\d)|and\b|$))"
            # "storeys = 5", "storeys above grade: 4" (keyed, as on a sheet)
            rf"|\b(?:no\.?\s+of\s+)?{storey}(?:\s+above(?:\s+grade)?)?\s*[:=]\s*(\d+|{number})\b(?!\s*(?:m\b|ft|below))",
            re.I,
        )
        self.one_storey = phrase_pattern(s.one_storey_words)
        # A floor's level, not the building's height: "top floor at 12.4 m", "2nd flr @ 14 ft".
        self.floor_level = re.compile(
            rf"\b(?:top|upper|highest|uppermost|\d+(?:st|nd|rd|th)|second|third|fourth|fifth|ground|main)\s+"
            rf"(?:{storey})\b[^,;\n]{{0,12}}?(?:@|\bat\b|\blevel\b|\belev|\bel\.|\bis\b|:|=)"
            rf"|\bfloor level\b|\bt\.?o\.?f\b|\bf\.?f\.?l\b\.?|\bfinished\s+floor\b",  # 'L6 FFL = 18.4 m'
            re.I,
        )
        self.level_before = re.compile(
            rf"(?:{self.floor_level.pattern})\s*[=:]?\s*(?:about\s+|approx\.?\s+|~\s*)?$", re.I
        )
        self.height = phrase_pattern(s.height_words)
        self.building_height = re.compile(
            r"\b(?:roof|building\s+height|ridge|to\s+the\s+top|parapet)\b", re.I
        )


@cache
def height_words() -> HeightWords:
    return HeightWords(vocabulary())
