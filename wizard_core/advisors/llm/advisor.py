"""The LLM advisor: asks a model through langchain-openai and hands back a checked reply.

One turn: the request is fitted into the model's window (instructions + package + reply
room, ``max_tokens`` being the reply room), sent with the structured-output method the server
takes (see formats.py), and the reply checked here, never by the client library. A reply
that cannot be used is sent back once with the problem named; a prompt the server finds too
long for its window is sent once more with the package rebuilt for the window it named.
The query rewrite and the first answer share the turn's deadline (WIZARD_TURN_TIMEOUT); a
correction, sent when a reply cannot be used, has a budget of its own, as long again: on a
CPU a second reading of the package takes as long as the first.
"""

from __future__ import annotations

import logging
import math
import time
import traceback
from typing import Any

from langchain_core.messages import BaseMessage

from wizard_core.advisors.base import AdvisorRequest
from wizard_core.advisors.llm import formats, servers
from wizard_core.advisors.llm.faults import Fault
from wizard_core.advisors.llm.prompts import REWRITE, SYSTEM, Fitted, fit, fit_text, instructions
from wizard_core.advisors.llm.repair import Checked, check_reply
from wizard_core.advisors.llm.stream import ModelOutput
from wizard_core.advisors.llm.thinking import neutral, split_thinking, thinking_chars, without_thinking
from wizard_core.advisors.llm.transport import ContextTooLong, FormatRejected, ModelClient
from wizard_core.advisors.llm.wording import format_set_refused, formats_refused, too_long
from wizard_core.config import ModelSettings
from wizard_core.errors import AdvisorError, InvalidReplyError, TurnCancelled, WizardError
from wizard_core.knowledge.query import REWRITE_INSTRUCTIONS
from wizard_core.tokens import TurnUsage, estimate_tokens

log = logging.getLogger(__name__)

REWRITE_TIMEOUT = 10.0  # seconds: a rewrite that takes longer falls back to the deterministic one
REWRITE_REPLY_TOKENS = 300
MAX_QUERY_CHARS = 500
UNEXPECTED = (
    "The AI advisor failed unexpectedly (the details are in the log). Your message is kept; try again."
)


