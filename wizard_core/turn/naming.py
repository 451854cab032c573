"""How a message names a matrix item (its number, its bare_title, a word for the fact it holds) and
what it says of it: the readings the decision engine and a revision's other values are made from."""

from __future__ import annotations

import re
from typing import Any

from wizard_core.answers import doubt, read
from wizard_core.answers.option_matching import match_options
from wizard_core.answers.parsing import QUOTING_WORDS, all_quantities, quantities
from wizard_core.content import FormItem
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState
from wizard_core.triggers import LEAD_IN, Triggers, denies_the_fact, phrases
from wizard_core.turn.cues import MEASURED, echoed_items

# '3.02', and '3.02.' ending a sentence; never a part of '3.02.1' or of a figure such as '3.02 m'
ITEM_NUMBER = re.compile(r"(?<![\d.])(3\.\d\d)(?!\d|\.\d)(?!\s*(?:m\b|m2|m²|ft|%|mm\b|h\b|min\b))")


class ItemNaming:
    """Reads which items a message names and what it says of each."""

    def __init__(self, forms: FormQuestionService, triggers: Triggers) -> None:
        self.forms = forms
        self._revision = phrases(triggers.revision, unnegated=True)
        self._facts = {item: phrases(nouns) for item, nouns in triggers.fact_nouns.items() if nouns}

    def names(self, item: FormItem, message: str) -> bool:
        """Whether the message names the item: its number, its bare_title, a word for its fact, or (for
        the classification item) an article of Subsection 3.2.2."""
        lowered = message.lower()
        if item.number in addressed_numbers(message) or self.named_end(item, lowered) is not None:
            return True
        return item.answer_type == "articles" and bool(re.search(r"\b3\.2\.2\.\d", message))

    def said_of(self, item: FormItem, message: str) -> str:
        """What a message says of an item it names in passing: the rest of the sentence after its
        name when that gives a measured figure ("… and the gross goes down to 3,360 m2"), else the
        sentence naming it when that gives one ("… = 1,950 m2, and the gross is the same 1,950",
        "so 1,180 m2 for both the building area and the gross"), else that sentence's own words; the
        message's answer text when it names the item by number only."""
        end = self.named_end(item, message.lower())
        if end is not None:
            stop = SENTENCE_STOP.search(message, end)
            clause = message[end : stop.start() if stop else len(message)]
            if any(q.unit for q in all_quantities(clause)):  # "… and the gross goes down to 3,360 m2"
                return clause
            start = max((m.end() for m in SENTENCE_STOP.finditer(message, 0, end)), default=0)
            sentence = message[start : stop.end() if stop else len(message)].strip()
            # "… and the gross is the same 1,950", "so 760 + 420 = 1,180 m2, for both the building area
            # and the gross": the sentence naming it gives the figure
            if re.search(r"\d", clause) or any(q.unit for q in all_quantities(sentence)):
                return sentence
            # "… = 1,197 m2. Same plate I used for the GFA.": a sentence with no figure gives the item
            # only its own words, never the figure the message gives the item it revises
            return sentence
        return self.answer_text(message)

    def named_end(self, item: FormItem, lowered: str) -> int | None:
        """Where the message's naming of the item ends: its bare_title, or a word for the fact it holds
        ("the footprint" names 3.04); None when it names neither."""
        title = bare_title(item)
        if title in lowered:
            return lowered.find(title) + len(title)
        nouns = self._facts.get(item.number)
        noun = nouns.search(lowered) if nouns else None
        return noun.end() if noun else None

    def carries_value(
        self, state: ProjectState, item: FormItem, message: str, trigger: re.Match | None, at: int = 0
    ) -> bool:
        """Whether what follows the item's naming (``at``, or its number) and the revision word is a
        value for it."""
        lowered = message.lower()
        named = ITEM_NUMBER.search(lowered) if item.number in lowered else None
        if named:
            at = named.end()
        after = lowered[at:]
        if trigger is not None and trigger.end() > at:
            after = lowered[trigger.end() :]
        if item.allows_not_applicable and denies_the_fact(message, item.number):
            return True  # "… so the mezzanine answer is none"
        # the value after the naming ("change 3.08 to yes": after "to"), or anywhere ("it's 4 stys, not 3")
        for text in (strip_filler(after) or after, lowered):
            reading = read(item, [ITEM_NUMBER.sub(" ", text)], state, self.forms)
            if reading.complete or reading.offer is not None:
                return True
        return False

    def answers(self, state: ProjectState, number: str | None, message: str, loosely: bool = False) -> bool:
        """Whether the message reads surely (``loosely``: at all, more than kept as the words of a note
        that reads nothing) as a whole answer to item ``number``, the item on screen."""
        if number is None:
            return False
        reading = read(self.forms.get_item(number), [message], state, self.forms)
        return reading.complete and reading.confidence > (NOTE_ONLY if loosely else doubt.CONFIDENT - 0.01)

    def echoes_another(self, state: ProjectState, item: FormItem, message: str) -> bool:
        """Whether the figures the message reads as for ``item`` are all another item's recorded ones
        ('the canopy … isn't in the 1,080', 3.04's area, said at 3.05): a figure quoted, no answer."""
        reading = read(item, [message], state, self.forms)
        value = reading.value if reading.complete else reading.offer
        said = _figures(value) - {0.0}
        if not said:
            return False
        return any(
            said <= _figures(answer.value)
            for answer in state.finalized_answers
            if answer.section not in (item.number, "3.00")
        )

    def changes_value(self, state: ProjectState, item: FormItem, message: str, sure: bool = False) -> bool:
        """Whether the message reads as a value for the item other than the one recorded (``sure``: a
        whole reading, not an offer): a figure said in passing against another ("3 storeys not 4")
        revises nothing it already says."""
        current = state.answer_for(item.number)
        reading = read(item, [ITEM_NUMBER.sub(" ", message.lower())], state, self.forms)
        if sure and not reading.complete:
            return False
        value = reading.value if reading.complete else reading.offer
        return value is not None and (current is None or value != current.value)

    def echoed(self, state: ProjectState, message: str, current: str | None) -> str | None:
        """The one measured item a one-line revision names only by the words of its earlier answer and
        gives a new value ("the press box roof goes up, 26'-3\" now"); never in a message that reads as
        any answer to the item on screen (a note takes any words)."""
        if "\n" in message.strip() or self.answers(state, current, message, loosely=True):
            return None
        found = [
            number
            for number in echoed_items(state, message, current)
            if self.forms.get_item(number).answer_type in MEASURED
            and self.changes_value(state, self.forms.get_item(number), message, sure=True)
        ]
        return found[0] if len(found) == 1 else None

    def by_option(self, state: ProjectState, message: str, current: str | None) -> str | None:
        """The one answered item of one choice whose other option a revision names and nothing else does
        ("… please make it two stage": the fire alarm), for a message that answers nothing on screen."""
        if self.answers(state, current, message, loosely=True):
            return None
        found = []
        for number in state.answered_sections:
            item = self.forms.get_item(number)
            if number in (current, "3.00") or item.answer_type != "choice":
                continue
            named = {
                m.option.label
                for m in match_options(message, item.options, one=True)
                if m.by_label and re.search(r"\s|\d", m.option.label)  # "two stage", "SC3"; never "High"
            }
            answer = state.answer_for(number)
            if len(named) == 1 and answer is not None and named != {answer.value}:
                found.append(number)
        return found[0] if len(found) == 1 else None

    def answer_text(self, message: str) -> str:
        """What a revision message says about its item: without the item numbers that address it
        or the revision words it opens with ('3.05 should be 2,950 m2' -> '2,950 m2')."""
        text = without_item_numbers(message)
        lead = re.match(rf"{LEAD_IN}{self._revision.pattern}\W*", text, re.I)
        rest = text[lead.end() :].strip() if lead else ""
        quoting = QUOTING.search(lead.group()) if lead else None
        if quoting is not None:  # "I said 3,450 but it's 3,540": the old figure is named as the old one
            rest = text[quoting.start() :].strip()
        return rest if re.search(r"\w", rest) else text


