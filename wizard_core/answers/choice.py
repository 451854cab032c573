"""Answers picked from the item's options: one (choice) or several (multi_choice)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from wizard_core.answers import occupancies, occupancy_words
from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading, enum_schema, option_label
from wizard_core.answers.option_matching import OptionMatch, existing_wing, match_options
from wizard_core.answers.replies import yes_no
from wizard_core.answers.vocabulary import phrase_pattern, vocabulary
from wizard_core.content import FormItem, Option
from wizard_core.models import ProjectState


def _validate_choice(item: FormItem, value: Any) -> str:
    return option_label(item.options, value)


def _validate_multi(item: FormItem, value: Any) -> list[str]:
    if not isinstance(value, list) or not value:
        raise ValueError("expected a list of one or more options")
    return list(dict.fromkeys(option_label(item.options, v) for v in value))


def _multi_schema(item: FormItem) -> dict[str, Any]:
    return {"type": "array", "items": enum_schema(item.options), "minItems": 1}


def _describe_choice(item: FormItem, value: Any) -> str:
    return str(value)


def _describe_multi(item: FormItem, value: Any) -> str:
    return ", ".join(str(v) for v in value)


def read_choice(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    none_option = next((o for o in item.options if o.none), None)
    for text in reversed(texts):
        matches = narrowed(text, match_options(text, item.options, one=True), item)
        if len(matches) == 1:
            match = matches[0]
            return Reading(match.option.label, True, confidence=0.95 if match.by_label else 0.85)
        if len(matches) > 1:
            concluded = _concluded_option(text, item)
            if concluded is not None:  # '… schools are High, not child care. So it is Normal, not High.'
                note = f"read from your conclusion ('{concluded.option.label}'), the others named on the way"
                return Reading(concluded.option.label, True, confidence=0.85, notes=[note])
            opening = _opening_option(text, matches)
            if opening is not None:  # 'Bsmt only — … ; GF / 2F non-SPR, none req'd': the answer, then why
                note = f"read from the answer your message opens with ('{opening.option.label}')"
                return Reading(opening.option.label, True, confidence=0.75, notes=[note])
            names = " or ".join(m.option.label for m in matches)
            return Reading(missing=f"which one applies: {names}")
        answer, _ = yes_no(text)
        if none_option and answer is False and p.lexicon().no.match(p.normalize(text)):
            return Reading(none_option.label, True, confidence=0.8)
    return Reading(missing="which option applies: " + "; ".join(_described(o) for o in item.options))


_CONCLUDING = re.compile(
    r"^\W*(?:so|therefore|thus|hence|in\s+short|in\s+the\s+end|bottom\s+line|answer)\b"
    r"|\b(?:the\s+answer\s+is|so\s+the\s+\w+(?:\s+\w+)?\s+is)\b",
    re.I,
)


def _concluded_option(text: str, item: FormItem) -> OptionMatch | None:
    """The one option a message's last sentence concludes on ('So the importance category is Normal, not
    High.') after naming others along the way; None when it does not conclude, or names more than one."""
    changed = list(_CHANGED_TO.finditer(text))
    if changed:  # 'I told you single stage, but … so make it two stage': the option it is made
        after = text[changed[-1].end() :]
        found = narrowed(after, match_options(after, item.options, one=True), item)
        if len(found) == 1:
            return found[0]
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]
    tail = _SO_TAIL.search(sentences[-1]) if sentences else None
    short = tail is not None and len(tail["rest"].split()) <= _TAIL_WORDS
    if tail is not None and short and not _DENIED.search(tail["rest"]):  # '… go past it, so it's sc1.'
        found = narrowed(tail["rest"], match_options(tail["rest"], item.options, one=True), item)
        if len(found) == 1:
            return found[0]
    if len(sentences) < 2 or not _CONCLUDING.search(sentences[-1]):
        return None
    found = narrowed(sentences[-1], match_options(sentences[-1], item.options, one=True), item)
    return found[0] if len(found) == 1 else None


