"""Construction type (3.15): the restriction, the actual construction, and heavy timber."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record, enum_schema, option_label
from wizard_core.answers.vocabulary import Vocabulary, alternation, phrase_pattern, vocabulary
from wizard_core.content import FormItem, Material, Option
from wizard_core.models import ProjectState

FIELDS = ("restriction", "actual")


class Construction(Record):
    restriction: str
    actual: str
    heavy_timber: bool


def _schema(item: FormItem) -> dict[str, Any]:
    schema = Construction.model_json_schema()
    for name in FIELDS:
        schema["properties"][name]["enum"] = enum_schema(item.field_options[name])["enum"]
    return schema


def _validate(item: FormItem, value: Any) -> dict[str, Any]:
    record = Construction.model_validate(value)
    for name in FIELDS:
        setattr(record, name, option_label(item.field_options[name], getattr(record, name)))
    return record.model_dump()


def _describe(item: FormItem, value: Any) -> str:
    timber = "heavy timber" if value["heavy_timber"] else "no heavy timber"
    return f"Restriction: {value['restriction']}; actual: {value['actual']}; {timber}"


class _Words:
    """The construction patterns, built from the vocabulary and the item's option synonyms."""

    def __init__(self, words: Vocabulary) -> None:
        c = words.construction
        self.clause_break = re.compile(rf"[;.,]|\s/\s|{alternation(c.clause_breaks)}", re.I)
        self.part_break = re.compile(rf"{alternation(c.part_breaks)}", re.I)
        self.cladding = phrase_pattern(c.cladding_words)
        self.heavy_timber = phrase_pattern(c.heavy_timber)
        self.materials = {material: phrase_pattern(phrases) for material, phrases in c.materials.items()}
        self.restriction = phrase_pattern(c.restriction_words)
        self.permissive = list(c.most_permissive_first)
        # "combustible permitted and used": the clause gives the actual construction too.
        self.also_used = re.compile(
            rf"\b(?:and|&)\s+(?:is\s+|will be\s+)?{alternation(c.also_used_words)}", re.I
        )


@cache
def _words() -> _Words:
    return _Words(vocabulary())


def _synonyms(item: FormItem) -> tuple[tuple[re.Pattern[str], frozenset[Material]], ...]:
    """Each option synonym as a phrase naming its option's materials ('wood frame' names combustible)."""
    found = []
    for options in item.field_options.values():
        for option in options:
            for phrase in option.synonyms:
                found.append((phrase_pattern([p.normalize(phrase)]), frozenset(option.materials)))
    return tuple(found)


def materials_named(item: FormItem, clause: str) -> set[Material]:
    """The materials a clause names, by the vocabulary's words or an option's synonyms.

    A part of the clause about a finish ('with wood cladding') names no structural material.
    """
    words = _words()
    named: set[Material] = set()
    for part in words.part_break.split(clause):
        if words.cladding.search(part):
            continue
        named |= {m for m, pattern in words.materials.items() if pattern.search(part)}
        named |= {m for pattern, materials in _synonyms(item) if pattern.search(part) for m in materials}
    return named


# "…, so it is combustible", "so a mix": what the parts named before add up to, in the consultant's words.
CONCLUSION = re.compile(
    r"(?:⇒|=>|->|→)|\b(?:so|therefore|thus|hence|overall|which\s+makes\s+it|making\s+it|and\s+(?:it|that)(?:'s|\s+is)"
    r"|i'?d\s+(?:still\s+)?call\s+it|we\s+call\s+it)\b"
    r"(?:\s+(?:it|that|this)(?:'s|\s+is))?",
    re.I,
)
# the kind an arrow concludes on ('-> combustible'), not the parts it goes on to list ('-> exist block +
# OWSJ')
_KIND_AFTER = re.compile(r"\s*(?:it'?s\s+|all\s+)?(?:(?:non-?)?combustible|both|mixed|a\s+mix)\b", re.I)
_MIXED_BUILT = re.compile(
    r"\b(?:mix|mixed|hybrid|combination)\b(?![\s-]+(?:use|occupanc))"  # (not 'a mixed-use building')
    r"|\b(?:actual|type|construction)\s*[:=-]?\s*both\b",
    re.I,
)
_BOTH_AFTER = re.compile(r"\s*(?:it'?s\s+|that'?s\s+)?(?:both|mixed|a\s+mix)\b", re.I)
# "actual noncombustible", "actual is combustible and noncombustible", "actual = NC", "what's built is
# noncombustible": the kind said.
ACTUAL_SAID = re.compile(
    r"(?:\bactual(?:ly)?(?:\s+construction)?|\bwhat(?:'s|\s+is|\s+gets|\s+we(?:'re|\s+are))\s+(?:built|building|being\s+built)"
    # 'what's there is combustible', 'what exists is …': an existing building's construction
    r"|\bwhat(?:'s|\s+is)\s+(?:there|existing|in\s+place)|\bwhat\s+exists"
    r"|\bas[\s-]built)\s*(?:is|=|:|-)?\s*((?:non-?)?combustible(?:\s*(?:and|\+|&|/)\s*"
    r"non-?combustible)?)\b",
    re.I,
)
# A word for construction of both kinds: the consultant said so, it is not read from parts alone.
MIXED_SAID = re.compile(
    # "both" of the kinds, not of the articles ("permitted under both Articles")
    r"\b(?:mix|mixed|hybrid|combination|podium)\b|\bboth(?!\s+(?:articles?|sentences?|options?|occupanc))\b"
    r"|\bcombustible\s*(?:\+|&|and|/)\s*non-?combustible\b",
    re.I,
)
# "combustible ok", "noncombustible is fine": the restriction in a site-office shorthand.
ALLOWED_SHORT = re.compile(r"\b((?:non)?combustible)\s+(?:is\s+|would\s+be\s+)?(?:ok|okay|fine)\b", re.I)


