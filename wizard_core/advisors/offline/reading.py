"""What a reader makes of the consultant's words for one item."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Reading:
    value: Any = None
    complete: bool = False
    missing: str = ""
    confidence: float = 0.0
    notes: list[str] = field(default_factory=list)
