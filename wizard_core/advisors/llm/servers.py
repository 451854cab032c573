"""What each model server turned out to take, learned from its answers and kept per process.

Keyed by server and model: which structured-output methods it refused, which JSON Schema
features it takes or refused, which request parameters it does not know, and a context window
smaller than the configured one if the server named one. A refusal is remembered only for
what it was about, never for the whole process.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from wizard_core.config import ModelSettings


@dataclass
class ServerProfile:
    refused_methods: set[str] = field(default_factory=set)
    good_features: set[str] = field(default_factory=set)  # schema features a json_schema request took
    suspect_features: set[str] = field(default_factory=set)  # features of a schema it refused
    dropped: set[str] = field(default_factory=set)  # request parameters it does not take
    limit_parameter: str | None = None  # "max_tokens" or "max_completion_tokens", once one worked
    window: int | None = None  # the context window the server named, when smaller than configured


_profiles: dict[tuple[str, str], ServerProfile] = {}
lock = threading.RLock()  # held while a profile is read or changed


def profile(settings: ModelSettings) -> ServerProfile:
    key = (settings.endpoint or "", settings.model)
    with lock:
        return _profiles.setdefault(key, ServerProfile())


def forget() -> None:
    """Forget everything learned about every server (for tests)."""
    with lock:
        _profiles.clear()
