"""Proposals from the code engine: the classification article that fits, offered for a 'yes'.

When the consultant asks which article applies ("which article?", "not sure", "you pick") or
answers 3.10 without naming one, the advisor proposes the least demanding article that fits
the answers so far, with the comparison that makes it fit, as a question. A 'yes' to that
question records it; anything else is read as usual.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import product
from typing import Any

from wizard_core import carried, engine
from wizard_core.answers import parsing as p
from wizard_core.answers.base import FormFacts
from wizard_core.answers.construction import materials_named
from wizard_core.content import FormItem
from wizard_core.engine.classify import QUESTIONS
from wizard_core.engine.facts import FARM_ENTRY
from wizard_core.models import ProjectState

MARK = "Proposed for 3.10:"
PROPOSED_ARTICLE = re.compile(r"3\.2\.2\.\d+[A-E]?|" + re.escape(FARM_ENTRY))
ASKS = re.compile(
    r"\b(?:which|what)\b.*\b(?:article|classification|applies|apply|fits?)\b|\bnot sure\b|\bno idea\b|"
    r"\bdon'?t know\b|\byou (?:pick|choose|decide|tell me)\b|\b(?:suggest|propose|recommend)\b|"
    r"\bwhatever fits\b|\bbest fit\b",
    re.I,
)


def wanted(item: FormItem, message: str) -> bool:
    """Whether the consultant asks the wizard to choose the article."""
    return item.answer_type == "articles" and bool(ASKS.search(message))


def accepted(item: FormItem, state: ProjectState, message: str) -> list[str] | None:
    """The proposed articles, if the message says yes to the open proposal."""
    thread = state.active_clarifying_thread
    if item.answer_type != "articles" or not thread or MARK not in thread[-1].question:
        return None
    if not says_yes_to_it(message):
        return None
    proposed = thread[-1].question.split(MARK, 1)[1].split(". ", 1)[0]
    # One per occupancy, in 3.02's order; an article may serve two ("3.2.2.48, 3.2.2.48": a storage
    # garage built to the residential article), so repeats are kept.
    return PROPOSED_ARTICLE.findall(proposed) or None


# What a yes to the proposal may say besides yes: "yes, go with your proposed article please".
_ABOUT_IT = re.compile(
    r"\b(?:the|that|this|your|proposed|proposal|suggested|suggestion|articles?|one|classification|it|go|with|"
    r"use|do|let'?s|is|works|i|agree|fine|good|great|perfect|sounds|looks|please|thanks|thank you)\b",
    re.I,
)


def says_yes_to_it(message: str) -> bool:
    """A yes that answers the proposal and nothing else: "yes", "ok, go with that one". A yes that goes
    on to give another fact ("yes, sprinklered throughout") or article answers something else."""
    words = p.lexicon()
    if not words.accept.match(message) or re.search(r"\d", message):
        return False
    rest = _ABOUT_IT.sub(" ", words.accept_words.sub(" ", message))
    return not re.search(r"\w", rest)


SPRINKLERED = re.compile(r"\b(?:un|non-?)?sprinklere?d?\b|\bsprinklers?\b", re.I)
# Words that show a clause is about the structure, for materials named at another item.
STRUCTURE = re.compile(
    r"\b(?:fram\w*|construction|constructed|structur\w*|built|walls?|decks?|joists?|columns?|beams?|slabs?|"
    r"podium|timber|masonry|concrete|steel|wood|combustible|noncombustible|non-combustible)\b",
    re.I,
)
# "We dropped the sprinklers", "sprinklers deleted", "no longer sprinklered": a system taken out.
TAKEN_OUT = re.compile(r"\b(?:dropp|remov|delet|omitt|eliminat)(?:ed|ing)\b|\bno longer\b|\bwithout\b", re.I)
RETIREMENT = re.compile(r"\bretirement home\b", re.I)
# The answers' material names as the engine's construction kinds.
KINDS = {"encapsulated_mass_timber": "emtc", "noncombustible": "noncombustible", "combustible": "combustible"}


def stated_facts(
    texts: list[str], construction: FormItem | None, occupancy: FormItem | None = None, said_of: bool = False
) -> dict[str, Any]:
    """Facts the consultant gave in words for 3.10 that later items would record (latest wins).

    Materials are read as item 3.15 reads them (its words and its options' synonyms). A residential
    use named by a word of 3.02's Group C other than a retirement home ("student residence",
    "condos") says it is not one, unless a retirement home was named.
    """
    facts: dict[str, Any] = {}
    other_homes = _other_homes(occupancy)
    for text in texts:
        for clause in re.split(r"[;.,\n]|\bbut\b", text):
            if SPRINKLERED.search(clause):
                facts["sprinklered"] = not (
                    p.lexicon().negation.search(clause)
                    or re.search(r"\b(?:un|non-?)sprinkl", clause, re.I)
                    or TAKEN_OUT.search(clause)
                )
            if RETIREMENT.search(clause):
                facts["retirement_home"] = not p.lexicon().negation.search(clause)
            elif other_homes and other_homes.search(clause) and not facts.get("retirement_home"):
                facts["retirement_home"] = False
            named = materials_named(construction, clause) if construction is not None else set()
            if said_of and not STRUCTURE.search(clause):
                named = set()  # at another item, "a townhouse block" names no construction
            if {"combustible", "noncombustible"} <= named:
                facts["construction"] = "mixed"
            elif named:
                facts["construction"] = next(KINDS[m] for m in KINDS if m in named)
    return facts


GENERIC_HOMES = {"residential", "dwelling", "multi-unit residential", "residential suites"}


def _other_homes(occupancy: FormItem | None) -> re.Pattern[str] | None:
    """The words of 3.02's Group C option that name a residential use other than a retirement home."""
    option = next((o for o in occupancy.options if o.label == "C"), None) if occupancy else None
    words = (
        [w for w in option.synonyms if not RETIREMENT.search(w) and w not in GENERIC_HOMES] if option else []
    )
    if not words:
        return None
    return re.compile(
        r"\b(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\b", re.I
    )


