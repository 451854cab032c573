"""What the consultant has said, as the offline advisor reads it: the current item's thread, what
was said for other items, 'same as 3.04', and a message saying the item does not apply."""

from __future__ import annotations

import re
from functools import cache

from wizard_core.advisors.base import AdvisorRequest
from wizard_core.answers import Reading, answer_type, read
from wizard_core.answers import parsing as p
from wizard_core.answers.vocabulary import alternation, phrase_pattern, vocabulary
from wizard_core.answers.wording import drawing_refs, keyed, set_aside
from wizard_core.answers.wording.messages import without_heading
from wizard_core.content import FormItem
from wizard_core.models import ProjectState
from wizard_core.triggers import denies_the_fact, fact_nouns, names_another_items_fact

REUSED_CONFIDENCE = 0.7


@cache
def refers_back() -> re.Pattern[str]:
    """'As I said', 'see above': the answer may be in what was said for other items."""
    return phrase_pattern(vocabulary().advisor.refers_back)


@cache
def same_as() -> re.Pattern[str]:
    """'Same as 3.04', 'same as the building area': the item named is group 1."""
    named = r"(?:item |in |for )?(?:the )?(3\.\d\d|[a-z][a-z /-]+)"
    return re.compile(rf"{alternation(vocabulary().advisor.same_as)} {named}", re.I)


def copied_reading(request: AdvisorRequest) -> Reading | None:
    """'Same as 3.04' or 'same as the building area': reuse that item's value if it fits."""
    match = same_as().search(request.message)
    if not match:
        return None
    # 'Same as 3.04, but two storeys': the area reader weighs the storeys said with it.
    if request.item.answer_type == "area":
        own = read(request.item, [request.message], request.state, request.forms)
        if own.complete or own.offer is not None:
            return None
    wanted = match[1].strip().lower()
    for answer in request.state.finalized_answers:
        if answer.section == request.item.number or answer.value is None:
            continue
        named = wanted == answer.section or wanted.startswith(answer.title.lower())
        same_type = request.forms.get_item(answer.section).answer_type == request.item.answer_type
        if named and same_type:
            note = f"copied from {answer.section} {answer.title} as you asked"
            return Reading(answer.value, True, confidence=REUSED_CONFIDENCE, notes=[note])
    return None


SUBSTANTIVE_WORDS = 12
# "None, except the exit stair width": what follows is the answer, not a 'not applicable'.
EXCEPTION = re.compile(
    r"\b(?:except|excepting|other than|apart from|aside from|save for|with the exception of|besides|bar one|"
    r"but (?:one|for)\b)",
    re.I,
)
ROW_LABELS = ("floor", "face")  # the keys that name a computed item's row as the consultant did


def rows_bound(item: FormItem, reading: Reading, texts: list[str]) -> bool:
    """Whether a computed item's rows rest on the consultant's words alone: nothing was left over
    (no note about text not used) and every row carries a name the consultant gave it."""
    value = reading.value
    if answer_type(item).compute is None or not isinstance(value, dict):
        return True
    if reading.notes:
        return False
    said = p.normalize(" ".join(texts)).casefold()
    rows = [row for part in value.values() if isinstance(part, list) for row in part if isinstance(row, dict)]
    labels = [str(row[key]) for row in rows for key in ROW_LABELS if row.get(key)]
    return all(label.casefold() in said for label in labels)


def _names_the_subject(message: str, item: FormItem) -> bool:
    """Whether the message's first words name the item's own subject (its title, a keyword, a fact noun)."""
    head = " ".join(message.lower().split()[:6])
    subject = [item.title.lower(), *(k.lower() for k in item.keywords), *fact_nouns(item.number)]
    return any(word in head for word in subject if word)


# 'none proposed', 'none needed on this one', 'nothing sought here': none, in the trade's idiom
_NONE_SO_SAID = re.compile(
    r"\s+(?:(?:are|is|were)\s+)?(?:proposed|required|needed|sought|used|requested|applied\s+for|on\s+this\b|"
    r"here\b|for\s+this\s+(?:project|building|job))",
    re.I,
)


