"""Major occupancies (3.02): a room that serves the main use belongs to it (3.1.2).

A room named in a sentence that says it serves, supports or is part of another use ("the admin
offices serve the school", "they aren't separate occupancies") is part of that major occupancy,
not one of its own; a sentence starting "they" or "these" says so of the sentence before. A room
that usually serves the main use ("a gift shop", "the bleachers"), named without saying either
way, is asked about once. Occupancies named by their code ("D", "Group E") are kept, and so is
anything said to be separate ("a separate tenant").

A use named as rejected, dropped, or compared against ("F2 rather than F3", "there was going to
be a daycare", "well under the medium-hazard threshold"), or as the former use of a building
being converted ("converting the old printing plant"), is not a major occupancy of the building.
Words of exclusion or comparison left unexplained by that are kept as doubts: with several
groups read, the reading is offered for a yes rather than recorded.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from wizard_core.answers import parsing as p
from wizard_core.answers.occupancy_words import (
    FOR_THE_WHOLE,
    OccupancyWords,
    clause_around,
    drops_back,
    names_the_building,
    occupancy_words,
    points_back,
    separate,
    served_object,
    serving_at,
)
from wizard_core.answers.option_matching import OptionMatch

SENTENCE = re.compile(r"[^.;!?\n]+")
# After a use, in a message about a conversion: "retail to offices", "the F2 plant into F3 storage".
# a sentence speaking of another country's code ("In IBC terms it's an A-3", "back home this would be
# an A-3"): its groups are that code's, not the Ontario code's
_OTHER_CODE = re.compile(
    r"\b(?:ibc|international\s+building\s+code|back\s+home|u\.?s\.?\s+(?:code|terms)|american\s+(?:code|terms))\b",
    re.I,
)
CONVERTED_TO = re.compile(r"[\s-]*(?:[\w'-]+\s+){0,2}?(?:to|into)\s")


@dataclass
class Sorted:
    """The occupancies a message names, sorted into kept, serving the main use, and unclear."""

    labels: list[str] = field(default_factory=list)
    served: dict[str, str] = field(default_factory=dict)  # label -> the room words that serve the main use
    unclear: dict[str, str] = field(default_factory=dict)  # label -> the room words to ask about
    set_aside: dict[str, str] = field(default_factory=dict)  # label -> the words naming it rejected or former
    served_use: dict[str, str] = field(default_factory=dict)  # label -> the words naming the use served
    # label -> room words taken as part of the coded use the message opens with ('B2. … the clinics …')
    assumed: dict[str, str] = field(default_factory=dict)
    doubts: list[str] = field(default_factory=list)  # exclusion or comparison words left unexplained


def sort_out(text: str, matches: list[OptionMatch]) -> Sorted:
    """Which of the options ``matches`` finds in ``text`` are major occupancies of their own.

    A match by label (a code) is kept unless it is named as rejected or former; any other is
    kept unless its sentence says it serves the main use or it is a room that usually does.
    """
    words = occupancy_words()
    lowered = p.normalize(text).lower()
    sentences = list(SENTENCE.finditer(lowered + "."))
    converting = bool(words.conversion.search(lowered))
    roles: dict[str, list[tuple[str, str]]] = {}  # label -> (role, words) for each mention
    explained: list[tuple[int, int]] = []  # the clauses whose rejection or comparison was read
    last: tuple[OptionMatch, str] | None = None
    coded: set[str] = set()  # the uses named by their code
    for match in matches:
        sentence = next(s for s in sentences if s.start() <= match.start <= s.end())
        span = _set_aside(lowered, match, sentence.end(), converting, words)
        if not span and match.by_label and _OTHER_CODE.search(sentence.group()):
            # 'in IBC terms it's an A-3': another code's group, not this one's
            span = (match.start, max(match.end, match.start + 1))
        if converting and not span and _converted_to_another(lowered, match, matches):
            span = (match.start, max(match.end, match.start))
        if last and last[0].option is match.option and _in_brackets_after(lowered, last[0], match):
            role = last[1]  # "the former printing plant (F2)", "a bank, D": the code says what the words said
        elif last and last[0].by_label and not match.by_label and _right_after(lowered, last[0], match):
            # "F2 shop", "E store": the words name the use the code gave, set aside with it if it is
            role = "aside" if last[1] == "aside" else "coded"
        elif span or (span := _under_aside_label(lowered, match, words)):
            explained.append(span)
            role = "aside"
        elif last and last[1] == "aside" and _listed_with(lowered, last[0], match):
            role = "aside"  # "which would be F2/F3", "unlike F1 or F2": set aside with the code before it
        else:
            role = _role(lowered, match, sentences, matches, words)
        last = (match, role)
        room = next(
            (r.group() for r in words.rooms.finditer(lowered) if r.start() <= match.start < r.end()), None
        )
        said_as = match.option.label if match.by_label and role == "aside" else room or _named(lowered, match)
        roles.setdefault(match.option.label, []).append((role, said_as))
        if match.by_label and role != "aside":  # "F2", not the "not a D" of a use set aside
            coded.add(match.option.label)
    if _opens_with_code(lowered, matches) or names_the_building(lowered, matches):
        _words_within_code(roles, coded, one_use=bool(ONE_USE.search(lowered)))
    return _sorted(roles, _doubts(lowered, matches, explained, words))


# '- a2. …', 'Group D, business and personal services, throughout. …', 'B2, care and treatment. …'
# ... after a heading naming the item: 'Re 3.02 - F2, …', 'Item 3.02: B2 …'
_OPENING = re.compile(
    r"^\W*(?:(?:re|item)\s+)*(?:\d\.\d\d\b\W*)?"
    r"(?:(?:the\s+)?(?:major\s+)?occupancy(?:\s+(?:class|classification|group))?\s*(?:is|:)?\s*)?(?:group\s+)?$",
    re.I,
)
# 'all assembly, nothing else in it', '… throughout', 'everything in the building … serves the school'
ONE_USE = re.compile(
    r"\ball\s+(?:one|the\s+same)\s+(?:major\s+)?(?:use|occupancy)\b|"
    r"\bnothing\s+else\b|\bthroughout\b|\bsingle\s+(?:major\s+)?occupancy\b|\bonly\s+(?:the\s+)?one\s+"
    r"(?:major\s+)?occupancy\b|\beverything\s+(?:in\s+(?:the|it|this)\b[^.;]{0,80}?)?\s*serves\b",
    re.I,
)


def _opens_with_code(lowered: str, matches: list[OptionMatch]) -> bool:
    """Whether the message opens with a code, the answer first and the description after it."""
    first = min(matches, key=lambda m: m.start, default=None)
    return first is not None and first.by_label and bool(_OPENING.match(lowered[: first.start]))


def _words_within_code(roles: dict[str, list[tuple[str, str]]], coded: set[str], one_use: bool) -> None:
    """Uses named only by words, not by a code (or by a code set aside: "not a D"), in a message
    that opens with its codes: part of the coded use ('served' when the message says the building is
    that one use; else 'assumed', to confirm, and a room that usually serves the main use is asked
    about as before)."""
    for label, seen in roles.items():
        if label in coded:
            continue
        roles[label] = [
            ("served", said)
            if one_use and role in ("main", "room")
            else ("assumed", said)
            if role == "main"
            else (role, said)
            for role, said in seen
        ]


def _sorted(roles: dict[str, list[tuple[str, str]]], doubts: list[str]) -> Sorted:
    result = Sorted(doubts=doubts)
    kept = {
        label: [(r, w) for r, w in seen if r not in ("aside", "object", "coded")]
        for label, seen in roles.items()
    }
    if not any(kept.values()):  # every use named was set aside: read them all, with a doubt
        kept, result.doubts = roles, [*doubts, *(w for seen in roles.values() for _, w in seen)]
    main = {label for label, seen in kept.items() if any(r in ("main", "aside") for r, _ in seen)}
    for label, seen in kept.items():
        if main and seen and all(r == "assumed" for r, _ in seen):
            result.assumed[label] = seen[0][1]
        elif not seen and all(r in ("object", "coded") for r, _ in roles[label]):
            result.served_use[label] = roles[label][0][1]
        elif not seen:
            result.set_aside[label] = next(w for r, w in roles[label] if r == "aside")
        elif label in main or not main:
            result.labels.append(label)
        elif any(r == "served" for r, _ in seen):
            result.served[label] = next(words for r, words in seen if r == "served")
        else:
            result.unclear[label] = seen[0][1]
    return result


# "not a walk-in clinic or a medical office": the second use named is denied with the first.
# 'so this is B3 — not C, and not a retirement home': the code said not to be the building's ('not just E' is)
NOT_THIS = re.compile(r"(?<!\bif\s)\bnot\s+(?:group\s+|grp\s+|div(?:ision)?\s+)?$", re.I)
NOT_EITHER = re.compile(r"\bnot\s+(?:an?\s+|the\s+)?[\w\s'-]{0,40}\b(?:or|nor)\s+(?:an?\s+|the\s+)?$", re.I)
# 'so this is not a retirement home under Group C', "isn't a hotel in Group C": the use and its code denied
NOT_UNDER = re.compile(
    r"(?:\bnot|n't)\s+(?:an?|the)\s+[\w\s'-]{0,40}?\b(?:under|in|of|as)\s+(?:group\s+|grp\s+|div(?:ision)?\s+)?$",
    re.I,
)


# "the furniture warehouse next door on lot 14 got classed F2": a use of another building.
NEIGHBOUR = re.compile(
    r"\b(?:next\s+door|neighbou?ring|the\s+neighbou?r'?s?|adjacent\s+building|across\s+the\s+street|"
    r"on\s+the\s+(?:next|adjacent)\s+lot)\b(?:\s+[\w'-]+){0,8}\s+$",
    re.I,
)


def _set_aside(
    lowered: str, match: OptionMatch, sentence_end: int, converting: bool, words: OccupancyWords
) -> tuple[int, int] | None:
    """Where the words naming ``match`` rejected, dropped, compared against or former are, if they are."""
    start, end = clause_around(lowered, match.start, max(match.end, match.start + 1))
    before, after = lowered[start : match.start], lowered[max(match.end, match.start) : end]
    opening = lowered[:start].rstrip()
    # "the former printing plant (F2)"; "minor occupancy: E", the label before the colon
    if not before.strip() and opening.endswith(("(", ",", ":")):
        start = clause_around(lowered, len(opening) - 1, len(opening))[0]
        before = lowered[start : len(opening) - 1] + " "
    aside = words.aside_before.search(before)
    classed = aside is not None and (re.match(r"calls?\s+it\b", aside.group()) or FOR_THE_WHOLE.match(after))
    if classed and match.by_label:
        aside = None  # "he calls it F3", "our guy says F3 for the whole thing": the building's classification
    after_aside = words.aside_after.search(after)
    if after_aside and match.by_label and _DESCRIBED.match(after) and _GOODS.search(after_aside.group()):
        after_aside = None  # "F2 - furniture and upholstered goods": the code, then what the building holds
    if (
        aside
        or NOT_EITHER.search(before)
        or (match.by_label and (NOT_THIS.search(before) or NOT_UNDER.search(before)))
        or NEIGHBOUR.search(before)
        or after_aside
        or (converting and words.former_before.search(before))
    ):
        return start, end
    if end < sentence_end:  # "there was to be a daycare, but the client dropped it"
        following_start, following_end = clause_around(lowered, end + 1, end + 1)
        if drops_back(lowered[following_start:following_end], words):
            return start, following_end
    return None


def _under_aside_label(lowered: str, match: OptionMatch, words: OccupancyWords) -> tuple[int, int] | None:
    """The line of ``match`` when the line opens on a label setting its uses aside ('minor occupancy: E,
    parts counter / showroom'): every use the line names is under it."""
    start = lowered.rfind("\n", 0, match.start) + 1
    end = lowered.find("\n", match.start)
    end = len(lowered) if end < 0 else end
    label = _LABEL.match(lowered, start, end)
    if label is None or label.end() > match.start or not words.aside_before.search(label[1] + " "):
        return None
    return start, end


_LABEL = re.compile(r"\s*([^:\n]{1,40}):")
_DESCRIBED = re.compile(r"\s*[-\u2013\u2014:(]")  # a code followed by its description
# nouns a use's name only describes ('hospital linen', 'restaurant supplies'), unlike a use dropped
_GOODS = re.compile(r"\b(?:linens?|towels|uniforms|bedding|suppl(?:y|ies)|equipment|goods|products|waste)\b")


def _role(
    lowered: str,
    match: OptionMatch,
    sentences: list[re.Match[str]],
    matches: list[OptionMatch],
    words: OccupancyWords,
) -> str:
    """'main', 'served' (its sentence says it serves the main use), or 'room' (usually serves it)."""
    at = next(i for i, s in enumerate(sentences) if s.start() <= match.start <= s.end())
    said = sentences[at].group()
    if not match.by_label and ANOTHER_BUILDING.search(said):
        return "aside"  # 'the pharmacy … is a separate building across the lot'
    if match.by_label or separate(said, words):
        return "main"
    if served_object(said, match.start - sentences[at].start(), words):
        return "object"  # "… all serve the shop": the main use, called by another word
    serving = serving_at(said, words)
    if serving is not None and match.start < sentences[at].start() + serving:
        return "served"
    if at + 1 < len(sentences):
        following = sentences[at + 1]
        serves = serving_at(following.group(), words, last=False)
        # "... and the offices. They serve the school.": naming no room of its own
        if (
            serves is not None
            and points_back(following.group(), words)
            and not any(following.start() <= m.start < following.start() + serves for m in matches)
        ):
            return "served"
    if any(r.start() <= match.start < r.end() for r in words.rooms.finditer(lowered)):
        return "room"
    return "main"


ANOTHER_BUILDING = re.compile(
    r"\b(?:a|is\s+a|in\s+a|its\s+own)\s+separate\s+(?:building|structure|permit|lot|site|property)\b"
    r"|\bnot\s+part\s+of\s+this\s+(?:permit|building|project|application)\b",
    re.I,
)


def _converted_to_another(lowered: str, match: OptionMatch, matches: list[OptionMatch]) -> bool:
    """In a message about a conversion, "from retail to offices": the use before "to" is the old one."""
    _, end = clause_around(lowered, match.start, max(match.end, match.start + 1))
    to = CONVERTED_TO.match(lowered, max(match.end, match.start), end)
    if to is None:
        return False
    after = to.end()
    return any(m.option is not match.option and after <= m.start < end for m in matches)


def _right_after(lowered: str, code: OptionMatch, match: OptionMatch) -> bool:
    """Whether the use word describes the code just given: "F2 shop", "F2. It's a custom cabinet shop"."""
    between = lowered[max(code.end, code.start) : match.start]
    return bool(_DESCRIBING.fullmatch(between))


# What may stand between a code and the words describing it: "F2. It's a custom cabinet shop".
_DESCRIBING = re.compile(
    r"\s*|\s*[.,:;\u2013\u2014-]?\s*(?:it'?s|it\s+is|this\s+is|that'?s)\s+(?:an?\s+)?(?:[\w-]+\s+){0,3}"
)


def _listed_with(lowered: str, previous: OptionMatch, match: OptionMatch) -> bool:
    """Whether two codes are given together as one ("F2/F3", "F1 or F2")."""
    between = lowered[max(previous.end, previous.start) : match.start]
    return previous.by_label and match.by_label and bool(re.fullmatch(r"\s*(?:/|or|nor|&)\s*", between))


def _in_brackets_after(lowered: str, previous: OptionMatch, match: OptionMatch) -> bool:
    return bool(re.fullmatch(r"\s*[(,-]\s*", lowered[max(previous.end, previous.start) : match.start]))


def _doubts(
    lowered: str, matches: list[OptionMatch], explained: list[tuple[int, int]], words: OccupancyWords
) -> list[str]:
    """Exclusion or comparison words outside the clauses already read as rejecting a use, and
    "D or E" (two uses offered as alternatives)."""
    doubts = [
        m.group()
        for m in words.doubt.finditer(lowered)
        if not any(start <= m.start() < end for start, end in explained)
    ]
    for first, second in itertools.pairwise(matches):
        between = lowered[max(first.end, first.start) : second.start]
        if re.fullmatch(r"[\s,]*or\s+(?:an?\s+|the\s+)?", between):
            doubts.append(f"{lowered[first.start : first.end]} or {lowered[second.start : second.end]}")
    return doubts


def _named(lowered: str, match: OptionMatch) -> str:
    return lowered[match.start : match.end] if match.end > match.start else match.option.label
