"""One model answer within the turn's deadline: retries, adaptations, and faults named plainly.

The client's own retries are off (its default timeout is 600 s and it retries silently).
Transient faults (429, 408, 5xx, a gateway's error body, dropped connections) are retried
here with backoff, every attempt sharing the call's deadline; a streamed attempt that sends no
token within WIZARD_FIRST_TOKEN_TIMEOUT is given up sooner. A parameter the server does not
take (``stream_options``, or ``max_tokens`` where it wants ``max_completion_tokens``) is left
out, remembered for that server, and the call made again at once. What the caller must decide
about is raised as its own error: a refused response format (at once, whatever its status: a
format refused is not worth retrying), a prompt too long for the window, a cancelled turn.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import Any

import openai
from langchain_core.messages import BaseMessage

from wizard_core.advisors.llm import servers
from wizard_core.advisors.llm.client import REASONING_KEYS, chat_model
from wizard_core.advisors.llm.faults import Fault, classify
from wizard_core.advisors.llm.stream import Cancelled, Deadline, ModelOutput, call
from wizard_core.advisors.llm.wording import CANCELLED, describe, log_failure, no_first_token, timed_out
from wizard_core.config import ModelSettings
from wizard_core.errors import AdvisorError, TurnCancelled

log = logging.getLogger(__name__)

TextCallback = Callable[[str], None]
Counter = Callable[[ModelOutput], None]  # told of the tokens a failed attempt cost, when reported
LIMITS = ("max_tokens", "max_completion_tokens")
MAX_ADAPTATIONS = 3  # parameters left out in one call before giving up


class CallFailed(AdvisorError):
    """A call failed; ``fault`` says how, and ``output`` holds what the server counted, if anything."""

    def __init__(self, message: str, fault: Fault) -> None:
        super().__init__(message)
        self.fault = fault


class FormatRejected(CallFailed):
    """The server refused the request's response_format: a plainer method may work."""


class ContextTooLong(CallFailed):
    """The prompt is too long for the model's window; ``fault.window`` is the window if named."""


