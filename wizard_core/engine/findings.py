"""What ``check`` returns, and the context every check reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .code import Article, CodeData
from .facts import Facts

Severity = Literal["error", "warning", "info"]


class Finding(BaseModel):
    """One contradiction or remark about the answers; ``model_dump()`` gives exactly these keys."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    item: str
    severity: Severity
    message: str
    articles: list[str]
    related: list[str]


def finding(item: str, severity: Severity, message: str, articles: Any = (), related: Any = ()) -> Finding:
    return Finding(
        item=item,
        severity=severity,
        message=message,
        articles=list(articles),
        related=[r for r in dict.fromkeys(related) if r != item],
    )


@dataclass(frozen=True)
class Context:
    answers: Mapping[str, Any]
    facts: Facts
    code: CodeData
    pairs: tuple[tuple[str, Article], ...]  # (occupancy, its 3.10 article) for every valid pair

    @property
    def articles(self) -> list[Article]:
        return list({a.id: a for _, a in self.pairs}.values())

    def value(self, item: str) -> Any:
        return self.answers.get(item)

    def total(self, item: str) -> float | None:
        value = self.answers.get(item)
        if isinstance(value, Mapping):
            total = value.get("total")
            if isinstance(total, int | float) and not isinstance(total, bool):
                return float(total)
        return None
