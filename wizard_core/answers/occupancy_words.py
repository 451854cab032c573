"""What a sentence says of a use it names: that it serves the main use or is separate (and not
denied), that it points back to the sentence before, or that a use was dropped.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import cache

from wizard_core.answers import parsing as p
from wizard_core.answers.option_matching import OptionMatch
from wizard_core.answers.vocabulary import alternation, phrase_pattern, vocabulary

# Where a clause ends: punctuation, or a word starting another clause ("..., but the client dropped it").
CLAUSE_BREAK = re.compile(r"[.;!?\n,:()]|\s(?:but|so|whereas|while|although|though)\s")
GAP = r"(?:[\w'-]+\s+){0,3}"  # up to three words between a trigger and the use it is about
# ... and before a former use, words that do not name the new one ("was converted to F3").
FORMER_GAP = r"(?:(?!(?:to|into|as|now|be|become|becomes|is|are|new)\s)[\w'-]+\s+){0,3}"


@dataclass(frozen=True)
class OccupancyWords:
    serving: re.Pattern[str]
    separate: re.Pattern[str]
    denying: re.Pattern[str]
    rooms: re.Pattern[str]
    aside_before: re.Pattern[str]
    aside_after: re.Pattern[str]
    former_before: re.Pattern[str]
    conversion: re.Pattern[str]
    doubt: re.Pattern[str]
    pointing_back: re.Pattern[str]
    dropped: re.Pattern[str]


@cache
def occupancy_words() -> OccupancyWords:
    o = vocabulary().occupancies
    return OccupancyWords(
        serving=phrase_pattern(o.serving),
        separate=phrase_pattern(o.separate),
        denying=phrase_pattern(o.denying),
        rooms=phrase_pattern(o.rooms),
        aside_before=re.compile(rf"{alternation(o.set_aside_before)}[\s:=-]+{GAP}$", re.I),
        aside_after=re.compile(rf"^[\s-]*{GAP}{alternation(o.set_aside_after)}(?![\s-]+to\b)", re.I),
        former_before=re.compile(rf"{alternation(o.former_before)}[\s-]+{FORMER_GAP}$", re.I),
        conversion=phrase_pattern(o.conversion),
        doubt=phrase_pattern(o.doubt),
        pointing_back=phrase_pattern(o.pointing_back),
        dropped=phrase_pattern(o.dropped),
    )


def room_start(lowered: str, at: int) -> int:
    """Where the room words around ``at`` start ("tuck shop" for "shop"), or ``at``."""
    return next(
        (r.start() for r in occupancy_words().rooms.finditer(lowered) if r.start() <= at < r.end()), at
    )


def part_of_main(replies: list[str]) -> bool | None:
    """The consultant's answer to 'part of the main use, or separate?': True, False or None (unsaid)."""
    words = occupancy_words()
    for reply in reversed(replies):
        lowered = p.normalize(reply).lower()
        if separate(lowered, words):
            return False
        if serving_at(lowered, words) is not None:
            return True
    return None


def clause_around(lowered: str, start: int, end: int) -> tuple[int, int]:
    """Where the clause around ``lowered[start:end]`` starts and ends."""
    breaks = [m for m in CLAUSE_BREAK.finditer(lowered) if not start <= m.start() < end]
    clause_start = max((m.end() for m in breaks if m.end() <= start), default=0)
    clause_end = min((m.start() for m in breaks if m.start() >= end), default=len(lowered))
    return clause_start, clause_end


def _denied(said: str, found: re.Match[str], words: OccupancyWords) -> bool:
    """Whether a separate-word is denied in its clause ("they aren't separate occupancies")."""
    if words.denying.match(found.group()):  # "not part of" denies by itself
        return False
    start, _ = clause_around(said, found.start(), found.end())
    return bool(words.denying.search(said[start : found.start()]))


def separate(said: str, words: OccupancyWords) -> bool:
    """Whether ``said`` calls something separate (and does not deny it). The people a room is
    there for ("the leasing office is there for the tenants") are not a separate tenancy."""
    return any(
        not _denied(said, found, words) and not served_object(said, found.start(), words)
        for found in words.separate.finditer(said)
    )


def serving_at(said: str, words: OccupancyWords, last: bool = True) -> int | None:
    """Where ``said`` last says something serves the main use, or denies it is separate: the rooms
    named before it are the ones it speaks of ("the kitchen that serves the hall, the staff room and
    the office all belong to the centre")."""
    at = [m.start() for m in words.serving.finditer(said)]
    at += [m.start() for m in words.separate.finditer(said) if _denied(said, m, words)]
    return (max if last else min)(at, default=None)


def served_object(said: str, at: int, words: OccupancyWords) -> bool:
    """Whether the use word at ``at`` is what a serving word serves ("the rooms serve the shop")."""
    return any(
        re.fullmatch(r"\s*(?:(?:the|our|its|their|this|that|whole|main|rest of the)\s+)*", said[m.end() : at])
        for m in words.serving.finditer(said)
        if m.end() <= at
    )


