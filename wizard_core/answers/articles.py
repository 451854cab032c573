"""Classification articles (3.10): one 3.2.2.xx article per major occupancy.

A farm building occupancy (Group G) has no 3.2.2 article: it is designed under Division B
Part 2 (Division A 1.3.3.1A), and 3.10 records that phrase as its entry.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import permutations
from typing import Any

from wizard_core.answers.article_words import (
    Mentions,
    article_mentions,
    concluded_articles,
    short_articles_spelled,
)
from wizard_core.answers.base import AnswerType, FormFacts, Reading
from wizard_core.content import FormItem
from wizard_core.engine.text import plural
from wizard_core.models import ProjectState

ARTICLE = re.compile(r"^3\.2\.2\.(?P<num>\d{2})(?P<suffix>[A-E])?$")
FARM_BUILDINGS = "Division B Part 2"
FARM_GROUP = re.compile(r"^G\d$")
PART_2 = re.compile(r"\bpart\s*2\b", re.IGNORECASE)
MAX_MATCHED = 6  # occupancies beyond this are matched to articles in the order given


def _schema(item: FormItem) -> dict[str, Any]:
    entry = {
        "anyOf": [
            {"type": "string", "pattern": ARTICLE.pattern},
            {"type": "string", "enum": [FARM_BUILDINGS]},
        ]
    }
    return {"type": "array", "items": entry}


def _validate(item: FormItem, value: Any) -> list[str]:
    if not isinstance(value, list) or not value:
        raise ValueError("expected a list of one or more 3.2.2.xx articles")
    entries = []
    for entry in value:
        if str(entry).strip().casefold() == FARM_BUILDINGS.casefold():
            entries.append(FARM_BUILDINGS)  # one per farm occupancy, so repeats are kept
            continue
        match = ARTICLE.match(str(entry))
        if not match or not 20 <= int(match["num"]) <= 93:
            raise ValueError(
                f"{entry!r} is not a classification article 3.2.2.20 to 3.2.2.93 "
                f"(or '{FARM_BUILDINGS}' for a Group G occupancy)"
            )
        entries.append(entry)  # one per occupancy in 3.02's order: an article may serve two (3.2.2.48(4))
    return entries


def _describe(item: FormItem, value: Any) -> str:
    return ", ".join(str(v) for v in value)


def is_farm_group(group: str) -> bool:
    return bool(FARM_GROUP.match(group))


def read_articles(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    occupancy_item = forms.fact_item("major_occupancies")
    where = occupancy_item.number if occupancy_item else "the major occupancies"
    occupancies = state.answer_for(occupancy_item.number) if occupancy_item else None
    groups = list(occupancies.value) if occupancies and occupancies.value else []
    if groups and all(is_farm_group(g) for g in groups):
        return Reading([FARM_BUILDINGS] * len(groups), True, confidence=0.9, notes=_farm_note(groups))
    texts = [short_articles_spelled(t) for t in texts]  # '.81 is enough'
    set_aside: set[str] = set()  # articles a later message ruled out, never taken from an earlier one
    needed = len([g for g in groups if not is_farm_group(g)])
    for text in reversed(texts):
        mentions = article_mentions(text)
        if mentions.named:
            articles = [a for a in mentions.answers if a not in set_aside]
            if len(set(articles)) == 1 and len(groups) > 1 and FOR_EVERY.search(text):
                note = (
                    f"{articles[0]} for each of {', '.join(groups)}, as you said: confirm it covers them all"
                )
                return Reading([articles[0]] * len(groups), True, confidence=0.75, notes=[note])
            reading = _reading_of(articles, mentions, groups, where, forms)
            if reading.complete:
                return reading
            concluded = _concluded(text, groups, needed, where, forms)
            concluded = concluded or _labelled(text, groups, where, forms)
            if reading.offer is not None:  # offered for doubt, unless the working ends on just these
                if concluded is not None and set(concluded.value) == set(reading.offer):
                    return concluded
                return reading
            return concluded or reading
        set_aside |= mentions.rejected
        if not groups and PART_2.search(text):
            return Reading([FARM_BUILDINGS], True, confidence=0.6)
    spans = "; ".join(f"{g}: {_span(forms, g)}" for g in groups) if groups else "3.2.2.20 to 3.2.2.93"
    return Reading(missing=f"the classification article for each major occupancy ({spans})")


# One article said to cover every occupancy: "3.2.2.51 for both", "the same article for all of them".
FOR_EVERY = re.compile(
    r"\bfor\s+(?:both|all|each|every\s+one)(?:\s+of\s+them)?\b|\bboth\s+(?:go|fall|come)\s+under\b|"
    r"\bsame\s+article\b|\bcovers\s+(?:both|all)\b",
    re.I,
)


def _concluded(text: str, groups: list[str], needed: int, where: str, forms: FormFacts) -> Reading | None:
    """The reading of the conclusion a message's working ends on ("… so C = .49, E = .66"), when the
    articles named along the way leave the answer open; None when there is no such conclusion."""
    concluded = concluded_articles(text)
    if not concluded or needed not in (0, len(concluded)):
        return None
    return _read_from(concluded, groups, where, forms, f"read from your conclusion: {', '.join(concluded)}")


def _read_from(
    articles: list[str], groups: list[str], where: str, forms: FormFacts, note: str
) -> Reading | None:
    """The reading of the articles a message's own words single out, to confirm (at most 0.85, with
    ``note``), or None when they do not settle the item."""
    reading = _reading(articles, groups, where, forms)
    if not reading.complete:
        return None
    reading.confidence = min(reading.confidence, 0.85)
    reading.notes.append(note)
    return reading


# 'E: 3.2.2.71. Sprinklered …' over 'F2: 3.2.2.81 …': each occupancy's article on a line opened by its code
_LABELLED = re.compile(
    r"(?im)^[\s\-\u2022*]*(?:group\s+)?([a-f](?:-?\d)?)\s*[:=\u2013\u2014-]+\s*(?:art(?:icle)?\.?\s*)?"
    r"(3\.2\.2\.\d{1,2}[a-z]?)\b"
)


def _labelled(text: str, groups: list[str], where: str, forms: FormFacts) -> Reading | None:
    """The articles a message gives one to a line, each after its occupancy's code, when the other
    articles it names along the way ('the unsprinklered 3.2.2.68 and 3.2.2.78 stop at 1,500 m²') leave the
    answer open; None unless every occupancy of 3.02 has one such line, with an article of its group."""
    found: dict[str, set[str]] = {}
    for m in _LABELLED.finditer(text):
        found.setdefault(m[1].upper().replace("-", ""), set()).add(m[2].upper())  # '3.2.2.55b': 3.2.2.55B
    classified = [g for g in groups if not is_farm_group(g)]
    if not classified or set(found) != set(classified) or any(len(a) != 1 for a in found.values()):
        return None
    articles = [next(iter(found[g])) for g in classified]
    if any(g not in forms.article_groups(a) for g, a in zip(classified, articles, strict=True)):
        return None
    note = f"read from the lines that give each group its article: {', '.join(articles)}"
    return _read_from(articles, groups, where, forms, note)


def _reading_of(
    articles: list[str], mentions: Mentions, groups: list[str], where: str, forms: FormFacts
) -> Reading:
    """The 3.10 reading of a message that names articles: recorded when those given as the answer
    settle it, asked about when they do not, offered when the message's grammar leaves doubt."""
    aside = sorted(mentions.rejected)
    aside_text = f" (set aside: {', '.join(aside)})" if aside else ""
    needed = len([g for g in groups if not is_farm_group(g)])
    if groups and articles:  # a comparison with an article of no group this building has is no rival
        kept = [a for a in mentions.doubtful if set(forms.article_groups(a)) & set(groups)]
        mentions = replace(mentions, doubtful=kept)
    if not articles:
        reading = Reading(missing=f"the classification article you use{aside_text}")
        if mentions.doubtful and (not groups or len(mentions.doubtful) == needed):
            fits = _reading(mentions.doubtful, groups, where, forms)
            if fits.complete:  # named only as a comparison or a limit: proposed, never recorded
                reading.offer = fits.value
                reading.offer_reason = "named as a comparison or a limit, not plainly as the answer"
        return reading
    reading = _reading(articles, groups, where, forms)
    if aside and not reading.complete:
        reading.missing += aside_text
    if not reading.complete or not (aside or mentions.doubtful or mentions.contradicted):
        return reading
    if mentions.doubtful or mentions.contradicted:  # the grammar leaves doubt: offered, not recorded
        others = ", ".join(dict.fromkeys([*mentions.doubtful, *aside]))
        return Reading(
            missing="the classification article you use",
            offer=reading.value,
            offer_reason=f"{others} read as compared or set aside, not as the answer",
        )
    reading.confidence = min(reading.confidence, 0.9)
    reading.notes.append(f"{', '.join(aside)} read as set aside, not the answer")
    return reading


