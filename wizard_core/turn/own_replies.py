"""Replies the wizard gives itself, without the advisor: a reset, a bare revision, a side question.

A side answer comes from the code notes (or the consultant's imported code text), found with the
project's own facts: a question from a Group D office is not answered with a theatre's article.
It says which facts it used, and leaves the current item as it was.
"""

from __future__ import annotations

from typing import Any

from wizard_core.answers import describe_value
from wizard_core.content import FormItem, KnowledgeEntry
from wizard_core.forms import FormQuestionService
from wizard_core.knowledge.lookup import CodeLookup
from wizard_core.models import ProjectState
from wizard_core.turn.record import Turn, TurnResult, wizard_reply

SEARCHED = 8  # entries looked at before those about other occupancies are set aside
SHOWN = 3
FACT_TYPES = ("multi_choice", "area", "building_height")  # facts a side answer is tied to


def reply(
    state: ProjectState, turn: Turn, item: FormItem, lookup: CodeLookup, forms: FormQuestionService
) -> TurnResult:
    """The wizard's own reply to a message that steers it rather than answering ``item``."""
    if turn.decision.kind == "side_question":
        return side_answer(state, turn, item, lookup, forms)
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


def side_answer(
    state: ProjectState, turn: Turn, item: FormItem, lookup: CodeLookup, forms: FormQuestionService
) -> TurnResult:
    """Answer a question about the code from the notes, tied to the project; nothing is finalized."""
    groups = _groups(state, forms)
    entries = _for_project(lookup.for_question(turn.text, limit=SEARCHED), groups, forms)[:SHOWN]
    state.turns[-1].query = turn.text
    state.turns[-1].excerpt_ids = [e.id for e in entries]
    facts = project_facts(state, forms)
    content = f"For this building ({facts}): " if facts else ""
    if entries:
        best = entries[0]
        source = "your imported code text" if lookup.imported(best) else "the code notes (paraphrased)"
        others = ", ".join(e.id for e in entries[1:])
        content += f"from {source}, {best.edition} edition, {best.id} {best.title}: {best.text}" + (
            f" See also {others}." if others else ""
        )
    else:
        content += "neither the code notes nor any imported code text cover that question."
    content = content[:1].upper() + content[1:]
    if state.current_form_section is None:
        content += " Every item is answered; to change one, name it with its new value."
    else:
        content += f" Back to {item.number} {item.title}: {item.question}"
    return wizard_reply(state, turn, "side_answer", content, [e.id for e in entries], item.number)


def _groups(state: ProjectState, forms: FormQuestionService) -> list[str]:
    occupancies = forms.fact_item("major_occupancies")
    answer = state.answer_for(occupancies.number) if occupancies else None
    return [str(g) for g in answer.value] if answer and isinstance(answer.value, list) else []


def _for_project(
    entries: list[KnowledgeEntry], groups: list[str], forms: FormQuestionService
) -> list[KnowledgeEntry]:
    """The entries, those for the project's occupancies first and those for others left out."""
    if not groups:
        return entries

    def fit(entry: KnowledgeEntry) -> int:
        owners = forms.article_groups(entry.id)
        if not owners:
            return 1  # a general note
        return 0 if set(owners) & set(groups) else 2

    kept = [e for e in entries if fit(e) < 2]
    return sorted(kept, key=fit) or entries


def project_facts(state: ProjectState, forms: FormQuestionService) -> str:
    """The answers a side answer is read against, in brief: '3.02 D; 3.04 building area 1,150 m²; …'."""
    parts = []
    area_given = False
    for answer in state.finalized_answers:
        item = forms.get_item(answer.section)
        if answer.value is None or item.answer_type not in FACT_TYPES:
            continue
        if item.answer_type == "area":
            if area_given:
                continue
            area_given = True
        parts.append(f"{item.number} {_brief(item, answer.value)}")
    return "; ".join(parts)


def _brief(item: FormItem, value: Any) -> str:
    if item.answer_type == "area" and isinstance(value, dict):
        return f"{item.title.lower()} {value.get('total'):,.0f} m²"
    return describe_value(item, value)