# The trade's abbreviations for the construction kinds: "NC", "non-comb.", "comb.", "C permitted".
ABBREVIATIONS = (
    # "C + NC", "NC/C": both kinds, in a reviewer's shorthand
    (
        re.compile(r"\b(?:c\s*(?:\+|/|&|and)\s*nc|nc\s*(?:\+|/|&|and)\s*c)\b(?![\w.])"),
        "combustible and noncombustible",
    ),
    # "NC" (its full stop, if any, ends the sentence: "= NC. no HT"), "n.c.", "non-comb."
    (re.compile(r"\bnon-?comb\b\.?|\bn\.c\.?(?=[\s,;)]|$)|\bnc(?=[\s,;.)]|$)"), "noncombustible"),
    (re.compile(r"\bnon[\s-]+combust[ai]ble\b"), "noncombustible"),  # 'non combustible', as dictated
    (re.compile(r"\bcomb\b\.?"), "combustible"),
    # "actual C (… ⇒ C, not NC)": a lone C where the kind is said
    (
        re.compile(r"(?:(?<=⇒)|(?<=⇒ )|(?<==> )|(?<=actual )|(?<=actual: )|(?<=actual = ))c\b(?![\w.+/&])"),
        "combustible",
    ),
    (
        re.compile(r"\bc(?=\s+(?:permitted|allowed|ok|okay|construction|is permitted|is allowed)\b)"),
        "combustible",
    ),
)


# A material named only to deny it: "actual NC - steel frame … not wood", "not combustible".
NEGATED_MATERIAL = re.compile(
    r"\b(?:not|never|isn't|is not|no longer)\s+(?:an?\s+|any\s+)?(?:(?:light\s+)?wood(?:\s+frame)?|timber|"
    r"(?:non-?)?combustible|steel|concrete|masonry|block)\b"
    r"(?!\s+(?:permitted|allowed|required|construction is))",
    re.I,
)


# What the building stands on, not what it is built of: "on a concrete slab on grade", "concrete
# foundations", "block foundation walls".
GROUND_WORK = re.compile(
    r"\b(?:on\s+)?(?:an?\s+|the\s+)?(?:(?:cast[\s-]in[\s-]place\s+)?concrete\s+|block\s+)?"
    r"(?:slab[\s-]+on[\s-]+grade|(?:foundations?|footings?)(?:\s+walls?)?)\b",
    re.I,
)


# The answer after the words for heavy timber: "Heavy timber, no.", "HT - yes".
TIMBER_ANSWERED = re.compile(
    r"\b(heavy timbers?|ht)\s*[,:=\u2013\u2014-]?\s*(no|none|nil|n|yes|y)\b(?!['\w])", re.I
)


def _expanded(lowered: str) -> str:
    for pattern, word in ABBREVIATIONS:
        lowered = pattern.sub(word, lowered)
    lowered = TIMBER_ANSWERED.sub(
        lambda m: f"no {m[1]}" if m[2].lower() in ("no", "none", "nil", "n") else f"{m[1]} used", lowered
    )
    return GROUND_WORK.sub(" ", NEGATED_MATERIAL.sub(" ", lowered))


