"""Model settings from the environment and, in the app, a mapping read from Streamlit secrets.

The UI may pass ``st.secrets`` in as a plain mapping (the core never imports Streamlit). The
environment wins and the secrets fill in what it leaves unset, the same order ui/services.py
uses when it copies secrets into the environment, so both routes agree.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from wizard_core.errors import WizardError

DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_TURN_TIMEOUT = 45.0
METHODS = ("auto", "json_schema", "json_mode", "text")
KEYS = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "WIZARD_MODEL",
    "WIZARD_ADVISOR",
    "WIZARD_STRUCTURED_OUTPUT",
    "WIZARD_TURN_TIMEOUT",
    "WIZARD_MAX_RETRIES",
    "WIZARD_STREAMING",
    "WIZARD_CONTEXT_WINDOW",
    "WIZARD_REPLY_TOKENS",
)


class ConfigError(WizardError):
    """A setting has a value the wizard cannot use; the message names the setting."""


@dataclass(frozen=True)
class ModelSettings:
    """How to reach the model; ``api_key`` is kept out of repr so it cannot leak into logs."""

    api_key: str | None = field(default=None, repr=False)
    base_url: str | None = None
    model: str = DEFAULT_MODEL
    advisor: str | None = None
    structured_output: str = "auto"
    turn_timeout: float = DEFAULT_TURN_TIMEOUT
    max_retries: int = 2
    streaming: bool = True
    context_window: int = 8192  # the model's window in tokens; the package keeps within it
    reply_tokens: int = 1024  # room left for the reply

    @property
    def configured(self) -> bool:
        """A model is configured when there is a key or a server to ask."""
        return bool(self.api_key or self.base_url)

    @property
    def host(self) -> str:
        """The server's host[:port], for messages (never the key or the path)."""
        if not self.base_url:
            return "api.openai.com"
        return urlsplit(self.base_url).netloc or self.base_url


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
    return ModelSettings(
        api_key=raw.get("OPENAI_API_KEY"),
        base_url=base_url,
        model=raw.get("WIZARD_MODEL", DEFAULT_MODEL),
        advisor=raw.get("WIZARD_ADVISOR"),
        structured_output=method,
        turn_timeout=_number(raw, "WIZARD_TURN_TIMEOUT", DEFAULT_TURN_TIMEOUT, 1, 600),
        max_retries=int(_number(raw, "WIZARD_MAX_RETRIES", 2, 0, 10, whole=True)),
        streaming=_flag(raw, "WIZARD_STREAMING", True),
        context_window=int(_number(raw, "WIZARD_CONTEXT_WINDOW", 8192, 2048, 2_000_000, whole=True)),
        reply_tokens=int(_number(raw, "WIZARD_REPLY_TOKENS", 1024, 256, 100_000, whole=True)),
    )


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
        raise ConfigError(f"{key} is {raw[key]!r}; use {kind} from {low:g} to {high:g}.")
    return number


def _flag(raw: dict[str, str], key: str, default: bool) -> bool:
    if key not in raw:
        return default
    value = raw[key].lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ConfigError(f"{key} is {raw[key]!r}; use true or false.")