def points_back(said: str, words: OccupancyWords) -> bool:
    """A sentence naming no use, such as "They all serve the school.": of the rooms named in the
    one before."""
    return (
        bool(words.pointing_back.search(said))
        and not separate(said, words)
        and serving_at(said, words) is not None
    )


def drops_back(clause: str, words: OccupancyWords) -> bool:
    """A clause such as "but the client dropped it": the use in the clause before is dropped."""
    return bool(words.dropped.search(clause)) and bool(words.pointing_back.search(clause))


# A message closing on its groups alone: "… everything else serves the centre. A3.", "… F2 only."
_CLOSING_CODES = re.compile(
    r"(?:^|[.;:!?]\s+)(?:so|hence|therefore|thus|i\.e\.?|answer)?[\s:,-]*(?:groups?\s+)?"
    r"(?:a[1-4]|b[1-3]|c|d|e|f[1-3])(?:\s*(?:,|\+|&|/|and)\s*(?:a[1-4]|b[1-3]|c|d|e|f[1-3]))*"
    r"\s*(?:only|alone|throughout)?\s*[.!]?\s*$",
    re.IGNORECASE,
)


def closes_on_codes(text: str) -> bool:
    """Whether ``text`` ends on a sentence of group codes alone, after describing the uses: the
    codes it names are the answer, and the uses described before it are what they hold."""
    return bool(re.search(r"[.;:!?]", text.strip()[:-1])) and _CLOSING_CODES.search(text.strip()) is not None


# A sentence saying the use it names is no major occupancy: "the office, while a Group D use, is
# 6.5 % of the storey and is therefore not treated as a major occupancy (3.2.2.8)".
_OCC = r"occ(?:upanc(?:y|ies)|s?\b\.?)"  # 'occupancy', 'occ', 'occs'
_NOT_MAJOR = re.compile(
    rf"\b(?:not|never|isn't|aren't)\s+(?:be\s+)?(?:treated|considered|classified|counted|regarded|taken)\s+(?:as\s+)?"
    rf"(?:a\s+)?(?:separate\s+)?maj(?:or|\.)?\s+{_OCC}"
    rf"|\b(?:is|are|its|it's)\s+not\s+(?:a\s+)?(?:separate\s+)?maj(?:or|\.)?\s+{_OCC}"
    rf"|\b(?:isn't|aren't)\s+(?:a\s+)?(?:separate\s+)?maj(?:or|\.)?\s+{_OCC}"
    # 'Office (D) - 6 % of the storey, not a major occupancy', 'D: not major (6 %)'
    rf"|\bnot\s+(?:a\s+|an\s+)?(?:separate\s+)?maj(?:or|\.)?\s+{_OCC}|[,:(]\s*not\s+major\b"
    # 'it doesn't become an A2 major occupancy', 'won't count as a separate major occupancy'
    rf"|\b(?:doesn't|does\s+not|won't|will\s+not|wouldn't|would\s+not|never|can't|cannot)\s+"
    rf"(?:become|count\s+as|make\s+it|rise\s+to|form|constitute)\s+(?:a\s+|an\s+)?(?:[a-f]-?\d?\s+)?"
    rf"(?:separate\s+)?maj(?:or|\.)?\s+{_OCC}"
    # 'ignoring it as a major occ', 'disregarded as a major occupancy'
    rf"|\b(?:ignor|disregard|discount)\w*\s+(?:(?:it|them|this|that)\s+)?as\s+(?:a\s+)?(?:separate\s+)?"
    rf"maj(?:or|\.)?\s+{_OCC}"
    # "I'm not calling it a separate A-2", "we're not treating the café as its own E"
    r"|\bnot\s+(?:calling|treating|counting|classing|classifying)\s+(?:it|that|this|them|the\s+\w+)\s+(?:as\s+)?"
    r"(?:an?\s+)?(?:separate|distinct|its\s+own|their\s+own)\b"
    # working that concludes it: "85 sm / 1,400 sm = 6.1 % → not a major occupancy per 3.2.2.8"
    r"|(?:→|->|=>|\bso\b|\btherefore\b|\bhence\b|\bthus\b)\s*not\s+(?:a\s+)?(?:separate\s+)?major\b"
    # '90 m² (E) ÷ 1,170 ≈ 7.7 % → ignored per 3.2.2.8', '… ⇒ disregarded', '→ subsidiary'
    r"|(?:→|->|=>|⇒)\s*(?:ignored|disregarded|discounted|not\s+counted|subsidiary|ancillary|incidental)\b"
    # '… each < 10 % of the storey, ignored per 3.2.2.8', 'disregarded under Article 3.2.2.8'
    r"|\b(?:ignor\w*|disregard\w*|discount\w*|not\s+counted|set\s+aside|exempt\w*)\s+"
    r"(?:(?:it|them|those|these|both)\s+)?(?:per|under|by|as\s+per|using|via|by\s+way\s+of)\s+"
    r"(?:art(?:icle|\.)?\s*)?3\.2\.2\.8\b"
    # '… under 10 % each, so 3.2.2.8 applies', '3.2.2.8 (< 10 %)': the exemption said with its limit
    r"|(?:<|≤|\bunder|\bbelow|\bless\s+than)\s*10\s*%[^.;\n]{0,60}?\b3\.2\.2\.8\b"
    r"|\b3\.2\.2\.8\b[^.;\n]{0,60}?(?:<|≤|\bunder|\bbelow|\bless\s+than)\s*10\s*%"
    r"|\b3\.2\.2\.8\b[^.;\n]{0,30}?\b(?:lets?|allows?|permits?)\s+(?:us\s+|you\s+)?(?:to\s+)?"
    r"(?:ignore|disregard|discount|exclude|drop)\b",
    re.IGNORECASE,
)


