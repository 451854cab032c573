"""ContextManager: the path of one consultant message, start to finish."""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

from storage.base import StorageAdapter

from .advisors.base import Advisor, AdvisorRequest
from .content import FormItem
from .context import ContextBuilder, ContextPackage
from .errors import InputError, InvalidReplyError, WizardError
from .forms import FormQuestionService
from .knowledge import KnowledgeSource
from .models import ClarifyingQA, FormAnswer, ProjectState, TurnRecord, utc_now
from .responses import AIResponseProcessor, TurnResult, finalize, park
from .values import describe_value, validate_value

log = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 4000
MAX_NAME_CHARS = 120
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def clean_text(text: str, limit: int, what: str) -> str:
    """Strip control characters; refuse empty or oversized text with a clear message."""
    if not isinstance(text, str):
        raise InputError(f"The {what} must be text.")
    cleaned = _CONTROL.sub("", text.replace("\r\n", "\n")).strip()
    if not cleaned:
        raise InputError(f"The {what} is empty.")
    if len(cleaned) > limit:
        raise InputError(
            f"The {what} is {len(cleaned):,} characters long; the limit is {limit:,}. "
            "Please shorten it (nothing was saved)."
        )
    return cleaned


class ContextManager:
    """Orchestrates a turn: load, record, build the package, ask the advisor, apply, save."""

    def __init__(
        self,
        storage: StorageAdapter,
        form_service: FormQuestionService,
        knowledge_service: KnowledgeSource,
        advisor: Advisor,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.storage = storage
        self.forms = form_service
        self.knowledge = knowledge_service
        self.advisor = advisor
        self.clock = clock
        self.context_builder = ContextBuilder(form_service, knowledge_service)
        self.response_processor = AIResponseProcessor(form_service, knowledge_service)

    def start_project(self, name: str, code_edition: str = "2024") -> ProjectState:
        """Create a project; 3.00 is answered from the code edition, 3.01 is asked first."""
        edition = self.forms.edition(code_edition)
        now = self.clock()
        state = ProjectState(
            project_id=uuid.uuid4().hex,
            name=clean_text(name, MAX_NAME_CHARS, "project name"),
            form_id=self.forms.form_id,
            code_edition=edition.key,
            current_form_section=self.forms.first_question,
            created_at=now,
            updated_at=now,
        )
        version = self.forms.items[0]
        finalize(
            state,
            FormAnswer(
                section=version.number,
                question_number=version.number,
                title=version.title,
                question=version.question,
                answer=f"{edition.label}: {edition.regulation}, as amended to {edition.last_amendment}",
                value=f"{edition.regulation} (last amendment {edition.last_amendment})",
                confidence=1.0,
                obc_references=list(version.references),
                source="edition",
                timestamp=now,
            ),
            self.forms,
        )
        self.storage.save_project(state)
        return state

    def process_user_response(self, project_id: str, user_answer: str) -> TurnResult:
        """One turn: the seeds' sequence, read top-down."""
        text = clean_text(user_answer, MAX_MESSAGE_CHARS, "message")
        state = self.storage.load_project(project_id)
        self._record_message(state, text)
        if self.advisor.remote:
            self.storage.save_project(state)  # a slow call follows: keep the message first
        package = self.context_builder.build(state)
        try:
            raw = self.advisor.advise(self._request(state, package))
            result = self.response_processor.process(raw, state, self.clock(), self.advisor.name)
        except WizardError as error:
            self._fail_turn(state, error)
            raise
        self._complete_turn(state, result)
        self.storage.save_project(state)
        return result

    def answer_directly(self, project_id: str, section: str, value: Any) -> FormAnswer:
        """Finalize ``section`` with a value the consultant typed, checked by the same rules."""
        state = self.storage.load_project(project_id)
        item = self._revisable_item(section)
        try:
            value = validate_value(item, value)
        except InvalidReplyError as error:
            raise InputError(str(error)) from None
        answer = FormAnswer(
            section=item.number,
            question_number=item.number,
            title=item.title,
            question=item.question,
            answer=f"{item.number} {item.title}: {describe_value(item, value)} (entered directly).",
            value=value,
            not_applicable=value is None,
            confidence=1.0,
            obc_references=list(item.references),
            source="direct",
            timestamp=self.clock(),
        )
        finalize(state, answer, self.forms)
        state.updated_at = answer.timestamp
        self.storage.save_project(state)
        return answer

    def go_to_item(self, project_id: str, section: str) -> ProjectState:
        """Make ``section`` the current item (to answer it now or revise it)."""
        state = self.storage.load_project(project_id)
        item = self._revisable_item(section)
        if state.current_form_section == item.number:
            return state
        park(state)
        state.current_form_section = item.number
        state.latest_user_answer = None
        state.updated_at = self.clock()
        self.storage.save_project(state)
        return state

    def rename_project(self, project_id: str, name: str) -> ProjectState:
        state = self.storage.load_project(project_id)
        state.name = clean_text(name, MAX_NAME_CHARS, "project name")
        state.updated_at = self.clock()
        self.storage.save_project(state)
        return state

    def delete_project(self, project_id: str) -> None:
        self.storage.delete_project(project_id)

    def _revisable_item(self, section: str) -> FormItem:
        item = self.forms.get_item(section)
        if item.answer_type == "code_version":
            raise InputError(f"{item.number} comes from the project's code edition and cannot be edited.")
        return item

    def context_package(self, project_id: str) -> ContextPackage:
        """The package the next message would be sent with (latest response as it stands)."""
        return self.context_builder.build(self.storage.load_project(project_id))

    def _record_message(self, state: ProjectState, text: str) -> None:
        if state.current_form_section is None:
            raise InputError("Every item of this matrix is answered. Choose an item to revise it.")
        now = self.clock()
        state.latest_user_answer = text
        thread = state.active_clarifying_thread
        retrying = bool(state.turns) and state.turns[-1].status == "failed"
        if thread and (thread[-1].answer is None or retrying):
            thread[-1].answer = text  # a retry replaces the failed attempt's answer
        elif thread:
            # A second message to the same question (e.g. a retry): keep both in the thread.
            thread.append(
                ClarifyingQA(
                    question=thread[-1].question,
                    answer=text,
                    related_form_section=state.current_form_section,
                    timestamp=now,
                )
            )
        state.turns.append(
            TurnRecord(
                message=text, section=state.current_form_section, received_at=now, advisor=self.advisor.name
            )
        )
        state.updated_at = now

    def _request(self, state: ProjectState, package: ContextPackage) -> AdvisorRequest:
        assert package.item is not None
        return AdvisorRequest(package.markdown, state, package.item, package.excerpts, self.forms)

    def _fail_turn(self, state: ProjectState, error: WizardError) -> None:
        """Keep the message, marked failed; the reply changed nothing (it is applied only once valid)."""
        log.warning("turn failed for project %s: %s", state.project_id, error, exc_info=error)
        state.turns[-1].status = "failed"
        state.turns[-1].error = str(error)
        self.storage.save_project(state)

    def _complete_turn(self, state: ProjectState, result: TurnResult) -> None:
        turn = state.turns[-1]
        turn.status = "done"
        turn.reply_type = result.type  # type: ignore[assignment]
        turn.content = result.content
        turn.confidence = result.confidence
        turn.obc_references = result.obc_references
