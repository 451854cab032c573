"""Classification articles (3.10): one per major occupancy, each within its group's range."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, ask, state_with
from wizard_core.answers import read, validate_value
from wizard_core.errors import InvalidReplyError

ARTICLES = FORMS.get_item("3.10")


def test_article_of_another_group_is_questioned():
    (result,), state = ask("3.10", "3.2.2.51")
    assert result.type == "clarifying_question" and state.answer_for("3.10") is None
    assert "Group D" in result.content and "3.2.2.56 to 3.2.2.65" in result.content
    assert "3.2.2.51 (C)" in result.content


def test_article_count_must_match_the_major_occupancies():
    (result,), _ = ask("3.10", "3.2.2.60 and 3.2.2.69")
    assert result.type == "clarifying_question"
    assert "one article per major occupancy" in result.content


def test_articles_are_put_in_the_order_of_the_occupancies_in_the_fact_item():
    assert FORMS.fact_item("major_occupancies").number == "3.02"
    reading = read(ARTICLES, ["3.2.2.67 and 3.2.2.60"], state_with({"3.02": ["D", "E"]}), FORMS)
    assert reading.value == ["3.2.2.60", "3.2.2.67"]
    assert reading.notes == ["listed in the order of the major occupancies in 3.02"]


def test_without_occupancies_any_classification_article_is_taken():
    reading = read(ARTICLES, ["Article 3.2.2.60, see 3.1.2.1"], state_with({}), FORMS)
    assert reading.value == ["3.2.2.60"] and reading.complete


def test_a_group_g_occupancy_is_recorded_as_division_b_part_2():
    farm_only = read(ARTICLES, ["no idea"], state_with({"3.02": ["G2", "G3"]}), FORMS)
    assert farm_only.value == ["Division B Part 2", "Division B Part 2"] and farm_only.complete
    assert "G2, G3: no 3.2.2 article" in farm_only.notes[0]
    mixed = read(ARTICLES, ["3.2.2.60"], state_with({"3.02": ["G2", "D"]}), FORMS)
    assert mixed.value == ["Division B Part 2", "3.2.2.60"] and mixed.complete
    too_many = read(ARTICLES, ["3.2.2.60 and 3.2.2.85"], state_with({"3.02": ["D", "G2"]}), FORMS)
    assert "takes 'Division B Part 2' instead" in too_many.missing


def test_division_b_part_2_is_the_only_entry_besides_an_article():
    assert validate_value(ARTICLES, ["3.2.2.60", "Division B Part 2", "Division B Part 2"]) == [
        "3.2.2.60",
        "Division B Part 2",
        "Division B Part 2",
    ]
    with pytest.raises(InvalidReplyError, match="Division B Part 2"):
        validate_value(ARTICLES, ["Part 9"])


def test_3_2_2_93_is_matched_to_whichever_mass_timber_group_needs_it():
    reading = read(ARTICLES, ["3.2.2.93 and 3.2.2.57"], state_with({"3.02": ["D", "C"]}), FORMS)
    assert reading.value == ["3.2.2.57", "3.2.2.93"]
    a2 = read(ARTICLES, ["3.2.2.93"], state_with({"3.02": ["A2"]}), FORMS)
    assert a2.value == ["3.2.2.93"] and a2.complete


def test_the_question_names_every_range_of_the_group():
    wrong = read(ARTICLES, ["3.2.2.56"], state_with({"3.02": ["A2"]}), FORMS)
    assert "Group A2 (3.2.2.23 to 3.2.2.28 or 3.2.2.93)" in wrong.missing
    a4 = read(ARTICLES, ["3.2.2.29"], state_with({"3.02": ["A4"]}), FORMS)
    assert "Group A4 (3.2.2.35)" in a4.missing
