"""One article's evaluation for one occupancy: the issues each aspect of its fit raised."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .code import Article
from .text import uncertain_suffix

Fits = Literal["yes", "if", "no", "unknown"]
Severity = Literal["error", "warning", "info"]
_RANK = {"yes": 0, "if": 1, "unknown": 2, "no": 3}


@dataclass(frozen=True)
class Issue:
    aspect: str
    fits: Fits
    severity: Severity
    text: str
    refs: tuple[str, ...] = ()
    missing: str | None = None


@dataclass
class Evaluation:
    article: Article
    group: str
    host: str  # the group whose row of the article applies (differs for a mixed-use rider)
    issues: list[Issue] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)
    uncertain: list[str] = field(default_factory=list)

    @property
    def fits(self) -> Fits:
        worst: Fits = "yes"
        for issue in self.issues:
            if _RANK[issue.fits] > _RANK[worst]:
                worst = issue.fits
        return worst

    def add(
        self, aspect: str, fits: Fits, severity: Severity, text: str, *refs: str, unsure: str = ""
    ) -> None:
        if unsure:
            severity = "warning" if severity == "error" else severity
            text += uncertain_suffix(unsure)
            self.uncertain.append(unsure)
        self.issues.append(
            Issue(aspect, fits, severity, text, tuple(dict.fromkeys((self.article.id, *refs))))
        )

    def unknown(self, aspect: str, missing: str) -> None:
        self.issues.append(Issue(aspect, "unknown", "info", "", (), missing))