def _reading(articles: list[str], groups: list[str], where: str, forms: FormFacts) -> Reading:
    """The 3.10 value from the articles given, one per occupancy of ``groups`` (if known)."""
    classified = [g for g in groups if not is_farm_group(g)]
    farm = [g for g in groups if is_farm_group(g)]
    if groups and len(articles) != len(classified):
        farm_text = f"; Group G ({', '.join(farm)}) takes '{FARM_BUILDINGS}' instead" if farm else ""
        return Reading(
            missing=f"one article per major occupancy: {where} lists {len(classified)} needing one "
            f"({', '.join(classified)}) but {plural(len(articles), 'article')} "
            f"{'was' if len(articles) == 1 else 'were'} given{farm_text}"
        )
    if not groups or not forms.form.classification_articles:
        return Reading(articles, True, confidence=0.9)
    matched = _match(classified, articles, forms)
    if isinstance(matched, str):
        given = ", ".join(f"{a} ({'/'.join(forms.article_groups(a)) or 'unknown group'})" for a in articles)
        return Reading(missing=f"an article for Group {matched} ({_span(forms, matched)}); given: {given}")
    by_group = dict(zip(classified, matched, strict=True))
    ordered = [by_group.get(g, FARM_BUILDINGS) for g in groups]
    notes = [f"listed in the order of the major occupancies in {where}"] if matched != articles else []
    return Reading(ordered, True, confidence=0.95, notes=notes + _farm_note(farm))