class LLMAdvisor:
    """Asks an OpenAI-compatible server; one model call per turn unless the reply needs fixing."""

    name = "openai"
    remote = True

    def __init__(self, settings: ModelSettings, client: ModelClient | None = None) -> None:
        self.settings = settings
        self.client = client or ModelClient(settings)
        self.memory: servers.Memory | None = None  # where the reply format each server takes is kept
        # How long a turn may stay in flight: the first answer, a correction, and once more for a
        # window the server named smaller.
        self.turn_seconds = 3 * settings.turn_timeout
        self.description = (
            f"AI model {settings.model} at {settings.host} (OpenAI-compatible API); "
            "its replies are checked before anything is saved."
        )

    def advise(self, request: AdvisorRequest) -> dict[str, Any]:
        deadline = request.usage.start(self.settings.turn_timeout)
        request.usage.model = request.usage.model or self.settings.model  # the server's name replaces it
        try:
            return self._advise(request, deadline)
        except WizardError:
            raise
        except Exception as error:  # a fault nobody foresaw still fails the turn cleanly
            trace = "".join(traceback.format_exception(error))
            log.error("the model advisor failed unexpectedly: %s", self.settings.redact(trace))
            raise AdvisorError(UNEXPECTED) from None
        finally:
            request.usage.stop_clock()

    def _advise(self, request: AdvisorRequest, deadline: float) -> dict[str, Any]:
        try:
            return self._converse(request, self._window(), deadline)
        except ContextTooLong as refused:
            window = self._learn_window(refused.fault, request)
            log.warning(
                "%s: %s; asking again with the context trimmed to %d tokens",
                self.settings.host,
                refused,
                window,
            )
            try:
                return self._converse(request, window, deadline)
            except ContextTooLong as again:
                raise AdvisorError(too_long(self.settings, again.fault.window)) from None

    def _converse(self, request: AdvisorRequest, window: int, deadline: float) -> dict[str, Any]:
        """Ask, check, and ask once more with the problem named if the reply cannot be used."""
        fitted = fit(self.settings, window, request.package, request.forms)
        output = self._ask(fitted, request, deadline)
        checked = self._check(output, request, fitted)
        if checked.problem:
            log.info("model reply refused (%s); asking once more", checked.problem)
            reply = split_thinking(output.text)[0]  # the thinking is not sent back
            fitted = fit(self.settings, window, fitted.package, request.forms, reply, checked.problem)
            own = time.monotonic() + self.settings.turn_timeout  # the correction's own budget
            output = self._ask(fitted, request, own)
            checked = self._check(output, request, fitted)
        if checked.reply is None:
            log.warning("model reply refused twice (%s): %r", checked.problem, output.text[:2000])
            raise InvalidReplyError(_refused_twice(checked, request), raw=output.text)
        return checked.reply

    def _check(self, output: ModelOutput, request: AdvisorRequest, fitted: Fitted) -> Checked:
        reply, thinking = split_thinking(output.text)
        if output.finish_reason == "length" and not reply.strip() and (thinking or output.thinking_chars):
            raise AdvisorError(
                f"The model {self.settings.model!r} used all of its reply room "
                f"({fitted.max_tokens:,} tokens) thinking, and gave no answer. Raise WIZARD_REPLY_TOKENS "
                "(reasoning models need several thousand) and WIZARD_CONTEXT_WINDOW with it. Your "
                "message is kept; try again."
            )
        checked = check_reply(output.text, request)
        if checked.problem and output.finish_reason == "length":
            return Checked(
                problem="the reply was cut off at the length limit; keep the content brief", part="JSON"
            )
        return checked

    def _ask(self, fitted: Fitted, request: AdvisorRequest, deadline: float) -> ModelOutput:
        """One answer, with the structured-output method this server takes for this item's schema."""
        schema = request.forms.schemas[request.item.number]
        formats.recall(self.settings, self.memory)
        methods = formats.methods_for(self.settings, schema)
        for method in methods:
            counter = _Counter(self, request.usage)
            try:
                output = self.client.answer(
                    fitted.messages,
                    formats.response_format(self.settings, method, schema),
                    deadline,
                    request.on_text,
                    max_tokens=fitted.max_tokens,
                    count=counter,
                )
            except FormatRejected as rejected:
                if self.settings.structured_output != "auto":
                    raise AdvisorError(format_set_refused(self.settings)) from None
                what = formats.learn_refusal(self.settings, method, schema, rejected.fault.whole_format)
                formats.keep(self.settings, self.memory)
                if method == methods[-1]:
                    refused = [*methods, *formats.refused(self.settings)]
                    raise AdvisorError(formats_refused(self.settings, refused)) from None
                log.info("%s refused %s; trying the next method", self.settings.host, what)
                continue
            except ContextTooLong:
                raise  # refused before any reply: asked again, trimmed
            except BaseException:
                counter.unless_counted()
                raise
            formats.learn_success(self.settings, method, schema)
            formats.keep(self.settings, self.memory)
            self._record(request.usage, fitted.messages, output)
            return output
        raise AssertionError("unreachable: the last method either answers or raises")

    def remember_in(self, memory: servers.Memory) -> None:
        """Keep the reply format each server takes in ``memory`` (the store's settings)."""
        self.memory = memory

    def mode_line(self) -> str:
        """The reply format this server gets, in a line for the consultant."""
        formats.recall(self.settings, self.memory)
        return formats.mode_line(self.settings)

    def _window(self) -> int:
        with servers.lock:
            learned = servers.profile(self.settings).window
        return min(self.settings.context_window, learned or self.settings.context_window)

    def _learn_window(self, fault: Fault, request: AdvisorRequest) -> int:
        """The window to fit the next try into: the one the server named, or three quarters of ours."""
        current = self._window()
        named = fault.window if fault.window and fault.window < current else None
        sent = (
            estimate_tokens(instructions(request.forms))
            + request.package.model_tokens
            + self.settings.reply_tokens
        )
        window = named or max(2048, int(min(current, sent) * 3 / 4))
        with servers.lock:
            servers.profile(self.settings).window = window
        return window

    def rewrite_query(self, prompt: str, usage: TurnUsage) -> str | None:
        """Seed 003's rewrite: a follow-up made standalone, or None if the model can't in time."""
        deadline = min(
            usage.start(self.settings.turn_timeout),
            time.monotonic() + min(REWRITE_TIMEOUT, self.settings.turn_timeout / 4),
        )
        room = max(256, self._window() - REWRITE_REPLY_TOKENS - estimate_tokens(REWRITE_INSTRUCTIONS) - 32)
        messages = REWRITE.format_messages(
            instructions=REWRITE_INSTRUCTIONS, discussion=fit_text(prompt, room)
        )
        counter = _Counter(self, usage)
        try:
            output = self.client.answer(
                messages, None, deadline, max_tokens=REWRITE_REPLY_TOKENS, count=counter
            )
        except TurnCancelled:
            raise
        except AdvisorError as error:
            counter.unless_counted()
            log.warning("query rewrite skipped: %s", error)
            return None
        self._record(usage, messages, output)
        text = neutral(" ".join(without_thinking(output.text).split()))[:MAX_QUERY_CHARS]
        return text or None

    def _record(self, usage: TurnUsage, messages: list[BaseMessage] | None, output: ModelOutput) -> None:
        """Add one call's tokens: the server's counts, or estimates where it sent none."""
        counted_in, counted_out = output.input_tokens, output.output_tokens
        thinking = output.reasoning_tokens
        if thinking is None and (output.thinking_chars or "<" in output.text):
            thinking = math.ceil((output.thinking_chars + thinking_chars(output.text)) / 4) or None
        usage.add(
            model=output.model or self.settings.model,
            input_tokens=_estimate(messages) if counted_in is None else counted_in,
            output_tokens=estimate_tokens(output.text) if counted_out is None else counted_out,
            estimated=counted_in is None or counted_out is None,
            cached_tokens=output.cached_tokens or 0,
            reasoning_tokens=thinking or 0,
        )


