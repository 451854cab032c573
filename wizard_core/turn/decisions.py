"""Per-message context decisions: continuing, revision, reset or side question.

Seed 002's decision engine mapped onto the wizard. Explicit triggers and continuity signals
are matched from word lists in ``content/decisions.json``; everything here is deterministic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from wizard_core.answers.replies import opens_as_question, question_after_answer
from wizard_core.answers.spoken import NUMBER_WORD, as_meant
from wizard_core.answers.wording.chat import plain
from wizard_core.answers.wording.letters import quoted_question
from wizard_core.answers.wording.marks import answer_in
from wizard_core.answers.wording.spelling import as_spelled
from wizard_core.answers.wording.taken_back import meant
from wizard_core.checks import COMPUTED
from wizard_core.content import FormItem
from wizard_core.forms import FormQuestionService
from wizard_core.models import ProjectState
from wizard_core.triggers import LEAD_IN, UNNEGATED, Triggers, load_triggers, phrases
from wizard_core.turn.cues import (
    ADDRESSED_WITHIN,
    ADDRESSING,
    FIXING,
    NAMED_AFTER_WORD,
    OPENS_ASKING,
    OPENS_ON_ITEM,
    UNMARKED_QUESTION,
    changed_in_passing,
    changed_near,
    conditional,
    only_cited,
)
from wizard_core.turn.naming import (
    ITEM_NUMBER,
    ItemNaming,
    addressed_numbers,
    bare_title,
    quoted_item,
    strip_filler,
)
from wizard_core.turn.taken_back import (
    IN_PASSING_AFTER,
    WORD,
    answer_taken_back,
    taken_back_in_passing,
    without_old_figures,
)

DecisionKind = Literal["continuing", "revision", "reset", "side_question"]
ABOUT_CURRENT = re.compile(
    r"(?<!not )(?<!not for )(?<!not about )"  # "not for this item" is not about it
    r"(?<!answer )(?<!answering )(?<!back to )"  # nor "before I answer this one", "back to this one"
    r"\b(options?|choices?|this (?:item|question|one)|which one|what do you need|what should i|"
    r"how do i answer|format|enter|example|you (?:pick|choose)|propose|suggest)\b",
    re.I,
)
# On the classification item, asking which article applies asks the wizard for the answer.
ABOUT_ARTICLES = re.compile(r"\b(?:which|what) (?:article|classification)s?\b", re.I)


@dataclass(frozen=True)
class Decision:
    kind: DecisionKind
    confidence: float
    reason: str
    target: str | None = None  # the item a revision goes back to, or a side question is about
    remainder: str = ""  # the message without its trigger phrase
    answer: str | None = None  # what answers the target, when the decision already worked it out


QUOTED_WORDS = 4  # a quote of fewer words is no question of the wizard's
QUOTED_SHARE = 0.8  # the share of a quote's words an item's question must hold to be the one quoted


class DecisionEngine:
    """Classifies each consultant message before the context package is built."""

    def __init__(self, forms: FormQuestionService, triggers: Triggers | None = None) -> None:
        self.forms = forms
        self.triggers = triggers or load_triggers()
        self._reset = phrases(self.triggers.reset)
        self._navigation = phrases(self.triggers.navigation)
        self._definition = phrases(self.triggers.definition_questions, lead_in=True)
        nouns = "|".join(re.escape(n) for n in self.triggers.rule_nouns)
        self._rule_question = re.compile(
            rf"{LEAD_IN}(?:which|what)\b[^?.]{{0,60}}?\b(?:{nouns})\b[^?.]{{0,60}}\bappl(?:y|ies)\b", re.I
        )
        self._side = phrases(self.triggers.side_question_starts, anchored=True)
        self._revision = phrases(self.triggers.revision, unnegated=True)
        self.naming = ItemNaming(forms, self.triggers)
        named = "|".join(
            re.escape(n).replace(r"\-", r"[\s-]")  # "barrier-free entrances", "barrier free entrances"
            for nouns in self.triggers.fact_nouns.values()
            for n in sorted(nouns, key=len, reverse=True)
        )
        verbs = "|".join(re.escape(v) for v in self.triggers.revision_verbs)
        self._verb_naming = (
            re.compile(
                rf"(?<![\w']){UNNEGATED}(?:{verbs})\s+(?:(?:the|my|our|answer|to|for|at|of|on|item|no\.?)\s+){{0,3}}"
                rf"(?=3\.\d\d(?![\d.])|(?:{named})(?![\w']))"
                # 'GFA fix - …', 'storey count update: …': the fact's name, then the word for changing it
                rf"|(?<![\w'])(?:{named})\s*[-:\u2013\u2014]?\s+(?:{verbs}|correction|revision|amendment|scratch)(?![\w'])"
                # 'FA -> 2-stage', 'BF entr -> 3 now': the fact's name and an arrow to its new value; not a
                # table's row looked up by a count of it ('1 st. / 2 streets → 1,250 m²')
                rf"|(?<![\w'])(?<!\d\s)(?<!\d)(?:{named})\s*(?:->|=>|\u2192)\s*(?=\d)(?!\d\.\d+\.\d|3\.\d\d\b)"
                # '… so 3 BF entrances now', '… BF entrances now 4.': a fact changed since it was given
                r"|\bnow\s*(?:\d[\d,.]*\s*)?[.!]?\s*$"
                # 'make it 5 BF entrances': the value between the verb and the fact's name
                rf"|(?<![\w'])(?:{verbs})\s+(?:it|that|this|them)\s+(?:to\s+)?"
                rf"(?=(?:\d[\d,.]*|{NUMBER_WORD})\s*(?:{named})(?![\w']))",
                re.I,
            )
            if verbs and named
            else None
        )
        self._continuity = phrases(self.triggers.continuity, anchored=True)

    def decide(self, state: ProjectState, message: str) -> Decision:
        message = re.sub(
            r"(?<=[a-z])_(?=[a-z])", " ", plain(message), flags=re.I
        )  # "gross_area: …" from a checklist (after a chat's ':thinking_face:' is dropped)
        # an e-mail's greeting and sign-off, the boxes of a copied sheet, a figure taken back
        quoting = self._quoted_item(message)
        # ('ESFR — scratch that, standard spray': a value taken back as it was typed, not the item reset)
        message = as_spelled(meant(as_meant(answer_in(message)), denials=False))  # ('going back to hieght')
        current = state.current_form_section
        reset = self._reset.search(message)
        if reset and current and len(WORD.findall(message[: reset.start()])) > IN_PASSING_AFTER:
            # "… we built it combustible scratch that it's all noncombustible …": the words just before
            # it taken back, said in passing, not the item started over
            corrected = taken_back_in_passing(message, reset)
            return replace(self.decide(state, corrected), answer=corrected)
        if reset and current:
            remainder = strip_filler(self._reset.sub(" ", message[reset.end() :]))
            taken_back = answer_taken_back(state, current, remainder, self.naming)
            if taken_back is not None:  # "scratch that – 2,160 was the other plant, this one is 1,620 m2"
                decision = self._revision_decision(taken_back, reset, message, 0.85, "the answer just given")
                return replace(decision, answer=without_old_figures(state, taken_back, decision.remainder))
            return Decision("reset", 0.9, f"reset trigger '{reset.group().strip()}'", remainder=remainder)
        stripped = message.strip()
        said_to_ask = opens_as_question(stripped)  # "Q: …", "quick question before the height …"
        if quoting not in (None, current) and quoting in state.answered_sections and not said_to_ask:
            # a reply quoting the question of an item answered before: its answer is that item's again
            reason = f"a reply quoting the question of {quoting} {self.forms.get_item(quoting).title}"
            return Decision("revision", 0.85, reason, target=quoting, remainder=strip_filler(message))
        revision = None if said_to_ask else self._revision_target(state, message)
        if revision is not None:
            return revision
        cue = self._side.match(stripped)
        definition = self._definition.match(stripped) or self._rule_question.match(stripped)
        asks = (
            stripped.endswith("?")
            or OPENS_ASKING.match(stripped) is not None  # "is it ok to use 10 m2 …? the table gives 26"
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

    def _quoted_item(self, message: str) -> str | None:
        """The item whose question a reply quotes back ('> How many streets does the building face …?'):
        the one item most of whose question's words the quote holds."""
        words = set(WORD.findall(quoted_question(message).lower()))
        if len(words) < QUOTED_WORDS:
            return None
        fits = []
        for item in self.forms.items:
            asked = set(WORD.findall(item.question.lower()))
            if asked and len(words & asked) >= QUOTED_SHARE * len(words):
                fits.append((len(words & asked) / len(asked | words), item.number))
        fits.sort(reverse=True)
        return fits[0][1] if fits and (len(fits) == 1 or fits[0][0] > fits[1][0]) else None

    def _revision_target(self, state: ProjectState, message: str) -> Decision | None:
        """A revision when the message addresses another item: by its number, or by its title
        with a word that moves there or a value for it ('the gross area should be 2,950 m2')."""
        current = state.current_form_section
        # a note takes words about any item: only a word of revising moves from it
        noting = current is not None and self.forms.get_item(current).answer_type == "text"
        trigger = (
            self._revision.search(message)
            or (self._verb_naming.search(message) if self._verb_naming else None)
            or (None if noting else changed_in_passing(message))
        )
        opens = OPENS_ON_ITEM.match(message)
        own_reply = opens is not None and current is not None and opens[1] == current
        in_passing = trigger is not None and not trigger.group()  # a figure changed, no word of revising
        # "Re 3.07 – … (the 8.4 comes back at 3.22)", "Re 3.02 – … (which drives 3.16, I'll come back to
        # that)": the item's own reply, citing others; its words of moving are about those, not a move.
        navigates = None if own_reply else (self._navigation.search(message) or opens)
        if noting:  # a note's 'if the retail ever grows …, revisit 3.02/3.10': a condition, no move now
            trigger = None if conditional(message, trigger) else trigger
            # a note's '3.18: the lobby's design load will be posted': the note citing an item, no move
            navigates = None if conditional(message, navigates) or navigates is opens else navigates
        numbers = [n for n in addressed_numbers(message) if self.forms.has_item(n)]
        for number in [n for n in numbers if n != current and n != "3.00"][:1]:
            target = self.forms.get_item(number)
            if own_reply and trigger and not _trigger_before(message, trigger, number):
                continue  # "… drives 3.16, I'll come back to that": no change to 3.16 is asked for
            at = message.find(number)
            apart = trigger is not None and not _one_sentence(message.lower(), trigger.start(), at)
            if noting and apart:
                continue  # a note's '3.18 - … will be posted. … 3.20 - revised to 3': the word is 3.20's
            if (
                current is None
                or navigates
                # 'A revision to paragraph 9 (item 3.18). The clinic …': its reader asks what it cannot read
                or self._worded_before(message, trigger, message.find(number))
                or (
                    trigger
                    and self.naming.carries_value(state, target, message, trigger)
                    # a note's '3.07: height corrected to 19.6 m' records a change already made
                    and (not (in_passing or noting) or self.naming.changes_value(state, target, message))
                )
            ):
                how = "item number" + ("" if trigger else " on a finished matrix")
                return self._revision_decision(number, trigger or navigates, message, 0.95, how)
        lowered = message.lower()
        # "Re item 3.22 – not sprinklered, so Table B": addressed to the item on screen, not to 3.11
        addressed = None if own_reply else ADDRESSING.match(lowered)
        if not trigger and current is not None and addressed is None:
            return None
        answered = state.answered_sections
        named_at = {
            item.number: self.naming.named_end(item, lowered)
            for item in self.forms.items
            if item.number in answered and item.number not in (current, "3.00")
        }
        # The item named first ("a correction on the gross area: … The footprint does not change."),
        # never one said to stand as it is.
        # a computed item's rows given line by line with arrows ('docks 18 -> 2 prov', 'mezz -> 0'): the
        # arrows are the rows' working, and an item a row is named after is no item revised
        rows_listed = (
            current is not None
            and self.forms.get_item(current).answer_type in COMPUTED
            and len([line for line in message.splitlines() if line.strip()]) > 1
            and trigger is not None
            and _ARROW_ONLY.fullmatch(trigger.group().strip()) is not None
        )
        answering: bool | None = None  # whether the message answers the item on screen, read once
        unread: str | None = None  # an item named right after a word of revising, its value not read
        for number, named in sorted(
            ((n, at) for n, at in named_at.items() if at is not None), key=lambda pair: pair[1]
        ):
            item = self.forms.get_item(number)
            if not trigger and addressed and named > addressed.end() + ADDRESSED_WITHIN:
                continue
            if only_cited(lowered, named):
                continue
            if noting and trigger is not None and not _one_sentence(lowered, trigger.start(), named):
                continue  # a note's '3.04: BA corrected to …. 3.10: ht check 15.6 m': the word is 3.04's
            if rows_listed and not navigates:
                continue  # 'mezz -> 0' in a list of 3.23's rows: the mezzanine's row, not its area revised
            if (
                trigger is not None
                and trigger.group().strip()
                and trigger.start() > named
                and not _one_sentence(lowered, named, trigger.start())
                and (navigates is None or _after_apart(lowered, named, navigates.start()))
                and not _REVISING.search(lowered, 0, named)  # ('revising construction - … now': it opens so)
            ):
                # 'Mezzanine • parts 128 m² … Total 110. … only two bays are actually worked in': a word of
                # revising in a later sentence is that sentence's, not the item's named before it
                continue
            if in_passing and not navigates and _holds_no_figure(item) and not changed_near(message, named):
                continue  # 'sprinklered, ceiling 9.3 m now': the figure changed is another's
            if not navigates:
                if not self.naming.carries_value(state, item, message, trigger, named):
                    if unread is None and self._worded_before(message, trigger, named):
                        unread = item.number
                    continue
                # in a message that answers the item on screen, an item named with the value it already
                # holds ("SC2: it goes up because of the high importance", at 3.17) or before the word
                # of revising ("yes, AS-01: two WCs instead of the table's number", at 3.26) is cited
                if answering is None:
                    answering = self.naming.answers(state, current, message, loosely=noting)
                after_word = trigger is not None and trigger.start() > named + 15 and addressed is None
                if answering and after_word:
                    continue
                if (in_passing or answering) and not self.naming.changes_value(state, item, message):
                    continue
            return self._revision_decision(item.number, trigger or navigates, message, 0.85, "item title")
        # "one fix to the people count: …", no other item named with a value: that item, whose reader asks
        if unread is not None and not self.naming.answers(state, current, message, loosely=True):
            return self._revision_decision(unread, trigger, message, 0.75, "item title after a fix")
        quoted = quoted_item(state, message, current) if trigger else None
        if quoted is not None:
            return self._revision_decision(quoted, trigger, message, 0.8, "a figure recorded there")
        # only for a message with a word of revising
        worded = trigger is not None and self._revision.search(message) is not None
        echoed = self.naming.echoed(state, message, current) if worded else None
        if echoed is not None:
            return self._revision_decision(echoed, trigger, message, 0.75, "the words of its answer")
        optioned = self.naming.by_option(state, message, current) if worded else None
        if optioned is not None:
            return self._revision_decision(optioned, trigger, message, 0.75, "an option of its own")
        return None

    def _worded_before(self, message: str, trigger: re.Match | None, named: int) -> bool:
        """Whether a word of revising comes just before the item is named ("one fix to the people count:
        …", "correction on the occupant load - …"): the message is about that item even when what
        follows cannot be read as a value for it yet, and the item's own reader asks."""
        return (
            trigger is not None
            and self._revision.fullmatch(message, trigger.start(), trigger.end()) is not None
            and FIXING.search(trigger.group()) is not None
            and 0 <= named - trigger.end() <= NAMED_AFTER_WORD
        )

    def _topic(self, message: str) -> str | None:
        """The item a question on a finished matrix is about: the one whose terms it uses most."""
        lowered = message.lower()
        scored = [
            (
                sum(
                    1
                    for term in [bare_title(i), *(k.lower() for k in i.keywords)]
                    if term and term in lowered
                ),
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
        said = (
            f"revision trigger '{trigger.group().strip()}'"
            if trigger and trigger.group().strip()
            else "a figure changed in passing"
            if trigger
            else "a message"
        )
        reason = f"{said} naming {target} {title} by {how}"
        said = message if trigger is None else message[trigger.end() :]
        if trigger is not None and not said.strip(" .!"):  # '… so 3 BF entrances now': the words before it
            said = message[: trigger.start()]
        remainder = strip_filler(ITEM_NUMBER.sub(" ", said))
        return Decision("revision", confidence, reason, target=target, remainder=remainder)

    def _answers_before_asking(self, state: ProjectState, message: str, current: str | None) -> bool:
        """'Existing 3,850 m2, so 4,970 m2. Should I check it?': an answer, with a question after it."""
        asked = question_after_answer(message)
        if not asked or current is None:
            return False
        said = message[: message.rfind(asked)]
        item = self.forms.get_item(current)
        # 'the floor over the basement is wood joists. Can the plaster count …?': no yes or no said first
        said_so = _SAYS_YES_OR_NO.match(said) or self._about_current(said, current)
        if item.answer_type == "yes_no" and not said_so:
            return False
        # 'the canopy … isn't in the 1,080. Does a canopy count?' at 3.05: a figure of 3.04's, quoted
        # before the question, answers nothing here
        if not self.naming.answers(state, current, said) and self.naming.echoes_another(state, item, said):
            return False
        return self.naming.carries_value(state, item, said, None)

    def _asks_for_the_answer(self, message: str, current: str) -> bool:
        """'What are the options?', 'which article applies?' on 3.10: a question for the advisor."""
        articles = self.forms.get_item(current).answer_type == "articles" and ABOUT_ARTICLES.search(message)
        return bool(ABOUT_CURRENT.search(message) or articles)

    def _about_current(self, message: str, current: str) -> bool:
        item = self.forms.get_item(current)
        lowered = message.lower()
        terms = [bare_title(item), *[k.lower() for k in item.keywords]]
        return self._asks_for_the_answer(message, current) or any(t and t in lowered for t in terms)


_REVISING = re.compile(r"\b(?:revis|correct|fix|chang|updat|amend)\w*", re.I)
_SAYS_YES_OR_NO = re.compile(r"^\W*(?:yes|yep|yeah|no|nope|n/?a|none|not\s+required|correct)\b", re.I)
_ARROW_ONLY = re.compile(r"[^\W\d][\w\s.'’/-]*?\s*(?:->|→|=>)")


def _holds_no_figure(item: FormItem) -> bool:
    """Whether an item's value holds no figure a change in passing could be ('Entire building', 'yes')."""
    if item.answer_type == "yes_no":
        return True
    return item.answer_type == "choice" and not any(re.search(r"\d", o.label) for o in item.options)


def _after_apart(lowered: str, named: int, at: int) -> bool:
    """Whether a word at ``at`` comes after the item named at ``named``, in a later sentence."""
    return at > named and not _one_sentence(lowered, named, at)


def _one_sentence(lowered: str, first: int, second: int) -> bool:
    """Whether two places of a message are in one sentence (no stop, semicolon or line between them)."""
    start, end = sorted((first, second))
    return re.search(r"(?<!\d)[.;!?\n](?!\d)", lowered[start:end]) is None


def _trigger_before(message: str, trigger: re.Match[str], number: str) -> bool:
    """Whether the revision word comes right before the item's number ("… and a correction to 3.04: …")."""
    at = message.find(number, trigger.end())
    return at != -1 and at - trigger.end() <= TRIGGER_REACH


TRIGGER_REACH = 30  # characters from a revision word to the item number it revises, in another item's reply
