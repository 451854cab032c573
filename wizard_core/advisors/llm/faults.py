"""What went wrong with a model server, read from the status and the body, as a ``Fault``.

The kinds a consultant (or whoever runs the server) can act on are told apart: a prompt too
long for the model's window, a response format or a request parameter the server does not
take, a key or a model it refuses, a server error worth retrying. Servers say these things in
different shapes (OpenAI's ``{"error": {...}}``, vLLM's top-level ``{"object": "error"}``,
llama.cpp's ``exceed_context_size_error``, LM Studio's ``{"error": "text"}``, a gateway's
error body sent with status 200), so the body's words are read, not only the status.
"""

from __future__ import annotations

import email.utils
import math
import re
import time
from dataclasses import dataclass
from typing import Any

import openai
from langchain_core.exceptions import ContextOverflowError

TRANSIENT = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 520, 522, 524, 529})

_CONTEXT = re.compile(
    r"context[_ ]length|maximum context|context (?:size|window)|too many tokens|prompt is too long|"
    r"exceeds? (?:the )?(?:available |model'?s? )?context|input (?:is )?too (?:long|large)|"
    r"request (?:entity )?too large|reduce the length|num_ctx|n_ctx",
    re.I,
)
_WINDOW = re.compile(
    r"(?:maximum context length is|context (?:length|size|window) (?:is|of)) (\d[\d,]*)", re.I
)
_PARAMETER = (
    re.compile(r"unsupported parameter:?\s*'?([a-z_]+)'?", re.I),
    re.compile(r"unrecognized request arguments? supplied:?\s*'?([a-z_]+)", re.I),
    re.compile(r"unknown (?:parameter|field|argument|name)s?:?\s*[`'\"]?([a-z_]+)", re.I),
    re.compile(
        r"[`'\"]([a-z_]+)[`'\"]\s*(?:is|are) (?:not (?:supported|permitted|allowed)|unsupported)", re.I
    ),
    re.compile(r"extra (?:inputs|fields) (?:are )?not permitted.*?[`'\"]([a-z_]+)[`'\"]", re.I | re.S),
)
_MISSING = re.compile(r"not found|does not exist|no such model|unknown model|not available", re.I)
_FORMAT = re.compile(
    r"response_format|json_schema|json_object|json schema|structured output|guided|grammar|xgrammar|"
    r"outlines|\bschema\b",
    re.I,
)
# A server error (llama-cpp-python answers 500 to a request it fails to validate) that names the
# response format is a refusal of the format, not a fault worth retrying.
_FORMAT_NAMED = re.compile(r"response_format|json_schema|json_object", re.I)
# A refusal of the format's type itself ("Input should be 'text' or 'json_object'", "response_format
# type must be one of ..."), as against a schema with a feature the server's grammar lacks.
_TYPE_REFUSED = re.compile(
    r"response_format\W{1,6}type|"
    r"['\"]?(?:text|json_object)['\"]? or ['\"]?(?:text|json_object|json_schema)\b",
    re.I,
)


@dataclass(frozen=True)
class Fault:
    """One failed call: what kind of failure, and what the server said about it."""

    kind: str  # context_length, format, parameter, auth, forbidden, model_not_found, no_endpoint,
    # rate_limited, server, timeout, connection, refused, bad_request, content_filter, not_chat
    status: int | None = None
    detail: str = ""  # the server's own words, for the log and (shortened) the message
    window: int | None = None  # the context length the server named
    parameter: str | None = None  # the request parameter it refused
    retry_after: float | None = None  # seconds the server asked to wait (clamped, never negative)
    whole_format: bool = False  # a format refusal of the method itself, not of one schema's features

    @property
    def transient(self) -> bool:
        """Worth retrying as it stands: the server or the network may do better in a moment."""
        return self.kind in ("rate_limited", "server", "connection", "refused", "timeout")


class ErrorInBody(Exception):
    """A reply whose body is an error (a gateway's ``{"error": ...}`` sent with status 200)."""

    def __init__(self, body: Any) -> None:
        super().__init__(_words(body) or "an error in place of a reply")
        self.body = body


def classify(error: BaseException) -> Fault:
    if isinstance(error, openai.APITimeoutError):
        return Fault("timeout")
    if isinstance(error, openai.ContentFilterFinishReasonError):
        return Fault("content_filter")
    in_body = error_in_body(error)
    if in_body is not None:  # raised inside the client, which wraps it
        return _from_body(in_body.body, _status_in(in_body.body), None, in_body=True)
    if isinstance(error, openai.APIStatusError):
        return _from_body(error.body, error.status_code, error.response.headers)
    if isinstance(error, openai.APIError) and not isinstance(error, openai.APIConnectionError):
        return _from_body(error.body, _status_in(error.body), None, in_body=True)  # an error event mid-stream
    if isinstance(error, ContextOverflowError):
        return Fault("context_length", detail=str(error)[:300], window=_window(str(error)))
    if is_connection_fault(error):
        refused = any(isinstance(e, ConnectionRefusedError) for e in _chain(error))
        return Fault("refused" if refused else "connection")
    return Fault("not_chat", detail=f"{type(error).__name__}: {error}"[:300])


