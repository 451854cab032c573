"""What a revision changes for the answers resting on it: the items it flags, each with its reason.

An answered item is flagged only when the revision changes something its answer rests on. For the
items the engine works on, that is the engine's own verdict on them, run on the answers before and
after the revision: a check finding on the item, 3.10's proposal, a computed item's worked-out
figures or required ratings, or a figure that was the product of others (gross area as storeys
times building area). For the items the engine does not check, it is the form's ``depends_on``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from wizard_core import engine
from wizard_core.answers import describe_value, worked_out
from wizard_core.checks import COMPUTED, answers_of
from wizard_core.content import FormItem
from wizard_core.engine import Facts, facts_from_answers
from wizard_core.engine.assemblies import describe_need, required_assemblies
from wizard_core.engine.facts import articles_of, groups_of, pair_articles
from wizard_core.engine.text import area_text, number_text, plural
from wizard_core.errors import InvalidReplyError
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, ProjectState

# Items whose every code dependency the engine reads (its checks, 3.10's proposal, a calculator),
# with the facts it needs for that: once it has them, the engine's verdict alone decides whether a
# revision touches the item. The others, or these without those facts, fall back on depends_on.
MODELLED: dict[str, tuple[str, ...]] = {
    "3.05": ("storeys", "building_area"),
    "3.06": ("storeys", "building_area"),
    **{number: () for number in ("3.08", "3.10", "3.11", "3.12", "3.13", "3.15", "3.21", "3.22", "3.23")},
}
_SHOWN = 240  # characters of a computed item's new figures quoted in a flag's reason
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")

# A ground: what the item rests on, keyed so that before and after compare; the text says it now,
# the second text says what no longer holds when it is gone.
Ground = tuple[str, str]


def revision_flags(
    state: ProjectState, previous: FormAnswer, answer: FormAnswer, forms: FormQuestionService
) -> dict[str, str]:
    """The answered items ``answer`` (revising ``previous``) should flag, with each one's reason.

    ``state`` still holds ``previous``.
    """
    section = answer.section
    revised = forms.get_item(section)
    before = answers_of(state)
    after = {**before, section: answer.value}
    swapped = [answer if a is previous else a for a in state.finalized_answers]
    then = _grounds(before, state, forms)
    now = _grounds(after, state.model_copy(update={"finalized_answers": swapped}), forms)
    change = change_text(revised, previous.value, answer.value, before, after)
    flags: dict[str, str] = {}
    for item in forms.items:
        number = item.number
        if number == section or number not in state.answered_sections:
            continue
        old, new = then.get(number, {}), now.get(number, {})
        came = [text for key, (text, _) in new.items() if key not in old]
        went = [gone for key, (_, gone) in old.items() if key not in new]
        if came or went:
            flags[number] = f"{change}. {_sentence((came or went)[0])} Check it still holds."
        elif section in item.depends_on and not _modelled(number, after):
            flags[number] = f"{change}, which {number} {item.title} rests on. Check it still holds."
    return flags


def change_text(
    revised: FormItem, old: Any, new: Any, before: Mapping[str, Any], after: Mapping[str, Any]
) -> str:
    """'Building area went from 1,200 m² to 1,640 m²': the revision as the facts the engine reads."""
    was, now = facts_from_answers(before), facts_from_answers(after)
    said = [text for text in (_fact_change(name, was, now) for name in _FACTS) if text]
    if said:
        said[0] = said[0].replace(" went from ", f" ({revised.number}) went from ", 1)
        return " and ".join([said[0], *(text[:1].lower() + text[1:] for text in said[1:])])
    return (
        f"{revised.number} {revised.title} went from {describe_value(revised, old)} "
        f"to {describe_value(revised, new)}"
    )


_FACTS: dict[str, tuple[str, Any]] = {
    "groups": ("Major occupancy", lambda groups: ", ".join(groups) or "none"),
    "building_area": ("Building area", area_text),
    "storeys": ("Storeys above grade", number_text),
    "storeys_below": ("Storeys below grade", number_text),
    "height_m": ("Building height", lambda m: f"{number_text(m)} m"),
    "streets": ("Streets faced", number_text),
}


def _modelled(number: str, answers: Mapping[str, Any]) -> bool:
    if number not in MODELLED:
        return False
    facts = facts_from_answers(answers)
    return all(getattr(facts, name) is not None for name in MODELLED[number])


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _fact_change(name: str, was: Facts, now: Facts) -> str:
    old, new = getattr(was, name), getattr(now, name)
    if old == new or old is None or new is None:
        return ""
    label, shown = _FACTS[name]
    return f"{label} went from {shown(old)} to {shown(new)}"


def _grounds(
    answers: Mapping[str, Any], state: ProjectState, forms: FormQuestionService
) -> dict[str, dict[str, Ground]]:
    """Item number -> what the engine says the item rests on, with these answers."""
    out: dict[str, dict[str, Ground]] = {}
    for f in engine.check(answers):
        if f.severity != "info":
            key = f"finding:{f.severity}:{','.join(f.articles)}:{_NUMBER.sub('#', f.message)}"
            out.setdefault(f.item, {})[key] = (
                f.message,
                f"the point raised on it no longer applies ({f.message})",
            )
    if "3.10" in answers:
        out.setdefault("3.10", {}).update(_fitting(answers))
    for item in forms.items:
        if item.answer_type in COMPUTED and item.number in answers:
            out.setdefault(item.number, {}).update(_computed(item, answers[item.number], state))
    if "3.21" in answers:
        for need in required_assemblies(answers):
            line = describe_need(need)
            out.setdefault("3.21", {})[f"need:{line}"] = (
                f"the code now asks for {line}.",
                f"the code no longer asks for {line}.",
            )
    gross = _same_floors(answers)
    if gross:
        out.setdefault("3.05", {})["derived:same floors"] = (gross, f"{gross}, which no longer holds.")
    return out


def _fitting(answers: Mapping[str, Any]) -> dict[str, Ground]:
    """Whether each recorded 3.10 article is among those the engine finds fitting its occupancy."""
    fitting = {o.group: o for o in engine.propose(answers).occupancies}
    pairs = pair_articles(groups_of(answers), articles_of(answers)) or []
    out: dict[str, Ground] = {}
    for group, article in pairs:
        found = fitting.get(group)
        if found is None or article in (found.article, *found.alternatives):
            continue
        best = (
            f"the article that fits is {found.article} ({found.reason})"
            if found.article
            else f"no article fits ({found.reason})"
        )
        text = f"{article} is no longer among the articles that fit {group}: {best}."
        out[f"unfitting:{group}:{article}"] = (text, f"{article} now fits {group} again.")
    return out


def _computed(item: FormItem, value: Any, state: ProjectState) -> dict[str, Ground]:
    """A computed item's figures as the engine works them out from its inputs and the answers."""
    if value is None:
        return {}
    try:
        figures = worked_out(item, value, state)
    except InvalidReplyError as error:
        return {f"computed:{error}": (str(error), str(error))}
    shown = describe_value(item, figures)
    shown = shown if len(shown) <= _SHOWN else shown[: _SHOWN - 1].rstrip() + "…"
    key = "computed:" + json.dumps(figures, sort_keys=True, default=str)
    return {key: (f"its worked-out figures are now {shown}.", f"its worked-out figures were {shown}.")}


def _same_floors(answers: Mapping[str, Any]) -> str:
    """'its 3,450 m² was 3 storeys × 1,150 m² building area' when gross area is exactly that."""
    facts = facts_from_answers(answers)
    gross = answers.get("3.05")
    total = gross.get("total") if isinstance(gross, Mapping) else None
    if not isinstance(total, int | float) or facts.storeys is None or facts.building_area is None:
        return ""
    if facts.storeys < 2 or abs(total - facts.storeys * facts.building_area) > 0.5:
        return ""
    return (
        f"its {area_text(float(total))} was {plural(facts.storeys, 'storey')} × "
        f"{area_text(facts.building_area)} building area"
    )