def _farm_note(groups: list[str]) -> list[str]:
    farm = [g for g in groups if is_farm_group(g)]
    if not farm:
        return []
    return [f"{', '.join(farm)}: no 3.2.2 article; farm buildings are designed under {FARM_BUILDINGS}"]


def _match(groups: list[str], articles: list[str], forms: FormFacts) -> list[str] | str:
    """The articles in the order of ``groups``, each within its group's ranges, keeping the order
    given where it fits (3.2.2.93 is open to several groups); else a group left without one."""
    fits = {a: set(forms.article_groups(a)) for a in articles}
    orders = permutations(articles) if len(articles) <= MAX_MATCHED else iter([tuple(articles)])
    for order in orders:
        if all(g in fits[a] for g, a in zip(groups, order, strict=True)):
            return list(order)
    taken: list[str] = []
    for group in groups:
        fit = next((a for a in articles if group in fits[a] and a not in taken), None)
        if fit is None:
            return group
        taken.append(fit)
    return taken


def _span(forms: FormFacts, group: str) -> str:
    if is_farm_group(group):
        return f"no 3.2.2 article; record '{FARM_BUILDINGS}'"
    ranges = forms.article_range(group)
    if not ranges:
        return "see 3.2.2"
    return " or ".join(first if first == last else f"{first} to {last}" for first, last in ranges)


ARTICLES = AnswerType(
    "articles",
    "one 3.2.2.xx article per major occupancy, in the order of 3.02; "
    f"'{FARM_BUILDINGS}' for a Group G (farm building) occupancy, which has no 3.2.2 article",
    _schema,
    _validate,
    _describe,
    read_articles,
)
ANSWER_TYPES = (ARTICLES,)
