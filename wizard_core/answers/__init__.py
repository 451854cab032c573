"""Answer types: what each one means, in one module per type (or family of types).

A module here joins the registry by defining ``ANSWER_TYPES``, so adding a type is one new
module plus its name in ``wizard_core.content.AnswerType`` and the form items that use it.
``parsing.py`` and ``vocabulary.py`` hold the text reading the readers share.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from typing import Any

from pydantic import ValidationError

from wizard_core.answers import (
    area_working,
    doubt,
    fallbacks,
    formulas,
    parsing,
    pasted,
    shorthand,
    spoken,
    written_figures,
)
from wizard_core.answers.base import AnswerType, FormFacts, Reading, fmt_number
from wizard_core.answers.wording import drawing_refs, keyed, set_aside, spelling
from wizard_core.answers.wording.marks import answer_in
from wizard_core.answers.wording.messages import semicolons_as_tabs, unnumbered
from wizard_core.content import FormItem
from wizard_core.errors import InvalidReplyError
from wizard_core.models import ProjectState

__all__ = [
    "REGISTRY",
    "AnswerType",
    "FormFacts",
    "Reading",
    "answer_type",
    "describe_value",
    "fmt_number",
    "read",
    "type_hint",
    "validate_value",
    "value_schema",
    "worked_out",
]


def _discover() -> dict[str, AnswerType]:
    registry: dict[str, AnswerType] = {}
    for module in pkgutil.iter_modules(__path__):
        for kind in getattr(importlib.import_module(f"{__name__}.{module.name}"), "ANSWER_TYPES", ()):
            if kind.name in registry:
                raise RuntimeError(f"answer type {kind.name} is defined twice")
            registry[kind.name] = kind
    return registry


REGISTRY: dict[str, AnswerType] = _discover()


def answer_type(item: FormItem) -> AnswerType:
    try:
        return REGISTRY[item.answer_type]
    except KeyError:
        raise ValueError(f"unknown answer type {item.answer_type}") from None


def validate_value(item: FormItem, value: Any) -> Any:
    """Return the normalized value for ``item``, or raise InvalidReplyError saying why not.

    ``None`` means "none / not applicable" and is accepted only where the item allows it.
    """
    if value is None:
        if item.allows_not_applicable:
            return None
        raise InvalidReplyError(f"Item {item.number} needs an answer; 'not applicable' is not allowed.")
    try:
        return answer_type(item).validate(item, value)
    except (ValidationError, ValueError, TypeError) as exc:
        detail = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else str(exc)
        detail = detail.removeprefix("Value error, ")  # pydantic's prefix for a validator's ValueError
        raise InvalidReplyError(f"The value for item {item.number} is not valid: {detail}.") from exc


def worked_out(item: FormItem, value: Any, state: ProjectState) -> Any:
    """A typed value with the columns the wizard computes filled in from its inputs and the project.

    A computed item (3.18, 3.21, 3.22, 3.23) takes its inputs from the consultant and its figures
    from the engine; InvalidReplyError names the input that cannot be used. Other items pass through.
    """
    kind = answer_type(item)
    if value is None or kind.compute is None:
        return value
    try:
        return kind.compute(item, value, state)
    except (ValidationError, ValueError, TypeError) as exc:
        detail = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else str(exc)
        raise InvalidReplyError(f"The value for item {item.number} cannot be worked out: {detail}.") from exc


def value_schema(item: FormItem) -> dict[str, Any]:
    """JSON Schema of the item's ``value`` (null allowed where 'not applicable' is)."""
    schema = answer_type(item).schema(item)
    if item.allows_not_applicable:
        schema = {"anyOf": [schema, {"type": "null"}]}
    return schema


def describe_value(item: FormItem, value: Any) -> str:
    """The answer as it reads in the matrix cell."""
    kind = answer_type(item)
    return kind.none_text if value is None else kind.describe(item, value)


def type_hint(item: FormItem) -> str:
    """The answer format, as the advisor is told it."""
    return answer_type(item).hint


