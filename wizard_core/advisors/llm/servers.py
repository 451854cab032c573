"""What each model server turned out to take, learned from its answers and kept per process.

Keyed by server and model: which structured-output methods it refused, which JSON Schema
features it takes or refused, which request parameters it does not know, and a context window
smaller than the configured one if the server named one. A refusal is remembered only for
what it was about, never for the whole process.

The reply format a server takes is also kept in the store's settings (``Memory``), so a
restarted process does not ask a server again for a format it refused.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Protocol

from wizard_core.config import ModelSettings


class Memory(Protocol):
    """Where what was learned of each server outlives the process (the store's settings)."""

    def load_model_servers(self) -> dict[str, Any]: ...

    def save_model_server(self, key: str, entry: dict[str, Any]) -> None: ...


@dataclass
class ServerProfile:
    refused_methods: set[str] = field(default_factory=set)
    good_features: set[str] = field(default_factory=set)  # schema features a json_schema request took
    suspect_features: set[str] = field(default_factory=set)  # features of a schema it refused
    dropped: set[str] = field(default_factory=set)  # request parameters it does not take
    limit_parameter: str | None = None  # "max_tokens" or "max_completion_tokens", once one worked
    window: int | None = None  # the context window the server named, when smaller than configured
    working: str | None = None  # the structured-output method of the last reply it gave
    recalled: bool = False  # what the store's settings held about it has been read
    kept: tuple[str | None, tuple[str, ...]] | None = None  # (working, refused) as last saved


_profiles: dict[tuple[str, str], ServerProfile] = {}
lock = threading.RLock()  # held while a profile is read or changed


def profile(settings: ModelSettings) -> ServerProfile:
    with lock:
        return _profiles.setdefault((settings.endpoint or "", settings.model), ServerProfile())


def key(settings: ModelSettings) -> str:
    """A server and model as the store's settings name them (the URL without credentials)."""
    return f"{settings.endpoint or 'https://api.openai.com/v1'} {settings.model}"


def forget() -> None:
    """Forget everything learned about every server (for tests)."""
    with lock:
        _profiles.clear()
