"""Replies the wizard gives itself, without the advisor: a reset, a bare revision, a side question."""

from __future__ import annotations

from wizard_core.answers import describe_value
from wizard_core.content import FormItem
from wizard_core.knowledge.lookup import CodeLookup
from wizard_core.models import ProjectState
from wizard_core.turns import Turn, TurnResult, wizard_reply


def reply(state: ProjectState, turn: Turn, item: FormItem, lookup: CodeLookup) -> TurnResult:
    """The wizard's own reply to a message that steers it rather than answering ``item``."""
    if turn.decision.kind == "side_question":
        return side_answer(state, turn, item, lookup)
    if turn.decision.kind == "revision":
        previous = state.answer_for(item.number)
        current = f" (current answer: {describe_value(item, previous.value)})" if previous else ""
        content = f"Back to {item.number} {item.title}{current}. {item.question}"
    else:
        content = (
            f"Starting {item.number} {item.title} over; the earlier discussion is kept in the archive. "
            + item.question
        )
    return wizard_reply(state, turn, "notice", content, item.references, item.number)


def side_answer(state: ProjectState, turn: Turn, item: FormItem, lookup: CodeLookup) -> TurnResult:
    """Answer a question about the code from the notes, without finalizing or advancing."""
    entries = lookup.for_question(turn.text, limit=3)
    state.turns[-1].query = turn.text
    state.turns[-1].excerpt_ids = [e.id for e in entries]
    if entries:
        best = entries[0]
        source = "your imported code text" if lookup.imported(best) else "the code notes (paraphrased)"
        others = ", ".join(e.id for e in entries[1:])
        content = f"From {source}, {best.edition} edition, {best.id} {best.title}: {best.text}" + (
            f" See also {others}." if others else ""
        )
    else:
        content = "Neither the code notes nor any imported code text cover that question."
    content += f" Back to {item.number} {item.title}: {item.question}"
    return wizard_reply(state, turn, "side_answer", content, [e.id for e in entries], item.number)
