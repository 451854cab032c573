"""Which classification articles fit the building: ``candidates(facts)`` and ``propose(answers)``.

An article is a candidate when it fits under every possible value of the facts not yet known
(an unsprinklered article fits whether or not sprinklers come; a limit that varies by streets is
read for one street until 3.09 says more). Candidates come least demanding first, in the test
order of the code data; ``conditions`` lists what the consultant must still confirm.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .code import Article, CodeData, load_code
from .facts import FARM_GROUPS, Facts, facts_from_answers
from .fit import Evaluation, evaluate


@dataclass(frozen=True)
class Candidate:
    article: str
    group: str
    reason: str  # e.g. "E, 1 storey, 6,000 m² ≤ 7,200 m², sprinklered, combustible permitted"
    uncertain: bool  # the fit rests on a figure the source marks uncertain (OCR)
    conditions: tuple[str, ...] = ()  # what must also hold, for the consultant to confirm
    doubtful: bool = False  # a condition the building may well not meet (e.g. low fire load use only)
    sprinklered: bool = False  # the article requires sprinklers throughout (3.11 'Entire building')
    restriction: str = ""  # the 3.15 restriction label the article gives
    summary: str = ""


@dataclass(frozen=True)
class MissingFact:
    fact: str
    item: str
    question: str


@dataclass(frozen=True)
class OccupancyProposal:
    group: str
    article: str | None
    reason: str
    uncertain: bool = False
    conditions: tuple[str, ...] = ()
    alternatives: tuple[str, ...] = ()  # the other fitting articles, in order
    missing: tuple[MissingFact, ...] = ()  # facts that could change or settle the choice


@dataclass(frozen=True)
class Proposal:
    occupancies: tuple[OccupancyProposal, ...]
    missing: tuple[MissingFact, ...]

    @property
    def articles(self) -> list[str | None]:
        return [o.article for o in self.occupancies]

    @property
    def complete(self) -> bool:
        """Every occupancy has an article, or needs none (farm buildings).

        ``missing`` may still name facts that could let a less demanding article fit.
        """
        return bool(self.occupancies) and all(
            o.article is not None or o.group in FARM_GROUPS for o in self.occupancies
        )


QUESTIONS: dict[str, tuple[str, str]] = {
    "groups": ("3.02", "Which major occupancies does the building contain?"),
    "storeys": ("3.07", "How many storeys does the building have above grade?"),
    "storeys_below": ("3.07", "How many storeys are below grade (is there a basement)?"),
    "building_area": ("3.04", "What is the building area in m²?"),
    "streets": (
        "3.09",
        "How many streets does the building face under 3.2.2.10 (2 = at least 50 % of the "
        "perimeter within 15 m of a street, 3 = at least 75 %)?",
    ),
    "sprinklered": ("3.11", "Will the building be sprinklered throughout?"),
    "construction": (
        "3.15",
        "Will the structure be combustible, noncombustible, encapsulated mass timber, or partly combustible "
        "and partly noncombustible?",
    ),
    "retirement_home": (
        "3.02",
        "Is the Group C occupancy a retirement home (articles 3.2.2.55A to 3.2.2.55E)?",
    ),
}


def _missing(names: list[str]) -> tuple[MissingFact, ...]:
    return tuple(MissingFact(n, *QUESTIONS[n]) for n in dict.fromkeys(names) if n in QUESTIONS)


def _below_ground(code: CodeData, group: str, facts: Facts) -> str:
    """The 3.2.2.15 consequence of storeys more than one deep, for the candidate's reason."""
    rule = code.rules.below_ground
    if facts.storeys_below is None or facts.storeys_below <= rule.deep_when_storeys_below_over:
        return ""
    minutes = rule.floor_minutes_hazard if group in rule.hazard_groups else rule.floor_minutes
    return f"basements sprinklered and floors below ground {minutes // 60} h fire separations ({rule.ref})"


