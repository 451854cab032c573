"""Model settings from the environment and, in the app, a mapping read from Streamlit secrets.

The UI may pass ``st.secrets`` in as a plain mapping (the core never imports Streamlit). The
environment wins and the secrets fill in what it leaves unset, the same order ui/services.py
uses when it copies secrets into the environment, so both routes agree.
"""

from __future__ import annotations

import base64
import ipaddress
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from wizard_core.errors import WizardError

DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_TURN_TIMEOUT = 45.0
# A server on this machine or the office network is most often a model on a CPU. There a package
# of 5,300-6,300 tokens (plus about 1,650 of instructions, uncached on a first turn) is read at
# 50-180 tokens/s: up to about 160 s before the first token. 240 s leaves half as much again
# for a slower machine; 300 s for the whole call adds a reply of a few hundred tokens at 5-10
# tokens/s. A request cut off keeps a local server busy, so a limit too short costs twice.
LOCAL_TURN_TIMEOUT = 300.0
LOCAL_FIRST_TOKEN_TIMEOUT = 240.0
MAX_TIMEOUT = 3600.0
# Ports the usual local servers listen on: llama.cpp 8080, Ollama 11434, LM Studio 1234, vLLM and
# llama-cpp-python 8000. Only Ollama's is its own; the others count on a one-word host name (a
# container's, "llm:8080"), not on a public name that happens to use them.
OWN_PORTS = frozenset({11434})
LOCAL_PORTS = frozenset({8080, 11434, 1234, 8000})
LOCAL_NAMES = ("localhost", "host.docker.internal", "ollama", "llama", "lmstudio", "vllm")
METHODS = ("auto", "json_schema", "json_mode", "text")
KEYS = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "WIZARD_MODEL",
    "WIZARD_ADVISOR",
    "WIZARD_STRUCTURED_OUTPUT",
    "WIZARD_TURN_TIMEOUT",
    "WIZARD_FIRST_TOKEN_TIMEOUT",
    "WIZARD_MAX_RETRIES",
    "WIZARD_STREAMING",
    "WIZARD_CONTEXT_WINDOW",
    "WIZARD_REPLY_TOKENS",
)


_USERINFO = re.compile(r"(\b[a-z][a-z0-9+.-]*://)[^/\s@]+@", re.I)


class ConfigError(WizardError):
    """A setting has a value the wizard cannot use; the message names the setting."""


@dataclass(frozen=True)
class ModelSettings:
    """How to reach the model; ``api_key`` is kept out of repr so it cannot leak into logs."""

    api_key: str | None = field(default=None, repr=False)
    base_url: str | None = field(default=None, repr=False)  # may carry user:password@
    model: str = DEFAULT_MODEL
    advisor: str | None = None
    structured_output: str = "auto"
    turn_timeout: float = DEFAULT_TURN_TIMEOUT  # one model call, from the request to the reply's end
    first_token_timeout: float | None = None  # from the request to the first token (None: turn_timeout)
    max_retries: int = 2
    streaming: bool = True
    context_window: int = 8192  # the model's window in tokens; the package keeps within it
    reply_tokens: int = 1024  # room left for the reply

    @property
    def configured(self) -> bool:
        """A model is configured when there is a key or a server to ask."""
        return bool(self.api_key or self.base_url)

    @property
    def first_token_seconds(self) -> float:
        """How long a streamed call may wait for its first token (never longer than the whole call)."""
        return min(self.first_token_timeout or self.turn_timeout, self.turn_timeout)

    @property
    def host(self) -> str:
        """The server's host[:port], for messages (never the key, a password in the URL, or the path)."""
        if not self.base_url:
            return "api.openai.com"
        parts = urlsplit(self.base_url)
        host = parts.hostname or "the configured server"
        host = f"[{host}]" if ":" in host else host
        try:
            port = parts.port
        except ValueError:
            port = None
        return f"{host}:{port}" if port else host

    @property
    def endpoint(self) -> str | None:
        """The base URL without user:password@ (the client gets those as a header instead)."""
        if not self.base_url:
            return None
        parts = urlsplit(self.base_url)
        netloc = parts.netloc.rpartition("@")[2]
        return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))

    @property
    def url_auth(self) -> str | None:
        """The Authorization header a user:password@ in the base URL stands for (HTTP Basic), if any."""
        if not self.base_url:
            return None
        parts = urlsplit(self.base_url)
        if parts.username is None and parts.password is None:
            return None
        pair = f"{unquote(parts.username or '')}:{unquote(parts.password or '')}"
        return "Basic " + base64.b64encode(pair.encode()).decode()

    def redact(self, text: str) -> str:
        """``text`` with the key, the URL's credentials and any user:password@ in a URL masked."""
        secrets = [self.api_key] if self.api_key else []
        if self.base_url:
            parts = urlsplit(self.base_url)
            for secret in (parts.password, parts.username):
                if secret:
                    secrets += [secret, unquote(secret)]
            if self.url_auth:
                secrets.append(self.url_auth.removeprefix("Basic "))
        for secret in sorted(set(secrets), key=len, reverse=True):
            if len(secret) >= 3:
                text = text.replace(secret, "[secret]")
        return _USERINFO.sub(r"\1[credentials]@", text)


