"""The last word on a reading's confidence: a rival in the same message leaves it to confirm.

A reader binds a figure or a word to the item's noun. When the message the value came from also
holds something the value could as well have been, the binding is not beyond doubt, whatever the
reader's own confidence:

- a figure of the same kind that the value does not use ("8.9 m to the ridge", beside the 8.4 m
  recorded), outside shown working and after the figures a correction replaces ("640, not 620");
- another of the item's options named and not negated ("two stage" beside "single stage");
- several occupancies or articles read from words, not from a bare list of codes, or an article
  or occupancy code named that the value leaves out ("too big for 3.2.2.41");
- materials of a construction kind the recorded construction leaves out;
- a yes or no read from a negation or an affirming word somewhere in a message of several clauses,
  rather than from its leading word;
- an article per occupancy while the occupancies are still a proposal below 0.8;
- the consultant's own hedge ("I think", "probably", a figure given as a question);
- a message revising a recorded answer that reads as that same answer ("I said two, but only the
  front door is barrier-free"): a revision means a change.

The reading is then recorded below 0.8, a proposal the consultant confirms, with a note saying
what else the message held. Computed items (their rows have their own check) and free text pass
through unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from wizard_core.answers import parsing as p
from wizard_core.answers.articles import article_mentions
from wizard_core.answers.base import FormFacts, Reading
from wizard_core.answers.choice import narrowed
from wizard_core.answers.construction import (
    MIXED_SAID,
    construction_clauses,
    materials_named,
    restrictions_named,
)
from wizard_core.answers.fallbacks import FIGURE_IN_WORDS
from wizard_core.answers.integer import figures as counted_figures
from wizard_core.answers.spoken import with_digits
from wizard_core.content import FormItem
from wizard_core.models import ProjectState

CONFIDENT = 0.8
DOUBTED_CONFIDENCE = 0.75  # a reading with a rival in its message: a proposal to confirm
SQ_FT_TO_M2 = p.FT_TO_M**2
# A figure inside shown working: next to an operator ("4 x 1,200 = 4,800", "5 floors @ 900").
_OPERATOR_AFTER = re.compile(r"^\s*(?:[×*+@=/÷]|x(?=\s*\d)|-\s*\d|−|by\s+\d|times\b)", re.I)
_OPERATOR_BEFORE = re.compile(r"(?:[×*+@=/÷−]|\bx|\d\s*-|\bby|\btimes)\s*(?:about\s+|approx\.?\s+)?$", re.I)
# Clauses: sentences, semicolons, dashes, and the words that turn to another point.
_CLAUSE = re.compile(
    r"(?<!\bapprox)(?<!\bca)\.(?!\d)|[;!?\n]|\s[-\u2013\u2014]\s|\b(?:but|however|although|though|except|whereas)\b",
    re.I,
)
YEARS = range(1850, 2101)
_SENTENCE = re.compile(r"(?<!\bapprox)(?<!\bca)\.(?!\d)|[;!?\n]")  # a sentence, or a step of shown working


def weighed(
    item: FormItem,
    texts: list[str],
    reading: Reading,
    state: ProjectState,
    forms: FormFacts,
    reread: Callable[[list[str]], Reading] | None = None,
) -> Reading:
    """``reading``, recorded below 0.8 with a note when its message holds a rival to its value.

    ``reread`` is the item's reader: given it, each clause of a message of several is read on its
    own too, and a clause that reads as another value with confidence is a rival (``_clause_apart``).
    """
    if not reading.complete or reading.value is None or reading.confidence < CONFIDENT or not texts:
        return reading
    rival = (
        _rival(item, texts[-1], reading.value)
        or _resting_on_doubt(item, state, forms)
        or hedged(texts[-1])
        or (_clause_apart(item, texts, reading.value, reread) if reread else "")
    )
    recorded = state.answer_for(item.number)
    if not rival and recorded is not None and recorded.value == reading.value and _revises(texts[-1]):
        rival = "this reads as the answer already recorded, though the message revises it"
    if rival:
        reading.confidence = DOUBTED_CONFIDENCE
        reading.notes.append(f"{rival}: confirm, or say which is meant")
    return reading


# The answer types whose clauses are read one by one: a value bound to one noun, not rows or text.
# Figures have their own rivals, bound to their nouns (``_rival_figure``), which a clause read on its
# own would lose ("1 street; 2 more frontages are private lanes").
# Occupancies are read across sentences ("… a daycare. The board scrapped it."), so a clause alone
# would lose what the message settles about them.
CLAUSE_READ = frozenset({"choice", "articles", "construction", "yes_no"})


def _clause_apart(
    item: FormItem, texts: list[str], value: Any, reread: Callable[[list[str]], Reading]
) -> str:
    """A clause of the latest message that, read on its own, is a confident reading of another value
    ("BA 1,310 m2 - the 1,150 existing is all one fire area" read whole as 1,150): the message's
    clauses do not agree, so the whole reading is not beyond doubt. A clause that reads as the same
    value, or as nothing complete, agrees."""
    if item.answer_type not in CLAUSE_READ:
        return ""
    clauses = _clauses(texts[-1])
    if len(clauses) < 2:
        return ""
    words = p.lexicon()
    leading = p.normalize(texts[-1])
    if item.answer_type == "yes_no" and (words.yes.match(leading) or words.no.match(leading)):
        return ""  # a leading yes or no decides; what follows qualifies it
    for clause in clauses:
        if item.answer_type == "yes_no" and _bare_yes_no(item, p.normalize(clause)):
            continue  # "It is 2 storeys, under every trigger": no yes or no about the item
        alone = reread([*texts[:-1], clause])
        if alone.complete and alone.confidence >= CONFIDENT and not _agrees(alone.value, value):
            return f"read on its own, \u201c{clause.strip()[:80]}\u201d gives another answer"
    return ""


def _agrees(one: Any, other: Any) -> bool:
    """Whether a clause's reading ``one`` agrees with the whole message's ``other``: the same value,
    or some of a list ("C hotel + A2 restaurant. The lobby serves the hotel = C")."""
    if isinstance(one, list) and isinstance(other, list):
        return set(map(str, one)) <= set(map(str, other))
    return bool(one == other)


def _rival(item: FormItem, text: str, value: Any) -> str:
    kind = item.answer_type
    if kind in FIGURES:  # a figure in words is a figure too ("so fifteen thousand five hundred in total")
        text = with_digits(text, FIGURE_IN_WORDS)[0]
    if kind == "choice":
        return _rival_option(item, text, value)
    if kind == "multi_choice":
        return _several(item, text, value)
    if kind == "articles":
        return _other_articles(text, value)
    if kind == "construction":
        return _other_materials(item, text, value)
    if kind == "yes_no":
        return _yes_no_from_words(item, text)
    if kind in FIGURES:
        return _rival_figure(item, text, value)
    return ""


# The consultant's own doubt: "I think", "I guess", "probably".
_HEDGE = re.compile(
    r"\b(?:i (?:think|guess|believe|assume|suppose)|i'm not sure|not sure|i'd guess|probably|pretty sure|"
    r"if i'm right|unless i'm wrong|i don't think)\b",
    re.I,
)
_FIGURE_ASKED = re.compile(r"\d[^.?!]*\?\s*$")  # "… so 10.4 m?"


def hedged(text: str) -> str:
    """Why a message's answer is the consultant's guess, not their word: a hedge ("I think …"),
    or a figure given as a question ("so 10.4 m?"); "" when neither."""
    found = _HEDGE.search(text)
    if found is not None:
        return f"you said it as a guess ('{found[0]}')"
    return "you gave the figure as a question" if _FIGURE_ASKED.search(text) else ""


def _others_left_out(item: FormItem, text: str, forms: FormFacts) -> str:
    """The message without its clauses about another item of the same kind ("… and the gross goes
    down to 3,360 m2" at the building area): a figure bound to another item's noun is no rival."""
    names = [
        re.escape(re.sub(r"\s*\(.*\)|\s+area$", "", other.title.lower()))
        for other in forms.form.items
        if other.answer_type == item.answer_type and other.number != item.number
    ]
    if not names:
        return text
    other = re.compile(rf"\b(?:{'|'.join(names)})\b", re.I)
    clauses = re.split(r"([,;.]\s+|\s+and\s+|\n)", text)
    return "".join(" " if other.search(c) and re.search(r"\d", c) else c for c in clauses)


def _resting_on_doubt(item: FormItem, state: ProjectState, forms: FormFacts) -> str:
    """An article per occupancy, while the occupancies themselves are a proposal to confirm."""
    if item.answer_type != "articles":
        return ""
    source = forms.fact_item("major_occupancies")
    answer = state.answer_for(source.number) if source else None
    if answer is None or not answer.proposed or answer.confidence >= CONFIDENT:
        return ""
    return f"the occupancies in {answer.section} it rests on are still to confirm"


# A message that takes back what was said: "I said", "I gave you", "not … but", "scratch that".
_REVISING = re.compile(
    r"\b(?:i (?:said|gave|had|put|wrote|told)|going back|scratch|correction|correct(?:ing)? (?:that|the|my)|"
    r"fix|mis-?(?:typed|read|counted)|should (?:be|have been|read)|actually|instead|sorry|my mistake|typo)\b",
    re.I,
)


def _revises(text: str) -> bool:
    return bool(_REVISING.search(text))


# --- options ----------------------------------------------------------------------------------


def _rival_option(item: FormItem, text: str, value: Any) -> str:
    """The message names options, and the value is not the one it names."""
    named = [m.option.label for m in narrowed(text, p.match_options(text, item.options), item)]
    others = [label for label in named if label != value]
    if others and (value not in named or len(named) > 1):
        return f"the message names {' and '.join(others)}"
    return ""


def _several(item: FormItem, text: str, value: Any) -> str:
    """Several occupancies, not all of them named by their codes. (A code the value leaves out is
    the reader's to weigh: "F3, not F2", "the former F2 plant".)"""
    values = value if isinstance(value, list) else [value]
    if len(values) > 1 and not _only_codes(text, values):
        return f"{len(values)} occupancies were read from your description"
    return ""


HYPOTHETICAL = re.compile(r"\b(?:could|might|would|may|if)\b", re.I)  # "the showroom could be called E"


def _only_codes(text: str, codes: list[str]) -> bool:
    """Whether every occupancy recorded was named by its code ("A2 and D", "c over e"), and not
    in a negation ("not the C route") or a supposition ("the showroom could be called E")."""
    normalized = p.normalize(text)
    said = set()
    for m in re.finditer(r"(?<![\w-])(?:[A-Fa-f]\s?[1-4]|[CDEcde])(?![\w-])", normalized):
        clause = re.split(r"[,;.:()]", normalized[max(0, m.start() - 40) : m.start()])[-1]
        if not p.lexicon().negated_before.search(clause) and not HYPOTHETICAL.search(clause):
            said.add(m[0].replace(" ", "").upper())
    return all(code in said for code in codes)


def _other_articles(text: str, value: Any) -> str:
    """An article named as an answer that the value leaves out; one set aside ("from 3.2.2.85 to
    3.2.2.88", "too big for 3.2.2.41") or cited as a limit is no rival."""
    values = value if isinstance(value, list) else [value]
    mentions = article_mentions(text)
    named = mentions.named
    others = [a for a in mentions.answers if a not in values]
    if others:
        return f"the message also names {', '.join(others)}"
    if len(set(values)) > 1 and not all(a in named for a in values):
        return f"{len(set(values))} articles were read, not all of them named"
    return ""


def _other_materials(item: FormItem, text: str, value: Any) -> str:
    """Restrictions of two kinds named, or materials of a kind the recorded construction leaves out
    (outside the restriction), or "both" said of a construction recorded as one kind."""
    if not isinstance(value, dict):
        return ""
    lowered = p.normalize(text).lower()
    restrictions = restrictions_named(item, lowered)
    if len(restrictions) > 1:
        return f"the message names both {' and '.join(sorted(restrictions))}"
    option = next((o for o in item.field_options.get("actual", []) if o.label == value.get("actual")), None)
    if option is None or not option.materials:
        return ""
    clauses = construction_clauses(lowered)
    named = set()
    for clause in clauses:
        named |= materials_named(item, clause)
    if named - set(option.materials):
        return "the message also names construction of another kind"
    if len(option.materials) == 1 and any(MIXED_SAID.search(c) for c in clauses):
        return "the message speaks of construction of both kinds"
    return ""


GENERIC_WORDS = frozenset({"required", "system", "design", "major", "number", "type"})  # in many titles


def _yes_no_from_words(item: FormItem, text: str) -> str:
    """No leading yes or no, and the message speaks of something else, or has words pointing both
    ways in several points."""
    words = p.lexicon()
    normalized = p.normalize(text)
    if words.yes.match(normalized) or words.no.match(normalized):
        return ""  # a leading yes or no decides
    if not _speaks_of(item, normalized):
        return f"the message does not speak of {item.title.lower()}"
    both = words.negation.search(normalized) and words.affirming.search(normalized)
    return "the yes or no was read from words pointing both ways" if both and len(_clauses(text)) > 1 else ""


def _speaks_of(item: FormItem, text: str) -> bool:
    """Whether ``text`` names the item's subject: a word of its title or one of its keywords."""
    lowered = text.lower()
    title_words = [w for w in re.findall(r"[a-z][a-z-]{3,}", item.title.lower()) if w not in GENERIC_WORDS]
    terms = [*title_words, *(k.lower() for k in item.keywords)]
    return any(re.search(rf"\b{re.escape(t)}", lowered) for t in terms if t)


def _bare_yes_no(item: FormItem, text: str) -> bool:
    """A clause whose yes or no would come from its opening words alone ("It is …", "No …") while it
    speaks of something else."""
    words = p.lexicon()
    return bool(words.yes.match(text) or words.no.match(text)) and not _speaks_of(item, text)


def _clauses(text: str) -> list[str]:
    return [c for c in _CLAUSE.split(text) if re.search(r"\w{2}", c)]


# --- figures ----------------------------------------------------------------------------------

# The answer types whose value is made of figures, and the units a rival figure may carry for each.
FIGURES = {
    "area": ("m2", "ft2", ""),
    "building_height": ("m", "ft", ""),
    "integer": ("",),
    "entrances_hazards": ("",),
}
_TO_METRIC = {"ft2": SQ_FT_TO_M2, "ft": p.FT_TO_M}
SMALLEST_AREA = 20  # a bare figure below this is no area (a phase, a count)


def _rival_figure(item: FormItem, text: str, value: Any) -> str:
    used = list(_figures(value))
    if not used:
        return ""
    if item.answer_type in ("integer", "entrances_hazards"):
        counts = _counts(item, text)
        # "one off the lot and one off the street, so two"
        if sum(c for c in counts if c not in used) in used:
            return ""
        others = sorted(set(counts) - {int(v) for v in used})
        return f"the message also gives the count {others[0]}" if others else ""
    units = FIGURES[item.answer_type]
    masked = p.mask_articles(p.normalize(text))
    found = [q for q in p.quantities(text) if q.unit in units and not q.standard and not _year(masked, q)]
    if item.answer_type == "area":
        found = [q for q in found if q.unit or not (q.counted or q.value < SMALLEST_AREA)]
    else:  # a bare figure at a height is a count of storeys, or about something else ("bay 2")
        found = [q for q in found if q.unit or q.counted]
    metric = [q.value * _TO_METRIC.get(q.unit, 1.0) for q in found]
    wrong = _working_astray(text, masked, used) if item.answer_type == "area" else None
    if wrong is not None:
        return f"the working shown ({wrong}) does not come to the figure given"
    for q, figure in zip(found, metric, strict=True):
        if _in_working(masked, q) or any(_same(figure, v) or _same(q.value, v) for v in used):
            continue
        if _part_of(figure, [m for m in metric if m is not figure], used) or _set_aside(masked, q):
            continue
        shown = masked[q.start : q.end].strip()
        return f"the message also gives {shown}"
    return ""


def _working_astray(text: str, masked: str, used: list[float]) -> str | None:
    """The first step of shown working whose figures make none of the figures recorded
    ("1,438.1 + 2 @ 1,392.6 = 4,233.3"), as written; None when every step adds up."""
    start = 0
    for stop in [*(m.start() for m in _SENTENCE.finditer(masked)), len(masked)]:
        step = [
            q
            for q in p.quantities(text)
            if start <= q.start < stop and q.unit not in ("%", "time") and _in_working(masked, q)
        ]
        operands = [q.value * _TO_METRIC.get(q.unit, 1.0) for q in step]
        operands = [o for o in operands if not any(_same(o, v) for v in used)]
        if len(operands) >= 2 and not any(_comes_to(operands, v) for v in used):
            return masked[step[0].start : step[-1].end].strip()
        start = stop
    return None


def _comes_to(operands: list[float], total: float) -> bool:
    """Whether the figures of the working make ``total``: their sum, a product of two, or a sum
    with one of them taken a number of times ("1,438 + 2 x 1,392")."""
    whole = sum(operands)
    if _exact(whole, total):
        return True
    for i, a in enumerate(operands):
        for b in operands[i + 1 :]:
            if _exact(a * b, total):
                return True
        if any(_exact(whole + (k - 1) * a, total) for k in range(2, 101)):
            return True
    return False


def _exact(figure: float, total: float) -> bool:
    """Equal within the rounding of shown working (0.1 %), not the 1 % a figure is matched with."""
    return abs(figure - total) <= max(0.001 * abs(total), 0.06)


def _part_of(figure: float, others: list[float], used: list[float]) -> bool:
    """A figure the value is worked out from in words: a floor's area times the floors ("three
    floors of 620 m2, so 1,860"), a part of a sum ("3,400 plus 2,600, so 6,000"), or one of rows
    that add up to it."""
    for v in used:
        times = v / figure if figure and v and figure < v else 0.0
        if times and abs(times - round(times)) < 0.01 and round(times) <= 100:
            return True
        if any(_same(figure + k * other, v) for other in others for k in range(1, 101)):
            return True
        # "ground 1,200 plus 3 floors at 1,150 each, so 4,650": one storey, then a typical one times n
        if any(_same(other + k * figure, v) for other in others for k in range(2, 101)):
            return True
        if _same(figure + sum(others), v) or _same(sum(others) + figure - v, v):
            return True
    return False


# A bare count stands alone when what follows is no noun of its own ("I had 3 on the sketch").
_LONE_AFTER = re.compile(
    r"^(?:\s*(?:[.,;:!?)\u2014-]|$)|\s+(?:on|in|at|of|and|or|to|for|from|with|but|so|too|as|when|before|"
    r"earlier|originally|first|last|then|now|is|are|was|were)\b)",
    re.I,
)
# A figure that names a thing rather than counts it: "Highway 26", "lot 14", "phase 2", "bay 3".
_NAMING_BEFORE = re.compile(
    r"\b(?:hwy|highway|route|rte|road|rd|street|st|lot|unit|suite|bay|dock|phase|level|floor|grid|no|number|"
    r"sheet|drawing|dwg|page|zone|door|room|building|bldg|block|part|division|div|group|type|class|sc)\.?\s*#?$",
    re.I,
)


def _counts(item: FormItem, text: str) -> list[int]:
    """The counts the message gives for the item's noun, and any bare count standing alone."""
    counts = counted_figures(item, text) if item.answer_type == "integer" else _before_entrance(text)
    lowered = p.mask_articles(p.normalize(text)).lower()
    for q in p.quantities(text):
        if q.unit or q.standard or q.counted or q.value != int(q.value) or q.value > MOST_COUNTED:
            continue
        if _NAMING_BEFORE.search(lowered[max(0, q.start - 12) : q.start]):
            continue
        if _LONE_AFTER.match(lowered[q.end :]) and not _in_working(lowered, q):
            counts.append(int(q.value))
    return counts


MOST_COUNTED = 50  # a bare figure above this counts no streets or entrances


def _before_entrance(text: str) -> list[int]:
    """The counts written before the word for an entrance ("one barrier-free entrance", "2 entries")."""
    lowered = p.normalize(text).lower()
    counts = []
    before_noun = rf"(\b\d+\b|{p.lexicon().counts})\b([\w\s-]{{0,30}}?)\b(?:entrances?|entr(?:ies|y))\b"
    for m in re.finditer(before_noun, lowered):
        if not re.search(r"[.;:,]", m[2]) and (n := p.word_number(m[1])) is not None:
            counts.append(n)
    return counts


# Said of a figure the consultant leaves out of the answer: "the 900 m2 cellar is excluded".
_LEFT_OUT = re.compile(
    r"exclud|not count|n't count|not part of|n't part of|left (?:\w+ )?out|leave (?:\w+ )?out|"
    r"not included|n't included|not in the|below grade|underground|separate",
    re.I,
)


def _set_aside(masked: str, q: p.Quantity) -> bool:
    """Whether the sentence holding ``q`` says it is left out of the answer."""
    start = max((m.end() for m in _SENTENCE.finditer(masked, 0, q.start)), default=0)
    end = next((m.start() for m in _SENTENCE.finditer(masked, q.end)), len(masked))
    return bool(_LEFT_OUT.search(masked[start:end]))


def _figures(value: Any) -> Iterator[float]:
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        yield float(value)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _figures(v)


def _same(figure: float, used: float) -> bool:
    return abs(figure - used) <= max(0.01 * abs(used), 0.06)


def _in_working(masked: str, q: p.Quantity) -> bool:
    before = masked[max(0, q.start - 12) : q.start]
    return bool(_OPERATOR_AFTER.match(masked[q.end :]) or _OPERATOR_BEFORE.search(before))


def _year(masked: str, q: p.Quantity) -> bool:
    raw = masked[q.start : q.end]
    return not q.unit and q.value == int(q.value) and int(q.value) in YEARS and raw.strip().isdigit()
