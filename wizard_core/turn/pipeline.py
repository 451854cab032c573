"""The turn pipeline: the path of one consultant message, start to finish.

``ContextManager.run`` reads as the steps of a turn: clean the text, load, a command?, decide,
steer, record the message, then the wizard's own reply or: look up the code, build the package,
advise, process the reply, pass the gate, apply the progress; save.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from wizard_core import archive
from wizard_core.advisors.base import Advisor, AdvisorRequest, refuse_overlap
from wizard_core.content import FormItem
from wizard_core.context import Budget, ContextBuilder, ContextPackage
from wizard_core.errors import ConflictError, InputError, WizardError
from wizard_core.forms import FormQuestionService
from wizard_core.knowledge.lookup import CodeLookup, Rewrite
from wizard_core.knowledge.service import KnowledgeBaseService
from wizard_core.models import ProjectState, utc_now
from wizard_core.store import ProjectStore
from wizard_core.tokens import TurnUsage
from wizard_core.turn import candidates, commands, gate, own_replies, progress, record
from wizard_core.turn.decisions import DecisionEngine
from wizard_core.turn.freshness import temporal
from wizard_core.turn.named import named_values, revise_named
from wizard_core.turn.record import Turn, TurnResult
from wizard_core.turn.responses import AIResponseProcessor, Change
from wizard_core.turn.summary import recap_text
from wizard_core.typed import MAX_MESSAGE_CHARS, clean_text

log = logging.getLogger(__name__)


class ContextManager:
    """Orchestrates a turn: load, decide, record, retrieve, build the package, advise, apply, save."""

    def __init__(
        self,
        storage: ProjectStore,
        form_service: FormQuestionService,
        knowledge_service: KnowledgeBaseService,
        advisor: Advisor,
        clock: Callable[[], datetime] = utc_now,
        budget: Budget | None = None,
    ) -> None:
        self.storage = storage
        self.forms = form_service
        self.advisor = advisor
        self.clock = clock
        self.lookup = CodeLookup(knowledge_service)
        self.context_builder = ContextBuilder(form_service, budget)
        self.response_processor = AIResponseProcessor(form_service, knowledge_service)
        self.decisions = DecisionEngine(form_service)

    def run(
        self,
        project_id: str,
        user_answer: str,
        on_text: Callable[[str], None] | None = None,
        expected_revision: int | None = None,
    ) -> TurnResult:
        """One turn in the seeds' order; ``expected_revision`` is the revision the page showed.

        ``on_text`` receives the advisor's visible reply so far while a model streams it.
        """
        text = clean_text(user_answer, MAX_MESSAGE_CHARS, "message")
        state = self._load(project_id, expected_revision)
        command = commands.recognise(text, self.forms)
        if command is not None:  # "skip", "undo that", "back", "go to 3.07": done as the buttons do
            return self._command(state, text, command)
        turn = self._decide(state, text)
        refuse_overlap(state, turn.at, self.advisor)  # the last message is still with the model
        answer = self._steer(state, turn)
        item = self.forms.get_item(
            state.current_form_section or turn.decision.target or self.forms.sections[-1]
        )
        record.record_message(state, turn, self.advisor.name, answer)
        if answer is None:  # a side question, or a revision or reset that says no more
            result = own_replies.reply(state, turn, item, self.lookup, self.forms)
        else:
            result = self._answer(state, turn, item, answer, on_text)
        record.complete(state, result)
        self.storage.save_project(state)
        return result

    def _answer(
        self,
        state: ProjectState,
        turn: Turn,
        item: FormItem,
        answer: str,
        on_text: Callable[[str], None] | None,
    ) -> TurnResult:
        """Look up the code, build the package, advise, pass the gate, apply the reply."""
        usage = TurnUsage()
        retrieved = self.lookup.for_item(item, state.active_clarifying_thread, answer, self._rewrite(usage))
        retrieved = candidates.with_candidates(retrieved, state, item)
        package = self.context_builder.build(state, item, retrieved, self._recap(state, turn))
        change = self._advise(state, item, package, usage, on_text)
        worked = getattr(self.advisor, "works_out_rows", False)  # the offline readers compute
        revising = turn.decision.kind == "revision"
        named = named_values(state, turn.text, item, self.forms, self.decisions.naming) if revising else {}
        change = gate.review(state, item, change, turn.text, worked, named)
        flagged = dict(state.flagged)
        progress.apply(state, change, self.forms)
        result = self._result(state, turn, item, change)
        if named and change.answer is not None:
            result = revise_named(state, turn.text, named, flagged, result, self.forms, self._read_reply)
        return result

    def _command(self, state: ProjectState, text: str, command: commands.Command) -> TurnResult:
        now = self.clock()
        turn = Turn(text, command.decision, temporal(state.updated_at, now), now)
        record.log_decision(state, turn)
        refuse_overlap(state, turn.at, self.advisor)
        record.record_message(state, turn, self.advisor.name, None)
        if command.action == "undo":
            archive.ready_for_undo(self.storage, state)
        result = record.complete(state, commands.run(command, state, turn, self.forms, now))
        self.storage.save_project(state)
        return result

    def context_package(self, project_id: str) -> ContextPackage:
        """The package the next message would be sent with (latest response as it stands)."""
        state = self.storage.load_project(project_id)
        if state.current_form_section is None:
            return self.context_builder.build(state, None)
        item = self.forms.get_item(state.current_form_section)
        message = state.latest_user_answer or ""
        retrieved = self.lookup.for_item(item, state.active_clarifying_thread, message)
        return self.context_builder.build(state, item, candidates.with_candidates(retrieved, state, item))

    def load(self, project_id: str) -> ProjectState:
        """The project, with any turn left pending by a process that stopped marked interrupted."""
        state = self.storage.load_project(project_id)
        record.mark_interrupted(state, self.clock(), getattr(self.advisor, "turn_seconds", 0.0))
        return state

    def _load(self, project_id: str, expected_revision: int | None) -> ProjectState:
        state = self.load(project_id)
        if expected_revision is not None and state.revision != expected_revision:
            raise ConflictError(
                "This project was changed in another tab or session since this page was drawn, "
                "so your message was not sent."
            )
        return state

    def _decide(self, state: ProjectState, text: str) -> Turn:
        """Classify the message (seed 002) and log the decision with its reason."""
        now = self.clock()
        decision = self.decisions.decide(state, text)
        if state.current_form_section is None and decision.kind not in ("revision", "side_question"):
            raise InputError(
                "Every item of this matrix is answered. To change one, name it with its new value "
                "(for example 'correction on 3.05: 2,950 m2') or choose it in the matrix; questions "
                "about the code are answered too."
            )
        turn = Turn(text, decision, temporal(state.updated_at, now), now)
        record.log_decision(state, turn)
        return turn

    def _steer(self, state: ProjectState, turn: Turn) -> str | None:
        """Move as a reset or revision says; return what answers the item (None: nothing does)."""
        decision = turn.decision
        if decision.kind == "reset":
            progress.start_over(state, turn.at)
            return decision.remainder or None
        if decision.kind == "revision":
            progress.move_to(state, decision.target or "", turn.at)
            target = self.forms.get_item(decision.target or "")
            if decision.answer is not None:
                return decision.answer
            return (
                self.decisions.naming.answer_text(turn.text)
                if _has_answer(decision.remainder, target)
                else None
            )
        return None if decision.kind == "side_question" else decision.answer or turn.text

    def _rewrite(self, usage: TurnUsage) -> Rewrite | None:
        rewrite = getattr(self.advisor, "rewrite_query", None)
        return None if rewrite is None else (lambda prompt: rewrite(prompt, usage))

    def _recap(self, state: ProjectState, turn: Turn) -> str | None:
        return recap_text(state, self.forms, turn.health) if turn.health.stale else None

    def _advise(
        self,
        state: ProjectState,
        item: FormItem,
        package: ContextPackage,
        usage: TurnUsage,
        on_text: Callable[[str], None] | None,
    ) -> Change:
        """Ask the advisor and validate its reply; a failure keeps the message, marked failed."""
        kept = state.turns[-1]
        kept.query = package.query
        kept.excerpt_ids = [e.id for e in package.excerpts]
        if self.advisor.remote:
            kept.runner = record.runner()  # so that a later load can tell whether it still runs
            self.storage.save_project(state)  # a slow call follows: keep the message first
        request = AdvisorRequest(package, state, item, self.forms, on_text=on_text, usage=usage)
        try:
            raw = self.advisor.advise(request)
            change = self._read_reply(raw, item)
        except WizardError as error:
            log.warning("turn failed for project %s: %s", state.project_id, error, exc_info=error)
            usage.record(kept)
            record.fail(state, error)
            self.storage.save_project(state)
            raise
        usage.record(kept)
        return change

    def _read_reply(self, raw: dict[str, Any], item: FormItem) -> Change:
        """The advisor's reply checked against the item's answer type and the code excerpts."""
        return self.response_processor.process(raw, item, self.clock(), self.advisor.name)

    def _result(self, state: ProjectState, turn: Turn, item: FormItem, change: Change) -> TurnResult:
        reply = change.reply
        return TurnResult(
            type=reply.type,
            section=item.number,
            content=reply.content,
            confidence=reply.confidence,
            obc_references=change.obc_references,
            answer=change.answer,
            next_section=state.current_form_section,
            complete=state.complete,
            decision=turn.decision.kind,
            stale=turn.health.stale,
        )


def _has_answer(remainder: str, item: FormItem) -> bool:
    """Whether a revision message says more than which item to go back to."""
    words = re.sub(re.escape(item.title.split(" (")[0]), " ", remainder, flags=re.I)
    return bool(
        re.search(r"\w", re.sub(r"\b(?:item|question|answer|the|to|please|for|on)\b", " ", words, flags=re.I))
    )
