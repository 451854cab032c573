"""One model call on a worker thread, read within the turn's deadline whatever the server does.

The worker hands the chunks over through a bounded queue (a server that streams faster than
they are read is slowed down, not buffered in memory); the caller checks the deadline at every
chunk (a server streaming endlessly is cut off on time), stops reading past a length limit,
and when it stops, for any reason, cuts the connection and waits for the worker to finish, so
that no thread and no socket outlives the call. Callbacks run on the caller's thread.

Two limits: the whole call's deadline, and (streaming) an earlier one for the first token, so
that a server that has not begun is told apart from one that is slowly answering. A listener
may cancel the call (its ``cancelled`` event) and hear the tokens so far (its ``progress``).
Whatever ends a call, its connection is closed, so a local server stops working on it.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import openai
from langchain_core.messages import BaseMessage

from wizard_core.advisors.llm.cache import CACHED
from wizard_core.advisors.llm.client import DELTA, WHOLE, ChatModel, Connection
from wizard_core.advisors.llm.faults import error_in_body
from wizard_core.advisors.llm.jsontext import partial_content
from wizard_core.advisors.llm.thinking import neutral, split_thinking

log = logging.getLogger(__name__)

QUEUE_SIZE = 64  # chunks waiting to be read before the worker waits too
TICK = 0.25  # seconds between looks at the clock while no chunk comes
THINKING_EVERY = 0.5  # seconds between "still thinking" notices
JOIN_GRACE = 2.0  # seconds to wait for a cut-off worker to notice and end
CHEAP = 8192  # characters below which the visible text is worked out at every chunk


class Deadline(Exception):
    """The turn's time ran out while waiting for the server; ``first_token``: before it began."""

    def __init__(self, first_token: bool = False) -> None:
        super().__init__("first token" if first_token else "whole call")
        self.first_token = first_token


class Cancelled(Exception):
    """The listener cancelled the call."""


@dataclass(frozen=True)
class ModelOutput:
    """The reply text and what the server said about it."""

    text: str
    model: str | None
    input_tokens: int | None
    output_tokens: int | None
    finish_reason: str | None
    cached_tokens: int | None = None
    reasoning_tokens: int | None = None
    thinking_chars: int = 0  # thinking sent apart from the text (for an estimate)


def call(
    llm: ChatModel,
    messages: list[BaseMessage],
    kwargs: dict[str, Any],
    deadline: float,
    on_text: Callable[[str], None] | None,
    max_chars: int,
    count: Callable[[ModelOutput], None] | None = None,
    first_deadline: float | None = None,
) -> ModelOutput:
    """One call: the reply, or the exception it raised; Deadline when the turn's time is up.

    ``first_deadline``: when a streamed call that has sent no token yet is given up.

    ``count`` is told of what a call that fails had cost, if the server said (usage in the
    stream before the failure, or in an error body).
    """
    events: queue.Queue[tuple[str, Any]] = queue.Queue(maxsize=QUEUE_SIZE)
    stop = threading.Event()
    connection = Connection()
    worker = threading.Thread(
        target=_work, args=(llm, messages, kwargs, events, stop, connection), name="model-call", daemon=True
    )
    worker.start()
    reader = _Reader(on_text, max_chars)
    try:
        return reader.read(events, deadline, first_deadline)
    except BaseException as error:
        counted = reader.counted(error)
        if counted is not None and count is not None:
            count(counted)
        raise
    finally:
        stop.set()
        connection.abort()
        worker.join(JOIN_GRACE)
        if worker.is_alive():
            log.warning("a model call did not stop within %.1f s of being cut off", JOIN_GRACE)


def _work(
    llm: ChatModel,
    messages: list[BaseMessage],
    kwargs: dict[str, Any],
    events: queue.Queue[tuple[str, Any]],
    stop: threading.Event,
    connection: Connection,
) -> None:
    with connection:
        try:
            if llm.streaming:
                chunks = llm.stream(messages, **kwargs)
                try:
                    for chunk in chunks:
                        if stop.is_set() or not _put(events, ("message", chunk), stop):
                            return
                finally:
                    getattr(chunks, "close", lambda: None)()  # a generator: closing it closes the response
            elif not _put(events, ("message", llm.invoke(messages, **kwargs)), stop):
                return
            _put(events, ("end", None), stop)
        except BaseException as error:  # handed to the caller's thread, which raises it
            if not stop.is_set():
                _put(events, ("error", error), stop)


def _put(events: queue.Queue[tuple[str, Any]], event: tuple[str, Any], stop: threading.Event) -> bool:
    """Hand an event over, waiting while the queue is full; False if the caller has gone."""
    while not stop.is_set():
        try:
            events.put(event, timeout=0.1)
            return True
        except queue.Full:
            continue
    return False