YES_NO_FACTS = ("sprinklered", "retirement_home")  # facts the engine asks about as yes-or-no questions


def answered_facts(state: ProjectState) -> dict[str, Any]:
    """Facts given as a plain yes or no to the engine's question ('Sprinklered throughout?' 'Yes')."""
    facts: dict[str, Any] = {}
    for qa in state.active_clarifying_thread:
        asked = [name for name in YES_NO_FACTS if QUESTIONS[name][1] in qa.question]
        if len(asked) != 1 or not qa.answer:
            continue
        reply = p.normalize(qa.answer)
        if p.lexicon().yes.match(reply) and not p.lexicon().no.match(reply):
            facts[asked[0]] = True
        elif p.lexicon().no.match(reply):
            facts[asked[0]] = False
    return facts


def propose(
    item: FormItem, state: ProjectState, forms: FormFacts, texts: Sequence[str] = ()
) -> dict[str, Any] | None:
    """A question proposing the article for each occupancy, or asking the fact still missing."""
    if item.answer_type != "articles":
        return None
    answers = {a.section: a.value for a in state.finalized_answers}
    construction, occupancy = forms.fact_item("construction"), forms.fact_item("major_occupancies")
    earlier = said_earlier(state, item, construction, occupancy)
    facts = {**earlier, **answered_facts(state), **stated_facts(list(texts), construction, occupancy)}
    proposal = engine.propose(answers, **facts)
    if not proposal.occupancies:
        return None
    used = [
        words
        for name, value in earlier.items()
        if facts.get(name) == value
        for said, words in (_cases(name, answers) if name in CASES else ())
        if said == value
    ]
    from_earlier = f" From what you said at earlier items: {', '.join(used)}." if used else ""
    if not proposal.complete:
        if not proposal.missing:  # nothing would let an article fit: say so, and what it rests on
            why = " ".join(o.reason for o in proposal.occupancies if o.article is None)
            content = (
                f"No classification article fits the answers so far. {why}{from_earlier} Check the "
                "storeys, building area, streets and sprinklers behind it, or give the article you use."
            )
            return _question(content, 0.2, [])
        questions = "; ".join(m.question for m in proposal.missing[:2])
        content = f"To propose the 3.10 article I need to know more: {questions}"
        cases = by_case(answers, facts, [m.fact for m in proposal.missing[:2]])
        if cases:
            content += f" Meanwhile, for each case: {cases}. Tell me which applies."
        return _question(content, 0.2, [])
    articles = [o.article or FARM_ENTRY for o in proposal.occupancies]
    reasons = [o.reason.rstrip(". ") for o in proposal.occupancies]
    content = f"{MARK} {', '.join(articles)}. " + " ".join(f"{r}." for r in reasons)
    if any(o.uncertain for o in proposal.occupancies):
        content += " A figure behind this rests on an uncertain reading of the code text: confirm it."
    others = [f"{o.group}: {', '.join(o.alternatives)}" for o in proposal.occupancies if o.alternatives]
    if others:
        content += " Other articles that also fit: " + "; ".join(others) + "."
    content += from_earlier
    content += " Shall I record it? Answer yes, or give the article you use."
    return _question(content, 0.5, [a for a in articles if a.startswith("3.2.2.")])


