"""A llama-cpp-python server for a benchmark, a recording proxy in front of it, and its log read.

The server runs in its own process group, so stopping it stops everything it started. The proxy
passes every request through unchanged and streams the reply back as it comes, noting the body
sent, the status and any usage the server reported, so a benchmark sees the requests the wizard
really made (retries and format fallbacks included) without touching the wizard.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

# What llama-cpp-python's server prints on stderr for each completion (it runs verbose by default).
PREFIX_HIT = re.compile(r"(\d+) prefix-match hit, remaining (\d+) prompt tokens to eval")
PROMPT_EVAL = re.compile(r"prompt eval time\s*=\s*[\d.]+ ms /\s*(\d+) tokens")
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "proxy-connection"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerFailed(Exception):
    """The server exited or did not become ready; the message quotes the end of its log."""


class LlamaServer:
    """``python -m llama_cpp.server`` on 127.0.0.1, started by ``start`` and always stopped by ``stop``."""

    def __init__(self, python: str, model: Path, n_ctx: int, log_path: Path, extra: list[str]) -> None:
        self.port = free_port()
        self.command = [
            python, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
            "--port", str(self.port), "--n_ctx", str(n_ctx), *extra,
        ]  # fmt: skip
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None
        self.model_id: str | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float) -> None:
        """Start and wait until /v1/models answers (the model is loaded), or raise ServerFailed."""
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                self.command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        give_up = time.monotonic() + timeout
        while time.monotonic() < give_up:
            if self.process.poll() is not None:
                raise ServerFailed(f"the server exited with status {self.process.returncode}: {self.tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/v1/models", timeout=2) as response:
                    models = json.load(response).get("data") or [{}]
                    self.model_id = models[0].get("id")
                    return
            except (OSError, ValueError):
                time.sleep(0.5)
        raise ServerFailed(f"the server was not ready after {timeout:.0f} s: {self.tail()}")

    def stop(self) -> None:
        """Stop the server's process group: politely, then by force after 10 s."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, sig)
            try:
                process.wait(wait)
                return
            except subprocess.TimeoutExpired:
                continue

    def log_size(self) -> int:
        return self.log_path.stat().st_size if self.log_path.exists() else 0

    def log_since(self, offset: int) -> str:
        with self.log_path.open("rb") as log:
            log.seek(offset)
            return log.read().decode("utf-8", "replace")

    def tail(self, lines: int = 8) -> str:
        text = self.log_since(0).strip().splitlines() if self.log_path.exists() else []
        return " | ".join(text[-lines:]) or "(no output)"


@dataclass
class Exchange:
    """One request through the proxy: what was asked, and what the server said."""

    turn: int
    path: str
    body: dict[str, Any]
    status: int = 0
    seconds: float = 0.0
    usage: dict[str, Any] | None = None
    error: str | None = None

    @property
    def format(self) -> str:
        """The response_format type asked for, or 'text' for none."""
        fmt = self.body.get("response_format")
        return fmt.get("type", "?") if isinstance(fmt, dict) else "text"

    @property
    def prompt(self) -> str:
        """The messages as one text (role and content in order): what a prefix cache can reuse."""
        return "".join(f"{m.get('role')}\n{m.get('content')}\n" for m in self.body.get("messages") or [])


@dataclass
class RecordingProxy:
    """An HTTP proxy on 127.0.0.1 to ``upstream``; ``exchanges`` fills as requests pass."""

    upstream_port: int
    exchanges: list[Exchange] = field(default_factory=list)
    turn: int = 0
    _server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> RecordingProxy:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"  # the reply ends when the connection closes: streams pass as is

            def do_GET(self) -> None:
                proxy._forward(self, b"")

            def do_POST(self) -> None:
                proxy._forward(self, self.rfile.read(int(self.headers.get("Content-Length") or 0)))

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, name="bench-proxy", daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def _forward(self, handler: BaseHTTPRequestHandler, body: bytes) -> None:
        try:
            sent = json.loads(body) if body else {}
        except ValueError:
            sent = {}
        exchange = Exchange(self.turn, handler.path, sent if isinstance(sent, dict) else {})
        self.exchanges.append(exchange)
        started = time.monotonic()
        upstream = http.client.HTTPConnection("127.0.0.1", self.upstream_port, timeout=600)
        try:
            headers = {k: v for k, v in handler.headers.items() if k.lower() not in HOP_BY_HOP | {"host"}}
            upstream.request(handler.command, handler.path, body=body or None, headers=headers)
            response = upstream.getresponse()
            exchange.status = response.status
            handler.send_response(response.status)
            for key, value in response.getheaders():
                if key.lower() not in HOP_BY_HOP:
                    handler.send_header(key, value)
            handler.send_header("Connection", "close")
            handler.end_headers()
            seen = b""
            while chunk := response.read1(65536):
                seen += chunk
                handler.wfile.write(chunk)
                handler.wfile.flush()
            exchange.usage = usage_in(seen.decode("utf-8", "replace"))
            if response.status >= 400:
                exchange.error = seen.decode("utf-8", "replace")[:500]
        except (OSError, http.client.HTTPException) as error:  # the client or the server hung up
            exchange.error = exchange.error or f"{type(error).__name__}: {error}"
        finally:
            exchange.seconds = time.monotonic() - started
            upstream.close()


def usage_in(body: str) -> dict[str, Any] | None:
    """The last ``usage`` object in a reply: a whole JSON body, or the data lines of a stream."""
    found = None
    pieces = [line[5:].strip() for line in body.splitlines() if line.startswith("data:")] or [body]
    for piece in pieces:
        try:
            data = json.loads(piece)
        except ValueError:
            continue
        if isinstance(data, dict) and isinstance(data.get("usage"), dict):
            found = data["usage"]
    return found


def server_counts(log: str) -> list[dict[str, int]]:
    """Per completion in a stretch of the server's log: prompt tokens reused from its cache, and evaluated.

    llama-cpp-python prints "N prefix-match hit, remaining M prompt tokens to eval" when it keeps
    the start of the previous prompt, and a "prompt eval time = … / M tokens" line after each
    completion; a completion with no prefix line reused nothing.
    """
    counts: list[dict[str, int]] = []
    pending: dict[str, int] | None = None
    for line in log.splitlines():
        if hit := PREFIX_HIT.search(line):
            pending = {"reused": int(hit[1]), "evaluated": int(hit[2])}
        elif evaluated := PROMPT_EVAL.search(line):
            counts.append(pending or {"reused": 0, "evaluated": int(evaluated[1])})
            pending = None
    return counts


def shared_prefix(first: str, second: str) -> int:
    """The length of the identical beginning of two texts."""
    length = min(len(first), len(second))
    return next((i for i in range(length) if first[i] != second[i]), length)
