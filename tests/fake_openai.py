"""A chat-completions server on 127.0.0.1 with scripted replies, plain and streaming.

Tests enqueue what the next request gets: a reply (sent whole, or as SSE chunks with usage in
the final chunk when the client asks for it), an HTTP error with headers, a delay, a hang, a
dropped connection or a body that is not JSON. Every request body is recorded.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """What the server does with one request."""

    content: str | None = None
    usage: tuple[int, int] | None = (120, 30)
    status: int = 200
    error: str = "scripted error"
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # before the response starts
    chunk_delay: float = 0.0  # between streamed chunks
    hang: bool = False  # accept the request and never answer
    close: bool = False  # drop the connection without a response
    drop_after: int | None = None  # stream this many chunks, then drop the connection
    keepalive: bool = False  # stream SSE comments only, forever (the read timeout never fires)
    body: bytes | None = None  # send these bytes as a 200 response instead
    model: str = "fake-model-1"
    finish: str = "stop"


def reply(data: dict[str, Any] | str, **kwargs: Any) -> Reply:
    """A reply whose content is ``data`` (JSON-encoded unless already text)."""
    return Reply(content=data if isinstance(data, str) else json.dumps(data), **kwargs)


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def stream(self) -> bool:
        return bool(self.body.get("stream"))

    @property
    def response_format(self) -> str | None:
        fmt = self.body.get("response_format")
        return fmt.get("type") if isinstance(fmt, dict) else None

    def text(self, role: str) -> list[str]:
        return [m["content"] for m in self.body.get("messages", []) if m.get("role") == role]


class FakeOpenAI:
    """The server; ``url`` is the base URL a client is given (ending in /v1)."""

    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.requests: list[Request] = []
        self.rejected_formats: set[str] = set()  # answer 400 to these response_format types
        self.responder: Callable[[Request], Reply] | None = None  # used when nothing is queued
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def enqueue(self, *replies: Reply) -> None:
        with self.lock:
            self.replies.extend(replies)

    def start(self) -> FakeOpenAI:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.server.shutdown()
        self.server.server_close()

    def _next(self, request: Request) -> Reply:
        with self.lock:
            self.requests.append(request)
            if request.response_format in self.rejected_formats:
                message = f"response_format type {request.response_format!r} is not supported"
                return Reply(status=400, error=message)
            if self.replies:
                return self.replies.popleft()
        if self.responder is not None:
            return self.responder(request)
        return Reply(status=409, error="fake server: no reply scripted")


def _handler(fake: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            request = Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
            scripted = fake._next(request)
            if scripted.delay:
                fake.stopping.wait(scripted.delay)
            if scripted.hang:
                fake.stopping.wait(60)
                self.close_connection = True
                return
            if scripted.close:
                self.close_connection = True
                self.connection.close()
                return
            if scripted.body is not None:
                self._send(200, scripted.body, {"Content-Type": "application/json"})
            elif scripted.status != 200:
                error = {"error": {"message": scripted.error, "type": "scripted", "code": scripted.status}}
                self._send(scripted.status, json.dumps(error).encode(), scripted.headers)
            elif request.stream:
                self._stream(scripted, request)
            else:
                self._send(200, json.dumps(_completion(scripted)).encode(), scripted.headers)

        def _send(self, status: int, data: bytes, headers: dict[str, str]) -> None:
            self.send_response(status)
            headers = {"Content-Type": "application/json", **headers}
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _stream(self, scripted: Reply, request: Request) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            if scripted.keepalive:
                self._keep_alive()
                return
            text = scripted.content or ""
            pieces = [text[i : i + 7] for i in range(0, len(text), 7)]
            events = [_chunk(scripted, {"role": "assistant", "content": ""})]
            events += [_chunk(scripted, {"content": piece}) for piece in pieces]
            events.append(_chunk(scripted, {}, finish=scripted.finish))
            wants_usage = (request.body.get("stream_options") or {}).get("include_usage")
            if wants_usage and scripted.usage:
                events.append({**_chunk(scripted, {}), "choices": [], "usage": _usage(scripted.usage)})
            try:
                for number, event in enumerate(events):
                    if number == scripted.drop_after:
                        return
                    self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
                    self.wfile.flush()
                    if scripted.chunk_delay and fake.stopping.wait(scripted.chunk_delay):
                        return
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()
            except OSError:
                pass  # the client gave up; nothing to clean up

        def _keep_alive(self) -> None:
            try:
                while not fake.stopping.wait(0.2):
                    self.wfile.write(b": keepalive\n\n")
                    self.wfile.flush()
            except OSError:
                pass  # the client closed the stream

    return Handler


def _usage(usage: tuple[int, int]) -> dict[str, int]:
    return {"prompt_tokens": usage[0], "completion_tokens": usage[1], "total_tokens": sum(usage)}


def _completion(scripted: Reply) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": scripted.model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": scripted.content},
                "finish_reason": scripted.finish,
            }
        ],
    }
    if scripted.usage:
        data["usage"] = _usage(scripted.usage)
    return data


def _chunk(scripted: Reply, delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": scripted.model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
