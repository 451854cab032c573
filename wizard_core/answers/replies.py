"""What kind of reply a message is: a yes or no, a plain acceptance, or a question back to the advisor."""

from __future__ import annotations

import re

from wizard_core.answers.parsing import lexicon, normalize

_LABELLED_YES_NO = re.compile(r"^\W*[a-z][\w\s/'-]{0,40}?\s*[:;|=]\s*(yes|y|no|n)\b(?!['.]\w)", re.I)


_STATED_THAT = re.compile(
    r"^\W*(?:it\s+is|it's|we|i)\s+(?:(?:hereby|can)\s+)?(?:confirmed?|noted|note|confirm)\s+that\b", re.I
)


# a spreadsheet's Y or N opening the reply, its reason after it: 'Y - Region main, no fire pump needed'
_LEADING_Y_N = re.compile(r"^\W*([YyNn])\s*(?:[-\u2013\u2014:,;(]|$)")


def yes_no(text: str) -> tuple[bool | None, float]:
    """Read a yes/no answer: a leading word is decisive, negation words otherwise."""
    words = lexicon()
    text = normalize(text)
    stated = _STATED_THAT.match(text)  # "It is confirmed that there are no …": what is confirmed decides
    if stated:
        return not words.negation.search(text[stated.end() :].split(".")[0]), 0.9
    if words.yes.match(text) and not words.no.match(text):
        return True, 0.95
    if words.no.match(text):
        return False, 0.95
    # 'Water supply | Y (…, no fire pump)', 'Y - no fire pump needed': the cell or the letter decides
    labelled = _LABELLED_YES_NO.match(text) or _LEADING_Y_N.match(text)
    if labelled:
        return labelled[1].lower() in ("yes", "y"), 0.9
    if words.negation.search(text):
        return False, 0.85
    if words.affirming.search(text):
        return True, 0.8
    return None, 0.0


def accepts(text: str) -> bool:
    """'Yes, that's right': a plain yes to what the wizard offered, saying nothing else."""
    words = lexicon()
    if not words.accept.match(text) or re.search(r"\d", text):
        return False
    return not re.search(r"\w", words.accept_words.sub(" ", text))


def is_question(text: str) -> bool:
    """A question back to the advisor rather than an answer: it ends with a question mark, says it
    is a question ("quick one - …"), or opens with a question in a sentence of its own ("For the
    flats, do I count a bachelor as one bedroom? We have three."). A question asked after the
    answer ("Three entrances: …; should I leave the ambulance door out? I'll leave it out.") is not."""
    stripped = text.strip()
    if stripped.endswith("?") or lexicon().question_start.match(stripped) or _ASKS_FIRST.match(stripped):
        return True
    first = re.match(r"[^.?!]*(?:\.\d[^.?!]*)*[.?!]?", stripped)
    if first and _INTERROGATIVE.search(first[0]):
        return True
    # dictated, with no stops at all: 'while I'm thinking of it is that ten percent measured …', 'since
    # they're superimposed do I classify each part …'
    return not re.search(r"[.?!:;\n]", stripped) and _SPOKEN_ASKING.match(stripped) is not None


# a question said aloud after the clause that leads into it
_SPOKEN_ASKING = re.compile(
    r"^\W*(?:while\s+i'?m\s+thinking\s+of\s+it|before\s+i\s+forget|since\s+[^,]{3,60}?|now\s+that\s+[^,]{3,60}?"
    r"|given\s+that\s+[^,]{3,60}?|one\s+thing|just\s+wondering)\s*,?\s+"
    r"(?:do|does|is|are|can|could|should|would|will|must)\s+(?:i|we|you|it|that|this|they|there|the\s+\w+)\b",
    re.I,
)


def question_after_answer(text: str) -> str:
    """The question a message ends on after saying something first ("Existing 3,850 m2, total
    4,970 m2. Should I double-check it with the surveyor?"), or "" when it asks nothing or opens
    with its question."""
    sentences = [s.strip() for s in re.findall(r"[^.?!]+(?:\.\d+[^.?!]*)*[.?!]*", text) if s.strip()]
    if len(sentences) < 2 or not sentences[-1].endswith("?") or any(s.endswith("?") for s in sentences[:-1]):
        return ""
    return sentences[-1]


# "q: …", "quick question - …": a message that says it is a question.
_ASKS_FIRST = re.compile(
    r"^\W*(?:(?:um+|uh+|so|ok(?:ay)?|sorry|hey|hi|oh|also|one more thing)\W+)*"
    r"(?:q\s*[:\u2013\u2014-]|q\s+(?:before|about|on|re|for)\b|quick (?:question|q|one)\b|"
    # 'random q — if the client …?', 'hypothetical question: …'
    r"(?:(?:a|an|one|another)\s+)?(?:side|random|unrelated|hypothetical|curious|silly|dumb) (?:question|q)\b|"
    r"(?:petite|une|autre) question\b|question rapide\b|"
    r"(?:a |one |another )?(?:more |last |other |small |general |follow-?up )?"
    r"question\s*(?::|-|\u2014|before|about|on|for|by\s+the\s+way|btw))"
    # 'A question the owner asked on site: …', 'One question from the client -'
    r"|^\W*(?:(?:hi|hello)\W+)?(?:a|one|another|quick)\s+question\b[^.?!:\n]{0,60}[:\u2013\u2014-]"
    # 'One for you.', 'Here's one for you:', 'Got a question for you'
    r"|^\W*(?:here'?s\s+|got\s+)?(?:a\s+question|one(?:\s+more)?)\s+for\s+you\b",
    re.I,
)