def says_not_applicable(message: str, item: FormItem) -> bool:
    """'Not applicable', 'none', 'not required', 'there isn't one': the item does not apply.

    A message that gives measurements or says more than a few words counts only when it opens
    with it ('None: no dwelling units'), so 'the east wall has none' is read as the answer it is.
    One that goes on to name an exception ('None, except the stair width') gives an answer.
    """
    not_applicable = p.lexicon().not_applicable
    message = drawing_refs.blanked(message)  # 'no mezzanines (sheets A3 through A6 checked, Rev 5)'
    message = set_aside.dropped(message)  # 'None — the old loft (about 35 m²) is coming out.'
    # 'mezz: ~', 'alt_solutions: none  # …': a checklist tool's block in words
    message = keyed.as_read(message, note=item.answer_type == "text", tables=False)
    # "Re item 3.25 – n/a, …", "For mezzanine: none": the answer after the heading
    stripped = _heading_dropped(without_heading(message, item.number), item)
    if "\t" in message and re.fullmatch(r"\s*[-\u2013\u2014]\s*", stripped):
        return True  # 'Mezz (m2)<TAB>-': a sheet's dash in the cell, nothing there
    stripped = re.sub(r"^[\s\-–—•*·]+(?=\w)", "", stripped)  # '- Not applicable.': a bullet's mark
    if denies_the_fact(stripped, item.number):  # "There's no mezzanine anywhere. The penthouse is 45 m2."
        return True
    message = _others_dropped(message, item)  # "the penthouse (48 m2) is neither a mezzanine nor a storey"
    measured = any(q.unit for q in p.quantities(_others_dropped(stripped, item)))
    substantive = measured or len(stripped.split()) > SUBSTANTIVE_WORDS
    opens = not_applicable.match(stripped)
    if not (opens or (not substantive and not_applicable.search(stripped))):
        concluded = _concluding_sentence(stripped)  # '… but it conforms. no alternative solutions.'
        return (  # (only a note's reasoning may measure things: '… it works at 2.4 m clear. so nothing')
            concluded is not None
            and not p.lexicon().yes.match(stripped)  # 'Yes, one mezzanine … Nothing new.'
            and not (item.answer_type != "text" and measured)
            and (len(concluded.split()) <= _BARE_NONE or _names_the_subject(concluded, item))
            and says_not_applicable(concluded, item)
        )
    # 'No sprinklers, so Table C …' at 3.22: the 'no' is said of another item's thing, not of this one
    after = stripped[opens.end() :] if opens else ""
    said_of_another = (
        opens is not None
        and opens.group().strip().lower() == "no"
        and re.match(r"\s+[^\W\d]", after) is not None
        and names_another_items_fact(after, item.number)
    )
    if said_of_another and not _names_the_subject(stripped, item):
        return False
    if opens and item.answer_type == "text" and len(stripped.split()) > SUBSTANTIVE_WORDS:
        # 'no trade shows or exhibitions, if the township …': a note that opens with 'no', unless
        # its first words name the item's own subject ('No alternative solutions are proposed …')
        if re.match(r"\s*[.:;,!(\u2013\u2014-]", stripped[opens.end() :]):
            return True  # 'None. Where the existing building falls short …', 'none (…)': said, then explained
        if _NONE_SO_SAID.match(stripped[opens.end() :]) and not EXCEPTION.search(stripped):
            return True  # 'None proposed on this one — the register is blank': the idiom of none
        head = " ".join(stripped.lower().split()[:6])
        return _names_the_subject(stripped, item) or bool(re.search(r"\bnotes?\b|\bnothing\b", head))
    if EXCEPTION.search(stripped):
        return False
    # (the figures after the heading: '3.2.1.1.(3) and (4): nil.' names no area)
    said = _others_dropped(stripped, item)
    return not (item.answer_type == "area" and any(q.unit or q.bare for q in p.quantities(said)))


_CONCLUDING_WORDS = re.compile(r"^\W*(?:(?:so|therefore|thus|hence|and|which\s+means)\b[\s,]*)+", re.I)
_MORE_TO_COME = re.compile(
    r"\b(?:else|elsewhere|other|others|more|further|besides|rest|remaining|new|existing|added|changed)\b",
    re.I,
)
_BARE_NONE = 2  # words: 'none.', 'nothing here.' need not name the item's subject
_CONCLUSION_WORDS = 8  # the most a closing 'none' sentence runs to ('nothing, no alternative solutions')


