"""Whether a reply is about another item than the current one (a model running ahead, say).

Such a reply may well hold a value the current item accepts (3.04 and 3.05 are both areas),
so validation alone would store it under the wrong item. It is recognised by what it says
about itself: a key naming another item, content that opens with another item's number or
title, or content that names another item (number and title) and never the current one. An
item the current one depends on may be named freely: a reply gives its basis.
"""

from __future__ import annotations

import re
from typing import Any

from wizard_core.content import FormItem
from wizard_core.forms import FormQuestionService

ITEM_KEYS = ("item", "item_number", "section", "form_section", "question_number", "number", "current_item")
_NUMBER = re.compile(r"(?<![\d.])(3\.\d\d)(?!\d|\.\d)")
_LEAD = re.compile(r"^[\s*#>`\"'_-]*(?:item\s+)?(3\.\d\d)(?!\d|\.\d)", re.I)


def other_item(data: dict[str, Any], item: FormItem, forms: FormQuestionService) -> FormItem | None:
    """The item a reply is about if that is not ``item``, else None."""
    for key in ITEM_KEYS:
        named = _number_in(data.get(key))
        if named and named != item.number and forms.has_item(named):
            return forms.get_item(named)
    content = data.get("content")
    if not isinstance(content, str):
        return None
    lead = _LEAD.match(content)
    if lead and lead[1] != item.number and forms.has_item(lead[1]):
        return forms.get_item(lead[1])
    opening = content.lstrip(" *#>`\"'_-").lower()
    if not opening.startswith(_title(item)):
        for other in forms.items:
            if other.number != item.number and opening.startswith(_title(other) + ":"):
                return other
    lowered = content.lower()
    if item.number in _NUMBER.findall(content) or _title(item) in lowered:
        return None
    for number in dict.fromkeys(_NUMBER.findall(content)):
        if number in item.depends_on or not forms.has_item(number):
            continue
        other = forms.get_item(number)
        if _title(other) in lowered:
            return other
    return None


def _number_in(value: Any) -> str | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = f"{value:.2f}"
    if not isinstance(value, str):
        return None
    found = _NUMBER.search(value)
    return found[1] if found else None


def _title(item: FormItem) -> str:
    """The title as a sentence would have it: 'Water service / supply adequate' -> 'water service'."""
    return re.split(r"\s+[(/]", item.title)[0].strip().lower()
