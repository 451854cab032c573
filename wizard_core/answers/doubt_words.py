"""Rivals in words to a reading.

Other options, occupancies or articles named, construction of another kind, a yes or no read
from words pointing both ways.
"""

from __future__ import annotations

import re
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.article_words import article_mentions
from wizard_core.answers.choice import narrowed
from wizard_core.answers.construction import (
    MIXED_SAID,
    construction_clauses,
    materials_named,
    restrictions_named,
)
from wizard_core.answers.option_matching import match_options
from wizard_core.answers.yes_no import cited_answer
from wizard_core.content import FormItem

# Clauses: sentences, semicolons, dashes, and the words that turn to another point.
_CLAUSE = re.compile(
    r"(?<!\bapprox)(?<!\bca)\.(?!\d)|[;!?\n]|\s[-\u2013\u2014]\s|\b(?:but|however|although|though|except|whereas)\b",
    re.I,
)


def rival_option(item: FormItem, text: str, value: Any) -> str:
    """The message names options, and the value is not the one it names."""
    named = [m.option.label for m in narrowed(text, match_options(text, item.options, one=True), item)]
    others = [label for label in named if label != value]
    if others and (value not in named or len(named) > 1):
        return f"the message names {' and '.join(others)}"
    return ""


def several(item: FormItem, text: str, value: Any) -> str:
    """Several occupancies, not all of them named by their codes. (A code the value leaves out is
    the reader's to weigh: "F3, not F2", "the former F2 plant".)"""
    values = value if isinstance(value, list) else [value]
    if len(values) > 1 and not _only_codes(text, values):
        return f"{len(values)} occupancies were read from your description"
    return ""


HYPOTHETICAL = re.compile(r"\b(?:could|might|would|may|if)\b", re.I)  # "the showroom could be called E"


def _only_codes(text: str, codes: list[str]) -> bool:
    """Whether every occupancy recorded was named by its code ("A2 and D", "c over e"), and not
    in a negation ("not the C route") or a supposition ("the showroom could be called E")."""
    normalized = p.normalize(text)
    said = set()
    for m in re.finditer(r"(?<![\w-])(?:[A-Fa-f]\s?[1-4]|[CDEcde])(?![\w-])", normalized):
        clause = re.split(r"[,;.:()]", normalized[max(0, m.start() - 40) : m.start()])[-1]
        if not p.lexicon().negated_before.search(clause) and not HYPOTHETICAL.search(clause):
            said.add(m[0].replace(" ", "").upper())
    return all(code in said for code in codes)


def other_articles(text: str, value: Any) -> str:
    """An article named as an answer that the value leaves out; one set aside ("from 3.2.2.85 to
    3.2.2.88", "too big for 3.2.2.41") or cited as a limit is no rival."""
    values = value if isinstance(value, list) else [value]
    mentions = article_mentions(text)
    named = mentions.named
    others = [a for a in mentions.answers if a not in values]
    if others:
        return f"the message also names {', '.join(others)}"
    if len(set(values)) > 1 and not all(a in named for a in values):
        return f"{len(set(values))} articles were read, not all of them named"
    return ""


def other_materials(item: FormItem, text: str, value: Any) -> str:
    """Restrictions of two kinds named, or materials of a kind the recorded construction leaves out
    (outside the restriction), or "both" said of a construction recorded as one kind."""
    if not isinstance(value, dict):
        return ""
    lowered = p.normalize(text).lower()
    restrictions = restrictions_named(item, lowered)
    if len(restrictions) > 1:
        return f"the message names both {' and '.join(sorted(restrictions))}"
    option = next((o for o in item.field_options.get("actual", []) if o.label == value.get("actual")), None)
    if option is None or not option.materials:
        return ""
    clauses = construction_clauses(lowered)
    named = set()
    for clause in clauses:
        named |= materials_named(item, clause)
    if named - set(option.materials):
        return "the message also names construction of another kind"
    if len(option.materials) == 1 and any(MIXED_SAID.search(c) for c in clauses):
        return "the message speaks of construction of both kinds"
    return ""


GENERIC_WORDS = frozenset({"required", "system", "design", "major", "number", "type"})  # in many titles


def yes_no_from_words(item: FormItem, text: str) -> str:
    """No leading yes or no, and the message speaks of something else, or has words pointing both
    ways in several points."""
    words = p.lexicon()
    normalized = p.normalize(text)
    if words.yes.match(normalized) or words.no.match(normalized) or cited_answer(text, item) is not None:
        return ""  # a leading yes or no decides ('3.2.5.7: yes, …' after its label)
    if not _speaks_of(item, normalized):
        return f"the message does not speak of {item.title.lower()}"
    both = words.negation.search(normalized) and words.affirming.search(normalized)
    return (
        "the yes or no was read from words pointing both ways" if both and len(clauses_of(text)) > 1 else ""
    )


def _speaks_of(item: FormItem, text: str) -> bool:
    """Whether ``text`` names the item's subject: a word of its title or one of its keywords."""
    lowered = text.lower()
    title_words = [w for w in re.findall(r"[a-z][a-z-]{3,}", item.title.lower()) if w not in GENERIC_WORDS]
    terms = [*title_words, *(k.lower() for k in item.keywords)]
    return any(re.search(rf"\b{re.escape(t)}", lowered) for t in terms if t)


def bare_yes_no(item: FormItem, text: str) -> bool:
    """A clause whose yes or no would come from its opening words alone ("It is …", "No …") while it
    speaks of something else."""
    words = p.lexicon()
    return bool(words.yes.match(text) or words.no.match(text)) and not _speaks_of(item, text)


def clauses_of(text: str) -> list[str]:
    return [c for c in _CLAUSE.split(text) if re.search(r"\w{2}", c)]
