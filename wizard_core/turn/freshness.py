"""How fresh a project's context is when a message comes (seed 002: fresh, recent, aging, stale)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

STALE_AFTER_MINUTES = 30.0


@dataclass(frozen=True)
class Temporal:
    """How fresh the project's context is (seed 002: fresh, recent, aging, stale)."""

    minutes_since: float
    relevance: float
    stale: bool

    @property
    def label(self) -> str:
        if self.stale:
            return "stale"
        return "fresh" if self.minutes_since <= 5 else "recent" if self.minutes_since <= 15 else "aging"


def temporal(last_activity: datetime, now: datetime) -> Temporal:
    minutes = max(0.0, (now - last_activity).total_seconds() / 60)
    if minutes <= 5:
        relevance = 1.0
    elif minutes <= 15:
        relevance = 0.9 - 0.02 * (minutes - 5)
    elif minutes <= STALE_AFTER_MINUTES:
        relevance = 0.7 - 0.4 * (minutes - 15) / 15
    else:
        relevance = 0.0
    return Temporal(round(minutes, 1), round(relevance, 2), minutes > STALE_AFTER_MINUTES)