class _Counter:
    """Counts what a failed call cost, if the server said; a call that failed without saying
    (a timeout, a dropped connection) makes the turn's tokens unknown, never 0."""

    def __init__(self, advisor: LLMAdvisor, usage: TurnUsage) -> None:
        self.advisor, self.usage, self.counted = advisor, usage, False

    def __call__(self, output: ModelOutput) -> None:
        self.counted = True
        self.advisor._record(self.usage, None, output)

    def unless_counted(self) -> None:
        if not self.counted:
            self.usage.lost()


def _estimate(messages: list[BaseMessage] | None) -> int:
    return sum(estimate_tokens(m.text) for m in messages or [])


def _refused_twice(checked: Checked, request: AdvisorRequest) -> str:
    item = request.item
    if checked.part == "item" and checked.about is not None:
        return (
            f"The model answered item {checked.about.number} ({checked.about.title}) instead of the current "
            f"item {item.number} ({item.title}), even when asked again, so nothing was changed. Your "
            "message is kept; try again."
        )
    return (
        f"The model's reply was not in the expected format (its {checked.part} was not usable), even when "
        "asked again, so nothing was changed. Your message is kept; try again."
    )


def forget_methods() -> None:
    """Forget what every server was found to take (for tests)."""
    servers.forget()


reply_schema = formats.reply_schema
__all__ = ["SYSTEM", "LLMAdvisor", "forget_methods", "reply_schema"]