FILLER = r"\b(?:let'?s|lets|please|ok(?:ay)?|so|and|then|this|that|item|question|one|again|it|all)\b"


def bare_title(item: FormItem) -> str:
    return re.sub(r"\s*\(.*?\)", "", item.title).strip().lower()


# An item number given as a cross-reference, not as the item revised: "(see 3.05)", "same as 3.04".
CROSS_REFERENCE = re.compile(
    r"\b(?:see|cf\.?|same as|as in|as per|per|like|(?:excluded|omitted|deducted|left out)?\s*from|out of|"
    r"(?:counted|included|shown|given|noted)\s+in|"
    # 'mezz is in 3.06', 'the parking goes under 3.18': where a fact belongs, not a change to it
    r"(?:is|are|goes|go|belongs?|comes|covered|handled|dealt\s+with|listed|reported)\s+(?:in|under|at))"
    r"\s*(?:item\s*)?\(?$",
    re.I,
)


SENTENCE_STOP = re.compile(r"[;!?\n]|\.(?!\d)")


def addressed_numbers(message: str) -> list[str]:
    """The item numbers a message addresses, leaving out those it cites ("(see 3.05)", "excluded from
    3.04/3.05": each number listed after a cited one is cited with it)."""
    found, cited, end = [], False, -1
    for m in ITEM_NUMBER.finditer(message):
        joined = cited and LISTED_WITH.fullmatch(message, end, m.start()) is not None
        cited = joined or CROSS_REFERENCE.search(message[max(0, m.start() - 16) : m.start()]) is not None
        end = m.end()
        if not cited:
            found.append(m[0])
    return found


