"""Search terms: how questions and excerpts become terms, and the consultant's words for the code's.

Article ids such as ``3.2.4.1`` stay one term (an excerpt also carries their prefixes, so a
question about ``3.2.4`` finds the articles under it); words are lower-cased and singular,
without stop words. ``content/search-terms.json`` adds the code's terms for words consultants
use (``glazing`` -> ``unprotected openings``) at a lower weight.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wizard_core.content import CONTENT_DIR
from wizard_core.errors import ContentError

SEARCH_TERMS_FILE = CONTENT_DIR / "search-terms.json"

_TOKEN = re.compile(
    r"\bgroup\s+[a-g]\b"  # occupancy groups: 'group c' is one term besides 'group'
    r"|\bpart\s+\d{1,2}\b"  # parts of the code: 'part 9'
    r"|(?:\b[abc]-)?\d+(?:\.\d+)+"  # article ids (3.2.4.1, A-1.4.1.2) and decimals
    r"|\bsb-?\s?\d+"  # supplementary standards (SB-10)
    r"|\d+/\d+"  # regulation numbers (163/24)
    r"|[a-z0-9]+"
    r"|%"
)
_SB = re.compile(r"sb-?\s?\d+")
_STOP_WORDS = """
a an the of and or in on at to for by with from per as is are be been being do does did i we my
our you your it its this that these those there here what which who whom how when where why can
could should would will shall may might must have has had not no any some all if then than so
about into over under up out also just only me us they them their he she am was were get got
want
"""
_STOP = frozenset(_STOP_WORDS.split())
# How a question is asked says nothing about its subject ("what counts as a storey"): the
# framing words would otherwise match notes that use them (occupant *count*) and outrank it.
QUESTION_FRAME = re.compile(
    r"\b(?:what (?:counts|qualifies|is considered|is treated) as|"
    r"what (?:is|are) (?:the )?(?:definition|meaning)s? of|"
    r"how (?:do|does|is|are) (?:you |we |one |the code )?"
    r"(?:define|defines|defined|count|counts|counted|measure|measures|measured|calculate|calculated)|"
    r"(?:does|do) (?:it|this|that|they) count as|does .{1,40}? count as|define|definition of)\b",
    re.I,
)
# Spellings consultants use interchangeably, mapped to the terms the notes use.
_CANONICAL: dict[str, tuple[str, ...]] = {
    "story": ("storey",),
    "highrise": ("high", "rise"),
    "sprinklered": ("sprinkler",),
    "frr": ("fire", "resistance", "rating"),
    "hour": ("h",),
    "hr": ("h",),
    "hrs": ("h",),
    "minute": ("min",),
}
_SHORT = frozenset({"h"})  # one-letter terms worth keeping: fire ratings in hours ('2 h')


def stem(word: str) -> str:
    """Strip a plural ending: occupancies -> occupancy, storeys -> storey, boxes -> box."""
    if len(word) <= 3 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes")):
        return word[:-2]
    return word[:-1]


def tokenize(text: str, *, prefixes: bool = False) -> list[str]:
    """Lower-cased, plural-stripped terms; ids whole, plus their prefixes when ``prefixes``."""
    terms: list[str] = []
    for raw in _TOKEN.findall(text.lower()):
        if raw[0].isdigit() or (raw[1:2] == "-" and raw[0] in "abc"):
            if "." in raw:
                number = raw.split("-", 1)[-1]
                terms.append(number)
                if prefixes:
                    parts = number.split(".")
                    terms += [".".join(parts[:n]) for n in range(len(parts) - 1, 1, -1)]
                continue
            terms.append(raw)
        else:
            terms += _term(raw)
    return terms


@lru_cache(maxsize=65536)
def _term(raw: str) -> tuple[str, ...]:
    """The terms for one matched word (cached: a large import repeats its words many times)."""
    if raw == "%":
        return ("percent",)
    if raw.startswith(("group ", "part ")):
        word, _, label = raw.partition(" ")
        return word, f"{word}-{label.strip()}"
    if raw.startswith("sb") and _SB.fullmatch(raw):
        return ("sb-" + raw[2:].lstrip("- "),)
    if raw in _STOP or (len(raw) == 1 and raw not in _SHORT):
        return ()
    word = stem(raw)
    return _CANONICAL.get(word, (word,))


class SearchTerms(BaseModel):
    """The content file of consultant words and the code terms they stand for."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    description: str = ""
    expansion_weight: float = Field(default=0.5, gt=0, le=1)
    synonyms: dict[str, list[str]]
    # A question asks what a term means when one of these comes just before the term ("what counts
    # as a storey"), or one of the others just after it ("how is building height defined").
    definition_asks: list[str] = Field(default_factory=list)
    definition_follows: list[str] = Field(default_factory=list)