# the clause a message ends on after 'so' ('…, so it stays sc2.'), and a denial in it ("it doesn't move
# up to")
_SO_TAIL = re.compile(
    r"(?:^|[,;\u2014]|\s)\s*(?:so|therefore|thus|hence)\s+(?P<rest>[^,;.!?]*)[.!?]*\s*$", re.I
)
_DENIED = re.compile(r"\b(?:not|never|no)\b|n't\b", re.I)
_TAIL_WORDS = 4  # 'so it stays sc2', not 'so it's under the six hundred for basement compartments'


_SET_APART = re.compile(r"\s*(?:[-–—:]|=>|⇒)\s|,\s+(?!(?:or|and|maybe|possibly|perhaps|unless|if)\b)")


def _opening_option(text: str, matches: list[OptionMatch]) -> OptionMatch | None:
    """The option a message opens with, set apart by a dash or colon from the reasons after it ('Bsmt only
    — 3.2.1.5: … ; GF / 2F non-SPR, none req'd'), when another is named only in those reasons."""
    normalized = p.normalize(text)
    first = min(matches, key=lambda m: m.start)
    # ('sc2, per the structural letter …': a comma too, unless a list or a hedge goes on: 'SC1, or SC2 if …')
    set_apart = _SET_APART.match(normalized[first.end :])
    if normalized[: first.start].strip(" \t*•-") or not set_apart:
        return None
    return first


# the option a message turns to, after naming the one it had: 'make it two stage', 'change it to …'
_CHANGED_TO = re.compile(
    r"\b(?:make\s+(?:it|that)|change\s+(?:it|that)\s+to|switch\s+(?:it\s+|that\s+)?to|put\s+(?:it|that)\s+down\s+as"
    r"|go\s+with|(?:it|that)\s+should\s+(?:be|read))\b",
    re.I,
)


def narrowed(text: str, matches: list[OptionMatch], item: FormItem) -> list[OptionMatch]:
    """The options a message means among those it names.

    An option named after 'including' is part of the one before it ('throughout, including the
    basement'); an option for all-new work is not meant when the message speaks of an existing
    building; and an option whose own words name all the others ('addition and renovation') is
    the one meant when they are named together.
    """
    lowered = p.normalize(text).lower()
    kept = [m for m in matches if not existing_wing(lowered, m)]
    if len(kept) < len(matches):  # a wing of the building there is: no option for all-new work
        kept = [m for m in kept if m.option.area_split != "new"]
    matches = kept
    if len(matches) < 2:
        return matches
    including = _including().search(lowered)
    if including:
        before = [m for m in matches if m.start < including.start()]
        clause_end = _CLAUSE_END.search(lowered, including.end())
        end = clause_end.start() if clause_end else len(lowered)
        if before:
            matches = [m for m in matches if not including.end() <= m.start < end]
    if _speaks_of_existing(lowered):
        matches = [m for m in matches if m.option.area_split != "new"] or matches
    covering = [o for o in item.options if all(_covers(o, m.option) for m in matches)]
    if len(matches) > 1 and len(covering) == 1:
        found = next((m for m in matches if m.option is covering[0]), None)
        return [found or OptionMatch(covering[0], False, matches[0].start, matches[0].end)]
    return matches


_CLAUSE_END = re.compile(r"[;.()]")


@cache
def _including() -> re.Pattern[str]:
    return phrase_pattern(vocabulary().choices.including)


@cache
def _existing() -> tuple[re.Pattern[str], re.Pattern[str]]:
    areas = vocabulary().areas
    return phrase_pattern(areas.roles["existing"]), phrase_pattern(areas.all_new.phrases)


def _speaks_of_existing(lowered: str) -> bool:
    existing, all_new = _existing()
    return bool(existing.search(lowered)) and not all_new.search(lowered)


def _phrases(option: Option) -> list[str]:
    return [p.normalize(w).lower() for w in (option.label, *option.synonyms)]


