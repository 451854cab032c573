"""AIResponseProcessor: validates the advisor's JSON reply and applies it to the project."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from wizard_core.content import FormItem
from wizard_core.errors import InvalidReplyError
from wizard_core.forms import FormQuestionService
from wizard_core.knowledge.service import KnowledgeSource, normalize_reference
from wizard_core.models import AdvisorReply, ClarifyingQA, FormAnswer, ProjectState
from wizard_core.values import validate_value

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TurnResult:
    """What one turn produced, for the UI and the CLI to render."""

    type: str
    section: str
    content: str
    confidence: float
    obc_references: list[str]
    answer: FormAnswer | None
    next_section: str | None
    complete: bool
    decision: str = "continuing"
    stale: bool = False


class AIResponseProcessor:
    """Turns a raw advisor reply into a clarifying question or a finalized answer."""

    def __init__(self, form_service: FormQuestionService, knowledge: KnowledgeSource) -> None:
        self.forms = form_service
        self.knowledge = knowledge

    def parse(self, raw: Any, item: FormItem) -> tuple[AdvisorReply, Any]:
        """Validate a reply (dict or JSON text) for ``item``; return it with its normalized value."""
        try:
            data = json.loads(raw) if isinstance(raw, str | bytes) else raw
            reply = AdvisorReply.model_validate(data)
        except (json.JSONDecodeError, ValidationError) as exc:
            raise InvalidReplyError(
                "The advisor's reply was not in the expected format, so nothing was changed. "
                "Please try again.",
                raw=raw,
            ) from exc
        value = validate_value(item, reply.value) if reply.type == "form_answer" else None
        known = []
        for reference in reply.obc_references:
            normalized = normalize_reference(reference)
            if self.knowledge.get(normalized) is None:
                log.info("dropping unknown reference %r from advisor reply", reference)
            elif normalized not in known:
                known.append(normalized)
        return reply.model_copy(update={"obc_references": known}), value

    def process(self, raw: Any, state: ProjectState, now: datetime, advisor: str = "") -> TurnResult:
        """Apply the reply to ``state`` (which must have a current item)."""
        section = state.current_form_section
        if section is None:
            raise InvalidReplyError("The matrix is already complete.")
        item = self.forms.get_item(section)
        reply, value = self.parse(raw, item)
        if reply.type == "clarifying_question":
            state.active_clarifying_thread.append(
                ClarifyingQA(question=reply.content, related_form_section=section, timestamp=now)
            )
            answer = None
        else:
            answer = FormAnswer(
                section=section,
                question_number=section,
                title=item.title,
                question=item.question,
                answer=reply.content,
                value=value,
                not_applicable=value is None,
                confidence=reply.confidence,
                obc_references=reply.obc_references or list(item.references),
                source="advisor",
                advisor=advisor,
                timestamp=now,
            )
            finalize(state, answer, self.forms)
        state.updated_at = now
        return TurnResult(
            type=reply.type,
            section=section,
            content=reply.content,
            confidence=reply.confidence,
            obc_references=answer.obc_references if answer else reply.obc_references,
            answer=answer,
            next_section=state.current_form_section,
            complete=state.complete,
        )


def finalize(state: ProjectState, answer: FormAnswer, forms: FormQuestionService) -> None:
    """Record ``answer``, archive the item's thread and move on to the next item.

    A replaced answer goes to the item's history and flags the answered items that depend on
    it; after a revision the wizard returns to the item it came from.
    """
    section = answer.section
    previous = state.answer_for(section)
    if previous is not None:
        state.answer_history.setdefault(section, []).append(previous)
        state.finalized_answers.remove(previous)
        if previous.value != answer.value:
            flag_dependants(state, section, forms)
    state.flagged.pop(section, None)
    order = forms.sections
    state.finalized_answers.append(answer)
    state.finalized_answers.sort(key=lambda a: order.index(a.section) if a.section in order else len(order))
    if state.current_form_section == section:
        park(state)
        back = state.return_to
        state.return_to = None
        answered = state.answered_sections
        resume = back if back and back not in answered else forms.next_unanswered(section, answered)
        state.current_form_section = resume
        state.item_started_at = answer.timestamp
        state.latest_user_answer = None


def flag_dependants(state: ProjectState, section: str, forms: FormQuestionService) -> None:
    """Mark answered items whose answers depend on ``section`` for review."""
    title = forms.get_item(section).title
    for item in forms.items:
        if section in item.depends_on and item.number in state.answered_sections:
            state.flagged[item.number] = f"{section} {title} was revised; check this answer still holds."


def park(state: ProjectState, abandoned: bool = False) -> None:
    """Move the current item's clarifying thread to the archive (kept for later turns)."""
    section = state.current_form_section
    if section and state.active_clarifying_thread:
        for qa in state.active_clarifying_thread:
            qa.abandoned = qa.abandoned or abandoned
        state.archived_clarifying_sessions.setdefault(section, []).extend(state.active_clarifying_thread)
        state.active_clarifying_thread = []
