"""The options of a choice a message names, by label, synonym or code, and not negated."""

from __future__ import annotations

import re
from dataclasses import dataclass

from wizard_core.answers.parsing import lexicon, normalize
from wizard_core.content import Option


@dataclass(frozen=True)
class OptionMatch:
    option: Option
    by_label: bool
    start: int
    end: int = 0


def _moved_from(text: str, m: re.Match[str]) -> bool:
    """Of one choice, the option a change moves away from: "from Normal to High" names High."""
    return bool(re.search(r"\bfrom\s+$", text[max(0, m.start() - 6) : m.start()], re.I)) and bool(
        re.match(r"\s+to\s+\S", text[m.end() :], re.I)
    )


def match_options(text: str, options: list[Option], one: bool = False) -> list[OptionMatch]:
    """Options named in ``text`` by label or synonym, longest phrases first, without overlaps; with
    ``one`` (an item of one choice), an option said to be replaced ("SC1 instead of SC2") is not named."""
    negated_before = lexicon().replaced_before if one else lexicon().negated_before
    text = _CONSIDERED.sub(" ", text)
    lowered = _dehyphen(normalize(text).lower())
    bare = _only_codes(text, options)
    candidates: list[tuple[int, int, Option, bool]] = []
    for option in options:
        phrases = [(option.label, True)] + [(s, False) for s in option.synonyms]
        for phrase, by_label in phrases:
            if _is_code(option.label) and by_label:
                head, digit = re.escape(phrase[:-1]), re.escape(phrase[-1])
                # 'A-2', 'a2', 'A 2'; never 'a 1' ('of a 1,150 m2 storey', 'a 1 h rating'): the article
                spaced = (
                    rf"(?:{head}-?{digit}|(?-i:{head.upper()})\s{digit})(?![,.]\d)"
                    if phrase[-1].isdigit()
                    else re.escape(phrase)
                )
                pattern = rf"(?<![\w°-]){spaced}(?![\w-])"  # never the C of "4 °C"
                normalized = normalize(text)
                # A code is case-sensitive ("D", never the word "d"), but one with its division's
                # digit ("b2", "f3") or after "group" ("group c") reads in any case.
                flags = re.I if phrase[-1].isdigit() or bare else 0
                if not flags:
                    pattern += rf"|(?<=\bgroup )(?i:{re.escape(phrase)})(?![\w-])"
                for m in re.finditer(pattern, normalized, flags):
                    before = re.split(r"[,;.:()]", normalized[max(0, m.start() - 40) : m.start()].lower())[-1]
                    if not negated_before.search(before) and not (one and _moved_from(normalized, m)):
                        candidates.append((m.start(), m.end(), option, by_label))  # "… home, not B3"
                continue
            pattern = rf"(?<![\w-]){re.escape(_dehyphen(normalize(phrase).lower()))}(?:s|es)?(?![\w-])"
            for m in re.finditer(pattern, lowered):
                if not negated_before.search(
                    re.split(r"[,;.:()]", lowered[max(0, m.start() - 40) : m.start()])[-1]
                ) and not (one and _moved_from(lowered, m)):
                    candidates.append((m.start(), m.end(), option, by_label))
    candidates.sort(key=lambda c: (-(c[1] - c[0]), c[0]))
    taken: list[tuple[int, int]] = []
    chosen: dict[str, OptionMatch] = {}
    for start, end, option, by_label in candidates:
        if any(start < e and s < end for s, e in taken):
            continue
        taken.append((start, end))
        previous = chosen.get(option.label)
        if previous is None or (by_label and not previous.by_label):
            chosen[option.label] = OptionMatch(option, by_label, start, end)
    return sorted(chosen.values(), key=lambda m: m.start)


# An option weighed and set aside, up to the 'but' or the end of its sentence: "I did think about calling
# it a D walk-in clinic, but …", "we thought of it as a business occupancy (D) at first; …"
_CONSIDERED = re.compile(
    r"\b(?:(?:did|had|have)\s+)?(?:think|thought|considered)\s+(?:about|of)\b[^.;:!?]*?(?=\bbut\b|[.;:!?]|$)"
    r"|\b(?:one|you|we|i)\s+could\s+(?:argue|say|call\s+it)\b[^.;:!?]*?(?=\bbut\b|[.;:!?]|$)"
    r"|\b(?:gave|given|give)\s+(?:\w+\s+)?thought\s+to\b[^.;:!?]*?(?=\bbut\b|[.;:!?]|$)"
    # '…, and not the business and personal services of Group D': a group named to be set aside
    r"|\bnot\s+the\s+[^.;:!?]{0,60}?\bgroup\s+[a-f](?:[-\s]?\d)?\b",
    re.I,
)


def _only_codes(text: str, options: list[Option]) -> bool:
    """Whether the message is nothing but option codes ("c", "e and d", "a2 / e"): then a code reads
    in any case, as there is no word it could be instead."""
    codes = {o.label.lower() for o in options if _is_code(o.label)}
    words = re.findall(r"[\w-]+", text.lower())
    joins = {"and", "group", "groups", "occupancy", "major", "plus", "only", "with", "over"}
    return bool(codes) and any(w in codes for w in words) and all(w in codes or w in joins for w in words)


def _dehyphen(text: str) -> str:
    """'single-stage' and 'single stage' match alike (same length, so positions hold)."""
    return re.sub(r"(?<=\w)-(?=\w)", " ", text)


def _is_code(label: str) -> bool:
    return bool(re.fullmatch(r"[A-Z]\d?|SC\d", label))


# A wing known by its name ("B wing", "wing C", "the east wing", "the 1962 wing", "the existing wing") is a
# part of the building there is: the word alone says nothing of an addition.
NAMED_WING = re.compile(
    r"(?:\b(?!a\b)[a-z]|\b(?:north|south|east|west|\d{4})"
    r"|\b(?:existing|old|original|main)(?:[\s-]+(?!new\b)[\w']+){0,2})[\s-]+$"
)
NEW_WING = re.compile(r"\b(?:new|added|adding|adds|proposed|additional)(?:[\s-]+[\w'-]+){0,3}[\s-]+$")
WING_NAMED_AFTER = re.compile(r"^\s+(?!a\b)[a-z0-9]\b(?![\w-])")


def existing_wing(lowered: str, match: OptionMatch) -> bool:
    """Whether the match is the bare word 'wing' naming a wing of the building there is."""
    if re.sub(r"s$", "", lowered[match.start : match.end]) != "wing":
        return False
    before = lowered[: match.start]
    if NEW_WING.search(before):  # "a new three-storey east wing"
        return False
    return bool(NAMED_WING.search(before) or WING_NAMED_AFTER.match(lowered[match.end :]))
