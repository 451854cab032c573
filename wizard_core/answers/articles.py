"""Classification articles (3.10): one 3.2.2.xx article per major occupancy.

A farm building occupancy (Group G) has no 3.2.2 article: it is designed under Division B
Part 2 (Division A 1.3.3.1A), and 3.10 records that phrase as its entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from wizard_core.answers import parsing as p
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
            if reading.complete or reading.offer is not None:
                return reading
            return _concluded(text, groups, needed, where, forms) or reading
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


# How an article stands in a sentence. An article set aside (ruled out, too big for, rather than,
# the former one of "from 3.2.2.85 to 3.2.2.88") is never the answer; one cited as a comparison or
# a limit ("the 600 m2 that 3.2.2.54 allows", "vs 3.2.2.51", "if sprinklered, 3.2.2.88") may not be.
ART = "\u00a7"  # an article, masked in the words around another one
_LEAD = (  # the words that may stand between a marker and the article ("ruled out the article")
    r"(?:(?:the|an?|article|articles|art\.?|arts\.?|clause|sentence|using|use|under|in|for|to|of|by|be|"
    r"with|going\s+with|either|both|any|it|its|one)\s+){0,3}"
)
_LIST = rf"(?:{ART}\s*(?:,|and|or|nor|&|/)\s*{_LEAD})*"
_SIZE = r"(?:big|large|small|tall|high|much|many\s+\w+|restrictive|tight|limiting)"
_REJECTED_BEFORE = re.compile(
    r"(?:\brather\s+than|\binstead\s+of|\bother\s+than|\bunlike|\bexcept(?:\s+for)?|\bnot|\bnor|"
    r"\bruled?\s+out|\bruling\s+out|\breject(?:ed|ing)?|\bexclud(?:ed|ing|e)|\bdropp(?:ed|ing)|"
    r"\bdiscard(?:ed|ing)?|\beliminat(?:ed|ing|e)|\bdisqualif(?:ied|ies|y)|"
    r"\btoo\s+" + _SIZE + r"\s+(?:for|to\s+use|to\s+go\s+with)|"
    r"\bexceed(?:s|ed|ing)?|\bno\s+need\s+for|\b(?:do|does|did)\s*n[o']?t\s+need|\bneedn't|"
    r"\b(?:can|could|would|will|do|does)(?:\s*n[o']?t|not)\s+(?:use|meet|work\s+under|get|go\s+with|qualify\s+for)|"
    r"\bcannot\s+(?:use|meet|get|qualify\s+for)|\bno\s+longer|\baway\s+from|\b(?:move[ds]?|moving|switch(?:ed|es|ing)?)"
    r"\s+(?:\w+\s+)?(?:off|from)|\bpreviously|\boriginally|\bformerly|\binitially|\bused\s+to\s+be|"
    r"\bwe\s+had|\bthe\s+old)\s+" + _LEAD + _LIST + r"$",
    re.I,
)
# "over the 600 m2 that 3.2.2.54 allows", "beyond the limit in 3.2.2.28": past the article's limit.
_PAST_LIMIT_BEFORE = re.compile(
    r"\b(?:over|above|beyond|past|more\s+than|bigger\s+than|larger\s+than|outside)\s+(?:the\s+|its\s+)?"
    r"(?:[\d,.]+\s*\S*\s+|limits?\s+|maximum\s+|max\s+|cap\s+|allowance\s+)(?:[\w,.]+\s+){0,3}?"
    r"(?:that|which|in|of|under|for|by)\s+" + _LEAD + r"$",
    re.I,
)
_FROM_BEFORE = re.compile(r"\bfrom\s+" + _LEAD + r"$", re.I)
_TO_AFTER = re.compile(rf"^\s*(?:to|into|over\s+to|->|=>|\u2192)\s*{_LEAD}{ART}", re.I)
_REJECTED_AFTER = re.compile(
    rf"^\s*(?:(?:->|=>|\u2192)\s*{ART}|(?:becomes|became|changes\s+to|changed\s+to|is\s+replaced\s+by|gives\s+way\s+to)"
    rf"\s+{_LEAD}{ART}|\W{{0,3}}(?:(?:is|was|'s|has\s+been|got)\s+)?(?:out\b|off\s+the\s+table|ruled\s+out|rejected|"
    rf"excluded|dropped|no\s+good|too\s+{_SIZE}\b|(?:does\s*n[o']?t|won'?t|will\s+not|would\s*n[o']?t|can'?t|cannot|"
    rf"no\s+longer)\s+(?:work|apply|applies|fit|do|cover|be)|(?:not|never|n't)\s+(?:an\s+option|possible|usable|"
    rf"available)|fails\b))",
    re.I,
)
_DOUBTFUL_BEFORE = re.compile(
    r"(?:\bvs\.?|\bversus|\bv\.|\bcompared\s+(?:to|with)|\bcomparing|\bthan|\bagainst|\bchecked|\bsimilar\s+to|"
    r"\blike|\bcf\.?|\blimits?\s+(?:of|in|under|from|for|set\s+by)|\b(?:cap|max|maximum|allowance)\s+(?:of|in|under|from)|"
    r"\b(?:allowed|permitted|set|given)\s+(?:by|in|under)|\bfrom|\bwhether|\blook(?:ed)?\s+at|\bconsider(?:ed|ing)?|"
    r"\btried|\btrying|\bwould\s+(?:\w+\s+){0,3}(?:to|into|under|need|use))\s+"
    + _LEAD
    + _LIST
    + rf"$|\bif\b[^{ART}]*$",
    re.I,
)
_DOUBTFUL_AFTER = re.compile(
    r"^(?:\s*,)?\s*(?:which\s+|that\s+)?(?:only\s+|also\s+|still\s+|just\s+)?(?:allows?|permits?|gives?|caps?|limits?|"
    r"stops?|tops?\s+out|maxes|would|could|might|'s\s+(?:limit|cap|max|maximum|allowance)|limit|cap|maximum)\b",
    re.I,
)
_CLAUSE_BREAK = re.compile(r"[.;:!?()\[\]]|\s(?:so|but|then|therefore|hence|thus|which\s+means)\s", re.I)


@dataclass(frozen=True)
class Mentions:
    """The classification articles a message names, by how it names them."""

    named: list[str]  # every article named, in order
    answers: list[str]  # named as the answer at least once and never set aside
    rejected: set[str]  # set aside somewhere in the message
    doubtful: list[str]  # named only as a comparison or a limit, never as the answer nor set aside
    contradicted: bool  # an article both given and set aside


# ".49" for 3.2.2.49 once the working has named Subsection 3.2.2: "too big for .51", "so C = .49"
_SHORT_ARTICLE = re.compile(r"(?<![\w.])\.(\d{2}[A-E]?)(?![\d.]\d)")
# The sentence a message's working ends on: "so C = .49, E = .66", "In the order of 3.02: 3.2.2.24,
# then 3.2.2.63.", "…, so .20. go with that"
_CONCLUDING = re.compile(
    r"\b(?:so|therefore|thus|hence|in\s+the\s+order\s+of\s+3\.02|in\s+that\s+order|final(?:ly)?|"
    r"going\s+with|go\s+with|we(?:'ll|\s+will)\s+use|answer\s*(?:is|:))\b\s*:?",
    re.I,
)
_SENTENCE = re.compile(r"(?<!\d)[.;!?\n]+(?!\d)")


def _concluded(text: str, groups: list[str], needed: int, where: str, forms: FormFacts) -> Reading | None:
    """The reading of the conclusion a message's working ends on ("… so C = .49, E = .66"), when the
    articles named along the way leave the answer open; None when there is no such conclusion."""
    concluded = concluded_articles(text)
    if not concluded or needed not in (0, len(concluded)):
        return None
    reading = _reading(concluded, groups, where, forms)
    if not reading.complete:
        return None
    reading.confidence = min(reading.confidence, 0.85)
    reading.notes.append(f"read from your conclusion: {', '.join(concluded)}")
    return reading


_HEDGE = re.compile(r"\bi\s+think\b|\bprobably\b|\bmaybe\b|\bperhaps\b|\bi\s+guess\b", re.I)


def concluded_articles(text: str) -> list[str]:
    """The articles the last concluding sentence of a message gives, abbreviations spelled out; []
    when the message ends on no such sentence."""
    text = p.normalize(text)
    if "3.2.2." in text or len(_SHORT_ARTICLE.findall(text)) > 1:
        text = _SHORT_ARTICLE.sub(lambda m: f"3.2.2.{m[1]}", text)
    sentences = [s for s in _SENTENCE.split(text) if s.strip()]
    for sentence in reversed(sentences[-3:]):
        for found in reversed(list(_CONCLUDING.finditer(sentence))):
            if _HEDGE.search(sentence[found.end() :]):
                return []  # "we'd go with 3.2.2.52 I think": asked about, as before
            articles = article_mentions(sentence[found.end() :]).answers
            if articles:
                return list(dict.fromkeys(articles))
        if p.classification_articles(sentence):
            return []  # the message ends on articles named otherwise: read as before
    return []


def article_mentions(text: str) -> Mentions:
    """How ``text`` names each classification article (the general ones, 3.2.2.1 to .19, left out)."""
    text = p.normalize(text)
    named = p.classification_articles(text)
    spans = [(m.start(), m.end()) for m in p.CLASSIFICATION_ARTICLE.finditer(text)]
    masked = p.CLASSIFICATION_ARTICLE.sub(lambda m: ART + " " * (len(m.group()) - 1), text)
    kinds: dict[str, set[str]] = {a: set() for a in named}
    for start, end in spans:
        article = text[start:end]
        if article not in kinds:
            continue
        kinds[article].add(_kind(masked, start, end))
    rejected = {a for a, k in kinds.items() if "rejected" in k}
    answers = [a for a in named if "answer" in kinds[a] and a not in rejected]
    doubtful = [a for a in named if kinds[a] == {"doubtful"}]
    contradicted = any({"answer", "rejected"} <= k for k in kinds.values())
    return Mentions(named, answers, rejected, doubtful, contradicted)


def _kind(masked: str, start: int, end: int) -> str:
    """'rejected', 'doubtful' or 'answer': how the article at ``start``..``end`` stands."""
    before = _CLAUSE_BREAK.split(masked[max(0, start - 80) : start])[-1]
    after = masked[end : end + 60]
    if _REJECTED_BEFORE.search(before) or _PAST_LIMIT_BEFORE.search(before) or _REJECTED_AFTER.match(after):
        return "rejected"
    if _FROM_BEFORE.search(before) and _TO_AFTER.match(after):
        return "rejected"
    if _DOUBTFUL_BEFORE.search(before) or _DOUBTFUL_AFTER.match(after):
        return "doubtful"
    return "answer"


def named_articles(text: str) -> list[str]:
    """The classification articles the text gives as the answer: not those it sets aside
    ('3.2.2.62 rather than 3.2.2.64', 'too big for 3.2.2.28'), cites as a comparison or a limit
    ('the 600 m2 that 3.2.2.54 allows'), nor the general articles it cites as reasons (3.2.2.10)."""
    return article_mentions(text).answers


def _reading_of(
    articles: list[str], mentions: Mentions, groups: list[str], where: str, forms: FormFacts
) -> Reading:
    """The 3.10 reading of a message that names articles: recorded when those given as the answer
    settle it, asked about when they do not, offered when the message's grammar leaves doubt."""
    aside = sorted(mentions.rejected)
    aside_text = f" (set aside: {', '.join(aside)})" if aside else ""
    needed = len([g for g in groups if not is_farm_group(g)])
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
