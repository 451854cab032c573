"""Second tries of the offline reader, when an answer type's own reader reads nothing usable.

Two, each adopted narrowly after ``bench/bench_readers.py``:

- Near-miss option words (rapidfuzz): when the reader reads no option at all in the words for an
  item with options, 1- to 4-word windows of a message are matched against the options' labels
  and synonyms (``fuzz.ratio``, cutoff 80). A window is a misspelling only if each word it changes
  keeps its first letter, has 4 letters or more, is no other form of the word ("storey" is not
  "store") and differs by one slip (a letter dropped, added, doubled or two swapped; in longer
  words also one letter wrong). The misspelled words are put right and the reader reads again;
  what it then reads is OFFERED for a yes, never recorded. A window after a negation ("not fully
  sprinklred") is not matched, nor are short code labels (A1, D).
- Numbers in words (number-parser): for the numeric items, when the reading is not complete, runs
  of cardinal number words are written as digits ("one thousand four hundred" -> 1400) and the
  reader reads again. Ordinals ("second floor"), "once" and "one" as a pronoun ("which one", "the
  one street") stay as they are. A reading completed this way is recorded below 0.8 (a proposal to
  confirm) with a note saying how the words were read. So is a complete reading that the message's
  numbers in words, read as digits, would change ("1,240 and 1,240, so two thousand four hundred
  and eighty"): the figures in words are most often the total the consultant means.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA, Indel

from wizard_core.answers import parsing as p
from wizard_core.answers.base import Reading
from wizard_core.answers.option_matching import match_options
from wizard_core.answers.spoken import RUN, with_digits
from wizard_core.content import FormItem

FUZZY_CUTOFF = 80  # fuzz.ratio of a window to an option phrase (a 6-letter word's swap scores ~83)
SHORTEST_WORD = 4  # a changed word shorter than this is never taken for a misspelling
MAX_WINDOW = 4  # words
FIGURE_IN_WORDS = 20  # smaller numbers in words beside a complete reading are counts, not its figure
WORDS_CONFIDENCE = 0.75  # a reading of numbers written in words: below 0.8, a proposal to confirm
SPOKEN_TABLES = frozenset({"spatial", "fixtures"})  # tables said aloud: 'LD fourteen, eleven percent'
NUMERIC_TYPES = (
    frozenset({"area", "building_height", "integer", "occupant_load", "entrances_hazards", "energy"})
    | SPOKEN_TABLES
)

Reread = Callable[[list[str]], Reading]


def second_try(item: FormItem, texts: list[str], reading: Reading, reread: Reread) -> Reading:
    """``reading``, or what a fallback makes of ``texts`` when the reader read nothing usable.

    ``reread`` is the item's own reader on other texts.
    """
    if reading.complete:
        declined = _declined(item, texts, reading, reread)
        if declined is None and item.answer_type in NUMERIC_TYPES:
            smallest = 0 if item.answer_type in SPOKEN_TABLES else FIGURE_IN_WORDS
            return _words_disagree(texts, reading, reread, smallest) or reading
        return declined or reading
    if item.options:
        if reading.offer is None and not any(match_options(t, item.options) for t in texts):
            return _near_miss(item, texts, reading, reread)
        return reading
    if item.answer_type in NUMERIC_TYPES - SPOKEN_TABLES:  # a table's bad cell ('five') is asked about
        return _numbers_in_words(texts, reading, reread)
    return reading


# --- near-miss option words -------------------------------------------------------------------


@dataclass(frozen=True)
class _Hit:
    score: float
    start: int
    end: int
    said: str  # the window as written
    phrase: str  # the option's label or synonym it is taken for


def _near_miss(item: FormItem, texts: list[str], reading: Reading, reread: Reread) -> Reading:
    """The options the latest text with misspelled option words names, offered for a yes."""
    for index in range(len(texts) - 1, -1, -1):
        hits = _hits(item, texts[index])
        if not hits:
            continue
        if item.answer_type != "multi_choice":
            hits = hits[:1]
        corrected = _corrected(texts[index], hits)
        again = reread([*texts[:index], corrected, *texts[index + 1 :]])
        if not again.complete or again.value is None:
            return reading
        read_as = "; ".join(f"\u201c{h.said}\u201d read as \u201c{h.phrase}\u201d" for h in hits)
        return Reading(missing=reading.missing, offer=again.value, offer_reason=read_as)
    return reading


def _declined(item: FormItem, texts: list[str], reading: Reading, reread: Reread) -> Reading | None:
    """A plain "no" to a misspelled option offered: a refusal of the offer, not the option for none.

    The choice reader takes a plain "no" for the option marked none ("no sprinklers"); said right
    after a message the wizard read a misspelled option in, it declines that offer instead.
    """
    none = next((o for o in item.options if o.none), None)
    if none is None or reading.value != none.label or len(texts) < 2:
        return None
    last = texts[-1]
    if not p.lexicon().no.match(p.normalize(last)) or match_options(last, item.options):
        return None
    before = second_try(item, texts[:-1], Reading(), reread)
    if before.offer is None or before.offer == none.label:
        return None
    labels = "; ".join(o.label for o in item.options)
    return Reading(missing=f"which option applies, as you said it is not {before.offer}: {labels}")


def _hits(item: FormItem, text: str) -> list[_Hit]:
    """The windows of ``text`` that misspell an option phrase: best first, without overlaps."""
    phrases = _phrases(tuple((o.label, tuple(o.synonyms)) for o in item.options))
    if not phrases:
        return []
    negated_before = p.lexicon().negated_before
    words = list(re.finditer(r"\w+(?:[-']\w+)*", text))
    found: list[tuple[float, int, _Hit]] = []
    for size in range(1, MAX_WINDOW + 1):
        for first, last in zip(words, words[size - 1 :], strict=False):
            said = text[first.start() : last.end()]
            window = _plain(said)
            if len(window) < SHORTEST_WORD:
                continue
            clause = re.split(r"[,;.:()]", text[max(0, first.start() - 40) : first.start()])[-1]
            if negated_before.search(clause):  # "not fully sprinklred"
                continue
            for phrase, score, _ in process.extract(
                window, list(phrases), scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, limit=None
            ):
                if _misspells(window, phrase):
                    found.append((-score, -size, _Hit(score, first.start(), last.end(), said, phrase)))
                    break
    taken: list[_Hit] = []
    for *_, hit in sorted(found, key=lambda f: (f[0], f[1], f[2].start)):
        if not any(hit.start < t.end and t.start < hit.end for t in taken):
            taken.append(hit)
    return taken


@cache
def _phrases(options: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[str, ...]:
    """The options' labels and synonyms a misspelling may be matched to (no short codes)."""
    found: dict[str, None] = {}
    for label, synonyms in options:
        for phrase in (label, *synonyms) if len(label) > 2 else synonyms:
            plain = _plain(phrase)
            if len(plain) >= SHORTEST_WORD:
                found[plain] = None
    return tuple(found)