def restrictions_named(item: FormItem, lowered: str) -> set[str]:
    """The restriction options the clauses of a lowercased message that speak of the restriction name."""
    words = _words()
    said = ALLOWED_SHORT.sub(r"\1 permitted", _expanded(lowered))
    named = set()
    for clause in words.clause_break.split(said):
        if words.restriction.search(clause):
            restriction = item.field_options["restriction"]
            option = _naming(restriction, materials_named(item, clause), permissive=True)
            if option:
                named.add(option.label)
    return named


def construction_clauses(lowered: str) -> list[str]:
    """The clauses of a lowercased message that speak of what is built: not the restriction, nor
    heavy timber."""
    words = _words()
    said = ALLOWED_SHORT.sub(r"\1 permitted", _expanded(lowered))
    return [
        c
        for c in words.clause_break.split(said)
        if not words.restriction.search(c) and not words.heavy_timber.search(c)
    ]


def read_construction(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    words = _words()
    found: dict[str, Any] = {}
    parts_only = False
    for text in texts:
        built: set[Material] = set()  # the actual construction: every part this message names
        concluded = False  # "…, so it is combustible": the consultant's own conclusion stands
        arrowed = False  # the conclusion so far is a part's kind after an arrow
        said = ALLOWED_SHORT.sub(r"\1 permitted", _expanded(p.normalize(text).lower()))
        # (a line is a clause of its own: '… → both' over 'HT: no')
        for clause in [c for line in said.split("\n") for c in words.clause_break.split(line)]:
            restricts = bool(words.restriction.search(clause))
            conclusion = CONCLUSION.search(clause)
            if conclusion and not restricts and not words.heavy_timber.search(clause[conclusion.end() :]):
                summed_up = materials_named(  # "so it is combustible: brick walls, wood joists"
                    item, re.split(r"\s[-\u2013\u2014]\s|:|\(", clause[conclusion.end() :])[0]
                )
                if not summed_up and _BOTH_AFTER.match(clause[conclusion.end() :]):
                    summed_up = {"combustible", "noncombustible"}  # '… glulam decking over the floor → both'
                # 'steel frame -> NC, wood trusses -> C': each part's kind
                arrow = conclusion.group() in ("->", "→")
                if arrow and not _KIND_AFTER.match(clause[conclusion.end() :]):
                    summed_up = set()  # 'actual both -> exist block + OWSJ, …': the parts after, not a kind
                if summed_up:
                    built = built | set(summed_up) if arrow and arrowed else set(summed_up)
                    concluded, arrowed = True, arrow
                    continue
            if timber := words.heavy_timber.search(clause):
                if not restricts:
                    found["heavy_timber"] = not p.lexicon().negation.search(clause)
                    # a run-on sentence ('… so non combustible no heavy timber'): what comes before it
                    clause = re.sub(r"\b(?:no|not|and|with|without)\s*$", "", clause[: timber.start()])
                    if not materials_named(item, clause):
                        continue
                else:
                    allowing = _ALLOWING.search(clause)
                    if allowing and timber.start() > allowing.end() + _APART:
                        # heavy timber said well apart from the restriction, in a run-on sentence
                        # ('combustible is permitted … glulam sized as heavy timber so yes heavy timber')
                        last = list(words.heavy_timber.finditer(clause))[-1]
                        before = clause[max(0, last.start() - 15) : last.start()]
                        found["heavy_timber"] = not re.search(r"\b(?:no|not|without)\s+(?:\w+\s+)?$", before)
                    clause = words.heavy_timber.sub(" ", clause)  # "noncombustible or heavy timber required"
            if not restricts and not concluded and _MIXED_BUILT.search(clause):
                # 'construction type: mixed (brick walls (NC) + timber floors (C))': both, as said
                built, concluded = {"combustible", "noncombustible"}, True
                continue
            named = materials_named(item, clause)
            if not named:
                continue
            apart = _beside_restriction(clause) if restricts else None
            if apart is not None and not _kind_said_before_conclusion(apart[1]):
                # a run-on sentence ('wood frame existing and new combustible allowed under 25'): the kind
                # the article allows, and apart from it what is built ('… lets it be combustible because
                # …' names a kind in the rest too: what is allowed, read as before)
                allowed, rest = apart
                built_named = materials_named(item, rest)
                if MIXED_SAID.search(rest) or built_named:
                    if option := _naming(item.field_options["restriction"], materials_named(item, allowed)):
                        found["restriction"] = option.label
                    ends = CONCLUSION.search(rest)
                    if MIXED_SAID.search(rest):  # "what we've actually got is both …"
                        built |= {"combustible", "noncombustible"}
                        concluded = True
                    elif ends and (summed_up := materials_named(item, rest[ends.end() :])):
                        # '… steel beams over the shops, I'd call it combustible'
                        built, concluded = set(summed_up), True
                    elif not concluded:
                        built |= built_named
                    continue
            if restricts:
                option = _naming(item.field_options["restriction"], named, permissive=True)
                if option:
                    found["restriction"] = option.label
            if (not restricts or words.also_used.search(clause)) and not concluded:
                built |= named
        option = _naming(item.field_options["actual"], built) if built else None
        stated = ACTUAL_SAID.search(said)  # "-> … / actual noncombustible": the consultant's own word
        if stated and (own := _naming(item.field_options["actual"], materials_named(item, stated[1]))):
            option, concluded = own, True
        if option:
            found["actual"] = option.label
            # walls of one kind and floors of the other, with no word for it: "combustible" as a whole or
            # "combustible and noncombustible" is the consultant's call, so it is recorded to confirm
            parts_only = len(option.materials) > 1 and not concluded and not MIXED_SAID.search(said)
    notes = _implied(item, found)
    before = state.answer_for(item.number)  # a revision of one part keeps the others recorded
    if found and before is not None and isinstance(before.value, dict):
        kept = [n for n in FIELDS if n not in found and n in before.value]
        found.update({n: before.value[n] for n in kept})
        notes += [f"the {n.replace('_', ' ')} kept from the answer recorded" for n in kept]
    missing = [n for n in FIELDS if n not in found]
    if missing:
        return Reading(
            missing="the construction "
            + " and the ".join(f"{n} ({'; '.join(o.label for o in item.field_options[n])})" for n in missing)
        )
    if "heavy_timber" not in found:
        found["heavy_timber"] = False
        notes.append("heavy timber was not mentioned, so it is recorded as not used")
    if parts_only:
        notes.append(
            "parts of both kinds were named, so it is recorded as both: confirm, or say 'combustible'"
        )
        return Reading(found, True, confidence=0.7, notes=notes)
    return Reading(found, True, confidence=0.8 if notes else 0.9, notes=notes)


# a kind and the word allowing it, side by side: 'combustible allowed', 'allows combustible', 'lets us go
# combustible', 'combustible is permitted'
_ALLOWING = re.compile(
    r"\b(?:(?:non)?combustible|encapsulated\s+mass\s+timber)\s+(?:construction\s+)?(?:is\s+|are\s+)?"
    r"(?:allowed|permitted|required|ok)\b"
    r"|\b(?:allows?|permits?|requires?|lets\s+(?:us|you)(?:\s+go)?)\s+(?:us\s+)?"
    r"(?:(?:non)?combustible|encapsulated\s+mass\s+timber)\b",
)


_APART = 20  # characters between the restriction and heavy timber for them to be said apart


def _beside_restriction(clause: str) -> tuple[str, str] | None:
    """The words allowing a kind ('combustible allowed') and the clause without them, when it names one
    so; None otherwise."""
    found = _ALLOWING.search(clause)
    return None if found is None else (found[0], f"{clause[: found.start()]} {clause[found.end() :]}")


def _kind_said_before_conclusion(rest: str) -> bool:
    """Whether the rest of a run-on sentence names a kind by its own word ('combustible') other than in
    a conclusion ('… I'd call it combustible'): that part speaks of what is allowed, not what is built."""
    ends = CONCLUSION.search(rest)
    return re.search(r"\b(?:non)?combustible\b", rest[: ends.start()] if ends else rest) is not None


def _naming(options: list[Option], named: set[Material], permissive: bool = False) -> Option | None:
    """The option naming most of the materials named (all of its own named), later-listed on a tie.

    A restriction permitting several materials ('combustible or noncombustible permitted') is
    the most permissive of them: permitting combustible construction permits the others too.
    """
    fits = [(len(o.materials), i) for i, o in enumerate(options) if o.materials and set(o.materials) <= named]
    if not fits:
        return None
    if permissive and len(fits) > 1:
        order = _words().permissive
        return min((options[i] for _, i in fits), key=lambda o: min(order.index(m) for m in o.materials))
    return options[max(fits)[1]]


def _implied(item: FormItem, found: dict[str, Any]) -> list[str]:
    """Fill a field the consultant left out when a field they gave implies it ('noncombustible required')."""
    notes = []
    for name in FIELDS:
        option = next((o for o in item.field_options[name] if o.label == found.get(name)), None)
        if option is None:
            continue
        for other, label in option.implies.items():
            if other not in found:
                found[other] = label
                notes.append(f"{option.label.lower()}, so the {other} construction is {label.lower()}")
    return notes


CONSTRUCTION = AnswerType(
    "construction",
    "construction restriction, actual construction, heavy timber yes or no",
    _schema,
    _validate,
    _describe,
    read_construction,
)
ANSWER_TYPES = (CONSTRUCTION,)
