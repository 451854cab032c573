"""Classification articles (3.10): one per major occupancy, each within its group's range."""

from __future__ import annotations

from tests.answers.support import FORMS, ask, state_with
from wizard_core.answers import read

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