def _plain(text: str) -> str:
    return re.sub(r"[\s-]+", " ", p.normalize(text).casefold()).strip()


def _misspells(window: str, phrase: str) -> bool:
    """Whether ``window`` is ``phrase`` with a slip of the keyboard in one or more of its words."""
    said, meant = window.split(), phrase.split()
    if len(said) != len(meant) or said == meant:
        return False
    return all(a == b or _slip(a, b) for a, b in zip(said, meant, strict=True))


def _slip(said: str, meant: str) -> bool:
    """Whether the word ``said`` is ``meant`` mistyped, rather than another word or form."""
    if not (said.isalpha() and meant.isalpha()) or min(len(said), len(meant)) < SHORTEST_WORD:
        return False
    if said[0] != meant[0] or said in meant or meant in said:  # "storey" is not "store"
        return False
    if Indel.distance(said, meant) == 1:  # a letter dropped, added or doubled
        return True
    slips = OSA.distance(said, meant)
    if slips == 1 and sorted(said) == sorted(meant):  # two letters swapped
        return True
    # One letter wrong: only in longer words, where it seldom makes another word ("detail", "retail").
    return (len(meant) >= 7 and slips == 1) or (len(meant) >= 10 and slips == 2)


def _corrected(text: str, hits: list[_Hit]) -> str:
    for hit in sorted(hits, key=lambda h: -h.start):
        text = text[: hit.start] + hit.phrase + text[hit.end :]
    return text


# --- numbers in words -------------------------------------------------------------------------


def _numbers_in_words(texts: list[str], reading: Reading, reread: Reread) -> Reading:
    read = _read_with_digits(texts, reread)
    if read is None or not read[0].complete or read[0].value is None:
        return reading
    return _proposed(*read)


def _words_disagree(texts: list[str], reading: Reading, reread: Reread, smallest: float) -> Reading | None:
    """A message that gives a figure in words too, and reads otherwise with the words as digits
    ("1,240 and 1,240, so two thousand four hundred and eighty in total"): the words' reading, below
    0.8 to confirm, or offered for a yes when it is not complete ("about six hundred" beside it).
    None when the message has no numbers in words or they read the same."""
    if not RUN.search(texts[-1]):
        return None
    # "one storey", "two-bed units" stay in words: counts, not the figure itself (in a table said
    # aloud, every figure is one: 'LD fourteen')
    read = _read_with_digits(texts, reread, smallest)
    if read is None:
        return None
    again = read[0]
    meant = again.value if again.complete else again.offer
    if meant is None or _without_note(meant) == _without_note(reading.value):
        return None  # the same figures, the note in the words they were said in
    return _proposed(*read)


def _without_note(value: Any) -> Any:
    return {k: v for k, v in value.items() if k != "note"} if isinstance(value, dict) else value


def _read_with_digits(
    texts: list[str], reread: Reread, smallest: float = 0
) -> tuple[Reading, list[tuple[str, str]]] | None:
    """The reading of ``texts`` with their numbers in words as digits, and each (words, digits) read;
    None when they hold none."""
    rewritten, said = [], []
    for text in texts:
        digits, found = with_digits(text, smallest)
        rewritten.append(digits)
        said += found
    return (reread(rewritten), said) if said else None


def _proposed(again: Reading, said: list[tuple[str, str]]) -> Reading:
    """A reading of numbers in words: below 0.8, with a note saying how the words were read."""
    again.confidence = min(again.confidence, WORDS_CONFIDENCE)
    words = ", ".join(f"\u201c{w}\u201d as {d}" for w, d in dict.fromkeys(said))
    again.notes.append(f"numbers in words read as figures: {words}")
    return again