def load_settings(
    secrets: Mapping[str, Any] | None = None, environ: Mapping[str, str] | None = None
) -> ModelSettings:
    """Read every setting; raise ConfigError naming the first one that is unusable."""
    env = os.environ if environ is None else environ
    raw: dict[str, str] = {}
    for key in KEYS:
        value = env.get(key)
        if value is None or not value.strip():
            value = _lookup(secrets, key)
        if value is not None and str(value).strip():
            raw[key] = str(value).strip()
    method = raw.get("WIZARD_STRUCTURED_OUTPUT", "auto").lower()
    if method not in METHODS:
        raise ConfigError(f"WIZARD_STRUCTURED_OUTPUT is {method!r}; use one of: {', '.join(METHODS)}.")
    base_url = raw.get("OPENAI_BASE_URL")
    if base_url and urlsplit(base_url).scheme not in ("http", "https"):
        raise ConfigError("OPENAI_BASE_URL must start with http:// or https://.")
    local = is_local(base_url)
    turn = _number(
        raw, "WIZARD_TURN_TIMEOUT", LOCAL_TURN_TIMEOUT if local else DEFAULT_TURN_TIMEOUT, 1, MAX_TIMEOUT
    )
    first = _number(
        raw, "WIZARD_FIRST_TOKEN_TIMEOUT", LOCAL_FIRST_TOKEN_TIMEOUT if local else turn, 1, MAX_TIMEOUT
    )
    return ModelSettings(
        api_key=raw.get("OPENAI_API_KEY"),
        base_url=base_url,
        model=raw.get("WIZARD_MODEL", DEFAULT_MODEL),
        advisor=raw.get("WIZARD_ADVISOR"),
        structured_output=method,
        turn_timeout=turn,
        first_token_timeout=first,
        max_retries=int(_number(raw, "WIZARD_MAX_RETRIES", 2, 0, 10, whole=True)),
        streaming=_flag(raw, "WIZARD_STREAMING", True),
        context_window=int(_number(raw, "WIZARD_CONTEXT_WINDOW", 8192, 2048, 2_000_000, whole=True)),
        reply_tokens=int(_number(raw, "WIZARD_REPLY_TOKENS", 1024, 256, 100_000, whole=True)),
    )


def is_local(base_url: str | None) -> bool:
    """Whether ``base_url`` is a server on this machine or a private network, or a known local server.

    Such a server is most often a model on a CPU, given time limits to suit (``LOCAL_TURN_TIMEOUT``).
    """
    if not base_url:
        return False
    parts = urlsplit(base_url)
    host = (parts.hostname or "").lower().rstrip(".")
    try:
        port = parts.port
    except ValueError:
        port = None
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        address = None
    if address is not None:
        return address.is_loopback or address.is_private or address.is_link_local
    named = host in LOCAL_NAMES or host.endswith((".local", ".localhost", ".lan", ".internal"))
    return named or port in OWN_PORTS or (port in LOCAL_PORTS and "." not in host)


def _lookup(secrets: Mapping[str, Any] | None, key: str) -> Any:
    if secrets is None:
        return None
    try:
        return secrets.get(key)
    except Exception:  # st.secrets raises when no secrets file exists: treat as empty
        return None


def _number(
    raw: dict[str, str], key: str, default: float, low: float, high: float, whole: bool = False
) -> float:
    if key not in raw:
        return default
    try:
        number = int(raw[key]) if whole else float(raw[key])
    except ValueError:
        number = None
    if number is None or not low <= number <= high:
        kind = "a whole number" if whole else "a number of seconds"
        raise ConfigError(f"{key} is {raw[key]!r}; use {kind} from {_plain(low)} to {_plain(high)}.")
    return number


def _plain(number: float) -> str:
    """A limit as a consultant writes it: '2,000,000', never '2e+06'."""
    return f"{number:,.0f}" if number == int(number) else f"{number:,}"


def _flag(raw: dict[str, str], key: str, default: bool) -> bool:
    if key not in raw:
        return default
    value = raw[key].lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ConfigError(f"{key} is {raw[key]!r}; use true or false.")


def code_text_cache_dir() -> Path:
    """Where a replica keeps its copy of code text kept in a database, to search and quote it.

    ``$WIZARD_CACHE_DIR``, else ``$XDG_CACHE_HOME/obc-wizard``, else ``~/.cache/obc-wizard``: a
    folder of the user's own, never a shared temp folder where another user could plant files.
    """
    configured = os.environ.get("WIZARD_CACHE_DIR", "").strip()
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or str(Path.home() / ".cache")
    return Path(base) / "obc-wizard"