class ModelClient:
    """Asks the configured server; one instance per advisor, safe to share between turns."""

    backoff = 0.5  # seconds before the first retry; doubled for each further one
    max_wait = 20.0  # the longest Retry-After honoured

    def __init__(self, settings: ModelSettings) -> None:
        self.settings = settings
        self.llm = chat_model(settings)

    def answer(
        self,
        messages: list[BaseMessage],
        response_format: dict[str, Any] | None,
        deadline: float,
        on_text: TextCallback | None = None,
        max_tokens: int | None = None,
        count: Counter | None = None,
    ) -> ModelOutput:
        """The model's reply, or a CallFailed saying what went wrong with the server."""
        failures = adaptations = 0
        max_chars = 8 * (max_tokens or self.settings.reply_tokens) + 4096
        while True:
            kwargs = self._kwargs(response_format, max_tokens, deadline)
            first = time.monotonic() + self.settings.first_token_seconds if self.settings.streaming else None
            try:
                output = call(self.llm, messages, kwargs, deadline, on_text, max_chars, count, first)
                self._worked(kwargs)
                return output
            except Cancelled:
                raise TurnCancelled(CANCELLED) from None
            except Deadline as late:
                message = no_first_token(self.settings) if late.first_token else timed_out(self.settings)
                raise CallFailed(message, Fault("timeout")) from None
            except openai.LengthFinishReasonError as cut:
                return _cut_off(cut)  # the caller asks again for a shorter reply
            except Exception as error:
                fault = classify(error)
                log_failure(error, fault, self.settings, failures + adaptations + 1)
                if (
                    fault.kind == "parameter"
                    and adaptations < MAX_ADAPTATIONS
                    and self._leave_out(fault, kwargs)
                ):
                    adaptations += 1
                    continue
                if fault.kind == "format":
                    raise FormatRejected(describe(fault, self.settings), fault) from None
                if fault.kind == "context_length":
                    raise ContextTooLong(describe(fault, self.settings), fault) from None
                failures += 1
                failed = self._pause(fault, failures, deadline)
                if failed is not None:
                    raise failed from None  # the server's error text (the key, maybe) stays in the log

    def _pause(self, fault: Fault, failures: int, deadline: float) -> CallFailed | None:
        """Wait before the next try, or return the error to raise: retrying cannot help or would be late."""
        if not fault.transient or failures > self.settings.max_retries:
            return CallFailed(describe(fault, self.settings, failures), fault)
        wait = fault.retry_after
        if wait is not None and (wait > self.max_wait or time.monotonic() + wait >= deadline):
            return CallFailed(describe(fault, self.settings, failures, waited=wait), fault)
        if wait is None:
            wait = self.backoff * 2 ** (failures - 1) * (1 + random.random() / 4)
        if time.monotonic() + wait >= deadline:
            return CallFailed(describe(fault, self.settings, failures), fault)
        time.sleep(wait)
        return None

    def _kwargs(
        self, response_format: dict[str, Any] | None, max_tokens: int | None, deadline: float
    ) -> dict:
        with servers.lock:
            known = servers.profile(self.settings)
            dropped, limit = set(known.dropped), known.limit_parameter
        kwargs: dict[str, Any] = {"timeout": max(0.5, deadline - time.monotonic())}
        if response_format:
            kwargs["response_format"] = response_format
        if "stream_options" in dropped:
            kwargs["stream_usage"] = False
        if max_tokens:
            # Local servers know max_tokens; OpenAI's newer models want max_completion_tokens.
            default = "max_completion_tokens" if self.settings.endpoint is None else "max_tokens"
            usable = [p for p in ((limit or default), *LIMITS) if p not in dropped]
            if usable and usable[0] == "max_completion_tokens":
                kwargs["max_tokens"] = max_tokens  # ChatOpenAI sends it as max_completion_tokens
            elif usable:
                kwargs["extra_body"] = {"max_tokens": max_tokens}
        return kwargs

    def _leave_out(self, fault: Fault, kwargs: dict[str, Any]) -> bool:
        """Remember that the server does not take ``fault.parameter``; False if it was not sent."""
        name = fault.parameter or ""
        sent = {"stream_options"} if self.settings.streaming and "stream_usage" not in kwargs else set()
        sent |= {"max_completion_tokens"} if "max_tokens" in kwargs else set()
        sent |= {"max_tokens"} if "max_tokens" in kwargs.get("extra_body", {}) else set()
        if name not in sent:
            return False
        with servers.lock:
            known = servers.profile(self.settings)
            known.dropped.add(name)
            if known.limit_parameter == name:
                known.limit_parameter = None
        log.info("%s does not take %r; asking again without it", self.settings.host, name)
        return True

    def _worked(self, kwargs: dict[str, Any]) -> None:
        limit = "max_completion_tokens" if "max_tokens" in kwargs else None
        limit = "max_tokens" if "max_tokens" in kwargs.get("extra_body", {}) else limit
        if limit:
            with servers.lock:
                servers.profile(self.settings).limit_parameter = limit


def _cut_off(error: openai.LengthFinishReasonError) -> ModelOutput:
    """What there is of a reply that reached the length limit (the client refuses to parse it)."""
    completion = getattr(error, "completion", None)
    choices = getattr(completion, "choices", None) or []
    message = choices[0].message if choices else None
    text = (message.content or "") if message is not None else ""
    extra = (getattr(message, "model_extra", None) or {}) if message is not None else {}
    thinking = next((extra[k] for k in REASONING_KEYS if isinstance(extra.get(k), str)), "")
    usage = getattr(completion, "usage", None)
    details = getattr(usage, "completion_tokens_details", None)
    return ModelOutput(
        text=text,
        model=getattr(completion, "model", None),
        input_tokens=getattr(usage, "prompt_tokens", None),
        output_tokens=getattr(usage, "completion_tokens", None),
        finish_reason="length",
        reasoning_tokens=getattr(details, "reasoning_tokens", None),
        thinking_chars=len(thinking),
    )
