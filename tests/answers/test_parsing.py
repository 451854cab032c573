"""Shared text reading: quantities and units, yes/no, questions, counts, as the vocabulary spells them."""

from __future__ import annotations

import re

import pytest

from wizard_core.answers import parsing as p
from wizard_core.answers.replies import is_question, yes_no
from wizard_core.answers.vocabulary import alternation, vocabulary


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("450m2 existing", 450, "m2"),
        ("800 sm, addition", 800, "m2"),
        ("800 s.m. new", 800, "m2"),
        ("1,500 sq. ft existing", 1500, "ft2"),
        ("2000 square foot total", 2000, "ft2"),
        ("12.8 m high", 12.8, "m"),
        ("40' high", 40, "ft"),
        ("500 small rooms", 500, ""),
    ],
)
def test_units_after_a_number(text, value, unit):
    (quantity,) = p.quantities(text)
    assert (quantity.value, quantity.unit) == (value, unit)


@pytest.mark.parametrize(
    ("text", "approximate"), [("about 200 m2", True), ("2000-ish m2", True), ("200 m2", False)]
)
def test_approximate_figures(text, approximate):
    assert p.quantities(text)[0].approximate is approximate


def test_article_numbers_are_not_quantities():
    assert [(q.value, q.unit) for q in p.quantities("Article 3.2.2.60 applies to 2 streets")] == [(2, "")]


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("Yep, there is", True),
        ("Nope", False),
        ("it isn't", False),
        ("designed to code", True),
        ("maybe", None),
    ],
)
def test_yes_no(text, answer):
    assert yes_no(text)[0] is answer


@pytest.mark.parametrize(
    ("text", "question"), [("I don't know", True), ("tell me more", True), ("Yes", False)]
)
def test_questions_back(text, question):
    assert is_question(text) is question


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("two barrier-free entrances", 2),
        ("a single entrance", 1),
        ("no accessible entrance", 0),
        ("entrances", None),
    ],
)
def test_count_before_a_noun(text, count):
    assert p.count_before(text, vocabulary().entrances.entrance_words) == count


def test_phrases_match_whole_words_in_any_case_with_spaces_or_hyphens():
    pattern = re.compile(alternation(["barrier free entrance", "n/a", "+/-"]), re.I)
    assert pattern.search("One Barrier-Free  Entrance")
    assert pattern.search("N/A") and pattern.search("200 +/- 5")
    assert not pattern.search("barrier free entranceway")
