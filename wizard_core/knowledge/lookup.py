"""The turn's retrieval step: the standalone question, the excerpts it finds, widened and quoted."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from wizard_core.content import FormItem, KnowledgeEntry
from wizard_core.knowledge.expansion import DEFAULT_CONTEXT_LINES
from wizard_core.knowledge.query import (
    StandaloneQuery,
    deterministic_query,
    refers_back,
    rewrite_prompt,
)
from wizard_core.knowledge.service import KnowledgeBaseService
from wizard_core.knowledge.terms import load_vocabulary
from wizard_core.models import ClarifyingQA

# The excerpts a turn quotes: every one of the item's own references, then the best hits for the
# question up to this many in all. Eight quoted about 2,300-3,000 tokens at the last items, most of
# them for hits ranked below the sixth (bench/bench_tokens.py).
EXCERPT_LIMIT = 6
Rewrite = Callable[[str], str | None]  # a model's rewrite of a follow-up; None if it could not


@dataclass(frozen=True)
class Quoted:
    """One widened excerpt ready for the package: a heading and its source lines."""

    heading: str
    lines: list[str]


@dataclass(frozen=True)
class Retrieved:
    """What retrieval found for a turn: the question asked, the entries, and their quoted text."""

    query: StandaloneQuery
    excerpts: list[KnowledgeEntry] = field(default_factory=list)
    quoted: list[Quoted] = field(default_factory=list)


DEFINED = re.compile(r"^A-1\.4\.1\.2 \((?P<term>[a-z][a-z -]*)\)$")  # a note on one defined term


def definition_asked(question: str, notes: Iterable[KnowledgeEntry]) -> KnowledgeEntry | None:
    """The note defining the term a question asks the meaning of ("what counts as a storey?",
    "how is building height defined", "define firewall"); None for any other question.

    The term is one of a definition note's keywords, the longest one asked about ("first storey"
    before "storey"), right after a definition question's opening or right before its ending.
    """
    words = load_vocabulary()
    asks, follows = alternation(words.definition_asks), alternation(words.definition_follows)
    best: tuple[int, KnowledgeEntry] | None = None
    for entry in notes:
        if not DEFINED.match(entry.id):
            continue
        for term in entry.keywords:
            said = rf"\b{_spaced(term)}(?:e?s)?\b"
            before = rf"{asks}\s+(?:(?:a|an|the|one)\s+)?{said}\s*(?:$|[?.,:;!]|{follows})"
            after = rf"{said}\s+(?:is\s+|are\s+)?{follows}"
            if re.search(f"{before}|{after}", question.strip(), re.I) and (
                best is None or len(term) > best[0]
            ):
                best = (len(term), entry)
    return best[1] if best else None


def _spaced(phrase: str) -> str:
    return r"[\s-]+".join(re.escape(word) for word in phrase.split())


def alternation(phrases: Iterable[str]) -> str:
    """Any of ``phrases`` as whole words, longest first, spaces matching any run of spaces."""
    ordered = sorted(set(phrases), key=lambda p: (-len(p), p))
    return "(?:" + "|".join(rf"\b{_spaced(p)}\b" for p in ordered) + ")" if ordered else "(?!)"


class CodeLookup:
    """Finds the code excerpts for the current item and the consultant's latest words."""

    def __init__(self, knowledge: KnowledgeBaseService, context_lines: int = DEFAULT_CONTEXT_LINES) -> None:
        self.knowledge = knowledge
        self.context_lines = context_lines

    def for_item(
        self,
        item: FormItem,
        thread: list[ClarifyingQA],
        message: str,
        rewrite: Rewrite | None = None,
        limit: int = EXCERPT_LIMIT,
    ) -> Retrieved:
        """Seed 003: make the message standalone (a model rewrites only a follow-up that refers back
        into the discussion), then retrieve."""
        query = deterministic_query(item, thread, message)
        if rewrite is not None and refers_back(message, thread):
            rewritten = rewrite(rewrite_prompt(item, thread, message))
            if rewritten:
                query = StandaloneQuery(f"{item.number} {item.title}: {rewritten}", "model")
        excerpts = self.knowledge.relevant_entries(item, query.text, max(limit, len(item.references)))
        return Retrieved(query, excerpts, self.quote(excerpts))

    def for_question(self, text: str, limit: int = 3) -> list[KnowledgeEntry]:
        """The entries that best answer a side question, best first: for a question about what a
        defined term means, that term's definition."""
        found = self.knowledge.search(text, limit)
        term = definition_asked(text, self.knowledge.notes.values())
        if term is None:
            return found
        return [term, *(e for e in found if e.id != term.id)][:limit]

    def quote(self, excerpts: list[KnowledgeEntry]) -> list[Quoted]:
        """Each excerpt widened to its surrounding lines (seed 004), quoted line by line.

        Source lines are quoted with '> ' so a heading in a code file cannot pose as a section.
        """
        by_id = {e.id: e for e in excerpts}
        quoted = []
        for block in self.knowledge.expanded_excerpts(excerpts, self.context_lines):
            entries = [by_id[i] for i in block.ids if i in by_id]
            names = "; ".join(f"{e.id} - {e.title}" for e in entries)
            editions = "/".join(sorted({e.edition for e in entries}))
            origin = self.origin_label(entries[0]) if entries else "paraphrased notes"
            source = entries[0].source if entries else block.file_path
            where = f"{source} lines {block.start_line}-{block.end_line}"
            heading = f"### {names} ({editions} edition, {origin}; {where})"
            quoted.append(Quoted(heading, [f"> {line}".rstrip() for line in block.text.splitlines()]))
        return quoted

    def imported(self, entry: KnowledgeEntry) -> bool:
        """Whether ``entry`` is the consultant's imported code text rather than a shipped note."""
        return self.knowledge.origin(entry) == "imported"

    def origin_label(self, entry: KnowledgeEntry) -> str:
        return "your imported code text" if self.imported(entry) else "paraphrased notes"