def error_in_body(error: BaseException) -> ErrorInBody | None:
    return next((e for e in _chain(error) if isinstance(e, ErrorInBody)), None)


def _from_body(body: Any, status: int | None, headers: Any, in_body: bool = False) -> Fault:
    words = _words(body)
    error = _error_object(body)
    detail = " ".join(words.split())[:300]
    kind_of = str(error.get("type") or error.get("code") or "") if isinstance(error, dict) else ""
    waited = retry_after(headers) if headers is not None else None
    named = "exceed_context" in kind_of or kind_of == "context_length_exceeded"
    # (A 429 may say "Request too large" of a tokens-per-minute limit: that is a rate, not a window.)
    if status == 413 or named or (status != 429 and _CONTEXT.search(words)):
        n_ctx = error.get("n_ctx") if isinstance(error, dict) else None
        window = n_ctx if isinstance(n_ctx, int) else _window(words)
        return Fault("context_length", status, detail, window=window)
    if status in (400, 422) or (in_body and status is None):
        parameter = _parameter(words, error)
        about_format = parameter in ("response_format", "json_schema", "json_object", "type", "schema")
        if about_format or (_FORMAT.search(words) and (parameter is None or "response_format" in words)):
            return _format(status, words)
        if parameter:
            return Fault("parameter", status, detail, parameter=parameter)
    if status is not None and status >= 500 and _FORMAT_NAMED.search(words):
        return _format(status, words)
    if status is None:  # an error inside a reply, without a status: most often an upstream fault
        return Fault("server", None, detail)
    if status == 401:
        return Fault("auth", status, detail)
    if status == 403:
        return Fault("forbidden", status, detail)
    if status == 404:
        about_model = re.search(r"\bmodel\b", words, re.I) and _MISSING.search(words)
        return Fault("model_not_found" if about_model else "no_endpoint", status, detail)
    if status == 429:
        return Fault("rate_limited", status, detail, retry_after=waited)
    if status in TRANSIENT or status >= 500:
        return Fault("server", status, detail, retry_after=waited)
    return Fault("bad_request", status, detail)


def _format(status: int | None, words: str) -> Fault:
    """A refusal of the response format; the whole of the server's words stay for the log."""
    return Fault(
        "format", status, " ".join(words.split())[:2000], whole_format=bool(_TYPE_REFUSED.search(words))
    )


def _error_object(body: Any) -> Any:
    return body.get("error", body) if isinstance(body, dict) else body


def _words(body: Any) -> str:
    """The server's message in an error body of any of the usual shapes."""
    error = _error_object(body)
    if isinstance(error, dict):
        message = error.get("message") or error.get("detail") or error.get("msg")
        if isinstance(message, list):  # pydantic-style validation details
            return "; ".join(str(m) for m in message)
        return str(message) if message else str(error)
    return "" if error is None else str(error)


def _status_in(body: Any) -> int | None:
    """The HTTP status an error body names (a gateway's "code": 502), if any."""
    error = _error_object(body)
    if not isinstance(error, dict):
        return None
    for key in ("status", "status_code", "code"):
        value = error.get(key)
        if isinstance(value, int) and 100 <= value <= 599:
            return value
        if isinstance(value, str) and value.isdigit() and 100 <= int(value) <= 599:
            return int(value)
    return None


def _parameter(words: str, error: Any) -> str | None:
    param = error.get("param") if isinstance(error, dict) else None
    code = str(error.get("code") or "") if isinstance(error, dict) else ""
    if isinstance(param, str) and param and ("unsupported" in code or "unknown" in code):
        return param
    for pattern in _PARAMETER:
        found = pattern.search(words)
        if found:
            return found[1].lower()
    return None


def _window(words: str) -> int | None:
    found = _WINDOW.search(words)
    return int(found[1].replace(",", "")) if found else None


def is_connection_fault(error: BaseException) -> bool:
    """A dropped or refused connection, from the client or (mid-stream) from the transport."""
    if isinstance(error, openai.APIConnectionError):
        return True
    return any(
        type(e).__module__.split(".")[0] in ("httpx2", "httpcore2", "httpx", "httpcore")
        or isinstance(e, OSError)
        for e in _chain(error)
    )


def _chain(error: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in seen:
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def retry_after(headers: Any, longest: float = 3600.0) -> float | None:
    """Seconds a Retry-After (or retry-after-ms) header asks for, clamped to 0..``longest``."""
    try:
        if "retry-after-ms" in headers:
            seconds = float(headers["retry-after-ms"]) / 1000
        else:
            value = headers.get("retry-after")
            if value is None:
                return None
            try:
                seconds = float(value)
            except ValueError:
                seconds = email.utils.parsedate_to_datetime(value).timestamp() - time.time()
    except (TypeError, ValueError, OverflowError):
        return None
    if math.isnan(seconds):
        return None
    return min(max(0.0, seconds), longest)
