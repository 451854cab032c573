"""One model answer through langchain-openai, within a deadline, with faults named plainly.

The client's own retries are off (its default timeout is 600 s and it retries silently);
transient faults (429, 408, 5xx, dropped connections) are retried here with backoff, and
every attempt shares one deadline per turn. The call runs in a worker thread so that the
deadline holds even against a server that trickles keep-alive bytes and never finishes: the
caller stops waiting at the deadline, and the worker (a daemon, with its own read timeout)
is told to close the stream. Text callbacks run on the caller's thread.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import openai
from langchain_core.messages import BaseMessage
from langchain_openai import ChatOpenAI
from pydantic import SecretStr

from wizard_core.advisors.llm.faults import (
    describe,
    is_connection_fault,
    log_failure,
    rejects_format,
    retry_after,
    timed_out,
)
from wizard_core.advisors.llm.jsontext import partial_content
from wizard_core.config import ModelSettings
from wizard_core.errors import AdvisorError

log = logging.getLogger(__name__)

NO_KEY = "not-needed"  # local servers take no key, but the client insists on one
TextCallback = Callable[[str], None]


@dataclass(frozen=True)
class ModelOutput:
    """The reply text and what the server said about it."""

    text: str
    model: str | None
    input_tokens: int | None
    output_tokens: int | None
    finish_reason: str | None


class FormatRejected(AdvisorError):
    """The server refused the request's response_format: a plainer method may work."""


class _Deadline(Exception):
    """The turn's time ran out while waiting for the server."""


class ModelClient:
    """Asks the configured server; one instance per advisor, safe to share between turns."""

    backoff = 0.5  # seconds before the first retry; doubled for each further one
    max_wait = 20.0  # the longest Retry-After honoured

    def __init__(self, settings: ModelSettings) -> None:
        self.settings = settings
        self.llm = ChatOpenAI(
            model=settings.model,
            base_url=settings.base_url,
            api_key=SecretStr(settings.api_key or NO_KEY),
            timeout=settings.turn_timeout,
            max_retries=0,
            streaming=settings.streaming,
            stream_usage=True,
        )

    def answer(
        self,
        messages: list[BaseMessage],
        response_format: dict[str, Any] | None,
        deadline: float,
        on_text: TextCallback | None = None,
    ) -> ModelOutput:
        """The model's reply, or AdvisorError saying what went wrong with the server."""
        kwargs = {"response_format": response_format} if response_format else {}
        failures = 0
        while True:
            try:
                return self._attempt(messages, kwargs, deadline, on_text)
            except _Deadline:
                raise AdvisorError(timed_out(self.settings)) from None
            except openai.LengthFinishReasonError as cut:
                return _cut_off(cut)  # the caller asks again for a shorter reply
            except Exception as error:
                failures += 1
                log_failure(error, self.settings, failures)
                if response_format and rejects_format(error):
                    raise FormatRejected(describe(error, self.settings, failures)) from None
                wait, asked = self._wait(error, failures)
                if wait is None or failures > self.settings.max_retries:
                    raise AdvisorError(describe(error, self.settings, failures)) from None
                if wait > self.max_wait or time.monotonic() + wait >= deadline:
                    too_long = wait if asked else None  # a Retry-After not worth sitting out
                    raise AdvisorError(describe(error, self.settings, failures, too_long)) from None
                time.sleep(wait)

    def _attempt(
        self,
        messages: list[BaseMessage],
        kwargs: dict[str, Any],
        deadline: float,
        on_text: TextCallback | None,
    ) -> ModelOutput:
        events: queue.Queue[tuple[str, Any]] = queue.Queue()
        stop = threading.Event()
        kwargs = {**kwargs, "timeout": max(0.5, deadline - time.monotonic())}
        worker = threading.Thread(
            target=self._run, args=(messages, kwargs, events, stop), name="model-call", daemon=True
        )
        worker.start()
        try:
            return self._collect(events, deadline, on_text)
        finally:
            stop.set()

    def _run(
        self,
        messages: list[BaseMessage],
        kwargs: dict[str, Any],
        events: queue.Queue[tuple[str, Any]],
        stop: threading.Event,
    ) -> None:
        try:
            if self.settings.streaming:
                chunks = self.llm.stream(messages, **kwargs)
                try:
                    for chunk in chunks:
                        if stop.is_set():
                            return
                        events.put(("message", chunk))
                finally:
                    close = getattr(chunks, "close", None)  # a generator: closing it closes the response
                    if close is not None:
                        close()
            else:
                events.put(("message", self.llm.invoke(messages, **kwargs)))
            events.put(("end", None))
        except BaseException as error:  # handed to the caller's thread, which raises it
            events.put(("error", error))

    def _collect(
        self, events: queue.Queue[tuple[str, Any]], deadline: float, on_text: TextCallback | None
    ) -> ModelOutput:
        text, shown = "", ""
        usage: dict[str, Any] | None = None
        model = finish = None
        while True:
            try:
                kind, payload = events.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise _Deadline from None
            if kind == "error":
                raise payload
            if kind == "end":
                break
            text += payload.text
            # A usage report is a running total, not a delta: keep the last one, never sum them.
            usage = payload.usage_metadata or usage
            model = payload.response_metadata.get("model_name") or model
            finish = payload.response_metadata.get("finish_reason") or finish
            visible = partial_content(text) if on_text else None
            if on_text and visible and visible != shown:
                shown = visible
                try:
                    on_text(visible)
                except Exception:  # a display problem must not cost the consultant the reply
                    log.exception("the streaming text callback failed; the reply continues without it")
                    on_text = None
        return ModelOutput(
            text=text,
            model=model,
            input_tokens=usage.get("input_tokens") if usage else None,
            output_tokens=usage.get("output_tokens") if usage else None,
            finish_reason=finish,
        )

    def _wait(self, error: BaseException, failures: int) -> tuple[float | None, bool]:
        """Seconds to wait before a retry (None: retrying cannot help); True if Retry-After set them."""
        if isinstance(error, openai.APIStatusError):
            if error.status_code not in (408, 429) and error.status_code < 500:
                return None, False
            asked = retry_after(error)
            if asked is not None:
                return asked, True
        elif not is_connection_fault(error):
            return None, False
        return self.backoff * 2 ** (failures - 1) * (1 + random.random() / 4), False


def _cut_off(error: openai.LengthFinishReasonError) -> ModelOutput:
    """What there is of a reply that reached the length limit (the client refuses to parse it)."""
    completion = getattr(error, "completion", None)
    choices = getattr(completion, "choices", None) or []
    text = (choices[0].message.content or "") if choices else ""
    usage = getattr(completion, "usage", None)
    return ModelOutput(
        text=text,
        model=getattr(completion, "model", None),
        input_tokens=getattr(usage, "prompt_tokens", None),
        output_tokens=getattr(usage, "completion_tokens", None),
        finish_reason="length",
    )
