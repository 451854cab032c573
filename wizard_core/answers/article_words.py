"""How a message names classification articles: as the answer, set aside, or as a comparison or
a limit; and the articles the working of a message concludes on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wizard_core.answers import parsing as p

# How an article stands in a sentence. An article set aside (ruled out, too big for, rather than,
# the former one of "from 3.2.2.85 to 3.2.2.88") is never the answer; one cited as a comparison or
# a limit ("the 600 m2 that 3.2.2.54 allows", "vs 3.2.2.51", "if sprinklered, 3.2.2.88") may not be.
ART = "\u00a7"  # an article, masked in the words around another one
_LEAD = (  # the words that may stand between a marker and the article ("ruled out the article")
    r"(?:(?:the|an?|article|articles|art\.?|arts\.?|clause|sentence|using|use|under|in|for|to|of|by|be|"
    r"with|going\s+with|either|both|any|it|its|one)\s+){0,3}"
)
_LIST = rf"(?:{ART}\s*(?:,|and|or|nor|&|/)\s*{_LEAD})*"
_SIZE = r"(?:big|large|small|tall|high|much|many\s+\w+|restrictive|tight|limiting)"
_REJECTED_BEFORE = re.compile(
    r"(?:\brather\s+than|\binstead\s+of|\bother\s+than|\bunlike|\bexcept(?:\s+for)?|\bnot|\bnor|"
    r"\bruled?\s+out|\bruling\s+out|\breject(?:ed|ing)?|\bexclud(?:ed|ing|e)|\bdropp(?:ed|ing)|"
    r"\bdiscard(?:ed|ing)?|\beliminat(?:ed|ing|e)|\bdisqualif(?:ied|ies|y)|"
    r"\btoo\s+" + _SIZE + r"\s+(?:for|to\s+use|to\s+go\s+with)|"
    r"\bexceed(?:s|ed|ing)?|\bno\s+need\s+for|\b(?:do|does|did)\s*n[o']?t\s+need|\bneedn't|"
    r"\b(?:can|could|would|will|do|does)(?:\s*n[o']?t|not)\s+(?:use|meet|work\s+under|get|go\s+with|qualify\s+for)|"
    r"\bcannot\s+(?:use|meet|get|qualify\s+for)|\bno\s+longer|\baway\s+from|\b(?:move[ds]?|moving|switch(?:ed|es|ing)?)"
    r"\s+(?:\w+\s+)?(?:off|from)|\bpreviously|\boriginally|\bformerly|\binitially|\bused\s+to\s+be|"
    r"\bwe\s+had|\bthe\s+old)\s+" + _LEAD + _LIST + r"$",
    re.I,
)
# "over the 600 m2 that 3.2.2.54 allows", "beyond the limit in 3.2.2.28": past the article's limit.
_PAST_LIMIT_BEFORE = re.compile(
    r"\b(?:over|above|beyond|past|more\s+than|bigger\s+than|larger\s+than|outside)\s+(?:the\s+|its\s+)?"
    r"(?:[\d,.]+\s*\S*\s+|limits?\s+|maximum\s+|max\s+|cap\s+|allowance\s+)(?:[\w,.]+\s+){0,3}?"
    r"(?:that|which|in|of|under|for|by)\s+" + _LEAD + r"$",
    re.I,
)
_FROM_BEFORE = re.compile(r"\bfrom\s+" + _LEAD + r"$", re.I)
_TO_AFTER = re.compile(rf"^\s*(?:to|into|over\s+to|->|=>|\u2192)\s*{_LEAD}{ART}", re.I)
# ('3.2.2.55 and 3.2.2.52 fail on storeys': the articles listed before the words set aside with them)
_LIST_AFTER = rf"(?:\s*(?:,|and|or|nor|&|/)\s*{ART})*"
_REJECTED_AFTER = re.compile(
    rf"^{_LIST_AFTER}\s*(?:(?:->|=>|\u2192)\s*{ART}|(?:becomes|became|changes\s+to|changed\s+to|is\s+replaced\s+by|gives\s+way\s+to)"
    rf"\s+{_LEAD}{ART}|\W{{0,3}}(?:(?:is|was|'s|has\s+been|got)\s+)?(?:out\b|off\s+the\s+table|ruled\s+out|rejected|"
    rf"excluded|dropped|no\s+good|too\s+{_SIZE}\b|(?:does\s*n[o']?t|won'?t|will\s+not|would\s*n[o']?t|can'?t|cannot|"
    rf"no\s+longer)\s+(?:work|apply|applies|fit|do|cover|be)|(?:not|never|n't)\s+(?:an\s+option|possible|usable|"
    rf"available)|fail(?:s|ed)?\b"
    # '3.2.2.49 and 3.2.2.47 would require noncombustible construction': what it would need, not had
    rf"|would\s+(?:require|need|call\s+for)\b))",
    re.I,
)
_DOUBTFUL_BEFORE = re.compile(
    r"(?:\bvs\.?|\bversus|\bv\.|\bcompared\s+(?:to|with)|\bcomparing|\bthan|\bagainst|\bchecked|\bsimilar\s+to|"
    r"\blike|\bcf\.?|\blimits?\s+(?:of|in|under|from|for|set\s+by)|\b(?:cap|max|maximum|allowance)\s+(?:of|in|under|from)|"
    r"\b(?:allowed|permitted|set|given)\s+(?:by|in|under)|\bfrom|\bwhether|\blook(?:ed)?\s+at|\bconsider(?:ed|ing)?|"
    r"\btried|\btrying|\bwould\s+(?:\w+\s+){0,3}(?:to|into|under|need|use)"
    # 'so the choice was 3.2.2.24 or 3.2.2.93', 'the options are …': candidates, not the answer yet
    r"|\bchoices?\s+(?:was|were|is|are)|\boptions?\s+(?:was|were|is|are)|\bbetween)\s+"
    + _LEAD
    + _LIST
    + rf"$|\bif\b[^{ART}]*$",
    re.I,
)
_DOUBTFUL_AFTER = re.compile(
    rf"^{_LIST_AFTER}(?:\s*,)?\s*(?:which\s+|that\s+)?(?:only\s+|also\s+|still\s+|just\s+)?(?:allows?|permits?|gives?|caps?|limits?|"
    r"stops?|tops?\s+out|maxes|would|could|might|'s\s+(?:limit|cap|max|maximum|allowance)|limit|cap|maximum"
    r"|(?:are|is|were|was|gets?)\s+(?:capped|limited|held|restricted)\s+(?:at|to))\b",
    re.I,
)
_CLAUSE_BREAK = re.compile(r"[.;:!?()\[\]]|\s(?:so|but|then|therefore|hence|thus|which\s+means)\s", re.I)


@dataclass(frozen=True)
class Mentions:
    """The classification articles a message names, by how it names them."""

    named: list[str]  # every article named, in order
    answers: list[str]  # named as the answer at least once and never set aside
    rejected: set[str]  # set aside somewhere in the message
    doubtful: list[str]  # named only as a comparison or a limit, never as the answer nor set aside
    contradicted: bool  # an article both given and set aside


# ".49" for 3.2.2.49 once the working has named Subsection 3.2.2: "too big for .51", "so C = .49"
_SHORT_ARTICLE = re.compile(r"(?<![\w.])\.(\d{2}[A-E]?)(?![\d.]\d)")
# The sentence a message's working ends on: "so C = .49, E = .66", "In the order of 3.02: 3.2.2.24,
# then 3.2.2.63.", "…, so .20. go with that"
_CONCLUDING = re.compile(
    r"(?:\b(?:so|therefore|thus|hence|in\s+the\s+order\s+of\s+3\.02|in\s+that\s+order|final(?:ly)?|"
    r"going\s+with|go\s+with|we(?:'ll|\s+will)\s+use|answer\s*(?:is|:))\b|->|=>|\u2192)\s*:?",
    re.I,
)
_SENTENCE = re.compile(r"(?<!\d)[.;!?\n]+(?!\d)")
# said after the article it concludes on: '…, and it is the one we use', '… is the article we rely on'
_CHOSEN_AFTER = re.compile(
    r"\b(?:it\s+is|it's|is|that\s+is)\s+(?:the\s+)?(?:one|article)\s+(?:we|i)\s+(?:use|apply|adopt|rely\s+on|go\s+with)\b"
    r"|\b(?:which|that)\s+(?:we|i)\s+(?:use|apply|adopt|rely\s+on)\b",
    re.I,
)


_HEDGE = re.compile(r"\bi\s+think\b|\bprobably\b|\bmaybe\b|\bperhaps\b|\bi\s+guess\b", re.I)


_CLASSIFICATION_ARTICLE = re.compile(r"\b3\.2\.2\.\d{2}")


def short_articles_spelled(text: str) -> str:
    """A classification answer's '.81' for 3.2.2.81 spelled out ('.81 is enough', once '3.2.2.79 — no,' is
    taken back): in an answer to 3.10 naming no article in full, a dot and two digits from 20 to 93 name an
    article of Subsection 3.2.2. Beside an article named in full, the short ones are its working's."""
    if _CLASSIFICATION_ARTICLE.search(text):
        return text
    return _SHORT_ARTICLE.sub(lambda m: f"3.2.2.{m[1]}" if 20 <= int(m[1][:2]) <= 93 else m[0], text)


