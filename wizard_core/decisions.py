"""Per-message context decisions: continuing, revision, reset or side question; and staleness.

Seed 002's decision engine mapped onto the wizard. Explicit triggers and continuity signals
are matched from word lists in ``content/decisions.json``; everything here is deterministic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wizard_core.content import CONTENT_DIR, FormItem
from wizard_core.errors import ContentError
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState

DecisionKind = Literal["continuing", "revision", "reset", "side_question"]
STALE_AFTER_MINUTES = 30.0
ITEM_NUMBER = re.compile(r"(?<![\d.])(3\.\d\d)(?![\d.])")
ABOUT_CURRENT = re.compile(
    r"\b(options?|choices?|this (?:item|question|one)|which one|what do you need|what should i|"
    r"how do i answer|format|enter|example|(?:which|what) (?:article|classification)s?|you (?:pick|choose)|"
    r"propose|suggest)\b",
    re.I,
)


class Triggers(BaseModel):
    """The word lists behind the decisions (content, so a domain expert can tune them)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    edition: str
    reset: list[str] = Field(min_length=1)
    revision: list[str] = Field(min_length=1)
    side_question_starts: list[str] = Field(min_length=1)
    continuity: list[str] = Field(min_length=1)


def load_triggers(path: Path = CONTENT_DIR / "decisions.json") -> Triggers:
    try:
        return Triggers.model_validate_json(path.read_bytes())
    except (OSError, ValidationError) as exc:
        raise ContentError(f"The decision word list {path.name} is missing or invalid.") from exc


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


@dataclass(frozen=True)
class Decision:
    kind: DecisionKind
    confidence: float
    reason: str
    target: str | None = None  # the item a revision goes back to
    remainder: str = ""  # the message without its trigger phrase


class DecisionEngine:
    """Classifies each consultant message before the context package is built."""

    def __init__(self, forms: FormQuestionService, triggers: Triggers | None = None) -> None:
        self.forms = forms
        self.triggers = triggers or load_triggers()
        self._reset = _phrases(self.triggers.reset)
        self._revision = _phrases(self.triggers.revision)
        self._side = _phrases(self.triggers.side_question_starts, anchored=True)
        self._continuity = _phrases(self.triggers.continuity, anchored=True)

    def decide(self, state: ProjectState, message: str) -> Decision:
        current = state.current_form_section
        reset = self._reset.search(message)
        if reset and current:
            remainder = _strip(self._reset.sub(" ", message[reset.end() :]))
            return Decision("reset", 0.9, f"reset trigger '{reset.group().strip()}'", remainder=remainder)
        revision = self._revision_target(state, message)
        if revision is not None:
            return revision
        cue = self._side.match(message.strip())
        asks = message.strip().endswith("?") or cue is not None
        if asks and current and not self._about_current(message, current):
            confidence = 0.85 if cue else 0.7
            reason = (
                f"a question ('{cue.group().strip()}') not about {current}"
                if cue
                else (f"a question that does not mention {current}'s terms")
            )
            return Decision("side_question", confidence, reason)
        signal = self._continuity.match(message.strip())
        reason = f"continuity signal '{signal.group().strip()}'" if signal else f"an answer to {current}"
        return Decision("continuing", 0.9 if signal else 0.8, reason)

    def _revision_target(self, state: ProjectState, message: str) -> Decision | None:
        trigger = self._revision.search(message)
        if not trigger:
            return None
        current = state.current_form_section
        answered = state.answered_sections
        numbers = [n for n in ITEM_NUMBER.findall(message) if self.forms.has_item(n)]
        by_number = [n for n in numbers if n != current and n != "3.00"]
        if by_number:
            return self._revision_decision(by_number[0], trigger, message, 0.95, "item number")
        lowered = message.lower()
        by_title = [
            i.number
            for i in self.forms.items
            if i.number in answered and i.number not in (current, "3.00") and _title(i) in lowered
        ]
        if by_title:
            return self._revision_decision(by_title[0], trigger, message, 0.85, "item title")
        return None

    def _revision_decision(
        self, target: str, trigger: re.Match, message: str, confidence: float, how: str
    ) -> Decision:
        title = self.forms.get_item(target).title
        reason = f"revision trigger '{trigger.group().strip()}' naming {target} {title} by {how}"
        remainder = _strip(ITEM_NUMBER.sub(" ", message[trigger.end() :]))
        return Decision("revision", confidence, reason, target=target, remainder=remainder)

    def _about_current(self, message: str, current: str) -> bool:
        item = self.forms.get_item(current)
        lowered = message.lower()
        terms = [_title(item), *[k.lower() for k in item.keywords]]
        return bool(ABOUT_CURRENT.search(message)) or any(t and t in lowered for t in terms)


FILLER = r"\b(?:let'?s|lets|please|ok(?:ay)?|so|and|then|this|that|item|question|one|again|it|all)\b"


def _title(item: FormItem) -> str:
    return re.sub(r"\s*\(.*?\)", "", item.title).strip().lower()


def _phrases(words: list[str], anchored: bool = False) -> re.Pattern[str]:
    body = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    prefix = r"^\W*" if anchored else r"(?<![\w'])"
    return re.compile(rf"{prefix}(?:{body})(?![\w'])", re.I)


def _strip(text: str) -> str:
    """Drop the punctuation and filler left where a trigger phrase was cut out."""
    if not re.sub(FILLER, " ", text, flags=re.I).strip(" ,.;:!-"):
        return ""
    text = re.sub(r"^[\s,.;:!-]+", "", text)
    text = re.sub(
        r"^(?:and |so |ok(?:ay)?[,.]? |to |item |the |it'?s |it is |please )+", "", text, flags=re.I
    )
    return text.strip()
