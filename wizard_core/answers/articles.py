"""Classification articles (3.10): one 3.2.2.xx article per major occupancy."""

from __future__ import annotations

import re
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading
from wizard_core.content import FormItem
from wizard_core.models import ProjectState

ARTICLE = re.compile(r"^3\.2\.2\.(?P<num>\d{2})(?P<suffix>[A-E])?$")


def _schema(item: FormItem) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "string", "pattern": ARTICLE.pattern}}


def _validate(item: FormItem, value: Any) -> list[str]:
    if not isinstance(value, list) or not value:
        raise ValueError("expected a list of one or more 3.2.2.xx articles")
    for article in value:
        match = ARTICLE.match(str(article))
        if not match or not 20 <= int(match["num"]) <= 93:
            raise ValueError(f"{article!r} is not a classification article 3.2.2.20 to 3.2.2.93")
    return list(dict.fromkeys(value))


def _describe(item: FormItem, value: Any) -> str:
    return ", ".join(str(v) for v in value)


def read_articles(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    occupancy_item = forms.fact_item("major_occupancies")
    where = occupancy_item.number if occupancy_item else "the major occupancies"
    occupancies = state.answer_for(occupancy_item.number) if occupancy_item else None
    groups = list(occupancies.value) if occupancies and occupancies.value else []
    for text in reversed(texts):
        articles = p.classification_articles(text)
        if not articles:
            continue
        if groups and len(articles) != len(groups):
            return Reading(
                missing=f"one article per major occupancy: {where} lists {len(groups)} "
                f"({', '.join(groups)}) but {len(articles)} article(s) were given"
            )
        if not groups or not forms.form.classification_articles:
            return Reading(articles, True, confidence=0.9)
        ordered = []
        for group in groups:
            fits = [a for a in articles if group in forms.article_groups(a) and a not in ordered]
            if not fits:
                given = ", ".join(
                    f"{a} ({'/'.join(forms.article_groups(a)) or 'unknown group'})" for a in articles
                )
                return Reading(
                    missing=f"an article for Group {group} ({_span(forms, group)}); given: {given}"
                )
            ordered.append(fits[0])
        notes = [f"listed in the order of the major occupancies in {where}"] if ordered != articles else []
        return Reading(ordered, True, confidence=0.95, notes=notes)
    spans = "; ".join(f"{g}: {_span(forms, g)}" for g in groups) if groups else "3.2.2.20 to 3.2.2.93"
    return Reading(missing=f"the classification article for each major occupancy ({spans})")


def _span(forms: FormFacts, group: str) -> str:
    span = forms.article_range(group)
    return f"{span[0]} to {span[1]}" if span else "see 3.2.2"


ARTICLES = AnswerType(
    "articles",
    "one 3.2.2.xx article per major occupancy, in the order of 3.02",
    _schema,
    _validate,
    _describe,
    read_articles,
)
ANSWER_TYPES = (ARTICLES,)