def _concluding_sentence(message: str) -> str | None:
    """The short last sentence a reasoned message closes on ('… so it conforms. none.', '… so no
    mezzanine, nothing to report.'), its 'so' dropped; None for a one-sentence message, and for a closing
    'nothing else' that leaves what came before as the answer."""
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", message.strip()) if re.search(r"\w", s)]
    if len(sentences) < 2:
        return None
    last = _CONCLUDING_WORDS.sub("", sentences[-1])
    if len(last.split()) > _CONCLUSION_WORDS or _MORE_TO_COME.search(last) or EXCEPTION.search(last):
        return None
    return last


def _others_dropped(message: str, item: FormItem) -> str:
    """``message`` without its sentences about something said not to be the item's thing ("The rooftop
    penthouse, 48 m2, is neither a mezzanine nor a storey"): their figures are not the item's."""
    denied = _denied(item.title.lower(), tuple(item.keywords))
    sentences = re.split(r"(?<=[.;!?])\s+", message)
    return " ".join(s for s in sentences if not denied.search(s))


@cache
def _denied(title: str, keywords: tuple[str, ...]) -> re.Pattern[str]:
    """A sentence saying its thing is not the item's ("… is not a mezzanine", "isn't a storey")."""
    nouns = alternation([w for w in (title, *keywords) if len(w) > 3 and not w[0].isdigit()])
    return re.compile(
        rf"\b(?:is|are|was|'s)\s*(?:not|neither|n't|never)\s+(?:a\s+|an\s+|the\s+|counted\s+as\s+(?:a\s+)?)?{nouns}",
        re.I,
    )


# a label of the code's references before a colon: '3.2.1.1.(3) and (4):', 'Per Sentence 3.8.1.1.(1):'
_REFERENCE = (
    r"(?:(?:article|sentence|clause|table|subsection|section|div\.?\s*[ab])\s+)?"
    r"\d+(?:\.\d+)+\.?(?:\(\d+\))?(?:\([a-z]\))?"
)
_CITED = re.compile(
    rf"^\W*(?:(?:per|under|see|re)\s+)?{_REFERENCE}(?:\s*(?:,|and|&|/)\s*(?:{_REFERENCE}|\(\d+\)(?:\([a-z]\))?))*\s*:\s*",
    re.I,
)


def _heading_dropped(message: str, item: FormItem) -> str:
    """``message`` without a heading naming the item it answers ("For mezzanine: none", "Re 3.06 -
    n/a"), so what follows is read as its opening."""
    names = alternation([item.number, item.title, *item.keywords])
    # ('Sound<TAB>N/A - …': a cell copied with its label)
    heading = re.match(
        rf"\W*(?:(?:re|for|item)\s+)*{names}(?:\s*[:\-\u2013\u2014]\s*|[ ]*\t\s*)", message, re.I
    )
    if heading:
        return message[heading.end() :]
    cited = _CITED.match(message)  # '3.2.1.1.(3) and (4): nil.': the code's articles as the label
    if cited:
        return message[cited.end() :]
    # a cell copied with its label, on a line of its own ('Sound<TAB>N/A - …', 'Mezz (m2)<TAB>-')
    label = re.match(r"([^\W\d][^\t\n]{0,40}?)\t+\s*(?=\S)", message)
    if label is None or "\n" in message.strip() or re.search(r"\d", re.sub(r"\([^()]*\)", "", label[1])):
        return message
    return message[label.end() :]


def item_texts(state: ProjectState, message: str) -> list[str]:
    """What the consultant has said to the advisor about the current item since it was (re)started, of
    the project's newest turns (the store loads the newest 20: an item's thread is rarely longer)."""
    section = state.current_form_section
    since = state.item_started_at
    turns = [
        t
        for t in state.turns
        if t.section == section
        and (since is None or t.received_at >= since)
        and (t.status == "pending" or t.reply_type in ("form_answer", "clarifying_question"))
    ]
    texts = [t.message for t in turns]
    if turns and turns[-1].status == "pending":
        texts[-1] = message  # the latest message as the wizard took it (a revision's item number left out)
    elif not texts or texts[-1] != message:
        texts.append(message)
    return texts


def earlier_texts(state: ProjectState) -> list[str]:
    """What the consultant said for other items, oldest first: each item's newest few messages."""
    said = [
        (kept.at, kept.message)
        for item, messages in state.transcript.said.items()
        if item != state.current_form_section
        for kept in messages
    ]
    return [message for _, message in sorted(said)]
