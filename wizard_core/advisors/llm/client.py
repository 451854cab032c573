"""The chat model as the wizard drives it: langchain-openai's ChatOpenAI, extended, never patched.

Two things ChatOpenAI leaves out are kept: a reasoning model's thinking, which servers send in
``reasoning_content`` (DeepSeek, vLLM, llama.cpp) or ``reasoning`` (Ollama, OpenRouter) and
ChatOpenAI drops, and an error that a gateway sends in place of a reply with status 200.

Each call runs on a fresh connection (no keep-alive), and the connection's socket is noted as
it opens, so that a call can be cut off at once from another thread: shutting the socket down
wakes a read that is blocked on a server sending nothing, or only keep-alive comments. So no
socket, and no thread waiting on one, outlives the turn that opened it.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from typing import Any

import httpx2
import openai
from langchain_openai import ChatOpenAI
from pydantic import SecretStr

from wizard_core.advisors.llm.cache import CACHED, cached_tokens
from wizard_core.advisors.llm.faults import ErrorInBody
from wizard_core.config import ModelSettings

NO_KEY = "not-needed"  # local servers take no key, but the client insists on one
REASONING_KEYS = ("reasoning_content", "reasoning")
DELTA, WHOLE = "thinking_delta", "thinking_whole"  # where the thinking travels in additional_kwargs

_current = threading.local()  # the Connection of the call running on this thread


class Connection:
    """The sockets one call opened; ``abort`` shuts them down, now or as soon as they open."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self.aborted = False

    def attach(self, stream: Any) -> None:
        sock = stream.get_extra_info("socket") if stream is not None else None
        if not isinstance(sock, socket.socket):
            return
        with self._lock:
            self._sockets.append(sock)
            aborted = self.aborted
        if aborted:
            _shut(sock)

    def abort(self) -> None:
        with self._lock:
            self.aborted = True
            sockets = list(self._sockets)
        for sock in sockets:
            _shut(sock)

    def __enter__(self) -> Connection:
        _current.connection = self
        return self

    def __exit__(self, *exc: object) -> None:
        _current.connection = None


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):  # already closed
        sock.shutdown(socket.SHUT_RDWR)


def _trace(name: str, info: dict[str, Any]) -> None:
    if name in ("connection.connect_tcp.complete", "connection.start_tls.complete"):
        connection = getattr(_current, "connection", None)
        if connection is not None:
            connection.attach(info.get("return_value"))


def _on_request(request: httpx2.Request) -> None:
    request.extensions["trace"] = _trace


def _on_response(response: httpx2.Response) -> None:
    """A whole (not streamed) reply that is an error body sent with status 200 (a gateway's)."""
    kind = response.headers.get("content-type", "")
    if response.status_code != 200 or "json" not in kind:
        return
    response.read()
    try:
        data = json.loads(response.content)
    except ValueError:
        return  # not JSON at all: the client says so in its own way
    if isinstance(data, dict) and data.get("error") and not data.get("choices"):
        raise ErrorInBody(data)


class ChatModel(ChatOpenAI):
    """ChatOpenAI that keeps the thinking, and raises an error streamed in place of a reply."""

    def _convert_chunk_to_generation_chunk(
        self, chunk: dict, default_chunk_class: type, base_generation_info: dict | None
    ) -> Any:
        inner = chunk.get("chunk")
        raw: dict = inner if isinstance(inner, dict) else chunk
        if raw.get("error"):
            raise ErrorInBody(raw)
        generation = super()._convert_chunk_to_generation_chunk(
            chunk, default_chunk_class, base_generation_info
        )
        choices = raw.get("choices") or []
        delta = (choices[0].get("delta") or {}) if choices else {}
        thinking = next(
            (delta[k] for k in REASONING_KEYS if isinstance(delta.get(k), str) and delta[k]), None
        )
        if thinking and generation is not None:
            generation.message.additional_kwargs[DELTA] = thinking
        if generation is not None and (cached := cached_tokens(raw)) is not None:
            generation.message.additional_kwargs[CACHED] = cached
        return generation

    def _create_chat_result(self, response: Any, generation_info: dict | None = None) -> Any:
        result = super()._create_chat_result(response, generation_info)
        data = response if isinstance(response, dict) else getattr(response, "model_dump", dict)()
        choices = (data.get("choices") or []) if isinstance(data, dict) else []
        message = (choices[0].get("message") or {}) if choices else {}
        thinking = next(
            (message[k] for k in REASONING_KEYS if isinstance(message.get(k), str) and message[k]), None
        )
        if thinking and result.generations:
            result.generations[0].message.additional_kwargs[WHOLE] = thinking
        if result.generations and (cached := cached_tokens(data)) is not None:
            result.generations[0].message.additional_kwargs[CACHED] = cached
        return result


def chat_model(settings: ModelSettings) -> ChatModel:
    """The client for ``settings``: its own retries off, no keep-alive, credentials out of the URL."""
    http_client = openai.DefaultHttpxClient(
        event_hooks={"request": [_on_request], "response": [_on_response]},
        limits=httpx2.Limits(max_connections=64, max_keepalive_connections=0),
    )
    headers = {"Authorization": settings.url_auth} if settings.url_auth else None
    return ChatModel(
        model=settings.model,
        base_url=settings.endpoint,
        api_key=SecretStr(settings.api_key or NO_KEY),
        timeout=settings.turn_timeout,
        max_retries=0,
        streaming=settings.streaming,
        stream_usage=True,
        http_client=http_client,
        default_headers=headers,
    )