def concluded_articles(text: str) -> list[str]:
    """The articles the last concluding sentence of a message gives, abbreviations spelled out; []
    when the message ends on no such sentence."""
    text = p.normalize(text)
    if "3.2.2." in text or len(_SHORT_ARTICLE.findall(text)) > 1:
        text = _SHORT_ARTICLE.sub(lambda m: f"3.2.2.{m[1]}", text)
    sentences = [s for s in _SENTENCE.split(text) if s.strip()]
    for sentence in reversed(sentences[-3:]):
        chosen = _CHOSEN_AFTER.search(sentence)  # '3.2.2.33 is the simpler article, and it is the one we use'
        if chosen and not _HEDGE.search(sentence):
            articles = article_mentions(sentence[: chosen.start()]).answers
            if len(set(articles)) == 1:
                return articles[:1]
        for found in reversed(list(_CONCLUDING.finditer(sentence))):
            if _HEDGE.search(sentence[found.end() :]):
                return []  # "we'd go with 3.2.2.52 I think": asked about, as before
            articles = article_mentions(sentence[found.end() :]).answers
            if articles:
                return list(dict.fromkeys(articles))
        if p.classification_articles(sentence):
            return []  # the message ends on articles named otherwise: read as before
    return []


def article_mentions(text: str) -> Mentions:
    """How ``text`` names each classification article (the general ones, 3.2.2.1 to .19, left out)."""
    text = p.normalize(text)
    named = p.classification_articles(text)
    spans = [(m.start(), m.end()) for m in p.CLASSIFICATION_ARTICLE.finditer(text)]
    masked = p.CLASSIFICATION_ARTICLE.sub(lambda m: ART + " " * (len(m.group()) - 1), text)
    kinds: dict[str, set[str]] = {a: set() for a in named}
    for start, end in spans:
        article = text[start:end]
        if article not in kinds:
            continue
        kinds[article].add(_kind(masked, start, end))
    rejected = {a for a, k in kinds.items() if "rejected" in k}
    answers = [a for a in named if "answer" in kinds[a] and a not in rejected]
    doubtful = [a for a in named if kinds[a] == {"doubtful"}]
    contradicted = any({"answer", "rejected"} <= k for k in kinds.values())
    return Mentions(named, answers, rejected, doubtful, contradicted)


