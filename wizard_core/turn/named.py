"""A revision's other values: the new values a message revising one item gives in passing for other
answered items it names, weighed by the gate and recorded when the code checks accept them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from wizard_core.answers import describe_value, doubt, read
from wizard_core.content import FormItem
from wizard_core.errors import WizardError
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState
from wizard_core.turn import gate, progress
from wizard_core.turn.naming import ItemNaming
from wizard_core.turn.record import TurnResult
from wizard_core.turn.responses import Change

# Words saying an item named in passing stands as it is
UNCHANGED = re.compile(
    r"\b(?:already|still|unchanged|stays?|remains?|no\s+change|(?:does|do)\s*n[o']?t\s+change|not\s+changed)\b",
    re.I,
)
# An item named only as what the revised figure is compared with: "480 m², the same as the office
# footprint below it" gives the footprint no new value.
COMPARED_WITH = re.compile(
    r"\b(?:(?:the\s+)?same\s+as|equal\s+to|as\s+(?:big|large)\s+as|matching|like)\s+(?:the\s+)?(?:[\w-]+\s+){0,7}[\w-]+$",
    re.I,
)
NAMED_DEPENDANT_CONFIDENCE = 0.85  # a value given in passing, in a message about another item


def named_values(
    state: ProjectState, message: str, revised: FormItem, forms: FormQuestionService, naming: ItemNaming
) -> dict[str, Any]:
    """The new values a revision message gives in passing for other answered items it names
    ("… so 1,950 m2, and the gross is the same 1,950"): read from what it says of each, sure
    and different from the answer recorded. The code checks weigh the revision with them."""
    values: dict[str, Any] = {}
    for section in state.answered_sections:
        item = forms.get_item(section)
        current = state.answer_for(section)
        if section == revised.number or current is None or not naming.names(item, message):
            continue  # a value for it must be said of it, not read off the revised item's figure
        end = naming.named_end(item, message.lower())
        if end is not None and COMPARED_WITH.search(message.lower()[:end]):
            continue
        said = naming.said_of(item, message)
        if UNCHANGED.search(said):
            continue  # "GFA above already uses 1,456": said to stand, not revised
        reading = read(item, [said], state, forms)
        if reading.complete and reading.confidence >= doubt.CONFIDENT and reading.value != current.value:
            values[section] = reading.value
    return values


def revise_named(
    state: ProjectState,
    message: str,
    named: dict[str, Any],
    flagged: dict[str, str],
    result: TurnResult,
    forms: FormQuestionService,
    read_reply: Callable[[dict[str, Any], FormItem], Change],
) -> TurnResult:
    """A revision that also gives the new value of an item it flags ("sprinklered now, which moves
    us from 3.2.2.85 to 3.2.2.88") revises that item too, when the code checks accept it;
    otherwise the item stays flagged for the consultant."""
    revised = []
    # Flagged by this revision, or resting on it in the form though the engine sees no change.
    dependants = [
        s
        for s in forms.sections
        if s in named
        and s not in flagged
        and (s in state.flagged or result.section in forms.get_item(s).depends_on)
    ]
    for section in dependants:
        item, value = forms.get_item(section), named[section]
        content = (
            f"{section} {item.title}: {describe_value(item, value)}, as the same message "
            f"revising {result.section} says."
        )
        raw = {
            "type": "form_answer",
            "content": content,
            "confidence": NAMED_DEPENDANT_CONFIDENCE,
            "obc_references": list(item.references),
            "value": value,
        }
        try:
            change = read_reply(raw, item)
        except WizardError:
            continue
        change = gate.review(state, item, change, message, True)
        if change.answer is not None:
            progress.finalize(state, change.answer, forms)
            revised.append(content)
    if not revised:
        return result
    state.flagged.pop(result.section, None)  # answered in this very message: nothing to check
    return replace(result, content=" ".join([result.content, *revised]))
