"""FormQuestionService: the matrix items, their order and their text."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

from wizard_core.answers import value_schema
from wizard_core.content import (
    CONTENT_DIR,
    Edition,
    Fact,
    FormDefinition,
    FormItem,
    article_key,
    load_form,
)
from wizard_core.errors import ContentError

DEFAULT_FORM = CONTENT_DIR / "forms" / "part3-2024.json"


class FormQuestionService:
    """Reads one matrix definition and answers questions about its items."""

    def __init__(self, form_path: Path = DEFAULT_FORM) -> None:
        self.form: FormDefinition = load_form(form_path)
        self._items = {item.number: item for item in self.form.items}

    @property
    def form_id(self) -> str:
        return self.form.form_id

    @property
    def items(self) -> list[FormItem]:
        return self.form.items

    @property
    def sections(self) -> list[str]:
        return list(self._items)

    @property
    def first_question(self) -> str:
        """The first item a consultant is asked (the one after the code version)."""
        return self.form.items[1].number

    def get_item(self, section: str) -> FormItem:
        try:
            return self._items[section]
        except KeyError:
            raise ContentError(f"There is no item {section} in {self.form.title}.") from None

    def has_item(self, section: str) -> bool:
        return section in self._items

    def get_question(self, section: str) -> str:
        return self.get_item(section).question

    def get_next_section(self, current_section: str) -> str | None:
        sections = self.sections
        index = sections.index(current_section)
        return sections[index + 1] if index + 1 < len(sections) else None

    def next_unanswered(self, after: str, answered: set[str]) -> str | None:
        """The next unanswered item after ``after``, wrapping round; None when all are done."""
        sections = self.sections
        start = sections.index(after) + 1 if after in self._items else 0
        for section in sections[start:] + sections[:start]:
            if section not in answered:
                return section
        return None

    def fact_item(self, fact: Fact) -> FormItem | None:
        """The item that holds a project fact ('project_type' -> 3.01), if the form names one."""
        number = self.form.fact_items.get(fact)
        return self._items[number] if number else None

    def article_groups(self, article: str) -> list[str]:
        """The major occupancies whose classification articles include ``article``."""
        key = article_key(article)
        if key is None:
            return []
        return [
            group
            for group, ranges in self.form.classification_articles.items()
            if any(_within(key, first, last) for first, last in ranges)
        ]

    def article_range(self, group: str) -> list[tuple[str, str]]:
        """The (first, last) ranges of classification articles open to ``group``; [] if none."""
        return list(self.form.classification_articles.get(group, []))

    def edition(self, key: str) -> Edition:
        for edition in self.form.editions:
            if edition.key == key:
                return edition
        known = ", ".join(e.key for e in self.form.editions)
        raise ContentError(f"Code edition {key} is not available for this matrix (available: {known}).")

    @cached_property
    def schemas(self) -> dict[str, dict]:
        return {item.number: value_schema(item) for item in self.form.items}


def _within(key: tuple[int, str], first: str, last: str) -> bool:
    low, high = article_key(first), article_key(last)
    return low is not None and high is not None and low <= key <= high
