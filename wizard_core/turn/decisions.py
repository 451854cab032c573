"""Per-message context decisions: continuing, revision, reset or side question; and staleness.

Seed 002's decision engine mapped onto the wizard. Explicit triggers and continuity signals
are matched from word lists in ``content/decisions.json``; everything here is deterministic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from wizard_core.answers import read
from wizard_core.answers.parsing import (
    QUOTING_WORDS,
    all_quantities,
    opens_as_question,
    quantities,
    question_after_answer,
)
from wizard_core.content import FormItem
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState
from wizard_core.triggers import LEAD_IN, Triggers, denies_the_fact, load_triggers, phrases

DecisionKind = Literal["continuing", "revision", "reset", "side_question"]
STALE_AFTER_MINUTES = 30.0
ITEM_NUMBER = re.compile(r"(?<![\d.])(3\.\d\d)(?![\d.])(?!\s*(?:m\b|m2|m²|ft|%|mm\b|h\b|min\b))")
ABOUT_CURRENT = re.compile(
    r"\b(options?|choices?|this (?:item|question|one)|which one|what do you need|what should i|"
    r"how do i answer|format|enter|example|you (?:pick|choose)|propose|suggest)\b",
    re.I,
)
# On the classification item, asking which article applies asks the wizard for the answer.
ABOUT_ARTICLES = re.compile(r"\b(?:which|what) (?:article|classification)s?\b", re.I)


@dataclass(frozen=True)
class Temporal:
    """How fresh the project's context is (seed 002: fresh, recent, aging, stale)."""

    minutes_since: float
    relevance: float
    stale: bool

    @property
    def label(self) -> str:
        if self.stale:
            return "stale"
        return "fresh" if self.minutes_since <= 5 else "recent" if self.minutes_since <= 15 else "aging"


def temporal(last_activity: datetime, now: datetime) -> Temporal:
    minutes = max(0.0, (now - last_activity).total_seconds() / 60)
    if minutes <= 5:
        relevance = 1.0
    elif minutes <= 15:
        relevance = 0.9 - 0.02 * (minutes - 5)
    elif minutes <= STALE_AFTER_MINUTES:
        relevance = 0.7 - 0.4 * (minutes - 15) / 15
    else:
        relevance = 0.0
    return Temporal(round(minutes, 1), round(relevance, 2), minutes > STALE_AFTER_MINUTES)


@dataclass(frozen=True)
class Decision:
    kind: DecisionKind
    confidence: float
    reason: str
    target: str | None = None  # the item a revision goes back to, or a side question is about
    remainder: str = ""  # the message without its trigger phrase