def not_major_sentences(text: str, *, dashes: bool = False) -> list[tuple[int, int]]:
    """The spans of ``text``'s sentences that say the use they name is no major occupancy; with ``dashes``,
    a spaced dash ends a sentence too ('E only - the office (D) is 6 %, so 3.2.2.8 lets us ignore it')."""
    ends = re.compile(r"[;!?\n]|\.(?!\d)" + (r"|\s[-\u2013\u2014]\s" if dashes else ""))
    cuts = [0, *(m.end() for m in ends.finditer(text)), len(text)]
    return [(a, b) for a, b in itertools.pairwise(cuts) if _NOT_MAJOR.search(text[a:b])]


# A use's name before a noun it only describes: "school buses", "the church parking", "hospital linen".
_MODIFIER = re.compile(
    r"\b(?:school|church|hospital|hotel|office|restaurant|store|library|clinic)\s+"
    r"(?=(?:bus(?:es)?|board|boards|district|supplies|furniture|equipment|yards?|parking|lots?|trucks?|vans?|"
    r"grounds|linen|records)\b)",
    re.I,
)


# Uses the building serves from elsewhere, named in the plural: "the furniture we keep for the schools".
_SERVED = re.compile(
    r"\b(?:for|to|from)\s+(?:the|our|its|their|all|other)\s+(?:schools|churches|hospitals|stores|restaurants|"
    r"libraries|clinics|offices|hotels)\b",
    re.I,
)


def modifiers_dropped(text: str) -> str:
    """``text`` without a use's name where it only describes another noun ("school buses" as "buses") or
    names the buildings it serves ("… we keep for the schools")."""
    return _SERVED.sub("", _MODIFIER.sub("", text))


# "2 occs", "two major occupancies", "three uses", "a mixed-use building": a count of the groups said.
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}
DECLARED_COUNT = re.compile(
    r"\b(two|three|four|[234])\s+(?:different\s+|separate\s+|major\s+)*"
    r"(?:occs?\b|occupanc(?:y|ies)\b|uses\b|groups\b)|\bmixed[\s-]use\b",
    re.I,
)


def declared_count(text: str) -> int:
    """How many major occupancies the message says the building has (0: it does not say)."""
    found = DECLARED_COUNT.search(text)
    if found is None or NOT_BEFORE_COUNT.search(text[max(0, found.start() - 12) : found.start()]):
        return 0
    return _COUNT_WORDS[found[1].lower()] if found[1] else 2


# 'One major occupancy, E', 'a single occupancy': the building has one group, the rooms named part of it
_ONE_DECLARED = re.compile(
    r"\b(?:one|1|a\s+single|single)\s+(?:major\s+)?(?:occupancy|occ|group)\b(?!\s+(?:is|of|each|per|for|on)\b)",
    re.I,
)


def declares_one(text: str) -> bool:
    """Whether the message says the building has a single major occupancy ('One major occupancy, E')."""
    found = _ONE_DECLARED.search(text)
    return found is not None and not NOT_BEFORE_COUNT.search(text[max(0, found.start() - 12) : found.start()])


NOT_BEFORE_COUNT = re.compile(r"\b(?:not|no|never|isn't|aren't|rather\s+than)\s+$", re.I)


# '… so it's F3', 'he calls it F3', "I'd class it as an F2": a code said of the building as a whole.
_CODE_FOR_THE_BUILDING = re.compile(
    r"(?:\bcalls?\s+it|\bit'?s|\bit\s+is|\bclass(?:ed|ified|es|ify)?\s+(?:it\s+)?as|\bclassed)"
    r"\s+(?:all\s+|an?\s+|as\s+)?(?:group\s+)?$"
)


def names_the_building(lowered: str, matches: list[OptionMatch]) -> bool:
    """Whether one code, and only one, is said of the building as a whole ("the office serves the depot, so
    it's all one use - he calls it F3"): the uses named only in words are then taken within it."""
    codes = {m.option.label for m in matches if m.by_label}
    return len(codes) == 1 and any(m.by_label and _said_of_the_building(lowered, m) for m in matches)


def _said_of_the_building(lowered: str, match: OptionMatch) -> bool:
    return bool(
        _CODE_FOR_THE_BUILDING.search(lowered[max(0, match.start - 30) : match.start])
        or FOR_THE_WHOLE.match(lowered[match.end :])
    )


# 'F3 for the whole thing', 'B2 throughout', 'D across the entire building'
FOR_THE_WHOLE = re.compile(r"\s+(?:(?:for|across|over)\s+the\s+(?:whole|entire)\b|throughout\b)")
