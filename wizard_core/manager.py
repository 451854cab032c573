"""ContextManager: the path of one consultant message, start to finish."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from storage.base import StorageAdapter
from wizard_core.advisors.base import Advisor, AdvisorRequest
from wizard_core.content import FormItem
from wizard_core.context import Budget, ContextBuilder, ContextPackage
from wizard_core.decisions import Decision, DecisionEngine, Temporal, temporal
from wizard_core.errors import ConflictError, InputError, WizardError
from wizard_core.forms import FormQuestionService
from wizard_core.knowledge.query import StandaloneQuery, deterministic_query, is_follow_up, rewrite_prompt
from wizard_core.knowledge.service import KnowledgeSource
from wizard_core.models import DecisionRecord, ProjectState, TurnRecord, utc_now
from wizard_core.projects import MAX_MESSAGE_CHARS, ProjectActions, clean_text
from wizard_core.responses import AIResponseProcessor, TurnResult, park
from wizard_core.summary import recap_text
from wizard_core.tokens import TurnUsage
from wizard_core.values import describe_value

log = logging.getLogger(__name__)

MAX_DECISIONS_KEPT = 500


class ContextManager(ProjectActions):
    """Orchestrates a turn: load, record, build the package, ask the advisor, apply, save."""

    def __init__(
        self,
        storage: StorageAdapter,
        form_service: FormQuestionService,
        knowledge_service: KnowledgeSource,
        advisor: Advisor,
        clock: Callable[[], datetime] = utc_now,
        budget: Budget | None = None,
    ) -> None:
        self.storage = storage
        self.forms = form_service
        self.knowledge = knowledge_service
        self.advisor = advisor
        self.clock = clock
        self.context_builder = ContextBuilder(form_service, knowledge_service, budget)
        self.response_processor = AIResponseProcessor(form_service, knowledge_service)
        self.decisions = DecisionEngine(form_service)

    def process_user_response(
        self,
        project_id: str,
        user_answer: str,
        on_text: Callable[[str], None] | None = None,
        expected_revision: int | None = None,
    ) -> TurnResult:
        """One turn: classify the message, then answer, revise, reset or answer a side question.

        ``on_text`` receives the advisor's visible reply so far while a model streams it;
        ``expected_revision`` is the revision the consultant was looking at (a page or tab).
        """
        text = clean_text(user_answer, MAX_MESSAGE_CHARS, "message")
        state = self.storage.load_project(project_id)
        if expected_revision is not None and state.revision != expected_revision:
            raise ConflictError(
                "This project was changed in another tab or session since this page was drawn, "
                "so your message was not sent."
            )
        now = self.clock()
        health = temporal(state.updated_at, now)
        decision = self.decisions.decide(state, text)
        if state.current_form_section is None and decision.kind != "revision":
            raise InputError("Every item of this matrix is answered. Choose an item to revise it.")
        self._log_decision(state, text, decision, health, now)
        if decision.kind == "reset":
            result = self._reset(state, text, decision, health, on_text)
        elif decision.kind == "revision":
            result = self._revise(state, text, decision, health, on_text)
        elif decision.kind == "side_question":
            result = self._side_question(state, text, health)
        else:
            result = self._advise(state, text, health, on_text=on_text)
        self.storage.save_project(state)
        return result

    def _advise(
        self,
        state: ProjectState,
        text: str,
        health: Temporal,
        decision: str = "continuing",
        answer: str = "",
        on_text: Callable[[str], None] | None = None,
    ) -> TurnResult:
        """The seeds' sequence: record, build the package, ask the advisor, apply its reply.

        ``answer`` is the part of ``text`` that answers the item, when a trigger phrase led it.
        """
        self._record_message(state, text, answers_thread=True)
        if answer:
            state.latest_user_answer = answer
        if self.advisor.remote:
            self.storage.save_project(state)  # a slow call follows: keep the message first
        recap = recap_text(state, self.forms, health) if health.stale else None
        usage = TurnUsage()
        query = self._standalone_query(state, usage)
        package = self.context_builder.build(state, query=query.text, recap=recap)
        state.turns[-1].query = query.text
        state.turns[-1].excerpt_ids = [e.id for e in package.excerpts]
        request = self._request(state, package, on_text, usage)
        try:
            raw = self.advisor.advise(request)
            result = self.response_processor.process(raw, state, self.clock(), self.advisor.name)
        except WizardError as error:
            request.usage.record(state.turns[-1])
            self._fail_turn(state, error)
            raise
        request.usage.record(state.turns[-1])
        return self._complete_turn(state, result, decision, health)

    def _reset(
        self,
        state: ProjectState,
        text: str,
        decision: Decision,
        health: Temporal,
        on_text: Callable[[str], None] | None = None,
    ) -> TurnResult:
        """Archive the item's thread as abandoned and ask the item afresh (or take what follows)."""
        park(state, abandoned=True)
        state.item_started_at = self.clock()
        if decision.remainder:
            return self._advise(state, text, health, "reset", answer=decision.remainder, on_text=on_text)
        item = self.forms.get_item(state.current_form_section or "")
        self._record_message(state, text, answers_thread=False)
        content = (
            f"Starting {item.number} {item.title} over; the earlier discussion is kept in the archive. "
            + item.question
        )
        return self._notice(state, "notice", content, item.references, "reset", health)

    def _revise(
        self,
        state: ProjectState,
        text: str,
        decision: Decision,
        health: Temporal,
        on_text: Callable[[str], None] | None = None,
    ) -> TurnResult:
        """Go back to an earlier item; answer it now if the message says how, else ask."""
        target = decision.target or ""
        self._move_to(state, target)
        item = self.forms.get_item(target)
        if _has_answer(decision.remainder, item):
            return self._advise(state, text, health, "revision", on_text=on_text)
        self._record_message(state, text, answers_thread=False)
        previous = state.answer_for(target)
        current = f" (current answer: {describe_value(item, previous.value)})" if previous else ""
        content = f"Back to {item.number} {item.title}{current}. {item.question}"
        return self._notice(state, "notice", content, item.references, "revision", health)

    def _side_question(self, state: ProjectState, text: str, health: Temporal) -> TurnResult:
        """Answer a question about the code from the notes, without finalizing or advancing."""
        self._record_message(state, text, answers_thread=False)
        entries = self.knowledge.search(text, limit=3)
        state.turns[-1].query = text
        state.turns[-1].excerpt_ids = [e.id for e in entries]
        item = self.forms.get_item(state.current_form_section or "")
        if entries:
            best = entries[0]
            origin = getattr(self.knowledge, "origin", lambda entry: "notes")(best)
            source = "your imported code text" if origin == "imported" else "the code notes (paraphrased)"
            others = ", ".join(e.id for e in entries[1:])
            content = f"From {source}, {best.edition} edition, {best.id} {best.title}: {best.text}" + (
                f" See also {others}." if others else ""
            )
        else:
            content = "Neither the code notes nor any imported code text cover that question."
        content += f" Back to {item.number} {item.title}: {item.question}"
        return self._notice(state, "side_answer", content, [e.id for e in entries], "side_question", health)

    def context_package(self, project_id: str) -> ContextPackage:
        """The package the next message would be sent with (latest response as it stands)."""
        return self.context_builder.build(self.storage.load_project(project_id))

    def _record_message(self, state: ProjectState, text: str, answers_thread: bool) -> None:
        """Keep the message: as the latest answer, the open question's answer, and a turn record."""
        now = self.clock()
        thread = state.active_clarifying_thread
        retrying = bool(state.turns) and state.turns[-1].status == "failed"
        if answers_thread:
            state.latest_user_answer = text
            if thread and (thread[-1].answer is None or retrying):
                thread[-1].answer = text  # a retry replaces the failed attempt's answer
        state.turns.append(
            TurnRecord(
                message=text,
                section=state.current_form_section,
                received_at=now,
                advisor=self.advisor.name,
                decision=state.decisions[-1].decision if state.decisions else "continuing",
                stale=state.decisions[-1].stale if state.decisions else False,
            )
        )
        state.updated_at = now

    def _log_decision(
        self, state: ProjectState, text: str, decision: Decision, health: Temporal, now: datetime
    ) -> None:
        if health.stale or state.session_started_at is None:
            state.session_started_at = now
        state.decisions.append(
            DecisionRecord(
                at=now,
                section=state.current_form_section,
                decision=decision.kind,
                confidence=decision.confidence,
                reason=decision.reason,
                stale=health.stale,
                message=text[:120],
            )
        )
        del state.decisions[:-MAX_DECISIONS_KEPT]

    def _standalone_query(self, state: ProjectState, usage: TurnUsage) -> StandaloneQuery:
        """The retrieval question; a model rewrites it only for a follow-up, if it can."""
        item = self.forms.get_item(state.current_form_section or "")
        message = state.latest_user_answer or ""
        thread = state.active_clarifying_thread
        query = deterministic_query(item, thread, message)
        rewrite = getattr(self.advisor, "rewrite_query", None)
        if rewrite is not None and is_follow_up(message, thread):
            rewritten = rewrite(rewrite_prompt(item, thread, message), usage)
            if rewritten:
                return StandaloneQuery(f"{item.number} {item.title}: {rewritten}", "model")
        return query

    def _request(
        self,
        state: ProjectState,
        package: ContextPackage,
        on_text: Callable[[str], None] | None,
        usage: TurnUsage,
    ) -> AdvisorRequest:
        assert package.item is not None
        return AdvisorRequest(
            package.markdown, state, package.item, package.excerpts, self.forms, on_text=on_text, usage=usage
        )

    def _fail_turn(self, state: ProjectState, error: WizardError) -> None:
        """Keep the message, marked failed; the reply changed nothing (it is applied only once valid)."""
        log.warning("turn failed for project %s: %s", state.project_id, error, exc_info=error)
        state.turns[-1].status = "failed"
        state.turns[-1].error = str(error)
        self.storage.save_project(state)

    def _complete_turn(
        self, state: ProjectState, result: TurnResult, decision: str, health: Temporal
    ) -> TurnResult:
        turn = state.turns[-1]
        turn.status = "done"
        turn.section = result.section
        turn.reply_type = result.type  # type: ignore[assignment]
        turn.content = result.content
        turn.confidence = result.confidence
        turn.obc_references = result.obc_references
        return replace(result, decision=decision, stale=health.stale)

    def _notice(
        self,
        state: ProjectState,
        kind: str,
        content: str,
        references: list[str],
        decision: str,
        health: Temporal,
    ) -> TurnResult:
        """A reply the wizard gives itself (no advisor call): nothing is finalized."""
        section = state.current_form_section or ""
        result = TurnResult(
            type=kind,
            section=section,
            content=content,
            confidence=1.0,
            obc_references=list(references),
            answer=None,
            next_section=state.current_form_section,
            complete=state.complete,
        )
        return self._complete_turn(state, result, decision, health)


def _has_answer(remainder: str, item: FormItem) -> bool:
    """Whether a revision message says more than which item to go back to."""
    words = re.sub(re.escape(item.title.split(" (")[0]), " ", remainder, flags=re.I)
    return bool(
        re.search(r"\w", re.sub(r"\b(?:item|question|answer|the|to|please|for|on)\b", " ", words, flags=re.I))
    )