class _Reader:
    """Reads one call's events: the text, the thinking, the usage; tells the listener as it goes."""

    def __init__(self, on_text: Callable[[str], None] | None, max_chars: int) -> None:
        self.on_text = on_text
        self.max_chars = max_chars
        self.text = ""
        self.thinking = 0  # characters of thinking sent apart from the text
        self.whole_thinking = 0
        self.usage: dict[str, Any] | None = None
        self.cached: int | None = None
        self.model: str | None = None
        self.finish: str | None = None
        self.shown = ""
        self.inline_open = False  # inside a <think> block, as of the last look
        self.started = time.monotonic()
        self.last_look = self.last_notice = self.last_count = 0.0
        self.begun = False  # a token (of the reply or the thinking) has come
        cancelled = getattr(on_text, "cancelled", None)
        self.cancelled: Callable[[], bool] = getattr(cancelled, "is_set", lambda: False)

    def read(
        self, events: queue.Queue[tuple[str, Any]], deadline: float, first_deadline: float | None = None
    ) -> ModelOutput:
        while True:
            if self.cancelled():
                raise Cancelled
            now = time.monotonic()
            if now >= deadline:
                raise Deadline
            if first_deadline is not None and not self.begun and now >= first_deadline:
                raise Deadline(first_token=True)
            until = deadline if first_deadline is None or self.begun else min(deadline, first_deadline)
            try:
                kind, payload = events.get(timeout=min(until - now, TICK))
            except queue.Empty:
                self._notice_thinking()
                continue
            if kind == "error":
                raise payload
            if kind == "end":
                break
            self._take(payload)
            if len(self.text) + self.thinking > self.max_chars:
                log.warning("the reply passed %d characters; reading stopped there", self.max_chars)
                self.finish = "length"
                break
            self._show()
        self._show(final=True)
        return self._output()

    def _take(self, chunk: Any) -> None:
        self.text += chunk.text
        extra = chunk.additional_kwargs
        if isinstance(extra.get(DELTA), str):
            self.thinking += len(extra[DELTA])
        if isinstance(extra.get(WHOLE), str):
            self.whole_thinking = len(extra[WHOLE])
        if isinstance(extra.get(CACHED), int):  # in any server's shape (cache.py); the last one said
            self.cached = extra[CACHED]
        self.begun = self.begun or bool(self.text or self.thinking or self.whole_thinking)
        self._count()
        # A usage report is a running total, not a delta: keep the last one, never sum them.
        self.usage = chunk.usage_metadata or self.usage
        self.model = chunk.response_metadata.get("model_name") or self.model
        self.finish = chunk.response_metadata.get("finish_reason") or self.finish

    def _show(self, final: bool = False) -> None:
        if self.on_text is None:
            return
        now = time.monotonic()
        if not final and len(self.text) > CHEAP and now - self.last_look < 0.1:
            return  # a long text is looked at ten times a second, not at every chunk
        self.last_look = now
        reply, self.inline_open = split_thinking(self.text)
        visible = partial_content(reply)
        if visible and visible != self.shown:
            self.shown = visible
            self._tell(self.on_text, neutral(visible))
        elif not final:
            self._notice_thinking()

    def _count(self) -> None:
        """Tell a listener that can hear it about how many tokens have come (four characters a token)."""
        progress = getattr(self.on_text, "progress", None)
        now = time.monotonic()
        if progress is None or now - self.last_count < TICK:
            return
        self.last_count = now
        self._tell(progress, -(-(len(self.text) + self.thinking) // 4))

    def _notice_thinking(self) -> None:
        """Tell a listener that can hear it that the model is still thinking, and for how long."""
        notice = getattr(self.on_text, "thinking", None)
        if notice is None or self.shown:
            return
        if not (self.thinking or self.inline_open):
            return
        now = time.monotonic()
        if now - self.last_notice >= THINKING_EVERY:
            self.last_notice = now
            self._tell(notice, now - self.started)

    def _tell(self, callback: Callable[..., None], value: Any) -> None:
        try:
            callback(value)
        except Exception:  # a display problem must not cost the consultant the reply
            log.exception("the streaming callback failed; the reply continues without it")
            self.on_text = None

    def counted(self, error: BaseException) -> ModelOutput | None:
        """What a failed call cost, if the server reported usage before failing or in its error."""
        if isinstance(error, openai.LengthFinishReasonError):
            return None  # not a failure: the caller counts what the cut-off reply cost
        in_body = error_in_body(error)
        body = in_body.body if in_body is not None else getattr(error, "body", None)
        reported = body.get("usage") if isinstance(body, dict) else None
        if isinstance(reported, dict) and isinstance(reported.get("prompt_tokens"), int):
            return ModelOutput(
                "", self.model, reported["prompt_tokens"], reported.get("completion_tokens") or 0, "error"
            )
        return self._output() if self.usage else None

    def _output(self) -> ModelOutput:
        usage = self.usage or {}
        inputs, outputs = usage.get("input_token_details") or {}, usage.get("output_token_details") or {}
        return ModelOutput(
            text=self.text,
            model=self.model,
            input_tokens=usage.get("input_tokens"),
            output_tokens=usage.get("output_tokens"),
            finish_reason=self.finish,
            cached_tokens=inputs.get("cache_read", self.cached),
            reasoning_tokens=outputs.get("reasoning"),
            thinking_chars=self.thinking or self.whole_thinking,
        )
