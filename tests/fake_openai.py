"""A chat-completions server on 127.0.0.1 with scripted replies, plain and streaming.

Tests enqueue what the next request gets: a reply (sent whole, or as SSE chunks with usage in
the final chunk when the client asks for it; with thinking streamed in ``reasoning_content``
first, if scripted), an HTTP error with headers and any body, an error sent in place of a
reply with status 200, a delay, a hang, a dropped connection, an endless stream, or a body
that is not JSON. Every request body is recorded, and every client that went away before its
answer was done (``disconnects``: a real llama.cpp server stops working on such a request). A ``persona`` (see
tests/advisors/llm/personas.py) may refuse a request first, or dress a reply, the way one
kind of real server does.
"""

from __future__ import annotations

import json
import select
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Protocol


@dataclass
class Reply:
    """What the server does with one request."""

    content: str | None = None
    usage: tuple[int, int] | None = (120, 30)
    usage_details: dict[str, Any] = field(default_factory=dict)  # prompt_/completion_tokens_details
    # Keys beside the usage at the top of the reply, and of the last chunks (llama.cpp's ``timings``).
    top: dict[str, Any] = field(default_factory=dict)
    status: int = 200
    error: str = "scripted error"
    error_body: Any = None  # the whole error body to send (default: OpenAI's shape around ``error``)
    in_body: bool = False  # send the error with status 200, as the body (or an SSE event when streaming)
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # before the response starts
    chunk_delay: float = 0.0  # between streamed chunks
    chunk_size: int = 7  # characters of content per streamed chunk
    hold: threading.Event | None = None  # stream content up to ``hold_at`` characters, then wait for this
    hold_at: int = 0
    hang: bool = False  # accept the request and never answer
    close: bool = False  # drop the connection without a response
    drop_after: int | None = None  # stream this many chunks, then drop the connection
    keepalive: bool = False  # stream SSE comments only, forever (the read timeout never fires)
    endless: bool = False  # stream content chunks as fast as possible, forever
    thinking: str | None = None  # streamed (or sent) in ``thinking_field`` before the content
    thinking_field: str = "reasoning_content"
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

    @property
    def max_tokens(self) -> int | None:
        return self.body.get("max_tokens") or self.body.get("max_completion_tokens")

    def text(self, role: str) -> list[str]:
        return [m["content"] for m in self.body.get("messages", []) if m.get("role") == role]

    @property
    def prompt(self) -> str:
        """The messages as one text, in order (what a prompt cache sees)."""
        return "".join(f"{m.get('role')}\n{m.get('content')}\n" for m in self.body.get("messages", []))

    @property
    def prompt_tokens(self) -> int:
        return -(-len(self.prompt) // 4)  # about four characters a token, as the wizard counts


class Persona(Protocol):
    """How one kind of server behaves: refuse a request first, or dress the scripted reply."""

    name: str

    def refuse(self, request: Request, fake: FakeOpenAI) -> Reply | None: ...

    def dress(self, scripted: Reply, request: Request, fake: FakeOpenAI) -> Reply: ...


class FakeOpenAI:
    """The server; ``url`` is the base URL a client is given (ending in /v1)."""

    def __init__(self, persona: Persona | None = None) -> None:
        self.replies: deque[Reply] = deque()
        self.requests: list[Request] = []
        self.rejected_formats: set[str] = set()  # answer 400 to these response_format types
        self.responder: Callable[[Request], Reply] | None = None  # used when nothing is queued
        self.persona = persona
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.active = 0  # requests being answered right now
        self.truncated = 0  # prompts a persona cut to its window without a word (as Ollama does)
        self.disconnects = 0  # requests whose client closed the connection before the answer ended
        self.prompts: list[str] = []  # earlier prompts, for a persona's prompt cache
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

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

    def client_connections(self) -> int:
        """Client sockets still connected to this server (ESTABLISHED, remote port = ours)."""
        count = 0
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            path = Path(table)
            if not path.exists():
                continue
            for line in path.read_text().splitlines()[1:]:
                fields = line.split()
                remote, state = fields[2], fields[3]
                if state == "01" and int(remote.rsplit(":", 1)[1], 16) == self.port:
                    count += 1
        return count

    def _next(self, request: Request) -> Reply:
        with self.lock:
            self.requests.append(request)
        refused = self.persona.refuse(request, self) if self.persona else None
        if refused is not None:
            return refused
        with self.lock:
            if request.response_format in self.rejected_formats:
                message = f"response_format type {request.response_format!r} is not supported"
                return Reply(status=400, error=message)
            scripted = self.replies.popleft() if self.replies else None
        if scripted is None and self.responder is not None:
            scripted = self.responder(request)
        if scripted is None:
            return Reply(status=409, error="fake server: no reply scripted")
        return self.persona.dress(scripted, request, self) if self.persona else scripted


def _handler(fake: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            with fake.lock:
                fake.active += 1
            try:
                self._answer()
            finally:
                with fake.lock:
                    fake.active -= 1

        def _answer(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            request = Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
            scripted = fake._next(request)
            if scripted.delay and not self._wait(scripted.delay):
                return
            if scripted.hang:
                self._wait(60)
                self.close_connection = True
                return
            if scripted.close:
                self.close_connection = True
                self.connection.close()
                return
            if scripted.body is not None:
                self._send(200, scripted.body, {"Content-Type": "application/json"})
            elif scripted.status != 200 and not (scripted.in_body and request.stream):
                error = scripted.error_body or {
                    "error": {"message": scripted.error, "type": "scripted", "code": scripted.status}
                }
                data = error if isinstance(error, bytes) else json.dumps(error).encode()
                self._send(200 if scripted.in_body else scripted.status, data, scripted.headers)
            elif request.stream:
                self._stream(scripted, request)
            else:
                self._send(200, json.dumps(_completion(scripted)).encode(), scripted.headers)

        def _wait(self, seconds: float) -> bool:
            """Wait as a server computing would, noticing a client that goes away; False if it did."""
            until = time.monotonic() + seconds
            while time.monotonic() < until and not fake.stopping.is_set():
                readable, _, _ = select.select([self.connection], [], [], 0.05)
                try:
                    closed = bool(readable) and not self.connection.recv(1, socket.MSG_PEEK)
                except OSError:
                    closed = True
                if closed:
                    self._gone()
                    return False
            return True

        def _gone(self) -> None:
            self.close_connection = True
            with fake.lock:
                fake.disconnects += 1

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
            try:
                if scripted.keepalive:
                    while not fake.stopping.wait(0.2):
                        self._write(b": keepalive\n\n")
                elif scripted.endless:
                    self._endless(scripted)
                else:
                    self._events(scripted, request)
            except OSError:  # the client gave up, as a real server would notice when it writes
                self._gone()

        def _events(self, scripted: Reply, request: Request) -> None:
            events = [_chunk(scripted, {"role": "assistant", "content": ""})]
            if scripted.status != 200:  # an error in place of the reply (a gateway's)
                error = scripted.error_body or {"error": {"message": scripted.error, "code": scripted.status}}
                events.append(error)
            thinking = scripted.thinking or ""
            size = scripted.chunk_size
            events += [
                _chunk(scripted, {scripted.thinking_field: thinking[i : i + size]})
                for i in range(0, len(thinking), size)
            ]
            text = scripted.content or ""
            held = len(events) + -(-scripted.hold_at // size) if scripted.hold else None
            events += [_chunk(scripted, {"content": text[i : i + size]}) for i in range(0, len(text), size)]
            if scripted.status == 200:
                events.append(_chunk(scripted, {}, finish=scripted.finish) | scripted.top)
            wants_usage = (request.body.get("stream_options") or {}).get("include_usage")
            if wants_usage and scripted.usage and scripted.status == 200:
                events.append(
                    {**_chunk(scripted, {}), "choices": [], "usage": _usage(scripted)} | scripted.top
                )
            for number, event in enumerate(events):
                if number == scripted.drop_after:
                    return
                if number == held and not _released(scripted.hold, fake.stopping):
                    return
                self._write(f"data: {json.dumps(event)}\n\n".encode())
                if scripted.chunk_delay and (not self._wait(scripted.chunk_delay) or fake.stopping.is_set()):
                    return
            self._write(b"data: [DONE]\n\n")

        def _endless(self, scripted: Reply) -> None:
            self._write(
                f"data: {json.dumps(_chunk(scripted, {'content': scripted.content or ''}))}\n\n".encode()
            )
            more = _chunk(scripted, {"content": "la" * max(1, scripted.chunk_size // 2)})
            piece = f"data: {json.dumps(more)}\n\n".encode()
            while not fake.stopping.is_set():
                self._write(piece)
                if scripted.chunk_delay and (not self._wait(scripted.chunk_delay) or fake.stopping.is_set()):
                    return

        def _write(self, data: bytes) -> None:
            self.wfile.write(data)
            self.wfile.flush()

    return Handler


def _released(hold: threading.Event | None, stopping: threading.Event) -> bool:
    """Wait until the test lets a held stream go on (True) or the server stops (False)."""
    while hold is not None and not hold.wait(0.05):
        if stopping.is_set():
            return False
    return True


def shared_prefix(first: str, second: str) -> int:
    """How many characters two texts share at their start."""
    length = min(len(first), len(second))
    for index in range(length):
        if first[index] != second[index]:
            return index
    return length


def _usage(scripted: Reply) -> dict[str, Any]:
    prompt, completion = scripted.usage or (0, 0)
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion} | (
        scripted.usage_details
    )


def _completion(scripted: Reply) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": scripted.content}
    if scripted.thinking:
        message[scripted.thinking_field] = scripted.thinking
    data: dict[str, Any] = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": scripted.model,
        "choices": [{"index": 0, "message": message, "finish_reason": scripted.finish}],
    }
    if scripted.usage:
        data["usage"] = _usage(scripted)
    return data | scripted.top


def _chunk(scripted: Reply, delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": scripted.model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


__all__ = ["FakeOpenAI", "Persona", "Reply", "Request", "replace", "reply", "shared_prefix"]