# A sentence that sets articles aside before a colon, the articles after it: "The lighter F1 articles do
# not fit on area: 3.2.2.75 is capped at 800 m² …", "The unsprinklered routes fail: 3.2.2.80 allows …"
_OUT_LEAD = re.compile(
    r"\b(?:do(?:es)?\s*n[o']?t\s+(?:fit|work|apply|qualify)|fail(?:s|ed)?|ruled?\s+out|(?:are|is)\s+out|"
    r"won'?t\s+(?:fit|work)|too\s+"
    + _SIZE
    + r"|exceed(?:s|ed)?|not\s+(?:applicable|an\s+option|usable|available)|"
    r"no\s+good|rejected|excluded)\b[^:]*:[^.;!?\n:]*$",
    re.I,
)


def _kind(masked: str, start: int, end: int) -> str:
    """'rejected', 'doubtful' or 'answer': how the article at ``start``..``end`` stands."""
    before = _CLAUSE_BREAK.split(masked[max(0, start - 80) : start])[-1]
    after = masked[end : end + 60]
    sentence = _SENTENCE.split(masked[max(0, start - 200) : start])[-1]
    if _REJECTED_BEFORE.search(before) or _PAST_LIMIT_BEFORE.search(before) or _REJECTED_AFTER.match(after):
        return "rejected"
    if _OUT_LEAD.search(sentence):
        return "rejected"
    if _FROM_BEFORE.search(before) and _TO_AFTER.match(after):
        return "rejected"
    if _DOUBTFUL_BEFORE.search(before) or _DOUBTFUL_AFTER.match(after):
        # 'X and Y are capped at 1 500 m² and fail': a limit, then the words setting them aside
        rest = re.split(r"[.;!?\n]", masked[end : end + 120])[0]
        return "rejected" if _LIMIT_FAILS.search(rest) else "doubtful"
    return "answer"


_LIMIT_FAILS = re.compile(
    r"\b(?:and|so|which|thus|hence)\s+(?:both\s+|all\s+|each\s+|therefore\s+|so\s+)?(?:fail(?:s|ed)?|"
    r"do(?:es)?\s*n[o']?t\s+(?:fit|work|apply|qualify)|(?:are|is)\s+(?:ruled\s+)?out|(?:are|is)\s+exceeded)\b",
    re.I,
)


def named_articles(text: str) -> list[str]:
    """The classification articles the text gives as the answer: not those it sets aside
    ('3.2.2.62 rather than 3.2.2.64', 'too big for 3.2.2.28'), cites as a comparison or a limit
    ('the 600 m2 that 3.2.2.54 allows'), nor the general articles it cites as reasons (3.2.2.10)."""
    return article_mentions(text).answers
