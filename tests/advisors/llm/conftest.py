"""Fixtures of the LLM advisor's tests: short backoff, no settings from the shell, nothing remembered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from wizard_core import config
from wizard_core.advisors.llm.advisor import forget_methods
from wizard_core.advisors.llm.transport import ModelClient


@pytest.fixture(autouse=True)
def quick_and_clean(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(ModelClient, "backoff", 0.05)
    for name in config.KEYS:
        monkeypatch.delenv(name, raising=False)
    forget_methods()
    yield
    forget_methods()