LISTED_WITH = re.compile(r"\s*(?:and|or|&|/|,)\s*", re.I)


# Revision words that quote the old answer: kept with what follows, which they mark as replaced.
QUOTING = re.compile(rf"\b{QUOTING_WORDS}\W*$", re.I)


def strip_filler(text: str) -> str:
    """Drop the punctuation and filler left where a trigger phrase was cut out."""
    if not re.sub(FILLER, " ", text, flags=re.I).strip(" ,.;:!-"):
        return ""
    text = re.sub(r"^[\s,.;:!-]+", "", text)
    text = re.sub(
        r"^(?:and |so |ok(?:ay)?[,.]? |to |item |the |it'?s |it is |please )+", "", text, flags=re.I
    )
    return text.strip()


ITEM_REFERENCE = re.compile(
    r"(?:\b(?:on|to|for|in|of|re|under|item|question)\s+)?(?:item\s+)?(?<![\d.])3\.\d\d(?![\d.])\s*[:,;-]?",
    re.I,
)


def without_item_numbers(message: str) -> str:
    """The message as an answer: the item numbers it names to address an item taken out."""
    return re.sub(r"\s{2,}", " ", ITEM_REFERENCE.sub(" ", message)).strip()


AREA_UNITS = ("m2", "ft2")
# Words that give a figure as the old one: "I said it grows by 8 m2", "the 445 I gave you".
QUOTED_BEFORE = re.compile(rf"\b{QUOTING_WORDS}\b[^.;]*$", re.I)
QUOTED_SMALLEST = 10  # a whole figure below this (a count of storeys) is too common to tell an item by


def _figures(value: Any) -> set[float]:
    """The figures of a recorded value (a dict's numbers)."""
    if not isinstance(value, dict):
        return set()
    return {float(v) for v in value.values() if isinstance(v, int | float) and not isinstance(v, bool)}


def quoted_item(state: ProjectState, message: str, current: str | None) -> str | None:
    """The one answered item whose recorded figure the revision quotes as the old one ("I said it
    grows by 8 m2", "4,223.3 m2, not 4,233.3"), when the message names the item by a word of its own
    ("the booth"). A recorded figure used in new working ("the 1,380 on the ground floor plus …") is
    no quotation."""
    kept = {(q.start, q.end) for q in quantities(message)}
    said = {
        q.value
        for q in all_quantities(message)
        if not q.standard
        and (q.value >= QUOTED_SMALLEST or q.value != int(q.value) or q.unit in AREA_UNITS)
        and ((q.start, q.end) not in kept or QUOTED_BEFORE.search(message[max(0, q.start - 24) : q.start]))
    }
    if not said:
        return None
    found = []
    for answer in state.finalized_answers:
        if answer.section in (current, "3.00"):
            continue
        figures = _figures(answer.value)
        if any(abs(f - s) <= 0.005 * max(abs(f), 1) for f in figures for s in said):
            found.append(answer.section)
    return found[0] if len(found) == 1 else None


NOTE_ONLY = 0.5  # the confidence of a computed item's words kept as its note, no figure read