# Items whose answer a consultant may paste as a header row over a row of figures.
_ROWS = frozenset({"occupant_load", "assemblies", "spatial", "fixtures"})  # the items answered in rows
TABLED = frozenset({"area", "building_height", "integer", "entrances_hazards", "construction", "yes_no"})


# a table's row of the storeys' sum, labelled by the item's own word: '| **Gross** | **2 016** |', '| GFA | …'
_GROSS_ROW = re.compile(
    r"^([ \t]*\|?[ \t]*\**[ \t]*)(?:gross(?:\s+(?:floor\s+)?area)?|gfa)(?=[ \t]*\**[ \t]*(?:\||\t))",
    re.I | re.M,
)

_FIGURED_ROW = re.compile(r"(?:\||\t).*\d|\d.*(?:\||\t)")


def _gross_row_as_total(text: str) -> str:
    """A table's last row labelled by the item's own word ('Gross', 'GFA') under two or more rows of the
    storeys' figures, labelled 'Total': their sum. A row of roles ('GFA | 1,150 | 1,850 | 3,000' under
    'Existing | New | Total') is the item's only row, and stays."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if _GROSS_ROW.match(line) and sum(bool(_FIGURED_ROW.search(b)) for b in lines[:index]) >= 2:
            lines[index] = _GROSS_ROW.sub(r"\1Total", line)
    return "\n".join(lines)


# Words an item's keywords share with its neighbours: they name no one item's row.
_SHARED_WORDS = {"existing area", "new area", "total area", "m2", "square metres", "storey", "all storeys"}
_CELL = re.compile(r"\s*(?:\||\t)\s*")


def own_rows(text: str, item: FormItem) -> str:
    """A pasted table with a row per fact ('Bldg area | 4,150 | …' over 'GFA | 7,250 | …'): only the
    header and the rows whose label names this item, when some row does; the text as it is otherwise."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) < 2 or not all(_CELL.search(line) for line in lines):
        return text
    names = [n for n in (item.title.lower(), *(k.lower() for k in item.keywords)) if n not in _SHARED_WORDS]

    def label(line: str) -> str:
        cell = _CELL.split(line.strip().strip("|"))[0].lower()
        return re.sub(r"\bbldg\b", "building", cell)

    first = re.sub(r"\b(?:m2|ft2)\b", "", lines[0], flags=re.I)
    header = [] if re.search(r"\d", _CELL.split(first.strip().strip("|"), maxsplit=1)[-1]) else lines[:1]
    body = lines[len(header) :]
    mine = [line for line in body if any(re.search(rf"\b{re.escape(n)}\b", label(line)) for n in names)]
    if not mine or len(mine) == len(body):
        return text
    return "\n".join(header + mine)


def _heading_dropped(text: str, item: FormItem) -> str:
    """``text`` without a first line that only heads it with the item's number and title ('### 3.05 Gross
    area', '**3.02 — Major occupancy**'), when more lines follow; a heading saying more ('3.03 — no',
    '3.21 (3.2.2.81)') stays."""
    first, _, rest = text.strip().partition("\n")
    number = re.escape(item.number)
    heading = re.match(rf"^[\W_]*(?:item\s+)?{number}(?![\d.]\d)(?P<words>[^\d\n]*)$", first, re.I)
    if heading is None or not rest.strip():
        return text
    titled = {w.lower() for w in re.findall(r"[a-z]+", " ".join([item.title, *item.keywords]), re.I)}
    if not {w.lower() for w in re.findall(r"[a-z]+", heading["words"], re.I)} <= titled:
        return text
    return rest


