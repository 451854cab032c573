"""What the direct entry is pre-filled with once the conversation has not settled an item.

After two clarifying questions on the current item, the page opens its direct entry with the
value the consultant's messages most likely mean: the offline reading of everything said about
the item since it was started (complete, or the offer it would have proposed), so the consultant
corrects a figure instead of typing the whole answer again.
"""

from __future__ import annotations

from typing import Any

from wizard_core.answers import read, validate_value
from wizard_core.errors import InvalidReplyError
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState

STUCK_AFTER = 2  # clarifying questions on the item before the direct entry opens


def stuck(state: ProjectState) -> bool:
    """Whether the current item has been asked about twice without being settled."""
    asked = [qa for qa in state.active_clarifying_thread if not qa.abandoned]
    return state.current_form_section is not None and len(asked) >= STUCK_AFTER


def reading_so_far(state: ProjectState, forms: FormQuestionService) -> Any | None:
    """The value the consultant's messages on the current item most likely mean, or None."""
    section = state.current_form_section
    if section is None:
        return None
    since = state.item_started_at
    texts = [
        t.message
        for t in state.turns
        if t.section == section and t.status == "done" and (since is None or t.received_at >= since)
    ]
    if not texts:
        return None
    item = forms.get_item(section)
    reading = read(item, texts, state, forms)
    value = reading.value if reading.complete else reading.offer
    if value is None:
        return None
    try:
        return validate_value(item, value)
    except InvalidReplyError:
        return None
