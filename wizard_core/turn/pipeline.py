"""ContextManager: the path of one consultant message, start to finish."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from wizard_core import archive
from wizard_core.advisors.base import Advisor, AdvisorRequest, refuse_overlap
from wizard_core.answers import describe_value, doubt, read
from wizard_core.content import FormItem
from wizard_core.context import Budget, ContextBuilder, ContextPackage
from wizard_core.errors import ConflictError, InputError, WizardError
from wizard_core.forms import FormQuestionService
from wizard_core.knowledge.lookup import CodeLookup, Rewrite
from wizard_core.knowledge.service import KnowledgeBaseService
from wizard_core.models import ProjectState, utc_now
from wizard_core.store import ProjectStore
from wizard_core.tokens import TurnUsage
from wizard_core.turn import candidates, commands, gate, own_replies, progress
from wizard_core.turn import record as turns
from wizard_core.turn.decisions import DecisionEngine, temporal
from wizard_core.turn.record import Turn, TurnResult
from wizard_core.turn.responses import AIResponseProcessor, Change
from wizard_core.turn.summary import recap_text
from wizard_core.typed import MAX_MESSAGE_CHARS, clean_text

log = logging.getLogger(__name__)


# Words saying an item named in passing stands as it is
UNCHANGED = re.compile(
    r"\b(?:already|still|unchanged|stays?|remains?|no\s+change|(?:does|do)\s*n[o']?t\s+change|not\s+changed)\b",
    re.I,
)


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

    def process_user_response(
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
        turns.record_message(state, turn, self.advisor.name, answer)
        if answer is None:  # a side question, or a revision or reset that says no more
            result = own_replies.reply(state, turn, item, self.lookup, self.forms)
        else:
            usage = TurnUsage()
            retrieved = self.lookup.for_item(
                item, state.active_clarifying_thread, answer, self._rewrite(usage)
            )
            retrieved = candidates.with_candidates(retrieved, state, item)
            package = self.context_builder.build(state, item, retrieved, self._recap(state, turn))
            change = self._advise(state, item, package, usage, on_text)
            worked = getattr(self.advisor, "works_out_rows", False)  # the offline readers compute
            named = self._named_values(state, turn, item) if turn.decision.kind == "revision" else {}
            change = gate.review(state, item, change, turn.text, worked, named)
            flagged = dict(state.flagged)
            progress.apply(state, change, self.forms)
            result = self._result(state, turn, item, change)
            if named and change.answer is not None:
                result = self._named_dependants(state, turn.text, named, flagged, result)
        turns.complete(state, result)
        self.storage.save_project(state)
        return result

    def _command(self, state: ProjectState, text: str, command: commands.Command) -> TurnResult:
        now = self.clock()
        turn = Turn(text, command.decision, temporal(state.updated_at, now), now)
        turns.log_decision(state, turn)
        refuse_overlap(state, turn.at, self.advisor)
        turns.record_message(state, turn, self.advisor.name, None)
        if command.action == "undo":
            archive.ready_for_undo(self.storage, state)
        result = turns.complete(state, commands.run(command, state, turn, self.forms, now))
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
        turns.mark_interrupted(state, self.clock(), getattr(self.advisor, "turn_seconds", 0.0))
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
        turns.log_decision(state, turn)
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
            return self.decisions.answer_text(turn.text) if _has_answer(decision.remainder, target) else None
        return None if decision.kind == "side_question" else turn.text

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
        record = state.turns[-1]
        record.query = package.query
        record.excerpt_ids = [e.id for e in package.excerpts]
        if self.advisor.remote:
            record.runner = turns.runner()  # so that a later load can tell whether it still runs
            self.storage.save_project(state)  # a slow call follows: keep the message first
        request = AdvisorRequest(package, state, item, self.forms, on_text=on_text, usage=usage)
        try:
            raw = self.advisor.advise(request)
            change = self.response_processor.process(raw, item, self.clock(), self.advisor.name)
        except WizardError as error:
            log.warning("turn failed for project %s: %s", state.project_id, error, exc_info=error)
            usage.record(record)
            turns.fail(state, error)
            self.storage.save_project(state)
            raise
        usage.record(record)
        return change

    def _named_values(self, state: ProjectState, turn: Turn, revised: FormItem) -> dict[str, Any]:
        """The new values a revision message gives in passing for other answered items it names
        ("… so 1,950 m2, and the gross is the same 1,950"): read from what it says of each, sure
        and different from the answer recorded. The code checks weigh the revision with them."""
        values: dict[str, Any] = {}
        for section in state.answered_sections:
            item = self.forms.get_item(section)
            current = state.answer_for(section)
            if section == revised.number or current is None or not self.decisions.names(item, turn.text):
                continue  # a value for it must be said of it, not read off the revised item's figure
            said = self.decisions.said_of(item, turn.text)
            if UNCHANGED.search(said):
                continue  # "GFA above already uses 1,456": said to stand, not revised
            reading = read(item, [said], state, self.forms)
            if reading.complete and reading.confidence >= doubt.CONFIDENT and reading.value != current.value:
                values[section] = reading.value
        return values

    def _named_dependants(
        self,
        state: ProjectState,
        message: str,
        named: dict[str, Any],
        flagged: dict[str, str],
        result: TurnResult,
    ) -> TurnResult:
        """A revision that also gives the new value of an item it flags ("sprinklered now, which moves
        us from 3.2.2.85 to 3.2.2.88") revises that item too, when the code checks accept it;
        otherwise the item stays flagged for the consultant."""
        revised = []
        # Flagged by this revision, or resting on it in the form though the engine sees no change.
        dependants = [
            s
            for s in self.forms.sections
            if s in named
            and s not in flagged
            and (s in state.flagged or result.section in self.forms.get_item(s).depends_on)
        ]
        for section in dependants:
            item, value = self.forms.get_item(section), named[section]
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
                change = self.response_processor.process(raw, item, self.clock(), self.advisor.name)
            except WizardError:
                continue
            change = gate.review(state, item, change, message, True)
            if change.answer is not None:
                progress.finalize(state, change.answer, self.forms)
                revised.append(content)
        if not revised:
            return result
        state.flagged.pop(result.section, None)  # answered in this very message: nothing to check
        return replace(result, content=" ".join([result.content, *revised]))

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


NAMED_DEPENDANT_CONFIDENCE = 0.85  # a value given in passing, in a message about another item


def _has_answer(remainder: str, item: FormItem) -> bool:
    """Whether a revision message says more than which item to go back to."""
    words = re.sub(re.escape(item.title.split(" (")[0]), " ", remainder, flags=re.I)
    return bool(
        re.search(r"\w", re.sub(r"\b(?:item|question|answer|the|to|please|for|on)\b", " ", words, flags=re.I))
    )