# The items whose answers settle a fact the consultant may have stated in words at an earlier item.
SETTLED_BY = {"sprinklered": "3.11", "construction": "3.15"}


def said_earlier(
    state: ProjectState, item: FormItem, construction: FormItem | None, occupancy: FormItem | None
) -> dict[str, Any]:
    """Facts for the proposal stated at other items ("sprinklered throughout" at 3.01), where no
    answer settles them yet."""
    texts = [message for _, message in carried.said_before(state, item.number)]
    facts = stated_facts(texts, construction, occupancy, said_of=True)
    answered = state.answered_sections
    return {k: v for k, v in facts.items() if SETTLED_BY.get(k) not in answered}


# The cases a missing fact can take, as the engine reads them, and how each is said.
CASES: dict[str, tuple[tuple[Any, str], ...]] = {
    "sprinklered": ((True, "sprinklered throughout"), (False, "not sprinklered")),
    "construction": (("combustible", "combustible"), ("noncombustible", "noncombustible")),
    "retirement_home": ((False, "not a retirement home"), (True, "a retirement home")),
}
# With one major occupancy above another (3.2.2.7) each portion has its own article, so a building of
# both kinds, say a concrete podium under wood floors, is a case of its own.
PORTIONS = ("mixed", "combustible in one portion and noncombustible in the other")


def _cases(name: str, answers: dict[str, Any]) -> tuple[tuple[Any, str], ...]:
    if name == "construction" and engine.facts_from_answers(answers).stacked:
        return (*CASES[name], PORTIONS)
    return CASES[name]


def by_case(answers: dict[str, Any], facts: dict[str, Any], missing: list[str]) -> str:
    """'if sprinklered throughout and combustible: 3.2.2.51; if not sprinklered …: none fits', for the
    facts still missing: a proposal under each assumption, never recorded until one is chosen."""
    names = [name for name in missing if name in CASES and name not in facts]
    if not names:
        return ""
    parts = []
    for combination in product(*(_cases(name, answers) for name in names)):
        assumed = {name: value for name, (value, _) in zip(names, combination, strict=True)}
        said = " and ".join(words for _, words in combination)
        proposal = engine.propose(answers, **{**facts, **assumed})
        if proposal.complete:
            parts.append(f"if {said}: {', '.join(o.article or FARM_ENTRY for o in proposal.occupancies)}")
        elif proposal.missing:
            still = ", ".join(dict.fromkeys(m.fact.replace("_", " ") for m in proposal.missing))
            parts.append(f"if {said}: it still depends on {still}")
        else:
            parts.append(f"if {said}: no classification article fits the answers so far")
    return "; ".join(parts)


def _question(content: str, confidence: float, references: list[str]) -> dict[str, Any]:
    return {
        "type": "clarifying_question",
        "content": content,
        "confidence": confidence,
        "obc_references": references or ["3.2.2"],
        "value": None,
    }