# "One question for you on …", "May I ask something about …", "Before I answer, let me put one to
# you.", "A point I would like your view on": a first sentence announcing a question.
_ANNOUNCES = re.compile(
    r"\b(?:a|one|another|quick|side)\s+(?:question|q|point)\b[^.?!:\n]{0,40}?\b(?:for\s+you|in\s+return|"
    r"i\s+(?:have|would\s+like|'d\s+like)|your\s+(?:view|opinion|take)|i\s+have\s+been\s+asked)"
    # "A question of interpretation is raised concerning …", "One question arises here"
    r"|\b(?:a|one|another)\s+question\b[^.?!:\n]{0,40}?\b(?:is\s+raised|arises|has\s+arisen|is\s+put)\b"
    r"|\b(?:may|can|could)\s+i\s+ask\b|\blet\s+me\s+(?:put|ask)\s+(?:one|a\s+question|something)\b"
    r"|\bq\s+for\s+later\b|\bquestion\s+for\s+(?:you|later)\b"
    # 'A question back to you before 3.03.', 'A question rather than an answer.', '…, not for the matrix.'
    r"|\b(?:question|q)\s+(?:back\s+to\s+you|rather\s+than\s+an\s+answer|instead\s+of\s+an\s+answer)\b"
    r"|\bnot\s+for\s+the\s+(?:matrix|sheet|form)\b",
    re.I,
)


# "Before we classify — … ?", "Before I answer this one, …?": a pause before the answer, to ask.
_BEFORE_ANSWERING = re.compile(
    r"^\W*before\s+(?:we|i)\s+(?:classify|answer|go\s+on|move\s+on|get\s+(?:to|into)|pick|settle|decide)\b",
    re.I,
)


# An aside announced first, a question in it: "Aside — not an answer yet: … ?", "btw, … ?", "Off topic: … ?",
# "While I have you — … ?"
_ASIDE_FIRST = re.compile(
    r"^\W*(?:(?:an?|one|small|quick)\s+)?(?:aside(?!\s+from)|by\s+the\s+way|btw|off[\s-]+topic|unrelated|"
    # 'While I have you — … ?', 'While I've got you, …?'
    r"while\s+(?:i\s+have|i'?ve\s+got|i\s+got)\s+you|"
    # 'Sanity check for me: …?', 'Follow-up on the two-stage: …?'
    r"(?:sanity|double)[\s-]+check(?:\s+for\s+me)?(?=\s*[:\u2013\u2014-]|\s+(?:on|re|that|it'?s|is|are|we|whether|if)\b)"
    r"|follow[\s-]?up(?:\s+(?:question|q))?"
    r"(?:\s+on\s+[^:\n?]{1,40})?(?=\s*[:\u2013\u2014-])|"
    r"not\s+an\s+answer|(?:this\s+is\s+)?not\s+for\s+this\s+item"
    # 'Something I want to check before going further: … ?', 'One thing I need to ask -'
    r"|(?:something|one\s+thing|a\s+thing|a\s+point)\s+(?:i\s+)?(?:want|wanted|need|needed|have|would\s+like)\s+to\s+"
    r"(?:check|ask|confirm|clarify|run\s+by\s+you)(?=[^.?!:\n]{0,40}[:\u2013\u2014-]))\b",
    re.I,
)


# The item's answer put off, first: 'I'll come back to this.', 'Will answer this in a sec.', 'answer to
# follow -', 'Before that -', 'Spatial sep is coming, the elevations aren't done.'
_DEFERRED = re.compile(
    r"^\W*(?:(?:i'?ll|i\s+will|will)\s+(?:come\s+back\s+to|answer|get\s+back\s+to|circle\s+back\s+to|do)\s+"
    r"(?:this|that|it)(?:\s+one)?(?:\s+(?:in\s+a\s+(?:sec|second|minute|bit|moment)|shortly|later|next|after))?"
    r"|answer\s+(?:to\s+follow|coming|later)|before\s+(?:i\s+answer\s+(?:this|that)(?:\s+one)?|that|this\s+one)"
    r"|[^.?!\n]{1,50}\b(?:is|are)\s+coming\b[^.?!\n]{0,60}|(?:still\s+)?waiting\s+on\s+[^.?!\n]{1,50})"
    r"\s*[.,:;!\u2013\u2014-]+",
    re.I,
)


def opens_as_question(text: str) -> bool:
    """Whether a message says at its start that it is a question ("Q: …", "um quick question before
    the height …", "Side question: …", "One question for you on …", "Before we classify — … ?"):
    never an answer, nor a revision."""
    stripped = text.strip()
    first = re.split(r"[.?!:](?!\d)|\n", stripped, maxsplit=1)[0]  # ('Before 3.03, a question for you.')
    before = _BEFORE_ANSWERING.match(stripped) is not None and stripped.endswith("?")
    aside = _ASIDE_FIRST.match(stripped) is not None and "?" in stripped
    # 'One query for the record, not an answer to any item. Would …?'
    says_so = re.search(r"\bnot\s+an\s+answer\b|\b(?:query|enquiry|inquiry)\b", first, re.I) is not None
    aside = aside or (says_so and "?" in stripped)
    # 'I'll come back to this. Side question for you - …?', 'answer to follow - Q: …?': the answer put off
    aside = aside or (_DEFERRED.match(stripped) is not None and "?" in stripped)
    return bool(_ASKS_FIRST.match(stripped) or _ANNOUNCES.search(first) or before or aside)


# A sentence asking something: an interrogative opening its clause ("…, do I count …?").
_INTERROGATIVE = re.compile(
    r"(?:^\s*|[,;:\u2014-]\s*|\b(?:so|and|but)\s+)(?:do|does|did|is|are|was|were|should|shall|can|could|would|will|"
    r"what|which|how|when|where|why|who|must|may)\b[^?]*\?$",
    re.I,
)