@dataclass(frozen=True)
class Vocabulary:
    """Query expansion: a phrase in the query adds the code's terms for it, at a lower weight.

    Each added phrase shares ``weight`` among its terms, so a long phrase weighs no more
    than a short one and no expansion outweighs a word the consultant typed.
    """

    weight: float = 0.5
    rules: tuple[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]], ...] = ()
    definition_asks: tuple[str, ...] = ()
    definition_follows: tuple[str, ...] = ()

    def query_terms(self, query: str) -> dict[str, float]:
        """Query term -> weight: 1 for the query's own terms, less for the added ones."""
        tokens = tokenize(QUESTION_FRAME.sub(" ", query))
        terms = dict.fromkeys(tokens, 1.0)
        for phrase, targets in self.rules:
            if _contains(tokens, phrase):
                for target in targets:
                    for term in target:
                        terms[term] = max(terms.get(term, 0.0), self.weight / len(target))
        return terms


def _contains(tokens: list[str], phrase: tuple[str, ...]) -> bool:
    width = len(phrase)
    return any(tuple(tokens[i : i + width]) == phrase for i in range(len(tokens) - width + 1))


@lru_cache(maxsize=4)
def load_vocabulary(path: Path = SEARCH_TERMS_FILE) -> Vocabulary:
    """Read and check the search-terms file."""
    try:
        terms = SearchTerms.model_validate_json(path.read_bytes())
    except OSError as exc:
        raise ContentError(f"Cannot read the search terms file {path.name}.") from exc
    except ValidationError as exc:
        raise ContentError(f"The search terms file {path.name} is invalid: {exc.errors()[0]['msg']}") from exc
    rules = []
    for phrase, targets in terms.synonyms.items():
        key = tuple(tokenize(phrase))
        extra = tuple(tuple(tokenize(target)) for target in targets)
        if not key or not extra or not all(extra):
            raise ContentError(f"The search term {phrase!r} in {path.name} has no searchable words.")
        rules.append((key, extra))
    return Vocabulary(
        terms.expansion_weight, tuple(rules), tuple(terms.definition_asks), tuple(terms.definition_follows)
    )


_QUERY_REF = re.compile(
    r"\bdiv(?:ision)?\.?\s*(?P<div>[abc])\b[\s,]*(?:(?:article|sentence|subsection|section)\s*)?"
    r"(?P<divnum>\d+(?:\.\d+)+)"
    r"|\b(?P<pre>[ac])-(?P<prenum>\d+(?:\.\d+)+)"
    r"|(?<![\d.])(?P<num>\d+(?:\.\d+){1,4})(?!\d)"
    r"|\bsb-?\s?(?P<sb>\d+)\b"
    r"|\b(?:o\.?\s*reg\.?\s*)?(?P<reg>\d{2,3}/\d{2})\b",
    re.IGNORECASE,
)


def referenced_ids(query: str) -> list[str]:
    """Code references named in a query, normalized to knowledge ids, in order of mention."""
    found: list[str] = []
    for match in _QUERY_REF.finditer(query):
        if match["divnum"]:
            div = match["div"].upper()
            ref = match["divnum"] if div == "B" else f"{div}-{match['divnum']}"
        elif match["prenum"]:
            ref = f"{match['pre'].upper()}-{match['prenum']}"
        elif match["num"]:
            ref = match["num"]
        elif match["sb"]:
            ref = f"SB-{match['sb']}"
        else:
            ref = f"O. Reg. {match['reg']}"
        if ref not in found:
            found.append(ref)
    return found
