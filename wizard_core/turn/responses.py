"""AIResponseProcessor: validates the advisor's JSON reply and turns it into a change to the project."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from wizard_core.answers import describe_value, validate_value
from wizard_core.content import FormItem
from wizard_core.errors import InvalidReplyError
from wizard_core.forms import FormQuestionService
from wizard_core.knowledge.service import KnowledgeSource, normalize_reference
from wizard_core.models import AdvisorReply, ClarifyingQA, FormAnswer

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Change:
    """What a valid reply does to the project: one clarifying question, or one finalized answer."""

    reply: AdvisorReply
    question: ClarifyingQA | None = None
    answer: FormAnswer | None = None

    @property
    def obc_references(self) -> list[str]:
        return self.answer.obc_references if self.answer else self.reply.obc_references


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

    def process(self, raw: Any, item: FormItem, now: datetime, advisor: str = "") -> Change:
        """The change ``raw`` makes to ``item``; InvalidReplyError (nothing changes) if it is not valid."""
        reply, value = self.parse(raw, item)
        if reply.type == "clarifying_question":
            question = ClarifyingQA(question=reply.content, related_form_section=item.number, timestamp=now)
            return Change(reply, question=question)
        answer = FormAnswer(
            section=item.number,
            question_number=item.number,
            title=item.title,
            question=item.question,
            answer=answer_text(item, value),
            value=value,
            not_applicable=value is None,
            confidence=reply.confidence,
            obc_references=reply.obc_references or list(item.references),
            source="advisor",
            advisor=advisor,
            advisor_note=reply.content,
            timestamp=now,
        )
        return Change(reply, answer=answer)


def answer_text(item: FormItem, value: Any) -> str:
    """An answer as the matrix says it: rendered from its checked value, never an advisor's sentence
    (a model's sentence may hold a fact nobody gave; it is kept apart as the advisor's note)."""
    return f"{item.number} {item.title}: {describe_value(item, value)}."
