"""Conversation control in plain words: "skip", "come back to this", "undo that", "back", "go to 3.07".

A message that is only such a command steers the wizard as the page's buttons do, and the
wizard says what it did; a command with more in it ("skip the basement, it's two storeys") is an
answer, not a command. A command that cannot be done now (nothing to undo, the last item left)
is answered with why, and nothing changes. The message is kept in the transcript either way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from wizard_core.answers import describe_value
from wizard_core.errors import InputError
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState
from wizard_core.turn import progress, review
from wizard_core.turn.decisions import Decision, DecisionKind
from wizard_core.turn.record import Turn, TurnResult, wizard_reply

Action = Literal["skip", "undo", "back", "go"]

_POLITE = (
    r"(?:(?:ok(?:ay)?|so|right|hmm|um|please|let'?s|can we|could we|can you|could you|i'?d like to|"
    r"i want to)[,\s]+)*"
)
_TAIL = r"(?:[,\s]+(?:please|for now|for the moment|later|thanks|thank you|then|instead|first))*"
_THIS = r"(?:this|it|that|this one|this item|this question|the question|the item)"
_PATTERNS: tuple[tuple[Action, re.Pattern[str]], ...] = (
    (
        "skip",
        re.compile(
            rf"^{_POLITE}(?:skip(?:\s+{_THIS})?|pass|next(?:\s+(?:item|question|one))?|move on|"
            rf"(?:i'?ll\s+|we'?ll\s+|let'?s\s+)?come back to\s+{_THIS}|leave\s+{_THIS}|park\s+{_THIS}|"
            r"not now|later|tbd|tbc|to be (?:determined|confirmed)|(?:i )?don'?t know yet|not known yet)"
            rf"{_TAIL}$",
            re.I,
        ),
    ),
    (
        "undo",
        re.compile(
            rf"^{_POLITE}(?:undo(?:\s+(?:that|it|this|(?:the|my) last(?: answer| one)?))?|"
            rf"take (?:that|it) back|take back (?:that|the last answer|my last answer)){_TAIL}$",
            re.I,
        ),
    ),
    (
        "back",
        re.compile(
            rf"^{_POLITE}(?:(?:go\s+)?back(?:\s+(?:one|a step|one step|an item|one item|a question))?|"
            rf"previous(?:\s+(?:item|question|one))?){_TAIL}$",
            re.I,
        ),
    ),
    (
        "go",
        re.compile(
            rf"^{_POLITE}(?:(?:go|jump|skip|move|switch|turn|head)\s+(?:ahead\s+|forward\s+|over\s+|straight\s+)?to|"
            rf"open|do|show me|take me to)\s+(?:item\s+|question\s+)?(?P<item>3\.\d\d){_TAIL}$",
            re.I,
        ),
    ),
)


@dataclass(frozen=True)
class Command:
    action: Action
    target: str | None = None  # the item "go to" names

    @property
    def decision(self) -> Decision:
        kind: DecisionKind = "revision" if self.action in ("back", "go") else "continuing"
        said = f" {self.target}" if self.target else ""
        return Decision(kind, 0.95, f"a command: {self.action}{said}", target=self.target)


def recognise(message: str, forms: FormQuestionService) -> Command | None:
    """The command the whole message is, or None (an answer, a question, a revision with a value)."""
    text = message.strip().rstrip(".!?").strip()
    if len(text) > 80:
        return None
    for action, pattern in _PATTERNS:
        match = pattern.match(text)
        if match is None:
            continue
        target = match.groupdict().get("item")
        if target is not None and not forms.has_item(target):
            return None
        return Command(action, target)
    return None


def run(
    command: Command, state: ProjectState, turn: Turn, forms: FormQuestionService, now: datetime
) -> TurnResult:
    """Do what the command says, and say what was done (or why it could not be, changing nothing)."""
    try:
        content, section = _do(command, state, forms, now)
    except InputError as error:
        content, section = str(error), state.current_form_section or forms.sections[-1]
    item = forms.get_item(section)
    return wizard_reply(state, turn, "notice", content, item.references, item.number)


def _do(command: Command, state: ProjectState, forms: FormQuestionService, now: datetime) -> tuple[str, str]:
    current = state.current_form_section
    if command.action == "skip":
        if current is None:
            raise InputError("Every item is answered, so there is nothing to skip.")
        left = forms.get_item(current)
        following = progress.skip(state, current, forms, now)
        return (
            f"Set {left.number} {left.title} aside; I'll come back to it once the rest is answered. "
            + _ask(state, forms, following),
            following,
        )
    if command.action == "undo":
        undone = review.undo(state, forms, now)
        taken = forms.get_item(undone.answer.section)
        was = describe_value(taken, undone.answer.value)
        if undone.restores is not None:
            now_text = f"its earlier answer is back: {describe_value(taken, undone.restores.value)}"
        else:
            now_text = "it is unanswered again"
        here = state.current_form_section or taken.number
        return f"Took back {taken.number} {taken.title} ({was}); {now_text}. " + _ask(
            state, forms, here
        ), here
    target: str | None = command.target if command.action == "go" else _previous(state, forms)
    if target is None:
        raise InputError("This is the first item; there is no item before it.")
    if target == "3.00":
        raise InputError("3.00 comes from the project's code edition; it is set when the project is made.")
    progress.move_to(state, target, now)
    state.updated_at = now
    return _ask(state, forms, target), target


def _previous(state: ProjectState, forms: FormQuestionService) -> str | None:
    order = forms.sections
    current = state.current_form_section
    if current is None:
        return order[-1]
    index = order.index(current)
    return order[index - 1] if index > 1 else None


def _ask(state: ProjectState, forms: FormQuestionService, section: str | None) -> str:
    if section is None:
        return "Every item is answered."
    item = forms.get_item(section)
    answer = state.answer_for(section)
    if answer is not None:
        shown = describe_value(item, answer.value)
        return (
            f"Now at {item.number} {item.title} (current answer: {shown}). To change it, give the new answer."
        )
    return f"Now at {item.number} {item.title}: {item.question}"