def _covers(option: Option, other: Option) -> bool:
    """Whether ``option``'s label names ``other`` ('Addition and renovation' names both of its parts)."""
    if option is other:
        return True
    label = re.sub(r"[/-]", " ", p.normalize(option.label).lower())
    return any(re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", label) for phrase in _phrases(other))


def _described(option: Option) -> str:
    return f"{option.label} ({option.description.rstrip('.')})" if option.description else option.label


# "Group A, Division 2" names the option A2 (the syntax of occupancy codes, not vocabulary).
GROUP_DIVISION = re.compile(r"\bgroup\s+([A-Ga-g])\s*,?\s*div(?:ision|\.)?\s*(\d)\b", re.I)
# A lowercase one-letter code right before or after a use word of its own group: "e pharmacy",
# "d - offices", "retail (e)". Never from a word ("a", "e.g.", "d'you"): it stands alone.
CODE_BEFORE = re.compile(r"(?:^|(?<=[\s(,;:/]))([a-z])[ \t]*(?:[-:,][ \t]*)?$")
CODE_AFTER = re.compile(r"^[ \t]*(?:\(([a-z])\)|[-:,]?[ \t]*([a-z]))(?![\w'.-]|\.\w)")


# A lowercase one-letter code the answer opens with, before words the vocabulary does not know: "e - bakery",
# "f (candle maker)". Offered, never recorded: the words beside it say nothing of its group.
OPENING_CODE = re.compile(r"^\s*(?:group\s+)?([a-f])\s*(?:[-:(\u2013\u2014]|,\s)")


# The occupancies a description ends on, after an arrow or "so": "… -> E and F2", "so A2 and D.".
SENTENCE_END = re.compile(r"[.!?\n](?=\s|$)")
CONCLUDED_CODES = re.compile(
    r"(?:->|=>|\u2192|=|\bso\b)\s*(?P<codes>(?:[A-Fa-f][1-4]?)(?:\s*(?:,|and|&|\+|/)\s*[A-Fa-f][1-4]?)*)\s*\.?\s*$"
)


# Quote marks around words (never an apostrophe inside one: "don't", "owner's").
QUOTES = re.compile(r"[\"\u201c\u201d\u2018]|(?<!\w)['\u2019]|['\u2019](?!\w)")


def read_multi_choice(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    """The occupancies named, oldest text first: a later list replaces an earlier one, and a reply
    about rooms the wizard asked of ('it's a separate tenant') settles just those."""
    found: occupancies.Sorted | None = None
    declared = 0  # how many major occupancies the message that listed them says there are
    by_label = True
    settled: list[str] = []
    for text in texts:
        text = QUOTES.sub("", text)  # "the owner calls it a 'retirement home'": the words, not their quotes
        text = occupancy_words.modifiers_dropped(text)  # "40 school buses": buses, not a school
        concluded = CONCLUDED_CODES.search(text)  # "… the parts room feeds the shop -> E and F2"
        closing = not concluded and occupancy_words.closes_on_codes(text)  # "… serves the shop. F2 only."
        if concluded and match_options(concluded["codes"], item.options):
            # The conclusion stands for its own sentence: "c + a2 (restaurant). lobby/lounge serve the
            # hotel = c" keeps the A2 named before it.
            start = max((m.end() for m in SENTENCE_END.finditer(text, 0, concluded.start())), default=0)
            text = f"{text[:start]} {concluded['codes']}"
        normalized = p.normalize(text)
        codes = [
            OptionMatch(o, True, m.start(), m.end())
            for m in GROUP_DIVISION.finditer(normalized)
            if (o := item.option(f"{m[1].upper()}{m[2]}"))
        ]
        blanked = GROUP_DIVISION.sub(lambda m: " " * len(m.group()), normalized)
        matched = match_options(blanked, item.options)
        named = {m.option.label for m in [*codes, *matched]}
        if (
            found is not None
            and found.unclear
            and named <= set(found.unclear) | set(found.labels)
            and (named & set(found.unclear) or occupancy_words.part_of_main([text]) is not None)
        ):
            settled += _settle_rooms(found, [text])  # a reply about the rooms asked of
        elif named:  # a list (again): "F2" after the question about the rooms is F2 alone
            by_label = all(m.by_label for m in matched)
            mentions = sorted(
                [*codes, *_coded(blanked, _mentions(blanked, matched, item))], key=lambda m: m.start
            )
            if closing or occupancy_words.declares_one(normalized):  # '… F2 only.', 'One major occupancy, E'
                mentions = [m for m in mentions if m.by_label] or mentions
            # "… a Group D use, … not treated as a major occupancy": set aside when others remain
            denied = occupancy_words.not_major_sentences(normalized)
            kept = [m for m in mentions if not any(a <= m.start < b for a, b in denied)]
            if not kept:  # every group in a denying sentence: its clauses before a dash may name the main one
                denied = occupancy_words.not_major_sentences(normalized, dashes=True)
                kept = [m for m in mentions if not any(a <= m.start < b for a, b in denied)]
            mentions = kept or mentions
            found, settled = occupancies.sort_out(normalized, mentions), []
            declared = occupancy_words.declared_count(normalized)
        elif found is not None and found.unclear:
            settled += _settle_rooms(found, [text])
    if found is None:
        question = (
            "the major occupancy group, for example D (business and personal "
            "services) or E (mercantile); list each one if there are several"
        )
        opening = OPENING_CODE.match(p.normalize(texts[-1])) if texts else None
        if opening and (option := item.option(opening[1].upper())):  # "e - bakery": a use word not known
            return Reading(
                missing=f"the major occupancy: is it Group {_described(option)}, as the '{opening[1]}' your "
                "answer opens with says?",
                offer=[option.label],
                offer_reason=f"{option.label}, from the '{opening[1]}' the message opens with",
            )
        return Reading(missing=question)
    if found.unclear:
        return _ask_about_rooms(found)
    notes = [
        f"the {words} {_plural(words, 'serve', 'serves')} the main use, so "
        f"{_plural(words, 'they are', 'it is')} part of {_main(found.labels)} (3.1.2), not Group {label}"
        for label, words in found.served.items()
    ]
    notes += [
        f"'{words}' is named as rejected, dropped, former or compared against, so Group {label} "
        "is not read as a major occupancy"
        for label, words in found.set_aside.items()
    ]
    notes += [
        f"'{words}' names a use already given its group, so Group {label} is not read as a major occupancy"
        for label, words in found.served_use.items()
    ]
    notes += settled
    assumed = [
        f"the {words}: taken as part of {_main(found.labels)} (3.1.2), as you gave the group first; say if "
        f"{_plural(words, 'they are', 'it is')} a separate Group {label} major occupancy"
        for label, words in found.assumed.items()
    ]
    unsure = ""
    if found.doubts and len(found.labels) > 1:
        said = "', '".join(dict.fromkeys(found.doubts))
        unsure = (
            f"whether the building has each of {_main(found.labels)} as a major occupancy "
            f"(the message also says '{said}')"
        )
    elif declared > len(found.labels):  # "2 occs: e - retail, c - apts", and one of them not read
        unsure = (
            f"the major occupancies: the message says there are {declared}, and I read "
            f"only {_main(found.labels)}; list each group (for example 'E and C')"
        )
    if unsure:  # offered for a yes, never recorded
        offered = f"{' and '.join(found.labels)} as the major occupancies"
        return Reading(missing=unsure, offer=found.labels, offer_reason=offered, notes=notes)
    closing_on = _groups_concluded(texts[-1], found.labels) if len(found.labels) > 1 else []
    if closing_on:  # '… the office is under ten percent … so just F2': the groups it concludes on
        note = f"read from your conclusion ({', '.join(closing_on)} alone), the others named along the way"
        return Reading(closing_on, True, confidence=0.85, notes=[*notes, note])
    if assumed:  # recorded to confirm: the room words may name a use of its own
        return Reading(found.labels, True, confidence=0.75, notes=notes + assumed)
    return Reading(found.labels, True, confidence=0.95 if by_label and not notes else 0.85, notes=notes)


_CODE = r"[a-f][1-4]?"
# a message closing on its groups alone: '… so just F2', 'so F2 only', 'just E and C please'
_CLOSING_ON = re.compile(
    rf"(?:\b(?:so|thus|therefore)(?:\s+it'?s|\s+it\s+is)?(?:\s+(?:just|only|purely))?|\b(?:just|only|purely)"
    rf"|(?:^|[.!?;]))\s+"  # '… it rides along with the residential. c only.': the last sentence's codes
    rf"(?:group\s+)?(?P<codes>{_CODE}(?:\s*(?:,|and|&|\+)\s*{_CODE})*)(?:\s+only|\s+alone)?"
    rf"(?:\s+please)?\W*$",
    re.I,
)


def _groups_concluded(text: str, labels: list[str]) -> list[str]:
    """The groups a message's closing words keep among ``labels`` ('so just F2'), [] when it closes on no
    such words or on a group it did not name."""
    found = _CLOSING_ON.search(p.normalize(text).strip())
    if found is None or not re.search(r"\b(?:just|only|purely|alone)\b", found.group(), re.I):
        return []
    codes = [c.upper() for c in re.findall(_CODE, found["codes"], re.I)]
    return codes if codes and set(codes) < set(labels) else []


def _mentions(text: str, matched: list[OptionMatch], item: FormItem) -> list[OptionMatch]:
    """Each option found in ``text``, once in every sentence that names it (the whole text names
    each one once): "the former printing plant (F2). ... the F2 fire load" reads each sentence."""
    found = {m.option.label for m in matched}
    mentions = list(matched)
    for sentence in occupancies.SENTENCE.finditer(text):
        for m in match_options(sentence.group(), item.options):
            if m.option.label in found and not any(
                n.option is m.option and sentence.start() <= n.start < sentence.end() for n in mentions
            ):
                mentions.append(
                    OptionMatch(m.option, m.by_label, sentence.start() + m.start, sentence.start() + m.end)
                )
    return mentions


def _coded(text: str, matched: list[OptionMatch]) -> list[OptionMatch]:
    """The options matched, each named by its code when a lowercase code of a one-letter group
    stands right beside the use word ("e pharmacy", "offices (d)")."""
    lowered = text.lower()
    result = []
    for m in matched:
        code = m.option.label.lower()
        if not m.by_label and len(code) == 1:
            start = occupancy_words.room_start(lowered, m.start)
            before = CODE_BEFORE.search(lowered[max(0, start - 6) : start])
            after = CODE_AFTER.match(lowered[m.end : m.end + 6])
            if (before and before[1] == code) or (after and code in (after[1], after[2])):
                m = OptionMatch(m.option, True, m.start, m.end)
        result.append(m)
    return result


def _settle_rooms(found: occupancies.Sorted, replies: list[str]) -> list[str]:
    """Settle the rooms asked about from the consultant's reply; the notes saying how."""
    decided = occupancy_words.part_of_main(replies)
    if decided is None:
        return []
    rooms, found.unclear = found.unclear, {}
    if decided is False:
        found.labels += list(rooms)
        return [
            f"the {words}: a separate Group {label} major occupancy, as you said"
            for label, words in rooms.items()
        ]
    return [f"the {words}: part of {_main(found.labels)}, as you said" for words in rooms.values()]


def _plural(words: str, plural: str, singular: str) -> str:
    return plural if words.endswith("s") else singular


def _main(labels: list[str]) -> str:
    return " / ".join(labels)


def _ask_about_rooms(found: occupancies.Sorted) -> Reading:
    """Ask once whether rooms that usually serve the main use are part of it."""
    rooms = "; ".join(
        f"{_plural(words, 'are', 'is')} the {words} part of {_main(found.labels)}, or a separate "
        f"Group {label} major occupancy"
        for label, words in found.unclear.items()
    )
    return Reading(
        missing=f"one fact about the rooms: {rooms}? Rooms that serve the main use belong to it (3.1.2)",
        offer=found.labels,
        offer_reason=f"the {' and '.join(found.unclear.values())} as part of {_main(found.labels)}",
    )


CHOICE = AnswerType(
    "choice",
    "one option",
    lambda item: enum_schema(item.options),
    _validate_choice,
    _describe_choice,
    read_choice,
)
MULTI_CHOICE = AnswerType(
    "multi_choice", "one or more options", _multi_schema, _validate_multi, _describe_multi, read_multi_choice
)
ANSWER_TYPES = (CHOICE, MULTI_CHOICE)