def read(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    """The offline reading of the consultant's ``texts`` (oldest first) for ``item``.

    When the answer type's reader reads nothing usable, ``fallbacks`` tries once more: a misspelled
    option offered for a yes, or numbers written in words recorded as a proposal to confirm. A
    reading whose message also holds a rival to its value (another figure of its kind, another
    option named) is recorded below 0.8 to confirm (``doubt``). A slip in the trade's words in the
    latest message ('sprinklerd', 'basmnt'), where the words as typed read nothing, is read as the word, and
    a sure reading so made offered for a yes.
    """
    texts = [answer_in(t) for t in texts]  # 'Hi,' … 'Thanks, M.' left out; '☐ Yes ☒ No' read as 'No'
    texts = [_heading_dropped(t, item) for t in texts]  # '### 3.05 Gross area' over the answer
    noting = item.answer_type in ("text", "code_version")  # a note keeps its words as typed
    if noting:
        return _read_spelled(item, texts, state, forms, noting)
    said = [shorthand.letters_joined(t) for t in texts]  # a drawing's 'L.D. 17.5', '2 W.C.'
    # the drawing set's and the file's numbers ('sheet A3 (3 of 22) at 1:100', 'Rm 105', 'Rev 2') and the
    # schemes set aside ('Scheme A was 2,150 m² a floor; we went with B — …') blanked, each word in its place
    if_so = item.answer_type != "assemblies"  # 3.21 reads its ratings' conditions itself
    masked = [set_aside.dropped(drawing_refs.blanked(t), counterfactuals=if_so) for t in said]
    reading = _read_spelled(item, masked, state, forms, noting)
    if masked == said:
        return reading
    # the words a value keeps (a note, a row's name) as typed, the references in them too
    reading.value = _as_typed(reading.value, masked[-1], said[-1])
    reading.offer = _as_typed(reading.offer, masked[-1], said[-1])
    return reading


def _as_typed(value: Any, masked: str, said: str) -> Any:
    """``value`` with its notes' words, where the masked message holds them, as the consultant typed them:
    the references blanked in or right beside them put back ('Refer to the code analysis on A-001'); a note
    a reader reworded ('Per code; see …' kept as 'Per code. See …') gets back those beside it only. An option
    chosen stays the option."""
    if isinstance(value, dict):
        return {
            k: _typed_text(v, masked, said) if k in _WORDS_KEPT else _as_typed(v, masked, said)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_as_typed(v, masked, said) for v in value]
    return value


_WORDS_KEPT = {"note"}  # (a row's floor, use or face is named in the readers' words, the references left out)


def _typed_text(value: Any, masked: str, said: str) -> Any:
    """One text of ``value`` as typed (``_as_typed``)."""
    if not isinstance(value, str) or not value.strip():
        return value
    blanked = [masked[k] != said[k] for k in range(len(said))]
    if (at := masked.find(value)) >= 0:
        start, end = _widened(blanked, masked, at, at + len(value))
        return said[start:end].strip() if any(blanked[start:end]) else value
    words = re.findall(r"\w+", value)
    found = re.search(r"\W+".join(map(re.escape, words)), masked, re.I) if words else None
    if found is None:
        return value
    start, end = _widened(blanked, masked, found.start(), found.end())
    core = value.rstrip(" .;,")
    return said[start : found.start()].lstrip() + core + said[found.end() : end].rstrip() + value[len(core) :]


_GAP = re.compile(r"[\s,;:(—–-]{0,3}")  # between a text and a reference beside it


def _widened(blanked: list[bool], masked: str, start: int, end: int) -> tuple[int, int]:
    """The span widened over the references blanked right before and after it, and the comma or space
    between ('…, see A-501')."""
    while True:
        found = _GAP.match(masked, end)
        gap = found.end() - end if found else 0
        if end + gap >= len(masked) or not blanked[end + gap]:
            break
        end += gap
        while end < len(masked) and _beside(blanked, masked, end, 1):
            end += 1
    while start > 0 and _beside(blanked, masked, start - 1, -1):
        start -= 1
    return start, end


def _beside(blanked: list[bool], masked: str, k: int, step: int) -> bool:
    """Whether character ``k`` is blanked, or a space with a blanked one next to it going ``step``."""
    return blanked[k] or (masked[k] == " " and 0 <= k + step < len(masked) and blanked[k + step])


def _read_spelled(
    item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts, noting: bool
) -> Reading:
    """``read`` of the texts as given, or past the slips in the trade's words in them."""
    typed = _read_as_typed(item, texts, state, forms)
    slips = spelling.slips(texts[-1]) if texts and not noting else []
    if not slips or typed.complete or typed.offer is not None:
        return typed
    reading = _read_as_typed(item, [spelling.as_spelled(t) for t in texts], state, forms)
    if not reading.complete or reading.value is None or reading.confidence < doubt.CONFIDENT:
        return typed  # read past its slips, the message is still unsure: asked as it was typed
    # offered for a yes, as a misspelled option is (``fallbacks``): the reading rests on words read as meant
    said = ", ".join(f"\u201c{slip}\u201d read as \u201c{word}\u201d" for slip, word in slips)
    return Reading(
        missing=f"whether the words are read as you meant them ({said})",
        offer=reading.value,
        offer_reason=said,
    )


def _read_as_typed(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    """``read`` once the message is its answer alone, its words spelled as the readers know them."""
    # a checklist tool's 'storeys_ag: 3' block in words; a note given as 'notes: "…"', the note alone
    free_text, in_rows = item.answer_type == "text", item.answer_type in _ROWS
    texts = [keyed.as_read(t, note=free_text, tables=in_rows) for t in texts]
    own = _own_last_word(item, texts[-1]) if texts else None
    if own is not None:  # a pasted passage, then the consultant's own line replacing what it says
        last = _read_as_typed(item, [*texts[:-1], own], state, forms)
        note = "read from your own line after the pasted text, which it replaces"
        if (taken := _instead(last, OWN_LAST_WORD_CONFIDENCE, note)) is not None:
            return taken
        if last.offer is not None:  # '… so it's 560 new and 1,400 total now', its unit the passage's
            return last
    schedule_read = bool(texts) and item.answer_type in _OWN_LINES_READ
    own_lines = pasted.beside_quoted_rows(texts[-1]) if schedule_read else None
    if own_lines:  # a model's schedule pasted, then the consultant's own line: 'Building area … 2,649 m2'
        last = _read_as_given(item, [*texts[:-1], own_lines], state, forms)
        note = "read from your own words under the pasted schedule"
        if (taken := _instead(last, OWN_LINE_CONFIDENCE, note)) is not None:
            return taken
    answered = _answer_line(item, texts[-1]) if texts else None
    texts = [_ANSWER_LABEL.sub("", t) for t in texts]  # 'Answer: B3 — …': the label no part of the answer
    if answered is not None:  # '**Answer:** 2' over the working: the line the consultant marks as the answer
        line = _read_as_given(item, [*texts[:-1], answered], state, forms)
        if line.complete and line.value is not None:
            return line
    reading = _read_as_given(item, texts, state, forms)
    concluded = _conclusion(item, texts[-1]) if texts else None
    if concluded is None:
        return reading
    last = _read_as_given(item, [concluded], state, forms)  # complete on its own ('still 1 storey' is not)
    if reading.complete and last.value == reading.value:
        return reading
    # 'i paused on the amenity room … a little a2 space, but … it rides along. c only.'
    note = f"read from your conclusion ('{concluded.strip()}'), what came before it set aside"
    return _instead(last, CONCLUSION_CONFIDENCE, note) or reading


# a line the consultant marks as the answer, over or under its working: 'Answer: 2', 'Final answer - B3'
_ANSWER_WORD = r"^[^\w\n]*(?:final\s+|short\s+)?(?:answer|ans\.?|response)\s*"
_ANSWER_LINE = re.compile(rf"{_ANSWER_WORD}[:=\u2014\u2013-]\s*(?P<said>\S.*)$", re.I | re.M)
_ANSWER_LABEL = re.compile(rf"{_ANSWER_WORD}[:=]\s*(?=\S)", re.I | re.M)


def _answer_line(item: FormItem, text: str) -> str | None:
    """The line a message marks as its answer ('Answer: 3.2.2.25 — …'), when the message says more than
    it and the item is answered in a value, not rows worked out or a note; None otherwise."""
    if answer_type(item).compute is not None or item.answer_type in ("text", "code_version"):
        return None
    found = list(_ANSWER_LINE.finditer(text))
    if len(found) != 1 or not text.replace(found[0].group(), "").strip():
        return None
    others = [m for m in _LABELLED_LINE.finditer(text) if m.start() != found[0].start()]
    if any(not _SUPPORT_LABEL.fullmatch(m["label"].strip()) for m in others):
        return None  # 'Answer: SB-10 …' over 'Climate zone: 7A': the other labelled lines answer too
    return found[0]["said"]


# a line opening on its label ('Climate zone: 7A', 'Basis: …'); not a table's row
_LABELLED_LINE = re.compile(r"^[^\w\n|]*(?P<label>[A-Za-z][\w .'/&()-]{0,30}?)\s*[:=]\s*\S[^|\n]*$", re.M)
# the labels of what supports an answer, not a part of it
_SUPPORT_LABEL = re.compile(
    r"(?:basis|bases|refs?\.?|references?|working|why|notes?|reasons?|sources?|checks?|comments?|explanation"
    r"|rationale|see|because|per|code|article|articles|cited|citation|remarks?)",
    re.I,
)


def _instead(reading: Reading, ceiling: float, note: str) -> Reading | None:
    """A reading of part of the message taken in place of the whole's, below ``ceiling`` and saying why;
    None when that part reads no complete value."""
    if not reading.complete or reading.value is None:
        return None
    reading.confidence = min(reading.confidence, ceiling)
    reading.notes.append(note)
    return reading


def _read_as_given(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    """``read`` once the consultant's own last line has been weighed: the type's reader on the texts."""
    kind = answer_type(item)
    if item.answer_type in _ROWS:  # '"L01 - GROUND","DINING","104.250 m²"' exported: the sheet's rows
        texts = [pasted.quoted_cells_as_tabs(t) for t in texts]
    if item.answer_type not in ("text", "code_version"):  # a note is kept in the words it was given
        texts = [pasted.units_from_labels(formulas.worked_out(t)) for t in texts]  # '=1380*6', 'GFA (m2)'
        texts = [written_figures.figures_as_written_here(t) for t in texts]
        texts = [pasted.spaced_as_tabs(spoken.as_meant(pasted.spreadsheet_marks(t))) for t in texts]
        texts = [unnumbered(t) for t in texts]  # "1) 1 storey above grade / 2) 0 below": no counts
    if item.answer_type == "area":  # 'ft²  m²' columns: the m² figures, never square feet taken as m²
        # ('| **Gross** | **2 016** |' under the storeys' rows: their total)
        texts = [own_rows(pasted.unit_columns(_gross_row_as_total(t)), item) for t in texts]
    if item.answer_type in TABLED:
        texts = [pasted.unpivoted(semicolons_as_tabs(t)) for t in texts]  # 'EXIST;NEW;TOTAL' over '0;1480'
    if item.answer_type == "area":
        texts = [area_working.feet_twins_dropped(area_working.asides_dropped(t)) for t in texts]
        texts = [area_working.triple_as_roles(t) for t in texts]
        texts = [area_working.sides_as_working(parsing.old_working_dropped(t)) for t in texts]
    if item.answer_type in ("area", "building_height"):
        texts = [parsing.range_dropped(t) for t in texts]
    reading = kind.read(item, texts, state, forms)

    def again(words: list[str]) -> Reading:
        if item.answer_type == "area":  # sides said in words, now in digits ("thirty by twenty six metres")
            words = [area_working.sides_as_working(w) for w in words]
        return kind.read(item, words, state, forms)

    reading = fallbacks.second_try(item, texts, reading, again)
    return _fits(item, doubt.weighed(item, texts, reading, state, forms, again))


_OWN_LINES_READ = frozenset({"area", "building_height"})  # the items a schedule's own line answers
OWN_LINE_CONFIDENCE = 0.85  # the consultant's words, the schedule's figures beside them set aside
CONCLUSION_CONFIDENCE = 0.75  # a message reasoned through to its last sentence: recorded to confirm
# a last sentence that draws the conclusion of the reasoning before it ('so three streets', 'c only.')
_CONCLUDING = re.compile(
    r"^\W*(?:so|therefore|thus|hence|in\s+short|bottom\s+line|net|conclusion|final\s+answer)\b[\s,:]*", re.I
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
_REASONED = 3  # sentences, for a short last one to be the conclusion of reasoning
_SHORT = 3  # words
_REASONED_WORDS = 25  # in the message, for its last few words to conclude reasoning
_FINAL = re.compile(r"\b(?:only|just|it\s+is|it'll\s+be|is\s+the\s+one|that's\s+it)\b", re.I)  # 'c only.'


def _conclusion(item: FormItem, text: str) -> str | None:
    """The last sentence of a paragraph that reasons its way to an answer, when it draws the conclusion:
    it opens with 'so', 'therefore' … ('so combustible permitted, and combustible is what's built'), or
    is a few words of choosing after several sentences ('c only.', '3.2.2.51 it is.'); None otherwise, for a
    table or a list (its last row is no conclusion), and for the computed items, notes and areas, whose every
    sentence counts ('… Total 1,500 m².' after its parts)."""
    if answer_type(item).compute is not None or item.answer_type in ("text", "code_version", "area"):
        return None
    if re.search(r"[\t|]|^\s*(?:[-*\u2022]|\d+[.)])\s", text, re.M):
        return None
    lines = text.strip().splitlines()
    sentences = [s for s in _SENTENCE_END.split(lines[-1]) if re.search(r"\w", s)] if lines else []
    if len(sentences) < 2:
        return None
    last = sentences[-1]
    if _CONCLUDING.match(last):
        return _CONCLUDING.sub("", last, count=1)
    short = len(re.findall(r"[\w.]+", last)) <= _SHORT and _FINAL.search(last) is not None
    if len(sentences) >= _REASONED and short and len(text.split()) >= _REASONED_WORDS:
        return last
    return None


OWN_LAST_WORD_CONFIDENCE = 0.75  # the passage set aside on the strength of a line: recorded to confirm
# the consultant's own line after a pasted passage, saying the passage is out of date
_REPLACES = re.compile(
    r"\b(?:now|instead|use\s+(?:\d|it|that|this)|ignore|old|outdated|superseded|rev(?:ision)?\s*[a-z0-9]\b|"
    r"revised|updated|changed|actually|not\s+the\s+\d)",
    re.I,
)
_OWN_WORD_MAX = 300  # characters: a line of the consultant's own, not another passage


def _own_last_word(item: FormItem, text: str) -> str | None:
    """The last paragraph of a message of several, when it is the consultant's own short line replacing
    the passage above it ('that's rev B — … so it's 560 new and 1,400 total now'); None otherwise, and for
    the computed items, whose one-line fixes revise a row of the table above rather than replace it."""
    if answer_type(item).compute is not None or item.answer_type in ("text", "code_version"):
        return None
    paragraphs = [p.strip() for p in re.split(r"\n[ \t]*\n", text.strip()) if p.strip()]
    if len(paragraphs) < 2 or len(paragraphs[-1]) > _OWN_WORD_MAX or "\n" in paragraphs[-1]:
        return None
    return paragraphs[-1] if _REPLACES.search(paragraphs[-1]) else None


def _fits(item: FormItem, reading: Reading) -> Reading:
    """The reading, or a question when its value is one the item refuses ("0 storeys above grade"): the
    offline reader never hands on a value the answer would be refused for."""
    if not reading.complete or reading.value is None:
        return reading
    try:
        validate_value(item, reading.value)
    except InvalidReplyError as error:
        return Reading(missing=f"an answer the item takes ({error})")
    return reading