class DecisionEngine:
    """Classifies each consultant message before the context package is built."""

    def __init__(self, forms: FormQuestionService, triggers: Triggers | None = None) -> None:
        self.forms = forms
        self.triggers = triggers or load_triggers()
        self._reset = phrases(self.triggers.reset)
        self._revision = phrases(self.triggers.revision)
        self._navigation = phrases(self.triggers.navigation)
        self._definition = phrases(self.triggers.definition_questions, lead_in=True)
        nouns = "|".join(re.escape(n) for n in self.triggers.rule_nouns)
        self._rule_question = re.compile(
            rf"{LEAD_IN}(?:which|what)\b[^?.]{{0,60}}?\b(?:{nouns})\b[^?.]{{0,60}}\bappl(?:y|ies)\b", re.I
        )
        self._side = phrases(self.triggers.side_question_starts, anchored=True)
        self._facts = {item: phrases(nouns) for item, nouns in self.triggers.fact_nouns.items() if nouns}
        named = "|".join(
            re.escape(n)
            for nouns in self.triggers.fact_nouns.values()
            for n in sorted(nouns, key=len, reverse=True)
        )
        verbs = "|".join(re.escape(v) for v in self.triggers.revision_verbs)
        self._verb_naming = (
            re.compile(
                rf"(?<![\w'])(?<!\bno\s)(?<!\bnot\s)(?:{verbs})\s+(?:(?:the|my|our|answer|to|for|at|of|on|item|no\.?)\s+){{0,3}}"
                rf"(?=3\.\d\d(?![\d.])|(?:{named})(?![\w']))"
                # 'GFA fix - …', 'storey count update: …': the fact's name, then the word for changing it
                rf"|(?<![\w'])(?:{named})\s*[-:\u2013\u2014]?\s+(?:{verbs}|correction|revision|amendment|scratch)(?![\w'])"
                # '… so 3 BF entrances now', '… BF entrances now 4.': a fact changed since it was given
                r"|\bnow\s*(?:\d[\d,.]*\s*)?[.!]?\s*$"
                # 'make it 5 BF entrances': the value between the verb and the fact's name
                rf"|(?<![\w'])(?:{verbs})\s+(?:it|that|this|them)\s+(?:to\s+)?(?=\d[\d,.]*\s*(?:{named})(?![\w']))",
                re.I,
            )
            if verbs and named
            else None
        )
        self._continuity = phrases(self.triggers.continuity, anchored=True)

    def decide(self, state: ProjectState, message: str) -> Decision:
        message = re.sub(
            r"(?<=[a-z])_(?=[a-z])", " ", message, flags=re.I
        )  # "gross_area: …" from a checklist
        current = state.current_form_section
        reset = self._reset.search(message)
        if reset and current:
            remainder = _strip(self._reset.sub(" ", message[reset.end() :]))
            return Decision("reset", 0.9, f"reset trigger '{reset.group().strip()}'", remainder=remainder)
        stripped = message.strip()
        said_to_ask = opens_as_question(stripped)  # "Q: …", "quick question before the height …"
        revision = None if said_to_ask else self._revision_target(state, message)
        if revision is not None:
            return revision
        cue = self._side.match(stripped)
        definition = self._definition.match(stripped) or self._rule_question.match(stripped)
        asks = (
            stripped.endswith("?")
            or cue is not None
            or definition is not None
            or said_to_ask
            or UNMARKED_QUESTION.search(stripped) is not None
        )
        if current is None:
            if asks:
                topic = self._topic(message)
                return Decision("side_question", 0.85, "a question on a finished matrix", target=topic)
            return Decision("continuing", 0.8, "a message on a finished matrix that names no item")
        if definition and not self._asks_for_the_answer(message, current):
            reason = (
                f"a question about the code ('{definition.group().strip()}'), which does not answer {current}"
            )
            return Decision("side_question", 0.85, reason)
        if said_to_ask and not self._asks_for_the_answer(message, current):
            return Decision("side_question", 0.85, "a message that opens by saying it is a question")
        answered_first = self._answers_before_asking(state, message, current)
        if asks and current and not answered_first and not self._about_current(message, current):
            confidence = 0.85 if cue else 0.7
            reason = (
                f"a question ('{cue.group().strip()}') not about {current}"
                if cue
                else (f"a question that does not mention {current}'s terms")
            )
            return Decision("side_question", confidence, reason)
        signal = self._continuity.match(stripped)
        reason = f"continuity signal '{signal.group().strip()}'" if signal else f"an answer to {current}"
        return Decision("continuing", 0.9 if signal else 0.8, reason)

    def _revision_target(self, state: ProjectState, message: str) -> Decision | None:
        """A revision when the message addresses another item: by its number, or by its title
        with a word that moves there or a value for it ('the gross area should be 2,950 m2')."""
        current = state.current_form_section
        trigger = self._revision.search(message) or (
            self._verb_naming.search(message) if self._verb_naming else None
        )
        navigates = self._navigation.search(message) or OPENS_ON_ITEM.match(message)
        numbers = [
            m[0]
            for m in ITEM_NUMBER.finditer(message)
            if self.forms.has_item(m[0])
            and not CROSS_REFERENCE.search(message[max(0, m.start() - 16) : m.start()])
        ]
        for number in [n for n in numbers if n != current and n != "3.00"][:1]:
            target = self.forms.get_item(number)
            if (
                current is None
                or navigates
                or (trigger and self._carries_value(state, target, message, trigger))
            ):
                how = "item number" + ("" if trigger else " on a finished matrix")
                return self._revision_decision(number, trigger or navigates, message, 0.95, how)
        lowered = message.lower()
        addressed = ADDRESSING.match(lowered)
        if not trigger and current is not None and addressed is None:
            return None
        answered = state.answered_sections
        for item in self.forms.items:
            if item.number not in answered or item.number in (current, "3.00"):
                continue
            named = self._named_end(item, lowered)
            if named is None or (not trigger and addressed and named > addressed.end() + ADDRESSED_WITHIN):
                continue
            if navigates or self._carries_value(state, item, message, trigger, named):
                return self._revision_decision(item.number, trigger or navigates, message, 0.85, "item title")
        quoted = _quoted_item(state, message, current) if trigger else None
        if quoted is not None:
            return self._revision_decision(quoted, trigger, message, 0.8, "a figure recorded there")
        return None

    def names(self, item: FormItem, message: str) -> bool:
        """Whether the message names the item: its number, its title, a word for its fact, or (for
        the classification item) an article of Subsection 3.2.2."""
        lowered = message.lower()
        if item.number in _addressed_numbers(message) or self._named_end(item, lowered) is not None:
            return True
        return item.answer_type == "articles" and bool(re.search(r"\b3\.2\.2\.\d", message))

    def said_of(self, item: FormItem, message: str) -> str:
        """What a message says of an item it names in passing: the rest of the sentence after its
        name when that gives a measured figure ("… and the gross goes down to 3,360 m2"), else the
        sentence naming it when that gives one ("… = 1,950 m2, and the gross is the same 1,950",
        "so 1,180 m2 for both the building area and the gross"), or the message's answer text."""
        end = self._named_end(item, message.lower())
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
        return self.answer_text(message)

    def _named_end(self, item: FormItem, lowered: str) -> int | None:
        """Where the message's naming of the item ends: its title, or a word for the fact it holds
        ("the footprint" names 3.04); None when it names neither."""
        title = _title(item)
        if title in lowered:
            return lowered.find(title) + len(title)
        nouns = self._facts.get(item.number)
        noun = nouns.search(lowered) if nouns else None
        return noun.end() if noun else None

    def _carries_value(
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
        for text in (_strip(after) or after, lowered):
            reading = read(item, [ITEM_NUMBER.sub(" ", text)], state, self.forms)
            if reading.complete or reading.offer is not None:
                return True
        return False

    def _topic(self, message: str) -> str | None:
        """The item a question on a finished matrix is about: the one whose terms it uses most."""
        lowered = message.lower()
        scored = [
            (
                sum(1 for term in [_title(i), *(k.lower() for k in i.keywords)] if term and term in lowered),
                i.number,
            )
            for i in self.forms.items[1:]
        ]
        best = max(scored, default=(0, None))
        return best[1] if best[0] else None

    def _revision_decision(
        self, target: str, trigger: re.Match | None, message: str, confidence: float, how: str
    ) -> Decision:
        title = self.forms.get_item(target).title
        said = f"revision trigger '{trigger.group().strip()}'" if trigger else "a message"
        reason = f"{said} naming {target} {title} by {how}"
        said = message if trigger is None else message[trigger.end() :]
        if trigger is not None and not said.strip(" .!"):  # '… so 3 BF entrances now': the words before it
            said = message[: trigger.start()]
        remainder = _strip(ITEM_NUMBER.sub(" ", said))
        return Decision("revision", confidence, reason, target=target, remainder=remainder)

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

    def _answers_before_asking(self, state: ProjectState, message: str, current: str | None) -> bool:
        """'Existing 3,850 m2, so 4,970 m2. Should I check it?': an answer, with a question after it."""
        asked = question_after_answer(message)
        if not asked or current is None:
            return False
        said = message[: message.rfind(asked)]
        return self._carries_value(state, self.forms.get_item(current), said, None)

    def _asks_for_the_answer(self, message: str, current: str) -> bool:
        """'What are the options?', 'which article applies?' on 3.10: a question for the advisor."""
        articles = self.forms.get_item(current).answer_type == "articles" and ABOUT_ARTICLES.search(message)
        return bool(ABOUT_CURRENT.search(message) or articles)

    def _about_current(self, message: str, current: str) -> bool:
        item = self.forms.get_item(current)
        lowered = message.lower()
        terms = [_title(item), *[k.lower() for k in item.keywords]]
        return self._asks_for_the_answer(message, current) or any(t and t in lowered for t in terms)


# "Height in 3.07 - 8.4 was to the deck …", "3.04 - that was a typo …": a message set off by an item's number
OPENS_ON_ITEM = re.compile(r"^\W*(?:[a-z][\w/]*\s+){0,3}?3\.\d\d\s*[-:\u2013\u2014]\s", re.I)
# A question dictated without its mark: the last clause opens with a verb asking ("… does that make
# any part of it a C occupancy", "… does that get added into the building area or not")
UNMARKED_QUESTION = re.compile(
    r"(?:(?:^|[,.;:\u2014-]\s*|\b(?:so|and|but|um|uh)\s+)(?:does|do|did|is|are|would|will|can|could|should)\s+"
    r"(?:that|this|it|those|these|they|the|any|anything|we|i|a|an)"
    r"|\b(?:does|do|would|will|can|could|should)\s+(?:that|this|it|those|these|they|anything)\s+"
    r"(?:count|make|change|matter|mean|need|get|trigger|affect|apply|add|turn|drag|bump|require|go))"
    r"\b[^.?!;]{6,}$",
    re.I,
)
FILLER = r"\b(?:let'?s|lets|please|ok(?:ay)?|so|and|then|this|that|item|question|one|again|it|all)\b"


def _title(item: FormItem) -> str:
    return re.sub(r"\s*\(.*?\)", "", item.title).strip().lower()


# "Quick one: what counts as …", "Before we get to the height, what counts as …": a few words set
# off before the question.
# A message that opens by saying which earlier item it is about: "re construction -", "About the
# streets thing, …", "as for the gross, …". The item's name must follow within a few words.
ADDRESSING = re.compile(r"^\W*(?:about|re\b:?|regarding|concerning|as for|as to|wrt|w\.r\.t\.?)\s+", re.I)
ADDRESSED_WITHIN = 30  # characters after the opening words


# An item number given as a cross-reference, not as the item revised: "(see 3.05)", "same as 3.04".
CROSS_REFERENCE = re.compile(r"\b(?:see|cf\.?|same as|as in|as per|per|like)\s*(?:item\s*)?\(?$", re.I)


SENTENCE_STOP = re.compile(r"[;!?\n]|\.(?!\d)")


def _addressed_numbers(message: str) -> list[str]:
    """The item numbers a message addresses, leaving out those it cites ("(see 3.05)")."""
    return [
        m[0]
        for m in ITEM_NUMBER.finditer(message)
        if not CROSS_REFERENCE.search(message[max(0, m.start() - 16) : m.start()])
    ]


# Revision words that quote the old answer: kept with what follows, which they mark as replaced.
QUOTING = re.compile(rf"\b{QUOTING_WORDS}\W*$", re.I)


def _strip(text: str) -> str:
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


def _quoted_item(state: ProjectState, message: str, current: str | None) -> str | None:
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
        if answer.section in (current, "3.00") or not isinstance(answer.value, dict):
            continue
        figures = {v for v in answer.value.values() if isinstance(v, int | float) and not isinstance(v, bool)}
        if any(abs(f - s) <= 0.005 * max(abs(f), 1) for f in figures for s in said):
            found.append(answer.section)
    return found[0] if len(found) == 1 else None
