"""KnowledgeBaseService: paraphrased code notes, found for the item being answered."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol

from .content import CONTENT_DIR, FormItem, KnowledgeEntry, load_knowledge
from .errors import ContentError

DEFAULT_KNOWLEDGE_DIR = CONTENT_DIR / "knowledge"
_WORD = re.compile(r"[a-z0-9]+(?:\.[a-z0-9]+)*")


class KnowledgeSource(Protocol):
    """What the rest of the core needs from the knowledge base (retrieval can replace it)."""

    def get(self, entry_id: str) -> KnowledgeEntry | None: ...

    def relevant_entries(self, item: FormItem, query: str, limit: int) -> list[KnowledgeEntry]: ...

    def search(self, query: str, limit: int) -> list[KnowledgeEntry]: ...


class KnowledgeBaseService:
    """Code notes loaded from Markdown files, looked up by id and by keywords."""

    def __init__(self, knowledge_dir: Path = DEFAULT_KNOWLEDGE_DIR) -> None:
        self.entries: dict[str, KnowledgeEntry] = {}
        for path in sorted(knowledge_dir.glob("*.md")):
            for entry in load_knowledge(path):
                if entry.id in self.entries:
                    raise ContentError(f"Knowledge entry {entry.id} appears twice ({path.name}).")
                self.entries[entry.id] = entry
        if not self.entries:
            raise ContentError(f"No code notes were found in {knowledge_dir}.")
        self._terms = {eid: _terms(e.title + " " + " ".join(e.keywords)) for eid, e in self.entries.items()}

    def get(self, entry_id: str) -> KnowledgeEntry | None:
        return self.entries.get(normalize_reference(entry_id))

    def relevant_entries(self, item: FormItem, query: str = "", limit: int = 8) -> list[KnowledgeEntry]:
        """The item's own references first, then notes sharing keywords with item and query."""
        chosen = [self.entries[r] for r in item.references if r in self.entries]
        wanted = _terms(" ".join(item.keywords) + " " + item.title + " " + query)
        scored = sorted(
            ((len(wanted & terms), eid) for eid, terms in self._terms.items() if wanted & terms),
            key=lambda pair: (-pair[0], pair[1]),
        )
        for _, eid in scored:
            if len(chosen) >= limit:
                break
            if self.entries[eid] not in chosen:
                chosen.append(self.entries[eid])
        return chosen[:limit]

    def search(self, query: str, limit: int = 5) -> list[KnowledgeEntry]:
        """Notes ranked by the query's words in their title and keywords (then in their text)."""
        wanted = _terms(query)
        scored = []
        for eid, entry in self.entries.items():
            score = 3 * len(wanted & self._terms[eid]) + len(wanted & _terms(entry.text))
            if score:
                scored.append((score, eid))
        scored.sort(key=lambda pair: (-pair[0], pair[1]))
        return [self.entries[eid] for _, eid in scored[:limit]]


_STOP = {"the", "a", "an", "of", "and", "or", "in", "to", "is", "for", "on", "by", "with", "per"}


def _terms(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 2}


_REF_PREFIX = re.compile(
    r"^(?:div(?:ision)?\.?\s*B\s*,?\s*)?(?:section|article|sentence|subsection)?\s*", re.I
)
_DIVISION = re.compile(r"^div(?:ision)?\.?\s*([AC])\s*,?\s*(?:section|article|sentence|subsection)?\s*", re.I)


def normalize_reference(reference: str) -> str:
    """'Div. A 1.4.1.2' -> 'A-1.4.1.2'; 'Article 3.2.4.1.' -> '3.2.4.1'."""
    text = reference.strip().rstrip(".")
    division = _DIVISION.match(text)
    if division:
        return f"{division[1].upper()}-{text[division.end() :].strip().rstrip('.')}"
    return _REF_PREFIX.sub("", text, count=1).strip()