def _candidate(ev: Evaluation, extra: str = "") -> Candidate:
    art = ev.article
    conditions = tuple(i.text for i in ev.issues if i.fits == "if")
    reason = f"{ev.group}, " + ", ".join([*ev.parts, extra] if extra else ev.parts)
    if conditions:
        reason += " — only if: " + " ".join(conditions)
    notes = [n for n in dict.fromkeys(ev.uncertain) if n not in reason]
    if notes:
        reason += " (uncertain (OCR): " + "; ".join(notes) + ")"
    return Candidate(
        article=art.id,
        group=ev.group,
        reason=reason,
        uncertain=bool(ev.uncertain),
        conditions=conditions,
        doubtful=any(i.fits == "if" and i.severity == "warning" for i in ev.issues),
        sprinklered=art.sprinklers.required,
        restriction=art.construction.restriction,
        summary=art.summary,
    )


def _articles_for(code: CodeData, group: str, facts: Facts) -> list[Article]:
    order = code.order_for(group, retirement_home=facts.retirement_home is True)
    riders = [
        a for a in code.riders_for(group) if a not in order and any(h in facts.groups for h in a.groups)
    ]
    if not riders:
        return order
    # A mixed-use rider (e.g. E under 3.2.2.51(5)) ranks with the combustible-permitted articles.
    riders.sort(key=lambda a: (not a.construction.combustible, _rank(code, a)))
    cut = next((i for i, a in enumerate(order) if not a.construction.combustible), len(order))
    return order[:cut] + riders + order[cut:]


def _rank(code: CodeData, article: Article) -> int:
    for order in code.test_order.values():
        if article.id in order:
            return order.index(article.id)
    return 0


def _assess(code: CodeData, group: str, facts: Facts) -> tuple[list[Candidate], list[tuple[int, list[str]]]]:
    found: list[Candidate] = []
    blocked: list[tuple[int, list[str]]] = []  # (candidates found so far, facts that would settle it)
    for article in _articles_for(code, group, facts):
        ev = evaluate(article, group, facts)
        verdict = ev.fits
        if verdict in ("yes", "if"):
            found.append(_candidate(ev, _below_ground(code, group, facts)))
        elif verdict == "unknown":
            blocked.append((len(found), [i.missing for i in ev.issues if i.missing]))
    return found, blocked


def candidates(facts: Facts, code: CodeData | None = None) -> list[Candidate]:
    """For each major occupancy in 3.02 order, the articles that fit, least demanding first."""
    data = code or load_code()
    out: list[Candidate] = []
    for group in dict.fromkeys(facts.classified_groups):
        out.extend(_assess(data, group, facts)[0])
    return out


def _best(found: list[Candidate]) -> Candidate | None:
    return next((c for c in found if not c.doubtful), found[0] if found else None)


def propose_for(facts: Facts, code: CodeData | None = None) -> Proposal:
    """``propose`` from Facts already built."""
    data = code or load_code()
    if not facts.groups:
        return Proposal((), _missing(["groups"]))
    results: list[OccupancyProposal] = []
    for group in dict.fromkeys(facts.groups):
        if group in FARM_GROUPS:
            results.append(OccupancyProposal(group, None, data.rules.farm_buildings.statement))
            continue
        found, blocked = _assess(data, group, facts)
        best = _best(found)
        cut = found.index(best) if best else len(found)
        missing = _missing([n for at, names in blocked if at <= cut for n in names])
        if best is None:
            why = "still missing: " + ", ".join(m.fact for m in missing) if missing else "no article fits"
            results.append(
                OccupancyProposal(
                    group, None, f"{group}: no 3.2.2 article can be proposed; {why}.", missing=missing
                )
            )
            continue
        others = tuple(c.article for c in found if c is not best)
        results.append(
            OccupancyProposal(
                group, best.article, best.reason, best.uncertain, best.conditions, others, missing
            )
        )
    every = [m.fact for r in results for m in r.missing]
    return Proposal(tuple(results), _missing(every))


def propose(answers: Mapping[str, Any], **facts: Any) -> Proposal:
    """The best article per occupancy in 3.02 order, with its reason, or the facts still missing.

    Keyword arguments override facts the answers cannot give, e.g. ``retirement_home=False``.
    """
    known = facts_from_answers(answers)
    return propose_for(replace(known, **facts) if facts else known)
